// Suite `citations`: citations and references on the built fixture book tests/books/citations
// (--site), page 01-norms.html, in light and dark (dark both by prefers-color-scheme and by
// the stored choice): every citation links to an entry of the lesson's "References" list;
// every preview is hidden at first; hovering a one-work citation shows that work's full
// reference; focusing a two-work citation from the keyboard shows both; Escape hides it; the
// preview's text contrasts with its background, and so does a reference's DOI link with the
// page. On bibliography.html every work the book cites is listed once, and each "Cited in"
// link lands on that work's entry in the lesson's references. Saves citation-<theme>.png
// (the hovered preview), citation-focus-<theme>.png, references-<theme>.png and
// bibliography-<theme>.png in OUT/citations/.
import fs from "node:fs";
import path from "node:path";
import { openPage, setTheme, visit, fileUrl, screenshot, sitePages, contrast } from "../lib.mjs";

export const needs = ["site"];

const PAGE = "01-norms.html";

/** Whether the preview after the citation `selector` is shown, and what it holds. */
function previewOf(page, selector) {
  return page.$eval(selector, (link) => {
    const preview = link.nextElementSibling;
    const style = getComputedStyle(preview);
    const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
    return {
      shown: style.display !== "none",
      entries: [...preview.querySelectorAll(".citation-entry")].map((e) => e.textContent),
      fg: rgb(style.color),
      bg: rgb(style.backgroundColor),
    };
  });
}

/** Every citation's target, and whether the page has an entry with that id. */
function targets(page) {
  return page.$$eval("a.citation", (links) =>
    links.map((a) => {
      const id = decodeURIComponent(a.getAttribute("href").slice(1));
      const entry = document.getElementById(id);
      return { text: a.textContent, id, listed: !!entry && !!entry.closest("section.references") };
    }),
  );
}

/** The contrast of the references' first link with the page. */
function linkContrast(page) {
  return page.$eval("section.references a[href^='https://doi.org/']", (a) => {
    const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
    return { fg: rgb(getComputedStyle(a).color), bg: rgb(getComputedStyle(document.body).backgroundColor) };
  });
}

async function checkTheme(ctx, page, url, theme, via, out) {
  await setTheme(page, theme, via);
  await visit(page, url);
  const name = via === "media" ? theme : `${theme}-${via}`;
  const found = await targets(page);
  if (found.length < 5) ctx.fail(`${name}: ${found.length} citations on ${PAGE}`);
  for (const t of found.filter((t) => !t.listed)) ctx.fail(`${name}: '${t.text}' links to #${t.id}, which no references entry has`);
  const one = 'a.citation[href="#ref-ba2016layernorm"]';
  const two = 'a.citation[href="#ref-xiong2020layernorm"]';
  if ((await previewOf(page, one)).shown) ctx.fail(`${name}: a preview is shown before any hover`);
  await page.hover(one);
  const hovered = await previewOf(page, one);
  if (!hovered.shown || hovered.entries.length !== 1 || !hovered.entries[0].includes("Layer Normalization")) {
    ctx.fail(`${name}: hovering ${one} shows ${JSON.stringify(hovered)}`);
  }
  const ratio = contrast(hovered.fg, hovered.bg);
  if (ratio < 4.5) ctx.fail(`${name}: preview text contrast ${ratio.toFixed(2)} < 4.5`);
  await screenshot(page, path.join(out, `citation-${name}.png`), false);
  await page.mouse.move(0, 0);
  await page.focus(two);
  await page.keyboard.press("Shift");
  const focused = await previewOf(page, two);
  if (!focused.shown || focused.entries.length !== 2) ctx.fail(`${name}: focusing ${two} shows ${JSON.stringify(focused)}`);
  await screenshot(page, path.join(out, `citation-focus-${name}.png`), false);
  await page.keyboard.press("Escape");
  if ((await previewOf(page, two)).shown) ctx.fail(`${name}: Escape leaves the preview`);
  const link = await linkContrast(page);
  const linkRatio = contrast(link.fg, link.bg);
  if (linkRatio < 4.5) ctx.fail(`${name}: a reference's link contrast ${linkRatio.toFixed(2)} < 4.5`);
  await page.$eval("section.references", (s) => s.scrollIntoView());
  await screenshot(page, path.join(out, `references-${name}.png`), false);
  ctx.log(`${name}: ${found.length} citations, each listed; previews of 1 and 2 works, contrast ${ratio.toFixed(1)}; links ${linkRatio.toFixed(1)}`);
}

/** The book-wide bibliography: its entries, and the "Cited in" links that miss their entry. */
async function checkBibliography(ctx, page, site, name, out) {
  await visit(page, fileUrl(path.join(site, "bibliography.html")));
  const ids = await page.$$eval("ul.references > li", (items) => items.map((li) => li.id));
  const cited = new Set();
  for (const file of sitePages(site).filter((f) => /^\d.*\.html$/.test(f))) {
    const html = fs.readFileSync(path.join(site, file), "utf8");
    for (const m of html.matchAll(/<li id="(ref-[^"]+)"/g)) cited.add(m[1]);
  }
  const same = ids.length === cited.size && ids.every((id) => cited.has(id));
  if (!same) ctx.fail(`${name}: bibliography entries ${JSON.stringify(ids)}, the lessons' references ${JSON.stringify([...cited])}`);
  const links = await page.$$eval(".cited-in a", (as) => as.map((a) => a.getAttribute("href")));
  for (const href of links) {
    const [file, id] = href.split("#");
    const html = fs.readFileSync(path.join(site, file), "utf8");
    if (!html.includes(`<li id="${decodeURIComponent(id)}"`)) ctx.fail(`${name}: 'Cited in' ${href} finds no entry`);
  }
  await screenshot(page, path.join(out, `bibliography-${name}.png`), false);
  ctx.log(`${name}: bibliography of ${ids.length} works, ${links.length} 'Cited in' links`);
}

export async function run(ctx) {
  const site = ctx.options.site;
  if (!sitePages(site).includes(PAGE)) {
    ctx.fail(`no ${PAGE} in ${site} (build tests/books/citations and pass --site)`);
    return;
  }
  const out = path.join(ctx.options.out, "citations");
  const page = await openPage(ctx.browser, { width: 1100, height: 800 });
  try {
    for (const [theme, via] of [["light", "media"], ["dark", "media"], ["dark", "storage"]]) {
      await checkTheme(ctx, page, fileUrl(path.join(site, PAGE)), theme, via, out);
      await checkBibliography(ctx, page, site, via === "media" ? theme : `${theme}-${via}`, out);
    }
  } finally {
    await page.close();
  }
}
