// Suite `xref`: cross-reference previews on the pages of a built site (--site) that have
// references (e.g. tests/books/xref). In light and dark (dark both by prefers-color-scheme
// and by the stored choice): every preview is hidden at first; hovering a reference to a
// figure shows its preview with the figure's image (loaded) and caption, the image in the
// page's theme (its mean luminance, as shown, light or dark like the page's figures);
// focusing a reference to an equation from the keyboard shows the equation's math; Escape
// hides it; the preview's text contrasts with its background. Saves xref-<theme>.png (the
// hovered preview; xref-dark-storage.png by the stored choice) and xref-focus-<theme>.png in
// target/shots.
import path from "node:path";
import { openPage, setTheme, visit, fileUrl, screenshot, sitePages, shownLuminance, contrast } from "../lib.mjs";

export const needs = ["site"];

/** Whether the preview after the reference `selector` is shown, and what it holds. */
function previewOf(page, selector) {
  return page.$eval(selector, (link) => {
    const preview = link.nextElementSibling;
    const style = getComputedStyle(preview);
    const img = preview.querySelector("img");
    const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
    return {
      shown: style.display !== "none",
      text: preview.textContent,
      image: img ? img.complete && img.naturalWidth > 0 : null,
      math: !!preview.querySelector("math"),
      fg: rgb(style.color),
      bg: rgb(style.backgroundColor),
    };
  });
}

async function checkPage(ctx, page, url, theme, via) {
  const shots = path.resolve("target/shots");
  await setTheme(page, theme, via);
  await visit(page, url);
  const name = via === "media" ? theme : `${theme}-${via}`;
  const figure = 'a.xref[href="#fig-depth"]';
  const equation = 'a.xref[href="#eq-ln"]';
  const before = await previewOf(page, figure);
  if (before.shown) ctx.fail(`${theme}: a preview is shown before any hover`);
  await page.hover(figure);
  const hovered = await previewOf(page, figure);
  if (!hovered.shown) ctx.fail(`${theme}: hovering ${figure} shows no preview`);
  if (!hovered.image) ctx.fail(`${theme}: the figure preview's image did not load`);
  if (!hovered.text.includes("Figure 12.1: Depth, by layer")) {
    ctx.fail(`${theme}: the figure preview says '${hovered.text}'`);
  }
  const ratio = contrast(hovered.fg, hovered.bg);
  if (ratio < 4.5) ctx.fail(`${theme}: preview text contrast ${ratio.toFixed(2)} < 4.5`);
  const image = await page.$(`${figure} + .xref-preview img`);
  const luminance = image ? await shownLuminance(page, image) : NaN;
  const fits = theme === "dark" ? luminance < 0.3 : luminance > 0.6;
  if (!fits) ctx.fail(`${name}: the figure preview's image has mean luminance ${luminance.toFixed(3)} on a ${theme} page`);
  await screenshot(page, path.join(shots, `xref-${name}.png`), false);
  await page.mouse.move(0, 0);
  await page.focus(equation);
  await page.keyboard.press("Shift");
  const focused = await previewOf(page, equation);
  if (!focused.shown || !focused.math) ctx.fail(`${theme}: focusing ${equation} shows no math`);
  await screenshot(page, path.join(shots, `xref-focus-${name}.png`), false);
  await page.keyboard.press("Escape");
  if ((await previewOf(page, equation)).shown) ctx.fail(`${theme}: Escape leaves the preview`);
  ctx.log(`${name}: figure and equation previews shown, contrast ${ratio.toFixed(1)}, image luminance ${luminance.toFixed(3)}`);
}

export async function run(ctx) {
  const site = ctx.options.site;
  const rel = sitePages(site).find((p) => p.endsWith("12-depth.html"));
  if (!rel) {
    ctx.fail(`no 12-depth.html in ${site} (build tests/books/xref and pass --site)`);
    return;
  }
  const page = await openPage(ctx.browser, { width: 1100, height: 800 });
  try {
    for (const [theme, via] of [["light", "media"], ["dark", "media"], ["dark", "storage"]]) {
      await checkPage(ctx, page, fileUrl(path.join(site, rel)), theme, via);
    }
  } finally {
    await page.close();
  }
}
