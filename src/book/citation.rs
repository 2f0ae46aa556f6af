//! The syntax of a citation, as in Pandoc: a bracket of items separated by `;`, each an
//! optional `-` (the author suppressed), `@key` and an optional locator after a comma
//! (`[@vaswani2017]`, `[@kaplan2020, p. 5]`, `[@a; @b]`, `[-@xiong2020]`), or a narrative
//! `@key` in the prose. A key starts with a letter, digit or `_` and goes on with those and
//! the punctuation `:.#$%&-+?<>~/` between them (so `@a2017.` cites `a2017`).
//!
//! An `@` right after a letter, digit or one of `_.-+/` (an e-mail address), or escaped as
//! `\@`, starts nothing; nor does a cross-reference label (`@fig-…`, `@eq-…`, `@tbl-…`,
//! `@sec-…`, [`crate::book::label`]). A narrative `@word` is a citation only when `word` is
//! a key of the bibliography; a bracket whose items all have this syntax is a citation
//! whatever its keys, so that a misspelt key is an error rather than text.

use super::label::{PREFIXES, is_label_of};
use std::ops::Range;

/// One cited work of a citation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Item {
    pub key: String,
    /// Byte offset of the key (after the `@`) in the source.
    pub key_at: usize,
    /// The text after the comma (`p. 5`), trimmed.
    pub locator: Option<String>,
    /// Written `-@key`.
    pub suppress_author: bool,
}

/// A citation found in a source.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Citation {
    /// Where it is written: the bracket, or the `@key`.
    pub span: Range<usize>,
    pub items: Vec<Item>,
    /// A bare `@key` in the prose, not a bracket.
    pub narrative: bool,
}

/// The length of the citation key `text` starts with (0: none).
pub(crate) fn key_len(text: &str) -> usize {
    let inner = |c: char| ":.#$%&-+?<>~/".contains(c);
    let mut len = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        let continues = chars.peek().is_some_and(|&(_, n)| word(n));
        if word(c) {
            len = i + c.len_utf8();
        } else if !(len > 0 && inner(c) && continues) {
            break;
        }
    }
    len
}

/// Whether `@` at byte `at` of `source` may start a citation: not escaped, not inside a word
/// or an address.
fn free_at_sign(source: &str, at: usize) -> bool {
    let before = &source[..at];
    let escaped = before.ends_with('\\') && !before.ends_with("\\\\");
    let glued = before
        .chars()
        .next_back()
        .is_some_and(|b| b.is_alphanumeric() || "_.-+/".contains(b));
    !escaped && !glued
}

/// Whether `key` is a cross-reference label rather than a citation key.
fn is_cross_reference(key: &str) -> bool {
    PREFIXES.iter().any(|p| is_label_of(p, key))
}

/// The item written at `text` (one part of a bracket, `at` its offset in the source).
fn item(text: &str, at: usize) -> Option<Item> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let (suppress_author, body) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    let rest = body.strip_prefix('@')?;
    let len = key_len(rest);
    let key = &rest[..len];
    let after = rest[len..].trim_start();
    let locator = match after.strip_prefix(',') {
        Some(l) if !l.trim().is_empty() => Some(l.trim().to_string()),
        Some(_) => return None,
        None if after.is_empty() => None,
        None => return None,
    };
    if len == 0 || is_cross_reference(key) {
        return None;
    }
    let key_at = at + lead + usize::from(suppress_author) + 1;
    Some(Item {
        key: key.to_string(),
        key_at,
        locator,
        suppress_author,
    })
}

/// The bracket citation whose `[` is at byte `open` of `source` (within `end`), if the
/// bracket holds only citation items.
fn bracket(source: &str, open: usize, end: usize) -> Option<Citation> {
    let inner_start = open + 1;
    let close = inner_start + source.get(inner_start..end)?.find([']', '['])?;
    if source.as_bytes()[close] != b']' {
        return None;
    }
    let mut items = Vec::new();
    let mut at = inner_start;
    for part in source[inner_start..close].split(';') {
        items.push(item(part, at)?);
        at += part.len() + 1;
    }
    Some(Citation {
        span: open..close + 1,
        items,
        narrative: false,
    })
}

/// Every citation in `source[range]`, in order; `is_key` tells a bibliography key, which
/// a narrative `@key` must be. Also the narrative `@word`s that are not keys (for a "did
/// you mean" when one is close to a key), with their offsets.
pub(crate) fn find(
    source: &str,
    range: Range<usize>,
    is_key: impl Fn(&str) -> bool,
) -> (Vec<Citation>, Vec<(usize, String)>) {
    let (mut found, mut strays) = (Vec::new(), Vec::new());
    let Some(text) = source.get(range.clone()) else {
        return (found, strays);
    };
    let mut skip_to = range.start;
    for (i, c) in text.char_indices() {
        let at = range.start + i;
        if at < skip_to {
            continue;
        }
        let escaped = source[..at].ends_with('\\') && !source[..at].ends_with("\\\\");
        if c == '[' && !escaped {
            if let Some(citation) = bracket(source, at, range.end) {
                skip_to = citation.span.end;
                found.push(citation);
            }
        } else if c == '@' && free_at_sign(source, at) {
            let len = key_len(&text[i + 1..]);
            let key = &text[i + 1..i + 1 + len];
            if len == 0 || is_cross_reference(key) {
                continue;
            }
            skip_to = at + 1 + len;
            if !is_key(key) {
                strays.push((at + 1, key.to_string()));
                continue;
            }
            found.push(Citation {
                span: at..at + 1 + len,
                items: vec![Item {
                    key: key.to_string(),
                    key_at: at + 1,
                    locator: None,
                    suppress_author: false,
                }],
                narrative: true,
            });
        }
    }
    (found, strays)
}

#[cfg(test)]
mod tests;
