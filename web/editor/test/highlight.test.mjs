// The editor's rlab tokenizer against the page's classes, without a DOM: a minimal string
// stream (the methods CodeMirror's StringStream gives a stream mode) drives rlabMode line by
// line. Run with `node --test web/editor/test/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SCOPES, rlabMode, scopeClasses } from "../src/rlab-mode.js";

class LineStream {
  constructor(string) { this.string = string; this.pos = 0; this.start = 0; }
  sol() { return this.pos === 0; }
  eol() { return this.pos >= this.string.length; }
  peek() { return this.string.charAt(this.pos) || undefined; }
  next() { return this.pos < this.string.length ? this.string.charAt(this.pos++) : undefined; }
  eatSpace() { const s = this.pos; while (/\s/.test(this.string.charAt(this.pos))) this.pos++; return this.pos > s; }
  skipToEnd() { this.pos = this.string.length; }
  current() { return this.string.slice(this.start, this.pos); }
}

/** [text, classes] of every styled token of `lines`, one session of state. */
export function tokens(lines) {
  const state = rlabMode.startState();
  const out = [];
  for (const line of lines.split("\n")) {
    const stream = new LineStream(line);
    let guard = 0;
    while (!stream.eol() && guard++ < 1000) {
      stream.start = stream.pos;
      const scope = rlabMode.token(stream, state);
      assert.ok(stream.pos > stream.start, `no progress at ${stream.pos} of ${line}`);
      if (scope) out.push([stream.current().trim(), scope.split(" ").map((s) => scopeClasses(SCOPES[s])).join(" ")]);
    }
  }
  return out;
}

const classOf = (lines, text) => (tokens(lines).find(([t]) => t === text) || [])[1];

test("a quote after an operand is a transpose, elsewhere a string", () => {
  assert.match(classOf("B = A';", "'"), /hl-transpose/);
  assert.match(classOf("y = x.';", ".'"), /hl-transpose/);
  assert.match(classOf("z = [1 2]';", "'"), /hl-transpose/);
  assert.match(classOf("v = x(end)';", "'"), /hl-transpose/);
  assert.ok(tokens("s = 'abc';").some(([, c]) => /hl-string/.test(c)));
});

test("comments, continuations, numbers, builtins and functions take the page's classes", () => {
  assert.ok(tokens("% note").every(([, c]) => /hl-comment/.test(c)));
  assert.ok(tokens("x = 1 + ... rest").some(([, c]) => /hl-comment/.test(c)));
  for (const n of ["1e-3", ".5", "3.", "1_000"]) {
    assert.match(classOf(`y = ${n};`, n), /hl-constant hl-numeric/, n);
  }
  assert.match(classOf("m = mean(x);", "mean"), /hl-support hl-function hl-builtin/);
  assert.match(classOf("function [a, b] = f(x)", "function"), /hl-storage/);
  assert.match(classOf("function [a, b] = f(x)", "f"), /hl-entity hl-name hl-function/);
  assert.match(classOf("if x > 1\nend", "if"), /hl-keyword hl-control/);
  assert.match(classOf("g = @sin;", "sin"), /hl-variable hl-function/);
});
