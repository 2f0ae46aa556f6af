//! The site in memory: every file the site will hold, by path relative to its root, checked
//! as it is added (a path inside the site, never claimed twice), with a fingerprint of the
//! whole. The fingerprint goes into the site's marker file, so that a build whose site equals
//! the one on disk can leave it as it is instead of writing it again. `rlbook serve` serves
//! these files from memory, looking them up by `/`-separated path.

use super::links;
use super::output::MARKER;
use crate::cache::digest::{Digest, KeyHasher};
use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The files of a site, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SiteFiles {
    files: Vec<(PathBuf, Vec<u8>)>,
    /// Index in `files` by `/`-separated path.
    by_key: HashMap<String, usize>,
    bytes: u64,
}

impl SiteFiles {
    /// Add `bytes` at `rel`. Adding the same path twice (or the marker's) is an error: two
    /// things of the site would claim one file.
    pub fn add(&mut self, rel: &str, bytes: impl Into<Vec<u8>>) -> Result<()> {
        let path = links::checked_relative(rel)?;
        let key = slash_key(&path);
        if path == Path::new(MARKER) || self.by_key.contains_key(&key) {
            bail!("two files of the site would be written at '{rel}'");
        }
        let bytes = bytes.into();
        self.bytes += bytes.len() as u64;
        self.by_key.insert(key, self.files.len());
        self.files.push((path, bytes));
        Ok(())
    }

    /// The bytes of the file at `key` (a `/`-separated path relative to the root).
    pub fn get(&self, key: &str) -> Option<&[u8]> {
        let at = *self.by_key.get(key)?;
        self.files.get(at).map(|(_, bytes)| bytes.as_slice())
    }

    /// The files added, changed or removed since `old`, by `/`-separated path, in order.
    pub fn changed_since(&self, old: &SiteFiles) -> Vec<String> {
        let mut changed: Vec<String> = (self.by_key.iter())
            .filter(|(key, _)| old.get(key) != self.get(key))
            .map(|(key, _)| key.clone())
            .collect();
        let removed = old.by_key.keys().filter(|k| !self.by_key.contains_key(*k));
        changed.extend(removed.cloned());
        changed.sort();
        changed
    }

    /// Whether a file is at `key` (a `/`-separated path relative to the root).
    pub fn contains(&self, key: &str) -> bool {
        self.by_key.contains_key(key)
    }

    /// Every file, in the order added.
    pub fn iter(&self) -> impl Iterator<Item = (&Path, &[u8])> {
        self.files.iter().map(|(p, b)| (p.as_path(), b.as_slice()))
    }

    /// Total bytes of the files.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// A digest of every path and its bytes, in order.
    pub(crate) fn fingerprint(&self) -> Digest {
        let mut h = KeyHasher::new("site");
        for (path, bytes) in &self.files {
            h.str(&path.to_string_lossy()).bytes(bytes);
        }
        h.finish()
    }

    /// What identifies this site on disk, with its `marker`.
    pub(crate) fn stamp(&self, marker: &[u8]) -> SiteStamp {
        SiteStamp {
            marker: marker.to_vec(),
            files: (self.files.iter())
                .map(|(path, bytes)| (path.clone(), bytes.len() as u64))
                .collect(),
        }
    }
}

/// A written site as it can be recognised on disk without its contents: the marker (which
/// carries the fingerprint of every file) and each file's path and size.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SiteStamp {
    marker: Vec<u8>,
    files: Vec<(PathBuf, u64)>,
}

impl SiteStamp {
    /// Bytes of the files and the marker.
    pub(crate) fn bytes(&self) -> u64 {
        self.marker.len() as u64 + self.files.iter().map(|(_, n)| n).sum::<u64>()
    }

    /// Whether the site at `target` carries this marker and exactly these files, at these
    /// sizes.
    pub(crate) fn is_at(&self, target: &Path) -> bool {
        let marked = std::fs::read(target.join(MARKER)).is_ok_and(|m| m == self.marker);
        marked && self.sizes_match(target) && count_files(target) == Some(self.files.len() + 1)
    }

    fn sizes_match(&self, target: &Path) -> bool {
        self.files.iter().all(|(path, size)| {
            std::fs::symlink_metadata(target.join(path))
                .is_ok_and(|m| m.is_file() && m.len() == *size)
        })
    }
}

/// The number of files under `dir` (`None` if it cannot be listed whole).
fn count_files(dir: &Path) -> Option<usize> {
    let mut count = 0;
    for entry in walkdir::WalkDir::new(dir).min_depth(1) {
        if !entry.ok()?.file_type().is_dir() {
            count += 1;
        }
    }
    Some(count)
}

/// A relative path as `a/b/c.svg`.
fn slash_key(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    parts.join("/")
}

/// Every file under `dir` (which must exist) by `/`-separated path relative to it, with its
/// bytes. Hidden files and folders (the site marker, editor leftovers) are skipped.
pub(crate) fn read_visible_tree(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    let walk = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .filter_entry(|e| !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
        let bytes = std::fs::read(entry.path())
            .with_context(|| format!("cannot read {}", entry.path().display()))?;
        files.insert(slash_key(rel), bytes);
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> SiteFiles {
        let mut files = SiteFiles::default();
        files.add("index.html", "<p>hi</p>").unwrap();
        files.add("figures/a/b.svg", "<svg/>").unwrap();
        files
    }

    fn write(dir: &Path, files: &SiteFiles, marker: &[u8]) {
        std::fs::write(dir.join(MARKER), marker).unwrap();
        for (path, bytes) in files.iter() {
            let full = dir.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, bytes).unwrap();
        }
    }

    #[test]
    fn paths_are_checked_and_claimed_once() {
        let mut files = site();
        assert_eq!(files.bytes(), 15);
        let twice = files.add("./index.html", "x").unwrap_err().to_string();
        assert_eq!(
            twice,
            "two files of the site would be written at './index.html'"
        );
        assert!(files.add(MARKER, "x").is_err());
        assert!(files.add("../out.html", "x").is_err());
        assert_eq!(files.iter().count(), 2);
        assert_eq!(files.get("figures/a/b.svg"), Some(&b"<svg/>"[..]));
        assert_eq!(files.get("./index.html"), None, "looked up by normal path");
    }

    #[test]
    fn changes_are_additions_edits_and_removals() {
        let of = |list: &[(&str, &str)]| {
            let mut files = SiteFiles::default();
            for (path, text) in list {
                files.add(path, *text).unwrap();
            }
            files
        };
        let old = of(&[("a.html", "1"), ("b.html", "2"), ("c.svg", "3")]);
        let new = of(&[("a.html", "1"), ("b.html", "two"), ("d/e.css", "4")]);
        assert_eq!(new.changed_since(&old), ["b.html", "c.svg", "d/e.css"]);
        assert!(new.changed_since(&new).is_empty());
    }

    #[test]
    fn the_fingerprint_follows_paths_and_contents() {
        let a = site().fingerprint();
        assert_eq!(a, site().fingerprint());
        let mut more = site();
        more.add("x.html", "").unwrap();
        assert_ne!(a, more.fingerprint());
        let mut other = SiteFiles::default();
        other.add("index.html", "<p>hi</p>").unwrap();
        other.add("figures/a/c.svg", "<svg/>").unwrap();
        assert_ne!(a, other.fingerprint());
    }

    #[test]
    fn a_site_on_disk_is_recognised_only_when_whole_and_marked_alike() {
        let dir = tempfile::tempdir().unwrap();
        let files = site();
        assert!(!files.stamp(b"m1").is_at(dir.path()));
        write(dir.path(), &files, b"m1");
        assert!(files.stamp(b"m1").is_at(dir.path()));
        assert!(!files.stamp(b"m2").is_at(dir.path()));
        std::fs::write(dir.path().join("stray.html"), "").unwrap();
        assert!(!files.stamp(b"m1").is_at(dir.path()));
        std::fs::remove_file(dir.path().join("stray.html")).unwrap();
        std::fs::write(dir.path().join("index.html"), "cut").unwrap();
        assert!(!files.stamp(b"m1").is_at(dir.path()));
        std::fs::remove_file(dir.path().join("index.html")).unwrap();
        assert!(!files.stamp(b"m1").is_at(dir.path()));
        assert!(!files.stamp(b"m1").is_at(&dir.path().join("none")));
    }
}
