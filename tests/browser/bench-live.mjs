// The browser half of scripts/bench-live: `node bench-live.mjs LESSON.html RUNS [B10.html
// NATIVE_MS]`. Prints the cold time from the press on Run of the first live block to its
// output (fresh page each time), the page's own time of a re-run of that block, the main
// thread's tasks of 50 ms or more from that press through opening the editor and running
// (the Long Tasks API), and the page's time of the B10 page's block against NATIVE_MS: one
// cold press, then five warm ones (the engine compiles hot code again, optimised, during the
// first runs).
import { launch, openPage, visit, fileUrl, waitFor, watchLongTasks, longTasks } from "./lib.mjs";

const [lesson, runsArg, b10, nativeMs] = process.argv.slice(2);
const runs = Number(runsArg || 10);
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function press(page, id) {
  await page.evaluate((i) => {
    window.__t0 = performance.now();
    document.querySelector(`#${i} .live-run`).click();
  }, id);
  await waitFor(`${id} to run`, () =>
    page.$eval(`#${id} .live-status`, (s) => /^(Ran|Failed|Stopped)/.test(s.textContent)), 900_000);
  return page.$eval(`#${id} .live-status`, (s) => ({
    text: s.textContent,
    ms: Number((/in (\d+) ms/.exec(s.textContent) || [])[1]),
    wall: performance.now() - window.__t0,
  }));
}

const { browser, close } = await launch();
try {
  const cold = [], rerun = [], long = [];
  for (let i = 0; i < runs; i++) {
    const page = await openPage(browser);
    await watchLongTasks(page);
    await visit(page, fileUrl(lesson));
    await new Promise((r) => setTimeout(r, 300));
    await longTasks(page);
    const id = await page.$eval("section[data-live]", (s) => s.id);
    cold.push((await press(page, id)).wall);
    rerun.push((await press(page, id)).ms);
    await page.click(`#${id} .live-edit`);
    await waitFor("the editor", () => page.$(`#${id} .live-editor .cm-content`), 30_000);
    await press(page, id);
    await new Promise((r) => setTimeout(r, 200));
    long.push(...(await longTasks(page)));
    await page.close();
  }
  console.log(`cold, press on Run to output (lesson 12, first block): median ${median(cold).toFixed(0)} ms, min ${Math.min(...cold).toFixed(0)}, max ${Math.max(...cold).toFixed(0)} (budget 400 ms)`);
  console.log(`re-run of that block: median ${median(rerun)} ms, max ${Math.max(...rerun)} (budget 50 ms)`);
  console.log(`main-thread tasks of 50 ms or more from the first press to the run of the opened editor: ${long.length ? long.join(", ") + " ms" : "none"} in ${runs} page loads (budget: none)`);
  if (b10) {
    const page = await openPage(browser);
    await visit(page, fileUrl(b10));
    const cold = await press(page, "block-1");
    const warm = [];
    for (let i = 0; i < 5; i++) warm.push((await press(page, "block-1")).ms);
    const ratio = (ms) => (ms / Number(nativeMs)).toFixed(2);
    console.log(`b10_training_loop in the page: warm ${warm.join(", ")} ms (median ${median(warm)}, ratio ${ratio(median(warm))}; best ${Math.min(...warm)}, ratio ${ratio(Math.min(...warm))}); cold ${cold.ms} ms with the module's start; rlbook run: ${nativeMs} ms (budget 2x)`);
  }
} finally {
  await close();
}
