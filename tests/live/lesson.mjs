// Run a lesson's rlab blocks as one session in the page's interpreter under node and print
// each block's time, figure count, error and text as JSON: `node tests/live/lesson.mjs
// MODULE LESSON.md [SEED]`. Exits non-zero when the module traps or cannot read a request.
import { load } from "./module.mjs";
import { readFileSync } from "node:fs";
const ask = await load(process.argv[2]);
const md = readFileSync(process.argv[3], "utf8");
const lines = md.split("\n");
const blocks = [];
for (let i = 0; i < lines.length; i++) {
  if (/^```(rlab|rustlab)/.test(lines[i])) {
    const start = i + 2; const code = [];
    for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
    blocks.push({ line: start, code: code.join("\n") + "\n" });
  }
}
let t0 = performance.now();
const started = ask({ op: "start", seed: Number(process.argv[4] ?? 42) });
if (started.fault) throw new Error(started.fault);
const out = [];
blocks.forEach((b, k) => {
  const t = performance.now();
  const r = ask({ op: "run", block: k + 1, file: "x.md", line: b.line, code: b.code });
  if (r.fault) throw new Error(`block ${k + 1}: ${r.fault}`);
  out.push({ text: r.text, error: r.error, ms: performance.now() - t, figs: r.files.length });
});
console.log(JSON.stringify({ total_ms: performance.now() - t0, out }));
