//! The pipeline of `rlbook build`, `check` and `bless`, as a list of named steps: load the
//! book, execute every lesson, stop on execution errors, compare with the record, render the
//! pages, write the site. Every failure a user can cause is collected and reported together;
//! nothing is written when anything fails.
//!
//! Runs and pages come from the book's cache (`.rlbook/`) where they still stand, and a site
//! equal to the one on disk is not written again; `--no-cache` does everything afresh and
//! neither reads nor writes the cache.

mod pages;
mod site_cache;

use crate::book::Book;
use crate::cache::Cache;
use crate::cache::digest::Digest;
use crate::config::Config;
use crate::exec::cached::ExecStats;
use crate::exec::{self, LessonRun};
use crate::record::{self, drift::Drift};
use crate::render::LessonHtml;
use crate::render::site::{SiteOptions, SiteSummary, write_site, write_site_if_changed};
use anyhow::Result;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// What to do after executing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Compare with the record and write the site.
    Build,
    /// Compare with the record only.
    Check,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub root: PathBuf,
    pub goal: Goal,
    /// Broken links and math errors fail the build.
    pub strict: bool,
    /// A lesson without a record is an error instead of being recorded (CI, `--locked`).
    pub locked: bool,
    /// Also write the drift as JSON here.
    pub report: Option<PathBuf>,
    /// A live-reload snippet for `serve`.
    pub live_reload: Option<String>,
    /// Use the book's cache (`.rlbook/`); false for `--no-cache`.
    pub cache: bool,
}

/// Why a build failed: every message, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub messages: Vec<String>,
    pub summary: String,
}

/// What a successful run did.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub line: String,
    /// Notices (new records, warnings) to show before the summary line.
    pub notes: Vec<String>,
}

/// Run the pipeline.
pub fn run(opts: &Options) -> Result<Summary, Failure> {
    let started = Instant::now();
    let book = load(opts)?;
    let cache = Cache::new(&book.config.root, opts.cache);
    let (runs, stats) = execute(&book, &cache);
    forget_removed_lessons(&book, &cache);
    stop_on_exec_errors(&book, &runs)?;
    let mut notes = check_record(&book, &runs, opts)?;
    let counts = Counts::of(&book, &runs);
    if opts.goal == Goal::Check {
        let line = format!(
            "checked {counts} in {:.2} s: no drift; {stats}",
            started.elapsed().as_secs_f64()
        );
        return Ok(Summary { line, notes });
    }
    let site = render_and_write(&book, &runs, opts, &cache, &mut notes)?;
    let line = format!(
        "built {counts} in {:.2} s → {} ({} pages, {} figures{}); {stats}",
        started.elapsed().as_secs_f64(),
        book.config.display_path(&book.config.paths.output),
        site.pages,
        site.figures,
        if site.unchanged {
            "; already up to date"
        } else {
            ""
        }
    );
    Ok(Summary { line, notes })
}

fn fail(messages: Vec<String>, summary: impl Into<String>) -> Failure {
    Failure {
        messages,
        summary: summary.into(),
    }
}

fn load(opts: &Options) -> Result<Book, Failure> {
    let config =
        Config::load(&opts.root).map_err(|e| fail(vec![format!("{e:#}")], "bad book.toml"))?;
    Book::load(config).map_err(|e| fail(vec![format!("{e:#}")], "the book could not be loaded"))
}

/// Execute every lesson (or take its run from the cache), showing `executing lessons k/n`
/// on a terminal.
fn execute(book: &Book, cache: &Cache) -> (Vec<LessonRun>, ExecStats) {
    let total = book.lessons.len();
    if !std::io::stderr().is_terminal() {
        return exec::cached::run_book(book, cache, &|| {});
    }
    let finished = AtomicUsize::new(0);
    let result = exec::cached::run_book(book, cache, &|| {
        let k = finished.fetch_add(1, Ordering::Relaxed) + 1;
        eprint!("\r\x1b[2Kexecuting lessons {k}/{total}");
    });
    eprint!("\r\x1b[2K");
    result
}

/// Drop cached runs and pages of lessons no longer in the book.
fn forget_removed_lessons(book: &Book, cache: &Cache) {
    let slugs: Vec<&str> = book.lessons.iter().map(|l| l.slug.as_str()).collect();
    cache.retain_lessons(&slugs);
}

fn stop_on_exec_errors(book: &Book, runs: &[LessonRun]) -> Result<(), Failure> {
    let failures = exec::failures(book, runs);
    if failures.is_empty() {
        return Ok(());
    }
    let n = failures.len();
    let messages = failures.into_iter().map(|f| f.message).collect();
    Err(fail(
        messages,
        format!("{n} execution error(s); no site written"),
    ))
}

/// Compare every lesson with its record; record lessons that have none (unless locked).
fn check_record(book: &Book, runs: &[LessonRun], opts: &Options) -> Result<Vec<String>, Failure> {
    let mut drifts: Vec<Drift> = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    for (lesson, run) in book.lessons.iter().zip(runs) {
        let path = record::record_path(book, lesson);
        let display = book.config.display_path(&path);
        let current = record::current_record(lesson, run);
        match record::load(&path, &display) {
            Ok(Some(recorded)) => drifts.extend(record::drifts(book, lesson, &recorded, &current)),
            Ok(None) if opts.locked => errors.push(format!(
                "{}: no record ({display} is missing); run `rlbook bless {}` and commit it",
                lesson.display, lesson.slug
            )),
            Ok(None) => match record::save(&path, &current, lesson) {
                Ok(()) => notes.push(format!(
                    "recorded {} → {display} (new record)",
                    lesson.display
                )),
                Err(e) => errors.push(format!("{e:#}")),
            },
            Err(e) => errors.push(format!("{e:#}")),
        }
    }
    if let Some(path) = &opts.report {
        write_report(path, &drifts)
            .map_err(|e| fail(vec![format!("{e:#}")], "cannot write the report"))?;
    }
    if drifts.is_empty() && errors.is_empty() {
        return Ok(notes);
    }
    let summary = match (drifts.len(), errors.len()) {
        (d, 0) => format!(
            "{d} output(s) drifted from the record; no site written (accept with `rlbook bless`)"
        ),
        (0, e) => format!("{e} record error(s); no site written"),
        (d, e) => format!("{d} drifted output(s) and {e} record error(s); no site written"),
    };
    let mut messages: Vec<String> = errors;
    messages.extend(drifts.iter().map(ToString::to_string));
    Err(fail(messages, summary))
}

/// The drift as JSON: `{"drift": [{file, line, entry, kind, ...}], "messages": [...]}`.
fn write_report(path: &std::path::Path, drifts: &[Drift]) -> Result<()> {
    let report = serde_json::json!({
        "drift": drifts,
        "messages": drifts.iter().map(ToString::to_string).collect::<Vec<_>>(),
    });
    let text = serde_json::to_string_pretty(&report)?;
    std::fs::write(path, text + "\n")
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

/// Render the pages and write the site, unless the site cache says the output folder already
/// holds the site these runs make; the pages' warnings go to `notes`.
fn render_and_write(
    book: &Book,
    runs: &[LessonRun],
    opts: &Options,
    cache: &Cache,
    notes: &mut Vec<String>,
) -> Result<SiteSummary, Failure> {
    let page_keys = pages::page_keys(book, runs, opts.strict, cache);
    let live_reload = opts.live_reload.as_deref();
    let key = site_cache::key(book, &page_keys, opts.strict, live_reload, cache);
    let output = &book.config.paths.output;
    if let Some((site, warnings)) = key.and_then(|k| site_cache::lookup(cache, &k, output)) {
        notes.extend(warnings);
        return Ok(site);
    }
    let pages = render(book, runs, opts.strict, cache, &page_keys)?;
    let warnings: Vec<String> = pages
        .iter()
        .flat_map(|p| p.warnings.iter().map(|w| format!("warning: {w}")))
        .collect();
    notes.extend(warnings.iter().cloned());
    let site = write(book, &pages, opts)?;
    if let Some(key) = key {
        site_cache::store(cache, &key, &site, &warnings);
    }
    Ok(site)
}

fn render(
    book: &Book,
    runs: &[LessonRun],
    strict: bool,
    cache: &Cache,
    page_keys: &[Option<Digest>],
) -> Result<Vec<LessonHtml>, Failure> {
    let results = pages::render_pages(book, runs, strict, cache, page_keys);
    let errors: Vec<String> = results
        .iter()
        .filter_map(|r| r.as_ref().err())
        .map(|e| format!("{e:#}"))
        .collect();
    if !errors.is_empty() {
        let n = errors.len();
        return Err(fail(
            errors,
            format!("{n} lesson(s) could not be rendered; no site written"),
        ));
    }
    Ok(results.into_iter().flatten().collect())
}

fn write(book: &Book, pages: &[LessonHtml], opts: &Options) -> Result<SiteSummary, Failure> {
    let site = SiteOptions {
        output: book.config.paths.output.clone(),
        live_reload: opts.live_reload.clone(),
    };
    let written = if opts.cache {
        write_site_if_changed(book, pages, &site)
    } else {
        write_site(book, pages, &site)
    };
    written.map_err(|e| fail(vec![format!("{e:#}")], "the site could not be written"))
}

/// `rlbook bless [LESSON…]`: execute the chosen lessons (all when none is named) and make
/// their outputs the record. Returns one line per lesson.
pub fn bless(root: &std::path::Path, only: &[String]) -> Result<Vec<String>, Failure> {
    let opts = Options {
        root: root.to_path_buf(),
        goal: Goal::Check,
        strict: false,
        locked: false,
        report: None,
        live_reload: None,
        cache: true,
    };
    let mut book = load(&opts)?;
    select(&mut book, only)?;
    let cache = Cache::new(&book.config.root, opts.cache);
    let (runs, _) = execute(&book, &cache);
    stop_on_exec_errors(&book, &runs)?;
    let mut lines = Vec::new();
    for (lesson, run) in book.lessons.iter().zip(&runs) {
        let path = record::record_path(&book, lesson);
        let display = book.config.display_path(&path);
        let current = record::current_record(lesson, run);
        let old = record::load(&path, &display).ok().flatten();
        let drift = old
            .as_ref()
            .map(|o| record::drifts(&book, lesson, o, &current));
        record::save(&path, &current, lesson)
            .map_err(|e| fail(vec![format!("{e:#}")], "cannot write the record"))?;
        lines.push(match drift {
            None => format!("recorded {display} (new)"),
            Some(d) if d.is_empty() => format!("{display}: unchanged"),
            Some(d) => format!("{display}: accepted {} change(s)", d.len()),
        });
    }
    Ok(lines)
}

/// Keep only the named lessons (by slug or file name).
fn select(book: &mut Book, only: &[String]) -> Result<(), Failure> {
    if only.is_empty() {
        return Ok(());
    }
    let unknown: Vec<String> = only
        .iter()
        .filter(|name| {
            !book
                .lessons
                .iter()
                .any(|l| l.slug == **name || l.display.ends_with(name.as_str()))
        })
        .map(|name| format!("no lesson named '{name}' (lessons are named by slug, e.g. 12-layer-norm-and-residuals; a book in another directory is given with --dir)"))
        .collect();
    if !unknown.is_empty() {
        return Err(fail(unknown, "unknown lesson(s)"));
    }
    book.lessons.retain(|l| {
        only.iter()
            .any(|name| l.slug == *name || l.display.ends_with(name.as_str()))
    });
    Ok(())
}

/// Totals for the summary line.
struct Counts {
    lessons: usize,
    blocks: usize,
    scripts: usize,
    figures: usize,
}

impl Counts {
    fn of(book: &Book, runs: &[LessonRun]) -> Counts {
        let figures = runs
            .iter()
            .map(|r| {
                r.blocks.iter().map(|b| b.figures.len()).sum::<usize>()
                    + r.scripts.iter().map(|s| s.figures.len()).sum::<usize>()
            })
            .sum();
        Counts {
            lessons: book.lessons.len(),
            blocks: book.lessons.iter().map(|l| l.blocks.len()).sum(),
            scripts: book.lessons.iter().map(|l| l.scripts.len()).sum(),
            figures,
        }
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        write!(
            f,
            "{} ({}, {}, {})",
            plural(self.lessons, "lesson"),
            plural(self.blocks, "block"),
            plural(self.scripts, "script"),
            plural(self.figures, "figure")
        )
    }
}
