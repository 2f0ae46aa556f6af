//! The whole site in the book's cache: a key over everything the site is made from (the key
//! of every lesson's page, the book's settings, the book's own templates and theme files, the
//! build options) with the stamp of the site written for it, its counts and its warnings. A
//! build whose key matches, and whose output folder still carries that stamp, renders and
//! writes nothing: it neither loads the cached pages nor assembles the site in memory, which
//! was more than half of a no-op rebuild of the public course.

use crate::book::Book;
use crate::cache::digest::{Digest, KeyHasher};
use crate::cache::{Cache, CacheFile};
use crate::render::site::{SiteStamp, SiteSummary, read_visible_tree};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The key of a whole site.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct SiteKey(Digest);

#[derive(Serialize, Deserialize)]
struct SiteEntry {
    key: Digest,
    pages: usize,
    figures: usize,
    bytes: u64,
    stamp: SiteStamp,
    warnings: Vec<String>,
}

/// The key of the site `book` makes from pages with `page_keys`; `None` without a cache, or
/// when a part cannot be keyed (then the site is made the ordinary way).
pub(super) fn key(
    book: &Book,
    page_keys: &[Option<Digest>],
    strict: bool,
    live_reload: Option<&str>,
    cache: &Cache,
) -> Option<SiteKey> {
    if !cache.is_enabled() || page_keys.len() != book.lessons.len() {
        return None;
    }
    let mut h = KeyHasher::new("site");
    h.bool(strict).opt_str(live_reload);
    h.str(&format!("{:?}", book.config));
    h.u64(page_keys.len() as u64);
    for page_key in page_keys {
        h.digest(page_key.as_ref()?);
    }
    for dir in [&book.config.paths.templates, &book.config.paths.theme] {
        hash_folder(&mut h, dir)?;
    }
    Some(SiteKey(h.finish()))
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

/// The summary and warnings of the site made for `key`, when `output` still holds it.
pub(super) fn lookup(
    cache: &Cache,
    key: &SiteKey,
    output: &Path,
) -> Option<(SiteSummary, Vec<String>)> {
    let entry: SiteEntry = cache.load(&CacheFile::site())?;
    if entry.key != key.0 || !entry.stamp.is_at(output) {
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

/// Remember the site written (or found up to date) for `key`.
pub(super) fn store(cache: &Cache, key: &SiteKey, site: &SiteSummary, warnings: &[String]) {
    let entry = SiteEntry {
        key: key.0,
        pages: site.pages,
        figures: site.figures,
        bytes: site.bytes,
        stamp: site.stamp.clone(),
        warnings: warnings.to_vec(),
    };
    cache.store(&CacheFile::site(), &entry);
}
