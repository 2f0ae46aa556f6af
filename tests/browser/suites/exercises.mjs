// Suite `exercises`: exercises a reader checks (docs/exercises.md) on the built fixture book
// tests/books/exercises (--site: its teacher edition; --student-site: its student edition,
// with `[exercises] reveal_after = 2`), each served on 127.0.0.1 and read in a browser
// context of its own. On the page of lesson 01, from the keyboard where a reader would use
// it: nothing of the live data is fetched before a press; the starter blocks get Check and
// Edit (no Run); hints show one at a time; an answer box says right, wrong and "not a
// number"; Check of the starter code edited to the solution lists every variable ✓ and marks
// the exercise done; wrong values, a wrong shape, a missing variable and an rlab error are
// each reported; the progress line and the sidebar mark follow; progress and hints survive a
// reload; Reset progress forgets them; axe finds nothing in either theme with the hints open
// and results shown; the page without exercises carries nothing of them (no file, no mark). On
// the student edition the solution stays hidden until the second try, and a Check after
// earlier ones starts from the session before its block (what an earlier Check set is gone,
// also when no run ran a block before it). Over file://, an answer box and a Check work.
// exercises.js and exercises.css stay within 3 KB gzipped with the markup. Screenshots
// (light and dark) of an exercise passed, failed on shape, failed on values, stopped by an
// error and with a hint shown, and of the progress line with the sidebar, go to
// OUT/exercises/.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { openPage, setTheme, visit, fileUrl, sitePages, waitFor, screenshot, serveSite } from "../lib.mjs";
import { audit } from "./axe.mjs";

export const needs = ["site"];

const LESSON = "01-attention.html";
const NOTES = "02-notes.html";
const KEY = "rlbook-exercises:exercise-fixture/01-attention";

/* Page `rel` of the site at `base` (its address, ending in /) in `browser` (a browser
   context of its own), with every "rlbook:checked" event of the page kept from its start. */
async function open(browser, base, rel) {
  const page = await openPage(browser, { width: 1200, height: 900 }, [base].filter((b) => b.startsWith("http")));
  await page.evaluateOnNewDocument(() => {
    window.__checked = [];
    document.addEventListener("rlbook:checked", (e) => window.__checked.push(e.detail));
  });
  await setTheme(page, "light");
  await visit(page, base + rel);
  return page;
}
const openLesson = (browser, base) => open(browser, base, LESSON);

/* Press Tab until `selector` has the focus (the keyboard's way there). */
async function tabTo(page, selector, limit = 500) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/* What an exercise shows: its classes, result lines, answer statuses, hints, progress. */
function shown(page, n) {
  return page.evaluate((n) => {
    const x = document.querySelector(`.exercise[data-exercise="${n}"]`);
    const visible = (e) => !!e && e.getClientRects().length > 0;
    const more = Array.from(x.querySelectorAll("button")).find((b) => /^Show hint/.test(b.textContent));
    const solution = x.querySelector("details.solution");
    return {
      passed: x.classList.contains("exercise-passed"),
      mark: visible(x.querySelector(".exercise-mark")),
      results: Array.from(x.querySelectorAll(".exercise-result p")).map((p) => ({ cls: p.className, text: p.textContent })),
      resultShown: !!x.querySelector(".exercise-result p"),
      said: Array.from(x.querySelectorAll(".exercise-answer [role=status]")).map((s) => s.textContent),
      hints: Array.from(x.querySelectorAll("details.exercise-hint")).map((d) => (visible(d) ? (d.open ? "open" : "shown") : "hidden")),
      more: visible(more) ? more.textContent : null,
      solution: solution ? (visible(solution) ? "shown" : "hidden") : "absent",
      note: (x.querySelector(".exercise-note") || {}).textContent || "",
      progress: (document.querySelector(".exercise-progress [role=status]") || {}).textContent || null,
    };
  }, n);
}

const stored = (page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), KEY);

/* Replace the editor's text (its own API: typing a whole block is slow). */
function setCode(page, id, text) {
  return page.evaluate((i, t) => document.getElementById(i).liveEditor.setText(t), id, text);
}

/* Open the editor of block `id` from the keyboard. */
async function edit(page, id) {
  if (await page.$(`#${id} .live-editor .cm-content`)) return;
  await tabTo(page, `#${id} .live-edit`);
  await page.keyboard.press("Enter");
  await waitFor("the editor", () => page.$(`#${id} .live-editor .cm-content`), 60_000);
}

/* Check block `id` (its Check button, or Ctrl-Enter in its editor) and wait for the outcome. */
async function check(page, id, how = "button") {
  const before = await page.evaluate(() => window.__checked.length);
  if (how === "button") {
    await page.focus(`#${id} .live-run`);
    await page.keyboard.press("Enter");
  } else {
    await page.focus(`#${id} .live-editor .cm-content`);
    await page.keyboard.down("Control");
    await page.keyboard.press("Enter");
    await page.keyboard.up("Control");
  }
  await waitFor(`the check of ${id}`, () => page.evaluate((b) => window.__checked.length > b, before), 120_000);
  return page.evaluate(() => window.__checked[window.__checked.length - 1]);
}

/* Type `text` in answer box k of exercise n and press Enter (or its Check button). */
async function answer(page, n, k, text, how = "enter") {
  const input = `.exercise-answer[data-exercise="${n}"][data-answer="${k}"] input`;
  await page.$eval(input, (i) => { i.value = ""; });
  await page.focus(input);
  await page.keyboard.type(text);
  const status = `.exercise-answer[data-exercise="${n}"][data-answer="${k}"] [role=status]`;
  await page.$eval(status, (s) => { s.textContent = ""; });
  if (how === "enter") await page.keyboard.press("Enter");
  else {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
  }
  return waitFor(`the answer to ${n}.${k}`, () => page.$eval(status, (s) => s.textContent), 30_000);
}

/* Light and dark screenshots of exercise n (0: the screen from the progress line, with the
   sidebar). */
async function shot(ctx, page, n, name) {
  const x = await page.$(n ? `.exercise[data-exercise="${n}"]` : ".exercise-progress");
  await x.evaluate((e) => e.scrollIntoView({ block: "start" }));
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    const file = path.join(ctx.out, `${name}-${theme}.png`);
    await (n ? x.screenshot({ path: file }) : screenshot(page, file, false));
  }
  await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), page.theme);
}

/* The page before any press, and the hints. */
async function firstLook(ctx, page) {
  const early = page.record.requests.filter((r) => /\/live\/01-attention\.js$|runtime\.js$|module\.js$/.test(r));
  if (early.length) ctx.fail(`fetched before any press: ${early.join(", ")}`);
  const bars = await page.$$eval("section[data-check]", (all) =>
    all.map((s) => ({ id: s.id, buttons: Array.from(s.querySelectorAll(".live-bar button")).filter((b) => !b.hidden).map((b) => `${b.textContent}|${b.getAttribute("aria-label")}`) })),
  );
  const want = [
    { id: "block-2", buttons: ["Check|Check exercise 1", "Edit|Edit exercise 1"] },
    { id: "block-4", buttons: ["Check|Check exercise 3", "Edit|Edit exercise 3"] },
  ];
  if (JSON.stringify(bars) !== JSON.stringify(want)) ctx.fail(`the starter blocks' buttons: ${JSON.stringify(bars)}`);
  const one = await shown(page, 1);
  if (one.progress !== "0 of 3 exercises done") ctx.fail(`the progress line says ${JSON.stringify(one.progress)}`);
  const line = await page.$eval(".exercise-progress", (p) => ({ next: p.nextElementSibling.matches('.exercise[data-exercise="1"]'), reset: !!p.querySelector("button") }));
  if (!line.next || !line.reset) ctx.fail(`the progress line is not right before exercise 1 with its Reset button: ${JSON.stringify(line)}`);
  if (one.hints.join() !== "hidden,hidden" || one.more !== "Show hint 1 of 2") ctx.fail(`exercise 1 before a hint: ${JSON.stringify(one)}`);
  if (one.solution !== "shown") ctx.fail(`the teacher edition's solution is ${one.solution}`);
  if (one.resultShown || one.passed || one.mark) ctx.fail(`exercise 1 looks checked before any check: ${JSON.stringify(one)}`);
  const label = await page.$eval('.exercise-answer[data-exercise="1"] input', (i) => ({ name: i.labels[0] && i.labels[0].textContent.trim(), mode: i.inputMode }));
  if (label.name !== "Answer" || label.mode !== "decimal") ctx.fail(`the answer box: ${JSON.stringify(label)}`);

  await tabTo(page, '.exercise[data-exercise="1"] > .exercise-button');
  await page.keyboard.press("Enter");
  let now = await shown(page, 1);
  const focus = await page.evaluate(() => document.activeElement.closest("details.exercise-hint") && document.activeElement.tagName);
  if (now.hints.join() !== "open,hidden" || now.more !== "Show hint 2 of 2") ctx.fail(`after one press: ${JSON.stringify(now.hints)}, ${now.more}`);
  if (focus !== "SUMMARY") ctx.fail(`the shown hint's summary does not have the focus (${focus})`);
  await shot(ctx, page, 1, "hint");
  await tabTo(page, '.exercise[data-exercise="1"] > .exercise-button');
  await page.keyboard.press("Enter");
  now = await shown(page, 1);
  if (now.hints.join() !== "open,open" || now.more !== null) ctx.fail(`after two presses: ${JSON.stringify(now.hints)}, ${now.more}`);
  if ((await stored(page))[1].hints !== 2) ctx.fail(`the hints shown are not kept: ${JSON.stringify(await stored(page))}`);
  ctx.log("before a press: no live data fetched, Check and Edit on the starters; hints shown one at a time from the keyboard");
}

/* The answer boxes: not a number, wrong, right; the exact tolerance of exercise 2. */
async function answers(ctx, page) {
  const data = await page.evaluate(() => window.rlabLiveData && window.rlabLiveData.exercises);
  if (data) ctx.fail("the live data was loaded before the first answer check");
  const said = [];
  for (const [n, text, want] of [
    [1, "three", /^Enter a number, such as 0\.25 or 1e-3$/],
    [1, "", /^Enter a number/],
    [1, "4", /^✗ Not quite/],
    [1, " 3 ", /^✓ Correct$/],
    [2, "5.9e5", /^✗ Not quite/],
    [2, "589825", /^✗ Not quite/],
    [2, "589824", /^✓ Correct$/],
    [2, "5.89824e5", /^✓ Correct$/],
  ]) {
    const got = await answer(page, n, 1, text, n === 2 ? "button" : "enter").catch(() => "");
    said.push(`${JSON.stringify(text)} → ${got}`);
    if (!want.test(got)) ctx.fail(`exercise ${n}: the answer ${JSON.stringify(text)} says ${JSON.stringify(got)}`);
  }
  const expected = await page.evaluate(() => window.rlabLiveData.exercises.map((e) => e.answers.map((a) => a.value)));
  if (JSON.stringify(expected.slice(0, 2)) !== "[[3],[589824]]") ctx.fail(`the expected answers are ${JSON.stringify(expected)} (computed: 3 and 589824)`);
  const s = await stored(page);
  if (!s[1] || s[1].tries !== 2 || s[1].parts.a1 !== true || s[1].passed) ctx.fail(`exercise 1 kept ${JSON.stringify(s[1])}`);
  if (!s[2] || s[2].tries !== 4 || !s[2].passed) ctx.fail(`exercise 2 kept ${JSON.stringify(s[2])}`);
  const two = await shown(page, 2);
  if (!two.passed || !two.mark || two.progress !== "1 of 3 exercises done") ctx.fail(`exercise 2 answered: ${JSON.stringify(two)}`);
  ctx.log(`answer boxes: ${said.join("; ")}`);
}

/* The starter blocks: wrong values, the solution, a wrong shape, a missing variable, an error. */
async function checks(ctx, page) {
  await edit(page, "block-2");
  await setCode(page, "block-2", "S = Q * K' / 2;\nA = softmax(S);\n");
  let d = await check(page, "block-2");
  let one = await shown(page, 1);
  const lines = one.results.map((r) => r.text).join(" | ");
  if (d.checks.length !== 2 || d.checks.some((c) => c.ok) || one.results.length !== 2 || one.results.some((r) => r.cls !== "fail")) {
    ctx.fail(`wrong values: ${JSON.stringify(d)} shown as ${lines}`);
  }
  /* Q * K' / 2 differs from Q * K' but where Q * K' is 0: in 7 of its 9 entries. */
  if (!/^✗ S differs in 7 of 9 entries \(largest absolute error 1\.5, relative 0\.5\): S\(1,1\): expected 1, got 0\.5/.test(one.results[0].text) ||
    !/^✗ A differs in \d of 9 entries/.test(one.results[1].text)) ctx.fail(`wrong values are reported as ${lines}`);
  if (one.passed) ctx.fail("exercise 1 is marked done after wrong values");
  await shot(ctx, page, 1, "failed-values");
  ctx.log(`wrong values: ${lines}`);

  /* The solution, typed from the keyboard, checked with Ctrl-Enter in the editor. */
  const solution = "S = Q * K';\nA = softmax(S);";
  await page.focus("#block-2 .live-editor .cm-content");
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
  for (const [i, row] of solution.split("\n").entries()) {
    if (i) await page.keyboard.press("Enter");
    await page.keyboard.type(row);
  }
  const typed = await page.evaluate(() => document.getElementById("block-2").liveEditor.getText());
  if (typed.trim() !== solution) ctx.fail(`the editor holds ${JSON.stringify(typed)}`);
  d = await check(page, "block-2", "editor");
  one = await shown(page, 1);
  if (d.error || d.checks.length !== 2 || !d.checks.every((c) => c.ok) || !one.results.every((r) => r.cls === "ok" && /^✓ [SA] matches/.test(r.text))) {
    ctx.fail(`the solution's check: ${JSON.stringify(d)}, shown ${JSON.stringify(one.results)}`);
  }
  if (!one.passed || !one.mark || one.progress !== "2 of 3 exercises done") ctx.fail(`exercise 1 after the solution: ${JSON.stringify(one)}`);
  await shot(ctx, page, 1, "passed");
  ctx.log(`the solution typed and checked with Ctrl-Enter: ${one.results.map((r) => r.text).join(" | ")}`);

  await edit(page, "block-4");
  const cases = [
    ["shape", "r = sum(A, 1);\ntotal = sum(r);\n", (r) => r[0].text === "✗ r: expected 3×1, got 1×3" && r[0].cls === "fail" && r[1].cls === "ok"],
    ["missing variable", "r = sum(A, 2);\n", (r) => r[0].cls === "ok" && r[1].cls === "fail" && r[1].text === "✗ total is missing: your code does not set it"],
  ];
  for (const [what, code, ok] of cases) {
    await setCode(page, "block-4", code);
    d = await check(page, "block-4");
    const three = await shown(page, 3);
    if (three.results.length !== 2 || !ok(three.results)) ctx.fail(`${what}: ${JSON.stringify(three.results)}`);
    if (what === "shape") await shot(ctx, page, 3, "failed-shape");
    ctx.log(`${what}: ${three.results.map((r) => r.text).join(" | ")}`);
  }
  await setCode(page, "block-4", "r = sum(A, 2);\ntotal = sum(r) + not_defined_here;\n");
  d = await check(page, "block-4");
  const three = await shown(page, 3);
  const error = await page.$eval("#block-4 pre.output.error", (p) => p.textContent).catch(() => "");
  if (!d.error || d.checks.length) ctx.fail(`an error: the check reported ${JSON.stringify(d)}`);
  if (!/^[^\n]+\.md:\d+:\d+: /.test(error) || !error.includes("^")) ctx.fail(`an error shows no position and caret: ${JSON.stringify(error)}`);
  if (three.results.map((r) => r.text).join() !== "Your code stopped with an error (shown above).") ctx.fail(`an error: ${JSON.stringify(three.results)}`);
  await shot(ctx, page, 3, "error");
  ctx.log(`an rlab error: ${JSON.stringify(error.split("\n")[0])}, and "${three.results[0] && three.results[0].text}"`);

  /* Reset the block: its starter code (the solution's here) passes. */
  await page.focus("#block-4 .live-reset");
  await page.keyboard.press("Enter");
  d = await check(page, "block-4");
  const done = await shown(page, 3);
  if (!done.passed || done.progress !== "3 of 3 exercises done") ctx.fail(`exercise 3 after Reset and Check: ${JSON.stringify(done)}`);
  const s = await stored(page);
  if (!s[3] || s[3].tries !== 4 || s[3].parts.check !== true) ctx.fail(`exercise 3 kept ${JSON.stringify(s[3])}`);
}

/* The sidebar's mark of the lesson on a page with exercises. */
async function sidebar(ctx, page, on, where) {
  const mark = await page.$eval('#sidebar a[data-progress]', (a) => {
    const m = a.querySelector(".exercises-done");
    return { done: !!m, text: m ? m.textContent : "", count: a.getAttribute("data-exercises") };
  });
  if (mark.done !== on || (on && !/✓/.test(mark.text)) || mark.count !== "3") ctx.fail(`${where}: the sidebar link is ${JSON.stringify(mark)}`);
  if (on) {
    const tree = await page.accessibility.snapshot({ interestingOnly: false });
    const names = [];
    const walk = (n) => {
      if (n.role === "link") names.push(n.name);
      (n.children || []).forEach(walk);
    };
    walk(tree);
    if (!names.some((n) => /exercises done/.test(n))) ctx.fail(`${where}: no link is named with "exercises done": ${JSON.stringify(names.slice(0, 4))}`);
  }
}

async function accessible(ctx, page, what) {
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: theme }]);
    for (const v of await audit(page)) {
      ctx.fail(`${what}, ${theme}: axe ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target} ${n.summary}`).join(", ")})`);
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
}

async function teacher(ctx, base, browser) {
  const page = await openLesson(browser, base);
  await firstLook(ctx, page);
  await sidebar(ctx, page, false, "before any check");
  await answers(ctx, page);
  await checks(ctx, page);
  await sidebar(ctx, page, true, "all passed");
  await shot(ctx, page, 0, "progress");
  await accessible(ctx, page, "hints open, results shown");

  const before = await stored(page);
  await page.reload({ waitUntil: "load" });
  const after = await stored(page);
  const one = await shown(page, 1);
  if (JSON.stringify(before) !== JSON.stringify(after)) ctx.fail("the stored progress changed on a reload");
  if (!one.passed || !one.mark || one.hints.join() !== "open,open" || one.more !== null || one.progress !== "3 of 3 exercises done") {
    ctx.fail(`after a reload: ${JSON.stringify(one)}`);
  }
  await sidebar(ctx, page, true, "after a reload");
  ctx.log(`kept: ${JSON.stringify(after)}`);

  const notes = await open(browser, base, NOTES);
  const bare = await notes.evaluate(() => ({
    files: Array.from(document.querySelectorAll("script[src], link[rel=stylesheet]"))
      .map((e) => e.src || e.href).filter((s) => /\/live\/(exercises|progress)\./.test(s)).map((s) => s.replace(/.*\//, "")),
    marks: document.querySelectorAll(".exercise-progress, [data-exercises], [data-progress], .exercises-done").length,
  }));
  if (bare.files.length || bare.marks) ctx.fail(`${NOTES} carries exercise machinery: ${JSON.stringify(bare)}`);
  await notes.close();

  await tabTo(page, ".exercise-progress button");
  await page.keyboard.press("Enter");
  const reset = await shown(page, 1);
  if (reset.passed || reset.mark || reset.hints.join() !== "hidden,hidden" || reset.more !== "Show hint 1 of 2" || reset.progress !== "0 of 3 exercises done" || reset.resultShown || reset.said.join()) {
    ctx.fail(`after Reset progress: ${JSON.stringify(reset)}`);
  }
  if ((await stored(page)) !== null) ctx.fail("Reset progress left the stored progress");
  await sidebar(ctx, page, false, "after Reset progress");
  await page.reload({ waitUntil: "load" });
  if ((await shown(page, 2)).passed) ctx.fail("exercise 2 is done again after Reset and a reload");
  if (page.record.errors.length) ctx.fail(`page errors: ${page.record.errors.join("; ")}`);
  ctx.log("progress and hints survive a reload; Reset progress forgets them; the sidebar follows");
  await page.close();
}

/* The student edition: the solution is shipped hidden and shown after 2 tries. */
async function student(ctx, base, browser) {
  const page = await openLesson(browser, base);
  for (const n of [1, 2, 3]) {
    const s = await page.$eval(`.exercise[data-exercise="${n}"] details.solution`, (d) => ({ hidden: d.hidden, after: d.dataset.revealAfter })).catch(() => null);
    if (!s || !s.hidden || s.after !== "2") ctx.fail(`student edition: exercise ${n}'s solution is ${JSON.stringify(s)}`);
  }
  await answer(page, 2, 1, "1");
  if ((await shown(page, 2)).solution !== "hidden") ctx.fail("student edition: the solution shows after one try");
  await answer(page, 2, 1, "2");
  const two = await shown(page, 2);
  if (two.solution !== "shown" || two.note !== "The solution is now available below.") ctx.fail(`student edition after two tries: ${JSON.stringify(two)}`);
  await check(page, "block-4");
  if ((await shown(page, 3)).solution !== "hidden") ctx.fail("student edition: exercise 3's solution shows after one check");
  await check(page, "block-4");
  const three = await shown(page, 3);
  if (three.solution !== "shown" || !three.passed) ctx.fail(`student edition, exercise 3 checked twice: ${JSON.stringify(three)}`);
  /* Each Check starts from the session before the block: what an earlier check set is gone
     (here the first check of the page, with a block before it that no run ran). */
  await edit(page, "block-4");
  await setCode(page, "block-4", "r = sum(A, 2);\n");
  await check(page, "block-4");
  const missing = (await shown(page, 3)).results.map((r) => r.text);
  if (missing[1] !== "✗ total is missing: your code does not set it") ctx.fail(`student edition: a check after checks sees ${JSON.stringify(missing)}`);
  await page.reload({ waitUntil: "load" });
  const again = await shown(page, 2);
  if (again.solution !== "shown" || again.note) ctx.fail(`student edition after a reload: ${JSON.stringify(again)}`);
  if ((await shown(page, 1)).solution !== "hidden") ctx.fail("student edition: exercise 1's solution shows untried");
  await accessible(ctx, page, "student edition, a solution revealed");
  if (page.record.errors.length) ctx.fail(`student edition: page errors: ${page.record.errors.join("; ")}`);
  ctx.log("student edition: each solution hidden, shown after the second try (an answer or a check), still after a reload");
  await page.close();
}

/* Over file:// (a book opened from disk): an answer box and a Check work. */
async function fromDisk(ctx, site, browser) {
  const page = await open(browser, fileUrl(site) + "/", LESSON);
  const said = await answer(page, 2, 1, "589824");
  const d = await check(page, "block-4");
  if (said !== "✓ Correct" || d.error || !d.checks.every((c) => c.ok)) ctx.fail(`over file://: the answer says ${said}, the check ${JSON.stringify(d)}`);
  if (page.record.errors.length) ctx.fail(`over file://: page errors: ${page.record.errors.join("; ")}`);
  ctx.log("over file://: an answer box and a Check work");
  await page.close();
}

export async function run(ctx) {
  const { site } = ctx.options;
  if (!sitePages(site).includes(LESSON)) {
    ctx.fail(`no ${LESSON} in ${site} (build tests/books/exercises and pass --site)`);
    return;
  }
  /* The budget of a page with exercises is 3 KB gzipped, its markup (about 150 B: the
     attributes and the hints' <details>; scripts/page-weight measures the whole) included. */
  const gz = ["exercises.js", "exercises.css"]
    .map((f) => zlib.gzipSync(fs.readFileSync(path.join(site, "assets/live", f)), { level: 9 }).length)
    .reduce((a, b) => a + b);
  if (gz > 3072 - 150) ctx.fail(`exercises.js and exercises.css are ${gz} B gzipped, over their budget of 3 KB less the markup's 150 B`);
  ctx.log(`exercises.js and exercises.css: ${gz} B gzipped`);
  /* Each edition served and read in a browser context of its own (nothing stored yet). */
  const editions = [[teacher, site], [student, ctx.options["student-site"]], [fromDisk, site]];
  for (const [edition, dir] of editions) {
    if (!dir) {
      ctx.log("no --student-site: the student edition is not checked");
      continue;
    }
    const browser = await ctx.browser.createBrowserContext();
    const server = edition === fromDisk ? null : await serveSite(dir);
    try {
      await edition(ctx, server ? server.url : dir, browser);
    } finally {
      await browser.close();
      if (server) server.close();
    }
  }
}
