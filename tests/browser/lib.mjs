// Shared by every browser suite: finding and launching the system's Chromium through
// puppeteer-core (no browser download, a fresh profile, no background networking), opening a
// page with a recorder of its console messages, page errors and network requests, choosing
// the light or dark theme through either path the pages honour (prefers-color-scheme or
// localStorage["rlbook-theme"]), listing a built site's pages, and screenshots.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";

/** Chromium's flags: headless, and nothing that reaches for the (closed) network. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium to drive: $CHROMIUM, else the first of Debian's names found on PATH. */
export function findChromium() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  const names = ["chromium", "chromium-browser", "google-chrome"];
  const dirs = (process.env.PATH || "").split(path.delimiter).concat(["/usr/bin"]);
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        /* not here */
      }
    }
  }
  return null;
}

/** Launch Chromium with a fresh profile; `close()` stops it and removes the profile. */
export async function launch() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("no Chromium found (set CHROMIUM to its path)");
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "rlbook-chromium-"));
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
    defaultViewport: { width: 1280, height: 900 },
    protocolTimeout: 120_000,
  });
  const close = async () => {
    await browser.close().catch(() => {});
    removeTree(profile);
  };
  return { browser, close };
}

/* Chromium's helpers may still write the profile for a moment after it exits: retry, and
   never fail a test over a leftover temporary folder. */
function removeTree(dir) {
  for (let i = 0; i < 5; i++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      return;
    } catch {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    }
  }
  console.error(`notice: could not remove ${dir}`);
}

/**
 * A new tab whose console messages, uncaught errors, requests and failed requests are kept
 * in `page.record` until `page.record.reset()`. A request that would leave this machine
 * (anything but file:, data:, blob: and `origins`) is recorded and stopped before it is
 * sent, so that a page that names a remote resource makes no connection to find out.
 */
export async function openPage(browser, viewport = { width: 1280, height: 900 }, origins = []) {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  await page.setRequestInterception(true);
  const record = {
    console: [],
    errors: [],
    requests: [],
    failed: [],
    reset() {
      this.console.length = 0;
      this.errors.length = 0;
      this.requests.length = 0;
      this.failed.length = 0;
    },
  };
  page.record = record;
  page.on("console", (m) => record.console.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => record.errors.push(String(e && e.message ? e.message : e)));
  page.on("request", (r) => {
    record.requests.push(r.url());
    if (staysLocal(r.url(), origins)) r.continue();
    else r.abort("blockedbyclient");
  });
  page.on("requestfailed", (r) =>
    record.failed.push(`${r.url()} (${r.failure() ? r.failure().errorText : "failed"})`),
  );
  page.on("response", (r) => {
    if (r.status() >= 400) record.failed.push(`${r.url()} (HTTP ${r.status()})`);
  });
  return page;
}

/**
 * The ways a test puts a page in a theme. `media` sets prefers-color-scheme and leaves
 * localStorage empty; `storage` stores the choice and sets the system preference to the
 * other theme, so the stored choice must win.
 */
export const THEME_PATHS = ["media", "storage"];

/** Make the next navigations of `page` open in `theme` ("light" or "dark") by path `via`. */
export async function setTheme(page, theme, via = "media") {
  if (!["light", "dark"].includes(theme)) throw new Error(`no theme ${theme}`);
  if (!THEME_PATHS.includes(via)) throw new Error(`no theme path ${via}`);
  const other = theme === "dark" ? "light" : "dark";
  await page.emulateMediaFeatures([
    { name: "prefers-color-scheme", value: via === "media" ? theme : other },
  ]);
  if (page.themeScript) await page.removeScriptToEvaluateOnNewDocument(page.themeScript);
  const stored = via === "storage" ? theme : null;
  const { identifier } = await page.evaluateOnNewDocument((value) => {
    try {
      if (value === null) localStorage.removeItem("rlbook-theme");
      else localStorage.setItem("rlbook-theme", value);
    } catch {
      /* a page without storage follows the system preference */
    }
    /* The theme the page is parsed with, before its deferred scripts run: what the first
       paint shows (see firstTheme). */
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") {
        window.__rlbookFirstTheme = document.documentElement.getAttribute("data-theme");
      }
    });
  }, stored);
  page.themeScript = identifier;
  page.theme = theme;
}

/** Navigate and wait until the page, its fonts and its deferred scripts are done. */
export async function visit(page, url, timeout = 60_000) {
  const response = await page.goto(url, { waitUntil: "load", timeout });
  await page.evaluate(() => document.fonts.ready.then(() => true));
  return response;
}

/** Load images that wait to be scrolled to, so that every request a reader causes is made. */
export async function loadLazyImages(page) {
  await page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll("img"));
    images.forEach((img) => {
      img.loading = "eager";
    });
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((done) => {
              img.addEventListener("load", done);
              img.addEventListener("error", done);
            }),
      ),
    );
  });
  await page.waitForNetworkIdle({ idleTime: 100, timeout: 30_000 }).catch(() => {});
}

/** The theme the page shows (html[data-theme]). */
export function shownTheme(page) {
  return page.evaluate(() => document.documentElement.getAttribute("data-theme"));
}

/** The theme the page had before its deferred scripts ran (after setTheme and a visit). */
export function firstTheme(page) {
  return page.evaluate(() => window.__rlbookFirstTheme);
}

/** Save a screenshot (the whole page unless `fullPage` is false); returns the file. */
export async function screenshot(page, file, fullPage = true) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Every .html file under `site`, relative to it and sorted. */
export function sitePages(site) {
  const pages = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith(".html")) pages.push(path.relative(site, full));
    }
  };
  walk(site);
  return pages.sort();
}

/** The file:// URL of a file. */
export function fileUrl(file) {
  return pathToFileURL(path.resolve(file)).href;
}

/**
 * Whether a request stays on this machine: file:, data: and blob: always; http(s) and
 * ws(s) only to one of `origins` (e.g. the address `rlbook serve` printed).
 */
export function staysLocal(url, origins = []) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (["file:", "data:", "blob:"].includes(parsed.protocol)) return true;
  const host = parsed.host;
  return origins.some((origin) => new URL(origin).host === host);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection naming `what` once `ms` have passed without it settling. */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Poll `probe` until it returns something truthy, or fail naming `what`. A probe that throws
 * (the page is navigating: its document went away under the evaluation) is tried again.
 */
export async function waitFor(what, probe, timeout = 120_000) {
  const deadline = Date.now() + timeout;
  let last = null;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`the page never showed ${what}${last ? ` (last error: ${last.message})` : ""}`);
    }
    await sleep(100);
  }
}

/* The mean relative luminance (0 black … 1 white) of `element` as the page shows it. */
export async function shownLuminance(page, element) {
  const png = await element.screenshot({ encoding: "base64" });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const c = canvas.getContext("2d");
    c.drawImage(image, 0, 0);
    const px = c.getImageData(0, 0, image.width, image.height).data;
    let sum = 0;
    for (let i = 0; i < px.length; i += 4) sum += (0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2]) / 255;
    return sum / (px.length / 4);
  }, png);
}

/** Keep, from the page's start, the main thread's tasks of 50 ms or more (the Long Tasks API). */
export function watchLongTasks(page) {
  return page.evaluateOnNewDocument(() => {
    window.__longTasks = [];
    const keep = (list) => list.getEntries().forEach((e) => window.__longTasks.push(Math.round(e.duration)));
    new PerformanceObserver(keep).observe({ entryTypes: ["longtask"] });
  });
}

/** The durations (ms) of the long tasks kept since the last call. */
export function longTasks(page) {
  return page.evaluate(() => window.__longTasks.splice(0));
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

/* A static server of the site `root` on 127.0.0.1; resolves to { url, close }. (Over
   file://, Chromium now and then forgets what a page stored in localStorage when it is
   reloaded, and refuses some requests: suites that need either serve the site.) */
export function serveSite(root) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = path.join(root, rel.endsWith("/") ? rel + "index.html" : rel);
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () =>
      ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }),
    ),
  );
}

/** WCAG contrast ratio of two sRGB colours. */
export function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
