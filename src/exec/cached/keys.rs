//! What a cached run depends on, and the check that it still stands.
//!
//! A notebook's key: the `[exec]` settings, the lesson's file name and folder, and its steps
//! in document order (each block's code and fence attributes, each inline expression and
//! format), not the prose between them. Its context, checked only for a run with an error
//! (the one place lines and columns show): where each step stands, the line each inline
//! value stands on, and the working directory (`run` file names in messages are relative to
//! it). A script's key: its file name, folder and source; its context: the working directory.
//! Every part also lists the files it read with `run`, by digest, checked on lookup. The rlbook
//! build that ran it is checked by the cache file's header.

use super::super::notebook::{self, NotebookRun, Step};
use super::super::{BlockRun, InlineRun, ScriptRun};
use crate::book::Lesson;
use crate::book::script::Script;
use crate::cache::digest::{Digest, KeyHasher};
use crate::config::Config;
use crate::lang::{ErrorKind, FileRun, RunError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A file a run read, by digest (`None`: it could not be read).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct FileDep {
    path: PathBuf,
    digest: Option<Digest>,
}

/// A cached run of one part of a lesson (its notebook, or one script).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part<T> {
    key: Digest,
    context: Digest,
    files: Vec<FileDep>,
    pub(crate) run: T,
}

/// The run of a notebook: its blocks and inline values.
pub type NotebookPart = Part<(Vec<BlockRun>, Vec<InlineRun>)>;

impl NotebookPart {
    /// The part for a fresh run of `lesson`'s notebook.
    pub fn of_notebook(config: &Config, lesson: &Lesson, run: &NotebookRun) -> NotebookPart {
        Part {
            key: notebook_key(config, lesson),
            context: notebook_context(lesson),
            files: file_deps(run.all_files()),
            run: (run.blocks.clone(), run.inlines.clone()),
        }
    }

    /// Whether this run stands for `lesson` as it is now.
    pub(crate) fn stands_for(&self, config: &Config, lesson: &Lesson) -> bool {
        let (blocks, inlines) = &self.run;
        let errors =
            blocks.iter().any(|b| b.error.is_some()) || inlines.iter().any(|v| v.value.is_err());
        self.stands(notebook_key(config, lesson), errors, || {
            notebook_context(lesson)
        })
    }

    /// Whether it may be reused another time (no limit stopped it).
    pub(crate) fn storable(&self) -> bool {
        let (blocks, inlines) = &self.run;
        storable(
            blocks
                .iter()
                .filter_map(|b| b.error.as_ref())
                .chain(inlines.iter().filter_map(|v| v.value.as_ref().err())),
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
