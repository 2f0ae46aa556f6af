// Suite `network`: a built site (--site) reaches nothing beyond its own files. On every page,
// in every state of the runner's sweep (lazy images included), every request the page made
// must be file:, data: or blob:, and no element may name a resource elsewhere (hints such as
// <link rel=preconnect> make no request event), nor may any url(…) of its styles or of the
// site's style sheets (a font is fetched only when some text uses it). Then the search box
// is used, which loads the search index on demand, held to the same rule.
import fs from "node:fs";
import path from "node:path";
import { openPage, setTheme, visit, fileUrl, staysLocal, waitFor } from "../lib.mjs";

export const needs = ["site"];

let requests = 0;
let pages = 0;

/* Every URL an element or a style sheet of the page names as something to load or connect
   to (run in the page, so self-contained). */
function namedResources() {
  const urls = [];
  const attributes = [
    ["script[src]", "src"],
    ["img[src]", "src"],
    ["iframe[src]", "src"],
    ["source[src]", "src"],
    ["video[src]", "src"],
    ["audio[src]", "src"],
    ["embed[src]", "src"],
    ["object[data]", "data"],
    ["link[href]:not([rel~=alternate]):not([rel~=canonical])", "href"],
    ["image", "href"],
    ["use", "href"],
  ];
  for (const [selector, attribute] of attributes) {
    for (const element of document.querySelectorAll(selector)) {
      const value = element.getAttribute(attribute);
      if (value) urls.push(new URL(value, document.baseURI).href);
    }
  }
  for (const element of document.querySelectorAll("img[srcset], source[srcset]")) {
    for (const part of element.getAttribute("srcset").split(",")) {
      const value = part.trim().split(/\s+/)[0];
      if (value) urls.push(new URL(value, document.baseURI).href);
    }
  }
  const styles = Array.from(document.querySelectorAll("style"), (e) => e.textContent).concat(
    Array.from(document.querySelectorAll("[style]"), (e) => e.getAttribute("style")),
  );
  for (const css of styles) {
    for (const match of css.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)) {
      urls.push(new URL(match[2], document.baseURI).href);
    }
  }
  return urls;
}

/* Every url(…) and @import of the site's style sheets, read from disk (a file: page may not
   read its sheets' rules): fonts and backgrounds load only when something uses them, so the
   request log alone would miss them. */
function styleSheetUrls(site) {
  const urls = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".css")) {
        const css = fs.readFileSync(file, "utf8");
        const pattern = /url\(\s*(["']?)([^"')]+)\1\s*\)|@import\s+(["'])([^"']+)\3/g;
        for (const match of css.matchAll(pattern)) {
          const url = new URL(match[2] || match[4], fileUrl(file)).href;
          urls.push({ file: path.relative(site, file), url });
        }
      }
    }
  };
  walk(site);
  return urls;
}

export async function onPage(ctx, page, { rel, theme }) {
  pages += 1;
  requests += page.record.requests.length;
  for (const url of page.record.requests) {
    if (!staysLocal(url)) ctx.fail(`${rel} (${theme}): requested ${url}`);
  }
  for (const url of await page.evaluate(namedResources)) {
    if (!staysLocal(url)) ctx.fail(`${rel} (${theme}): names the resource ${url}`);
  }
}

/* The style sheets; then the search index, loaded only when the search box is used. */
export async function run(ctx) {
  for (const { file, url } of styleSheetUrls(ctx.options.site)) {
    if (!staysLocal(url)) ctx.fail(`${file} names the resource ${url}`);
  }
  const page = await openPage(ctx.browser);
  await setTheme(page, "light", "media");
  await visit(page, fileUrl(path.join(ctx.options.site, "index.html")));
  page.record.reset();
  await page.focus("#search-input");
  await page.keyboard.type("the");
  await waitFor("search results", () =>
    page.evaluate(() => document.querySelectorAll(".search-list li").length > 0),
  );
  const index = page.record.requests.filter((url) => url.endsWith("search-index.js"));
  if (index.length !== 1) ctx.fail(`the search box loaded the index ${index.length} times, not once`);
  for (const url of page.record.requests) {
    if (!staysLocal(url)) ctx.fail(`index.html, searching: requested ${url}`);
  }
  for (const failure of page.record.failed) ctx.fail(`index.html, searching: ${failure}`);
  requests += page.record.requests.length;
  await page.close();
}

export function finish(ctx) {
  ctx.log(`${pages} page loads, ${requests} requests checked`);
}
