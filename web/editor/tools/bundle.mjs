// Bundles src/editor.js into one classic script (an IIFE that sets globalThis.RlabEditor):
// minified, ES2020, no source map, with a one-line banner naming every package the bundle
// takes code from, with its version and licence (read from esbuild's metafile and each
// package's package.json, so the banner cannot drift from what is bundled). Deterministic:
// esbuild is run from this folder with relative paths, and nothing in the output depends on
// the time or on where the repository is. Run by scripts/build-web;
// usage: node tools/bundle.mjs OUT (from web/editor, after `npm ci`).

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = join(dirname(fileURLToPath(import.meta.url)), "..");

/** `name` of the package a metafile input path (`node_modules/@scope/name/...`) is in. */
function packageOf(input) {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return m ? m[1] : null;
}

/** The banner, one `/*!` comment naming each bundled package, its version and licence. */
function banner(metafile) {
  const names = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const name = packageOf(input);
    if (name) names.add(name);
  }
  const parts = [...names].sort().map((name) => {
    const pkg = JSON.parse(readFileSync(join(here, "node_modules", name, "package.json"), "utf8"));
    const license = typeof pkg.license === "string" ? pkg.license : "UNKNOWN";
    return { text: `${name}@${pkg.version}`, license };
  });
  const unknown = parts.filter((p) => p.license === "UNKNOWN").map((p) => p.text);
  if (unknown.length) throw new Error(`no licence field in package.json of ${unknown.join(", ")}`);
  const licenses = [...new Set(parts.map((p) => p.license))];
  const list =
    licenses.length === 1
      ? `${parts.map((p) => p.text).join(", ")} (${licenses[0]})`
      : parts.map((p) => `${p.text} (${p.license})`).join(", ");
  return `/*! rlbook live-code editor (web/editor, scripts/build-web); bundles ${list} */`;
}

async function main([outPath]) {
  if (!outPath) {
    console.error("usage: node tools/bundle.mjs OUT");
    process.exit(2);
  }
  const result = await build({
    absWorkingDir: here,
    entryPoints: ["src/editor.js"],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    sourcemap: false,
    legalComments: "none",
    charset: "ascii",
    metafile: true,
    write: false,
    outfile: "editor.js",
    logLevel: "warning",
  });
  const [file] = result.outputFiles;
  writeFileSync(outPath, `${banner(result.metafile)}\n${file.text}`);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`bundle: ${err.message}`);
  process.exit(1);
});
