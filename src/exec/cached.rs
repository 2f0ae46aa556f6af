//! Execution through the book's persistent cache: a lesson's notebook (its blocks and inline
//! values) and each of its scripts are run only when no cached run stands for them.
//!
//! A notebook's key is what its run depends on: rlbook's version (in the file header), the
//! `[exec]` settings, the lesson's file name and folder, and its steps in document order
//! (each block's code and fence attributes, each inline expression and format), but not
//! the prose between them, so a prose edit reuses the run. A script's key is its file name,
//! folder and source. Each entry also lists the files the run read with `run` and their
//! digests, checked on lookup. Lines and columns only show in error messages: a run with an
//! error is reused only where every step stands where it stood (its "context"). Runs stopped
//! by a limit (time, memory, depth, cancel) are never stored: another try may pass.

use super::notebook::{self, Step};
use super::{BlockRun, InlineRun, LessonRun, ScriptRun};
use crate::book::script::Script;
use crate::book::{Book, Lesson};
use crate::cache::digest::{Digest, KeyHasher};
use crate::cache::{Cache, CacheFile};
use crate::config::Config;
use crate::lang::{ErrorKind, FileRun, RunError};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How much of the book was executed and how much came from the cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExecStats {
    pub lessons: usize,
    /// Lessons whose notebook ran.
    pub lessons_run: usize,
    pub scripts: usize,
    pub scripts_run: usize,
}

impl std::fmt::Display for ExecStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "executed {} of {} lesson{}, {} of {} script{}",
            self.lessons_run,
            self.lessons,
            if self.lessons == 1 { "" } else { "s" },
            self.scripts_run,
            self.scripts,
            if self.scripts == 1 { "" } else { "s" }
        )
    }
}

/// A file a run read, by digest (`None`: it could not be read).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct FileDep {
    path: PathBuf,
    digest: Option<Digest>,
}

/// A cached run of one part of a lesson.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Part<T> {
    key: Digest,
    context: Digest,
    files: Vec<FileDep>,
    run: T,
}

/// The cache file of a lesson.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct LessonEntry {
    notebook: Option<Part<(Vec<BlockRun>, Vec<InlineRun>)>>,
    scripts: Vec<Part<ScriptRun>>,
}

/// What is stored of a [`LessonEntry`] (the same shape, borrowed: only reusable parts).
#[derive(Serialize)]
struct StoredEntry<'a> {
    notebook: Option<&'a NotebookPart>,
    scripts: Vec<&'a Part<ScriptRun>>,
}

/// Run every lesson of the book in parallel, reusing cached runs; `done` is called as each
/// lesson finishes.
pub fn run_book(
    book: &Book,
    cache: &Cache,
    done: &(dyn Fn() + Sync),
) -> (Vec<LessonRun>, ExecStats) {
    let results: Vec<(LessonRun, ExecStats)> = book
        .lessons
        .par_iter()
        .map(|lesson| {
            let result = run_lesson(&book.config, lesson, cache);
            done();
            result
        })
        .collect();
    let mut total = ExecStats::default();
    let runs = results
        .into_iter()
        .map(|(run, stats)| {
            total.lessons += stats.lessons;
            total.lessons_run += stats.lessons_run;
            total.scripts += stats.scripts;
            total.scripts_run += stats.scripts_run;
            run
        })
        .collect();
    (runs, total)
}

/// Run one lesson, reusing what the cache holds for it, and store what ran.
pub fn run_lesson(config: &Config, lesson: &Lesson, cache: &Cache) -> (LessonRun, ExecStats) {
    let old: LessonEntry = cache
        .load(&CacheFile::exec(&lesson.slug))
        .unwrap_or_default();
    let (notebook, scripts) = rayon::join(
        || notebook_part(config, lesson, old.notebook.as_ref()),
        || {
            lesson
                .scripts
                .par_iter()
                .map(|s| script_part(config, s, &old.scripts))
                .collect::<Vec<_>>()
        },
    );
    let (notebook, notebook_ran) = notebook;
    let stats = ExecStats {
        lessons: 1,
        lessons_run: usize::from(notebook_ran),
        scripts: scripts.len(),
        scripts_run: scripts.iter().filter(|(_, ran)| *ran).count(),
    };
    let scripts: Vec<Part<ScriptRun>> = scripts.into_iter().map(|(part, _)| part).collect();
    let entry = LessonEntry {
        notebook: Some(notebook),
        scripts,
    };
    if stats.lessons_run + stats.scripts_run > 0 {
        store(cache, lesson, &entry);
    }
    let (blocks, inlines) = entry.notebook.map(|n| n.run).unwrap_or_default();
    let run = LessonRun {
        blocks,
        inlines,
        scripts: entry.scripts.into_iter().map(|p| p.run).collect(),
    };
    (run, stats)
}

/// Store the parts of `entry` that may be reused.
fn store(cache: &Cache, lesson: &Lesson, entry: &LessonEntry) {
    let stored = StoredEntry {
        notebook: entry.notebook.as_ref().filter(|n| storable_notebook(n)),
        scripts: entry
            .scripts
            .iter()
            .filter(|p| storable(p.run.error.iter()))
            .collect(),
    };
    cache.store(&CacheFile::exec(&lesson.slug), &stored);
}

type NotebookPart = Part<(Vec<BlockRun>, Vec<InlineRun>)>;

/// The notebook's run, from `old` when it stands, else fresh; and whether it ran.
fn notebook_part(
    config: &Config,
    lesson: &Lesson,
    old: Option<&NotebookPart>,
) -> (NotebookPart, bool) {
    let key = notebook_key(config, lesson);
    let context = notebook_context(lesson);
    if let Some(old) = old.filter(|o| stands(o, key, context, notebook_errors(&o.run))) {
        return (old.clone(), false);
    }
    let run = notebook::run_notebook_from(config, lesson, None, false, None);
    let files = file_deps(run.all_files());
    let part = Part {
        key,
        context,
        files,
        run: (run.blocks, run.inlines),
    };
    (part, true)
}

/// A script's run, from `old` when one stands, else fresh; and whether it ran.
fn script_part(
    config: &Config,
    script: &Script,
    old: &[Part<ScriptRun>],
) -> (Part<ScriptRun>, bool) {
    let key = script_key(config, script);
    let context = script_context();
    let found = old
        .iter()
        .find(|o| stands(o, key, context, o.run.error.is_some()));
    if let Some(found) = found {
        return (found.clone(), false);
    }
    let (run, files) = super::run_script_reporting_files(config, script, None);
    let part = Part {
        key,
        context,
        files: file_deps(files.iter()),
        run,
    };
    (part, true)
}

/// Whether a cached part stands for a run with `key` and `context`.
fn stands<T>(part: &Part<T>, key: Digest, context: Digest, has_errors: bool) -> bool {
    part.key == key && (!has_errors || part.context == context) && files_unchanged(&part.files)
}

fn files_unchanged(files: &[FileDep]) -> bool {
    files.iter().all(|f| file_digest(&f.path) == f.digest)
}

fn file_digest(path: &Path) -> Option<Digest> {
    std::fs::read_to_string(path)
        .ok()
        .map(|text| Digest::of(text.as_bytes()))
}

/// The distinct files of a run with the digests of the texts the run read.
fn file_deps<'a>(files: impl Iterator<Item = &'a FileRun>) -> Vec<FileDep> {
    let mut deps: Vec<FileDep> = Vec::new();
    for f in files {
        let dep = FileDep {
            path: f.path.clone(),
            digest: f.text.as_ref().map(|t| Digest::of(t.as_bytes())),
        };
        if !deps.contains(&dep) {
            deps.push(dep);
        }
    }
    deps
}

fn notebook_errors((blocks, inlines): &(Vec<BlockRun>, Vec<InlineRun>)) -> bool {
    blocks.iter().any(|b| b.error.is_some()) || inlines.iter().any(|v| v.value.is_err())
}

fn storable_notebook(part: &NotebookPart) -> bool {
    let (blocks, inlines) = &part.run;
    storable(
        blocks
            .iter()
            .filter_map(|b| b.error.as_ref())
            .chain(inlines.iter().filter_map(|v| v.value.as_ref().err())),
    )
}

/// A run stopped by a limit (time, memory, depth, a cancel) may pass another time.
fn storable<'a>(mut errors: impl Iterator<Item = &'a RunError>) -> bool {
    errors.all(|e| e.error.kind != ErrorKind::Limit)
}

/// What a run of any kind depends on besides its code: the `[exec]` settings, the file's
/// name in messages and the folder `run` paths are relative to.
fn common_key(kind: &str, config: &Config, display: &str, path: &Path) -> KeyHasher {
    let mut h = KeyHasher::new(kind);
    h.str(&format!("{:?}", config.exec)).str(display);
    h.str(&path.parent().unwrap_or(Path::new(".")).to_string_lossy());
    h
}

fn notebook_key(config: &Config, lesson: &Lesson) -> Digest {
    let mut h = common_key("notebook", config, &lesson.display, &lesson.path);
    for step in notebook::steps(lesson) {
        match step {
            Step::Block(b) => h.str("block").str(&b.code).str(&format!("{:?}", b.attrs)),
            Step::Inline(v) => h.str("inline").str(&v.expr).opt_str(v.format.as_deref()),
        };
    }
    h.finish()
}

/// Where each step stands, the lines inline values stand on, and the working directory (the
/// names of `run` files in messages are relative to it).
fn notebook_context(lesson: &Lesson) -> Digest {
    let mut h = KeyHasher::new("notebook context");
    h.str(&working_dir());
    for step in notebook::steps(lesson) {
        match step {
            Step::Block(b) => h.u64(b.first_line.into()),
            Step::Inline(v) => h
                .u64(v.line.into())
                .u64(v.col.into())
                .str(notebook::inline_line(lesson, v)),
        };
    }
    h.finish()
}

fn script_key(config: &Config, script: &Script) -> Digest {
    let mut h = common_key("script", config, &script.display, &script.path);
    h.str(&script.source).finish()
}

fn script_context() -> Digest {
    KeyHasher::new("script context")
        .str(&working_dir())
        .finish()
}

fn working_dir() -> String {
    std::env::current_dir()
        .map(|d| d.to_string_lossy().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
