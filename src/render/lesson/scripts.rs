//! The pages of a lesson's standalone scripts: highlighted source, printed text, error and
//! the figures the script saved (`figures/<slug>/<name>-<k>.svg`).

use super::RenderContext;
use crate::book::Lesson;
use crate::exec::LessonRun;
use crate::render::figure::{self, Place};
use crate::render::highlight::highlight_rlab;
use crate::render::site::links;
use crate::render::{FigureFile, ScriptPage};

/// One page per script of the lesson (`run.scripts[k]` belongs to `lesson.scripts[k]`; a
/// script without a run gets a page without output).
pub(crate) fn pages(ctx: &RenderContext, lesson: &Lesson, run: &LessonRun) -> Vec<ScriptPage> {
    let slug = crate::render::common::urls::encode_segment(&lesson.slug);
    lesson
        .scripts
        .iter()
        .enumerate()
        .map(|(k, script)| {
            let run = run.scripts.get(k);
            let figures = run.map_or(&[][..], |r| &r.figures[..]);
            let name = crate::render::common::urls::encode_segment(&script.name);
            let page = links::script_page(&lesson.slug, &script.name);
            let (files, html): (Vec<FigureFile>, Vec<String>) = figures
                .iter()
                .enumerate()
                .map(|(j, fig)| {
                    let place = Place {
                        file: format!("figures/{slug}/{name}-{}.svg", j + 1),
                        link: &|to| links::href(&page, to),
                        id: format!("rlf{}", j + 1),
                        caption: None,
                    };
                    figure::embed(ctx.draw_figure, fig, &place)
                })
                .unzip();
            ScriptPage {
                name: script.name.clone(),
                file_name: script.file_name.clone(),
                description: script.description.clone(),
                source_html: highlight_rlab(&script.source),
                output: run.map(|r| r.text.clone()).unwrap_or_default(),
                error: run.and_then(|r| r.error.as_ref()).map(|e| e.rendered()),
                figures: files,
                figures_html: html.concat(),
                live: super::live::script_page(&ctx.book.config, script, run),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::book::script::Script;
    use crate::exec::{LessonRun, ScriptRun};
    use crate::render::lesson::{RenderContext, render_lesson};
    use crate::render::math::MathCache;
    use crate::render::testutil::{FAKE_DRAW, book_of, lesson, run_error};
    use rlab::Figure;

    fn script(name: &str) -> Script {
        Script {
            path: format!("/b/content/03-x/{name}.rlab").into(),
            display: format!("content/03-x/{name}.rlab"),
            file_name: format!("{name}.rlab"),
            name: name.into(),
            description: format!("About {name}"),
            source: "# Concept: demo\nx = 1;\n".into(),
            regions: vec![],
        }
    }

    #[test]
    fn one_page_per_script() {
        let mut l = lesson("# T\n");
        l.scripts = vec![script("alpha"), script("beta")];
        let book = book_of(vec![l]);
        let math = MathCache::default();
        let ctx = RenderContext {
            book: &book,
            tables: &crate::render::Tables::default(),
            math: &math,
            strict: false,
            draw_figure: FAKE_DRAW,
        };
        let run = LessonRun {
            scripts: vec![ScriptRun {
                text: "Saved a.svg".into(),
                figures: vec![Figure::new(1), Figure::new(7)],
                error: Some(run_error("boom")),
                values: vec![],
                printed_by: vec![],
                files: Vec::new(),
            }],
            ..LessonRun::default()
        };
        let pages = render_lesson(&ctx, &book.lessons[0], &run).unwrap().scripts;
        assert_eq!(pages.len(), 2);
        let a = &pages[0];
        assert_eq!(
            (a.name.as_str(), a.file_name.as_str()),
            ("alpha", "alpha.rlab")
        );
        assert_eq!(a.description, "About alpha");
        assert!(
            a.source_html
                .starts_with("<pre class=\"code\" tabindex=\"0\"><code class=\"language-rlab\">")
        );
        assert!(a.source_html.contains("hl-comment"));
        assert_eq!(a.output, "Saved a.svg");
        assert_eq!(
            a.error.as_deref(),
            Some("content/03-x.md:1:1: runtime error: boom")
        );
        let paths: Vec<&str> = a.figures.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            ["figures/03-x/alpha-1.svg", "figures/03-x/alpha-2.svg"]
        );
        assert!(a.figures[1].svg.contains("data-figure=\"7\""));
        let b = &pages[1];
        assert_eq!(
            (b.output.as_str(), b.error.clone(), b.figures.len()),
            ("", None, 0)
        );
    }
}
