// Suite `axe`: axe-core's WCAG 2.0/2.1/2.2 A and AA rules on a built site (--site). Every
// .html page is checked, with its <details> open, in the light and the dark theme and on a
// phone-sized screen (loaded by the runner's sweep), and then the states a reader opens that
// a loaded page does not show: the search results, and the lesson list on a narrow screen. Each violation is printed with its rule, impact, page,
// theme, the nodes' selectors (marked when inside a figure.plot) and a short excerpt of their
// HTML, and fails the suite. The counts per rule and theme go to OUT/axe/report.json.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { openPage, setTheme, visit, sitePages, fileUrl, waitFor } from "../lib.mjs";

export const needs = ["site"];

export const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const counts = {};
let checked = 0;
let inFigures = 0;

/* Run axe in the page; each node comes back with its selector and an excerpt. */
export async function audit(page) {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const results = await window.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => {
        const target = n.target.map(String).join(" >> ");
        const summary = (n.failureSummary || "").split("\n").slice(1, 2).join(" ").trim();
        let element = null;
        try {
          element = document.querySelector(String(n.target[n.target.length - 1]));
        } catch {
          /* a selector into a frame or shadow root */
        }
        const inFigure = Boolean(element && element.closest("figure.plot"));
        return { target, html: n.html.replace(/\s+/g, " ").slice(0, 160), summary, inFigure };
      }),
    }));
  }, TAGS);
}

export function record(ctx, violations, where, theme) {
  checked += 1;
  for (const v of violations) {
    const key = `${v.id} (${theme})`;
    counts[key] = (counts[key] || 0) + v.nodes.length;
    inFigures += v.nodes.filter((n) => n.inFigure).length;
    const lines = v.nodes.slice(0, 8).map(
      (n) =>
        `${n.target}${n.inFigure ? " [inside figure.plot]" : ""}\n      ${n.html}` +
        `${n.summary ? `\n      ${n.summary}` : ""}`,
    );
    if (v.nodes.length > 8) {
      lines.push(`… and ${v.nodes.slice(8).map((n) => n.target).join(", ")}`);
    }
    ctx.fail(
      `${v.id} [${v.impact}] ${where} (${theme}): ${v.help}; ${v.nodes.length} nodes:\n    ` +
        lines.join("\n    "),
    );
  }
}

/* Each page is audited with every <details> open (solutions, folded blocks): what a closed
   one holds is hidden, and axe checks only what is shown. They are closed again after. */
export async function onPage(ctx, page, { rel, theme }) {
  const opened = await page.evaluate(() => {
    const closed = Array.from(document.querySelectorAll("details:not([open])"));
    closed.forEach((d, i) => {
      d.open = true;
      d.dataset.axeOpened = String(i);
    });
    return closed.length;
  });
  record(ctx, await audit(page), rel, theme);
  if (opened) {
    await page.evaluate(() =>
      document.querySelectorAll("details[data-axe-opened]").forEach((d) => {
        d.open = false;
        delete d.dataset.axeOpened;
      }),
    );
  }
}

/* The search box open with results, and the narrow layout with its lesson list open. */
export async function run(ctx) {
  const site = ctx.options.site;
  const lesson = sitePages(site).find((p) => /^\d/.test(p)) || "index.html";
  for (const theme of ["light", "dark"]) {
    const page = await openPage(ctx.browser);
    await setTheme(page, theme, "media");
    await visit(page, fileUrl(path.join(site, "index.html")));
    await page.focus("#search-input");
    await page.keyboard.type("the");
    await waitFor("search results", () =>
      page.evaluate(() => document.querySelectorAll(".search-list li").length > 0),
    );
    record(ctx, await audit(page), "index.html with search results", theme);

    await page.setViewport({ width: 390, height: 844 });
    await visit(page, fileUrl(path.join(site, lesson)));
    await page.click(".sidebar-toggle");
    await waitFor("the open lesson list", () =>
      page.evaluate(() => getComputedStyle(document.getElementById("sidebar")).display !== "none"),
    );
    record(ctx, await audit(page), `${lesson}, 390 px wide, lesson list open`, theme);
    await page.close();
  }
}

export function finish(ctx) {
  const file = path.join(ctx.out, "report.json");
  const report = { site: ctx.options.site, checked, counts, inFigures };
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  const summary = Object.entries(counts)
    .map(([key, n]) => `${key}: ${n}`)
    .join(", ");
  const figures = inFigures ? ` (${inFigures} nodes inside figure.plot)` : "";
  ctx.log(`${checked} page states checked; violations: ${summary || "none"}${figures}; ${file}`);
}
