//! Execution through the book's persistent cache: a lesson's notebook (its blocks and inline
//! values) and each of its scripts are run only when no cached run stands for them (see
//! [`keys`] for what a run depends on). One cache file per lesson holds its parts. Runs
//! stopped by a limit (time, memory, depth, a cancel) are never stored: another try may pass.
//!
//! `rlbook build` runs a whole book through [`run_book`]; `rlbook serve` looks parts up with
//! [`Stored`] and stores what it ran with [`record`].

mod keys;

pub use keys::{NotebookPart, Part};

use super::notebook;
use super::{LessonRun, ScriptRun};
use crate::book::script::Script;
use crate::book::{Book, Lesson};
use crate::cache::{Cache, CacheFile};
use crate::config::Config;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// How much of the book was executed and how much came from the cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExecStats {
    pub lessons: usize,
    /// Lessons whose notebook ran.
    pub lessons_run: usize,
    pub scripts: usize,
    pub scripts_run: usize,
}

impl ExecStats {
    fn add(&mut self, other: ExecStats) {
        self.lessons += other.lessons;
        self.lessons_run += other.lessons_run;
        self.scripts += other.scripts;
        self.scripts_run += other.scripts_run;
    }
}

impl std::fmt::Display for ExecStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        write!(
            f,
            "executed {} of {} lesson{}, {} of {} script{}",
            self.lessons_run,
            self.lessons,
            plural(self.lessons),
            self.scripts_run,
            self.scripts,
            plural(self.scripts)
        )
    }
}

/// The cache file of a lesson.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct LessonEntry {
    notebook: Option<NotebookPart>,
    scripts: Vec<Part<ScriptRun>>,
}

/// What is stored of a lesson (the same shape as [`LessonEntry`], borrowed).
#[derive(Serialize)]
struct StoredEntry<'a> {
    notebook: Option<&'a NotebookPart>,
    scripts: Vec<&'a Part<ScriptRun>>,
}

/// What the cache holds for one lesson.
#[derive(Clone, Debug, Default)]
pub struct Stored {
    entry: LessonEntry,
}

impl Stored {
    /// The cached parts of `lesson` (none when the cache has no sound file for it).
    pub fn load(cache: &Cache, lesson: &Lesson) -> Stored {
        Stored {
            entry: cache
                .load(&CacheFile::exec(&lesson.slug))
                .unwrap_or_default(),
        }
    }

    /// The cached notebook run that stands for `lesson` as it is now.
    pub fn notebook(&self, config: &Config, lesson: &Lesson) -> Option<&NotebookPart> {
        let part = self.entry.notebook.as_ref()?;
        part.stands_for(config, lesson).then_some(part)
    }

    /// A cached run that stands for `script` as it is now.
    pub fn script(&self, config: &Config, script: &Script) -> Option<&Part<ScriptRun>> {
        self.entry
            .scripts
            .iter()
            .find(|p| p.stands_for(config, script))
    }
}

/// Store the parts of `lesson` that may be reused: `notebook` (or the cached one, if it still
/// stands) and, for each script, its part in `scripts` (index-aligned with the lesson's
/// scripts) or the cached one that stands.
pub fn record(
    cache: &Cache,
    config: &Config,
    lesson: &Lesson,
    notebook: Option<&NotebookPart>,
    scripts: &[Option<&Part<ScriptRun>>],
) {
    if !cache.is_enabled() {
        return;
    }
    let old = Stored::load(cache, lesson);
    let notebook = notebook.or_else(|| old.notebook(config, lesson));
    let scripts = lesson.scripts.iter().enumerate().filter_map(|(i, s)| {
        scripts
            .get(i)
            .copied()
            .flatten()
            .or_else(|| old.script(config, s))
    });
    let stored = StoredEntry {
        notebook: notebook.filter(|n| n.storable()),
        scripts: scripts.filter(|p| p.storable()).collect(),
    };
    cache.store(&CacheFile::exec(&lesson.slug), &stored);
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
            total.add(stats);
            run
        })
        .collect();
    (runs, total)
}

/// Run one lesson, reusing what the cache holds for it, and store what ran.
pub fn run_lesson(config: &Config, lesson: &Lesson, cache: &Cache) -> (LessonRun, ExecStats) {
    let stored = Stored::load(cache, lesson);
    let (notebook, scripts) = rayon::join(
        || match stored.notebook(config, lesson) {
            Some(part) => (part.clone(), false),
            None => {
                let run = notebook::run_notebook_from(config, lesson, None, false, None);
                (NotebookPart::of_notebook(config, lesson, &run), true)
            }
        },
        || {
            lesson
                .scripts
                .par_iter()
                .map(|s| match stored.script(config, s) {
                    Some(part) => (part.clone(), false),
                    None => {
                        let (run, files) = super::run_script_reporting_files(config, s, None);
                        (Part::of_script(config, s, run, &files), true)
                    }
                })
                .collect::<Vec<_>>()
        },
    );
    let stats = ExecStats {
        lessons: 1,
        lessons_run: usize::from(notebook.1),
        scripts: scripts.len(),
        scripts_run: scripts.iter().filter(|(_, ran)| *ran).count(),
    };
    if stats.lessons_run + stats.scripts_run > 0 {
        let parts: Vec<Option<&Part<ScriptRun>>> = scripts.iter().map(|(p, _)| Some(p)).collect();
        record(cache, config, lesson, Some(&notebook.0), &parts);
    }
    let (blocks, inlines) = notebook.0.run;
    let run = LessonRun {
        blocks,
        inlines,
        scripts: scripts.into_iter().map(|(p, _)| p.run).collect(),
    };
    (run, stats)
}

#[cfg(test)]
mod tests;
