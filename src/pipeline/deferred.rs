//! The downloads of a served site, made when asked for. `rlbook serve` publishes a pass's
//! site without the files it carries for other formats (the EPUB, the PDF) and without the
//! index that lists them with their sizes, so that the reload waits for neither. The pass
//! leaves a [`Deferred`]: the index's pages, and what the downloads are made of (its own
//! book, runs and page keys, or after a failed pass those of the last good one, as the
//! downloads of a failed pass always were). [`Engine::complete`] makes them on request,
//! through the same formats, keys and memory as before (an unchanged book never makes them
//! again, and a build's files are read when their keys stand), and writes nothing.

use super::formats::{self, Download, Publishing};
use super::render::SitePages;
use super::{Engine, Pass};
use crate::book::Book;
use crate::cache::digest::{Digest, KeyHasher};
use crate::cache::{Cache, inputs};
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::LessonRun;
use crate::render::Tables;
use crate::render::site::SiteFiles;
use std::sync::Arc;

/// The files the site carries for other formats.
#[derive(Default)]
pub(super) struct Carried {
    /// Made for the site (`build`); none when the site defers them (`serve`).
    pub downloads: Vec<Download>,
    /// What the site's key knows of them: each one's path and the digest of its bytes, or
    /// of what makes them when the site defers them.
    pub ids: Vec<(String, Digest)>,
}

impl Carried {
    fn made(downloads: Vec<Download>) -> Carried {
        let ids = (downloads.iter())
            .map(|d| (d.path.clone(), Digest::of(&d.bytes)))
            .collect();
        Carried { downloads, ids }
    }

    fn deferred(ids: Vec<(String, Digest)>) -> Carried {
        Carried {
            downloads: Vec::new(),
            ids,
        }
    }
}

/// What the downloads of a site are made of: a pass's book (the edition served), runs,
/// book-wide tables and page keys.
pub(super) struct Source {
    pub book: Arc<Book>,
    pub runs: Vec<LessonRun>,
    pub tables: Tables,
    pub keys: Vec<Digest>,
    pub strict: bool,
}

/// The digest of what makes the downloads: the inputs of every format's key.
pub(super) fn source_digest(book: &Book, keys: &[Digest], strict: bool) -> Digest {
    inputs::of_pages("downloads", &book.config, strict, keys).finish()
}

impl Source {
    pub(super) fn digest(&self) -> Digest {
        source_digest(&self.book, &self.keys, self.strict)
    }
}

/// The files of a published site left to make: its `index.html` and its downloads.
pub(crate) struct Deferred {
    book: Arc<Book>,
    pages: SitePages,
    source: Option<Arc<Source>>,
    paths: Vec<String>,
    digest: Digest,
}

impl Deferred {
    /// The deferred files of the site of `book` made of `pages`, whose downloads `source`
    /// makes (none without one).
    pub(super) fn new(book: Arc<Book>, pages: SitePages, source: Option<Arc<Source>>) -> Self {
        let mut paths = vec!["index.html".to_string()];
        paths.extend(source.iter().flat_map(|s| formats::site_paths(&s.book)));
        let digest = ids_digest(&paths, source.as_deref().map(Source::digest));
        Deferred {
            book,
            pages,
            source,
            paths,
            digest,
        }
    }

    /// The site files it makes, by `/`-separated path.
    pub(crate) fn paths(&self) -> &[String] {
        &self.paths
    }

    /// Names what it makes: the same for two sites whose downloads are the same.
    pub(crate) fn digest(&self) -> Digest {
        self.digest
    }
}

/// What the site key knows of the downloads a site defers: their paths and what makes them.
pub(super) fn ids(book: &Book, source: Option<Digest>) -> Vec<(String, Digest)> {
    let paths = formats::site_paths(book);
    let digest = source.unwrap_or_else(|| Digest::of(b"no downloads"));
    paths.into_iter().map(|p| (p, digest)).collect()
}

fn ids_digest(paths: &[String], source: Option<Digest>) -> Digest {
    let mut h = KeyHasher::new("deferred");
    h.u64(paths.len() as u64);
    for path in paths {
        h.str(path);
    }
    if let Some(source) = source {
        h.digest(&source);
    }
    h.finish()
}

impl Engine {
    /// What the site of a pass carries for other formats: the downloads made and written
    /// (`build`, when the pass has no error); for `serve`, those left for later (this pass's,
    /// or the last good pass's when it `failed`).
    pub(super) fn carried(
        &mut self,
        inputs: &formats::Inputs,
        serve: bool,
        failed: bool,
        pass: &mut Pass,
    ) -> Carried {
        match (serve, failed) {
            (false, true) => Carried::default(),
            (false, false) => {
                let mode = Publishing::Write;
                Carried::made(formats::publish(inputs, &mut self.outputs, mode, pass))
            }
            (true, false) => {
                let made = source_digest(inputs.book, inputs.keys, inputs.strict);
                Carried::deferred(ids(inputs.book, Some(made)))
            }
            (true, true) => {
                let last = self.source.as_ref().map(|s| s.digest());
                Carried::deferred(ids(inputs.book, last))
            }
        }
    }

    /// Remember what the site just served (of `book` and `pages`) leaves for later: its
    /// downloads made of `made` (of the last good pass's when it failed).
    pub(super) fn defer(&mut self, book: Arc<Book>, pages: SitePages, made: Option<Source>) {
        if let Some(made) = made {
            self.source = Some(Arc::new(made));
        }
        let source = self.source.clone();
        self.deferred = Some(Arc::new(Deferred::new(book, pages, source)));
    }

    /// Make the files `deferred` left to make: the downloads (from memory when their keys
    /// stand), then the index that lists them; with the problems found making them.
    pub(crate) fn complete(&mut self, deferred: &Deferred) -> (SiteFiles, Vec<Diagnostic>) {
        let mut pass = Pass::default();
        let downloads = match &deferred.source {
            Some(source) => {
                let cache = Cache::new(&source.book.config.root, self.use_cache);
                let inputs = formats::Inputs {
                    book: &source.book,
                    runs: &source.runs,
                    tables: &source.tables,
                    keys: &source.keys,
                    strict: source.strict,
                    cache: &cache,
                };
                formats::publish(&inputs, &mut self.outputs, Publishing::Serve, &mut pass)
            }
            None => Vec::new(),
        };
        let mut files = SiteFiles::default();
        let index =
            crate::render::site::index_page(&deferred.book, deferred.pages.view(), &downloads);
        let added = index.and_then(|html| files.add("index.html", html));
        let added = downloads.into_iter().fold(added, |done, d| {
            done.and_then(|()| files.add(&d.path, d.bytes))
        });
        if let Err(e) = added {
            pass.diagnostics
                .extend(Diagnostic::of_error(Kind::Site, &e));
        }
        (files, pass.diagnostics)
    }
}
