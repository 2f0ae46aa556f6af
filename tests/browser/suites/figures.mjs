// Suite `figures`: the figures of every lesson page of a built site (--site) as a reader uses
// them, in the drawing the page shows (a figure carries its own and one for narrow screens).
// Every panel of every figure, hovered at a grid of points, shows a readout whose numbers
// are values of that panel's data as the record (<book>/expected/<lesson>.txt, the book
// being the site's parent folder) holds them, rounded to the resolution of their scale (one
// pixel of the axis; a thousandth of a colour or height range) and with no digit finer
// than that resolution asks for; the keyboard reads values too and
// announces them; no legend covers data; a legend click hides and shows a series (lesson
// 12's "Activation magnitude vs. depth", else the first figure with a legend); dragging a
// chart zooms (the axes are redrawn inside the dragged range) and double-click resets; the
// theme button recolours a figure's text and background, and on a chart the dark figure is
// dark (mean luminance far below the light one) with legible text, and prints light; its SVG
// file, opened alone, shows it in its light colours; nothing is requested; the shared
// figure script is at most 9 KB gzipped.
// Saves light.png, dark.png, hover-light.png, hover-dark.png, zoom.png and standalone.png,
// for each lesson in a folder of its own.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { openPage, setTheme, visit, fileUrl, shownLuminance } from "../lib.mjs";

export const needs = ["site"];

/* The record's numbers of each figure panel, by block: Map(block → [[Set of numbers]]). */
function recordedPanels(file) {
  const blocks = new Map();
  let figures = null;
  let panel = null;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const block = /^=== block (\d+)/.exec(line);
    if (block) {
      figures = [];
      blocks.set(Number(block[1]), figures);
      continue;
    }
    if (!figures) continue;
    if (/^figure \d+:/.test(line)) figures.push([]);
    else if (line.startsWith("panel ") && figures.length) {
      panel = new Set();
      figures[figures.length - 1].push(panel);
    } else if (panel && /^(x|y|row) /.test(line)) {
      for (const word of line.split(" ").slice(1)) panel.add(value(word));
    }
  }
  return blocks;
}

/* A number as the record or a readout writes it (NaN, inf and Inf included). */
function value(word) {
  const special = { NaN: NaN, inf: Infinity, Inf: Infinity, "-inf": -Infinity, "-Inf": -Infinity };
  return word in special ? special[word] : Number(word);
}

/* The numbers a readout states, each with its name: every value after an `=`; for a
   surface point only its z (the record holds a surface's heights, not its grid). */
function statedNumbers(text) {
  const stated = Array.from(
    text.matchAll(/(\w+) = (NaN|-?Inf|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/g),
    (m) => ({ name: m[1], word: m[2], n: value(m[2]) }),
  );
  return /\bz = /.test(text) ? stated.slice(-1) : stated;
}

/* The unit of the last digit a number is written with: 0.01 for `24.69`, 1e-7 for
   `1.23e-7`, 1000 for `123000`. */
export function unitOf(word) {
  const [mantissa, exp = "0"] = word.split("e");
  const [whole, decimals] = mantissa.split(".");
  const zeros = decimals === undefined ? (/0*$/.exec(whole.replace(/^-?0*/, ""))[0] || "").length : 0;
  return 10 ** (Number(exp) - (decimals || "").length + zeros);
}

/* The resolutions of the scales of every panel of the drawing shown in `view`, computed
   from the figure's data: per panel {x, y} (units per pixel, at a value v: a log axis
   scales by v), `value` (heatmap) and `z` (surface, filled contour), a thousandth of their
   range. */
function scales(view) {
  return view.evaluate((v) => {
    const f = v.closest("figure.plot");
    const data = JSON.parse(f.querySelector(".rlf-json").textContent);
    const geometry = v.classList.contains("rlf-narrow")
      ? JSON.parse(f.querySelector(".rlf-json-narrow").textContent).panels
      : data.panels;
    const range = (vs) => {
      const fin = vs.filter((x) => typeof x === "number" && Number.isFinite(x));
      return (Math.max(...fin) - Math.min(...fin)) / 1000 || 1;
    };
    return data.panels.map((p, i) => {
      const g = geometry[i];
      const axis = (a, px) => a && { per: (a.hi - a.lo) / px, log: !!a.log };
      return {
        x: axis(g.x, g.rect.w),
        y: axis(g.y, g.rect.h),
        value: p.cells ? range(p.cells.values) : null,
        z: p.grid ? range(p.grid.map((r) => r[4])) : p.bands ? range(p.bands.z) : null,
      };
    });
  });
}

/* The resolution a stated number's scale has: its axis, or its range. */
function resolution(scale, { name, n }) {
  const axis = name === "x" ? scale.x : name === "y" || name === "count" ? scale.y : null;
  if (axis) return axis.log ? axis.per * Math.LN10 * Math.abs(n) : axis.per;
  return scale[name] || null;
}

/* Problems of one stated number: not a recorded value at the shown precision, or more
   digits than its scale can tell apart. */
function checkStated(stated, scale, recorded) {
  const res = resolution(scale, stated);
  if (!Number.isFinite(stated.n) || !res) {
    return recorded.has(stated.n) ? [] : [`states ${stated.word}, not a recorded value of this panel`];
  }
  const unit = 10 ** -Math.ceil(-Math.log10(res) - 1e-9);
  const problems = [];
  if (stated.n !== 0 && unitOf(stated.word) < unit * (1 - 1e-9)) {
    problems.push(`states ${stated.word}, finer than its scale's resolution ${res.toPrecision(3)} (unit ${unit.toPrecision(1)})`);
  }
  const near = [...recorded].some((r) => Math.abs(r - stated.n) <= unit / 2 + 1e-12 * Math.abs(r));
  if (!near) problems.push(`states ${stated.word}, not a recorded value of this panel to ±${(unit / 2).toPrecision(1)}`);
  return problems;
}

/* The drawing of `figure` the page shows. */
export async function shownView(figure) {
  for (const view of await figure.$$(".rlf-view")) {
    if (await view.evaluate((v) => v.getClientRects().length > 0)) return view;
  }
  throw new Error("no drawing of the figure is shown");
}

/* Hover `hit` at a grid of points; the readouts seen. */
async function hoverGrid(page, hit, tip) {
  await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const box = await hit.boundingBox();
  const seen = [];
  for (const fy of [0.15, 0.5, 0.85]) {
    for (const fx of [0.05, 0.3, 0.55, 0.8, 0.97]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
      const text = await tip.evaluate((t) => (t.hidden ? "" : (t.querySelector(".rlf-val") || {}).textContent || ""));
      seen.push(text);
    }
  }
  return seen;
}

async function checkReadouts(ctx, page, recorded, rel) {
  const figures = await page.$$("figure.plot");
  let readouts = 0;
  for (const figure of figures) {
    const id = await figure.evaluate((f) => f.id);
    const [, block, k] = /^rlf(\d+)-(\d+)$/.exec(id) || [];
    const panels = (recorded.get(Number(block)) || [])[Number(k) - 1];
    if (!panels) {
      ctx.fail(`${id}: no recorded figure ${k} of block ${block}`);
      continue;
    }
    const view = await shownView(figure);
    const tip = await view.$(".rlf-tip");
    const hits = await view.$$(".rlf-hit");
    const scale = await scales(view);
    if (hits.length !== panels.length) ctx.fail(`${id}: ${hits.length} interactive panels, ${panels.length} recorded`);
    for (const [p, hit] of hits.entries()) {
      const texts = await hoverGrid(page, hit, tip);
      for (const text of texts) {
        const stated = statedNumbers(text);
        if (!text || !stated.length) ctx.fail(`${id} panel ${p + 1}: hovering shows no readout (${JSON.stringify(text)})`);
        for (const one of stated) {
          for (const problem of checkStated(one, scale[p], panels[p])) {
            ctx.fail(`${id} panel ${p + 1}: readout ${JSON.stringify(text)} ${problem}`);
          }
        }
        readouts += 1;
      }
    }
  }
  ctx.log(`${rel}: ${readouts} readouts over ${figures.length} figures checked against the record`);
  return figures;
}

async function checkKeyboard(ctx, page, figure, panels) {
  const view = await shownView(figure);
  const hit = await view.$(".rlf-hit");
  await hit.focus();
  for (const key of ["ArrowRight", "ArrowRight", "ArrowDown", "End", "ArrowLeft"]) await page.keyboard.press(key);
  const live = (await view.$("[aria-live]")) || (await figure.$("[aria-live]"));
  const said = await live.evaluate((e) => e.textContent);
  const shown = await view.$eval(".rlf-tip .rlf-val", (e) => e.textContent);
  const stated = statedNumbers(shown);
  const scale = (await scales(view))[0];
  const wrong = stated.flatMap((one) => checkStated(one, scale, panels[0]));
  if (!stated.length || wrong.length || !said.includes(shown)) {
    ctx.fail(`the keyboard readout ${JSON.stringify(shown)} (announced ${JSON.stringify(said)}) does not state recorded values`);
  }
}

/* The figure whose SVG title contains `title`. */
async function figureTitled(page, title) {
  for (const figure of await page.$$("figure.plot")) {
    if ((await figure.$eval("svg.rlf title", (t) => t.textContent)).includes(title)) return figure;
  }
  return null;
}

async function checkLegendToggle(ctx, page, figure) {
  const view = await shownView(figure);
  const key = await view.$(".rlf-key");
  const k = await key.evaluate((e) => /\brlf-k(\d+)\b/.exec(e.getAttribute("class"))[1]);
  const shown = () => view.$eval(`.rlf-series.rlf-s${k}`, (g) => getComputedStyle(g).display !== "none");
  await key.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const box = await key.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  if (await shown()) ctx.fail("a click on a legend entry did not hide its series");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  if (!(await shown())) ctx.fail("a second click on the legend entry did not show its series again");
}

/* No point along any drawn series of `figure` lies inside its legend box. */
async function checkLegendCoversNoData(ctx, figure) {
  const inside = await (await shownView(figure)).evaluate((f) => {
    const legend = f.querySelector(".rlf-legend rect").getBBox();
    let hits = 0;
    for (const path of f.querySelectorAll(".rlf-series path")) {
      const length = path.getTotalLength();
      for (let at = 0; at <= length; at += 2) {
        const p = path.getPointAtLength(at);
        if (p.x >= legend.x && p.x <= legend.x + legend.width && p.y >= legend.y && p.y <= legend.y + legend.height) hits += 1;
      }
    }
    return hits;
  });
  if (inside) ctx.fail(`the legend covers ${inside} sampled points of the data`);
}

async function checkZoom(ctx, page, figure, file) {
  const view = await shownView(figure);
  const ticks = () => view.$$eval(".rlf-p0 .rlf-lx text", (ts) => ts.map((t) => t.textContent));
  const hit = await view.$(".rlf-hit");
  await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const before = await ticks();
  let box = await hit.boundingBox();
  const at = (fx, fy) => [box.x + box.width * fx, box.y + box.height * fy];
  await page.mouse.move(...at(0.45, 0.25));
  await page.mouse.down();
  await page.mouse.move(...at(0.6, 0.5), { steps: 4 });
  await page.mouse.move(...at(0.8, 0.75), { steps: 4 });
  await page.mouse.up();
  const after = await ticks();
  /* Numbers: all inside the dragged part of the axis. Names (categories): fewer of them. */
  const numbers = before.every((t) => Number.isFinite(Number(t)));
  const values = before.map(Number);
  const lo = Math.min(...values) + (Math.max(...values) - Math.min(...values)) * 0.3;
  const inside = numbers
    ? after.every((t) => Number(t) >= lo)
    : after.length < before.length && after.every((t) => before.includes(t));
  if (after.join() === before.join() || !inside) {
    ctx.fail(`dragging did not zoom in: x ticks ${before.join(" ")} → ${after.join(" ")}`);
  }
  if (await figure.$eval(".rlf-tools button", (b) => b.hidden)) ctx.fail("Reset zoom is not offered");
  await page.mouse.move(...at(0.7, 0.45));
  await figure.screenshot({ path: file });
  /* The screenshot may have scrolled the page: find the panel again. */
  await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
  box = await hit.boundingBox();
  await page.mouse.click(...at(0.5, 0.6), { clickCount: 2 });
  const reset = await ticks();
  if (reset.join() !== before.join()) ctx.fail(`double-click did not reset: ${reset.join(" ")} vs ${before.join(" ")}`);
  ctx.log(`zoom: x ticks ${before.join(" ")} → ${after.join(" ")} → ${reset.join(" ")}`);
}

/* Colours and luminance of a figure, read in the page: the luminance of its screenshot, the
   text and background fills of its shown drawing. */
async function look(page, figure) {
  const luminance = await shownLuminance(page, figure);
  const fills = await figure.evaluate((f) => {
    const view = [...f.querySelectorAll(".rlf-view")].find((v) => v.getClientRects().length);
    const fill = (sel) => getComputedStyle(view.querySelector(sel)).fill;
    return { text: fill(".rlf-lx text"), background: fill(".rlf-bg") };
  });
  return { luminance, ...fills };
}

function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

async function checkThemes(ctx, page, url, id, chart, out) {
  await setTheme(page, "light", "media");
  await visit(page, url);
  const figure = () => page.$(`#${id}`);
  await (await figure()).evaluate((f) => f.scrollIntoView({ block: "center" }));
  const light = await look(page, await figure());
  await (await figure()).screenshot({ path: path.join(out, "light.png") });
  await page.click(".theme-toggle");
  const toggled = await look(page, await figure());
  await (await figure()).screenshot({ path: path.join(out, "dark.png") });
  if (toggled.text === light.text) ctx.fail(`the theme button left the axis text ${light.text}`);
  if (toggled.background === light.background) ctx.fail(`the theme button left the figure background ${light.background}`);
  if (chart && !(toggled.luminance < light.luminance - 0.4)) {
    ctx.fail(`dark figure luminance ${toggled.luminance.toFixed(3)} is not far below light ${light.luminance.toFixed(3)}`);
  }
  for (const [name, seen] of [["light", light], ["dark", toggled]]) {
    const ratio = contrast(seen.text, seen.background);
    if (ratio < 4.5) ctx.fail(`${name}: axis text ${seen.text} on ${seen.background} has contrast ${ratio.toFixed(2)}`);
  }
  /* Printing a dark page prints the figure light. */
  await page.emulateMediaType("print");
  const printed = await page.$eval(`#${id} .rlf-wide .rlf-bg`, (r) => getComputedStyle(r).fill);
  await page.emulateMediaType(null);
  if (printed !== light.background) ctx.fail(`printed from the dark theme, the figure background is ${printed}`);
  ctx.log(`luminance light ${light.luminance.toFixed(3)}, dark ${toggled.luminance.toFixed(3)}; ` +
    `axis text ${light.text} → ${toggled.text}`);
  await page.evaluate(() => localStorage.removeItem("rlbook-theme"));
}

async function hoverShots(page, url, id, out) {
  for (const theme of ["light", "dark"]) {
    await setTheme(page, theme, "media");
    await visit(page, url);
    const figure = await page.$(`#${id}`);
    const hit = await (await shownView(figure)).$(".rlf-hit");
    await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
    const box = await hit.boundingBox();
    await page.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.45);
    await figure.screenshot({ path: path.join(out, `hover-${theme}.png`) });
  }
}

/* The lesson pages of the site: its root's pages but the index. */
function lessonPages(site) {
  return fs.readdirSync(site).filter((f) => f.endsWith(".html") && f !== "index.html").sort();
}

/* The figure script every page shares stays within 9 KB gzipped. */
const SCRIPT_BUDGET = 9 * 1024;

export async function run(ctx) {
  const { site } = ctx.options;
  const script = fs.readFileSync(path.join(site, "assets", "figures.js"));
  const gzipped = zlib.gzipSync(script, { level: 9 }).length;
  ctx.log(`figures.js: ${script.length} bytes, ${gzipped} gzipped`);
  if (gzipped > SCRIPT_BUDGET) ctx.fail(`figures.js is ${gzipped} bytes gzipped, over ${SCRIPT_BUDGET}`);
  for (const rel of lessonPages(site)) {
    await checkPage(ctx, site, rel, path.join(ctx.out, path.basename(rel, ".html")));
  }
}

/* A figure's own file, opened alone, is light and complete (its colours are its own). */
async function checkStandalone(ctx, page, site, figure, out) {
  const href = await figure.$eval(".rlf-files a", (a) => a.getAttribute("href"));
  await visit(page, fileUrl(path.join(site, decodeURIComponent(href))));
  const shot = await page.screenshot({ encoding: "base64", clip: { x: 0, y: 0, width: 720, height: 450 } });
  fs.writeFileSync(path.join(out, "standalone.png"), Buffer.from(shot, "base64"));
  const seen = await page.evaluate(() => {
    const svg = document.documentElement;
    const text = svg.querySelector(".rlf-fg text");
    return { root: svg.tagName, texts: svg.querySelectorAll("text").length, fill: text && getComputedStyle(text).fill };
  });
  if (seen.root !== "svg" || seen.texts < 3 || seen.fill !== "rgb(34, 34, 34)") {
    ctx.fail(`${href} alone: ${JSON.stringify(seen)}`);
  }
}

async function checkPage(ctx, site, rel, out) {
  const slug = path.basename(rel, ".html");
  const record = path.join(site, "..", "expected", `${slug}.txt`);
  if (!fs.existsSync(record)) return ctx.fail(`no record ${record} for ${rel}`);
  const recorded = recordedPanels(record);
  const url = fileUrl(path.join(site, rel));
  const page = await openPage(ctx.browser, { width: 1280, height: 900 });
  await setTheme(page, "light", "media");
  await visit(page, url);
  const figures = await checkReadouts(ctx, page, recorded, rel);
  if (!figures.length) return page.close();
  fs.mkdirSync(out, { recursive: true });
  const first = await figures[0].evaluate((f) => f.id);
  await checkKeyboard(ctx, page, figures[0], recorded.get(Number(/^rlf(\d+)/.exec(first)[1]))[0]);
  const legended = [];
  const charts = [];
  for (const figure of figures) {
    if (await figure.$(".rlf-legend")) legended.push(figure);
    if (!(await figure.$(".rlf-cells, .rlf-mesh"))) charts.push(figure);
  }
  for (const figure of legended) await checkLegendCoversNoData(ctx, figure);
  /* Lesson 12's legend figure, else any: toggle a series. Zoom a chart with a legend, else
     any chart. The theme is checked on a chart (a heatmap's colours are its data). */
  const magnitude = (await figureTitled(page, "Activation magnitude vs. depth")) || legended[0];
  if (magnitude) await checkLegendToggle(ctx, page, magnitude);
  const chart = magnitude || charts[0];
  if (chart) await checkZoom(ctx, page, chart, path.join(out, "zoom.png"));
  const id = await (chart || figures[0]).evaluate((f) => f.id);
  await checkThemes(ctx, page, url, id, Boolean(chart), out);
  await hoverShots(page, url, id, out);
  await checkStandalone(ctx, page, site, await page.$(`#${id}`), out);
  for (const request of page.record.requests) {
    if (!request.startsWith("file:") && !request.startsWith("data:")) ctx.fail(`${rel}: request left the machine: ${request}`);
  }
  await page.close();
}
