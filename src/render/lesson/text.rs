//! The search text of a page: its prose and headings (text and inline code) and the printed
//! output of its rlab blocks, in reading order, whitespace collapsed. Code, math and the
//! generated tables are left out, and so are the solutions a student edition's page holds
//! hidden (`[exercises] reveal_after`): the search must not reveal them.

use super::{Doc, Ev};
use crate::book::fence;
use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};

pub(crate) fn search_text(doc: &Doc, events: &[Ev]) -> String {
    let mut out = String::new();
    let mut in_code = false;
    let hidden = hidden_solutions(doc);
    for (event, range) in events {
        if hidden.iter().any(|h| h.contains(&range.start)) {
            continue;
        }
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                if is_rlab(kind) {
                    push_output(doc, range.start, &mut out);
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(t) | Event::Code(t) if !in_code => {
                out.push_str(t);
            }
            Event::SoftBreak | Event::HardBreak | Event::End(_) => out.push(' '),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The solutions the page holds hidden: all of them in the student edition (whose pages
/// hold any only under `reveal_after`).
fn hidden_solutions(doc: &Doc) -> Vec<std::ops::Range<usize>> {
    if doc.ctx.book.config.edition != crate::config::Edition::Student {
        return Vec::new();
    }
    crate::book::directive::solution_spans(&doc.lesson.source, doc.lesson.body_start)
}

fn is_rlab(kind: &CodeBlockKind) -> bool {
    match kind {
        CodeBlockKind::Fenced(info) => {
            fence::is_rlab(info.split([',', ' ', '\t']).next().unwrap_or(""))
        }
        CodeBlockKind::Indented => false,
    }
}

fn push_output(doc: &Doc, at: usize, out: &mut String) {
    let Some(i) = doc.block_at(at) else {
        return;
    };
    let hidden = doc
        .lesson
        .blocks
        .get(i)
        .is_some_and(|b| b.attrs.hide_output);
    if let Some(run) = doc.run.blocks.get(i).filter(|_| !hidden) {
        out.push(' ');
        out.push_str(&run.text);
        out.push(' ');
    }
}

#[cfg(test)]
mod tests {
    use crate::exec::{BlockRun, LessonRun};
    use crate::render::testutil::render;

    #[test]
    fn prose_headings_and_outputs() {
        let src = "# Title *here*\n\nSome `code`\nand   text with $x^2$.\n\n```rlab\nsecret_code = 1\n```\n\n```rlab,hide_output\ny = 2\n```\n\n```python\nnot_this\n```\n\n- item\n";
        let run = LessonRun {
            blocks: vec![
                BlockRun {
                    text: "ans = 1\nsecond".into(),
                    ..BlockRun::default()
                },
                BlockRun {
                    text: "hidden".into(),
                    ..BlockRun::default()
                },
            ],
            ..LessonRun::default()
        };
        let page = render(src, &run);
        assert_eq!(
            page.search_text,
            "Title here Some code and text with . ans = 1 second item"
        );
    }
}
