//! The glossary's syntax in a lesson (docs/glossary.md): a marked use of a term, written as a
//! Pandoc bracketed span, and an index marker, written as an HTML comment.
//!
//! - `[causal mask]{.term}`: the bracket's text names the term; `[the masks]{term="causal
//!   mask"}` (or `{.term term="causal mask"}`) names it explicitly and shows the text. The
//!   bracket holds plain text on one line (no brackets inside), `]{` touch, and the braces
//!   hold `.term` and `term=` only: any other attribute, or any other `{…}` after a bracket,
//!   is not ours and stays text. `\[` starts nothing.
//! - `<!-- index: attention; causal mask; attention!scaled dot-product -->`: entries between
//!   `;`, trimmed (empty ones ignored); `main!sub` is a sub-entry under its main entry, one
//!   level deep (a second `!` stays in the sub-entry). The keyword is `index:`, exactly;
//!   whitespace around it is free. A marker stands alone on its line or inside a paragraph.
//!
//! Uses are found in the text a reader sees ([`super::prose::text_runs`]: not in code, math,
//! the text of a link or an image's alt, raw HTML); markers in raw HTML
//! ([`super::prose::html_runs`]). Every offset is a byte offset into the lesson's source.

use super::prose::{html_runs, text_runs};
use std::ops::Range;

/// A marked use of a glossary term.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TermUse {
    /// The whole `[…]{…}`.
    pub span: Range<usize>,
    /// The bracket's text, as written: what the reader sees.
    pub text: String,
    /// The term named by `term="…"`, if any (else the text names it).
    pub term: Option<String>,
    /// Where the text that names the term is written (the `term=` value, or the bracket's
    /// text without its surrounding spaces), for the caret of an error.
    pub name: Range<usize>,
}

/// One entry of an index marker: `main`, or `main!sub`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct IndexTerm {
    pub main: String,
    pub sub: Option<String>,
    /// Byte offset of the entry's first character.
    pub at: usize,
}

/// An index marker: `<!-- index: … -->`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct IndexMarker {
    /// The whole comment.
    pub span: Range<usize>,
    /// Its entries, in order (none when every one is empty).
    pub entries: Vec<IndexTerm>,
}

/// What the scan finds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Found {
    Use(TermUse),
    Marker(IndexMarker),
}

impl Found {
    /// Where it is written.
    pub(crate) fn span(&self) -> &Range<usize> {
        match self {
            Found::Use(u) => &u.span,
            Found::Marker(m) => &m.span,
        }
    }
}

/// Every term use and index marker of `source[body..]`, in source order.
pub(crate) fn scan(source: &str, body: usize) -> Vec<Found> {
    let uses = (text_runs(source, body).into_iter())
        .flat_map(|run| find_uses(source, run))
        .map(Found::Use);
    let markers = (html_runs(source, body).into_iter())
        .flat_map(|pieces| find_markers(source, &pieces))
        .map(Found::Marker);
    let mut found: Vec<Found> = uses.chain(markers).collect();
    found.sort_by_key(|f| f.span().start);
    found
}

/// Whether the character at byte `at` of `source` is escaped by a backslash (an odd number
/// of them before it).
fn escaped(source: &str, at: usize) -> bool {
    let slashes = source[..at]
        .bytes()
        .rev()
        .take_while(|&b| b == b'\\')
        .count();
    slashes % 2 == 1
}

/// The term uses in `source[run]`, in order.
pub(crate) fn find_uses(source: &str, run: Range<usize>) -> Vec<TermUse> {
    let mut found: Vec<TermUse> = Vec::new();
    let Some(text) = source.get(run.clone()) else {
        return found;
    };
    for (i, c) in text.char_indices() {
        let at = run.start + i;
        let free = found.last().is_none_or(|u| u.span.end <= at);
        if c == '[' && free && !escaped(source, at) {
            found.extend(use_at(source, at, run.end));
        }
    }
    found
}

/// The term use whose `[` is at byte `open` of `source`, ending before `end`.
fn use_at(source: &str, open: usize, end: usize) -> Option<TermUse> {
    let inner = open + 1;
    let close = inner + source.get(inner..end)?.find(['[', ']'])?;
    if source.as_bytes()[close] != b']' || escaped(source, close) {
        return None;
    }
    let text = &source[inner..close];
    if text.trim().is_empty() || !source[close + 1..end].starts_with('{') {
        return None;
    }
    let attrs_at = close + 2;
    let attrs_end = attrs_at + source[attrs_at..end].find('}')?;
    let explicit = term_attributes(&source[attrs_at..attrs_end])?;
    let lead = text.len() - text.trim_start().len();
    let (term, name) = match explicit {
        Some((value, at)) => (
            Some(value.to_string()),
            attrs_at + at..attrs_at + at + value.len(),
        ),
        None => (None, inner + lead..inner + lead + text.trim().len()),
    };
    Some(TermUse {
        span: open..attrs_end + 1,
        text: text.to_string(),
        term,
        name,
    })
}

/// The attributes between the braces, when they mark a term: `Some(None)` for `.term`,
/// `Some(Some((name, offset in attrs)))` with `term="name"`; `None` when they are not ours
/// (another attribute, a malformed one, neither `.term` nor `term=`).
fn term_attributes(attrs: &str) -> Option<Option<(&str, usize)>> {
    let (mut class, mut explicit) = (false, None);
    let mut rest = attrs;
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            break;
        }
        let at = attrs.len() - trimmed.len();
        if let Some(after) = trimmed.strip_prefix(".term") {
            if !after.is_empty() && !after.starts_with(char::is_whitespace) {
                return None;
            }
            (class, rest) = (true, after);
        } else if let Some(after) = trimmed.strip_prefix("term=") {
            let (value, offset, after) = attribute_value(after)?;
            if explicit.is_some() || value.trim().is_empty() {
                return None;
            }
            explicit = Some((value, at + "term=".len() + offset));
            rest = after;
        } else {
            return None;
        }
    }
    (class || explicit.is_some()).then_some(explicit)
}

/// An attribute's value at the start of `text`: quoted (`"…"` or `'…'`) or bare up to the
/// next space; with its offset in `text` and what follows it.
fn attribute_value(text: &str) -> Option<(&str, usize, &str)> {
    let quote = text.chars().next().filter(|c| *c == '"' || *c == '\'');
    match quote {
        Some(q) => {
            let close = 1 + text[1..].find(q)?;
            let after = &text[close + 1..];
            let separated = after.is_empty() || after.starts_with(char::is_whitespace);
            separated.then_some((&text[1..close], 1, after))
        }
        None => {
            let end = text.find(char::is_whitespace).unwrap_or(text.len());
            (end > 0).then_some((&text[..end], 0, &text[end..]))
        }
    }
}

/// The index markers among the comments of one stretch of raw HTML (`pieces`: its source
/// ranges, read as one text).
pub(crate) fn find_markers(source: &str, pieces: &[Range<usize>]) -> Vec<IndexMarker> {
    let text: String = pieces.iter().map(|r| &source[r.clone()]).collect();
    // Where each piece starts in `text`, and in the source.
    let mut starts = Vec::with_capacity(pieces.len());
    let mut offset = 0;
    for piece in pieces {
        starts.push((offset, piece.start));
        offset += piece.len();
    }
    let to_source = |at: usize| {
        let i = starts
            .partition_point(|(start, _)| *start <= at)
            .saturating_sub(1);
        starts
            .get(i)
            .map_or(at, |(start, source_at)| source_at + at - start)
    };
    let mut markers = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("<!--").map(|i| from + i) {
        let Some(close) = text[open + 4..].find("-->").map(|i| open + 4 + i) else {
            break;
        };
        from = close + 3;
        let Some((body_at, entries)) = marker_entries(&text[open + 4..close]) else {
            continue;
        };
        let entries = (entries.into_iter())
            .map(|(main, sub, at)| IndexTerm {
                main,
                sub,
                at: to_source(open + 4 + body_at + at),
            })
            .collect();
        let span = to_source(open)..to_source(close + 2) + 1;
        markers.push(IndexMarker { span, entries });
    }
    markers
}

/// The entries of a comment's inner text when it is an index marker: where the entries
/// begin (after `index:`) and each `(main, sub, offset from there)`.
type Entries = Vec<(String, Option<String>, usize)>;

fn marker_entries(inner: &str) -> Option<(usize, Entries)> {
    let keyword = inner.trim_start().strip_prefix("index")?;
    let body = keyword.trim_start().strip_prefix(':')?;
    let body_at = inner.len() - body.len();
    let mut entries = Vec::new();
    let mut at = 0;
    for part in body.split(';') {
        let lead = part.len() - part.trim_start().len();
        let (main, sub) = match part.split_once('!') {
            Some((main, sub)) => (
                collapse(main),
                Some(collapse(sub)).filter(|s| !s.is_empty()),
            ),
            None => (collapse(part), None),
        };
        match (main.is_empty(), sub) {
            (false, sub) => entries.push((main, sub, at + lead)),
            (true, Some(sub)) => entries.push((sub, None, at + lead)),
            (true, None) => {}
        }
        at += part.len() + 1;
    }
    Some((body_at, entries))
}

/// `text` trimmed, with every run of whitespace inside one space.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
