//! The one pipeline of rlbook, used by `build`, `check`, `bless` and `serve`: load → execute
//! → check → cross-references → view (the edition) → render → links → formats → publish.
//! Each stage takes data and returns data; what may be reused is decided by keys made of
//! explicit fields, in one place per kind: runs in [`crate::exec::cached`], pages in
//! [`crate::render::page_cache`], the site, the link check and every other format by
//! [`crate::cache::inputs::of_pages`] ([`formats`]: each format one `Output`, its target, key
//! and how it is made), written by [`publish`].
//!
//! An [`Engine`] is the pipeline with what it remembers between passes: `build` makes one
//! pass and drops it; `serve` keeps it warm (runs with their sessions, to resume an edited
//! notebook after its unchanged steps; pages; formulas) and makes a pass on every change,
//! cancelled when a newer change arrives. Every stage reports [`Diagnostic`]s; a pass goes
//! as far as it can, so that one run shows every problem of the book.

mod check;
pub(crate) mod deferred;
mod execute;
pub(crate) mod formats;
mod links;
mod load;
pub(crate) mod publish;
mod render;
pub(crate) mod summary;

pub(crate) use check::Records;
pub(crate) use load::book_root;
pub(crate) use summary::Counts;

use crate::book::Book;
use crate::cache::Cache;
use crate::cache::digest::Digest;
use crate::cite::Citations;
use crate::config::{Edition, Format};
use crate::diagnostic::Diagnostic;
use crate::exec::LessonRun;
use crate::exec::cached::{ExecOptions, ExecStats, Warm};
use crate::gloss::Glossary;
use crate::record::drift::Drift;
use crate::render::Tables;
use crate::render::site::SiteSummary;
use deferred::{Carried, Deferred, Source};
use publish::{Sink, Site, held, publish_site};
use render::SitePages;
use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How far a pass goes and what it publishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Load, execute and check; render and publish nothing.
    Check,
    /// Publish the site only when there is no error.
    Build,
    /// Publish despite errors in lessons, each failed lesson showing its last good page;
    /// only a book that cannot be loaded or a site that cannot be made keeps the last site.
    Serve,
}

/// What a pass is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Request {
    pub goal: Goal,
    /// Broken links and math errors are errors, not warnings.
    pub strict: bool,
    pub records: Records,
    /// Ask the web whether the lessons' `http(s)` links stand (`--check-external`).
    pub check_external: bool,
}

/// What a pass did and found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pass {
    /// Every problem and notice, stage by stage.
    pub diagnostics: Vec<Diagnostic>,
    /// What ran: `slug` for a notebook, `slug/file.rlab` for a script.
    pub executed: Vec<String>,
    /// The lessons whose page was rendered.
    pub rendered: Vec<String>,
    pub stats: ExecStats,
    /// The book's size; `None` when it could not be loaded.
    pub counts: Option<Counts>,
    /// The output folder, as the book shows it.
    pub output: String,
    /// The site the sink holds after the pass, when it was published or already held.
    pub site: Option<SiteSummary>,
    /// The other formats written (or found up to date).
    pub outputs: Vec<formats::Written>,
    /// The drift found (for `--report`).
    pub drifts: Vec<Drift>,
    /// Lessons whose page could not be rendered.
    pub unrendered: usize,
    pub elapsed: Duration,
}

impl Pass {
    /// Whether any diagnostic is an error.
    pub(crate) fn failed(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Whether a new site was handed to the sink.
    pub(crate) fn published(&self) -> bool {
        self.site.as_ref().is_some_and(|s| !s.unchanged)
    }
}

/// The pipeline and what it remembers between passes.
pub(crate) struct Engine {
    root: PathBuf,
    use_cache: bool,
    keep_sessions: bool,
    progress: bool,
    warm: HashMap<String, Warm>,
    pages: render::PageMemory,
    /// The files of other formats made in earlier passes (`serve`).
    outputs: formats::Memory,
    /// What made the last good pass's downloads, and what the site last published defers
    /// (`serve`).
    source: Option<Arc<Source>>,
    deferred: Option<Arc<Deferred>>,
    /// Lessons already said to have no record.
    noted: BTreeSet<String>,
    /// The formats to write instead of the book's own (`--format`).
    formats: Option<Vec<Format>>,
    /// The edition to write instead of the book's default (`--edition`).
    edition: Option<Edition>,
}

impl Engine {
    /// The pipeline of the book at `root` (resolved by [`book_root`]), with the book's cache
    /// (`.rlbook/`) unless `use_cache` is false.
    pub(crate) fn new(root: &Path, use_cache: bool) -> Engine {
        Engine {
            root: book_root(root),
            use_cache,
            keep_sessions: false,
            progress: false,
            warm: HashMap::new(),
            pages: render::PageMemory::default(),
            outputs: formats::Memory::default(),
            source: None,
            deferred: None,
            noted: BTreeSet::new(),
            formats: None,
            edition: None,
        }
    }

    /// The book's root, as every pass names it.
    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    /// Write this edition instead of the one `[edition] default` names.
    pub(crate) fn edition(mut self, edition: Option<Edition>) -> Engine {
        self.edition = edition;
        self
    }

    /// Write these formats instead of those the book's `[output]` names.
    pub(crate) fn writing(mut self, formats: Vec<Format>) -> Engine {
        self.formats = Some(formats);
        self
    }

    /// Keep the engine warm between passes: the session after every step of the notebooks
    /// that run (to resume them), and every page.
    pub(crate) fn keeping_sessions(mut self) -> Engine {
        self.keep_sessions = true;
        self.pages.warm = true;
        self
    }

    /// Show `executing lessons k/n` on a terminal.
    pub(crate) fn showing_progress(mut self) -> Engine {
        self.progress = true;
        self
    }

    /// The book as a pass loads it, or its problems (for `rlbook bless`, which then executes
    /// the lessons it names with [`Engine::execute`]).
    pub(crate) fn load(&self) -> Result<Book, Vec<Diagnostic>> {
        load_book(&self.root)
    }

    /// The execute stage alone, on `book` (all of the book's lessons or some): their runs,
    /// reused where they stand and stored where they ran, under the keys every pass uses.
    /// `None` when `cancel` was set before it ended.
    pub(crate) fn execute(
        &mut self,
        book: &Book,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Option<(Vec<LessonRun>, ExecStats)> {
        let cache = Cache::new(&book.config.root, self.use_cache);
        let opts = ExecOptions {
            keep_sessions: self.keep_sessions,
            cancel,
        };
        let executed = execute::execute(book, &cache, &mut self.warm, opts, self.progress)?;
        Some((executed.runs, executed.stats))
    }

    /// One pass over the book; `None` when `cancel` was set before it ended (then it has
    /// published nothing and remembers nothing new).
    pub(crate) fn pass(
        &mut self,
        request: &Request,
        sink: &mut dyn Sink,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Option<Pass> {
        let started = Instant::now();
        let mut pass = Pass::default();
        if let Some(mut book) = load::load(&self.root, &mut pass.diagnostics) {
            if let Some(formats) = &self.formats {
                book.config.outputs.formats.clone_from(formats);
            }
            if let Some(edition) = self.edition {
                book.config.edition = edition;
            }
            self.stages(&book, request, sink, cancel, &mut pass)?;
            pass.diagnostics = book.relocate(std::mem::take(&mut pass.diagnostics));
        }
        pass.elapsed = started.elapsed();
        Some(pass)
    }

    /// What the site published last left to make (its downloads and index), if anything:
    /// see [`Engine::complete`].
    pub(crate) fn deferred(&self) -> Option<Arc<Deferred>> {
        self.deferred.clone()
    }

    /// Execute the lessons and compare their outputs with the record.
    fn execute_and_check(
        &mut self,
        book: &Book,
        request: &Request,
        cache: &Cache,
        cancel: Option<&Arc<AtomicBool>>,
        pass: &mut Pass,
    ) -> Option<(Vec<LessonRun>, check::Checked)> {
        let opts = ExecOptions {
            keep_sessions: self.keep_sessions,
            cancel,
        };
        let executed = execute::execute(book, cache, &mut self.warm, opts, self.progress)?;
        let slugs: Vec<&str> = book.lessons.iter().map(|l| l.slug.as_str()).collect();
        cache.retain_lessons(&slugs);
        let runs = executed.runs;
        pass.executed = executed.names;
        pass.stats = executed.stats;
        pass.counts = Some(Counts::of(book, &runs));
        pass.output = book.config.display_path(&book.config.paths.output);
        let records = request.records;
        let mut checked =
            check::check(book, &runs, records, &mut self.noted, &mut pass.diagnostics);
        pass.drifts = std::mem::take(&mut checked.drifts);
        Some((runs, checked))
    }

    /// Execute and check the lessons, and resolve the book-wide tables; the external links
    /// too when asked. `None` when cancelled.
    fn run_and_resolve(
        &mut self,
        book: &Book,
        request: &Request,
        cache: &Cache,
        cancel: Option<&Arc<AtomicBool>>,
        pass: &mut Pass,
    ) -> Option<(Vec<LessonRun>, check::Checked, Tables)> {
        // The citations and the glossary need only the book: they are resolved while the
        // lessons run.
        let (executed, ((citations, cited_problems), (glossary, glossary_problems))) = rayon::join(
            || self.execute_and_check(book, request, cache, cancel, pass),
            || rayon::join(|| Citations::collect(book), || Glossary::collect(book)),
        );
        let (runs, checked) = executed?;
        let (xrefs, problems) = crate::xref::Xrefs::collect(book, &runs);
        pass.diagnostics.extend(problems);
        pass.diagnostics.extend(cited_problems);
        pass.diagnostics.extend(glossary_problems);
        if request.check_external {
            let found = crate::links::external::check_external(book, cache, request.strict);
            pass.diagnostics.extend(found);
        }
        let tables = Tables {
            xrefs,
            citations,
            glossary,
        };
        Some((runs, checked, tables))
    }

    /// Execute, check, render and publish `book`.
    fn stages(
        &mut self,
        book: &Book,
        request: &Request,
        sink: &mut dyn Sink,
        cancel: Option<&Arc<AtomicBool>>,
        pass: &mut Pass,
    ) -> Option<()> {
        let cache = Cache::new(&book.config.root, self.use_cache);
        let (runs, checked, tables) = self.run_and_resolve(book, request, &cache, cancel, pass)?;
        if request.goal == Goal::Check {
            return Some(());
        }
        let Some((book, runs, tables)) = edition_view(book, runs, tables, pass) else {
            return Some(());
        };
        let book = book.as_ref();
        let keys = render::page_keys(book, &runs, &tables, request.strict);
        let matter = crate::render::matter::html::pages(book, &tables);
        // The keys of every page the book makes: the lessons', then the back matter's.
        let site_keys: Vec<Digest> = (keys.iter().copied())
            .chain(matter.iter().map(render::matter_key))
            .collect();
        let serve = request.goal == Goal::Serve;
        let inputs = render::Inputs {
            book,
            runs: &runs,
            tables: &tables,
            failed: &checked.failed,
            keys: &keys,
            strict: request.strict,
            cache: &cache,
        };
        let rendered = self.check_links(&inputs, serve, cancel, pass)?;
        let failed = pass.failed();
        let formats = formats::Inputs {
            book,
            runs: &runs,
            tables: &tables,
            keys: &site_keys,
            strict: request.strict,
            cache: &cache,
        };
        let carried = self.carried(&formats, serve, failed, pass);
        if !serve && !book.config.outputs.formats.contains(&Format::Html) {
            return Some(());
        }
        if rendered.is_none() && held(book, &site_keys, &carried, request.strict, sink, pass) {
            return Some(());
        }
        let pages = match rendered {
            Some(pages) => pages,
            None => self.render_pages(&inputs, serve, cancel, pass)?,
        };
        let site = Site {
            pages,
            matter,
            carried: &carried,
            strict: request.strict,
        };
        let published = publish_site(book, site, serve, sink, pass);
        if let Some(pages) = published.filter(|_| serve) {
            let made = (!failed).then_some((runs, tables, site_keys));
            self.remember_deferred(book, pages, &carried, made, request.strict);
        }
        Some(())
    }

    /// What a served site left for later (see [`deferred`]): nothing when it carries no
    /// downloads, else its index and downloads, made of this pass's `made` (runs,
    /// cross-references, page keys) or, after a failed pass, of the last good one's.
    fn remember_deferred(
        &mut self,
        book: &Book,
        pages: SitePages,
        carried: &Carried,
        made: Option<(Vec<LessonRun>, Tables, Vec<Digest>)>,
        strict: bool,
    ) {
        if carried.ids.is_empty() {
            self.deferred = None;
            return;
        }
        let book = Arc::new(book.clone());
        let made = made.map(|(runs, tables, keys)| Source {
            book: Arc::clone(&book),
            runs,
            tables,
            keys,
            strict,
        });
        self.defer(book, pages, made);
    }

    /// Check every page's internal links against the ids the rendered pages have, or take
    /// the findings remembered for the same pages; the pages, when they had to be rendered
    /// for it (`None` when cancelled).
    fn check_links(
        &mut self,
        inputs: &render::Inputs,
        serve: bool,
        cancel: Option<&Arc<AtomicBool>>,
        pass: &mut Pass,
    ) -> Option<Option<Vec<Option<render::Keyed>>>> {
        let link_key = links::key(inputs.book, inputs.keys, inputs.strict);
        let known = (!serve && !pass.failed()).then(|| links::remembered(inputs.cache, &link_key));
        if let Some(found) = known.flatten() {
            pass.diagnostics.extend(found);
            return Some(None);
        }
        let pages = self.render_pages(inputs, serve, cancel, pass)?;
        let found = links::check(inputs.book, &pages, inputs.strict, inputs.cache, &link_key);
        pass.diagnostics.extend(found);
        Some(Some(pages))
    }

    /// Every lesson's page (or `None` when cancelled).
    fn render_pages(
        &mut self,
        inputs: &render::Inputs,
        serve: bool,
        cancel: Option<&Arc<AtomicBool>>,
        pass: &mut Pass,
    ) -> Option<Vec<Option<render::Keyed>>> {
        let rendered = (self.pages).render(inputs, serve, &mut pass.diagnostics);
        pass.rendered = rendered.names;
        pass.unrendered = rendered.failed;
        let cancelled = cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        (!cancelled).then_some(rendered.pages)
    }
}

/// The book, runs and tables of the edition to write: the teacher edition as it is; the
/// student edition's view without solutions, numbered anew (its figures and equations are
/// its own; a reference into a hidden solution is an error of that edition) and citing only
/// what it shows. `None` when the view cannot be made (the problems are in `pass`).
fn edition_view<'a>(
    book: &'a Book,
    runs: Vec<LessonRun>,
    tables: Tables,
    pass: &mut Pass,
) -> Option<(Cow<'a, Book>, Vec<LessonRun>, Tables)> {
    let (view, runs) = match crate::edition::view(book, runs) {
        Ok(view) => view,
        Err(problems) => {
            pass.diagnostics.extend(problems);
            return None;
        }
    };
    if matches!(view, Cow::Borrowed(_)) {
        return Some((view, runs, tables));
    }
    let (xrefs, problems) = crate::xref::Xrefs::collect(&view, &runs);
    pass.diagnostics.extend(problems);
    // The view's problems are the book's, reported above; it only cites less.
    let (citations, _) = Citations::collect(&view);
    let (glossary, _) = Glossary::collect(&view);
    let tables = Tables {
        xrefs,
        citations,
        glossary,
    };
    Some((view, runs, tables))
}

/// The book at `root` as the load stage gives it, or its problems.
pub(crate) fn load_book(root: &Path) -> Result<Book, Vec<Diagnostic>> {
    let mut problems = Vec::new();
    match load::load(&book_root(root), &mut problems) {
        Some(book) if !problems.iter().any(Diagnostic::is_error) => Ok(book),
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests;
