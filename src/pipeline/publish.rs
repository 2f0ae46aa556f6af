//! The publish stage: a whole site goes to a sink. Two sinks stand behind one interface: a
//! folder ([`Folder`]: written atomically, unchanged files hard-linked, nothing written when
//! it already holds this site) and memory ([`Memory`]: what `rlbook serve` serves). A site is
//! known by its key, made of every page's key, the settings, and the book's own templates
//! and theme files; a sink that holds the site for a key is not given it again, so a no-op
//! rebuild neither loads pages nor assembles the site.

use super::Pass;
use super::deferred::Carried;
use super::formats::Download;
use super::render::SitePages;
use crate::book::Book;
use crate::cache::digest::{Digest, KeyHasher};
use crate::cache::{Cache, CacheFile, inputs};
use crate::diagnostic::{Diagnostic, Kind};
use crate::render::matter::html::MatterHtml;
use crate::render::site::{Assembled, SiteFiles, SiteStamp, SiteSummary, read_visible_tree};
use anyhow::Result;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// The key of a whole site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SiteKey(Digest);

impl SiteKey {
    /// The key of the site `book` makes from pages with these keys and the downloads it
    /// carries (each one's path and digest: of its bytes, or of what makes them when the
    /// site defers them); `None` when the book's
    /// templates or theme cannot be read (then the site is made the ordinary way).
    pub(super) fn of(
        book: &Book,
        page_keys: &[Digest],
        downloads: &[(String, Digest)],
        strict: bool,
    ) -> Option<SiteKey> {
        let mut h = inputs::of_pages("site", &book.config, strict, page_keys);
        h.u64(downloads.len() as u64);
        for (path, digest) in downloads {
            h.str(path).digest(digest);
        }
        for dir in [&book.config.paths.templates, &book.config.paths.theme] {
            hash_folder(&mut h, dir)?;
        }
        Some(SiteKey(h.finish()))
    }
}

/// Every visible file of `dir` (none when it is absent), by name and contents.
fn hash_folder(h: &mut KeyHasher, dir: &Path) -> Option<()> {
    if !dir.is_dir() {
        h.str("absent");
        return Some(());
    }
    let files = read_visible_tree(dir).ok()?;
    h.u64(files.len() as u64);
    for (name, bytes) in &files {
        h.str(name).bytes(bytes);
    }
    Some(())
}

/// The rendered pages and what else the site is made of.
pub(super) struct Site<'a> {
    pub pages: Vec<Option<super::render::Keyed>>,
    pub matter: Vec<MatterHtml>,
    pub carried: &'a Carried,
    pub strict: bool,
}

/// Hand the site to `sink` when it may be published (`serve`: despite errors in lessons,
/// with their last good pages) and the sink does not hold it already; its pages when it was
/// handed over.
pub(super) fn publish_site(
    book: &Book,
    site: Site,
    serve: bool,
    sink: &mut dyn Sink,
    pass: &mut Pass,
) -> Option<SitePages> {
    if blocks_publishing(&pass.diagnostics, serve) {
        return None;
    }
    let shown = site.pages.into_iter().collect::<Option<Vec<_>>>()?;
    let (carried, strict) = (site.carried, site.strict);
    let shown_keys: Vec<Digest> = (shown.iter().map(|(key, _)| *key))
        .chain(site.matter.iter().map(super::render::matter_key))
        .collect();
    if held(book, &shown_keys, carried, strict, sink, pass) {
        return None;
    }
    let pages = SitePages {
        lessons: shown.into_iter().map(|(_, page)| page).collect(),
        matter: site.matter,
    };
    let key = SiteKey::of(book, &shown_keys, &carried.ids, strict);
    publish(book, &pages, &carried.downloads, key, sink, pass).then_some(pages)
}

/// Whether `sink` already holds the site of pages with `keys`; then `pass` says so and
/// carries that site's warnings.
pub(super) fn held(
    book: &Book,
    keys: &[Digest],
    carried: &Carried,
    strict: bool,
    sink: &dyn Sink,
    pass: &mut Pass,
) -> bool {
    let Some(key) = SiteKey::of(book, keys, &carried.ids, strict) else {
        return false;
    };
    let Some((summary, warnings)) = sink.holds(book, &key) else {
        return false;
    };
    for warning in warnings {
        if !pass.diagnostics.contains(&warning) {
            pass.diagnostics.push(warning);
        }
    }
    pass.site = Some(summary);
    true
}

/// Assemble the site and hand it to `sink`; a failure is a diagnostic (then `false`).
fn publish(
    book: &Book,
    pages: &SitePages,
    downloads: &[Download],
    key: Option<SiteKey>,
    sink: &mut dyn Sink,
    pass: &mut Pass,
) -> bool {
    let warnings: Vec<Diagnostic> = (pass.diagnostics.iter())
        .filter(|d| !d.is_error() && d.kind == Kind::Render)
        .cloned()
        .collect();
    let published = crate::render::site::assemble(book, pages.view(), downloads)
        .and_then(|site| sink.publish(book, key, site, &warnings));
    match published {
        Ok(summary) => pass.site = Some(summary),
        Err(e) => pass
            .diagnostics
            .extend(Diagnostic::of_error(Kind::Site, &e)),
    }
    pass.site.is_some()
}

/// Whether the problems found forbid publishing: any error for `build`; for `serve`, a
/// book that could not be loaded whole.
fn blocks_publishing(diagnostics: &[Diagnostic], serve: bool) -> bool {
    diagnostics
        .iter()
        .filter(|d| d.is_error())
        .any(|d| !serve || matches!(d.kind, Kind::Config | Kind::Load))
}

/// Where a site goes.
pub(crate) trait Sink {
    /// The summary and warnings of the site published for `key`, when the sink still holds it.
    fn holds(&self, book: &Book, key: &SiteKey) -> Option<(SiteSummary, Vec<Diagnostic>)>;
    /// Publish `site` (made for `key`, with `warnings`).
    fn publish(
        &mut self,
        book: &Book,
        key: Option<SiteKey>,
        site: Assembled,
        warnings: &[Diagnostic],
    ) -> Result<SiteSummary>;
}

/// The book's output folder, with the site's entry in the book's cache.
pub(crate) struct Folder {
    cache: Cache,
}

impl Folder {
    /// The output folder of the book being built; `cache` remembers what it holds.
    pub(crate) fn new(cache: Cache) -> Folder {
        Folder { cache }
    }
}

/// What the cache remembers of the site in the folder.
#[derive(Serialize, Deserialize)]
struct FolderEntry {
    key: SiteKey,
    pages: usize,
    figures: usize,
    bytes: u64,
    stamp: SiteStamp,
    warnings: Vec<Diagnostic>,
}

impl Sink for Folder {
    fn holds(&self, book: &Book, key: &SiteKey) -> Option<(SiteSummary, Vec<Diagnostic>)> {
        let entry: FolderEntry = self.cache.load(&CacheFile::site())?;
        if entry.key != *key || !entry.stamp.is_at(&book.config.paths.output) {
            return None;
        }
        let summary = SiteSummary {
            pages: entry.pages,
            figures: entry.figures,
            bytes: entry.bytes,
            unchanged: true,
            stamp: entry.stamp,
        };
        Some((summary, entry.warnings))
    }

    fn publish(
        &mut self,
        book: &Book,
        key: Option<SiteKey>,
        site: Assembled,
        warnings: &[Diagnostic],
    ) -> Result<SiteSummary> {
        let output = &book.config.paths.output;
        let reuse = self.cache.is_enabled();
        let summary = crate::render::site::write_folder(book, &site, output, reuse)?;
        if let Some(key) = key {
            let entry = FolderEntry {
                key,
                pages: summary.pages,
                figures: summary.figures,
                bytes: summary.bytes,
                stamp: summary.stamp.clone(),
                warnings: warnings.to_vec(),
            };
            self.cache.store(&CacheFile::site(), &entry);
        }
        Ok(summary)
    }
}

/// The site in memory, for serving.
#[derive(Default)]
pub(crate) struct Memory {
    current: Option<Held>,
}

/// The site a [`Memory`] holds: its key, files, warnings and summary.
struct Held {
    key: Option<SiteKey>,
    files: Arc<SiteFiles>,
    warnings: Vec<Diagnostic>,
    summary: SiteSummary,
}

impl Memory {
    /// The site published last.
    pub(crate) fn files(&self) -> Option<Arc<SiteFiles>> {
        self.current.as_ref().map(|held| Arc::clone(&held.files))
    }
}

impl Sink for Memory {
    fn holds(&self, _: &Book, key: &SiteKey) -> Option<(SiteSummary, Vec<Diagnostic>)> {
        let held = self.current.as_ref()?;
        (held.key == Some(*key)).then(|| {
            let summary = SiteSummary {
                unchanged: true,
                ..held.summary.clone()
            };
            (summary, held.warnings.clone())
        })
    }

    fn publish(
        &mut self,
        _: &Book,
        key: Option<SiteKey>,
        site: Assembled,
        warnings: &[Diagnostic],
    ) -> Result<SiteSummary> {
        let summary = site.summary.clone();
        self.current = Some(Held {
            key,
            files: Arc::new(site.files),
            warnings: warnings.to_vec(),
            summary: summary.clone(),
        });
        Ok(summary)
    }
}
