// The committed bundle, theme/live/editor.js, without a DOM: node has none, and this
// project adds no DOM package for a test. So the bundle is compiled as a classic script (not
// a module: an `import` or `export` in it is a syntax error here) and run in a fresh
// node:vm context whose global object is a bare stub without `window`, `document` or
// `navigator`; it must run to its end without touching the DOM, set `RlabEditor.open`, and
// `open` must refuse a parent that is not an element before it builds a view. That the bundle
// is what the sources build is `scripts/build-web --check`'s job; the editor in a page is
// the browser tests'. Run with `node --test web/editor/test/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const bundlePath = fileURLToPath(new URL("../../../theme/live/editor.js", import.meta.url));
const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));

/** The bundle's text; fails the test when it is missing or empty. */
function bundleText() {
  assert.ok(existsSync(bundlePath), `${bundlePath} is missing: run scripts/build-web`);
  const text = readFileSync(bundlePath, "utf8");
  assert.ok(text.trim().length > 0, `${bundlePath} is empty: run scripts/build-web`);
  return text;
}

/** The bundle run as a classic script in a context of its own; returns that context. */
function runBundle() {
  const script = new vm.Script(bundleText(), { filename: "theme/live/editor.js" });
  const context = vm.createContext({});
  script.runInContext(context, { timeout: 5000 });
  return context;
}

test("the bundle is one classic script with the banner first and no source map", () => {
  const text = bundleText();
  const [first, ...rest] = text.split("\n");
  assert.match(first, /^\/\*! rlbook live-code editor .* \*\/$/);
  assert.doesNotMatch(text, /sourceMappingURL/);
  assert.doesNotMatch(text, /\/work\/|node_modules/, "no absolute or build-tree paths");
  assert.ok(rest.join("\n").startsWith("(()=>{"), "an IIFE after the banner");
  assert.doesNotThrow(() => new vm.Script(text), "compiles as a classic script");
});

test("the banner names every pinned runtime package at its locked version", () => {
  const [first] = bundleText().split("\n");
  const lock = JSON.parse(readFileSync(lockPath, "utf8"));
  const direct = Object.keys(lock.packages[""].dependencies);
  assert.ok(direct.length > 0);
  for (const name of direct) {
    const { version } = lock.packages[`node_modules/${name}`];
    assert.ok(first.includes(`${name}@${version}`), `${name}@${version} in the banner`);
  }
  assert.doesNotMatch(first, /esbuild/, "the bundler is not bundled");
  assert.match(first, /\(MIT\) \*\/$/);
});

test("run without a DOM, the bundle sets RlabEditor.open and nothing throws", () => {
  const context = runBundle();
  assert.equal(typeof context.RlabEditor, "object");
  assert.equal(typeof context.RlabEditor.open, "function");
  assert.deepEqual(Object.keys(context.RlabEditor), ["open"]);
  assert.equal(context.document, undefined, "the stub stayed without a DOM");
});

test("RlabEditor.open refuses a parent that is not an element", () => {
  const { RlabEditor } = runBundle();
  for (const parent of [undefined, null, {}, "main"]) {
    assert.throws(
      () => RlabEditor.open(parent, { doc: "x = 1;" }),
      (err) => err.name === "TypeError" && /RlabEditor\.open: parent must be an HTMLElement/.test(err.message),
      String(parent),
    );
  }
});
