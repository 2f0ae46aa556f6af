//! The execute stage: every lesson through [`exec::cached::execute_lesson`] (lessons in
//! parallel), which decides what stands and what runs; the engine's warm state is replaced
//! by what this pass ran, unless it was cancelled.

use crate::book::Book;
use crate::cache::Cache;
use crate::exec::LessonRun;
use crate::exec::cached::{ExecOptions, ExecStats, LessonExec, Warm, execute_lesson};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What the execute stage produced.
pub(super) struct Executed {
    /// Index-aligned with the book's lessons.
    pub runs: Vec<LessonRun>,
    /// What ran: `slug` for a notebook, `slug/file.rlab` for a script.
    pub names: Vec<String>,
    pub stats: ExecStats,
}

/// Execute `book`, resuming from `warm`; `None` (and `warm` untouched) when `cancel` was set.
/// `progress` shows `executing lessons k/n` on a terminal.
pub(super) fn execute(
    book: &Book,
    cache: &Cache,
    warm: &mut HashMap<String, Warm>,
    opts: ExecOptions,
    progress: bool,
) -> Option<Executed> {
    let total = book.lessons.len();
    let show = progress && std::io::stderr().is_terminal();
    let finished = AtomicUsize::new(0);
    let results: Vec<LessonExec> = (book.lessons.par_iter())
        .map(|lesson| {
            let result = execute_lesson(&book.config, lesson, cache, warm.get(&lesson.slug), opts);
            let k = finished.fetch_add(1, Ordering::Relaxed) + 1;
            if show {
                eprint!("\r\x1b[2Kexecuting lessons {k}/{total}");
            }
            result
        })
        .collect();
    if show {
        eprint!("\r\x1b[2K");
    }
    if opts
        .cancel
        .is_some_and(|c: &Arc<AtomicBool>| c.load(Ordering::Relaxed))
    {
        return None;
    }
    let mut executed = Executed {
        runs: Vec::with_capacity(total),
        names: Vec::new(),
        stats: ExecStats::default(),
    };
    warm.clear();
    for (lesson, result) in book.lessons.iter().zip(results) {
        executed.stats.add(result.stats());
        if result.ran_notebook {
            executed.names.push(lesson.slug.clone());
        }
        for (script, ran) in lesson.scripts.iter().zip(&result.ran_scripts) {
            if *ran {
                executed
                    .names
                    .push(format!("{}/{}", lesson.slug, script.file_name));
            }
        }
        warm.insert(lesson.slug.clone(), result.warm);
        executed.runs.push(result.run);
    }
    Some(executed)
}
