//! `rlbook init [DIR] [--ci github]`: a new book that builds at once, or the `book.toml` of a
//! course already laid out the rustlab way.
//!
//! In a folder without a course, init writes `book.toml` (every key, commented), a first
//! lesson (a block that prints a number, a figure, an inline value, a standalone script) and
//! a `.gitignore`, then records the first lesson's outputs in-process (the `bless` step), so
//! that the new book passes `rlbook check --locked` and its CI from the first commit; the
//! template is ours and runs in milliseconds. In a folder with `notebooks/*.md` and
//! `lessons/` (the rustlab layout), init writes only `book.toml`, pointing at them; it runs
//! nothing there (a course may take minutes to run, and the record is the author's to make
//! with `rlbook build`). `--ci github` adds `.github/workflows/rlbook.yml` in either case.
//!
//! Init never overwrites: when any file it would write exists, it names them and writes
//! nothing.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// The template files, embedded in the binary.
const BOOK_TOML: &str = include_str!("template/book.toml");
const COURSE_TOML: &str = include_str!("template/course.toml");
const FIRST_LESSON: &str = include_str!("template/first-lesson.md");
const SCRIPT: &str = include_str!("template/interest.rlab");
const GITIGNORE: &str = include_str!("template/gitignore");
const WORKFLOW: &str = include_str!("template/workflow.yml");

/// The CI configurations init can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Ci {
    /// GitHub Actions: check pull requests, build and deploy main to GitHub Pages.
    Github,
}

/// What `rlbook init` was asked.
#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub dir: PathBuf,
    pub ci: Option<Ci>,
}

/// What init found and wrote, for the terminal.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Report {
    /// The files written, relative to the book folder.
    pub written: Vec<String>,
    /// Whether the folder held a course in the rustlab layout.
    pub course: bool,
    /// What to do next.
    pub next: String,
}

/// Write the book (or the course's `book.toml`) into `opts.dir`, created if missing.
pub(crate) fn init(opts: &Options) -> Result<Report> {
    let course = is_rustlab_course(&opts.dir);
    let files = files(&opts.dir, course, opts.ci);
    refuse_existing(&opts.dir, &files)?;
    for (name, text) in &files {
        let path = opts.dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let written = files.into_iter().map(|(name, _)| name).collect();
    let next = if course {
        "run `rlbook build` to run the course and record its outputs".to_string()
    } else {
        record_first_build(&opts.dir)?;
        "recorded the first lesson's outputs in expected/; run `rlbook build` to write the site"
            .to_string()
    };
    Ok(Report {
        written,
        course,
        next,
    })
}

/// A folder with lessons in `notebooks/*.md` and scripts in `lessons/`.
pub(crate) fn is_rustlab_course(dir: &Path) -> bool {
    let has_notebook = std::fs::read_dir(dir.join("notebooks")).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "md") && e.path().is_file())
    });
    has_notebook && dir.join("lessons").is_dir()
}

/// The files to write, by path relative to the book folder.
fn files(dir: &Path, course: bool, ci: Option<Ci>) -> Vec<(String, String)> {
    let title = toml_string(&title(dir, course));
    let mut files = if course {
        vec![(
            "book.toml".to_string(),
            COURSE_TOML.replace("{title}", &title),
        )]
    } else {
        vec![
            (
                "book.toml".to_string(),
                BOOK_TOML.replace("{title}", &title),
            ),
            ("content/01-first-lesson.md".into(), FIRST_LESSON.into()),
            (
                "content/01-first-lesson/interest.rlab".into(),
                SCRIPT.into(),
            ),
            (".gitignore".into(), GITIGNORE.into()),
        ]
    };
    if ci == Some(Ci::Github) {
        let workflow = WORKFLOW.replace("{version}", env!("CARGO_PKG_VERSION"));
        files.push((".github/workflows/rlbook.yml".into(), workflow));
    }
    files
}

/// Fail, naming every file that exists already, before anything is written.
fn refuse_existing(dir: &Path, files: &[(String, String)]) -> Result<()> {
    let existing: Vec<&str> = (files.iter())
        .filter(|(name, _)| dir.join(name).symlink_metadata().is_ok())
        .map(|(name, _)| name.as_str())
        .collect();
    if !existing.is_empty() {
        bail!(
            "{} already exists in {}; rlbook init overwrites nothing (nothing was written)",
            existing.join(", "),
            dir.display()
        );
    }
    Ok(())
}

/// The book's title: a course's README heading, else the folder's name.
fn title(dir: &Path, course: bool) -> String {
    let heading = course
        .then(|| std::fs::read_to_string(dir.join("README.md")).ok())
        .flatten()
        .and_then(|readme| readme_heading(&readme));
    heading.unwrap_or_else(|| folder_name(dir))
}

/// The first `# Heading` of a README.
fn readme_heading(readme: &str) -> Option<String> {
    readme
        .lines()
        .find_map(|line| line.strip_prefix("# "))
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
}

/// The folder's own name (of its full path, so that `.` has one too).
fn folder_name(dir: &Path) -> String {
    let full = std::fs::canonicalize(dir)
        .or_else(|_| std::path::absolute(dir))
        .unwrap_or_else(|_| dir.to_path_buf());
    let name = (full.components())
        .rfind(|c| matches!(c, std::path::Component::Normal(_)))
        .map(|c| c.as_os_str().to_string_lossy().to_string());
    name.unwrap_or_else(|| "My book".to_string())
}

/// `text` as a TOML string literal.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// Run the new book once and make its outputs the record (what `rlbook bless` does).
fn record_first_build(dir: &Path) -> Result<()> {
    crate::build::bless(dir, &[]).map_err(|failure| {
        let details: Vec<String> = failure
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect();
        anyhow::anyhow!(
            "the new book could not be recorded ({}): {}",
            failure.summary,
            details.join("\n")
        )
    })?;
    Ok(())
}

#[cfg(test)]
mod tests;
