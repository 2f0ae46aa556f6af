//! Finding references in text: `@` followed by a label with a known prefix (`@fig-depth`,
//! `@eq-ln`, `@tbl-sizes`, `@sec-intro`). An `@` right after a letter, digit or one of
//! `_.-+/` (an e-mail address), or escaped as `\@`, is not a reference; nor is `@user` or
//! any label without a known prefix. A label is letters, digits, `-` and `_`, not ending in
//! `-` or `_` (so `@fig-a-` or `see @fig-a.` reference `fig-a`).

use crate::book::label::PREFIXES;
use crate::book::label::is_label_of;
use crate::book::label::label_len;
use std::ops::Range;

/// A reference or an escaped at-sign found in a source.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Found {
    /// Byte offset of the `@` in the source.
    pub at: usize,
    pub label: String,
    /// Written `\@…`: a literal at-sign, not a reference.
    pub escaped: bool,
}

/// Every reference (escaped or not) in `source[range]`.
pub(crate) fn find(source: &str, range: Range<usize>) -> Vec<Found> {
    let mut found = Vec::new();
    let Some(text) = source.get(range.clone()) else {
        return found;
    };
    for (i, c) in text.char_indices() {
        if c != '@' {
            continue;
        }
        let at = range.start + i;
        let before = source[..at].chars().next_back();
        if before.is_some_and(|b| b.is_alphanumeric() || "_.-+/".contains(b)) {
            continue;
        }
        let rest = &text[i + 1..];
        let len = label_len(rest);
        let label = &rest[..len];
        if PREFIXES.iter().any(|p| is_label_of(p, label)) {
            let escaped = source[..at].ends_with('\\') && !source[..at].ends_with("\\\\");
            found.push(Found {
                at,
                label: label.to_string(),
                escaped,
            });
        }
    }
    found
}

/// A piece of an event's text: plain text, or a reference to resolve.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Piece<'t> {
    Text(&'t str),
    Ref { label: String, at: usize },
}

/// `text` (what the parser made of `source[range]`, backslash escapes removed) split at its
/// references. References are found in the source (where `\@` can be seen) and matched in
/// order with their `@label` in `text`.
pub(crate) fn split<'t>(text: &'t str, source: &str, range: Range<usize>) -> Vec<Piece<'t>> {
    let mut pieces = Vec::new();
    let mut done = 0;
    for found in find(source, range) {
        let written = format!("@{}", found.label);
        let Some(offset) = text[done..].find(&written) else {
            break;
        };
        let start = done + offset;
        if found.escaped {
            pieces.push(Piece::Text(&text[done..start + written.len()]));
        } else {
            if start > done {
                pieces.push(Piece::Text(&text[done..start]));
            }
            pieces.push(Piece::Ref {
                label: found.label,
                at: found.at,
            });
        }
        done = start + written.len();
    }
    if done < text.len() {
        pieces.push(Piece::Text(&text[done..]));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(source: &str) -> Vec<(String, bool)> {
        find(source, 0..source.len())
            .into_iter()
            .map(|f| (f.label, f.escaped))
            .collect()
    }

    #[test]
    fn references_need_a_known_prefix_and_a_free_at_sign() {
        let src = "See @fig-depth, @eq-ln. and (@sec-intro); mail me@sec-ops.org, @user, @fig-";
        assert_eq!(
            labels(src),
            [
                ("fig-depth".to_string(), false),
                ("eq-ln".to_string(), false),
                ("sec-intro".to_string(), false)
            ]
        );
        assert_eq!(labels("@tbl-a_b- x"), [("tbl-a_b".to_string(), false)]);
        assert_eq!(labels(r"\@fig-a"), [("fig-a".to_string(), true)]);
        assert_eq!(labels(r"\\@fig-a"), [("fig-a".to_string(), false)]);
    }

    #[test]
    fn split_keeps_escaped_at_signs_as_text() {
        let src = r"a \@fig-x b @fig-y.";
        // What the parser gives for the whole line: the backslash is gone.
        let text = "a @fig-x b @fig-y.";
        assert_eq!(
            split(text, src, 0..src.len()),
            [
                Piece::Text("a @fig-x"),
                Piece::Text(" b "),
                Piece::Ref {
                    label: "fig-y".into(),
                    at: 12
                },
                Piece::Text("."),
            ]
        );
        assert_eq!(split("plain", "plain", 0..5), [Piece::Text("plain")]);
    }
}
