//! The generated sections as Markdown tables. Under "Expected Numerical Outputs Summary" the
//! section's body (to the next heading of the same or a higher level) becomes a table of
//! every labelled value the lesson printed, its rlab blocks kept; under "Standalone Scripts"
//! a table of the lesson's scripts comes first and the author's own tables of the section go.
//! The same sections, with the same rows, as the HTML page.

use super::Page;
use super::edits::{self, Edits};
use crate::render::common::outline::{Heading, Outline};
use crate::render::common::outline::{Kind, kind_of};
use crate::render::common::urls::encode_segment;
use std::ops::Range;

/// The edits that write the lesson's generated sections.
pub(crate) fn edit(page: &Page, outline: &Outline, edits: &mut Edits) {
    let source = page.lesson.source.as_str();
    for (k, heading) in outline.headings.iter().enumerate() {
        let Some(kind) = kind_of(&heading.text) else {
            continue;
        };
        let body_end = outline.headings[k + 1..]
            .iter()
            .find(|next| next.level <= heading.level)
            .map_or(source.len(), |next| {
                edits::line_start(source, next.range.start)
            });
        let body = heading.range.end.min(body_end)..body_end;
        match kind {
            Kind::Summary => {
                let table = summary_table(page, &outline.headings);
                edits.insert(heading.range.end, format!("\n{table}\n"));
                for range in outside_blocks(page, body) {
                    edits.replace(range, "");
                }
            }
            Kind::Scripts => {
                let table = scripts_table(page);
                let mut tables = tables_in(source, outline, &body).into_iter();
                match tables.next() {
                    Some(first) => edits.replace(first, format!("{table}\n")),
                    None => edits.insert(heading.range.end, format!("\n{table}\n")),
                }
                for range in tables {
                    edits.replace(range, "");
                }
            }
        }
    }
}

/// The parts of `body` that are not rlab blocks (with their directive lines).
fn outside_blocks(page: &Page, body: Range<usize>) -> Vec<Range<usize>> {
    let source = page.lesson.source.as_str();
    let mut parts = Vec::new();
    let mut at = body.start;
    for block in &page.lesson.blocks {
        let start = edits::line_start(source, block.span.start);
        if start < body.start || block.span.end > body.end {
            continue;
        }
        let lead = super::blocks::directives_start(source, start, body.start);
        if lead > at {
            parts.push(at..lead);
        }
        at = at.max(block.span.end);
    }
    if body.end > at {
        parts.push(at..body.end);
    }
    parts
}

/// The tables of the section `body`, each with the blank lines after it.
fn tables_in(source: &str, outline: &Outline, body: &Range<usize>) -> Vec<Range<usize>> {
    (outline.tables.iter())
        .filter(|t| body.start <= t.start && t.end <= body.end)
        .map(|t| t.start..edits::after_blank_lines(source, t.end).min(body.end))
        .collect()
}

fn summary_table(page: &Page, headings: &[Heading]) -> String {
    let lesson = page.lesson;
    let mut rows = String::new();
    for (i, block) in page.run.blocks.iter().enumerate() {
        let n = i + 1;
        let at = lesson.blocks.get(i).map_or(0, |b| b.span.start);
        let link = match headings.iter().rev().find(|h| h.range.start < at) {
            Some(h) => format!("[block {n}](#{})", h.anchor),
            None => format!("block {n}"),
        };
        for v in &block.values {
            rows.push_str(&row(&v.label, &v.value, &link));
        }
    }
    for (script, run) in lesson.scripts.iter().zip(&page.run.scripts) {
        let link = format!(
            "[`{}`]({})",
            script.file_name,
            script_link(&lesson.slug, &script.name)
        );
        for v in &run.values {
            rows.push_str(&row(&v.label, &v.value, &link));
        }
    }
    if rows.is_empty() {
        return "No labelled values were printed.\n".to_string();
    }
    format!("| Quantity | Value | Printed by |\n|---|---|---|\n{rows}")
}

fn row(label: &str, value: &str, link: &str) -> String {
    format!("| {} | {} | {link} |\n", cell_text(label), code_span(value))
}

fn scripts_table(page: &Page) -> String {
    let lesson = page.lesson;
    if lesson.scripts.is_empty() {
        return "This lesson has no standalone scripts.\n".to_string();
    }
    let mut rows = String::from("| Script | Description |\n|---|---|\n");
    for s in &lesson.scripts {
        rows.push_str(&format!(
            "| [`{}`]({}) | {} |\n",
            s.file_name,
            script_link(&lesson.slug, &s.name),
            cell_text(&s.description)
        ));
    }
    rows
}

/// The page of script `name` of lesson `slug`, relative to the lesson's page.
pub(crate) fn script_link(slug: &str, name: &str) -> String {
    format!(
        "scripts/{}/{}.md",
        encode_segment(slug),
        encode_segment(name)
    )
}

/// Plain text as a table cell: Markdown's punctuation escaped, one line.
fn cell_text(text: &str) -> String {
    super::escape_text(&crate::render::common::prepare::one_line(text.trim()))
}

/// `value` as a code span (a longer fence when it holds backticks; `|` escaped, as a table
/// cell needs even inside code).
fn code_span(value: &str) -> String {
    let value = crate::render::common::prepare::one_line(value.trim()).replace('|', "\\|");
    let ticks = if value.contains('`') { "``" } else { "`" };
    let pad = if value.starts_with('`') || value.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{value}{pad}{ticks}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_escape_markdown() {
        assert_eq!(cell_text("|a| = *x*_1"), "\\|a\\| = \\*x\\*\\_1");
        assert_eq!(code_span("1|2"), "`1\\|2`");
        assert_eq!(code_span("a`b"), "``a`b``");
    }
}
