//! The Typst world the book is compiled in: everything in memory. Sources (the main
//! document, the template, the math prelude, one file per formula) and binary files (the
//! figures, the rlab grammar) are handed in by path; the fonts are the ones typst-assets
//! embeds (Libertinus Serif, New Computer Modern and its math font, DejaVu Sans Mono),
//! parsed once per process. No packages, no file system, no network, no clock.

use std::collections::HashMap;
use std::sync::OnceLock;
use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

/// The embedded fonts and their book, parsed on first use.
fn fonts() -> &'static (Vec<Font>, LazyHash<FontBook>) {
    static FONTS: OnceLock<(Vec<Font>, LazyHash<FontBook>)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let fonts: Vec<Font> = typst_assets::fonts()
            .flat_map(|data| Font::iter(Bytes::new(data)))
            .collect();
        let book = LazyHash::new(FontBook::from_fonts(&fonts));
        (fonts, book)
    })
}

/// Typst's standard library with its default features.
fn library() -> &'static LazyHash<Library> {
    static LIBRARY: OnceLock<LazyHash<Library>> = OnceLock::new();
    LIBRARY.get_or_init(|| LazyHash::new(Library::builder().build()))
}

/// The id of a file of the project at `path` (absolute, `/`-separated, no `..`).
pub(crate) fn file_id(path: &str) -> anyhow::Result<FileId> {
    let vpath = VirtualPath::new(path)
        .map_err(|e| anyhow::anyhow!("invalid virtual path '{path}': {e}"))?;
    Ok(RootedPath::new(VirtualRoot::Project, vpath).intern())
}

/// The path a file id was made from (for messages).
pub(crate) fn path_of(id: FileId) -> String {
    id.vpath().get_with_slash().to_string()
}

/// An in-memory world: its sources and files by id, and which source is the main one.
pub(crate) struct BookWorld {
    main: FileId,
    sources: HashMap<FileId, Source>,
    files: HashMap<FileId, Bytes>,
}

impl BookWorld {
    /// A world whose main source is `main`.
    pub(crate) fn new(main: &str, text: String) -> anyhow::Result<BookWorld> {
        let id = file_id(main)?;
        let mut world = BookWorld {
            main: id,
            sources: HashMap::new(),
            files: HashMap::new(),
        };
        world.sources.insert(id, Source::new(id, text));
        Ok(world)
    }

    /// Add (or replace) a source file.
    pub(crate) fn set_source(&mut self, path: &str, text: String) -> anyhow::Result<()> {
        let id = file_id(path)?;
        self.sources.insert(id, Source::new(id, text));
        Ok(())
    }

    /// Add (or replace) a binary file.
    pub(crate) fn set_file(&mut self, path: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        let id = file_id(path)?;
        self.files.insert(id, Bytes::new(bytes));
        Ok(())
    }
}

impl World for BookWorld {
    fn library(&self) -> &LazyHash<Library> {
        library()
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &fonts().1
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        self.sources
            .get(&id)
            .cloned()
            .ok_or_else(|| FileError::NotFound(path_of(id).into()))
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if let Some(bytes) = self.files.get(&id) {
            return Ok(bytes.clone());
        }
        self.sources
            .get(&id)
            .map(|source| Bytes::from_string(source.text().to_string()))
            .ok_or_else(|| FileError::NotFound(path_of(id).into()))
    }

    fn font(&self, index: usize) -> Option<Font> {
        fonts().0.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}
