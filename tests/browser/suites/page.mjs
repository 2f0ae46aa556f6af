// Suite `page`: one built lesson page (--site, --page, --figures) as a reader sees it. In
// both themes and by both theme paths (prefers-color-scheme, localStorage) the page must
// show the theme asked for from its first paint (before its deferred scripts run), write
// nothing to the console, throw nothing, load every resource, show rendered math (<math>,
// no raw TeX outside <annotation>) and the expected number of figures (figure.plot), each
// with visible content. The theme button must switch to dark and keep the choice. Saves
// light.png and dark.png (the full page) and light-top.png and dark-top.png (its first
// screen).
import path from "node:path";
import {
  openPage,
  setTheme,
  visit,
  loadLazyImages,
  shownTheme,
  firstTheme,
  screenshot,
  fileUrl,
} from "../lib.mjs";

export const needs = ["site", "page", "figures"];

/* What the page shows, read in the page. */
function inspect() {
  const body = document.body.cloneNode(true);
  body.querySelectorAll("annotation, script, style").forEach((e) => e.remove());
  const text = body.textContent;
  const tex = [];
  const pattern = /\$|\\frac|\\\(|\\\[/g;
  let match;
  while ((match = pattern.exec(text)) && tex.length < 5) {
    tex.push(text.slice(Math.max(0, match.index - 30), match.index + 30).replace(/\s+/g, " "));
  }
  const figures = Array.from(document.querySelectorAll("figure.plot")).map((figure, i) => {
    const box = figure.getBoundingClientRect();
    /* The drawing shown: the figure's own, or the one laid out for a narrow figure. */
    const svg = Array.from(figure.querySelectorAll("svg")).find((s) => s.getClientRects().length) || null;
    const img = figure.querySelector("img");
    let content = "nothing";
    if (svg && svg.getBoundingClientRect().width > 0) content = "svg";
    else if (img && img.complete && img.naturalWidth > 0) content = "img";
    return { i: i + 1, width: box.width, height: box.height, content };
  });
  return {
    math: document.querySelectorAll("math").length,
    tex,
    figures,
    background: getComputedStyle(document.body).backgroundColor,
  };
}

export async function run(ctx) {
  const { site, page: rel, figures: expected } = ctx.options;
  const url = fileUrl(path.join(site, rel));
  const page = await openPage(ctx.browser, { width: 1280, height: 900 });
  const backgrounds = {};
  for (const via of ["media", "storage"]) {
    for (const theme of ["light", "dark"]) {
      const where = `${rel} (${theme} by ${via})`;
      await setTheme(page, theme, via);
      page.record.reset();
      await visit(page, url);
      await loadLazyImages(page);
      const shown = await shownTheme(page);
      if (shown !== theme) ctx.fail(`${where}: html[data-theme] is ${shown}, not ${theme}`);
      const first = await firstTheme(page);
      if (first !== theme) ctx.fail(`${where}: the page is first shown ${first}, not ${theme}`);
      const seen = await page.evaluate(inspect);
      check(ctx, where, page.record, seen, expected);
      backgrounds[`${theme} ${via}`] = seen.background;
      if (via === "media") {
        const file = await screenshot(page, path.join(ctx.out, `${theme}.png`));
        await screenshot(page, path.join(ctx.out, `${theme}-top.png`), false);
        ctx.log(`${theme}: ${seen.math} formulas, ${seen.figures.length} figures; ${file}`);
      }
    }
  }
  compareBackgrounds(ctx, backgrounds);
  await checkToggle(ctx, page, url);
  await page.close();
}

/* The theme button switches the theme, says so (aria-pressed) and keeps the choice. */
async function checkToggle(ctx, page, url) {
  await setTheme(page, "light", "media");
  await visit(page, url);
  await page.click(".theme-toggle");
  const after = await page.evaluate(() => ({
    theme: document.documentElement.getAttribute("data-theme"),
    pressed: document.querySelector(".theme-toggle").getAttribute("aria-pressed"),
    stored: localStorage.getItem("rlbook-theme"),
  }));
  if (after.theme !== "dark" || after.pressed !== "true" || after.stored !== "dark") {
    ctx.fail(`the theme button on a light page gave ${JSON.stringify(after)}`);
  }
  await page.evaluate(() => localStorage.removeItem("rlbook-theme"));
}

function check(ctx, where, record, seen, expected) {
  for (const message of record.console) ctx.fail(`${where}: console: ${message}`);
  for (const error of record.errors) ctx.fail(`${where}: uncaught error: ${error}`);
  for (const failure of record.failed) ctx.fail(`${where}: request failed: ${failure}`);
  if (seen.math === 0) ctx.fail(`${where}: no rendered math (<math>)`);
  for (const excerpt of seen.tex) ctx.fail(`${where}: raw TeX is visible: …${excerpt}…`);
  if (seen.figures.length !== expected) {
    ctx.fail(`${where}: ${seen.figures.length} figure.plot elements, expected ${expected}`);
  }
  for (const f of seen.figures) {
    if (f.width < 50 || f.height < 50 || f.content === "nothing") {
      ctx.fail(`${where}: figure ${f.i} shows ${f.content} in ${f.width}×${f.height} px`);
    }
  }
}

/* Both theme paths must give the same colours, and the two themes different ones. */
function compareBackgrounds(ctx, bg) {
  for (const theme of ["light", "dark"]) {
    if (bg[`${theme} media`] !== bg[`${theme} storage`]) {
      ctx.fail(
        `${theme} by prefers-color-scheme has background ${bg[`${theme} media`]}, ` +
          `by localStorage ${bg[`${theme} storage`]}`,
      );
    }
  }
  if (bg["light media"] === bg["dark media"]) {
    ctx.fail(`light and dark have the same background ${bg["light media"]}`);
  }
}
