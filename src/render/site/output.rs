//! Writing the site atomically: every file goes into a fresh staging directory beside the
//! output directory (same filesystem), which is then swapped in: the old site is renamed
//! aside, the new one renamed into place, the old one deleted. A failed or interrupted build
//! leaves the previous site as it was; a dropped, uncommitted staging directory is removed.
//!
//! A site carries a marker file, and an existing output directory that is neither empty nor
//! marked is refused, so a misconfigured output path can never replace a folder of sources.
//! The marker also holds the fingerprint of the site's files ([`super::files`]).

use super::files::{SiteFiles, SiteStamp};
use super::links;
use crate::cache::digest::Digest;
use anyhow::{Context, Result, bail};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The marker file at the root of every site rlbook writes.
pub(crate) const MARKER: &str = ".rlbook-site";
const MARKER_TEXT: &[u8] = b"written by rlbook; this folder is replaced on every build\n";

/// The marker of a site whose files have `fingerprint`.
pub(crate) fn marker_text(fingerprint: &Digest) -> Vec<u8> {
    let mut text = MARKER_TEXT.to_vec();
    text.extend_from_slice(format!("fingerprint {}\n", fingerprint.hex()).as_bytes());
    text
}

/// Whether the site at `target` (an allowed output path) already is the one `stamp` names.
pub(crate) fn unchanged(target: &Path, protected: &[&Path], stamp: &SiteStamp) -> Result<bool> {
    check_target(target, protected)?;
    Ok(stamp.is_at(target))
}

/// Write `files` with `marker` into a staging directory and swap it in at `target`. Files
/// the current site already holds byte for byte are hard-linked, not written again.
pub(crate) fn publish(
    target: &Path,
    protected: &[&Path],
    files: &SiteFiles,
    marker: &[u8],
) -> Result<()> {
    let mut staging = Staging::create(target, protected, marker)?;
    for (path, bytes) in files.iter() {
        staging.write_reusing(&path.to_string_lossy(), bytes)?;
    }
    staging.commit()
}

/// Staging directories older than this are leftovers of interrupted builds.
const STALE_AFTER: Duration = Duration::from_secs(3600);

/// A site being written.
pub(crate) struct Staging {
    dir: PathBuf,
    target: PathBuf,
    written: HashSet<PathBuf>,
    committed: bool,
}

impl Staging {
    /// Start a site that will replace `target`, marked with `marker`. `protected` are folders
    /// the site may not replace or contain (the book root and its sources).
    pub(crate) fn create(target: &Path, protected: &[&Path], marker: &[u8]) -> Result<Staging> {
        check_target(target, protected)?;
        let (parent, name) = parent_and_name(target)?;
        std::fs::create_dir_all(&parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        remove_leftovers(&parent, &name);
        let dir = unique_sibling(&parent, &name, "new")?;
        std::fs::create_dir(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let mut staging = Staging {
            dir,
            target: target.to_path_buf(),
            written: HashSet::new(),
            committed: false,
        };
        staging.write(MARKER, marker)?;
        Ok(staging)
    }

    /// Write `bytes` at `rel` (a path relative to the site root). Writing the same path
    /// twice is an error: two things of the site would claim one file.
    pub(crate) fn write(&mut self, rel: &str, bytes: &[u8]) -> Result<()> {
        let (_, full) = self.claim(rel)?;
        std::fs::write(&full, bytes).with_context(|| format!("cannot write {}", full.display()))
    }

    /// [`Staging::write`], as a hard link to the file at `rel` in the site being replaced
    /// when that file holds exactly `bytes` (a link costs the filesystem far less than a
    /// new file, and most files of a rebuilt site are unchanged).
    pub(crate) fn write_reusing(&mut self, rel: &str, bytes: &[u8]) -> Result<()> {
        let (path, full) = self.claim(rel)?;
        let old = self.target.join(path);
        if holds(&old, bytes) && std::fs::hard_link(&old, &full).is_ok() {
            return Ok(());
        }
        std::fs::write(&full, bytes).with_context(|| format!("cannot write {}", full.display()))
    }

    /// Check `rel` and claim it (a second claim is an error); its folder in the staging
    /// directory is created. Returns the relative and the full path.
    fn claim(&mut self, rel: &str) -> Result<(PathBuf, PathBuf)> {
        let path = links::checked_relative(rel)?;
        if !self.written.insert(path.clone()) {
            bail!("two files of the site would be written at '{rel}'");
        }
        let full = self.dir.join(&path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        Ok((path, full))
    }

    /// Swap the staged site into place.
    pub(crate) fn commit(mut self) -> Result<()> {
        swap(&self.dir, &self.target)?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Whether `path` is a regular file holding exactly `bytes`.
fn holds(path: &Path, bytes: &[u8]) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|b| b == bytes)
}

/// Rename `target` aside (if present), `new` into its place, then delete the old site. If
/// the second rename fails, the old site is put back.
fn swap(new: &Path, target: &Path) -> Result<()> {
    let (parent, name) = parent_and_name(target)?;
    let old = if target.exists() {
        let old = unique_sibling(&parent, &name, "old")?;
        std::fs::rename(target, &old)
            .with_context(|| format!("cannot move the old site {} aside", target.display()))?;
        Some(old)
    } else {
        None
    };
    if let Err(e) = std::fs::rename(new, target) {
        if let Some(old) = &old {
            let _ = std::fs::rename(old, target);
        }
        return Err(e).with_context(|| format!("cannot move the new site to {}", target.display()));
    }
    if let Some(old) = old {
        // The new site is in place; an old copy that resists deletion is removed next time.
        let _ = std::fs::remove_dir_all(old);
    }
    Ok(())
}

/// Refuse output paths that are not directories, hold sources, or hold a foreign folder.
fn check_target(target: &Path, protected: &[&Path]) -> Result<()> {
    let absolute = std::path::absolute(target).unwrap_or_else(|_| target.to_path_buf());
    for p in protected {
        let p_absolute = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        if p_absolute.starts_with(&absolute) {
            bail!(
                "the output directory {} contains {}; choose another output path",
                target.display(),
                p.display()
            );
        }
    }
    if !target.exists() {
        return Ok(());
    }
    if !target.is_dir() {
        bail!(
            "the output path {} exists and is not a directory",
            target.display()
        );
    }
    let mut entries =
        std::fs::read_dir(target).with_context(|| format!("cannot list {}", target.display()))?;
    if entries.next().is_some() && !target.join(MARKER).is_file() && !only_generated(target) {
        bail!(
            "{} exists and was not written by rlbook (no {MARKER} file); remove it or \
             choose another output path",
            target.display()
        );
    }
    Ok(())
}

/// Whether `dir` holds only what a build may replace: a generated Markdown book (as
/// rustlab-notebook writes it: pages that start with a generated-file header, figures under
/// `plots/`, a hand-written `README.md`, which the Markdown book keeps), or an EPUB or PDF
/// written there while no site was built.
fn only_generated(dir: &Path) -> bool {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .all(|entry| {
            let Ok(entry) = entry else { return false };
            let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
            let in_plots = rel.starts_with("plots");
            let ext = rel.extension().and_then(|e| e.to_str());
            entry.file_type().is_dir()
                || rel == Path::new("README.md")
                || (in_plots && matches!(ext, Some("svg" | "png")))
                || (rel.components().count() == 1 && matches!(ext, Some("epub" | "pdf")))
                || (ext == Some("md")
                    && std::fs::read_to_string(entry.path())
                        .is_ok_and(|text| crate::render::markdown::is_generated(&text)))
        })
}

fn parent_and_name(target: &Path) -> Result<(PathBuf, String)> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .with_context(|| format!("invalid output path {}", target.display()))?;
    let parent = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((parent, name))
}

/// `.<name>.rlbook-<kind>-<pid>-<n>` beside the target, not yet existing.
fn unique_sibling(parent: &Path, name: &str, kind: &str) -> Result<PathBuf> {
    let pid = std::process::id();
    (0..1000u32)
        .map(|n| parent.join(format!(".{name}.rlbook-{kind}-{pid}-{n}")))
        .find(|p| !p.exists())
        .with_context(|| format!("cannot find a free staging name in {}", parent.display()))
}

/// Remove old sites whose deletion failed and staging folders of interrupted builds (only
/// stale ones: a build running concurrently may own a recent one).
fn remove_leftovers(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let old_prefix = format!(".{name}.rlbook-old-");
    let new_prefix = format!(".{name}.rlbook-new-");
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().to_string();
        let stale = || {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| SystemTime::now().duration_since(t).ok())
                .is_some_and(|age| age > STALE_AFTER)
        };
        if file_name.starts_with(&old_prefix) || (file_name.starts_with(&new_prefix) && stale()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_committed_site_replaces_the_old_one_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("site");
        let mut first = Staging::create(&target, &[], MARKER_TEXT).unwrap();
        first.write("index.html", b"one").unwrap();
        first.write("figures/a/x.svg", b"<svg/>").unwrap();
        first.commit().unwrap();
        let mut second = Staging::create(&target, &[], MARKER_TEXT).unwrap();
        second.write("index.html", b"two").unwrap();
        assert_eq!(std::fs::read(target.join("index.html")).unwrap(), b"one");
        second.commit().unwrap();
        assert_eq!(std::fs::read(target.join("index.html")).unwrap(), b"two");
        assert!(!target.join("figures").exists());
        assert_eq!(listing(dir.path()), ["site"]);
    }

    #[test]
    fn a_failing_write_leaves_the_old_site_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("site");
        let mut first = Staging::create(&target, &[], MARKER_TEXT).unwrap();
        first.write("index.html", b"old").unwrap();
        first.commit().unwrap();
        let failed = (|| -> Result<()> {
            let mut s = Staging::create(&target, &[], MARKER_TEXT)?;
            s.write("index.html", b"new")?;
            s.write("../escape.html", b"x")?;
            s.commit()
        })();
        assert!(failed.is_err());
        assert_eq!(std::fs::read(target.join("index.html")).unwrap(), b"old");
        assert_eq!(listing(dir.path()), ["site"]);
        assert_eq!(listing(&target), [MARKER, "index.html"]);
    }

    #[test]
    fn unchanged_files_are_linked_from_the_old_site_and_changed_ones_written() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("site");
        let mut first = Staging::create(&target, &[], MARKER_TEXT).unwrap();
        first.write("same.html", b"same").unwrap();
        first.write("changed.html", b"old").unwrap();
        first.commit().unwrap();
        let inode = |name: &str| std::fs::metadata(target.join(name)).unwrap().ino();
        let (same, changed) = (inode("same.html"), inode("changed.html"));
        let mut second = Staging::create(&target, &[], MARKER_TEXT).unwrap();
        second.write_reusing("same.html", b"same").unwrap();
        second.write_reusing("changed.html", b"new").unwrap();
        second.write_reusing("added.html", b"added").unwrap();
        assert!(second.write_reusing("same.html", b"same").is_err());
        second.commit().unwrap();
        assert_eq!(inode("same.html"), same, "linked");
        assert_ne!(inode("changed.html"), changed, "written");
        assert_eq!(std::fs::read(target.join("changed.html")).unwrap(), b"new");
        assert_eq!(std::fs::read(target.join("added.html")).unwrap(), b"added");
        assert_eq!(
            std::fs::metadata(target.join("same.html")).unwrap().nlink(),
            1
        );
        assert_eq!(listing(dir.path()), ["site"]);
    }

    #[test]
    fn the_same_file_twice_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Staging::create(&dir.path().join("site"), &[], MARKER_TEXT).unwrap();
        s.write("a/b.svg", b"1").unwrap();
        let err = s.write("a/./b.svg", b"2").unwrap_err().to_string();
        assert_eq!(err, "two files of the site would be written at 'a/./b.svg'");
        assert_eq!(std::fs::read(s.dir.join("a/b.svg")).unwrap(), b"1");
    }

    #[test]
    fn foreign_or_source_folders_are_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::write(root.join("docs/page.html"), "mine").unwrap();
        let err = Staging::create(&root.join("docs"), &[], MARKER_TEXT)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("was not written by rlbook"), "{err}");
        let content = root.join("content");
        let err = Staging::create(root, &[&content], MARKER_TEXT)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("choose another output path"), "{err}");
        std::fs::write(root.join("file"), "x").unwrap();
        assert!(Staging::create(&root.join("file"), &[], MARKER_TEXT).is_err());
        std::fs::create_dir_all(root.join("empty")).unwrap();
        assert!(Staging::create(&root.join("empty"), &[], MARKER_TEXT).is_ok());
        assert_eq!(std::fs::read(root.join("docs/page.html")).unwrap(), b"mine");
    }

    #[test]
    fn a_relative_output_is_compared_with_the_sources_as_an_absolute_path() {
        let cwd = std::env::current_dir().unwrap();
        let sources = cwd.join("rlbook-unit-test-out/content");
        let result = Staging::create(Path::new("rlbook-unit-test-out"), &[&sources], MARKER_TEXT);
        let _ = std::fs::remove_dir_all(cwd.join("rlbook-unit-test-out"));
        let err = result.err().unwrap().to_string();
        assert!(err.contains("choose another output path"), "{err}");
    }

    #[test]
    fn leftover_old_sites_are_cleaned_up() {
        let dir = tempfile::tempdir().unwrap();
        let leftover = dir.path().join(".site.rlbook-old-1-0");
        std::fs::create_dir_all(&leftover).unwrap();
        let s = Staging::create(&dir.path().join("site"), &[], MARKER_TEXT).unwrap();
        assert!(!leftover.exists());
        drop(s);
        assert!(listing(dir.path()).is_empty());
    }
}
