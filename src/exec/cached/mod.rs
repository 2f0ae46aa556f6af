//! Execution through the book's persistent cache: a lesson's notebook (its blocks and inline
//! values) and each of its scripts are run only when no cached run stands for them (see
//! [`keys`] for what a run depends on). One cache file per lesson holds its parts. Runs
//! stopped by a limit (time, memory, depth, a cancel) are never stored: another try may pass.
//!
//! Every run goes through [`execute_lesson`] (the pipeline's execute stage calls it for each
//! lesson, for `build`, `check`, `bless` and `serve` alike); a process that runs a book again and again
//! (`rlbook serve`) passes what it remembers of the last run ([`Warm`]), with the sessions
//! after each step, so that an edited notebook resumes after its unchanged steps.

mod keys;

pub use keys::{NotebookKey, NotebookOutputs, NotebookPart, Part};

use super::notebook::{self, NotebookRun};
use super::{LessonRun, ScriptRun};
use crate::book::Lesson;
use crate::book::script::Script;
use crate::cache::{Cache, CacheFile};
use crate::config::Config;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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
    pub fn add(&mut self, other: ExecStats) {
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

impl LessonEntry {
    /// The lesson's run, copied.
    fn run(&self) -> LessonRun {
        self.clone().into_run()
    }

    /// The lesson's run.
    fn into_run(self) -> LessonRun {
        let notebook = self.notebook.map(|p| p.run).unwrap_or_default();
        LessonRun {
            blocks: notebook.blocks,
            inlines: notebook.inlines,
            exercises: notebook.exercises,
            files: notebook.files,
            scripts: self.scripts.into_iter().map(|p| p.run).collect(),
        }
    }
}

/// What is stored of a lesson (the same shape as [`LessonEntry`], borrowed).
#[derive(Serialize)]
struct StoredEntry<'a> {
    notebook: Option<&'a NotebookPart>,
    scripts: Vec<&'a Part<ScriptRun>>,
}

/// What the cache holds for one lesson, read when first needed.
struct Stored<'c> {
    cache: &'c Cache,
    slug: &'c str,
    entry: std::sync::OnceLock<LessonEntry>,
}

impl<'c> Stored<'c> {
    fn new(cache: &'c Cache, lesson: &'c Lesson) -> Stored<'c> {
        Stored {
            cache,
            slug: &lesson.slug,
            entry: std::sync::OnceLock::new(),
        }
    }

    fn entry(&self) -> &LessonEntry {
        self.entry.get_or_init(|| {
            let file = CacheFile::exec(self.slug);
            self.cache.load(&file).unwrap_or_default()
        })
    }
}

/// What a process remembers of a lesson's runs between passes (`rlbook serve`): its parts,
/// and, when its notebook ran in this process keeping sessions, that run step by step with
/// the session after each step, to resume from after an edit.
#[derive(Clone, Debug, Default)]
pub struct Warm {
    entry: LessonEntry,
    /// Shared: a pass that keeps the notebook's run keeps it without copying its sessions.
    steps: Option<Arc<Steps>>,
}

/// A notebook's run step by step, with the key it was made for and which steps failed.
#[derive(Clone, Debug)]
struct Steps {
    key: NotebookKey,
    failed: Vec<bool>,
    run: NotebookRun,
}

/// How to execute.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExecOptions<'a> {
    /// Keep the session after every step of a notebook that runs (for [`Warm`]).
    pub keep_sessions: bool,
    /// Stop early once set.
    pub cancel: Option<&'a Arc<AtomicBool>>,
}

/// One lesson executed: its run, what to remember of it (only when keeping sessions: a
/// one-pass build needs nothing), and what actually ran.
#[derive(Clone, Debug)]
pub struct LessonExec {
    pub run: LessonRun,
    pub warm: Warm,
    pub ran_notebook: bool,
    /// Index-aligned with the lesson's scripts.
    pub ran_scripts: Vec<bool>,
}

impl LessonExec {
    pub fn stats(&self) -> ExecStats {
        ExecStats {
            lessons: 1,
            lessons_run: usize::from(self.ran_notebook),
            scripts: self.ran_scripts.len(),
            scripts_run: self.ran_scripts.iter().filter(|r| **r).count(),
        }
    }
}

/// Execute one lesson: each part (the notebook, every script) is taken from `warm` when a run
/// there stands for it, else resumed from `warm`'s sessions after its unchanged steps, else
/// taken from the book's cache when a cached run stands, else run. What ran is stored in the
/// cache (unless `opts.cancel` was set meanwhile).
pub fn execute_lesson(
    config: &Config,
    lesson: &Lesson,
    cache: &Cache,
    warm: Option<&Warm>,
    opts: ExecOptions,
) -> LessonExec {
    let stored = Stored::new(cache, lesson);
    let key = NotebookKey::of(config, lesson);
    let (notebook, scripts) = rayon::join(
        || notebook_part(config, lesson, &key, &stored, warm, opts),
        || {
            (lesson.scripts.par_iter())
                .map(|s| script_part(config, s, &stored, warm, opts.cancel))
                .collect::<Vec<_>>()
        },
    );
    let ((part, steps, ran_notebook), scripts): (_, Vec<(Part<ScriptRun>, bool)>) =
        (notebook, scripts);
    let ran_scripts: Vec<bool> = scripts.iter().map(|(_, ran)| *ran).collect();
    let mut entry = LessonEntry {
        notebook: Some(part),
        scripts: scripts.into_iter().map(|(p, _)| p).collect(),
    };
    let cancelled = opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    if (ran_notebook || ran_scripts.contains(&true)) && !cancelled {
        store(cache, lesson, &entry);
    }
    let run = if opts.keep_sessions {
        entry.run()
    } else {
        std::mem::take(&mut entry).into_run()
    };
    LessonExec {
        run,
        warm: Warm { entry, steps },
        ran_notebook,
        ran_scripts,
    }
}

/// The notebook's part, the steps to remember, and whether it ran.
fn notebook_part(
    config: &Config,
    lesson: &Lesson,
    key: &NotebookKey,
    stored: &Stored,
    warm: Option<&Warm>,
    opts: ExecOptions,
) -> (NotebookPart, Option<Arc<Steps>>, bool) {
    let kept = warm.and_then(|w| w.entry.notebook.as_ref().map(|p| (p, w.steps.clone())));
    if let Some((part, steps)) = kept.filter(|(p, _)| p.stands_for(key)) {
        return (part.clone(), steps, false);
    }
    let resume = warm.and_then(|w| w.steps.as_ref()).and_then(|old| {
        let prefix = (old.key.unchanged_prefix(key, &old.failed))
            .min(old.run.first_step_reading_changed_files());
        old.run
            .resume_after(&notebook::steps(lesson), prefix, opts.cancel)
    });
    if resume.is_none()
        && let Some(part) = stored
            .entry()
            .notebook
            .as_ref()
            .filter(|p| p.stands_for(key))
    {
        return (part.clone(), None, false);
    }
    let run = notebook::run_notebook_from(config, lesson, resume, opts.keep_sessions, opts.cancel);
    let part = NotebookPart::of_notebook(key, &run);
    let steps = opts.keep_sessions.then(|| {
        Arc::new(Steps {
            key: key.clone(),
            failed: keys::failed_steps(lesson, &part.run),
            run,
        })
    });
    (part, steps, true)
}

/// A script's part, and whether it ran.
fn script_part(
    config: &Config,
    script: &Script,
    stored: &Stored,
    warm: Option<&Warm>,
    cancel: Option<&Arc<AtomicBool>>,
) -> (Part<ScriptRun>, bool) {
    let in_memory = warm.map(|w| w.entry.scripts.as_slice()).unwrap_or_default();
    let standing =
        |parts: &[Part<ScriptRun>]| parts.iter().find(|p| p.stands_for(config, script)).cloned();
    if let Some(part) = standing(in_memory).or_else(|| standing(&stored.entry().scripts)) {
        return (part, false);
    }
    let (run, files) = super::run_script_reporting_files(config, script, cancel);
    (Part::of_script(config, script, run, &files), true)
}

/// Store the parts of `entry` that may be reused another time.
fn store(cache: &Cache, lesson: &Lesson, entry: &LessonEntry) {
    if !cache.is_enabled() {
        return;
    }
    let stored = StoredEntry {
        notebook: entry.notebook.as_ref().filter(|n| n.storable()),
        scripts: entry.scripts.iter().filter(|p| p.storable()).collect(),
    };
    cache.store(&CacheFile::exec(&lesson.slug), &stored);
}

#[cfg(test)]
mod tests;
