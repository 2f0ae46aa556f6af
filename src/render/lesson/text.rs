//! The search text of a page: its prose and headings (text and inline code) and the printed
//! output of its rlab blocks, in reading order, whitespace collapsed. Code, math and the
//! generated tables are left out, and so are the solutions a student edition's page holds
//! hidden (`[exercises] reveal_after`): the search must not reveal them. Marked glossary
//! terms and citations read as the page shows them, not as their syntax.

use super::{Doc, Ev};
use crate::book::{citation, fence, term};
use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};

pub(crate) fn search_text(doc: &Doc, events: &[Ev]) -> String {
    let mut out = String::new();
    // Text events that follow one another (the parser splits text at brackets).
    let mut run = String::new();
    let mut in_code = false;
    let hidden = hidden_solutions(doc);
    for (event, range) in events {
        if hidden.iter().any(|h| h.contains(&range.start)) {
            continue;
        }
        if let Event::Text(t) = event
            && !in_code
        {
            run.push_str(t);
            continue;
        }
        out.push_str(&as_read(doc, &std::mem::take(&mut run)));
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                if is_rlab(kind) {
                    push_output(doc, range.start, &mut out);
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Code(t) if !in_code => out.push_str(t),
            Event::SoftBreak | Event::HardBreak | Event::End(_) => out.push(' '),
            _ => {}
        }
    }
    out.push_str(&as_read(doc, &run));
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Prose as the reader reads it: a marked term as its text (`[the mask]{.term}` → "the
/// mask"), a citation as the style writes it (`[@ba2016]` → "(Ba et al., 2016)").
fn as_read(doc: &Doc, text: &str) -> String {
    let all = 0..text.len();
    let mut edits: Vec<(std::ops::Range<usize>, String)> = (term::find_uses(text, all.clone()))
        .into_iter()
        .map(|u| (u.span, u.text))
        .collect();
    let citations = &doc.ctx.tables.citations;
    let (found, _) = citation::find(text, all, |k| citations.is_key(k));
    for c in found {
        if let Some(forms) = citations.get(&c) {
            edits.push((c.span, forms.plain.clone()));
        }
    }
    edits.sort_by_key(|(span, _)| span.start);
    let (mut out, mut done) = (String::with_capacity(text.len()), 0);
    for (span, written) in edits {
        if span.start < done {
            continue;
        }
        out.push_str(&text[done..span.start]);
        out.push_str(&written);
        done = span.end;
    }
    out.push_str(&text[done..]);
    out
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

    #[test]
    fn marked_terms_read_as_their_text_and_code_as_written() {
        let src = "# T\n\nA [causal mask]{.term} and [the mask]{term=\"causal mask\"}, \
                   not `[code]{.term}`; [plain] {.term} stays.\n";
        let page = render(src, &LessonRun::default());
        assert_eq!(
            page.search_text,
            "T A causal mask and the mask, not [code]{.term}; [plain] {.term} stays."
        );
    }
}
