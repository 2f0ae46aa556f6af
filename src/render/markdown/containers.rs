//! The directive comments that shape blocks, written the way GitHub shows them: an older
//! callout (`<!-- note -->`, `<!-- warning: Custom title -->` on the line before a quote)
//! becomes a GitHub alert (`> [!NOTE]`, a custom title as a bold first line), and a solution
//! (`<!-- solution -->`, ended by `<!-- end -->`, the next heading, exercise or solution, or
//! the end of the page) folds into `<details><summary>Solution</summary>` … `</details>`,
//! as on the HTML page. Exercise comments stay (GitHub shows nothing of them).

use super::edits::{self, Edits};
use crate::book::directive::{Directive, parse_directive};
use crate::markup::escape;
use crate::render::common::markers::kind_name;
use crate::render::common::outline::{Outline, Top};
use std::ops::Range;

/// The edits that write the lesson's callouts and solutions. `withheld`: the solutions
/// (`<!-- solution -->` to what ends it) the book shows as a placeholder (the student
/// edition of a book that ships its solutions only in the HTML pages, `[exercises]
/// reveal_after`).
pub(crate) fn edit(source: &str, outline: &Outline, withheld: &[Range<usize>], edits: &mut Edits) {
    let blocks = &outline.blocks;
    let mut open_solution = false;
    for (k, (top, range)) in blocks.iter().enumerate() {
        let directive = match top {
            Top::Html(html) => parse_directive(html),
            Top::Heading => {
                close(source, range.start, &mut open_solution, edits);
                continue;
            }
            _ => continue,
        };
        match directive {
            Some(Directive::Callout(kind, title)) => {
                let Some((Top::Quote, quote)) = blocks.get(k + 1) else {
                    continue;
                };
                let name = kind_name(kind);
                let mut alert = format!("> [!{}]\n", name.to_uppercase());
                if let Some(t) = title.filter(|t| !t.eq_ignore_ascii_case(name)) {
                    alert.push_str(&format!("> **{}**\n>\n", escape(&t)));
                }
                edits.replace(range.start..quote.start, "");
                edits.insert(quote.start, alert);
            }
            Some(Directive::Solution(_)) if withheld.iter().any(|w| w.start == range.start) => {
                close(source, range.start, &mut open_solution, edits);
                let end = withheld
                    .iter()
                    .find(|w| w.start == range.start)
                    .map_or(range.end, |w| w.end);
                edits.replace(
                    range.start..end,
                    format!("{}\n\n", crate::book::directive::WITHHELD),
                );
            }
            Some(Directive::Solution(title)) => {
                close(source, range.start, &mut open_solution, edits);
                let summary = escape(title.as_deref().unwrap_or("Solution"));
                let end = edits::after_blank_lines(source, range.end);
                edits.replace(
                    range.start..end,
                    format!("<details>\n<summary>{summary}</summary>\n\n"),
                );
                open_solution = true;
            }
            Some(Directive::End) if open_solution => {
                // A blank line first, so that a fence just before stays a block of its own.
                let blank = if source[..range.start].ends_with("\n\n") {
                    ""
                } else {
                    "\n"
                };
                edits.replace(range.clone(), format!("{blank}</details>\n"));
                open_solution = false;
            }
            Some(Directive::Exercise(_)) => close(source, range.start, &mut open_solution, edits),
            _ => {}
        }
    }
    close(source, source.len(), &mut open_solution, edits);
}

/// Close an open solution before `at`.
fn close(source: &str, at: usize, open: &mut bool, edits: &mut Edits) {
    if std::mem::take(open) {
        let blank = if source[..at].ends_with("\n\n") || at == 0 {
            ""
        } else {
            "\n"
        };
        edits.insert(at, format!("{blank}</details>\n\n"));
    }
}
