//! What a run depends on, to decide whether an earlier run still stands for a lesson after an
//! edit. A lesson's blocks and inline values run in one session, so their run depends on the
//! code of every block and the expression of every inline value, in document order; the
//! prose between them does not matter. Lines matter only for error messages, so a run that
//! raised no error still stands when an edit above it moved the code to other lines. Step
//! by step, the same rules give the unchanged prefix of a notebook: the steps whose outputs
//! still stand, after which the run can resume. A standalone script's run depends on its
//! file and text.

use crate::book::Lesson;
use crate::book::script::Script;
use crate::exec::LessonRun;
use crate::exec::notebook::{self, Step as ExecStep};
use std::collections::BTreeSet;

/// One step of a lesson's session.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Block {
        code: String,
        runs: bool,
    },
    Inline {
        expr: String,
        format: Option<String>,
    },
}

/// Where a step stands, for messages: line and column, and for an inline value the whole
/// line (its error excerpt shows it).
type Place = (u32, u32, String);

/// What the run of a lesson's blocks and inline values depends on.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct NotebookKey {
    display: String,
    steps: Vec<Step>,
    places: Vec<Place>,
}

impl NotebookKey {
    pub(super) fn of(lesson: &Lesson) -> NotebookKey {
        let (steps, places) = notebook::steps(lesson)
            .into_iter()
            .map(|step| match step {
                ExecStep::Block(b) => {
                    let step = Step::Block {
                        code: b.code.clone(),
                        runs: !b.attrs.no_run,
                    };
                    (step, (b.first_line, 0, String::new()))
                }
                ExecStep::Inline(v) => {
                    let step = Step::Inline {
                        expr: v.expr.clone(),
                        format: v.format.clone(),
                    };
                    let line = notebook::inline_line(lesson, v).to_string();
                    (step, (v.line, v.col, line))
                }
            })
            .unzip();
        NotebookKey {
            display: lesson.display.clone(),
            steps,
            places,
        }
    }

    /// Whether a run made for `self` stands for a lesson whose key is `new`: the same steps
    /// of the same file, at the same places unless the run raised no error.
    pub(super) fn still_stands_for(&self, new: &NotebookKey, run: &LessonRun) -> bool {
        self.display == new.display
            && self.steps == new.steps
            && (self.places == new.places || !notebook_has_errors(run))
    }

    /// How many first steps of `run` (made for `self`) still stand for a lesson whose key is
    /// `new`: the same step, at the same place unless that step raised no error.
    pub(super) fn unchanged_prefix(&self, new: &NotebookKey, run: &LessonRun) -> usize {
        if self.display != new.display {
            return 0;
        }
        let errors = step_errors(&self.steps, run);
        self.steps
            .iter()
            .zip(&new.steps)
            .enumerate()
            .take_while(|&(i, (old, step))| {
                old == step
                    && (self.places.get(i) == new.places.get(i)
                        || !errors.get(i).copied().unwrap_or(true))
            })
            .count()
    }

    /// The number of steps.
    pub(super) fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether any block's code names one of `files` (a `run "file.rlab"` of a file that
    /// changed).
    pub(super) fn mentions_any(&self, files: &BTreeSet<String>) -> bool {
        self.steps.iter().any(|s| match s {
            Step::Block { code, .. } => files.iter().any(|f| code.contains(f.as_str())),
            Step::Inline { .. } => false,
        })
    }
}

/// Whether each step's output (block or inline value, in step order) has an error; a step
/// with no output in `run` counts as failed.
fn step_errors(steps: &[Step], run: &LessonRun) -> Vec<bool> {
    let (mut blocks, mut inlines) = (run.blocks.iter(), run.inlines.iter());
    steps
        .iter()
        .map(|step| match step {
            Step::Block { .. } => blocks.next().is_none_or(|b| b.error.is_some()),
            Step::Inline { .. } => inlines.next().is_none_or(|v| v.value.is_err()),
        })
        .collect()
}

fn notebook_has_errors(run: &LessonRun) -> bool {
    run.blocks.iter().any(|b| b.error.is_some()) || run.inlines.iter().any(|v| v.value.is_err())
}

/// What the run of a standalone script depends on.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ScriptKey {
    display: String,
    source: String,
}

impl ScriptKey {
    pub(super) fn of(script: &Script) -> ScriptKey {
        ScriptKey {
            display: script.display.clone(),
            source: script.source.clone(),
        }
    }

    /// Whether the script's text names one of `files` (it `run`s a file that changed).
    pub(super) fn mentions_any(&self, files: &BTreeSet<String>) -> bool {
        files.iter().any(|f| self.source.contains(f.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::{BlockRun, InlineRun};
    use std::path::PathBuf;

    fn lesson(source: &str) -> Lesson {
        let path = PathBuf::from("/b/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), source.into(), Vec::new()).unwrap()
    }

    fn key(source: &str) -> NotebookKey {
        NotebookKey::of(&lesson(source))
    }

    const BASE: &str = "# A\n\nx is ${x}.\n\n```rlab\nx = 1;\n```\n\nThen ${x + 1:%.2f}.\n";

    #[test]
    fn steps_follow_document_order() {
        let k = key(BASE);
        assert_eq!(k.steps.len(), 3);
        assert!(matches!(&k.steps[0], Step::Inline { expr, .. } if expr == "x"));
        assert!(matches!(&k.steps[1], Step::Block { code, runs: true } if code == "x = 1;\n"));
        assert!(matches!(&k.steps[2], Step::Inline { format: Some(f), .. } if f == "%.2f"));
        assert_eq!(k.places[1], (6, 0, String::new()));
        assert_eq!(k.places[2], (9, 6, "Then ${x + 1:%.2f}.".to_string()));
        assert_eq!(k.len(), 3);
    }

    #[test]
    fn prose_edits_keep_the_run_and_code_edits_do_not() {
        let clean = LessonRun::default();
        let old = key(BASE);
        let reworded = key(&BASE.replace("# A", "# A better title"));
        assert!(old.still_stands_for(&reworded, &clean));
        let moved = key(&BASE.replace("# A\n", "# A\n\nA new paragraph.\n"));
        assert!(old.still_stands_for(&moved, &clean));
        let recoded = key(&BASE.replace("x = 1;", "x = 2;"));
        assert!(!old.still_stands_for(&recoded, &clean));
        let reordered = key("# A\n\n```rlab\nx = 1;\n```\n\nx is ${x}. Then ${x + 1:%.2f}.\n");
        assert!(!old.still_stands_for(&reordered, &clean));
        let no_run = key(&BASE.replace("```rlab\n", "```rlab,no_run\n"));
        assert!(!old.still_stands_for(&no_run, &clean));
    }

    #[test]
    fn a_run_with_errors_needs_its_lines() {
        let old = key(BASE);
        let moved = key(&BASE.replace("# A\n", "# A\n\nA new paragraph.\n"));
        let failed = LessonRun {
            blocks: vec![BlockRun {
                error: Some(crate::lang::RunError {
                    error: crate::lang::LangError::runtime("boom"),
                    rendered: "content/01-a.md:6:1: boom".into(),
                    line: 6,
                    col: 1,
                }),
                ..BlockRun::default()
            }],
            ..LessonRun::default()
        };
        assert!(!old.still_stands_for(&moved, &failed));
        assert!(old.still_stands_for(&old.clone(), &failed));
        let inline_failed = LessonRun {
            inlines: vec![InlineRun {
                value: Err(failed.blocks[0].error.clone().unwrap()),
            }],
            ..LessonRun::default()
        };
        assert!(!old.still_stands_for(&moved, &inline_failed));
    }

    #[test]
    fn the_unchanged_prefix_ends_at_the_first_changed_step() {
        let old = key(BASE);
        let clean = LessonRun {
            blocks: vec![BlockRun::default()],
            inlines: vec![
                InlineRun {
                    value: Ok("1".into()),
                },
                InlineRun {
                    value: Ok("2.00".into()),
                },
            ],
            ..LessonRun::default()
        };
        assert_eq!(old.unchanged_prefix(&old.clone(), &clean), 3);
        assert_eq!(
            old.unchanged_prefix(&key(&BASE.replace("x = 1;", "x = 2;")), &clean),
            1
        );
        assert_eq!(
            old.unchanged_prefix(&key(&BASE.replace("%.2f", "%.3f")), &clean),
            2
        );
        let moved = key(&BASE.replace("# A\n", "# A\n\nA new paragraph.\n"));
        assert_eq!(old.unchanged_prefix(&moved, &clean), 3);
        let mut failed = clean.clone();
        failed.inlines[1].value = Err(crate::lang::RunError {
            error: crate::lang::LangError::runtime("boom"),
            rendered: "content/01-a.md:9:8: boom".into(),
            line: 9,
            col: 8,
        });
        assert_eq!(old.unchanged_prefix(&moved, &failed), 2);
        let reworded = key(&BASE.replace("Then ${", "So then ${"));
        assert_eq!(
            old.unchanged_prefix(&reworded, &failed),
            2,
            "its line shows"
        );
        assert_eq!(old.unchanged_prefix(&reworded, &clean), 3);
        let mut renamed = old.clone();
        renamed.display = "content/01-b.md".into();
        assert_eq!(old.unchanged_prefix(&renamed, &clean), 0);
    }

    #[test]
    fn run_dependencies_are_found_by_file_name() {
        let k = key("```rlab\nrun \"helpers.rlab\"\n```\n");
        let files: BTreeSet<String> = ["helpers.rlab".to_string()].into();
        assert!(k.mentions_any(&files));
        assert!(!key(BASE).mentions_any(&files));
        let script = Script {
            path: PathBuf::from("/b/content/01-a/s.rlab"),
            display: "content/01-a/s.rlab".into(),
            file_name: "s.rlab".into(),
            name: "s".into(),
            description: String::new(),
            source: "run \"helpers.rlab\";\n".into(),
        };
        let sk = ScriptKey::of(&script);
        assert!(sk.mentions_any(&files));
        assert!(!sk.mentions_any(&BTreeSet::new()));
        assert_eq!(sk, ScriptKey::of(&script.clone()));
    }
}
