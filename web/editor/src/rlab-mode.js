// rlab's tokenizer for the editor: a CodeMirror stream parser (the object StreamLanguage.define
// takes) that follows src/render/syntax/rlab.sublime-syntax, the grammar of the page's
// build-time highlighter, rule for rule and in the same order. DOM-free, so node's tests
// import it directly. Each token name stands for one TextMate scope of that grammar
// (SCOPES); rlab-highlight.js gives each the page's classes (`hl-` + the scope's atoms).
//
// How the grammar is followed: at each position the `main` rules are tried in order, anchored
// there (the grammar's leftmost-first match); a position no rule matches is plain text. Every
// context of the grammar ends at the end of its line, so the state resets at each line start.
// `\b`, `\d` and `\s` are written out as Unicode classes, as syntect's regex engine reads them.
// A match with several captures becomes several tokens, queued in `state.pending`.

import { builtins, constants, keywords } from "./words.generated.js";

/** The grammar's scope for each token name. */
export const SCOPES = {
  commentPercentage: "comment.line.percentage.rlab",
  commentNumberSign: "comment.line.number-sign.rlab",
  commentMark: "punctuation.definition.comment.rlab",
  continuation: "punctuation.separator.continuation.rlab",
  continuationComment: "comment.line.continuation.rlab",
  functionKeyword: "storage.type.function.rlab",
  functionName: "entity.name.function.rlab",
  keyword: "keyword.control.rlab",
  handle: "keyword.operator.handle.rlab",
  handleName: "variable.function.rlab",
  lambda: "keyword.operator.lambda.rlab",
  number: "constant.numeric.rlab",
  constant: "constant.language.rlab",
  builtin: "support.function.builtin.rlab",
  transpose: "keyword.operator.transpose.rlab",
  stringDouble: "string.quoted.double.rlab",
  stringSingle: "string.quoted.single.rlab",
  stringBegin: "punctuation.definition.string.begin.rlab",
  stringEnd: "punctuation.definition.string.end.rlab",
  elementwise: "keyword.operator.arithmetic.elementwise.rlab",
  comparison: "keyword.operator.comparison.rlab",
  logical: "keyword.operator.logical.rlab",
  assignment: "keyword.operator.assignment.rlab",
  arithmetic: "keyword.operator.arithmetic.rlab",
  range: "keyword.operator.range.rlab",
  separator: "punctuation.separator.rlab",
};

/** The page's class list for a scope: `a.b.c` gives `hl-a hl-b hl-c`. */
export function scopeClasses(scope) {
  return scope
    .split(".")
    .map((atom) => `hl-${atom}`)
    .join(" ");
}

// Unicode forms of the regex shorthands as syntect (regex crate) reads them.
const WORD = "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]";
const DIGIT = "\\p{Nd}";
const SPACE = "\\p{White_Space}";
const IDENT = "[\\p{L}_][\\p{L}\\p{N}_]*";

const escape = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const sticky = (src) => new RegExp(src, "uy");
/** `\b(?:a|b)\b` for a word list. */
const wordsRule = (list) => sticky(`(?<!${WORD})(?:${list.map(escape).join("|")})(?!${WORD})`);

const RULES = {
  continuation: sticky("(\\.\\.\\.)(.*)$"),
  functionDef: sticky(
    `(?<!${WORD})(function)(?!${WORD})` +
      `(?:(${SPACE}*\\[[^\\]\\n]*\\]${SPACE}*=|${SPACE}*${IDENT}${SPACE}*=(?!=))?(${SPACE}*)(${IDENT}))?`,
  ),
  end: wordsRule(["end"]),
  keyword: wordsRule(keywords),
  handle: sticky(`(@)(${SPACE}*)(${IDENT})`),
  number: sticky(
    `(?:${DIGIT}[${DIGIT}_]*(?:\\.(?![*/^'.])[${DIGIT}_]*)?|\\.${DIGIT}[${DIGIT}_]*)(?:[eE][+-]?${DIGIT}+)?`,
  ),
  constant: wordsRule(constants),
  builtin: wordsRule(builtins),
  identifier: sticky(IDENT),
  transpose: sticky(`(${SPACE}*)(\\.?')`),
  space: sticky(`${SPACE}+`),
};

/** The operator rules, in the grammar's order. */
const OPERATORS = [
  [sticky("\\.[*/^]"), "elementwise"],
  [sticky("==|!=|<=|>=|<|>"), "comparison"],
  [sticky("&&|\\|\\||!"), "logical"],
  [sticky("[+\\-*/]=|="), "assignment"],
  [sticky("[+\\-*/^]"), "arithmetic"],
  [sticky(":"), "range"],
  [sticky("[,;]"), "separator"],
];

/** Block keywords for indentation: openers add a level, `end` closes one (an `end` inside
 * brackets of its line indexes instead). */
const OPENERS = new Set(["if", "for", "while", "function"]);
const DEDENTED = /^\s*(end|else|elseif|case|otherwise)(?![\p{L}\p{N}_])/u;

/** The match of a sticky rule at the stream's position, or null. */
function at(rule, stream) {
  rule.lastIndex = stream.pos;
  return rule.exec(stream.string);
}

/** Consumes consecutive pieces `[length, token]`: returns the first, queues the rest. */
function emit(stream, state, pieces) {
  let pos = stream.pos;
  const queue = [];
  for (const [length, token] of pieces) {
    if (length > 0) queue.push([(pos += length), token]);
  }
  const [first, ...rest] = queue;
  stream.pos = first[0];
  state.pending = rest;
  return first[1];
}

/** Tracks blocks (for indentation) as keywords pass outside brackets. */
function trackBlock(state, word) {
  if (state.brackets > 0) return;
  const blocks = state.blocks;
  if (OPENERS.has(word)) blocks.push("block");
  else if (word === "switch") blocks.push("switch");
  else if (word === "case" || word === "otherwise") {
    if (blocks[blocks.length - 1] === "case") blocks.pop();
    blocks.push("case");
  } else if (word === "end") {
    if (blocks[blocks.length - 1] === "case") blocks.pop();
    blocks.pop();
  }
}

/** Words: function definitions, keywords, handles, numbers, constants, builtins, names. */
function wordToken(stream, state) {
  let m;
  if ((m = at(RULES.functionDef, stream))) {
    trackBlock(state, "function");
    const middle = (m[2] || "").length + (m[3] || "").length;
    return emit(stream, state, [
      [m[1].length, "functionKeyword"],
      [middle, null],
      [(m[4] || "").length, "functionName"],
    ]);
  }
  if ((m = at(RULES.end, stream)) || (m = at(RULES.keyword, stream))) {
    trackBlock(state, m[0]);
    if (m[0] === "end") state.context = "operand";
    return emit(stream, state, [[m[0].length, "keyword"]]);
  }
  if ((m = at(RULES.handle, stream))) {
    state.context = "operand";
    return emit(stream, state, [
      [1, "handle"],
      [m[2].length, null],
      [m[3].length, "handleName"],
    ]);
  }
  if (stream.peek() === "@") return emit(stream, state, [[1, "lambda"]]);
  for (const name of ["number", "constant", "builtin", "identifier"]) {
    if ((m = at(RULES[name], stream))) {
      state.context = "operand";
      return emit(stream, state, [[m[0].length, name === "identifier" ? null : name]]);
    }
  }
  return undefined;
}

/** Strings, closers, operators and plain characters (the rest of `main`). */
function symbolToken(stream, state) {
  const ch = stream.peek();
  if (ch === '"' || ch === "'") {
    state.context = ch === '"' ? "stringDouble" : "stringSingle";
    stream.next();
    return `${state.context} stringBegin`;
  }
  if (ch === ")" || ch === "]" || ch === "}") {
    state.brackets = Math.max(0, state.brackets - 1);
    state.context = "operand";
    stream.next();
    return null;
  }
  for (const [rule, token] of OPERATORS) {
    const m = at(rule, stream);
    if (m) return emit(stream, state, [[m[0].length, token]]);
  }
  if (ch === "(" || ch === "[" || ch === "{") state.brackets += 1;
  stream.pos += String.fromCodePoint(stream.string.codePointAt(stream.pos)).length;
  return null;
}

/** The `main` context: comments and continuations first, then the rest in order. */
function mainToken(stream, state) {
  if (stream.eatSpace()) return null;
  const m = at(RULES.continuation, stream);
  if (m) {
    return emit(stream, state, [
      [3, "continuation"],
      [m[2].length, "continuationComment"],
    ]);
  }
  const ch = stream.peek();
  if (ch === "%" || ch === "#") {
    state.context = ch === "%" ? "commentPercentage" : "commentNumberSign";
    stream.next();
    return `${state.context} commentMark`;
  }
  const word = wordToken(stream, state);
  return word !== undefined ? word : symbolToken(stream, state);
}

/** Inside a string: the body up to the closing quote, then the quote (an operand). */
function stringToken(stream, state) {
  const context = state.context;
  const quote = context === "stringDouble" ? '"' : "'";
  if (stream.peek() === quote) {
    stream.next();
    state.context = "operand";
    return `${context} stringEnd`;
  }
  const close = stream.string.indexOf(quote, stream.pos);
  stream.pos = close < 0 ? stream.string.length : close;
  return context;
}

/** After an operand a quote (with optional spaces before it, and `.'`) is a transpose. */
function operandToken(stream, state) {
  const m = at(RULES.transpose, stream);
  if (m) {
    return emit(stream, state, [
      [m[1].length, null],
      [m[2].length, "transpose"],
    ]);
  }
  state.context = "main";
  return mainToken(stream, state);
}

/** The stream parser's `token`: one token from the stream's position. */
function token(stream, state) {
  if (stream.sol()) {
    state.context = "main";
    state.pending = [];
    state.brackets = 0;
  }
  if (state.pending.length) {
    const [end, name] = state.pending.shift();
    stream.pos = end;
    return name;
  }
  switch (state.context) {
    case "commentPercentage":
    case "commentNumberSign":
      stream.skipToEnd();
      return state.context;
    case "stringDouble":
    case "stringSingle":
      return stringToken(stream, state);
    case "operand":
      return operandToken(stream, state);
    default:
      return mainToken(stream, state);
  }
}

/** The indentation of a line: one unit per open block, less one for a closing keyword. */
function indent(state, textAfter, cx) {
  const blocks = state.blocks;
  let depth = blocks.length;
  const closing = DEDENTED.exec(textAfter);
  if (closing) {
    const inCase = blocks[blocks.length - 1] === "case";
    const word = closing[1];
    if (word === "end") depth -= inCase ? 2 : 1;
    else if (word === "else" || word === "elseif" || inCase) depth -= 1;
  }
  return Math.max(0, depth) * cx.unit;
}

/** The stream parser (without the token table, which needs CodeMirror's tags). */
export const rlabMode = {
  name: "rlab",
  startState: () => ({ context: "main", pending: [], blocks: [], brackets: 0 }),
  copyState: (s) => ({ ...s, pending: s.pending.slice(), blocks: s.blocks.slice() }),
  token,
  indent,
  languageData: {
    commentTokens: { line: "%" },
    indentOnInput: /^\s*(end|else|elseif|case|otherwise)$/,
  },
};
