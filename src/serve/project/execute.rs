//! Execution for a rebuild: for every lesson, decide which of its parts (the notebook of
//! blocks and inline values, each standalone script) no earlier run stands for, run only
//! those (lessons in parallel, cancellable), and assemble each lesson's run from the fresh
//! and the kept parts. A cancelled rebuild keeps nothing it ran.

use super::keys::{NotebookKey, ScriptKey};
use super::state::LessonState;
use crate::book::{Book, Lesson};
use crate::config::Config;
use crate::exec::{self, BlockRun, InlineRun, LessonRun, ScriptRun};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The parts of one lesson to run.
#[derive(Clone, Debug, PartialEq)]
struct Plan {
    notebook: bool,
    scripts: Vec<bool>,
}

/// What ran for one lesson.
struct Fresh {
    notebook: Option<(Vec<BlockRun>, Vec<InlineRun>)>,
    scripts: Vec<Option<ScriptRun>>,
}

/// Bring `states` to the lessons of `book`, reusing runs where they still stand (lessons no
/// longer in the book are dropped). Returns what was executed (`slug` for a notebook,
/// `slug/file.rlab` for a script), or `None`, with `states` untouched, when the rebuild was
/// cancelled.
pub(super) fn execute(
    book: &Book,
    states: &mut HashMap<String, LessonState>,
    changed_rlab: &BTreeSet<String>,
    cancel: &Arc<AtomicBool>,
) -> Option<Vec<String>> {
    let plans: Vec<Plan> = book
        .lessons
        .iter()
        .map(|l| plan(l, states.get(&l.slug), changed_rlab))
        .collect();
    let fresh: Vec<Fresh> = book
        .lessons
        .par_iter()
        .zip(&plans)
        .map(|(lesson, plan)| run_plan(&book.config, lesson, plan, cancel))
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
    let key = NotebookKey::of(lesson);
    let notebook = old.is_none_or(|o| {
        !o.notebook_key.still_stands_for(&key, &o.run) || key.mentions_any(changed_rlab)
    });
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

fn run_plan(config: &Config, lesson: &Lesson, plan: &Plan, cancel: &Arc<AtomicBool>) -> Fresh {
    let (notebook, scripts) = rayon::join(
        || {
            plan.notebook
                .then(|| exec::run_notebook(config, lesson, Some(cancel)))
        },
        || {
            lesson
                .scripts
                .par_iter()
                .zip(&plan.scripts)
                .map(|(s, run)| run.then(|| exec::run_script_until(config, s, Some(cancel))))
                .collect::<Vec<_>>()
        },
    );
    Fresh { notebook, scripts }
}

fn executed_names(lesson: &Lesson, fresh: &Fresh) -> Vec<String> {
    let mut names = Vec::new();
    if fresh.notebook.is_some() {
        names.push(lesson.slug.clone());
    }
    for (script, run) in lesson.scripts.iter().zip(&fresh.scripts) {
        if run.is_some() {
            names.push(format!("{}/{}", lesson.slug, script.file_name));
        }
    }
    names
}

/// The lesson's state after this rebuild's runs: fresh parts, else the old ones. Checks and
/// pages carry over only when nothing was run again.
fn assemble(lesson: &Lesson, old: Option<LessonState>, fresh: Fresh) -> LessonState {
    let ran_anything = fresh.notebook.is_some() || fresh.scripts.iter().any(Option::is_some);
    let (blocks, inlines) = match (fresh.notebook, &old) {
        (Some(parts), _) => parts,
        (None, Some(o)) => (o.run.blocks.clone(), o.run.inlines.clone()),
        (None, None) => (Vec::new(), Vec::new()),
    };
    let script_keys: Vec<ScriptKey> = lesson.scripts.iter().map(ScriptKey::of).collect();
    let scripts = fresh
        .scripts
        .into_iter()
        .zip(&script_keys)
        .map(|(run, key)| {
            run.or_else(|| old.as_ref().and_then(|o| o.script_run(key)).cloned())
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
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn write(root: &Path, name: &str, text: &str) {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn book(root: &Path) -> Book {
        Book::load(Config::load(root).unwrap()).unwrap()
    }

    fn run(b: &Book, states: &mut HashMap<String, LessonState>, rlab: &[&str]) -> Vec<String> {
        let files = rlab.iter().map(ToString::to_string).collect();
        execute(b, states, &files, &Arc::new(AtomicBool::new(false))).unwrap()
    }

    const LESSON: &str = "# A\n\n```rlab\nx = 6 * 7;\nprint(x)\n```\n\nx is ${x}.\n";

    #[test]
    fn only_parts_that_changed_run_again() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "content/01-a.md", LESSON);
        write(root, "content/01-a/s.rlab", "print(1)\n");
        write(root, "content/01-a/t.rlab", "run \"helper.rlab\"\n");
        write(root, "content/01-a/helper.rlab", "y = 2;\n");
        write(root, "content/02-b.md", "# B\n\n```rlab\nprint(2)\n```\n");
        let mut states = HashMap::new();
        let executed = run(&book(root), &mut states, &[]);
        assert_eq!(executed.len(), 5, "{executed:?}");
        assert_eq!(states["01-a"].run.blocks[0].text, "42");
        assert_eq!(states["01-a"].run.inlines[0].value, Ok("42".into()));
        write(
            root,
            "content/01-a.md",
            &LESSON.replace("# A", "# A, reworded"),
        );
        let executed = run(&book(root), &mut states, &[]);
        assert!(executed.is_empty(), "{executed:?}");
        assert_eq!(states["01-a"].generation, 0);
        write(root, "content/01-a.md", &LESSON.replace("6 * 7", "6 * 8"));
        let executed = run(&book(root), &mut states, &[]);
        assert_eq!(executed, ["01-a"]);
        assert_eq!(states["01-a"].run.blocks[0].text, "48");
        assert_eq!(states["01-a"].run.scripts.len(), 3);
        assert_eq!(states["01-a"].generation, 1);
        write(root, "content/01-a/helper.rlab", "y = 3;\n");
        let executed = run(&book(root), &mut states, &["helper.rlab"]);
        assert_eq!(executed, ["01-a/helper.rlab", "01-a/t.rlab"]);
        std::fs::remove_file(root.join("content/02-b.md")).unwrap();
        assert!(run(&book(root), &mut states, &[]).is_empty());
        assert!(!states.contains_key("02-b"));
    }

    #[test]
    fn a_cancelled_rebuild_keeps_nothing() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "content/01-a.md", LESSON);
        let b = book(dir.path());
        let mut states = HashMap::new();
        let cancel = Arc::new(AtomicBool::new(true));
        assert!(execute(&b, &mut states, &BTreeSet::new(), &cancel).is_none());
        assert!(states.is_empty());
    }
}
