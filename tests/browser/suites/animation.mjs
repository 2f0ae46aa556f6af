// Suite `animation`: every animation (`figure.rla`) on the pages of a built site (--site),
// e.g. tests/books/figure-kinds. In light and dark: the first frame shows and nothing moves
// until asked (the same frame after a second); Play steps through the frames and Pause stops
// them; the slider picks a frame from the keyboard (End: the last), the frame number is
// announced and the CSV link follows the frame shown; under prefers-reduced-motion there is
// no Play, and the slider still works; the frame images load. Saves animation-<theme>.png
// in the suite's folder.
import fs from "node:fs";
import path from "node:path";
import { openPage, setTheme, visit, fileUrl, sitePages, sleep } from "../lib.mjs";

export const needs = ["site"];

function state(figure) {
  return figure.evaluate((f) => {
    const img = f.querySelector(".rla-frame");
    return {
      at: f.querySelector(".rla-at").textContent,
      src: img.getAttribute("src"),
      loaded: img.complete && img.naturalWidth > 0,
      controls: !f.querySelector(".rla-controls").hidden,
      play: !f.querySelector(".rla-play").hidden,
      frames: JSON.parse(f.getAttribute("data-frames")).length,
      csv: f.querySelector("figcaption a[download]").textContent,
      csvHref: f.querySelector("figcaption a[download]").getAttribute("href"),
    };
  });
}

async function checkFigure(ctx, page, figure, name) {
  await figure.evaluate((f) => f.scrollIntoView({ block: "center" }));
  const first = await state(figure);
  if (!first.controls || !first.play) ctx.fail(`${name}: the controls are not shown`);
  if (!first.loaded) ctx.fail(`${name}: the first frame did not load (${first.src})`);
  if (first.at !== `Frame 1 of ${first.frames}`) ctx.fail(`${name}: starts at "${first.at}"`);
  await sleep(1000);
  if ((await state(figure)).src !== first.src) ctx.fail(`${name}: it moved without being asked`);
  const play = await figure.$(".rla-play");
  await play.click();
  await sleep(1200);
  await play.click();
  const played = await state(figure);
  if (played.src === first.src) ctx.fail(`${name}: Play did not step through the frames`);
  await sleep(500);
  if ((await state(figure)).src !== played.src) ctx.fail(`${name}: Pause did not stop it`);
  await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "reduce" }]);
  await sleep(100);
  if ((await state(figure)).play) ctx.fail(`${name}: Play is offered under prefers-reduced-motion`);
  await (await figure.$(".rla-seek")).focus();
  await page.keyboard.press("End");
  await sleep(200);
  const last = await state(figure);
  if (last.at !== `Frame ${last.frames} of ${last.frames}` || !last.loaded) {
    ctx.fail(`${name}: the slider's End shows "${last.at}" (${last.src}, loaded ${last.loaded})`);
  }
  if (last.csv !== `CSV of frame ${last.frames}` || last.csvHref !== last.src.replace(/\.svg$/, ".csv")) {
    ctx.fail(`${name}: the CSV link is "${last.csv}" (${last.csvHref}) on frame ${last.frames}`);
  }
  await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "no-preference" }]);
}

export async function run(ctx) {
  const site = ctx.options.site;
  fs.mkdirSync(ctx.out, { recursive: true });
  let count = 0;
  for (const theme of ["light", "dark"]) {
    const page = await openPage(ctx.browser, { width: 1100, height: 800 });
    page.on("pageerror", (e) => ctx.fail(`script error: ${e.message}`));
    await setTheme(page, theme);
    for (const rel of sitePages(site)) {
      await visit(page, fileUrl(path.join(site, rel)));
      for (const figure of await page.$$("figure.rla")) {
        const id = await figure.evaluate((f) => f.id);
        await checkFigure(ctx, page, figure, `${rel}#${id} (${theme})`);
        await figure.screenshot({ path: path.join(ctx.out, `animation-${theme}.png`) });
        count += 1;
      }
    }
    await page.close();
  }
  if (!count) ctx.fail(`no animation on any page of ${site}`);
  ctx.log(`${count / 2} animations checked in both themes`);
}
