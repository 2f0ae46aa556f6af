// The browser-test runner (started by scripts/browser-tests): parses the options, launches
// one Chromium for the whole run, and runs the named suites, each a file suites/NAME.mjs.
// A suite exports any of:
//   needs                      the options it requires, e.g. ["site", "page"];
//   onPage(ctx, page, info)    inspect one loaded page of the site: the runner loads every
//                              page once in each of SWEEP_STATES for all such suites together
//                              (info: rel, url, theme, via);
//   run(ctx)                   drive pages of its own (after the sweep);
//   finish(ctx)                summarise (after run).
// ctx: browser, options (site, page, figures, book, lesson, rlbook, out, student-site), out (the suite's
// own output folder), fail(message), log(message). A suite passes when it reported no
// problem with ctx.fail and threw nothing. The last line is `browser-tests: N passed, N
// failed`, counting suites.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  launch,
  openPage,
  setTheme,
  visit,
  loadLazyImages,
  sitePages,
  fileUrl,
  withTimeout,
} from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The states a site sweep loads every page in: both themes (each by one of the two paths a
 * page honours) on a wide screen, and a phone-sized screen, where code, math and tables
 * scroll and the layout stacks.
 */
export const SWEEP_STATES = [
  { theme: "light", via: "storage", width: 1280, height: 900 },
  { theme: "dark", via: "media", width: 1280, height: 900 },
  { theme: "light", via: "media", width: 390, height: 844 },
];

const USAGE = `usage: node run.mjs [--site DIR] [--page PAGE.html] [--figures N] [--book DIR]
                   [--lesson PREFIX] [--rlbook BIN] [--out DIR] [--student-site DIR] SUITE...
suites: ${listSuites().join(", ")}`;

function listSuites() {
  return fs
    .readdirSync(path.join(here, "suites"))
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => f.slice(0, -4))
    .sort();
}

function parseArgs(argv) {
  const options = { out: "target/browser-tests" };
  const suites = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const key = arg.slice(2);
      const value = argv[++i];
      if (!["site", "page", "figures", "book", "lesson", "rlbook", "out", "student-site"].includes(key) || !value) {
        throw new Error(`bad option ${arg}\n${USAGE}`);
      }
      options[key] = value;
    } else {
      suites.push(arg);
    }
  }
  if (options.figures !== undefined) {
    if (!/^\d+$/.test(options.figures)) throw new Error(`--figures wants a number\n${USAGE}`);
    options.figures = Number(options.figures);
  }
  for (const key of ["site", "book", "out", "rlbook", "student-site"]) {
    if (options[key]) options[key] = path.resolve(options[key]);
  }
  return { options, suites };
}

async function loadSuites(names, options) {
  const known = listSuites();
  const suites = [];
  for (const name of names) {
    if (!known.includes(name)) throw new Error(`no suite ${name}\n${USAGE}`);
    const mod = await import(path.join(here, "suites", `${name}.mjs`));
    for (const need of mod.needs || []) {
      if (options[need] === undefined) throw new Error(`suite ${name} needs --${need}\n${USAGE}`);
    }
    suites.push({ name, mod, problems: [], seconds: 0 });
  }
  return suites;
}

function contextFor(suite, browser, options) {
  const out = path.join(options.out, suite.name);
  fs.mkdirSync(out, { recursive: true });
  return {
    browser,
    options,
    out,
    suite: suite.name,
    fail: (message) => suite.problems.push(message),
    log: (message) => console.log(`  [${suite.name}] ${message}`),
  };
}

/* Load every page of the site once per sweep state and hand it to each sweeping suite. */
async function sweep(browser, options, sweepers, contexts) {
  const pages = sitePages(options.site);
  const names = sweepers.map((s) => s.name).join(" + ");
  console.log(`sweep: ${pages.length} pages × ${SWEEP_STATES.length} states of ${options.site}, ${names}`);
  let page = await openPage(browser);
  for (const state of SWEEP_STATES) {
    const { via, width, height } = state;
    const theme = width < 600 ? `${state.theme}, ${width} px` : state.theme;
    await setTheme(page, state.theme, via);
    await page.setViewport({ width, height });
    for (const rel of pages) {
      const url = fileUrl(path.join(options.site, rel));
      const info = { rel, url, theme, via };
      try {
        await withTimeout(visitPage(page, url, sweepers, contexts, info), PAGE_PATIENCE_MS, `${rel} (${theme})`);
      } catch (error) {
        /* A wedged tab: report it and go on in a new one. */
        for (const suite of sweepers) suite.problems.push(`sweep: ${error.message}`);
        page.close().catch(() => {});
        page = await openPage(browser);
        await setTheme(page, state.theme, via);
        await page.setViewport({ width, height });
      }
    }
  }
  await page.close();
}

/* How long one page of a sweep may take, all suites together. */
const PAGE_PATIENCE_MS = 90_000;

async function visitPage(page, url, sweepers, contexts, info) {
  page.record.reset();
  await visit(page, url);
  await loadLazyImages(page);
  for (const suite of sweepers) {
    const started = Date.now();
    try {
      await suite.mod.onPage(contexts.get(suite), page, info);
    } catch (error) {
      suite.problems.push(`${info.rel} (${info.theme}): ${error.stack || error}`);
    }
    suite.seconds += (Date.now() - started) / 1000;
  }
}

async function main() {
  const { options, suites: names } = parseArgs(process.argv.slice(2));
  if (!names.length) throw new Error(`no suite named\n${USAGE}`);
  const suites = await loadSuites(names, options);
  const { browser, close } = await launch();
  const contexts = new Map(suites.map((s) => [s, contextFor(s, browser, options)]));
  try {
    const sweepers = suites.filter((s) => s.mod.onPage);
    if (sweepers.length) {
      if (!options.site) throw new Error(`${sweepers[0].name} needs --site`);
      const started = Date.now();
      await sweep(browser, options, sweepers, contexts);
      console.log(`sweep: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    for (const suite of suites) {
      const started = Date.now();
      try {
        if (suite.mod.run) await suite.mod.run(contexts.get(suite));
        if (suite.mod.finish) await suite.mod.finish(contexts.get(suite));
      } catch (error) {
        suite.problems.push(String(error.stack || error));
      }
      suite.seconds += (Date.now() - started) / 1000;
    }
  } finally {
    await close();
  }
  return report(suites);
}

function report(suites) {
  let failed = 0;
  for (const suite of suites) {
    const ok = suite.problems.length === 0;
    if (!ok) failed += 1;
    console.log(`${ok ? "ok" : "FAILED"}: ${suite.name} (${suite.seconds.toFixed(1)} s)`);
    for (const problem of suite.problems) console.log(`  - ${problem.replace(/\n/g, "\n    ")}`);
  }
  console.log(`browser-tests: ${suites.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`error: ${error.message || error}`);
    process.exit(2);
  },
);
