//! Embedded script outputs in the Markdown book (and so in the EPUB and the PDF, which are
//! made from it): each `<!-- output: x.rlab … -->` directive line becomes a caption naming
//! the script, linked to its page, then an output region like a block's:
//!
//! ````text
//! Output of [`x.rlab`](scripts/<slug>/x.md):
//!
//! <!-- rustlab:output-start -->
//! ```text
//! the lines it shows
//! ```
//!
//! <!-- rustlab:output-end -->
//! ````

use super::edits::{self, Edits};
use super::sections::script_link;
use super::{Page, blocks};
use crate::exec::embedded;

/// The edits that write every output directive of the lesson.
pub(crate) fn edit(page: &mut Page, edits: &mut Edits) {
    let lesson = page.lesson;
    for embed in &lesson.embeds {
        let Some(shown) = embedded::select(lesson, page.run, embed) else {
            continue;
        };
        let source = lesson.source.as_str();
        let start = embed.span.start + (embed.col as usize - 1);
        let prefix = edits::continuation(source, start);
        let images = page.figures_of(shown.figures, 1, None);
        let caption = format!(
            "Output of [`{}`]({}):\n\n",
            shown.script.file_name,
            script_link(&lesson.slug, &shown.script.name)
        );
        let region = blocks::region(&shown.text, &images);
        let text = format!("{caption}{region}");
        let text = edits::prefixed(&text, &prefix);
        let first_line_in_place = text.strip_prefix(prefix.as_str()).unwrap_or(&text);
        edits.replace(
            start..embed.span.end,
            first_line_in_place.trim_end_matches('\n'),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::book::Lesson;
    use crate::book::script::Script;
    use crate::exec::{LessonRun, ScriptRun};
    use crate::render::testutil::{book_of, fake_draw};
    use rlab::Figure;
    use std::path::PathBuf;

    fn page(src: &str) -> crate::render::markdown::MarkdownPage {
        let script = Script {
            path: "/b/content/03-x/demo.rlab".into(),
            display: "content/03-x/demo.rlab".into(),
            file_name: "demo.rlab".into(),
            name: "demo".into(),
            description: String::new(),
            source: String::new(),
            regions: vec![],
        };
        let path = PathBuf::from("/b/content/03-x.md");
        let lesson = Lesson::parse(path, "content/03-x.md".into(), src.into(), vec![script]);
        let book = book_of(vec![lesson.unwrap()]);
        let run = LessonRun {
            scripts: vec![ScriptRun {
                text: "step 1\nloss: 0.5".into(),
                figures: vec![Figure::new(2)],
                ..ScriptRun::default()
            }],
            ..LessonRun::default()
        };
        super::super::render_page(
            &book,
            &crate::render::Tables::default(),
            &book.lessons[0],
            &run,
            fake_draw,
        )
        .0
    }

    #[test]
    fn a_directive_becomes_a_caption_and_an_output_region() {
        let md = page("# T\n\n<!-- output: demo.rlab lines=\"loss\" -->\n\nAfter.\n");
        let body = md.text.split_once('\n').unwrap().1;
        assert_eq!(
            body,
            "\n# T\n\nOutput of [`demo.rlab`](scripts/03-x/demo.md):\n\n<!-- rustlab:output-start -->\n```text\nloss: 0.5\n```\n\n<!-- rustlab:output-end -->\n\nAfter.\n"
        );
    }

    #[test]
    fn figures_and_list_items() {
        let md = page("- item\n\n  <!-- output: demo.rlab figures -->\n");
        assert!(
            md.text.contains("\n  Output of [`demo.rlab`](scripts/03-x/demo.md):\n\n  <!-- rustlab:output-start -->\n  ![plot 1](plots/03-x/plot-1-"),
            "{}",
            md.text
        );
        assert_eq!(md.figures.len(), 1);
    }
}
