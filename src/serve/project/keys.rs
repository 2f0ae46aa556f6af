//! What a run depends on, to decide whether an earlier run still stands for a lesson after an
//! edit. A lesson's blocks and inline values run in one session, so their run depends on the
//! code of every block and the expression of every inline value, in document order; the
//! prose between them does not matter. Lines matter only for error messages, so a run that
//! raised no error still stands when an edit above it moved the code to other lines. A
//! standalone script's run depends on its file and text.

use crate::book::Lesson;
use crate::book::script::Script;
use crate::exec::LessonRun;
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

/// What the run of a lesson's blocks and inline values depends on.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct NotebookKey {
    display: String,
    steps: Vec<Step>,
    /// Where each step stands (line, column), for messages.
    places: Vec<(u32, u32)>,
}

impl NotebookKey {
    pub(super) fn of(lesson: &Lesson) -> NotebookKey {
        let mut located: Vec<(usize, Step, (u32, u32))> = Vec::new();
        for b in &lesson.blocks {
            let step = Step::Block {
                code: b.code.clone(),
                runs: !b.attrs.no_run,
            };
            located.push((b.span.start, step, (b.first_line, 0)));
        }
        for v in &lesson.inlines {
            let step = Step::Inline {
                expr: v.expr.clone(),
                format: v.format.clone(),
            };
            located.push((v.span.start, step, (v.line, v.col)));
        }
        located.sort_by_key(|(at, _, _)| *at);
        let (steps, places) = located.into_iter().map(|(_, s, p)| (s, p)).unzip();
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

    /// Whether any block's code names one of `files` (a `run "file.rlab"` of a file that
    /// changed).
    pub(super) fn mentions_any(&self, files: &BTreeSet<String>) -> bool {
        self.steps.iter().any(|s| match s {
            Step::Block { code, .. } => files.iter().any(|f| code.contains(f.as_str())),
            Step::Inline { .. } => false,
        })
    }
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
        assert_eq!(k.places[1], (6, 0));
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
