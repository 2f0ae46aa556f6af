//! Test helpers: lessons from strings and hand-made runs.

use crate::book::Lesson;
use crate::exec::{InlineRun, LessonRun};
use rlab::{LangError, RunError};
use std::path::PathBuf;

/// A lesson `content/03-x.md` with this source.
pub(crate) fn lesson(src: &str) -> Lesson {
    Lesson::parse(
        PathBuf::from("/b/content/03-x.md"),
        "content/03-x.md".into(),
        src.to_string(),
        vec![],
    )
    .unwrap_or_else(|e| panic!("test lesson does not load: {e:#}"))
}

pub(crate) fn run_error(message: &str) -> RunError {
    RunError {
        error: LangError::runtime(message),
        file: "content/03-x.md".into(),
        line: 1,
        col: 1,
        excerpt: String::new(),
    }
}

pub(crate) fn ok(text: &str) -> InlineRun {
    InlineRun {
        value: Ok(text.to_string()),
    }
}

pub(crate) fn err(message: &str) -> InlineRun {
    InlineRun {
        value: Err(run_error(message)),
    }
}

pub(crate) fn run_with_inlines(inlines: Vec<InlineRun>) -> LessonRun {
    LessonRun {
        inlines,
        ..LessonRun::default()
    }
}

/// A book of these lessons with default settings.
pub(crate) fn book_of(lessons: Vec<Lesson>) -> crate::book::Book {
    let config = crate::config::Config::parse(std::path::Path::new("/b"), "", "book.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    crate::book::Book { config, lessons }
}

/// A stand-in figure renderer: the figure's id in an empty SVG, no panels.
pub(crate) fn fake_draw(fig: &rlab::Figure, id: &str) -> rlab::plot::svg::Drawing {
    rlab::plot::svg::Drawing {
        svg: format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" data-id=\"{id}\" data-figure=\"{}\"></svg>",
            fig.id
        ),
        width: 10,
        height: 10,
        panels: Vec::new(),
    }
}

/// The stand-in renderers: the narrow drawing says so.
pub(crate) const FAKE_DRAW: crate::render::figure::Draw = crate::render::figure::Draw {
    wide: fake_draw,
    narrow: fake_narrow,
};

pub(crate) fn fake_narrow(fig: &rlab::Figure, id: &str) -> rlab::plot::svg::Drawing {
    let mut drawing = fake_draw(fig, id);
    drawing.svg = drawing.svg.replacen("<svg ", "<svg data-narrow=\"\" ", 1);
    drawing
}

/// Render `src` (as `content/03-x.md`, the only lesson of its book) with `run`.
pub(crate) fn render(src: &str, run: &LessonRun) -> crate::render::LessonHtml {
    try_render(src, run, false).unwrap_or_else(|e| panic!("{e:#}"))
}

pub(crate) fn try_render(
    src: &str,
    run: &LessonRun,
    strict: bool,
) -> anyhow::Result<crate::render::LessonHtml> {
    let book = book_of(vec![lesson(src)]);
    let math = crate::render::math::MathCache::default();
    let (xrefs, _) = crate::xref::Xrefs::collect(&book, std::slice::from_ref(run));
    let tables = crate::render::Tables {
        xrefs,
        ..Default::default()
    };
    let ctx = crate::render::lesson::RenderContext {
        book: &book,
        tables: &tables,
        math: &math,
        strict,
        draw_figure: crate::render::testutil::FAKE_DRAW,
    };
    crate::render::lesson::render_lesson(&ctx, &book.lessons[0], run)
}

/// The page's warnings as `file:line: message`.
pub(crate) fn warning_texts(page: &crate::render::LessonHtml) -> Vec<String> {
    page.warnings
        .iter()
        .map(|w| w.text().trim_start_matches("warning: ").to_string())
        .collect()
}
