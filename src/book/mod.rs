//! Loading a book: the lessons (Markdown files in the lessons folder, in order) with their
//! code blocks, directives, inline values and standalone scripts. No execution, no HTML.

pub(crate) mod citation;
pub mod directive;
pub mod embed;
pub mod exercise;
pub mod fence;
pub mod frontmatter;
pub mod inline;
pub(crate) mod label;
pub mod lesson;
pub mod origins;
pub(crate) mod prose;
pub mod region;
pub mod script;
pub(crate) mod term;
pub mod transclude;
pub mod widget;

pub use lesson::{CodeBlock, Lesson, OtherFence};

use crate::config::Config;
use crate::diagnostic::{Diagnostic, Diagnostics, Kind};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// A loaded book: its configuration and its lessons in reading order.
#[derive(Clone, Debug)]
pub struct Book {
    pub config: Config,
    pub lessons: Vec<Lesson>,
}

impl Book {
    /// Load every lesson of the book; all load errors are reported together.
    pub fn load(config: Config) -> Result<Book> {
        let (book, problems) = Book::load_reporting(config)?;
        if !problems.is_empty() {
            return Err(Diagnostics(problems).into());
        }
        Ok(book)
    }

    /// Load every lesson that can be loaded, and the errors of those that cannot. Fails only
    /// when no lesson can be loaded (no lessons folder, no lessons, every one broken).
    pub fn load_reporting(config: Config) -> Result<(Book, Vec<Diagnostic>)> {
        let dir = &config.paths.lessons;
        if !dir.is_dir() {
            bail!(
                "lessons directory '{}' does not exist",
                config.display_path(dir)
            );
        }
        let mut lessons = Vec::new();
        let mut problems = Vec::new();
        for path in lesson_files(dir)? {
            match load_lesson(&config, &path) {
                Ok(lesson) => lessons.push(lesson),
                Err(e) => problems.extend(Diagnostic::of_error(Kind::Load, &e)),
            }
        }
        if lessons.is_empty() && !problems.is_empty() {
            return Err(Diagnostics(problems).into());
        }
        if lessons.is_empty() {
            bail!("no lessons (*.md) in '{}'", config.display_path(dir));
        }
        lessons.sort_by(|a, b| {
            (a.order.unwrap_or(i64::MAX), &a.slug).cmp(&(b.order.unwrap_or(i64::MAX), &b.slug))
        });
        Ok((Book { config, lessons }, problems))
    }

    /// The lesson with this slug.
    pub fn lesson(&self, slug: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.slug == slug)
    }

    /// The same messages, each about a line a lesson embeds moved to the file and line it
    /// comes from (see [`origins`]). rlab's errors are not moved: a run names the embedded
    /// file itself ([`Lesson::place`]).
    pub fn relocate(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let embedding: Vec<&Lesson> = (self.lessons.iter())
            .filter(|l| !l.origins.is_own())
            .collect();
        if embedding.is_empty() {
            return diagnostics;
        }
        (diagnostics.into_iter())
            .map(|d| {
                let lesson = embedding
                    .iter()
                    .find(|l| d.file.as_ref() == Some(&l.display));
                match lesson {
                    Some(l) if d.kind != Kind::Exec => l.origins.relocate(&l.display, d),
                    _ => d,
                }
            })
            .collect()
    }
}

/// `*.md` files directly in `dir`, except README/SUMMARY and hidden or `_`-prefixed files.
fn lesson_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .min_depth(1)
        .max_depth(1)
        .sort_by_file_name()
    {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy();
        let skipped =
            name.starts_with(['.', '_']) || matches!(name.as_ref(), "README.md" | "SUMMARY.md");
        if entry.file_type().is_file() && name.ends_with(".md") && !skipped {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

fn load_lesson(config: &Config, path: &Path) -> Result<Lesson> {
    let display = config.display_path(path);
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {display}"))?;
    let source = String::from_utf8(bytes).map_err(|e| {
        let (line, _) = inline::line_col(
            &String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]),
            e.utf8_error().valid_up_to(),
        );
        Diagnostic::error(Kind::Load, "not valid UTF-8")
            .in_file(display.clone())
            .on_line(line, 1)
    })?;
    let slug = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let scripts = script::discover(&config.paths.scripts, &slug, &config.root)?;
    let expanded = transclude::expand(config, path, &display, &source)?;
    let origins = expanded.origins;
    let parsed = Lesson::parse(path.to_path_buf(), display.clone(), expanded.text, scripts);
    let mut lesson = parsed.map_err(|e| {
        let relocated = (Diagnostic::of_error(Kind::Load, &e).into_iter())
            .map(|d| origins.relocate(&display, d))
            .collect();
        anyhow::Error::from(Diagnostics(relocated))
    })?;
    lesson.origins = origins;
    Ok(lesson)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn loads_lessons_in_order_with_scripts() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "content/10-b.md", "# B\n");
        write(root, "content/02-a.md", "# A\n```rlab\nx = 1;\n```\n");
        write(root, "content/README.md", "# not a lesson\n");
        write(root, "content/02-a/demo.rlab", "# Concept: demo\nx = 1;\n");
        let book = Book::load(Config::load(root).unwrap()).unwrap();
        let slugs: Vec<_> = book.lessons.iter().map(|l| l.slug.as_str()).collect();
        assert_eq!(slugs, ["02-a", "10-b"]);
        assert_eq!(book.lessons[0].scripts.len(), 1);
        assert_eq!(book.lessons[0].display, "content/02-a.md");
    }

    #[test]
    fn every_broken_lesson_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "content/01-a.md", "```rlab,nope\nx\n```\n");
        write(root, "content/02-b.md", "```rlab\nx\n");
        std::fs::write(root.join("content/03-c.md"), b"# bad \xff byte\n").unwrap();
        let err = Book::load(Config::load(root).unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("content/01-a.md:1: unknown block attribute 'nope'"),
            "{err}"
        );
        assert!(
            err.contains("content/02-b.md:1: unclosed code fence"),
            "{err}"
        );
        assert!(err.contains("content/03-c.md:1: not valid UTF-8"), "{err}");
    }

    #[test]
    fn missing_lessons_dir_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = Book::load(Config::load(dir.path()).unwrap())
            .unwrap_err()
            .to_string();
        assert_eq!(err, "lessons directory 'content' does not exist");
    }
}
