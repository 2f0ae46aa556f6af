//! The record of expected outputs and the drift check. Each lesson has one committed text
//! file (`<record dir>/<slug>.txt`) holding what its blocks, inline values and scripts
//! printed, with figure digests. `build` and `check` compare fresh outputs with it (numbers
//! within tolerance); `bless` rewrites it. Sources are never touched.

pub mod animation;
pub mod compare;
pub mod digest;
pub mod drift;
mod embedded;
mod exercise;
pub mod format;

use crate::book::{Book, Lesson};
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::{LessonRun, ScriptRun};
use animation::AnimationDigest;
use anyhow::{Context, Result};
use compare::Tolerance;
use digest::FigureDigest;
use drift::{Drift, Place};
use format::{Entry, EntryKey, Record};
use std::path::{Path, PathBuf};

/// The record file of a lesson.
pub fn record_path(book: &Book, lesson: &Lesson) -> PathBuf {
    book.config
        .paths
        .record
        .join(format!("{}.txt", lesson.slug))
}

/// The entries a lesson's outputs make (blocks that ran and are checked, inline values,
/// scripts), in document order.
pub fn current_record(lesson: &Lesson, run: &LessonRun) -> Record {
    let mut entries = Vec::new();
    for (block, r) in lesson.blocks.iter().zip(&run.blocks) {
        if !r.executed || block.attrs.no_check {
            continue;
        }
        let key = match &block.attrs.name {
            Some(name) => EntryKey::Named(name.clone()),
            None => EntryKey::Block(block.index + 1),
        };
        let error = r.error.as_ref().map(|e| e.error.to_string());
        let mut e = entry(
            key,
            lesson.origins.own_line(block.fence_line),
            String::new(),
            &r.text,
            error,
            &r.figures,
        );
        e.animations = r.animations.iter().map(AnimationDigest::of).collect();
        entries.push(e);
    }
    for (k, (v, r)) in lesson.inlines.iter().zip(&run.inlines).enumerate() {
        let note = match &v.format {
            Some(f) => format!("${{{}:{f}}}", v.expr),
            None => format!("${{{}}}", v.expr),
        };
        let (text, error) = match &r.value {
            Ok(t) => (t.clone(), None),
            Err(e) => (String::new(), Some(e.error.to_string())),
        };
        entries.push(entry(
            EntryKey::Inline(k + 1),
            lesson.origins.own_line(v.line),
            note,
            &text,
            error,
            &[],
        ));
    }
    for (e, r) in lesson.exercises.iter().zip(&run.exercises) {
        if e.checks_anything() {
            let line = lesson.origins.own_line(e.line);
            let note = e.title.clone().unwrap_or_default();
            let text = exercise::text(r);
            entries.push(entry(
                EntryKey::Exercise(e.number),
                line,
                note,
                &text,
                None,
                &[],
            ));
        }
    }
    for (script, r) in lesson.scripts.iter().zip(&run.scripts) {
        entries.push(script_entry(&script.file_name, r));
    }
    Record { entries }
}

fn script_entry(file_name: &str, r: &ScriptRun) -> Entry {
    let error = r.error.as_ref().map(|e| e.error.to_string());
    entry(
        EntryKey::Script(file_name.to_string()),
        1,
        String::new(),
        &r.text,
        error,
        &r.figures,
    )
}

fn entry(
    key: EntryKey,
    line: u32,
    note: String,
    text: &str,
    error: Option<String>,
    figures: &[rlab::Figure],
) -> Entry {
    let mut text = text.to_string();
    if let Some(e) = error {
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&format!("error: {e}"));
    }
    Entry {
        key,
        line,
        note,
        text,
        figures: figures.iter().map(FigureDigest::of).collect(),
        animations: Vec::new(),
    }
}

/// The tolerance of an entry: the block's attributes, else the lesson's frontmatter, else
/// the book's setting.
pub fn tolerance(book: &Book, lesson: &Lesson, key: &EntryKey) -> Tolerance {
    let mut tol = book.config.tolerance;
    tol.rtol = lesson.frontmatter.rtol.unwrap_or(tol.rtol);
    tol.atol = lesson.frontmatter.atol.unwrap_or(tol.atol);
    let block = match key {
        EntryKey::Block(n) => lesson
            .blocks
            .get(n.wrapping_sub(1))
            .filter(|b| b.attrs.name.is_none()),
        EntryKey::Named(name) => lesson
            .blocks
            .iter()
            .find(|b| b.attrs.name.as_ref() == Some(name)),
        EntryKey::Exercise(n) => {
            (lesson.exercises.get(n.wrapping_sub(1))).and_then(|e| lesson.blocks.get(e.starter?))
        }
        _ => None,
    };
    if let Some(b) = block {
        tol.rtol = b.attrs.rtol.unwrap_or(tol.rtol);
        tol.atol = b.attrs.atol.unwrap_or(tol.atol);
    }
    tol
}

/// Where an entry stands: current blocks by their fence line, inline values by their line
/// (both in the lesson's text, which [`Book::relocate`] maps to the notes it embeds),
/// scripts by their file.
fn place(lesson: &Lesson, e: &Entry) -> Place {
    let line = match &e.key {
        EntryKey::Named(name) => (lesson.blocks.iter())
            .find(|b| b.attrs.name.as_ref() == Some(name))
            .map(|b| b.fence_line),
        EntryKey::Block(k) => lesson.blocks.get(k.wrapping_sub(1)).map(|b| b.fence_line),
        EntryKey::Inline(k) => lesson.inlines.get(k.wrapping_sub(1)).map(|v| v.line),
        EntryKey::Exercise(k) => lesson.exercises.get(k.wrapping_sub(1)).map(|e| e.line),
        EntryKey::Script(_) => None,
    };
    match &e.key {
        EntryKey::Script(name) => Place {
            file: lesson
                .scripts
                .iter()
                .find(|s| &s.file_name == name)
                .map_or_else(|| format!("{}/{name}", lesson.slug), |s| s.display.clone()),
            line: 1,
        },
        _ => Place {
            file: lesson.display.clone(),
            line: line.unwrap_or(e.line),
        },
    }
}

/// Compare a lesson's outputs (`current`, the record of `run`) with its recorded ones: a
/// script's drifted line is placed at the statement that printed it, and each output
/// directive showing drifted output drifts as well.
pub fn drifts(
    book: &Book,
    lesson: &Lesson,
    run: &LessonRun,
    recorded: &Record,
    current: &Record,
) -> Vec<Drift> {
    let place = |e: &Entry| place(lesson, e);
    let tol = |k: &EntryKey| tolerance(book, lesson, k);
    let mut found = drift::compare(recorded, current, &place, &tol);
    embedded::trace_script_lines(lesson, run, &mut found);
    let embeddings = embedded::embedding_drifts(lesson, run, &found);
    found.extend(embeddings);
    found
}

/// Read a lesson's record; `Ok(None)` when it has none yet.
pub fn load(path: &Path, display: &str) -> Result<Option<Record>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {display}")),
    };
    Record::parse(&text).map(Some).map_err(|(line, msg)| {
        let line = u32::try_from(line).unwrap_or(u32::MAX);
        let error = Diagnostic::error(Kind::Record, msg).in_file(display);
        error.on_line(line, 1).into()
    })
}

/// Write a lesson's record (atomically, so a crash never leaves half a file).
pub fn save(path: &Path, record: &Record, lesson: &Lesson) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    crate::atomic::write_atomic(path, record.to_text(&lesson.display).as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}
