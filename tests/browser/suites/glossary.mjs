// Suite `glossary`: glossary terms, the glossary page and the subject index on the built
// fixture book tests/books/glossary (--site), in light and dark (dark both by
// prefers-color-scheme and by the stored choice). On 01-attention.html every marked term
// links to an entry of glossary.html; every preview is hidden at first; hovering a term
// shows its name and definition; focusing one from the keyboard shows it too, and Escape
// hides it; the preview's text contrasts with its background. On glossary.html the terms are
// sorted and every "Used in" link lands on an element of its lesson page; on
// subject-index.html every place link does too, and every letter of the bar has its group.
// Saves term-<theme>.png (the hovered preview), glossary-<theme>.png and index-<theme>.png
// in OUT/glossary/.
import fs from "node:fs";
import path from "node:path";
import { openPage, setTheme, visit, fileUrl, screenshot, sitePages, contrast } from "../lib.mjs";

export const needs = ["site"];

const LESSON = "01-attention.html";

/** Whether the preview after the term link `selector` is shown, and what it says. */
function previewOf(page, selector) {
  return page.$eval(selector, (link) => {
    const preview = link.nextElementSibling;
    const style = getComputedStyle(preview);
    const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
    return { shown: style.display !== "none", text: preview.textContent, fg: rgb(style.color), bg: rgb(style.backgroundColor) };
  });
}

/** The ids of the elements of the site's page `file` (parsed from its HTML). */
function idsOf(site, file) {
  const html = fs.readFileSync(path.join(site, file), "utf8");
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
}

/** Every link of `selector` whose target (page#id) the site lacks. */
async function brokenLinks(page, site, selector) {
  const hrefs = await page.$$eval(selector, (links) => links.map((a) => a.getAttribute("href")));
  return hrefs.filter((href) => {
    const [file, id] = href.split("#");
    return !sitePages(site).includes(file) || !idsOf(site, file).has(decodeURIComponent(id));
  });
}

async function checkLesson(ctx, page, site, name) {
  const terms = await page.$$eval("a.term", (links) => links.map((a) => a.getAttribute("href")));
  if (terms.length < 4) ctx.fail(`${name}: ${terms.length} marked terms on ${LESSON}`);
  for (const href of await brokenLinks(page, site, "a.term")) ctx.fail(`${name}: a term links to ${href}, which is no glossary entry`);
  const first = 'a.term[href="glossary.html#term-softmax"]';
  const other = 'a.term[href="glossary.html#term-causal-mask"]';
  if ((await previewOf(page, first)).shown) ctx.fail(`${name}: a definition is shown before any hover`);
  await page.hover(first);
  const hovered = await previewOf(page, first);
  if (!hovered.shown || !hovered.text.startsWith("softmax:")) ctx.fail(`${name}: hovering softmax shows ${JSON.stringify(hovered)}`);
  const ratio = contrast(hovered.fg, hovered.bg);
  if (ratio < 4.5) ctx.fail(`${name}: definition contrast ${ratio.toFixed(2)} < 4.5`);
  await screenshot(page, path.join(ctx.options.out, "glossary", `term-${name}.png`), false);
  await page.mouse.move(0, 0);
  await page.focus(other);
  await page.keyboard.press("Shift");
  const focused = await previewOf(page, other);
  if (!focused.shown || !focused.text.includes("cannot look ahead")) ctx.fail(`${name}: focusing the causal mask shows ${JSON.stringify(focused)}`);
  await page.keyboard.press("Escape");
  if ((await previewOf(page, other)).shown) ctx.fail(`${name}: Escape leaves the definition`);
  return `${terms.length} terms, previews by hover and focus, contrast ${ratio.toFixed(1)}`;
}

async function checkGlossary(ctx, page, site, name) {
  const names = await page.$$eval("dl.glossary dt", (dts) => dts.map((dt) => dt.textContent));
  const sorted = [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
  if (names.length < 4 || names.join("|") !== sorted.join("|")) ctx.fail(`${name}: glossary terms ${JSON.stringify(names)} are not sorted`);
  for (const href of await brokenLinks(page, site, ".term-uses a")) ctx.fail(`${name}: a use links to ${href}, which its page lacks`);
  await screenshot(page, path.join(ctx.options.out, "glossary", `glossary-${name}.png`), false);
  return `${names.length} terms sorted`;
}

async function checkIndex(ctx, page, site, name) {
  for (const href of await brokenLinks(page, site, "ul.subject-index a:not(.index-term)")) ctx.fail(`${name}: an index place links to ${href}, which its page lacks`);
  const letters = await page.$$eval(".index-letters a", (links) => links.map((a) => !!document.getElementById(a.getAttribute("href").slice(1))));
  if (letters.length < 4 || letters.includes(false)) ctx.fail(`${name}: the letter bar ${JSON.stringify(letters)}`);
  await screenshot(page, path.join(ctx.options.out, "glossary", `index-${name}.png`), false);
  return `${letters.length} letters`;
}

export async function run(ctx) {
  const site = ctx.options.site;
  for (const file of [LESSON, "glossary.html", "subject-index.html"]) {
    if (!sitePages(site).includes(file)) {
      ctx.fail(`no ${file} in ${site} (build tests/books/glossary and pass --site)`);
      return;
    }
  }
  const page = await openPage(ctx.browser, { width: 1100, height: 800 });
  try {
    for (const [theme, via] of [["light", "media"], ["dark", "media"], ["dark", "storage"]]) {
      const name = via === "media" ? theme : `${theme}-${via}`;
      await setTheme(page, theme, via);
      const said = [];
      await visit(page, fileUrl(path.join(site, LESSON)));
      said.push(await checkLesson(ctx, page, site, name));
      await visit(page, fileUrl(path.join(site, "glossary.html")));
      said.push(await checkGlossary(ctx, page, site, name));
      await visit(page, fileUrl(path.join(site, "subject-index.html")));
      said.push(await checkIndex(ctx, page, site, name));
      ctx.log(`${name}: ${said.join("; ")}`);
    }
  } finally {
    await page.close();
  }
}
