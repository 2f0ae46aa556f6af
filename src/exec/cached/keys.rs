//! What a cached run depends on, and the check that it still stands.
//!
//! A notebook's key ([`NotebookKey`]): the `[exec]` settings, the lesson's file name and
//! folder, and its steps in document order (each block's code and whether it runs, each
//! inline expression and format), not the prose between them; step by step, so that a run
//! can resume after its unchanged steps. Its context, checked only for a run with an error
//! (the one place lines and columns show): where each step stands, the line each inline
//! value stands on, and the working directory (`run` and `import` file names in messages are
//! relative to it). A script's key: its file name, folder and source; its context: the working
//! directory. Every part also lists the files it read (`run` and `import` sources, data files
//! `load` read), by the digest of their bytes, checked on lookup. The rlbook build that ran it is checked by the cache file's header.

use super::super::exercise::ExerciseRun;
use super::super::notebook::{self, NotebookRun, Step};
use super::super::{BlockRun, InlineRun, ScriptRun};
use crate::book::Lesson;
use crate::book::script::Script;
use crate::cache::digest::{Digest, KeyHasher};
use crate::config::Config;
use rlab::{ErrorKind, FileRun, RunError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A file a run read, by digest (`None`: it could not be read).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct FileDep {
    path: PathBuf,
    digest: Option<Digest>,
}

/// What a notebook's run depends on, step by step: a head (the `[exec]` settings, the
/// file's name in messages and the folder `run` paths are relative to), each step's digest
/// (a block's code and whether it runs, an inline value's expression and format) and each
/// step's place (its line and column, and an inline value's whole line: they show in error
/// messages only). The prose between steps is not part of it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NotebookKey {
    head: Digest,
    steps: Vec<Digest>,
    places: Vec<Digest>,
}

impl NotebookKey {
    pub fn of(config: &Config, lesson: &Lesson) -> NotebookKey {
        let mut head = common_key("notebook", config, &lesson.display, &lesson.path);
        for w in &lesson.widgets {
            head.str(&w.name).str(&w.shown());
        }
        let head = head.finish();
        let (steps, places) = notebook::steps(lesson)
            .into_iter()
            .map(|step| step_key(lesson, step))
            .unzip();
        NotebookKey {
            head,
            steps,
            places,
        }
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// How many first steps of a run made for `self`, whose steps failed as `failed` says,
    /// still stand for a lesson whose key is `new`: the same step, at the same place unless
    /// that step raised no error.
    pub fn unchanged_prefix(&self, new: &NotebookKey, failed: &[bool]) -> usize {
        if self.head != new.head {
            return 0;
        }
        (self.steps.iter().zip(&new.steps).enumerate())
            .take_while(|&(i, (old, step))| {
                old == step
                    && (self.places.get(i) == new.places.get(i)
                        || !failed.get(i).copied().unwrap_or(true))
            })
            .count()
    }

    fn digest(&self) -> Digest {
        let mut h = KeyHasher::new("notebook steps");
        h.digest(&self.head).u64(self.steps.len() as u64);
        for step in &self.steps {
            h.digest(step);
        }
        h.finish()
    }

    fn context(&self) -> Digest {
        let mut h = KeyHasher::new("notebook context");
        h.str(&working_dir());
        for place in &self.places {
            h.digest(place);
        }
        h.finish()
    }
}

/// A step's digest and its place's.
fn step_key(lesson: &Lesson, step: Step) -> (Digest, Digest) {
    let (mut what, mut place) = (KeyHasher::new("step"), KeyHasher::new("place"));
    match step {
        Step::Block(b) => {
            what.str("block").str(&b.code).bool(b.attrs.no_run);
            place.u64(b.first_line.into());
        }
        Step::Inline(v) => {
            what.str("inline").str(&v.expr).opt_str(v.format.as_deref());
            place.u64(v.line.into()).u64(v.col.into());
            place.str(notebook::inline_line(lesson, v));
        }
        Step::Check(e) => {
            what.str("check").u64(e.number as u64);
            for name in e.checked(&lesson.blocks) {
                what.str(name);
            }
            for a in &e.answers {
                what.str(&a.expr);
                place.u64(a.line.into()).u64(a.col.into());
            }
            place.u64(e.line.into());
            let starter = e.starter.and_then(|i| lesson.blocks.get(i));
            place.u64(starter.map_or(0, |b| b.fence_line.into()));
        }
    }
    (what.finish(), place.finish())
}

/// Whether each step of a notebook's run (blocks and inline values in step order) failed.
pub(super) fn failed_steps(lesson: &Lesson, run: &NotebookOutputs) -> Vec<bool> {
    let (mut blocks, mut inlines) = (run.blocks.iter(), run.inlines.iter());
    let mut exercises = run.exercises.iter();
    notebook::steps(lesson)
        .into_iter()
        .map(|step| match step {
            Step::Block(_) => blocks.next().is_none_or(|b| b.error.is_some()),
            Step::Inline(_) => inlines.next().is_none_or(|v| v.value.is_err()),
            Step::Check(_) => exercises.next().is_none_or(ExerciseRun::failed),
        })
        .collect()
}

/// A cached run of one part of a lesson (its notebook, or one script).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part<T> {
    key: Digest,
    context: Digest,
    files: Vec<FileDep>,
    pub(crate) run: T,
}

/// What a notebook's run produced: its blocks and inline values, and the files each step read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NotebookOutputs {
    pub blocks: Vec<BlockRun>,
    pub inlines: Vec<InlineRun>,
    #[serde(default)]
    pub exercises: Vec<ExerciseRun>,
    /// The files each step read that could be read (index-aligned with the steps).
    pub files: Vec<Vec<PathBuf>>,
}

/// The run of a notebook.
pub type NotebookPart = Part<NotebookOutputs>;

impl NotebookPart {
    /// The part for a fresh run of the notebook whose key is `key`.
    pub fn of_notebook(key: &NotebookKey, run: &NotebookRun) -> NotebookPart {
        Part {
            key: key.digest(),
            context: key.context(),
            files: file_deps(run.all_files()),
            run: NotebookOutputs {
                blocks: run.blocks.clone(),
                inlines: run.inlines.clone(),
                exercises: run.exercises.clone(),
                files: run.files_read(),
            },
        }
    }

    /// Whether this run stands for the notebook whose key is `key`.
    pub(crate) fn stands_for(&self, key: &NotebookKey) -> bool {
        let NotebookOutputs {
            blocks,
            inlines,
            exercises,
            ..
        } = &self.run;
        let errors = blocks.iter().any(|b| b.error.is_some())
            || inlines.iter().any(|v| v.value.is_err())
            || exercises.iter().any(ExerciseRun::failed);
        self.stands(key.digest(), errors, || key.context())
    }

    /// Whether it may be reused another time (no limit stopped it).
    pub(crate) fn storable(&self) -> bool {
        let NotebookOutputs {
            blocks,
            inlines,
            exercises,
            ..
        } = &self.run;
        storable(
            (blocks.iter().filter_map(|b| b.error.as_ref()))
                .chain(inlines.iter().filter_map(|v| v.value.as_ref().err()))
                .chain(exercises.iter().flat_map(ExerciseRun::errors)),
        )
    }
}

impl Part<ScriptRun> {
    /// The part for a fresh run of `script`.
    pub fn of_script(
        config: &Config,
        script: &Script,
        run: ScriptRun,
        files: &[FileRun],
    ) -> Part<ScriptRun> {
        Part {
            key: script_key(config, script),
            context: script_context(),
            files: file_deps(files.iter()),
            run,
        }
    }

    pub(crate) fn stands_for(&self, config: &Config, script: &Script) -> bool {
        let errors = self.run.error.is_some();
        self.stands(script_key(config, script), errors, script_context)
    }

    pub(crate) fn storable(&self) -> bool {
        storable(self.run.error.iter())
    }
}

impl<T> Part<T> {
    /// Same key, same context when the run has errors, and the files it read unchanged.
    fn stands(&self, key: Digest, has_errors: bool, context: impl Fn() -> Digest) -> bool {
        self.key == key
            && (!has_errors || self.context == context())
            && self.files.iter().all(|f| file_digest(&f.path) == f.digest)
    }
}

/// The digest of a file's bytes as they are now (a text file's: the digest of its text).
fn file_digest(path: &Path) -> Option<Digest> {
    std::fs::read(path).ok().map(|bytes| Digest::of(&bytes))
}

/// The distinct files of a run with the digests of the bytes the run read.
fn file_deps<'a>(files: impl Iterator<Item = &'a FileRun>) -> Vec<FileDep> {
    let mut deps: Vec<FileDep> = Vec::new();
    for f in files {
        let dep = FileDep {
            path: f.path.clone(),
            digest: f.contents.as_deref().map(Digest::of),
        };
        if !deps.contains(&dep) {
            deps.push(dep);
        }
    }
    deps
}

/// A run stopped by a limit (time, memory, depth, a cancel) may pass another time.
fn storable<'a>(mut errors: impl Iterator<Item = &'a RunError>) -> bool {
    errors.all(|e| e.error.kind != ErrorKind::Limit)
}

/// What a run of any kind depends on besides its code: the `[exec]` settings, the file's
/// name in messages and the folder `run` paths are relative to.
fn common_key(kind: &str, config: &Config, display: &str, path: &Path) -> KeyHasher {
    let mut h = KeyHasher::new(kind);
    crate::cache::inputs::exec(&mut h, &config.exec);
    h.str(display).path(path.parent().unwrap_or(Path::new(".")));
    h
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
mod tests {
    //! The step-by-step key: what an edit leaves standing (moved from serve's own keys, which
    //! these rules replace).
    use super::*;
    use std::path::PathBuf;

    fn lesson(source: &str) -> Lesson {
        let path = PathBuf::from("/b/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), source.into(), Vec::new()).unwrap()
    }

    fn key(source: &str) -> NotebookKey {
        let config = Config::parse(Path::new("/b"), "", "book.toml").unwrap();
        NotebookKey::of(&config, &lesson(source))
    }

    const BASE: &str = "# A\n\nx is ${x}.\n\n```rlab\nx = 1;\n```\n\nThen ${x + 1:%.2f}.\n";

    const CLEAN: [bool; 3] = [false; 3];

    #[test]
    fn steps_follow_document_order_and_prose_is_not_one() {
        let k = key(BASE);
        assert_eq!(k.len(), 3);
        assert_eq!(k.unchanged_prefix(&k.clone(), &CLEAN), 3);
        assert_eq!(
            k,
            key(&BASE.replace("# A", "# A better title")),
            "prose only"
        );
        let reordered = key("# A\n\n```rlab\nx = 1;\n```\n\nx is ${x}. Then ${x + 1:%.2f}.\n");
        assert_eq!(k.unchanged_prefix(&reordered, &CLEAN), 0);
        let no_run = key(&BASE.replace("```rlab\n", "```rlab,no_run\n"));
        assert_eq!(k.unchanged_prefix(&no_run, &CLEAN), 1);
    }

    #[test]
    fn the_unchanged_prefix_ends_at_the_first_changed_step() {
        let old = key(BASE);
        assert_eq!(
            old.unchanged_prefix(&key(&BASE.replace("x = 1;", "x = 2;")), &CLEAN),
            1
        );
        assert_eq!(
            old.unchanged_prefix(&key(&BASE.replace("%.2f", "%.3f")), &CLEAN),
            2
        );
        let moved = key(&BASE.replace("# A\n", "# A\n\nA new paragraph.\n"));
        assert_eq!(
            old.unchanged_prefix(&moved, &CLEAN),
            3,
            "lines only show in errors"
        );
        let last_failed = [false, false, true];
        assert_eq!(old.unchanged_prefix(&moved, &last_failed), 2);
        let reworded = key(&BASE.replace("Then ${", "So then ${"));
        assert_eq!(
            old.unchanged_prefix(&reworded, &last_failed),
            2,
            "its line shows"
        );
        assert_eq!(old.unchanged_prefix(&reworded, &CLEAN), 3);
    }

    #[test]
    fn another_file_or_other_settings_stand_for_nothing() {
        let old = key(BASE);
        let config = Config::parse(Path::new("/b"), "", "book.toml").unwrap();
        let renamed = Lesson::parse(
            PathBuf::from("/b/content/01-b.md"),
            "content/01-b.md".into(),
            BASE.into(),
            Vec::new(),
        )
        .unwrap();
        assert_eq!(
            old.unchanged_prefix(&NotebookKey::of(&config, &renamed), &CLEAN),
            0
        );
        let seeded = Config::parse(Path::new("/b"), "[exec]\nseed = 7\n", "book.toml").unwrap();
        let reseeded = NotebookKey::of(&seeded, &lesson(BASE));
        assert_eq!(old.unchanged_prefix(&reseeded, &CLEAN), 0);
    }

    #[test]
    fn a_run_stands_while_its_steps_do_and_its_lines_only_when_it_failed() {
        let old = key(BASE);
        let clean_run = NotebookRun::default();
        let part = NotebookPart::of_notebook(&old, &clean_run);
        let moved = key(&BASE.replace("# A\n", "# A\n\nA new paragraph.\n"));
        assert!(part.stands_for(&old) && part.stands_for(&moved));
        assert!(!part.stands_for(&key(&BASE.replace("x = 1;", "x = 2;"))));
        let failed_run = NotebookRun {
            blocks: vec![BlockRun {
                error: Some(rlab::RunError {
                    error: rlab::LangError::runtime("boom"),
                    file: "content/01-a.md".into(),
                    line: 6,
                    col: 1,
                    excerpt: String::new(),
                }),
                ..BlockRun::default()
            }],
            ..NotebookRun::default()
        };
        let failed = NotebookPart::of_notebook(&old, &failed_run);
        assert!(failed.stands_for(&old) && !failed.stands_for(&moved));
    }
}
