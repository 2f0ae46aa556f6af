//! Edits of a text: byte ranges replaced by new text, all applied in one pass, and the
//! prefix that continues a line's containers (`> ` of a quote, the indent of a list item)
//! on the lines an edit adds.

use std::ops::Range;

/// Replacements of byte ranges of one text.
#[derive(Default)]
pub(crate) struct Edits {
    list: Vec<(Range<usize>, String)>,
}

impl Edits {
    /// Replace `range` by `text`.
    pub(crate) fn replace(&mut self, range: Range<usize>, text: impl Into<String>) {
        self.list.push((range, text.into()));
    }

    /// Insert `text` at `at` (after earlier insertions at the same place).
    pub(crate) fn insert(&mut self, at: usize, text: impl Into<String>) {
        self.replace(at..at, text);
    }

    /// Add edits made elsewhere.
    pub(crate) fn extend(&mut self, edits: impl IntoIterator<Item = (Range<usize>, String)>) {
        self.list.extend(edits);
    }

    /// `text[start..]` with the edits applied. Edits apply in order of position (insertions
    /// before a replacement that starts at the same place); an edit that overlaps an earlier
    /// one, or does not fall on character boundaries, is left out.
    pub(crate) fn apply(mut self, text: &str, start: usize) -> String {
        self.list.sort_by_key(|(range, _)| (range.start, range.end));
        let mut out = String::with_capacity(text.len() + text.len() / 4);
        let mut done = start.min(text.len());
        for (range, replacement) in self.list {
            let valid = range.start >= done
                && range.start <= range.end
                && range.end <= text.len()
                && text.is_char_boundary(range.start)
                && text.is_char_boundary(range.end);
            if !valid {
                continue;
            }
            out.push_str(&text[done..range.start]);
            out.push_str(&replacement);
            done = range.end;
        }
        out.push_str(&text[done..]);
        out
    }
}

/// Where the line holding byte `at` starts.
pub(crate) fn line_start(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1)
}

/// The prefix that puts a new line in the same containers as the text at `at`: the quote
/// markers of its line kept, everything else before `at` as spaces (a list marker's width).
pub(crate) fn continuation(text: &str, at: usize) -> String {
    let at = at.min(text.len());
    let lead = &text[line_start(text, at)..at];
    lead.chars()
        .map(|c| match c {
            '>' | '\t' => c,
            _ => ' ',
        })
        .collect()
}

/// `lines` (each ending in `\n`) with `prefix` before every line; blank lines get only the
/// prefix's quote markers.
pub(crate) fn prefixed(lines: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return lines.to_string();
    }
    let mut out = String::with_capacity(lines.len() + prefix.len() * 8);
    for line in lines.split_inclusive('\n') {
        if line.trim().is_empty() {
            out.push_str(prefix.trim_end());
        } else {
            out.push_str(prefix);
        }
        out.push_str(line);
    }
    out
}

/// The end of the blank lines that follow `at` (which is at a line start).
pub(crate) fn after_blank_lines(text: &str, at: usize) -> usize {
    let mut end = at.min(text.len());
    while let Some(next) = text[end..].find('\n') {
        if text[end..end + next].trim().is_empty() {
            end += next + 1;
        } else {
            break;
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_apply_in_order_and_skip_overlaps() {
        let mut e = Edits::default();
        e.replace(6..11, "there");
        e.insert(0, "> ");
        e.insert(11, "!");
        e.replace(8..9, "x");
        assert_eq!(e.apply("hello world", 0), "> hello there!");
    }

    #[test]
    fn continuation_keeps_quotes_and_list_indents() {
        let text = "> - ```rlab\n";
        assert_eq!(continuation(text, 4), ">   ");
        assert_eq!(prefixed("a\n\nb\n", ">   "), ">   a\n>\n>   b\n");
        assert_eq!(continuation("```", 0), "");
    }

    #[test]
    fn blank_lines_after() {
        let text = "a\n\n  \nb\n";
        assert_eq!(after_blank_lines(text, 2), 6);
        assert_eq!(after_blank_lines(text, 6), 6);
    }
}
