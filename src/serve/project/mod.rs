//! The incremental build behind `rlbook serve`: the same stages as `rlbook build` (load,
//! execute, check, render, write), remembering each lesson's run and page between rebuilds
//! so that an edit redoes only what it touched. A prose edit re-renders one page; a code
//! edit re-executes one lesson; a template or theme edit only writes the site; `book.toml`
//! starts over. Errors and drift never stop it: they become problems to show, and a lesson
//! whose run failed keeps its last good page. The record is read, never written.
//!
//! A code edit re-runs the lesson from the first changed step on ([`execute`]). The book's
//! cache (`.rlbook/`) gives the first build the runs, formulas and highlighting of earlier
//! builds, and keeps what serve computes.

mod check;
mod execute;
mod keys;
mod pages;
mod state;

use super::changes::Changes;
use crate::book::Book;
use crate::cache::Cache;
use crate::config::Config;
use crate::render::LessonHtml;
use crate::render::math::MathCache;
use crate::render::site::{SiteOptions, write_site};
use pages::Nav;
use state::LessonState;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The book being served and what was built of it.
pub(crate) struct Project {
    root: PathBuf,
    site: SiteOptions,
    config: Option<Config>,
    book: Option<Book>,
    /// Every formula rendered so far (from the book's cache, then as pages needed them).
    math: Option<MathCache>,
    cache: Cache,
    states: HashMap<String, LessonState>,
    nav: Nav,
    /// The pages of the site on disk.
    written: Option<Vec<LessonHtml>>,
    /// Lessons already reported as having no record.
    noted: BTreeSet<String>,
}

/// How a rebuild ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// A newer change arrived; nothing was published.
    Cancelled,
    Done(Report),
}

/// What a finished rebuild did and found.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Report {
    /// Lessons (`slug`) and scripts (`slug/file.rlab`) executed.
    pub executed: Vec<String>,
    /// Lessons whose page was rendered.
    pub rendered: Vec<String>,
    pub wrote_site: bool,
    /// Warnings and notices for the terminal only.
    pub notes: Vec<String>,
    /// Error messages and drift lines, then a summary line; empty when all is well.
    pub problems: Vec<String>,
    pub elapsed: Duration,
}

impl Report {
    /// One line for the terminal: how long the rebuild took and what it did.
    pub(crate) fn line(&self) -> String {
        let mut did = Vec::new();
        if !self.executed.is_empty() {
            did.push(format!("executed {}", executed_summary(&self.executed)));
        }
        if !self.rendered.is_empty() {
            did.push(format!("rendered {} page(s)", self.rendered.len()));
        }
        if self.wrote_site {
            did.push("wrote the site".to_string());
        }
        if did.is_empty() {
            did.push("nothing changed".to_string());
        }
        format!(
            "rebuilt in {:.2} s: {}",
            self.elapsed.as_secs_f64(),
            did.join("; ")
        )
    }
}

impl Project {
    /// A project for the book at `root` whose site is written to `output`; pages carry
    /// `live_reload` before `</body>`.
    pub(crate) fn new(root: &Path, output: &Path, live_reload: &str) -> Project {
        Project {
            root: root.to_path_buf(),
            site: SiteOptions {
                output: output.to_path_buf(),
                live_reload: Some(live_reload.to_string()),
            },
            config: None,
            book: None,
            math: None,
            cache: Cache::new(root, true),
            states: HashMap::new(),
            nav: Nav::new(),
            written: None,
            noted: BTreeSet::new(),
        }
    }

    /// Use `cache` as the book's cache (`Cache::disabled()` for `--no-cache`).
    pub(crate) fn with_cache(mut self, cache: Cache) -> Project {
        self.cache = cache;
        self
    }

    /// Bring the site up to date with `changes`; stops early, publishing nothing, once
    /// `cancel` is set.
    pub(crate) fn rebuild(&mut self, changes: &Changes, cancel: &Arc<AtomicBool>) -> Outcome {
        let started = Instant::now();
        if changes.full {
            self.forget();
        }
        let book = match self.load(changes) {
            Ok(book) => book,
            Err(message) => return Outcome::Done(failed(message, started)),
        };
        let executed = execute::execute(
            &book,
            &mut self.states,
            &changes.rlab_files,
            &self.cache,
            cancel,
        );
        let Some(executed) = executed else {
            self.book = Some(book);
            return Outcome::Cancelled;
        };
        let mut notes = Vec::new();
        if changes.sources || changes.record || changes.full || !executed.is_empty() {
            notes = self.check(&book);
        }
        let (rendered, warnings) = self.render(&book);
        notes.extend(warnings);
        if cancel.load(Ordering::Relaxed) {
            self.book = Some(book);
            return Outcome::Cancelled;
        }
        let written = self.write(&book, changes.site || changes.full);
        let report = Report {
            executed,
            rendered,
            wrote_site: written == Ok(true),
            notes,
            problems: self.problems(&book, written.err()),
            elapsed: started.elapsed(),
        };
        self.book = Some(book);
        Outcome::Done(report)
    }

    /// Drop everything remembered (the configuration changed).
    fn forget(&mut self) {
        self.config = None;
        self.book = None;
        self.math = None;
        self.states.clear();
        self.nav.clear();
    }

    /// The book: loaded again when sources changed, else the one of the last rebuild.
    fn load(&mut self, changes: &Changes) -> Result<Book, String> {
        let config = match &self.config {
            Some(config) => config.clone(),
            None => {
                let config = Config::load(&self.root).map_err(|e| format!("{e:#}"))?;
                self.config = Some(config.clone());
                config
            }
        };
        if !changes.sources
            && let Some(book) = self.book.take()
        {
            return Ok(book);
        }
        Book::load(config).map_err(|e| format!("{e:#}"))
    }

    /// Render the pages that are out of date (pages linking to a lesson that was added,
    /// removed or retitled are); returns their slugs and warnings.
    fn render(&mut self, book: &Book) -> (Vec<String>, Vec<String>) {
        let nav = pages::nav_of(book);
        pages::invalidate_links(book, &mut self.states, &self.nav, &nav);
        self.nav = nav;
        let mut math = self.math.take().unwrap_or_else(|| {
            crate::render::highlight::load_cached(&self.cache);
            MathCache::load(&self.cache)
        });
        if math.extend(pages::stale_formulas(book, &self.states)) > 0 {
            let live = pages::all_formulas(book, &self.states);
            math.store(&self.cache, |f| live.contains(f));
        }
        let rendered = pages::render(book, &math, &mut self.states);
        self.math = Some(math);
        crate::render::highlight::store_cached_for(&self.cache, book);
        rendered
    }

    /// Execution errors and drift of every lesson; returns notes for the terminal.
    fn check(&mut self, book: &Book) -> Vec<String> {
        let mut unrecorded = Vec::new();
        for lesson in &book.lessons {
            let Some(state) = self.states.get_mut(&lesson.slug) else {
                continue;
            };
            state.failures = check::failures(book, lesson, &state.run);
            state.drift = Vec::new();
            if !state.failures.is_empty() {
                continue;
            }
            match check::drift(book, lesson, &state.run) {
                check::Drift::Checked(lines) => state.drift = lines,
                check::Drift::NoRecord(note) => {
                    if self.noted.insert(lesson.slug.clone()) {
                        unrecorded.push((lesson.slug.clone(), note));
                    }
                }
            }
        }
        match unrecorded.len() {
            0 | 1 => unrecorded.into_iter().map(|(_, note)| note).collect(),
            n => {
                let slugs: Vec<String> = unrecorded.into_iter().map(|(slug, _)| slug).collect();
                vec![format!(
                    "note: {n} lessons have no record; serve never writes records: \
                     `rlbook build` or `rlbook bless` makes them ({})",
                    slugs.join(", ")
                )]
            }
        }
    }

    /// Write the site when a page changed or `force`; `Ok(false)` when nothing was due.
    fn write(&mut self, book: &Book, force: bool) -> Result<bool, String> {
        let pages = pages::pages(book, &self.states);
        if !force && self.written.as_ref() == Some(&pages) {
            return Ok(false);
        }
        write_site(book, &pages, &self.site).map_err(|e| format!("{e:#}"))?;
        self.written = Some(pages);
        Ok(true)
    }

    /// Every problem of the book as it stands, in book order, and a summary line.
    fn problems(&self, book: &Book, write_error: Option<String>) -> Vec<String> {
        let states = || book.lessons.iter().filter_map(|l| self.states.get(&l.slug));
        let mut messages: Vec<String> = states().flat_map(|s| s.failures.clone()).collect();
        let exec_errors = messages.len();
        let render_errors = pages::render_errors(book, &self.states);
        let render_count = render_errors.len();
        messages.extend(render_errors);
        let site_failed = write_error.is_some();
        messages.extend(write_error);
        let drift: Vec<String> = states().flat_map(|s| s.drift.clone()).collect();
        let drift_count = drift.len();
        messages.extend(drift);
        if messages.is_empty() {
            return messages;
        }
        messages.push(summary(exec_errors, render_count, site_failed, drift_count));
        messages
    }
}

/// The lessons and scripts executed: by name when there are few, else counted.
fn executed_summary(executed: &[String]) -> String {
    if executed.len() <= 3 {
        return executed.join(", ");
    }
    let scripts = executed.iter().filter(|e| e.contains('/')).count();
    let lessons = executed.len() - scripts;
    format!("{lessons} lesson(s) and {scripts} script(s)")
}

/// The report of a rebuild that could not load the configuration or the book.
fn failed(message: String, started: Instant) -> Report {
    Report {
        problems: vec![
            message,
            "error: the book could not be loaded; the last good site stays".to_string(),
        ],
        elapsed: started.elapsed(),
        ..Report::default()
    }
}

fn summary(exec: usize, render: usize, site_failed: bool, drift: usize) -> String {
    let mut parts = Vec::new();
    if exec > 0 {
        parts.push(format!("{exec} execution error(s)"));
    }
    if render > 0 {
        parts.push(format!("{render} lesson(s) could not be rendered"));
    }
    if site_failed {
        parts.push("the site could not be written".to_string());
    }
    if drift > 0 {
        parts.push(format!("{drift} output(s) drifted from the record"));
    }
    let tail = if exec + render > 0 || site_failed {
        "the last good pages stay"
    } else {
        "the pages show the new outputs; accept them with `rlbook bless`"
    };
    format!("error: {}; {tail}", parts.join(", "))
}

#[cfg(test)]
mod tests;
