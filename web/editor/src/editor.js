// The live-code editor of rlbook pages: a small CodeMirror 6 set-up for one rlab block,
// bundled by scripts/build-web into theme/live/editor.js, which sets
// `globalThis.RlabEditor = { open }`:
//
//   const ed = RlabEditor.open(parent, { doc, label, onRun, onChange });
//   ed.getText(); ed.setText(s); ed.focus(); ed.destroy();
//
// Keyboard first: Tab is not bound, so Tab and Shift-Tab move the focus out of the editor;
// Enter keeps or adjusts the indentation; Ctrl-Enter, Cmd-Enter and Shift-Enter run the
// block. Long lines wrap, so the editor has no scrolling region of its own. The look comes from the page's CSS variables (light and dark), the colours of the
// code from theme/highlight.css through the page's own `hl-` classes (rlab-highlight.js).

import { EditorState, Prec } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, indentOnInput, indentUnit } from "@codemirror/language";
import { rlab } from "./rlab-highlight.js";

/** The editor's look: the page's variables, with fallbacks for a page without them. */
const theme = EditorView.theme({
  "&": {
    backgroundColor: "var(--code-bg, #f6f8fa)",
    color: "var(--fg, inherit)",
    fontFamily: "var(--font-mono, monospace)",
    fontSize: "0.875em",
    border: "1px solid var(--border, currentColor)",
    borderRadius: "8px",
  },
  "&.cm-focused": {
    outline: "2px solid var(--focus, Highlight)",
    outlineOffset: "2px",
  },
  ".cm-scroller": { fontFamily: "inherit", lineHeight: "1.5" },
  ".cm-content": { caretColor: "var(--fg, currentColor)", padding: "0.75rem 0" },
  ".cm-line": { padding: "0 1rem" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--fg, currentColor)" },
  ".cm-activeLine": {
    backgroundColor: "var(--code-active-line, color-mix(in srgb, currentColor 6%, transparent))",
  },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
    {
      backgroundColor:
        "var(--code-selection, color-mix(in srgb, var(--focus, Highlight) 28%, transparent))",
    },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": {
    backgroundColor: "transparent",
    outline: "1px solid var(--muted, currentColor)",
  },
  ".cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket": {
    backgroundColor: "transparent",
    outline: "1px dashed var(--error-fg, currentColor)",
  },
});

/** A keymap entry that calls `fn` and reports the key handled. */
function runKey(key, fn) {
  return { key, preventDefault: true, run: () => (fn(), true) };
}

/** The keys that run the block, ahead of the default keymap's Mod-Enter and Shift-Enter. */
function runKeymap(onRun) {
  return Prec.highest(
    keymap.of([
      runKey("Ctrl-Enter", onRun),
      runKey("Meta-Enter", onRun),
      runKey("Shift-Enter", onRun),
    ]),
  );
}

/** Calls `onChange` with the text after every change of the document. */
function changeListener(onChange) {
  return EditorView.updateListener.of((update) => {
    if (update.docChanged) onChange(update.state.doc.toString());
  });
}

/** The editor's extensions for the given options. */
function extensions({ label, onRun, onChange }) {
  return [
    history(),
    drawSelection(),
    highlightSpecialChars(),
    highlightActiveLine(),
    EditorView.lineWrapping,
    bracketMatching(),
    indentOnInput(),
    indentUnit.of("  "),
    EditorState.tabSize.of(2),
    rlab(),
    runKeymap(onRun),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    changeListener(onChange),
    EditorView.contentAttributes.of({ "aria-label": label }),
    theme,
  ];
}

const noop = () => {};

/**
 * Opens an editor in `parent` (appended to it). Options: `doc` (the initial text), `label`
 * (the accessible name of the text area), `onRun()` and `onChange(text)`.
 */
export function open(parent, options = {}) {
  if (!parent || typeof parent.appendChild !== "function") {
    throw new TypeError("RlabEditor.open: parent must be an HTMLElement");
  }
  const settings = {
    label: String(options.label ?? "Code"),
    onRun: typeof options.onRun === "function" ? options.onRun : noop,
    onChange: typeof options.onChange === "function" ? options.onChange : noop,
  };
  const view = new EditorView({
    parent,
    state: EditorState.create({ doc: String(options.doc ?? ""), extensions: extensions(settings) }),
  });
  return {
    view,
    getText: () => view.state.doc.toString(),
    setText: (text) =>
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: String(text) } }),
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

globalThis.RlabEditor = { open };
