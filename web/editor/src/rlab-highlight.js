// rlab for CodeMirror: the stream parser of rlab-mode.js as a StreamLanguage, one custom
// highlighting tag per token name, and a tag highlighter that gives each tag the page's
// classes for its scope (`comment.line.percentage.rlab` gives
// `hl-comment hl-line hl-percentage hl-rlab`). theme/highlight.css then colours the editor
// exactly as it colours the build-time highlighted code, in light and dark alike.
// A token with two scopes (a comment's `%`, a string's quotes) carries both tags, so its span
// has both class lists, as the page's nested spans do.

import { StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { Tag, tagHighlighter } from "@lezer/highlight";
import { SCOPES, rlabMode, scopeClasses } from "./rlab-mode.js";

/** A tag for each token name of the tokenizer. */
const TAGS = Object.fromEntries(Object.keys(SCOPES).map((name) => [name, Tag.define(name)]));

/** rlab as a CodeMirror language. */
export const rlabLanguage = StreamLanguage.define({ ...rlabMode, tokenTable: TAGS });

/** The highlighter: each tag's class list is the page's for the tag's scope. */
export const rlabHighlighter = tagHighlighter(
  Object.entries(SCOPES).map(([name, scope]) => ({ tag: TAGS[name], class: scopeClasses(scope) })),
);

/** The extensions that highlight rlab in an editor. */
export function rlab() {
  return [rlabLanguage, syntaxHighlighting(rlabHighlighter)];
}
