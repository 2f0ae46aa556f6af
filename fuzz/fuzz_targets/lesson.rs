//! Fuzz target: the Markdown and directive front end. Arbitrary text is parsed as a lesson
//! (frontmatter, fences, attributes, directives, inline values); a lesson that loads is
//! rendered to HTML with an empty run sized to it (so it draws no figures) and its formulas
//! prerendered by KaTeX. Either step may fail with an error, never panic or hang.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rlbook::book::{Book, Lesson};
use rlbook::config::Config;
use rlbook::exec::exercise::ExerciseRun;
use rlbook::exec::{BlockRun, InlineRun, LessonRun, ScriptRun};
use rlbook::render::lesson::{RenderContext, render_lesson};
use rlbook::render::math::{MathCache, collect_formulas};
use rlbook::xref::Xrefs;
use std::path::{Path, PathBuf};

/// A run with nothing executed, one entry per block, inline value, script and exercise.
fn empty_run(lesson: &Lesson) -> LessonRun {
    LessonRun {
        blocks: vec![BlockRun::default(); lesson.blocks.len()],
        inlines: (0..lesson.inlines.len())
            .map(|_| InlineRun {
                value: Ok(String::new()),
            })
            .collect(),
        scripts: vec![ScriptRun::default(); lesson.scripts.len()],
        exercises: vec![ExerciseRun::default(); lesson.exercises.len()],
        files: Vec::new(),
    }
}

fuzz_target!(|source: &str| {
    let parsed = Lesson::parse(
        PathBuf::from("/fuzz/content/01-fuzz.md"),
        "content/01-fuzz.md".to_string(),
        source.to_string(),
        Vec::new(),
    );
    let Ok(lesson) = parsed else {
        return;
    };
    let Ok(config) = Config::parse(Path::new("/fuzz"), "", "book.toml") else {
        return;
    };
    let book = Book {
        config,
        lessons: vec![lesson],
    };
    let runs = vec![empty_run(&book.lessons[0])];
    let math = MathCache::prerender(collect_formulas(&book, &runs));
    let (xrefs, _) = Xrefs::collect(&book, &runs);
    let ctx = RenderContext {
        book: &book,
        math: &math,
        xrefs: &xrefs,
        strict: false,
        draw_figure: rlbook::render::figure::SVG,
    };
    let _ = render_lesson(&ctx, &book.lessons[0], &runs[0]);
});
