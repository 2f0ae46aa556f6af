//! The book's persistent build cache in `<book root>/.rlbook/`: what a warm rebuild reuses
//! instead of computing again. Safe to delete at any time; git-ignored (the folder ignores
//! itself). Every file is versioned and checksummed ([`file`]); one that is corrupt,
//! truncated or written by another rlbook version (or build) is ignored and replaced, never
//! trusted. Writes are atomic, so concurrent builds of one book never leave a torn file.
//!
//! What is kept:
//! - `exec/<lesson>.bin`: the lesson's run (blocks, inline values, scripts, figures, errors),
//!   keyed by what execution depends on, with the files it `run`s and their digests
//!   ([`crate::exec::cached`]);
//! - `pages/<lesson>.bin`: the lesson's rendered page, keyed by the lesson, its run and
//!   strictness, standing while the lessons it links to keep their titles ([`pages`]);
//! - `math.bin`: KaTeX's MathML by TeX source and mode ([`crate::render::math`]);
//! - `highlight.bin`: highlighted code by language and source ([`crate::render::highlight`]);
//! - `site.bin`: the stamp, counts and warnings of the last site written, keyed by every
//!   page's key, the settings and the book's own templates and theme (`pipeline/publish.rs`).
//!
//! `--no-cache` gives a [`Cache`] that neither reads nor writes.

pub(crate) mod digest;
pub(crate) mod file;
pub(crate) mod inputs;

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The cache folder's name, at the book root.
pub(crate) const DIR: &str = ".rlbook";

/// The folders holding one file per lesson.
const ITEM_KINDS: [&str; 2] = ["exec", "pages"];

/// Temporary files older than this are leftovers of interrupted writes.
const STALE_TEMP: Duration = Duration::from_secs(3600);

/// The book's cache, or none.
#[derive(Clone, Debug, PartialEq)]
pub struct Cache {
    dir: Option<PathBuf>,
}

/// One file of the cache: what it holds and where.
#[derive(Clone, Debug, PartialEq)]
pub struct CacheFile {
    kind: &'static str,
    /// Relative to the cache folder.
    rel: PathBuf,
}

impl CacheFile {
    /// The run of the lesson `slug`.
    pub fn exec(slug: &str) -> CacheFile {
        CacheFile::item("exec", slug)
    }

    /// The rendered page of the lesson `slug`.
    pub fn page(slug: &str) -> CacheFile {
        CacheFile::item("pages", slug)
    }

    /// Every rendered formula.
    pub fn math() -> CacheFile {
        CacheFile::single("math")
    }

    /// Every highlighted piece of code.
    pub fn highlight() -> CacheFile {
        CacheFile::single("highlight")
    }

    /// The last site written: its key, stamp, counts and warnings.
    pub fn site() -> CacheFile {
        CacheFile::single("site")
    }

    /// The other formats written last (Markdown, EPUB, PDF): their keys and stamps.
    pub fn outputs() -> CacheFile {
        CacheFile::single("outputs")
    }

    /// The external links checked lately: each URL's answer and when it was asked.
    pub fn links() -> CacheFile {
        CacheFile::single("links")
    }

    /// The broken internal links last found, with the key of the pages they were found in.
    pub fn link_check() -> CacheFile {
        CacheFile::single("link-check")
    }

    fn single(kind: &'static str) -> CacheFile {
        CacheFile {
            kind,
            rel: PathBuf::from(format!("{kind}.bin")),
        }
    }

    fn item(kind: &'static str, name: &str) -> CacheFile {
        CacheFile {
            kind,
            rel: Path::new(kind).join(item_file_name(name)),
        }
    }
}

/// A file name for an item: the name itself when it is plain (letters, digits, `-`, `_`,
/// `.`, not starting with `.`), else a digest of it.
fn item_file_name(name: &str) -> String {
    let plain = !name.is_empty()
        && name.len() <= 128
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if plain {
        format!("{name}.bin")
    } else {
        format!("~{}.bin", &digest::Digest::of(name.as_bytes()).hex()[..32])
    }
}

impl Cache {
    /// The cache of the book at `root`, or no cache when `enabled` is false.
    pub fn new(root: &Path, enabled: bool) -> Cache {
        Cache {
            dir: enabled.then(|| root.join(DIR)),
        }
    }

    /// A cache that neither reads nor writes.
    pub fn disabled() -> Cache {
        Cache { dir: None }
    }

    pub fn is_enabled(&self) -> bool {
        self.dir.is_some()
    }

    /// The value stored in `file`, if there is a sound one.
    pub fn load<T: DeserializeOwned>(&self, file: &CacheFile) -> Option<T> {
        let dir = self.dir.as_ref()?;
        file::read(&dir.join(&file.rel), file.kind)
    }

    /// Whether `file` exists (sound or not).
    pub fn has(&self, file: &CacheFile) -> bool {
        self.dir
            .as_ref()
            .is_some_and(|d| d.join(&file.rel).is_file())
    }

    /// Store `value` in `file`; returns whether it was written (a cache that cannot be
    /// written is no error: the next build computes again).
    pub fn store<T: Serialize>(&self, file: &CacheFile, value: &T) -> bool {
        let Some(dir) = &self.dir else {
            return false;
        };
        let Some(bytes) = file::encode(file.kind, value) else {
            return false;
        };
        let path = dir.join(&file.rel);
        if self.prepare(&path).is_err() {
            return false;
        }
        file::write_atomic(&path, &bytes).is_ok()
    }

    /// Create the folders of `path`, and the cache folder with a `.gitignore` of its own.
    fn prepare(&self, path: &Path) -> std::io::Result<()> {
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        if !dir.is_dir() {
            std::fs::create_dir_all(dir)?;
            let ignore = dir.join(".gitignore");
            let _ = file::write_atomic(&ignore, b"# rlbook's build cache; safe to delete\n*\n");
        }
        match path.parent() {
            Some(parent) => std::fs::create_dir_all(parent),
            None => Ok(()),
        }
    }

    /// Remove the files of lessons other than `slugs` (lessons no longer in the book) and
    /// stale temporary files of interrupted writes.
    pub fn retain_lessons(&self, slugs: &[&str]) {
        let Some(dir) = &self.dir else {
            return;
        };
        for kind in ITEM_KINDS {
            let keep: Vec<String> = slugs.iter().map(|s| item_file_name(s)).collect();
            let Ok(entries) = std::fs::read_dir(dir.join(kind)) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().to_string();
                let temp = name.contains(file::TEMP_MARKER);
                let unused = !temp && name.ends_with(".bin") && !keep.contains(&name);
                if unused || (temp && is_stale(&entry)) {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
    }
}

fn is_stale(entry: &std::fs::DirEntry) -> bool {
    entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| SystemTime::now().duration_since(t).ok())
        .is_some_and(|age| age > STALE_TEMP)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = walkdir::WalkDir::new(dir)
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(dir).unwrap().display().to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn stored_values_load_back_and_a_disabled_cache_touches_nothing() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path(), true);
        assert!(cache.is_enabled());
        assert_eq!(cache.load::<String>(&CacheFile::math()), None);
        assert!(cache.store(&CacheFile::math(), &"formulas".to_string()));
        assert!(cache.store(&CacheFile::exec("01-a"), &7u32));
        assert_eq!(cache.load(&CacheFile::math()), Some("formulas".to_string()));
        assert_eq!(cache.load(&CacheFile::exec("01-a")), Some(7u32));
        assert!(cache.has(&CacheFile::math()) && !cache.has(&CacheFile::highlight()));
        assert_eq!(cache.load::<u32>(&CacheFile::page("01-a")), None);
        assert_eq!(
            files(&root.path().join(DIR)),
            [".gitignore", "exec/01-a.bin", "math.bin"]
        );
        let off = Cache::new(root.path(), false);
        assert!(!off.store(&CacheFile::highlight(), &1u8));
        assert_eq!(off.load::<String>(&CacheFile::math()), None);
        assert_eq!(Cache::disabled(), off);
        assert!(!root.path().join(DIR).join("highlight.bin").exists());
    }

    #[test]
    fn odd_item_names_become_digests() {
        assert_eq!(item_file_name("12-layer-norm"), "12-layer-norm.bin");
        for odd in ["", ".hidden", "a/b", "a b", "..", "é"] {
            let name = item_file_name(odd);
            assert!(name.starts_with('~') && name.len() == 37, "{odd}: {name}");
        }
        assert_ne!(item_file_name("a/b"), item_file_name("a b"));
    }

    #[test]
    fn retain_removes_items_of_other_lessons_and_stale_temporaries_only() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path(), true);
        for slug in ["01-a", "02-b"] {
            cache.store(&CacheFile::exec(slug), &1u8);
            cache.store(&CacheFile::page(slug), &1u8);
        }
        let fresh_temp = root.path().join(DIR).join("exec/.x.bin.tmp-1-1");
        std::fs::write(&fresh_temp, "partial").unwrap();
        cache.retain_lessons(&["02-b"]);
        assert_eq!(
            files(&root.path().join(DIR)),
            [
                ".gitignore",
                "exec/.x.bin.tmp-1-1",
                "exec/02-b.bin",
                "pages/02-b.bin"
            ]
        );
        Cache::disabled().retain_lessons(&[]);
        Cache::new(&root.path().join("none"), true).retain_lessons(&[]);
    }
}
