//! The served site: a snapshot of every file of the output directory, read into memory after
//! each write, so that requests never see a half-written site and can only ever be answered
//! with files that were written there. Comparing two snapshots tells which files changed.

use anyhow::Result;
use axum::body::Bytes;
use std::collections::BTreeMap;
use std::path::Path;

/// The files of one written site, by `/`-separated path relative to its root.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct SiteFiles {
    files: BTreeMap<String, Bytes>,
}

impl SiteFiles {
    /// Read every file under `dir`, except hidden ones (the site marker, leftovers).
    pub(crate) fn load(dir: &Path) -> Result<SiteFiles> {
        let files = crate::render::site::read_visible_tree(dir)?
            .into_iter()
            .map(|(path, bytes)| (path, Bytes::from(bytes)))
            .collect();
        Ok(SiteFiles { files })
    }

    /// The bytes of the file at `key`.
    pub(crate) fn get(&self, key: &str) -> Option<&Bytes> {
        self.files.get(key)
    }

    /// Files added, changed or removed since `old`, in path order.
    pub(crate) fn changed_since(&self, old: &SiteFiles) -> Vec<String> {
        let mut changed: Vec<String> = self
            .files
            .iter()
            .filter(|(k, v)| old.files.get(*k) != Some(*v))
            .map(|(k, _)| k.clone())
            .collect();
        changed.extend(
            old.files
                .keys()
                .filter(|k| !self.files.contains_key(*k))
                .cloned(),
        );
        changed.sort();
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn loads_visible_files_by_relative_path() {
        let dir = site(&[
            ("index.html", "i"),
            ("figures/a/b.svg", "<svg/>"),
            (".rlbook-site", "marker"),
            (".hidden/x.html", "no"),
        ]);
        let files = SiteFiles::load(dir.path()).unwrap();
        assert_eq!(files.get("index.html").map(|b| &b[..]), Some(&b"i"[..]));
        assert!(files.get("figures/a/b.svg").is_some());
        assert!(files.get(".rlbook-site").is_none());
        assert!(files.get(".hidden/x.html").is_none());
    }

    #[test]
    fn changes_are_additions_edits_and_removals() {
        let old = SiteFiles::load(site(&[("a.html", "1"), ("b.html", "2"), ("c.svg", "3")]).path())
            .unwrap();
        let new =
            SiteFiles::load(site(&[("a.html", "1"), ("b.html", "two"), ("d.css", "4")]).path())
                .unwrap();
        assert_eq!(new.changed_since(&old), ["b.html", "c.svg", "d.css"]);
        assert!(new.changed_since(&new).is_empty());
    }

    #[test]
    fn a_missing_directory_is_an_error() {
        let err = SiteFiles::load(Path::new("/nonexistent/rlbook/site")).unwrap_err();
        assert!(format!("{err:#}").contains("cannot list"), "{err:#}");
    }
}
