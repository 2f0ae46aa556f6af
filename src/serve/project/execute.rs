//! Execution for a rebuild: for every lesson, decide which of its parts (the notebook of
//! blocks and inline values, each standalone script) no earlier run stands for, run only
//! those (lessons in parallel, cancellable), and assemble each lesson's run from the fresh
//! and the kept parts. A notebook edited at some step runs again from that step on, in the
//! session saved after the last unchanged step (the prefix cache): variables, random
//! stream, figures and hold as they were. A part not yet run in this process comes from the
//! book's cache when a cached run stands for it; what runs is stored there. A cancelled
//! rebuild keeps nothing it ran, in memory or in the cache.

use super::keys::{NotebookKey, ScriptKey};
use super::state::LessonState;
use crate::book::script::Script;
use crate::book::{Book, Lesson};
use crate::cache::Cache;
use crate::config::Config;
use crate::exec::cached::{self, NotebookPart, Part, Stored};
use crate::exec::notebook::{self, NotebookRun};
use crate::exec::{self, BlockRun, InlineRun, LessonRun, ScriptRun};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What to do with a lesson's notebook.
#[derive(Clone, Copy, Debug, PartialEq)]
enum NotebookPlan {
    /// The last run stands.
    Keep,
    /// Not run in this process: the book cache's run if one stands, else run it.
    FromCache,
    /// Run from this step on, after the session saved at the step before (from the start
    /// when there is none).
    From(usize),
}

/// The parts of one lesson to run: the notebook, and each script (`true`: look it up in
/// the book's cache, else run it).
#[derive(Clone, Debug, PartialEq)]
struct Plan {
    notebook: NotebookPlan,
    scripts: Vec<bool>,
}

/// A notebook's fresh run, or the book cache's.
enum NotebookFresh {
    Ran(NotebookRun),
    Cached(Vec<BlockRun>, Vec<InlineRun>),
}

/// What ran (or came from the cache) for one lesson; scripts say whether they ran.
struct Fresh {
    notebook: Option<NotebookFresh>,
    scripts: Vec<Option<(ScriptRun, bool)>>,
}

/// Bring `states` to the lessons of `book`, reusing runs where they still stand (lessons no
/// longer in the book are dropped). Returns what was executed (`slug` for a notebook,
/// `slug/file.rlab` for a script), or `None`, with `states` untouched, when the rebuild was
/// cancelled.
pub(super) fn execute(
    book: &Book,
    states: &mut HashMap<String, LessonState>,
    changed_rlab: &BTreeSet<String>,
    cache: &Cache,
    cancel: &Arc<AtomicBool>,
) -> Option<Vec<String>> {
    let plans: Vec<Plan> = book
        .lessons
        .iter()
        .map(|l| plan(l, states.get(&l.slug), changed_rlab))
        .collect();
    let shared: &HashMap<String, LessonState> = states;
    let fresh: Vec<Fresh> = book
        .lessons
        .par_iter()
        .zip(&plans)
        .map(|(lesson, plan)| {
            let old = shared.get(&lesson.slug);
            run_plan(&book.config, cache, lesson, plan, old, cancel)
        })
        .collect();
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let mut executed = Vec::new();
    let mut new_states = HashMap::new();
    for (lesson, fresh) in book.lessons.iter().zip(fresh) {
        executed.extend(executed_names(lesson, &fresh));
        let state = assemble(lesson, states.remove(&lesson.slug), fresh);
        new_states.insert(lesson.slug.clone(), state);
    }
    *states = new_states;
    Some(executed)
}

/// Which parts of `lesson` no run in `old` stands for.
fn plan(lesson: &Lesson, old: Option<&LessonState>, changed_rlab: &BTreeSet<String>) -> Plan {
    let notebook = match old {
        None => NotebookPlan::FromCache,
        Some(o) => notebook_plan(o, &NotebookKey::of(lesson), changed_rlab),
    };
    let scripts = lesson
        .scripts
        .iter()
        .map(|s| {
            let key = ScriptKey::of(s);
            key.mentions_any(changed_rlab) || old.and_then(|o| o.script_run(&key)).is_none()
        })
        .collect();
    Plan { notebook, scripts }
}

/// Keep the notebook's run, or run it from its first step that changed: whose code or
/// expression changed, that moved while it had an error, or that read a file that changed.
fn notebook_plan(
    old: &LessonState,
    key: &NotebookKey,
    changed_rlab: &BTreeSet<String>,
) -> NotebookPlan {
    let Some(steps) = &old.notebook else {
        let stands = old.notebook_key.still_stands_for(key, &old.run);
        return match stands && !key.mentions_any(changed_rlab) {
            true => NotebookPlan::Keep,
            false => NotebookPlan::From(0),
        };
    };
    let prefix = old
        .notebook_key
        .unchanged_prefix(key, &old.run)
        .min(first_step_reading_changed_files(steps));
    if prefix == key.len() && prefix == old.notebook_key.len() {
        NotebookPlan::Keep
    } else {
        NotebookPlan::From(prefix)
    }
}

/// The first step that read a file (with `run`) whose text is not the one it read.
fn first_step_reading_changed_files(run: &NotebookRun) -> usize {
    run.files
        .iter()
        .position(|files| {
            files
                .iter()
                .any(|f| std::fs::read_to_string(&f.path).ok() != f.text)
        })
        .unwrap_or(usize::MAX)
}

fn run_plan(
    config: &Config,
    cache: &Cache,
    lesson: &Lesson,
    plan: &Plan,
    old: Option<&LessonState>,
    cancel: &Arc<AtomicBool>,
) -> Fresh {
    let from_cache = plan.notebook == NotebookPlan::FromCache || plan.scripts.contains(&true);
    let stored = if from_cache {
        Stored::load(cache, lesson)
    } else {
        Stored::default()
    };
    let (notebook, scripts) = rayon::join(
        || run_notebook(config, &stored, lesson, plan.notebook, old, cancel),
        || {
            lesson
                .scripts
                .par_iter()
                .zip(&plan.scripts)
                .map(|(s, &run)| run.then(|| run_script(config, &stored, s, cancel)))
                .collect::<Vec<_>>()
        },
    );
    if !cancel.load(Ordering::Relaxed) {
        record(config, cache, lesson, notebook.as_ref(), &scripts);
    }
    let scripts = scripts
        .into_iter()
        .map(|s| s.map(|(part, ran)| (part.run, ran)))
        .collect();
    Fresh { notebook, scripts }
}

fn run_notebook(
    config: &Config,
    stored: &Stored,
    lesson: &Lesson,
    plan: NotebookPlan,
    old: Option<&LessonState>,
    cancel: &Arc<AtomicBool>,
) -> Option<NotebookFresh> {
    let from = match plan {
        NotebookPlan::Keep => return None,
        NotebookPlan::FromCache => {
            if let Some(part) = stored.notebook(config, lesson) {
                let (blocks, inlines) = part.run.clone();
                return Some(NotebookFresh::Cached(blocks, inlines));
            }
            0
        }
        NotebookPlan::From(step) => step,
    };
    let steps = notebook::steps(lesson);
    let start = old
        .and_then(|o| o.notebook.as_ref())
        .and_then(|run| run.resume_after(&steps, from, Some(cancel)));
    let run = notebook::run_notebook_from(config, lesson, start, true, Some(cancel));
    Some(NotebookFresh::Ran(run))
}

/// A script's run from the book's cache, else a fresh one (`true`: it ran).
fn run_script(
    config: &Config,
    stored: &Stored,
    script: &Script,
    cancel: &Arc<AtomicBool>,
) -> (Part<ScriptRun>, bool) {
    if let Some(part) = stored.script(config, script) {
        return (part.clone(), false);
    }
    let (run, files) = exec::run_script_reporting_files(config, script, Some(cancel));
    (Part::of_script(config, script, run, &files), true)
}

/// Store in the book's cache what ran for `lesson`.
fn record(
    config: &Config,
    cache: &Cache,
    lesson: &Lesson,
    notebook: Option<&NotebookFresh>,
    scripts: &[Option<(Part<ScriptRun>, bool)>],
) {
    let notebook = match notebook {
        Some(NotebookFresh::Ran(run)) => Some(NotebookPart::of_notebook(config, lesson, run)),
        _ => None,
    };
    let ran: Vec<Option<&Part<ScriptRun>>> = scripts
        .iter()
        .map(|s| s.as_ref().filter(|(_, ran)| *ran).map(|(part, _)| part))
        .collect();
    if notebook.is_some() || ran.iter().any(Option::is_some) {
        cached::record(cache, config, lesson, notebook.as_ref(), &ran);
    }
}

fn executed_names(lesson: &Lesson, fresh: &Fresh) -> Vec<String> {
    let mut names = Vec::new();
    if matches!(fresh.notebook, Some(NotebookFresh::Ran(_))) {
        names.push(lesson.slug.clone());
    }
    for (script, run) in lesson.scripts.iter().zip(&fresh.scripts) {
        if matches!(run, Some((_, true))) {
            names.push(format!("{}/{}", lesson.slug, script.file_name));
        }
    }
    names
}

/// The lesson's state after this rebuild's runs: fresh parts, else the old ones. Checks and
/// pages carry over only when nothing was run again.
fn assemble(lesson: &Lesson, old: Option<LessonState>, fresh: Fresh) -> LessonState {
    let ran_anything = fresh.notebook.is_some() || fresh.scripts.iter().any(Option::is_some);
    let mut old = old;
    let (blocks, inlines, steps) = match (fresh.notebook, old.as_mut()) {
        (Some(NotebookFresh::Ran(run)), _) => (run.blocks.clone(), run.inlines.clone(), Some(run)),
        (Some(NotebookFresh::Cached(blocks, inlines)), _) => (blocks, inlines, None),
        (None, Some(o)) => (
            o.run.blocks.clone(),
            o.run.inlines.clone(),
            o.notebook.take(),
        ),
        (None, None) => (Vec::new(), Vec::new(), None),
    };
    let script_keys: Vec<ScriptKey> = lesson.scripts.iter().map(ScriptKey::of).collect();
    let scripts = fresh
        .scripts
        .into_iter()
        .zip(&script_keys)
        .map(|(run, key)| {
            run.map(|(run, _)| run)
                .or_else(|| old.as_ref().and_then(|o| o.script_run(key)).cloned())
                .unwrap_or_else(|| ScriptRun {
                    text: String::new(),
                    figures: Vec::new(),
                    error: None,
                    values: Vec::new(),
                })
        })
        .collect();
    let run = LessonRun {
        blocks,
        inlines,
        scripts,
    };
    let mut state = match old {
        Some(o) if !ran_anything => o,
        Some(o) => LessonState {
            generation: o.generation + 1,
            good_page: o.good_page,
            ..LessonState::default()
        },
        None => LessonState::default(),
    };
    state.notebook_key = NotebookKey::of(lesson);
    state.script_keys = script_keys;
    state.run = run;
    state.notebook = steps;
    state
}

#[cfg(test)]
mod tests;
