//! Fuzz target: the Markdown and directive front end. Arbitrary text is parsed as a lesson
//! (frontmatter, fences, attributes, directives, inline values, citations, glossary terms,
//! index markers); a lesson that loads is rendered to HTML with an empty run sized to it (so
//! it draws no figures), its formulas prerendered by KaTeX, its citations resolved against a
//! small bibliography and its terms against a small glossary (both written once to a
//! temporary folder, the book's root). Either step may fail with an error, never panic or
//! hang.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rlbook::book::{Book, Lesson};
use rlbook::cite::Citations;
use rlbook::config::Config;
use rlbook::gloss::Glossary;
use rlbook::exec::exercise::ExerciseRun;
use rlbook::exec::{BlockRun, InlineRun, LessonRun, ScriptRun};
use rlbook::render::lesson::{RenderContext, render_lesson};
use rlbook::render::Tables;
use rlbook::render::math::{MathCache, collect_formulas};
use rlbook::xref::Xrefs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The bibliography the lessons cite from: keys `vaswani2017` and `ba2016`.
const BIBLIOGRAPHY: &str = "@article{vaswani2017, author = {Vaswani, Ashish and Shazeer, Noam}, title = {Attention Is All You Need}, journal = {NeurIPS}, year = {2017}}\n@misc{ba2016, author = {Ba, Jimmy Lei}, title = {Layer Normalization}, year = {2016}, doi = {10.48550/arXiv.1607.06450}}\n";

/// The glossary the lessons mark terms of: `causal mask` (alias `mask`), `softmax`.
const GLOSSARY: &str = "[[term]]\nname = \"causal mask\"\ndefinition = \"Hides the future.\"\naliases = [\"mask\"]\n\n[[term]]\nname = \"softmax\"\ndefinition = \"Weights that sum to *one*.\"\n";

/// The book's root: a temporary folder holding `refs.bib` and `glossary.toml`.
fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("rlbook-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&root).expect("a temporary folder");
        std::fs::write(root.join("refs.bib"), BIBLIOGRAPHY).expect("refs.bib");
        std::fs::write(root.join("glossary.toml"), GLOSSARY).expect("glossary.toml");
        root
    })
}

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
    let settings = "[book]\nbibliography = [\"refs.bib\"]\nglossary = \"glossary.toml\"\n";
    let Ok(config) = Config::parse(root(), settings, "book.toml") else {
        return;
    };
    let book = Book {
        config,
        lessons: vec![lesson],
    };
    let runs = vec![empty_run(&book.lessons[0])];
    let (glossary, _) = Glossary::collect(&book);
    let math = MathCache::prerender(collect_formulas(&book, &runs, &glossary));
    let (xrefs, _) = Xrefs::collect(&book, &runs);
    let (citations, _) = Citations::collect(&book);
    let tables = Tables {
        xrefs,
        citations,
        glossary,
    };
    let ctx = RenderContext {
        book: &book,
        math: &math,
        tables: &tables,
        strict: false,
        draw_figure: rlbook::render::figure::SVG,
    };
    let _ = render_lesson(&ctx, &book.lessons[0], &runs[0]);
});
