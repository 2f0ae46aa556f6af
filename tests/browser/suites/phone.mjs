// Suite `phone`: every lesson page of a built site (--site) on a phone, 390 × 844 CSS px, in
// both themes (light by prefers-color-scheme, dark by the stored choice), and its figures on
// a desktop screen too.
// - "On this page" is a disclosure collapsed to one line: the lesson's title (the h1) is
//   whole on the first screen; from the keyboard, Tab reaches the disclosure and Enter opens
//   it (its links then show) and closes it again. On a desktop screen it is open beside the
//   article.
// - Every text of every figure is at least 11 CSS px tall as rendered: its computed font
//   size times the scale its SVG is drawn at (rendered width over viewBox width), at 390 px,
//   1280 px and on the smallest phones (320 px), on the lesson pages and on the standalone
//   scripts' pages. No two tick labels of an axis overlap, and no figure is wider than the
//   page. Hovering a panel shows a readout; dragging across a chart zooms it (its x tick
//   labels change) and a double-click resets it.
// Saves target/shots/phone-<theme>-top.png (the first screen) and
// phone-<theme>-figure.png (the first figure) for lesson 12, else the first lesson page.
import fs from "node:fs";
import path from "node:path";
import { openPage, setTheme, visit, fileUrl, screenshot, sitePages } from "../lib.mjs";

export const needs = ["site"];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SMALL = { width: 320, height: 568 };
/* The smallest text a reader should have to read, in CSS px. */
const LEGIBLE_PX = 11;

/* The lesson pages of the site: its root's pages but the index. */
function lessonPages(site) {
  return fs.readdirSync(site).filter((f) => f.endsWith(".html") && f !== "index.html").sort();
}

/* Every figure's shown drawing, measured in the page: the rendered size of each text, tick
   labels that overlap, and how far the figure reaches past the page's width. */
function measureFigures() {
  /* A tick label's box in the frame its rotation turns it into: labels slanted alike are
     compared as a reader sees them (parallel, side by side), not by their upright bounding
     boxes, which overlap for any slanted neighbours. In SVG units, the label's own box
     (getBBox, before its transform) moved by R⁻¹c − c for its rotation R about c. */
  function labelBox(t) {
    const b = t.getBBox();
    const turn = /rotate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)/.exec(t.getAttribute("transform") || "");
    let [dx, dy] = [0, 0];
    if (turn) {
      const [angle, cx, cy] = turn.slice(1).map(Number);
      const r = (-angle * Math.PI) / 180;
      [dx, dy] = [cx * Math.cos(r) - cy * Math.sin(r) - cx, cx * Math.sin(r) + cy * Math.cos(r) - cy];
    }
    return { left: b.x + dx, right: b.x + b.width + dx, top: b.y + dy, bottom: b.y + b.height + dy };
  }
  return Array.from(document.querySelectorAll("figure.plot")).map((figure) => {
    const svg = Array.from(figure.querySelectorAll("svg.rlf")).find((s) => s.getClientRects().length);
    if (!svg) return { id: figure.id, shown: false };
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const sizes = Array.from(svg.querySelectorAll("text"))
      .filter((t) => t.textContent.trim() && t.getClientRects().length)
      .map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale }));
    const overlaps = [];
    for (const group of svg.querySelectorAll(".rlf-lx, .rlf-ly")) {
      const boxes = Array.from(group.querySelectorAll("text"), (t) => [t.textContent, labelBox(t)]);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i][1], boxes[j][1]];
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
            overlaps.push(`${boxes[i][0]} / ${boxes[j][0]}`);
          }
        }
      }
    }
    const right = Math.max(figure.getBoundingClientRect().right, svg.getBoundingClientRect().right);
    return {
      id: figure.id,
      shown: true,
      scale,
      smallest: sizes.reduce((m, s) => (s.px < m.px ? s : m), { px: Infinity, text: "" }),
      overlaps,
      overflow: right - document.documentElement.clientWidth,
    };
  });
}

async function checkFigures(ctx, page, where) {
  const figures = await page.evaluate(measureFigures);
  let smallest = Infinity;
  for (const f of figures) {
    if (!f.shown) {
      ctx.fail(`${where}: ${f.id} shows no drawing`);
      continue;
    }
    smallest = Math.min(smallest, f.smallest.px);
    if (f.smallest.px < LEGIBLE_PX) {
      ctx.fail(`${where}: ${f.id}: text ${JSON.stringify(f.smallest.text)} is ${f.smallest.px.toFixed(1)} px (SVG scale ${f.scale.toFixed(3)})`);
    }
    if (f.overlaps.length) ctx.fail(`${where}: ${f.id}: tick labels overlap: ${f.overlaps.join(", ")}`);
    if (f.overflow > 0.5) ctx.fail(`${where}: ${f.id} reaches ${f.overflow.toFixed(0)} px past the page`);
  }
  return { count: figures.length, smallest };
}

/* The lesson's title is on the first screen; the disclosure opens and closes from the keyboard. */
async function checkToc(ctx, page, where) {
  const seen = await page.evaluate(() => {
    const h1 = document.querySelector(".lesson h1");
    const toc = document.querySelector(".page-toc details");
    return {
      h1: h1 && h1.getBoundingClientRect().bottom,
      height: window.innerHeight,
      toc: !!toc,
      open: toc && toc.open,
    };
  });
  if (!(seen.h1 <= seen.height)) ctx.fail(`${where}: the lesson's title ends at ${seen.h1} px, below the first screen (${seen.height} px)`);
  if (!seen.toc) {
    ctx.fail(`${where}: no "On this page" disclosure`);
    return seen.h1;
  }
  if (seen.open) ctx.fail(`${where}: "On this page" is open on a phone`);
  const linkShown = () => page.$eval(".page-toc li a", (a) => a.checkVisibility());
  let tabs = 0;
  while (tabs++ < 12 && !(await page.evaluate(() => document.activeElement.matches(".page-toc summary")))) {
    await page.keyboard.press("Tab");
  }
  if (tabs > 12) {
    ctx.fail(`${where}: Tab does not reach the "On this page" disclosure`);
    return seen.h1;
  }
  await page.keyboard.press("Enter");
  if (!(await linkShown())) ctx.fail(`${where}: Enter on "On this page" does not show its links`);
  await page.keyboard.press("Enter");
  if (await linkShown()) ctx.fail(`${where}: a second Enter leaves the links shown`);
  return seen.h1;
}

/* Hover every panel of every figure; drag across the first chart and double-click it. */
async function checkInteraction(ctx, page, where) {
  for (const hit of await page.$$(".rlf-hit")) {
    if (!(await hit.evaluate((e) => e.getClientRects().length > 0))) continue;
    await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
    const box = await hit.boundingBox();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    const text = await hit.evaluate((h) => {
      const tip = h.parentElement.querySelector(".rlf-tip");
      return tip.hidden ? "" : tip.textContent;
    });
    if (!/=/.test(text)) ctx.fail(`${where}: hovering a panel of ${await hit.evaluate((h) => h.closest("figure").id)} shows no readout`);
  }
  /* The first shown panel of a chart (a heatmap's or a surface's do not zoom). */
  let hit = null;
  for (const candidate of await page.$$("figure.plot .rlf-hit")) {
    const chart = await candidate.evaluate((h) => h.getClientRects().length > 0 && !h.closest("figure").querySelector(".rlf-cells, .rlf-mesh"));
    if (chart) {
      hit = candidate;
      break;
    }
  }
  if (!hit) return;
  const ticks = () => hit.evaluate((h) => Array.from(h.parentElement.querySelectorAll(".rlf-p0 .rlf-lx text"), (t) => t.textContent).join(" "));
  await hit.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const box = await hit.boundingBox();
  const before = await ticks();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.7, { steps: 6 });
  await page.mouse.up();
  const after = await ticks();
  if (after === before) ctx.fail(`${where}: dragging across a chart did not zoom it (x ticks ${before})`);
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5, { clickCount: 2 });
  if ((await ticks()) !== before) ctx.fail(`${where}: double-click did not reset the zoom`);
}

async function checkPhone(ctx, site, rel, theme, via, shots) {
  const page = await openPage(ctx.browser, PHONE);
  const where = `${rel} (${theme}, 390 px)`;
  try {
    await setTheme(page, theme, via);
    await visit(page, fileUrl(path.join(site, rel)));
    if (shots) await screenshot(page, path.join(shots, `phone-${theme}-top.png`), false);
    const h1 = await checkToc(ctx, page, where);
    const figures = await checkFigures(ctx, page, where);
    if (shots && figures.count) {
      const first = await page.$("figure.plot");
      await first.evaluate((e) => e.scrollIntoView({ block: "start" }));
      await first.screenshot({ path: path.join(shots, `phone-${theme}-figure.png`) });
    }
    await checkInteraction(ctx, page, where);
    const px = Number.isFinite(figures.smallest) ? `, smallest figure text ${figures.smallest.toFixed(1)} px` : "";
    ctx.log(`${where}: title ends at ${h1} px of 844${px} over ${figures.count} figures`);
  } finally {
    await page.close();
  }
}

async function checkDesktop(ctx, site, rel) {
  const page = await openPage(ctx.browser, DESKTOP);
  const where = `${rel} (1280 px)`;
  try {
    await setTheme(page, "light", "media");
    await visit(page, fileUrl(path.join(site, rel)));
    const open = await page.$eval(".page-toc details", (d) => d.open && getComputedStyle(d.querySelector("ul")).display !== "none").catch(() => null);
    if (open === false) ctx.fail(`${where}: "On this page" is not open beside the article`);
    const figures = await checkFigures(ctx, page, where);
    if (figures.count) ctx.log(`${where}: smallest figure text ${figures.smallest.toFixed(1)} px over ${figures.count} figures`);
    await page.setViewport(SMALL);
    const small = await checkFigures(ctx, page, `${rel} (320 px)`);
    if (small.count) ctx.log(`${rel} (320 px): smallest figure text ${small.smallest.toFixed(1)} px`);
  } finally {
    await page.close();
  }
}

/* A standalone script's page (no "On this page"): its figures at both widths. */
async function checkScriptPage(ctx, site, rel) {
  for (const viewport of [PHONE, DESKTOP, SMALL]) {
    const page = await openPage(ctx.browser, viewport);
    try {
      await visit(page, fileUrl(path.join(site, rel)));
      await checkFigures(ctx, page, `${rel} (${viewport.width} px)`);
    } finally {
      await page.close();
    }
  }
}

export async function run(ctx) {
  const { site } = ctx.options;
  const pages = lessonPages(site);
  const scripts = sitePages(site).filter((p) => p.startsWith("scripts/"));
  for (const rel of scripts) await checkScriptPage(ctx, site, rel);
  if (scripts.length) ctx.log(`${scripts.length} script pages' figures checked at 390, 1280 and 320 px`);
  const shown = pages.find((p) => p.startsWith("12-")) || pages[0];
  const shots = path.resolve("target/shots");
  fs.mkdirSync(shots, { recursive: true });
  for (const rel of pages) {
    await checkPhone(ctx, site, rel, "light", "media", rel === shown ? shots : null);
    await checkPhone(ctx, site, rel, "dark", "storage", rel === shown ? shots : null);
    await checkDesktop(ctx, site, rel);
  }
}
