// Suite `serve`: the live preview in a real browser. A temporary copy of a book (--book) is
// served by `rlbook serve --port 0` (--rlbook), one lesson (--lesson, a file-name prefix;
// default 12-) is opened, and then, on disk, with atomic renames as editors save: a new
// paragraph must appear in the same document without a reload, the scroll position kept; a
// broken code block must bring up the error overlay (#rlbook-overlay) naming the error, and
// pass axe (as the axe suite runs it) in both themes; the original restored must clear it.
// The swapped-in figures must be interactive again. The page must write nothing to the
// console and request nothing but the served origin. Saves edited.png and overlay.png.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { openPage, screenshot, shownTheme, sleep, staysLocal, waitFor } from "../lib.mjs";
import { audit, record } from "./axe.mjs";

export const needs = ["book", "rlbook"];

/* The folders of a book that serve reads, from book.toml's [paths] (defaults otherwise). */
function bookPaths(book) {
  const toml = path.join(book, "book.toml");
  const text = fs.existsSync(toml) ? fs.readFileSync(toml, "utf8") : "";
  const value = (key, fallback) => {
    const match = text.match(new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`, "m"));
    return match ? match[1] : fallback;
  };
  return {
    lessons: value("lessons", "content"),
    scripts: value("scripts", "content"),
    others: [value("record", "expected"), value("templates", "templates"), value("theme", "theme")],
  };
}

/* A copy of what the book is made of (not its site, cache or anything else beside it). */
function copyBook(book, into) {
  const paths = bookPaths(book);
  fs.mkdirSync(into, { recursive: true });
  if (fs.existsSync(path.join(book, "book.toml"))) {
    fs.copyFileSync(path.join(book, "book.toml"), path.join(into, "book.toml"));
  }
  for (const rel of [paths.lessons, paths.scripts, ...paths.others]) {
    const from = path.resolve(book, rel);
    if (!path.isAbsolute(rel) && fs.existsSync(from)) {
      fs.cpSync(from, path.join(into, rel), { recursive: true });
    }
  }
  return path.resolve(into, paths.lessons);
}

function findLesson(dir, prefix) {
  const lessons = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort();
  const lesson = lessons.find((f) => f.startsWith(prefix)) || lessons[0];
  if (!lesson) throw new Error(`no lesson in ${dir}`);
  return path.join(dir, lesson);
}

/* Start `rlbook serve`; resolves with the address it prints. */
function startServe(bin, book, logDir) {
  const child = spawn(bin, ["serve", book, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  const err = fs.createWriteStream(path.join(logDir, "serve.err"));
  child.stderr.pipe(err);
  const url = new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = out.match(/^serving .* at (http:\S+)$/m);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`rlbook serve exited (${code}); see ${logDir}/serve.err`)));
  });
  return { child, url };
}

function saveAtomically(file, text) {
  const temporary = `${file}.saving.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/* The lesson with a new paragraph after its first heading (after any frontmatter). */
function withParagraph(source, paragraph) {
  const lines = source.split("\n");
  let at = lines.findIndex((line) => /^# /.test(line));
  if (at < 0 && lines[0] === "---") at = lines.indexOf("---", 1);
  lines.splice(at + 1, 0, "", paragraph);
  return lines.join("\n");
}

const overlayText = () => {
  const o = document.getElementById("rlbook-overlay");
  return o && !o.hidden ? o.innerText : "";
};

/* axe on the page with its overlay, in both themes; the system theme changes while the page
   is open, which the page must follow. */
async function auditBothThemes(ctx, page) {
  for (const theme of ["light", "dark"]) {
    await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: theme }]);
    await waitFor(`the ${theme} theme`, async () => (await shownTheme(page)) === theme, 10_000);
    record(ctx, await audit(page), "the served page with its error overlay", theme);
  }
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
}

async function exercise(ctx, page, lessonFile) {
  const original = fs.readFileSync(lessonFile, "utf8");
  const marker = `Edited on disk while the page was open (${Date.now()}).`;
  await page.evaluate(() => {
    window.__rlbookSameDocument = true;
    window.scrollTo(0, 300);
  });
  const before = await page.evaluate(() => window.scrollY);
  saveAtomically(lessonFile, withParagraph(original, marker));
  await waitFor("the edit", () => page.evaluate((m) => document.body.innerText.includes(m), marker));
  const same = await page.evaluate(() => window.__rlbookSameDocument === true);
  const after = await page.evaluate(() => window.scrollY);
  ctx.log(`edit seen; same document: ${same ? "yes" : "no"}; scroll ${before} -> ${after}`);
  if (!same) ctx.fail("the page was reloaded to show the edit (it should be swapped in place)");
  if (before === 0 || after !== before) ctx.fail(`the scroll position moved: ${before} -> ${after}`);
  /* The swapped-in figures are interactive again (the figure script re-attaches). */
  const figures = await page.evaluate(() => [
    document.querySelectorAll("figure.plot").length,
    document.querySelectorAll("figure.plot .rlf-hit").length,
  ]);
  if (figures[0] && !figures[1]) ctx.fail(`after the edit none of ${figures[0]} figures is interactive`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(300);
  ctx.log(`screenshot: ${await screenshot(page, path.join(ctx.out, "edited.png"), false)}`);

  // The broken line is long, so that the overlay's excerpt scrolls sideways.
  const comment = "% a long line, wider than the overlay; ".repeat(8);
  const broken = `${withParagraph(original, marker)}\n\`\`\`rlab\ncheck_value = undefined_in_the_check + 1;  ${comment}\n\`\`\`\n`;
  saveAtomically(lessonFile, broken);
  const overlay = await waitFor("the error overlay", () => page.evaluate(overlayText));
  ctx.log(`overlay: ${overlay.split("\n").slice(0, 3).join(" | ")}`);
  if (!/undefined_in_the_check/.test(overlay)) ctx.fail(`the overlay does not name the error: ${overlay}`);
  await sleep(300);
  ctx.log(`screenshot: ${await screenshot(page, path.join(ctx.out, "overlay.png"), false)}`);
  await auditBothThemes(ctx, page);

  saveAtomically(lessonFile, original);
  await waitFor("the overlay to clear", async () => !(await page.evaluate(overlayText)));
  ctx.log("overlay cleared after the fix");
}

export async function run(ctx) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "rlbook-serve-"));
  const lessonFile = findLesson(copyBook(ctx.options.book, path.join(tmp, "book")), ctx.options.lesson || "12-");
  const serve = startServe(ctx.options.rlbook, path.join(tmp, "book"), ctx.out);
  let page;
  try {
    const origin = await Promise.race([
      serve.url,
      sleep(120_000).then(() => Promise.reject(new Error("rlbook serve printed no address in 120 s"))),
    ]);
    const url = new URL(`${path.basename(lessonFile, ".md")}.html`, origin).href;
    ctx.log(`book ${ctx.options.book}; page ${url}`);
    page = await openPage(ctx.browser, { width: 1280, height: 900 }, [origin]);
    await page.goto(url, { waitUntil: "load" });
    await waitFor("the built page and its live-reload connection", () =>
      page.evaluate(
        () =>
          !document.documentElement.hasAttribute("data-rlbook-placeholder") &&
          document.documentElement.getAttribute("data-rlbook-live") === "on",
      ),
    );
    await exercise(ctx, page, lessonFile);
    for (const message of page.record.console) ctx.fail(`console: ${message}`);
    for (const error of page.record.errors) ctx.fail(`uncaught error: ${error}`);
    for (const failure of page.record.failed) ctx.fail(`request failed: ${failure}`);
    for (const request of page.record.requests) {
      if (!staysLocal(request, [origin])) ctx.fail(`requested ${request}, beyond ${origin}`);
    }
  } finally {
    if (page) await page.close();
    serve.child.kill("SIGINT");
    await new Promise((resolve) => (serve.child.exitCode !== null ? resolve() : serve.child.on("exit", resolve)));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
