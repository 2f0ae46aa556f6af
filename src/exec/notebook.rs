//! A lesson's notebook: its code blocks, inline values and exercise checks as one sequence
//! of steps in document order, run in one session. An inline value can advance the random
//! stream or read a variable, so it is a step like a block; an exercise's check reads the
//! session where the exercise ends ([`super::exercise`]). A run can start from a saved state (the session
//! after the first steps, and what those steps produced) and can keep the session after every
//! step, so that `rlbook serve` re-runs a lesson only from the first changed step on.

use super::exercise::{self, ExerciseRun};
use super::{BlockRun, InlineRun, labelled_values, session};
use crate::book::exercise::Exercise;
use crate::book::inline::InlineValue;
use crate::book::{CodeBlock, Lesson};
use crate::config::Config;
use rlab::{FileRun, Mode, Session};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// One step of a lesson's session.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    Block(&'a CodeBlock),
    Inline(&'a InlineValue),
    /// The check at the end of an exercise.
    Check(&'a Exercise),
}

impl Step<'_> {
    /// Where the step stands in the lesson's source (a check: where its exercise ends).
    pub fn at(&self) -> usize {
        match self {
            Step::Block(block) => block.span.start,
            Step::Inline(value) => value.span.start,
            Step::Check(exercise) => exercise.span.end,
        }
    }
}

/// The blocks, inline values and exercise checks of `lesson` in the order they run: the
/// order they stand in.
pub fn steps(lesson: &Lesson) -> Vec<Step<'_>> {
    let mut out: Vec<Step> = (lesson.blocks.iter().map(Step::Block))
        .chain(lesson.inlines.iter().map(Step::Inline))
        .chain(lesson.exercises.iter().map(Step::Check))
        .collect();
    out.sort_by_key(Step::at);
    out
}

/// What the first steps of a notebook produced, step by step.
#[derive(Clone, Default)]
pub struct NotebookRun {
    pub blocks: Vec<BlockRun>,
    pub inlines: Vec<InlineRun>,
    pub exercises: Vec<ExerciseRun>,
    /// The files each step read through the host (`run`, `import`, data files `load` read),
    /// index-aligned with the steps run.
    pub files: Vec<Vec<FileRun>>,
    /// The session after each step, when asked for (index-aligned with the steps run).
    pub snapshots: Vec<Session>,
}

impl std::fmt::Debug for NotebookRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NotebookRun")
            .field("blocks", &self.blocks)
            .field("inlines", &self.inlines)
            .field("exercises", &self.exercises)
            .field("files", &self.files)
            .field("snapshots", &self.snapshots.len())
            .finish()
    }
}

impl NotebookRun {
    /// Steps run so far.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The state after the first `done` of `steps` (the steps this run was made from): their
    /// outputs and the session to continue in, resumable under `cancel`. `None` when the run
    /// has fewer steps or kept no session after step `done`.
    pub fn resume_after(
        &self,
        steps: &[Step],
        done: usize,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Option<(Session, NotebookRun)> {
        if done == 0 || done > self.len() {
            return None;
        }
        let mut session = self.snapshots.get(done - 1)?.clone();
        session.set_cancel(cancel.cloned());
        let prefix = steps.get(..done)?;
        let count = |kind: fn(&Step) -> bool| prefix.iter().filter(|s| kind(s)).count();
        let blocks = count(|s| matches!(s, Step::Block(_)));
        let inlines = count(|s| matches!(s, Step::Inline(_)));
        let exercises = done - blocks - inlines;
        let kept = NotebookRun {
            blocks: self.blocks.get(..blocks)?.to_vec(),
            inlines: self.inlines.get(..inlines)?.to_vec(),
            exercises: self.exercises.get(..exercises)?.to_vec(),
            files: self.files.get(..done)?.to_vec(),
            snapshots: self.snapshots.get(..done)?.to_vec(),
        };
        Some((session, kept))
    }

    /// The first step that read a file whose bytes are not the ones it read (or that it
    /// could not read and now can), `usize::MAX` when there is none.
    pub fn first_step_reading_changed_files(&self) -> usize {
        self.files
            .iter()
            .position(|files| {
                files
                    .iter()
                    .any(|f| std::fs::read(&f.path).ok() != f.contents)
            })
            .unwrap_or(usize::MAX)
    }

    /// Every file the steps read, in order.
    pub fn all_files(&self) -> impl Iterator<Item = &FileRun> {
        self.files.iter().flatten()
    }

    /// For each step run, the distinct files it read that could be read, in the order first
    /// read (what a page ships for the step).
    pub fn files_read(&self) -> Vec<Vec<PathBuf>> {
        self.files
            .iter()
            .map(|files| super::readable(files))
            .collect()
    }
}

/// Run the notebook of `lesson`: from the start in a fresh session, or after the steps of
/// `start` (the session they left and what they produced). Keeps the session after each
/// step when `keep_snapshots`. Stops early once `cancel` is set.
pub fn run_notebook_from(
    config: &Config,
    lesson: &Lesson,
    start: Option<(Session, NotebookRun)>,
    keep_snapshots: bool,
    cancel: Option<&Arc<AtomicBool>>,
) -> NotebookRun {
    let steps = steps(lesson);
    let (mut session, mut run) = start.unwrap_or_else(|| {
        let dir = lesson.path.parent().unwrap_or(Path::new("."));
        let mut fresh = session(config, Mode::Notebook, dir, cancel);
        for w in &lesson.widgets {
            fresh.set_widget(&w.name, w.value());
        }
        (fresh, NotebookRun::default())
    });
    for step in steps.iter().skip(run.len()) {
        match step {
            Step::Block(block) => run.blocks.push(run_block(&mut session, lesson, block)),
            Step::Inline(v) => run.inlines.push(evaluate_inline(&mut session, lesson, v)),
            Step::Check(e) => run.exercises.push(exercise::check(&mut session, lesson, e)),
        }
        run.files.push(session.take_files_run());
        if keep_snapshots {
            run.snapshots.push(session.clone());
        }
    }
    run
}

fn run_block(session: &mut Session, lesson: &Lesson, block: &CodeBlock) -> BlockRun {
    if block.attrs.no_run {
        return BlockRun::default();
    }
    let (file, line) = lesson.place(block.first_line);
    let out = session.run_block(file, line, &block.code);
    BlockRun {
        executed: true,
        text: out.text.trim().to_string(),
        figures: out.figures,
        animations: out.animations,
        error: out.error,
        values: labelled_values(&out.text, &out.prints),
    }
}

fn evaluate_inline(session: &mut Session, lesson: &Lesson, v: &InlineValue) -> InlineRun {
    let (file, line) = lesson.place(v.line);
    let site = rlab::InlineSite {
        file,
        line,
        col: v.col + 2,
        line_text: inline_line(lesson, v),
    };
    InlineRun {
        value: session.interpolate(&site, &v.expr, v.format.as_deref()),
    }
}

/// The whole source line an inline value stands on (shown in its error messages).
pub(crate) fn inline_line<'l>(lesson: &'l Lesson, v: &InlineValue) -> &'l str {
    let source = lesson.source.as_str();
    let at = v.span.start.min(source.len());
    let line_start = source
        .get(..at)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = source
        .get(at..)
        .and_then(|s| s.find('\n'))
        .map_or(source.len(), |i| at + i);
    source.get(line_start..line_end).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson(source: &str) -> Lesson {
        let path = std::path::PathBuf::from("/book/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), source.into(), Vec::new()).unwrap()
    }

    fn config() -> Config {
        Config::parse(Path::new("/book"), "", "book.toml").unwrap()
    }

    const RANDOM: &str = "# A\n\nFirst ${rand()}.\n\n```rlab\nx = rand();\nprint(x)\n```\n\n\
                          Then ${rand():%.6f} and ${x}.\n\n```rlab\ny = x + rand();\nprint(y)\n```\n";

    /// The kind of each step of `lesson`, in order.
    fn kinds(lesson: &Lesson) -> Vec<&'static str> {
        (steps(lesson).iter())
            .map(|s| match s {
                Step::Block(_) => "block",
                Step::Inline(_) => "inline",
                Step::Check(_) => "check",
            })
            .collect()
    }

    #[test]
    fn steps_interleave_inline_values_in_document_order() {
        let l = lesson(RANDOM);
        assert_eq!(kinds(&l), ["inline", "block", "inline", "inline", "block"]);
    }

    #[test]
    fn a_resumed_run_equals_a_full_run() {
        let (l, c) = (lesson(RANDOM), config());
        let full = run_notebook_from(&c, &l, None, true, None);
        assert_eq!(full.len(), 5);
        assert_eq!(full.snapshots.len(), 5);
        let all = steps(&l);
        for done in 1..=5 {
            let start = full.resume_after(&all, done, None);
            assert!(start.is_some(), "step {done}");
            let resumed = run_notebook_from(&c, &l, start, true, None);
            assert_eq!(resumed.blocks, full.blocks, "from step {done}");
            assert_eq!(resumed.inlines, full.inlines, "from step {done}");
        }
        assert!(full.resume_after(&all, 0, None).is_none());
        assert!(full.resume_after(&all, 6, None).is_none());
        let plain = run_notebook_from(&c, &l, None, false, None);
        assert!(plain.snapshots.is_empty());
        assert!(plain.resume_after(&all, 1, None).is_none());
        assert_eq!(plain.blocks, full.blocks);
        assert!(format!("{full:?}").contains("snapshots: 5"));
    }

    #[test]
    fn an_exercise_check_is_a_step_where_its_exercise_ends_and_resumes_like_the_others() {
        let source = "# A\n\n```rlab\nq = rand();\n```\n\n<!-- exercise -->\nDo it.\n\n\
                      ```rlab,check=y\ny = 0;\n```\n\nHow? <!-- answer: ${y + 1} -->\n\n\
                      <!-- solution -->\n```rlab\ny = q * 2;\n```\n<!-- end -->\n\nAfter ${y}.\n";
        let (l, c) = (lesson(source), config());
        let all = steps(&l);
        assert_eq!(kinds(&l), ["block", "block", "block", "check", "inline"]);
        let full = run_notebook_from(&c, &l, None, true, None);
        let run = &full.exercises[0];
        let Ok(rlab_page::check::Expected::Numbers { re, .. }) = &run.values[0].1 else {
            panic!("{run:?}")
        };
        let answer = run.answers[0].as_ref().ok().copied();
        assert_eq!(
            answer,
            Some(re[0] + 1.0),
            "the answer is read after the solution"
        );
        for done in 1..=all.len() {
            let start = full.resume_after(&all, done, None);
            let resumed = run_notebook_from(&c, &l, start, true, None);
            assert_eq!(resumed.exercises, full.exercises, "from step {done}");
            assert_eq!(resumed.inlines, full.inlines, "from step {done}");
        }
    }

    #[test]
    fn a_changed_data_file_is_found_at_the_first_step_that_read_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("d.csv"), "1,2\n").unwrap();
        let source = "# A\n\n```rlab\nx = 1;\n```\n\n```rlab\ny = load(\"d.csv\");\n```\n";
        let l = Lesson::parse(
            root.join("01-a.md"),
            "01-a.md".into(),
            source.into(),
            Vec::new(),
        )
        .unwrap();
        let c = Config::parse(root, "", "book.toml").unwrap();
        let run = run_notebook_from(&c, &l, None, false, None);
        assert_eq!(run.files_read(), [vec![], vec![root.join("d.csv")]]);
        assert_eq!(run.first_step_reading_changed_files(), usize::MAX);
        std::fs::write(root.join("d.csv"), b"1,2\n\x93").unwrap();
        assert_eq!(run.first_step_reading_changed_files(), 1);
    }

    #[test]
    fn the_line_of_an_inline_value() {
        let l = lesson("# A\n\nx is ${1 + 1} here.\nnext\n");
        assert_eq!(inline_line(&l, &l.inlines[0]), "x is ${1 + 1} here.");
    }
}
