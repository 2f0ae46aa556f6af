//! The site in memory: every file the site will hold, by path relative to its root, checked
//! as it is added (a path inside the site, never claimed twice), with a fingerprint of the
//! whole. The fingerprint goes into the site's marker file, so that a build whose site equals
//! the one on disk can leave it as it is instead of writing it again.

use super::links;
use super::output::MARKER;
use crate::cache::digest::{Digest, KeyHasher};
use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// The files of a site, in the order they were added.
#[derive(Default)]
pub(crate) struct SiteFiles {
    files: Vec<(PathBuf, Vec<u8>)>,
    seen: HashSet<PathBuf>,
    bytes: u64,
}

impl SiteFiles {
    /// Add `bytes` at `rel`. Adding the same path twice (or the marker's) is an error: two
    /// things of the site would claim one file.
    pub(crate) fn add(&mut self, rel: &str, bytes: impl Into<Vec<u8>>) -> Result<()> {
        let path = links::checked_relative(rel)?;
        if path == Path::new(MARKER) || !self.seen.insert(path.clone()) {
            bail!("two files of the site would be written at '{rel}'");
        }
        let bytes = bytes.into();
        self.bytes += bytes.len() as u64;
        self.files.push((path, bytes));
        Ok(())
    }

    /// Every file, in the order added.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&Path, &[u8])> {
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
        let key: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().to_string())
            .collect();
        let bytes = std::fs::read(entry.path())
            .with_context(|| format!("cannot read {}", entry.path().display()))?;
        files.insert(key.join("/"), bytes);
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
