//! Which file events matter to the book: its inputs (the configuration, lesson sources and
//! scripts, templates and theme, the record), not editor temporary files, hidden files or the
//! generated site. Knows paths only; the pipeline's keys decide what to redo.

use crate::config::Config;
use std::path::{Path, PathBuf};

/// Whether inputs of the book changed since the last pass (a batch of events held some that
/// matter), or "look at everything" (the first pass, lost events). Which paths changed is not
/// kept: the pipeline's keys decide what to redo.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Changes {
    pub everything: bool,
    /// Some input that matters changed.
    pub inputs: bool,
}

impl Changes {
    /// Everything, as for the first build.
    pub(crate) fn everything() -> Changes {
        Changes {
            everything: true,
            ..Changes::default()
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        !self.everything && !self.inputs
    }

    /// Add the changes of `other` (a later batch) to these.
    pub(crate) fn merge(&mut self, other: Changes) {
        self.everything |= other.everything;
        self.inputs |= other.inputs;
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
    /// The files `book.toml` names besides folders: bibliographies, a `.csl` style, the
    /// glossary.
    pub named: Vec<PathBuf>,
    /// The generated site (the book's `site/`).
    pub ignored: Vec<PathBuf>,
}

impl BookDirs {
    /// The folders named by the book's configuration (the defaults when `book.toml` cannot
    /// be read); the configured output is ignored.
    pub(crate) fn of(root: &Path) -> BookDirs {
        let config = Config::load(root).or_else(|_| Config::parse(root, "", "book.toml"));
        let named = (config.as_ref().ok()).map_or_else(Vec::new, |c| {
            let mut files = c.bibliography.files.clone();
            if let crate::config::CslStyle::File(style) = &c.bibliography.style {
                files.push(style.clone());
            }
            files.extend(c.glossary.clone());
            files
        });
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
            named,
            ignored: vec![pick(|p| &p.output, "site")],
        }
    }

    /// Whether a change to `path` matters: `book.toml` and the files it names, templates,
    /// theme, the record, lesson sources and scripts; not editor temporaries, hidden files
    /// or the generated site.
    pub(crate) fn matters(&self, path: &Path) -> bool {
        let Some(name) = path.file_name().map(|n| n.to_string_lossy()) else {
            return false;
        };
        if is_editor_temp(&name) || self.ignored.iter().any(|d| path.starts_with(d)) {
            return false;
        }
        let Ok(below_root) = path.strip_prefix(&self.root) else {
            return false;
        };
        let hidden =
            (below_root.components()).any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
        !hidden
            && (path == self.root.join("book.toml")
                || self.named.iter().any(|f| f == path)
                || [&self.templates, &self.theme, &self.record]
                    .iter()
                    .any(|dir| path.starts_with(dir))
                || self.is_source(path))
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

    /// What one batch of changed paths means: whether any of them matters.
    pub(crate) fn changes<'a>(&self, paths: impl IntoIterator<Item = &'a Path>) -> Changes {
        Changes {
            everything: false,
            inputs: paths.into_iter().any(|p| self.matters(p)),
        }
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
            named: vec![root.join("refs/works.bib")],
            ignored: vec![root.join("site"), PathBuf::from("/tmp/serve")],
            root,
        }
    }

    fn matters(path: &str) -> bool {
        dirs().matters(Path::new(path))
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
    fn every_input_of_the_book_matters() {
        for path in [
            "/book/book.toml",
            "/book/refs/works.bib",
            "/book/templates/lesson.html",
            "/book/theme/fonts/x.woff2",
            "/book/expected/12-a.txt",
            "/book/content/12-a.md",
            "/book/content/12-a/demo.rlab",
            "/book/content/12-a",
        ] {
            assert!(matters(path), "{path}");
        }
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
            assert!(!matters(path), "{path}");
        }
    }

    #[test]
    fn a_lessons_folder_at_the_root_counts_for_its_own_files_only() {
        let mut d = dirs();
        d.lessons = d.root.clone();
        d.scripts = d.root.join("lessons");
        assert!(d.matters(Path::new("/book/01-a.md")));
        assert!(!d.matters(Path::new("/book/notes/x.md")));
        assert!(d.matters(Path::new("/book/lessons/01-a/x.rlab")));
    }

    #[test]
    fn batches_merge() {
        let d = dirs();
        let paths = [
            Path::new("/book/content/a/x.rlab"),
            Path::new("/book/theme/style.css"),
            Path::new("/book/content/.x.swp"),
        ];
        let c = d.changes(paths);
        assert!(c.inputs && !c.everything);
        assert!(d.changes(paths[..2].iter().copied()).inputs);
        assert!(d.changes([paths[2]]).is_empty(), "an editor's swap file");
        let mut all = Changes::default();
        assert!(all.is_empty());
        all.merge(c);
        assert!(!all.is_empty() && !all.everything);
        all.merge(Changes::everything());
        assert!(all.everything && all.inputs);
    }

    #[test]
    fn folders_come_from_book_toml_or_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let d = BookDirs::of(root);
        assert_eq!(d.lessons, root.join("content"));
        assert_eq!(d.ignored, [root.join("site")]);
        std::fs::write(
            root.join("book.toml"),
            "[paths]\nlessons = \"notebooks\"\nscripts = \"lessons\"\n",
        )
        .unwrap();
        let d = BookDirs::of(root);
        assert_eq!(d.lessons, root.join("notebooks"));
        assert_eq!(d.scripts, root.join("lessons"));
        std::fs::write(root.join("book.toml"), "[paths\n").unwrap();
        assert_eq!(BookDirs::of(root).lessons, root.join("content"));
    }

    #[test]
    fn the_files_book_toml_names_are_watched() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let toml = "[book]\nbibliography = [\"refs.bib\"]\ncsl = \"my.csl\"\nglossary = \"terms/glossary.toml\"\n";
        std::fs::write(root.join("book.toml"), toml).unwrap();
        let d = BookDirs::of(root);
        let named = ["refs.bib", "my.csl", "terms/glossary.toml"].map(|f| root.join(f));
        assert_eq!(d.named, named);
        assert!(d.matters(&root.join("terms/glossary.toml")));
    }
}
