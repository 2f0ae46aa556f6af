// Suite `live`: the reader runs the code of one built lesson page (--site, --page, --rlbook),
// over file:// and over http (a static server of the site on 127.0.0.1), with no request
// to another host. Before the first press only live/loader.js is loaded (at most 2 KB gzipped).
// Then, from the keyboard alone: Edit opens the editor, a number of the first block with a
// decimal literal and a figure is changed, Ctrl-Enter runs it; the printed text must equal
// what `rlbook run` prints for the blocks before it and the edited block (the part after
// the blocks before it), and the figure is redrawn with hover readouts. An error shows its
// file:line:col and caret; an endless loop is stopped by Stop while the page answers; Reset
// restores the built output. An inline value after an edited block is marked stale and
// recomputed by its run. axe runs with the editor open in both themes. Each of the
// lesson's script pages runs live and prints what the build printed. Screenshots go
// to OUT (light and dark with the editor open, the edited figure, the error, the stop).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { openPage, setTheme, visit, screenshot, fileUrl, waitFor, watchLongTasks, longTasks, serveSite } from "../lib.mjs";
import { audit } from "./axe.mjs";

export const needs = ["site", "page", "rlbook"];


/* Press Tab until `selector` has the focus (the keyboard's way there). */
async function tabTo(page, selector, limit = 400) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

const status = (page, id) => page.$eval(`#${id} .live-status`, (s) => s.textContent);
const settled = (page, id) =>
  waitFor(`${id} to finish`, async () => /^(Ran|Failed|Stopped|Live code is unavailable)/.test(await status(page, id)), 60_000);
const outputText = (page, id) =>
  page.$eval(`#${id}`, (s) => Array.from(s.querySelectorAll(":scope > pre.output")).map((p) => p.textContent).join("\n"));

/* The first decimal literal of `code` outside strings and comments: [index, text]. */
function firstDecimal(code) {
  let at = 0;
  for (const line of code.split("\n")) {
    const visible = line.replace(/"[^"]*"|'[^']*'/g, (s) => " ".repeat(s.length)).replace(/%.*$/, "");
    const m = /(?<![\w.])\d+\.\d+(?![\w.])/.exec(visible);
    if (m) return [at + m.index, m[0]];
    at += line.length + 1;
  }
  return null;
}

/* The same text but for the last digits of numbers: each number within 1e-12 relative
   (the module's libm and the native one may differ in the last place). */
function sameNumbers(a, b) {
  const NUM = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g;
  if (a.replace(NUM, "#") !== b.replace(NUM, "#")) return false;
  const x = a.match(NUM) || [], y = b.match(NUM) || [];
  return x.every((v, i) => Math.abs(Number(v) - Number(y[i])) <= 1e-12 * Math.abs(Number(y[i])) + 1e-300);
}

/* What `rlbook run` prints for `code` after `prefix`, with the book's seed. */
function rlbookRun(ctx, data, prefix, code) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rlbook-live-"));
  const run = (text) => {
    fs.writeFileSync(path.join(dir, "s.rlab"), text);
    try {
      return execFileSync(ctx.options.rlbook, ["run", "--seed", String(data.seed), "s.rlab"], { cwd: dir, encoding: "utf8" });
    } catch (e) {
      return String(e.stdout || "");
    }
  };
  const before = run(prefix);
  const all = run(prefix + code);
  fs.rmSync(dir, { recursive: true, force: true });
  if (!all.startsWith(before)) throw new Error("rlbook run of the blocks before does not prefix the run with the edit");
  return all.slice(before.length).trim();
}

async function openLesson(ctx, url, theme) {
  const page = await openPage(ctx.browser, undefined, [new URL(url).origin].filter((o) => o.startsWith("http")));
  await watchLongTasks(page);
  await setTheme(page, theme);
  await visit(page, url);
  await new Promise((r) => setTimeout(r, 300));
  await longTasks(page);
  return page;
}

/* The main-thread tasks of 50 ms or more (the budget) while `what`: reported, not judged,
   since a test asserts no timing (scripts/bench-live measures it on a quiet machine). */
async function responsive(ctx, page, how, what) {
  const long = await longTasks(page);
  const seen = long.length ? `tasks of ${long.join(", ")} ms` : "no task";
  ctx.log(`${how}: ${seen} of 50 ms or more on the main thread while ${what}`);
}

/* Before any press: only the loader of the live files, and it is small. */
async function checkLight(ctx, page, how) {
  const live = page.record.requests.filter((r) => /\/live\//.test(r));
  const early = live.filter((r) => !/assets\/live\/loader\.js$/.test(r));
  if (early.length) ctx.fail(`${how}: fetched before any press: ${early.join(", ")}`);
  const loader = fs.readFileSync(path.join(ctx.options.site, "assets/live/loader.js"));
  const gz = zlib.gzipSync(loader, { level: 9 }).length;
  const marks = await page.$$eval("section[data-live]", (s) => s.length);
  const added = gz + marks * " data-live".length + 60;
  if (added > 2048) ctx.fail(`${how}: the page grows by ${added} bytes gzipped before a press (over 2 KB)`);
  ctx.log(`${how}: before a press the page grows by ≤ ${added} B gzipped (loader.js ${gz} B, ${marks} marked blocks)`);
}

/* Edit a number of the first figure block from the keyboard and run it. */
async function editAndRun(ctx, page, how) {
  const blocks = await page.$$eval("section[data-live]", (all) =>
    all.map((s) => ({ id: s.id, figures: s.querySelectorAll("figure.plot").length })),
  );
  await tabTo(page, `#${blocks[0].id} .live-run`);
  const t0 = Date.now();
  await page.keyboard.press("Enter");
  await settled(page, blocks[0].id);
  ctx.log(`${how}: from the press on Run of ${blocks[0].id} to its output: ${Date.now() - t0} ms (cold)`);
  const pageData = await page.evaluate(() => window.rlabLiveData);
  const steps = pageData.steps;
  const target = steps.find((s) => !s.inline && s.live && s.figures.length && firstDecimal(s.code));
  if (!target) return ctx.fail(`${how}: no figure block with a decimal number to edit`);
  const id = `block-${target.block}`;
  const [at, literal] = firstDecimal(target.code);
  const edited = String(Number(literal) * 2 + 0.5);
  const code = target.code.slice(0, at) + edited + target.code.slice(at + literal.length);
  const builtJson = await page.$eval(`#${id} .rlf-json`, (j) => j.textContent);
  await tabTo(page, `#${id} .live-edit`);
  await page.keyboard.press("Enter");
  await waitFor("the editor", () => page.$(`#${id} .live-editor .cm-content`), 30_000);
  await waitFor("the editor's focus", () => page.evaluate(() => !!document.activeElement.closest(".live-editor")), 10_000);
  await page.keyboard.down("Control");
  await page.keyboard.press("Home");
  await page.keyboard.up("Control");
  for (let i = 0; i < at; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < literal.length; i++) await page.keyboard.press("Delete");
  await page.keyboard.type(edited);
  const shown = await page.evaluate((i) => document.getElementById(i).liveEditor.getText(), id);
  if (shown !== code) ctx.fail(`${how}: the editor holds ${JSON.stringify(shown.slice(0, 80))}…`);
  await page.keyboard.down("Control");
  await page.keyboard.press("Enter");
  await page.keyboard.up("Control");
  await settled(page, id);
  const prefix = steps.filter((s) => !s.inline && s.run && s.block < target.block).map((s) => s.code).join("\n");
  const expected = rlbookRun(ctx, pageData, prefix + "\n", code);
  const got = (await outputText(page, id)).trim();
  if (!sameNumbers(got, expected)) ctx.fail(`${how}: ${id} printed\n${got}\nbut rlbook run prints\n${expected}`);
  const lines = got.split("\n"), want = expected.split("\n");
  const identical = lines.filter((l, i) => l === want[i]).length;
  const liveJson = await page.$eval(`#${id} figure.plot .rlf-json`, (j) => j.textContent).catch(() => "");
  if (!liveJson || liveJson === builtJson) ctx.fail(`${how}: ${id}'s figure was not redrawn with the edit`);
  let hit = null;
  for (const h of await page.$$(`#${id} figure.plot .rlf-hit`)) {
    if (await h.evaluate((e) => e.getClientRects().length > 0)) { hit = h; break; }
  }
  if (!hit) return ctx.fail(`${how}: the redrawn figure of ${id} has no interactive panel`);
  await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const box = await hit.boundingBox();
  const view = await hit.evaluateHandle((e) => e.closest(".rlf-view"));
  let tip = "";
  for (const fx of [0.05, 0.3, 0.55, 0.8, 0.97]) {
    if (tip) break;
    for (const fy of [0.15, 0.5, 0.85]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
      tip = await view.evaluate((v) => {
        const t = v.querySelector(".rlf-tip");
        return !t || t.hidden ? "" : (t.querySelector(".rlf-val") || t).textContent;
      });
      if (tip) break;
    }
  }
  if (!/\d/.test(tip)) ctx.fail(`${how}: hovering the redrawn figure shows no readout (${JSON.stringify(tip)})`);
  const figure = await page.$(`#${id} figure.plot`);
  await figure.screenshot({ path: path.join(ctx.out, `${how}-edited-figure.png`) });
  ctx.log(`${how}: ${id} edited (${literal} → ${edited}) prints what rlbook run prints (${identical} of ${want.length} lines byte-identical, the rest within 1e-12 relative); readout ${JSON.stringify(tip.slice(0, 60))}`);
  return { id, code, page };
}

async function rerunTime(ctx, page, id, how) {
  const t0 = Date.now();
  await page.click(`#${id} .live-run`);
  await settled(page, id);
  ctx.log(`${how}: a re-run of ${id}: ${Date.now() - t0} ms (${await status(page, id)})`);
}

/* Replace the editor's text (the editor's own API: typing a whole block is slow). */
function setCode(page, id, text) {
  return page.evaluate((i, t) => document.getElementById(i).liveEditor.setText(t), id, text);
}

async function errorAndStop(ctx, page, id, how, out) {
  await setCode(page, id, "y = 1;\nz = not_defined_anywhere + y;\n");
  await page.click(`#${id} .live-run`);
  await settled(page, id);
  const error = await page.$eval(`#${id} pre.output.error`, (p) => p.textContent).catch(() => "");
  if (!/^[^\n]+\.md:\d+:\d+: /.test(error) || !error.includes("^")) ctx.fail(`${how}: the error shows no position and caret: ${JSON.stringify(error)}`);
  await screenshot(page, path.join(out, "error.png"), false);
  await setCode(page, id, "k = 0;\nwhile true\n  k = k + 1;\nend\n");
  await page.click(`#${id} .live-run`);
  await new Promise((r) => setTimeout(r, 700));
  const t = Date.now();
  await page.evaluate(() => 1);
  const answered = Date.now() - t;
  if (answered > 200) ctx.fail(`${how}: the page took ${answered} ms to answer during an endless loop`);
  if (!/Running/.test(await status(page, id))) ctx.fail(`${how}: the loop is not shown running`);
  await page.click(`#${id} .live-stop`);
  await settled(page, id);
  if (!/^Stopped/.test(await status(page, id))) ctx.fail(`${how}: Stop did not stop the loop (${await status(page, id)})`);
  const shown = await page.$eval(`#${id}`, (s) => Array.from(s.querySelectorAll(":scope > pre.output")).map((p) => p.className));
  if (shown.join() !== "output live-output live-halted") ctx.fail(`${how}: after Stop the block shows ${JSON.stringify(shown)}, not only the note that it stopped`);
  await screenshot(page, path.join(out, "stopped.png"), false);
  ctx.log(`${how}: an error shows ${JSON.stringify(error.split("\n")[0])}; an endless loop is stopped (the page answered in ${answered} ms)`);
}

async function reset(ctx, page, id, built, how) {
  await tabTo(page, `#${id} .live-reset`);
  await page.keyboard.press("Enter");
  const now = await page.$eval(`#${id}`, (s) => Array.from(s.children).filter((c) => !c.matches(".live-bar")).map((c) => c.outerHTML).join(""));
  if (now !== built) ctx.fail(`${how}: Reset did not restore the built output of ${id}`);
}

/* An inline value after a block, in the text or in a formula (`math`): stale once the block
   is edited, recomputed (or, in a formula, which cannot be drawn again, unmarked as it equals
   the built value) once the block runs. */
async function inlineValue(ctx, page, how, math) {
  const steps = await page.evaluate(() =>
    window.rlabLiveData.steps.map((s) => ({ inline: !!s.inline, at: s.at, block: s.block, live: s.live, code: s.code })),
  );
  const where = (at) => (math ? `.math[data-values~="${at}"]` : `.inline-value[data-at="${at}"]`);
  const shown = await page.evaluate((sel) => Array.from(document.querySelectorAll(sel)).map((e) => e.dataset.at || e.dataset.values).join(" ").split(" ").map(Number),
    math ? ".math[data-values]" : ".inline-value[data-at]");
  const kind = math ? "inline value in a formula" : "inline value";
  const i = steps.findIndex((s, k) => s.inline && shown.includes(s.at) && k > 0 && !steps[k - 1].inline && steps[k - 1].live);
  if (i < 0) return ctx.log(`${how}: no ${kind} follows a live block; not checked`);
  const block = steps[i - 1], id = `block-${block.block}`;
  const value = () => page.$eval(where(steps[i].at), (v) => ({ text: v.textContent, stale: v.classList.contains("live-stale-value") }));
  const built = await value();
  await page.click(`#${id} .live-edit`);
  await waitFor("the editor", () => page.$(`#${id} .live-editor .cm-content`), 30_000);
  await setCode(page, id, block.code + "\n");
  if (!(await value()).stale) ctx.fail(`${how}: the ${kind} after ${id} is not marked stale by an edit`);
  await page.click(`#${id} .live-run`);
  await settled(page, id);
  const now = await value();
  if (now.stale || !sameNumbers(now.text, built.text)) ctx.fail(`${how}: the ${kind} after ${id} is ${JSON.stringify(now)} after the run (built: ${built.text})`);
  await setCode(page, id, block.code + "\n\n");
  if (!(await value()).stale) ctx.fail(`${how}: the ${kind} after ${id} is not marked stale by a second edit`);
  await page.click(`#${id} .live-reset`);
  const reset = await value();
  if (reset.stale || reset.text !== built.text) ctx.fail(`${how}: after Reset of ${id} the ${kind} is ${JSON.stringify(reset)}, not the built ${JSON.stringify(built.text)}`);
  ctx.log(`${how}: the ${kind} after ${id} is marked stale by an edit, fresh after the run (${now.text.slice(0, 40)}) and built again after Reset`);
}

async function one(ctx, url, how) {
  const page = await openLesson(ctx, url, "light");
  await checkLight(ctx, page, how);
  const edited = await editAndRun(ctx, page, how);
  if (!edited) return page.close();
  const { id } = edited;
  await rerunTime(ctx, page, id, how);
  await inlineValue(ctx, page, how, false);
  await inlineValue(ctx, page, how, true);
  await responsive(ctx, page, how, "loading, editing, running and re-running blocks");
  await screenshot(page, path.join(ctx.out, `${how}-edited-light.png`), false);
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: theme }]);
    for (const v of await audit(page)) ctx.fail(`${how} ${theme}, editor open: axe ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`);
    await page.$eval(`#${id}`, (s) => s.scrollIntoView({ block: "start" }));
    await screenshot(page, path.join(ctx.out, `${how}-editor-${theme}.png`), false);
  }
  await longTasks(page); // the accessibility audits' own work
  await errorAndStop(ctx, page, id, how, path.join(ctx.out, how));
  await responsive(ctx, page, how, "showing an error and stopping an endless loop");
  const fresh = await openLesson(ctx, url, "light");
  const builtHtml = await fresh.$eval(`#${id}`, (s) => Array.from(s.children).filter((c) => !c.matches(".live-bar")).map((c) => c.outerHTML).join(""));
  await fresh.close();
  await reset(ctx, page, id, builtHtml, how);
  const foreign = page.record.requests.filter((r) => !/^(file:|data:|blob:)/.test(r) && !r.startsWith(new URL(url).origin + "/"));
  if (foreign.length) ctx.fail(`${how}: requests to other hosts: ${foreign.join(", ")}`);
  if (page.record.errors.length) ctx.fail(`${how}: page errors: ${page.record.errors.join("; ")}`);
  await page.close();
}

/* Each script page of the lesson: Run prints what the build printed (to the last digits). */
async function scripts(ctx) {
  const dir = path.join(ctx.options.site, "scripts", ctx.options.page.replace(/\.html$/, ""));
  const pages = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".html")) : [];
  for (const name of pages) {
    const page = await openLesson(ctx, fileUrl(path.join(dir, name)), "light");
    const text = () => page.$eval("#script-output", (s) => Array.from(s.querySelectorAll("pre.output")).map((p) => p.textContent).join("\n").trim());
    const built = await text();
    await page.click("#block-1 .live-run");
    await settled(page, "block-1");
    const live = await text();
    if (!/^Ran/.test(await status(page, "block-1")) || !sameNumbers(live, built)) {
      ctx.fail(`script page ${name}: the live run printed\n${live}\nthe build\n${built}`);
    }
    await page.close();
  }
  ctx.log(`${pages.length} script pages run live, each printing what the build printed`);
}

export async function run(ctx) {
  const file = path.join(ctx.options.site, ctx.options.page);
  await scripts(ctx);
  await one(ctx, fileUrl(file), "file");
  const server = await serveSite(ctx.options.site);
  try {
    await one(ctx, server.url + ctx.options.page, "http");
  } finally {
    server.close();
  }
}
