//! Math the way GitHub renders it, applied to the written Markdown (after inline values
//! and `\(…\)` became dollars):
//! * display math `$$…$$` stands alone: `$$`, the TeX, `$$` on lines of their own, with a
//!   blank line before and after — GitHub shows `$$` as display math only in a paragraph
//!   that holds nothing else, and fails on two blocks on consecutive lines;
//! * in a table row, `|` inside `$…$` would split the cell: `|` becomes `\lvert`/`\rvert`
//!   (taken in pairs; a lone one `\mid`) and `\|` becomes `\Vert`.

use super::edits::{self, Edits};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// `text` with its math written for GitHub.
pub(crate) fn for_github(text: &str) -> String {
    let options = crate::book::lesson::markdown_options() | Options::ENABLE_MATH;
    let mut edits = Edits::default();
    let mut paragraph: Option<std::ops::Range<usize>> = None;
    let mut depth_no_split = 0usize;
    for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
        match event {
            Event::Start(Tag::Paragraph) => paragraph = Some(range),
            Event::End(TagEnd::Paragraph) => paragraph = None,
            Event::Start(Tag::Table(_)) => {
                depth_no_split += 1;
                table_bars(text, range, &mut edits);
            }
            Event::Start(Tag::Heading { .. }) => depth_no_split += 1,
            Event::End(TagEnd::Table | TagEnd::Heading(_)) => {
                depth_no_split = depth_no_split.saturating_sub(1);
            }
            Event::DisplayMath(tex) if depth_no_split == 0 => {
                let within = paragraph.clone().unwrap_or(range.clone());
                edits.replace(
                    alone_range(text, &range, &within),
                    alone(text, &range, &within, &tex),
                );
            }
            _ => {}
        }
    }
    edits.apply(text, 0)
}

/// The display math at `range` and the blanks around it on its lines.
fn alone_range(
    text: &str,
    range: &std::ops::Range<usize>,
    within: &std::ops::Range<usize>,
) -> std::ops::Range<usize> {
    let before = text[within.start..range.start].trim_end_matches([' ', '\t']);
    let after = &text[range.end..within.end.max(range.end)];
    let trailing = after.len() - after.trim_start_matches([' ', '\t']).len();
    within.start + before.len()..range.end + trailing
}

/// The display math `tex` at `range` of the paragraph `within`, on lines of its own.
fn alone(
    text: &str,
    range: &std::ops::Range<usize>,
    within: &std::ops::Range<usize>,
    tex: &str,
) -> String {
    let prefix = edits::continuation(text, within.start);
    let has_before = !text[within.start..range.start].trim().is_empty();
    let rest = text[range.end..within.end.max(range.end)].trim();
    let has_after = !rest.is_empty();
    let mut out = String::new();
    if has_before {
        let before = text[within.start..range.start].trim_end_matches([' ', '\t']);
        if !before.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(prefix.trim_end());
        out.push('\n');
        out.push_str(&prefix);
    }
    out.push_str("$$\n");
    let body: String = tex.trim().lines().map(|l| format!("{l}\n")).collect();
    out.push_str(&edits::prefixed(&body, &prefix));
    out.push_str(&prefix);
    out.push_str("$$");
    if has_after && !rest.starts_with("$$") {
        out.push('\n');
        out.push_str(prefix.trim_end());
        out.push('\n');
        out.push_str(&prefix);
    }
    out
}

/// The edits that take the bars out of the math of the table at `range`.
fn table_bars(text: &str, range: std::ops::Range<usize>, edits: &mut Edits) {
    let bytes = text.as_bytes();
    let mut i = range.start;
    let mut math_start: Option<usize> = None;
    let mut in_code = false;
    while i < range.end.min(bytes.len()) {
        match bytes[i] {
            b'\\' if math_start.is_none() => i += 1,
            b'`' if math_start.is_none() => in_code = !in_code,
            b'\n' => {
                math_start = None;
                in_code = false;
            }
            b'$' if !in_code => match math_start.take() {
                Some(start) => fix_bars(text, start..i, edits),
                None => math_start = Some(i + 1),
            },
            _ => {}
        }
        i += 1;
    }
}

/// Rewrite the bars of the math `text[range]`.
fn fix_bars(text: &str, range: std::ops::Range<usize>, edits: &mut Edits) {
    let math = &text[range.clone()];
    let bars: Vec<(usize, bool)> = math
        .char_indices()
        .filter(|&(i, c)| c == '|' && (i == 0 || math.as_bytes()[i - 1] != b'\\'))
        .map(|(i, _)| (i, false))
        .chain(math.match_indices("\\|").map(|(i, _)| (i, true)))
        .collect();
    let singles: Vec<usize> = bars.iter().filter(|b| !b.1).map(|b| b.0).collect();
    for (i, norm) in bars {
        let at = range.start + i;
        if norm {
            edits.replace(at..at + 2, "\\Vert ");
            continue;
        }
        let k = singles.iter().position(|&s| s == i).unwrap_or(0);
        let word = if k + 1 == singles.len() && singles.len() % 2 == 1 {
            "\\mid "
        } else if k % 2 == 0 {
            "\\lvert "
        } else {
            "\\rvert "
        };
        edits.replace(at..at + 1, word);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_math_stands_alone() {
        assert_eq!(for_github("$$x^2$$\n"), "$$\nx^2\n$$\n");
        assert_eq!(
            for_github("The sum $$a+b$$ is big.\n"),
            "The sum\n\n$$\na+b\n$$\n\nis big.\n"
        );
        assert_eq!(for_github("$$a$$\n$$b$$\n"), "$$\na\n$$\n\n$$\nb\n$$\n");
        assert_eq!(for_github("> $$a$$\n"), "> $$\n> a\n> $$\n");
    }

    #[test]
    fn bars_in_table_math() {
        let t = "| a | b |\n|---|---|\n| $|x|$ | $\\|v\\|$ and `|` |\n";
        let out = for_github(t);
        assert!(out.contains("$\\lvert x\\rvert $"), "{out}");
        assert!(out.contains("$\\Vert v\\Vert $"), "{out}");
        assert!(out.contains("`|`"), "{out}");
        assert_eq!(for_github("$|x|$\n"), "$|x|$\n", "outside tables bars stay");
    }
}
