// Minifies the exercise scripts and stylesheet of rlbook pages (docs/exercises.md) into
// theme/live/, where the site takes them from: src/exercises.js (with the
// src/progress.js it imports) as one minified IIFE (ES2020), and src/exercises.css,
// minified. The readable sources are here; the minified files are
// committed, so that building a book needs neither node nor npm. esbuild is the one pinned
// by web/editor's package-lock.json (installed there by the build script). Deterministic:
// the same sources and esbuild give the same bytes. Run by scripts/build-web;
// usage: node web/exercises/build.mjs OUT_DIR.

import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { build } = createRequire(join(here, "../editor/package.json"))("esbuild");

/** The outputs, each from src/ of the same name, with a banner naming its source. */
const FILES = ["exercises.js", "exercises.css"];

async function main([outDir]) {
  if (!outDir) {
    console.error("usage: node web/exercises/build.mjs OUT_DIR");
    process.exit(2);
  }
  for (const name of FILES) {
    const result = await build({
      absWorkingDir: here,
      entryPoints: [`src/${name}`],
      bundle: true,
      format: name.endsWith(".js") ? "iife" : undefined,
      platform: "browser",
      target: "es2020",
      minify: true,
      sourcemap: false,
      legalComments: "none",
      charset: "utf8",
      write: false,
      outfile: name,
      logLevel: "warning",
    });
    const [file] = result.outputFiles;
    writeFileSync(join(outDir, name), `/* rlbook web/exercises/src/${name} */\n${file.text}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`exercises: ${err.message}`);
  process.exit(1);
});
