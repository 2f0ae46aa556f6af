//! The text passes before Markdown parsing: inline values `${…}` are replaced by their
//! values, and `\(…\)` / `\[…\]` become `$…$` / `$$…$$` (outside code). Both passes are edits
//! of the lesson body, applied at once; a [`SourceMap`] maps every offset of the new text back
//! to the lesson source so messages name the right line.
//!
//! An inline value becomes `$value$` when it stood before a `$` outside math (`wrap_math`),
//! the bare value inside math, and otherwise the value with every ASCII punctuation character
//! written as a character reference, so it reads as text and never as Markdown (`*`, `_`,
//! `[`, `$`, `|`, `<` …), in a `<span class="inline-value">` on the HTML page. A failed value becomes `<span class="inline-error">message</span>`
//! (inside math, where HTML cannot go, `\text{(error)}`).

use crate::book::Lesson;
use crate::book::inline::InlineValue;
use crate::exec::{InlineRun, LessonRun};
use pulldown_cmark::{Event, Parser};
use std::ops::Range;

/// The lesson body after the text passes, with its offset map.
pub(crate) struct Prepared {
    pub text: String,
    pub map: SourceMap,
}

/// One replacement: `orig` bytes of the source became `new` bytes of the text.
#[derive(Clone, Debug, PartialEq)]
struct Edit {
    orig: Range<usize>,
    new: Range<usize>,
}

/// Maps offsets of the prepared text to offsets of the lesson source.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct SourceMap {
    /// Source offset of text offset 0 (the body start).
    base: usize,
    /// Edits in text order.
    edits: Vec<Edit>,
}

impl SourceMap {
    /// The source offset of text offset `at` (inside a replacement: where it started).
    pub(crate) fn to_source(&self, at: usize) -> usize {
        let i = self.edits.partition_point(|e| e.new.start <= at);
        match i.checked_sub(1).and_then(|k| self.edits.get(k)) {
            None => self.base + at,
            Some(e) if at < e.new.end => e.orig.start,
            Some(e) => e.orig.end + (at - e.new.end),
        }
    }
}

/// How an inline value is written: from its run (if any), the value, and whether it stands
/// in math.
pub(crate) type ValueText = fn(Option<&InlineRun>, &InlineValue, bool) -> String;

/// Run both text passes over the lesson body.
pub(crate) fn prepare(lesson: &Lesson, run: &LessonRun) -> Prepared {
    let source = lesson.source.as_str();
    let start = lesson.body_start.min(source.len());
    apply(source, start, text_edits(lesson, run, inline_text))
}

/// The edits of both text passes over the lesson source (sorted), each inline value written
/// by `value_text`.
pub(crate) fn text_edits(
    lesson: &Lesson,
    run: &LessonRun,
    value_text: ValueText,
) -> Vec<(Range<usize>, String)> {
    let source = lesson.source.as_str();
    let start = lesson.body_start.min(source.len());
    let code = code_ranges(source, start);
    let scan = scan_body(source, start, &code, &lesson.inlines);
    let mut edits: Vec<(Range<usize>, String)> = lesson
        .inlines
        .iter()
        .zip(&scan.in_math)
        .enumerate()
        .map(|(k, (v, &in_math))| (v.span.clone(), value_text(run.inlines.get(k), v, in_math)))
        .collect();
    edits.extend(scan.delimiters);
    edits.sort_by_key(|(range, _)| (range.start, range.end));
    edits
}

/// Byte ranges of code blocks and code spans of the body, as the lesson loader finds them.
fn code_ranges(source: &str, start: usize) -> Vec<Range<usize>> {
    let options = crate::book::lesson::markdown_options();
    let mut ranges: Vec<Range<usize>> = Parser::new_ext(&source[start..], options)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(pulldown_cmark::Tag::CodeBlock(_)) | Event::Code(_) => {
                Some(range.start + start..range.end + start)
            }
            _ => None,
        })
        .collect();
    ranges.sort_by_key(|r| r.start);
    ranges
}

/// What the scan of the body finds: whether each inline value stands in math, and the edits
/// that turn `\(`, `\)`, `\[`, `\]` into dollar delimiters.
struct Scan {
    in_math: Vec<bool>,
    delimiters: Vec<(Range<usize>, String)>,
}

/// The math state while scanning.
#[derive(Default)]
struct MathState {
    dollar: bool,
    display: bool,
    /// The pending `\)` / `\]` of an open span, and where the span's content starts.
    paren: Option<(usize, usize)>,
}

impl MathState {
    fn in_math(&self) -> bool {
        self.dollar || self.display || self.paren.is_some()
    }
}

/// Walk the body outside code the way the inline-value scanner does (tracking `$` and `$$`),
/// also tracking `\(…\)` and `\[…\]` spans.
fn scan_body(source: &str, start: usize, code: &[Range<usize>], inlines: &[InlineValue]) -> Scan {
    let mut scan = Scan {
        in_math: Vec::with_capacity(inlines.len()),
        delimiters: Vec::new(),
    };
    let mut state = MathState::default();
    let (mut next_code, mut next_inline) = (0, 0);
    let mut i = start;
    while i < source.len() {
        while code.get(next_code).is_some_and(|r| r.end <= i) {
            next_code += 1;
        }
        if let Some(r) = code.get(next_code).filter(|r| r.contains(&i)) {
            i = r.end;
        } else if let Some(v) = inlines.get(next_inline).filter(|v| v.span.start <= i) {
            scan.in_math.push(state.in_math());
            next_inline += 1;
            i = i.max(v.span.end);
        } else {
            i = step(source, i, code, &mut state, &mut scan.delimiters);
        }
    }
    scan.in_math.resize(inlines.len(), false);
    scan
}

/// Scan the character at `i` (outside code and inline values); returns the next position.
fn step(
    source: &str,
    i: usize,
    code: &[Range<usize>],
    state: &mut MathState,
    edits: &mut Vec<(Range<usize>, String)>,
) -> usize {
    let bytes = source.as_bytes();
    match (bytes.get(i), bytes.get(i + 1)) {
        (Some(b'\\'), Some(_)) if state.paren.is_some_and(|(close, _)| close == i) => {
            let floor = state.paren.map_or(i, |(_, floor)| floor);
            edits.push(closer_edit(source, floor, i));
            state.paren = None;
            i + 2
        }
        (Some(b'\\'), Some(&c @ (b'(' | b'['))) if !state.in_math() => {
            let closer = if c == b'(' { b')' } else { b']' };
            let Some(close) = find_closer(source, i + 2, closer, code) else {
                return i + 2;
            };
            let edit = opener_edit(source, i, close);
            let next = edit.0.end;
            edits.push(edit);
            state.paren = Some((close, next));
            next
        }
        (Some(b'\\'), _) => i + 2,
        (Some(b'$'), Some(b'$')) => {
            state.display = !state.display;
            i + 2
        }
        (Some(b'$'), _) => {
            state.dollar = !state.dollar;
            i + 1
        }
        _ => i + 1,
    }
}

/// The `\)` or `\]` closing the span opened just before `from`, within its paragraph.
fn find_closer(source: &str, from: usize, closer: u8, code: &[Range<usize>]) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut i = from;
    // `code` is sorted: walk it with a cursor (testing every range at every byte made a
    // lesson written with `\(…\)` quadratic).
    let mut next_code = code.partition_point(|r| r.end <= i);
    while i + 1 < bytes.len() {
        while code.get(next_code).is_some_and(|r| r.end <= i) {
            next_code += 1;
        }
        if code.get(next_code).is_some_and(|r| r.contains(&i)) {
            return None;
        }
        match bytes[i] {
            b'\\' if bytes[i + 1] == closer => return Some(i),
            b'\\' => i += 2,
            b'\n'
                if source[i + 1..]
                    .trim_start_matches([' ', '\t'])
                    .starts_with('\n') =>
            {
                return None;
            }
            _ => i += 1,
        }
    }
    None
}

/// `\(` (or `\[`) and the blanks after it become `$` (or `$$`); `close` bounds the blanks.
fn opener_edit(source: &str, at: usize, close: usize) -> (Range<usize>, String) {
    let display = source.as_bytes().get(at + 1) == Some(&b'[');
    let blanks = source[at + 2..close].len() - source[at + 2..close].trim_start().len();
    let dollars = if display { "$$" } else { "$" };
    (at..at + 2 + blanks, dollars.to_string())
}

/// The blanks before `\)` (or `\]`, not before `floor`) and the delimiter become `$` (or
/// `$$`).
fn closer_edit(source: &str, floor: usize, at: usize) -> (Range<usize>, String) {
    let display = source.as_bytes().get(at + 1) == Some(&b']');
    let before = &source[floor.min(at)..at];
    let blanks = before.len() - before.trim_end().len();
    let dollars = if display { "$$" } else { "$" };
    (at - blanks..at + 2, dollars.to_string())
}

/// The text that replaces one inline value on the HTML page. A value in the text (not in
/// math) is a `<span class="inline-value" data-at="OFFSET">`, OFFSET its place in the
/// source, so that the page's live code can mark it stale or recompute it.
fn inline_text(value: Option<&InlineRun>, v: &InlineValue, in_math: bool) -> String {
    let text = value_text(value, v, in_math, escape_markdown, |message| {
        format!("<span class=\"inline-error\">{message}</span>")
    });
    let in_text = !in_math && !v.wrap_math && value.is_some_and(|r| r.value.is_ok());
    match in_text {
        true => format!(
            "<span class=\"inline-value\" data-at=\"{}\">{text}</span>",
            v.span.start
        ),
        false => text,
    }
}

/// An inline value as text of the page: `$value$` when it stood before a `$`, bare inside
/// math, else `escape`d; a failed value `\text{(error)}` in math, else its message, escaped,
/// as `failure` shows it.
pub(crate) fn value_text(
    value: Option<&InlineRun>,
    v: &InlineValue,
    in_math: bool,
    escape: fn(&str) -> String,
    failure: fn(&str) -> String,
) -> String {
    match value.map(|r| &r.value) {
        Some(Ok(text)) if v.wrap_math => {
            let text = one_line(text.trim());
            if text.is_empty() {
                text
            } else {
                format!("${text}$")
            }
        }
        Some(Ok(text)) if in_math => one_line(text),
        Some(Ok(text)) => escape(&one_line(text)),
        _ if in_math && !v.wrap_math => "\\text{(error)}".to_string(),
        other => {
            let message = match other {
                Some(Err(e)) => e.error.to_string(),
                _ => format!("'{}' was not evaluated", v.expr),
            };
            failure(&escape(&one_line(&message)))
        }
    }
}

pub(crate) fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Text that Markdown reads back literally: ASCII punctuation as character references.
fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if c.is_ascii_punctuation() {
            out.push_str(&format!("&#{};", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Apply sorted edits to `source[start..]`; an edit overlapping an earlier one is skipped.
fn apply(source: &str, start: usize, edits: Vec<(Range<usize>, String)>) -> Prepared {
    let mut text = String::with_capacity(source.len() - start + 64);
    let mut map = SourceMap {
        base: start,
        edits: Vec::with_capacity(edits.len()),
    };
    let mut done = start;
    for (range, replacement) in edits {
        let valid = range.start >= done
            && range.end <= source.len()
            && source.is_char_boundary(range.start)
            && source.is_char_boundary(range.end);
        if !valid {
            continue;
        }
        text.push_str(&source[done..range.start]);
        let new_start = text.len();
        text.push_str(&replacement);
        map.edits.push(Edit {
            orig: range.clone(),
            new: new_start..text.len(),
        });
        done = range.end;
    }
    text.push_str(&source[done..]);
    Prepared { text, map }
}

#[cfg(test)]
mod tests;
