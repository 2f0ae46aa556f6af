//! What a batch of file events means for the book: which of its inputs changed (the
//! configuration, lesson sources and scripts, templates and theme, the record), with editor
//! temporary files, hidden files and the generated sites left out. Knows paths only; the
//! rebuild decides what to redo.

use crate::config::Config;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The inputs of a rebuild that changed since the last one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Changes {
    /// `book.toml` changed (or nothing was built yet): rebuild everything.
    pub full: bool,
    /// A lesson or script file (or a folder of them) changed: reload the book.
    pub sources: bool,
    /// File names of the `.rlab` files that changed, for lessons that `run` them.
    pub rlab_files: BTreeSet<String>,
    /// A template or theme file changed: write the site again.
    pub site: bool,
    /// A record file changed: compare the outputs with it again.
    pub record: bool,
}

impl Changes {
    /// Everything, as for the first build.
    pub(crate) fn everything() -> Changes {
        Changes {
            full: true,
            sources: true,
            site: true,
            record: true,
            ..Changes::default()
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        *self == Changes::default()
    }

    /// Add the changes of `other` (a later batch) to these.
    pub(crate) fn merge(&mut self, other: Changes) {
        self.full |= other.full;
        self.sources |= other.sources;
        self.site |= other.site;
        self.record |= other.record;
        self.rlab_files.extend(other.rlab_files);
    }
}

/// The folders of a book whose files matter, and the folders whose files never do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BookDirs {
    pub root: PathBuf,
    pub lessons: PathBuf,
    pub scripts: PathBuf,
    pub templates: PathBuf,
    pub theme: PathBuf,
    pub record: PathBuf,
    /// Generated sites (the book's `site/`, serve's own output).
    pub ignored: Vec<PathBuf>,
}

impl BookDirs {
    /// The folders named by the book's configuration (the defaults when `book.toml` cannot
    /// be read), with `serve_output` ignored besides the configured output.
    pub(crate) fn of(root: &Path, serve_output: &Path) -> BookDirs {
        let config = Config::load(root).or_else(|_| Config::parse(root, "", "book.toml"));
        let paths = config.map(|c| c.paths).ok();
        let pick = |get: fn(&crate::config::Paths) -> &PathBuf, default: &str| {
            paths
                .as_ref()
                .map_or_else(|| root.join(default), |p| get(p).clone())
        };
        BookDirs {
            root: root.to_path_buf(),
            lessons: pick(|p| &p.lessons, "content"),
            scripts: pick(|p| &p.scripts, "content"),
            templates: pick(|p| &p.templates, "templates"),
            theme: pick(|p| &p.theme, "theme"),
            record: pick(|p| &p.record, "expected"),
            ignored: vec![pick(|p| &p.output, "site"), serve_output.to_path_buf()],
        }
    }

    /// What a change to `path` means, or `None` when it does not matter.
    pub(crate) fn classify(&self, path: &Path) -> Option<Changes> {
        let name = path.file_name()?.to_string_lossy();
        if is_editor_temp(&name) || self.ignored.iter().any(|d| path.starts_with(d)) {
            return None;
        }
        let below_root = path.strip_prefix(&self.root).ok()?;
        if below_root
            .components()
            .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
        {
            return None;
        }
        let mut changes = Changes::default();
        if path == self.root.join("book.toml") {
            changes.full = true;
        } else if path.starts_with(&self.templates) || path.starts_with(&self.theme) {
            changes.site = true;
        } else if path.starts_with(&self.record) {
            changes.record = true;
        } else if self.is_source(path) {
            changes.sources = true;
            if path.extension().is_some_and(|e| e == "rlab") {
                changes.rlab_files.insert(name.to_string());
            }
        } else {
            return None;
        }
        Some(changes)
    }

    /// Lesson files, script files, and folders that may hold them. A lessons or scripts
    /// folder that is the book root itself only counts for its own files.
    fn is_source(&self, path: &Path) -> bool {
        [&self.lessons, &self.scripts].into_iter().any(|dir| {
            if *dir == self.root {
                path.parent() == Some(dir.as_path())
                    && path.extension().is_some_and(|e| e == "md" || e == "rlab")
            } else {
                path.starts_with(dir) || dir.starts_with(path)
            }
        })
    }

    /// Everything the events of one batch mean.
    pub(crate) fn classify_all<'a>(&self, paths: impl IntoIterator<Item = &'a Path>) -> Changes {
        let mut changes = Changes::default();
        for path in paths {
            if let Some(c) = self.classify(path) {
                changes.merge(c);
            }
        }
        changes
    }
}

/// Files editors write beside the one being saved: vim's swap files, backups and its
/// `4913` probe, Emacs lock and autosave files, JetBrains and GNOME save temporaries,
/// Kate swap files, and generic `.tmp` files.
pub(crate) fn is_editor_temp(name: &str) -> bool {
    const SUFFIXES: &[&str] = &[
        "~",
        ".swp",
        ".swo",
        ".swx",
        ".swn",
        ".tmp",
        ".bak",
        ".kate-swp",
        "___jb_tmp___",
        "___jb_old___",
    ];
    name == "4913"
        || name.starts_with(".#")
        || name.starts_with(".goutputstream-")
        || (name.starts_with('#') && name.ends_with('#'))
        || SUFFIXES.iter().any(|s| name.ends_with(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs() -> BookDirs {
        let root = PathBuf::from("/book");
        BookDirs {
            lessons: root.join("content"),
            scripts: root.join("content"),
            templates: root.join("templates"),
            theme: root.join("theme"),
            record: root.join("expected"),
            ignored: vec![root.join("site"), PathBuf::from("/tmp/serve")],
            root,
        }
    }

    fn classify(path: &str) -> Option<Changes> {
        dirs().classify(Path::new(path))
    }

    #[test]
    fn editor_temporaries_are_recognised() {
        for name in [
            "4913",
            ".12-a.md.swp",
            ".12-a.md.swx",
            "12-a.md~",
            ".#12-a.md",
            "#12-a.md#",
            "12-a.md.tmp",
            "x.md___jb_tmp___",
            ".goutputstream-ABC12",
            "12-a.md.kate-swp",
        ] {
            assert!(is_editor_temp(name), "{name}");
        }
        for name in ["12-a.md", "style.css", "4914", "demo.rlab", "#note.md"] {
            assert!(!is_editor_temp(name), "{name}");
        }
    }

    #[test]
    fn each_folder_means_its_own_kind_of_change() {
        assert!(classify("/book/book.toml").is_some_and(|c| c.full));
        assert!(classify("/book/templates/lesson.html").is_some_and(|c| c.site));
        assert!(classify("/book/theme/fonts/x.woff2").is_some_and(|c| c.site));
        assert!(classify("/book/expected/12-a.txt").is_some_and(|c| c.record));
        let lesson = classify("/book/content/12-a.md").unwrap();
        assert!(lesson.sources && lesson.rlab_files.is_empty());
        let script = classify("/book/content/12-a/demo.rlab").unwrap();
        assert!(script.sources);
        assert_eq!(
            script.rlab_files.into_iter().collect::<Vec<_>>(),
            ["demo.rlab"]
        );
        assert!(classify("/book/content/12-a").is_some_and(|c| c.sources));
    }

    #[test]
    fn temporaries_hidden_files_sites_and_strangers_do_not_matter() {
        for path in [
            "/book/content/.12-a.md.swp",
            "/book/content/4913",
            "/book/content/12-a.md~",
            "/book/.git/index",
            "/book/content/.hidden/x.md",
            "/book/site/12-a.html",
            "/tmp/serve/site/index.html",
            "/book/README.md",
            "/book/Cargo.toml",
            "/elsewhere/content/12-a.md",
        ] {
            assert_eq!(classify(path), None, "{path}");
        }
    }

    #[test]
    fn a_lessons_folder_at_the_root_counts_for_its_own_files_only() {
        let mut d = dirs();
        d.lessons = d.root.clone();
        d.scripts = d.root.join("lessons");
        assert!(d.classify(Path::new("/book/01-a.md")).is_some());
        assert!(d.classify(Path::new("/book/notes/x.md")).is_none());
        assert!(d.classify(Path::new("/book/lessons/01-a/x.rlab")).is_some());
    }

    #[test]
    fn batches_merge() {
        let d = dirs();
        let paths = [
            Path::new("/book/content/a/x.rlab"),
            Path::new("/book/theme/style.css"),
            Path::new("/book/content/.x.swp"),
        ];
        let c = d.classify_all(paths);
        assert!(c.sources && c.site && !c.full && !c.record);
        let mut all = Changes::default();
        assert!(all.is_empty());
        all.merge(c);
        all.merge(Changes::everything());
        assert!(all.full && all.record && all.rlab_files.contains("x.rlab"));
    }

    #[test]
    fn folders_come_from_book_toml_or_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let serve_out = root.join("out");
        let d = BookDirs::of(root, &serve_out);
        assert_eq!(d.lessons, root.join("content"));
        assert_eq!(d.ignored, [root.join("site"), serve_out.clone()]);
        std::fs::write(
            root.join("book.toml"),
            "[paths]\nlessons = \"notebooks\"\nscripts = \"lessons\"\n",
        )
        .unwrap();
        let d = BookDirs::of(root, &serve_out);
        assert_eq!(d.lessons, root.join("notebooks"));
        assert_eq!(d.scripts, root.join("lessons"));
        std::fs::write(root.join("book.toml"), "[paths\n").unwrap();
        assert_eq!(BookDirs::of(root, &serve_out).lessons, root.join("content"));
    }
}
