//! The formats beside HTML, made from the same runs after the same drift check. Each is one
//! [`Output`]: where it is written ([`Target`]), its key (by default the one key of the
//! book's pages, [`inputs::of_pages`], under the format's name) and how it is made from the
//! lessons' [`MarkdownPage`]s, which are made once per pass and shared. [`output`] names the
//! implementation of every format, the HTML site included (it has none: the render and
//! publish stages make it).
//!
//! Each output is published whole or not at all (a folder swapped in, a file renamed over
//! the old one) and is not made again while its key stands: `build` finds it on disk by the
//! stamp the cache remembers; `serve` ([`Publishing::Serve`]) makes only the files the site
//! carries (an EPUB or PDF in the HTML folder, linked from its index as downloads), in
//! memory, from the file the last build wrote when its key still stands, and writes nothing;
//! it makes them only when they are asked for ([`super::deferred`]).

mod book;
mod file;

use super::Pass;
use crate::book::Book;
use crate::cache::digest::Digest;
use crate::cache::{Cache, CacheFile, inputs};
use crate::config::{Config, Format};
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::LessonRun;
use crate::render::markdown::{self, MarkdownPage};
use crate::render::site::{SiteFiles, SiteStamp};
use anyhow::Result;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub(crate) use crate::render::site::Download;

/// One output written (or found up to date) by a pass.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Written {
    pub format: Format,
    /// As the book shows it (`book`, `site/x.pdf`).
    pub place: String,
    pub bytes: u64,
    pub unchanged: bool,
    /// What else the summary says of it (`864 of 864 formulas as math`).
    pub detail: Option<String>,
}

/// Where an output is written.
#[derive(Clone, Copy, Debug)]
pub(super) enum Target<'c> {
    /// A whole folder of files.
    Folder(&'c Path),
    /// One file.
    File(&'c Path),
}

impl Target<'_> {
    fn path(&self) -> &Path {
        match self {
            Target::Folder(path) | Target::File(path) => path,
        }
    }
}

/// What making an output gave.
pub(super) enum Made {
    Folder(SiteFiles),
    File(File),
}

/// One file's bytes and what the summary says of it.
#[derive(Clone, Debug)]
pub(super) struct File {
    pub bytes: Vec<u8>,
    pub detail: Option<String>,
}

/// A format beside the HTML site.
pub(super) trait Output: Sync {
    fn format(&self) -> Format;

    /// Where it is written.
    fn target<'c>(&self, config: &'c Config) -> Target<'c>;

    /// Its key: the book's pages and settings, and strictness.
    fn key(&self, inputs: &Inputs) -> Digest {
        let name = self.format().name();
        inputs::of_pages(name, &inputs.book.config, inputs.strict, inputs.keys).finish()
    }

    /// Make it from the lessons' Markdown pages; its warnings go to `pass`.
    fn make(&self, inputs: &Inputs, pages: &[MarkdownPage], pass: &mut Pass) -> Result<Made>;
}

/// The implementation of `format`; `None` for the HTML site, which the render and publish
/// stages make from the HTML pages (carrying the other formats' downloads).
pub(super) fn output(format: Format) -> Option<&'static dyn Output> {
    match format {
        Format::Html => None,
        Format::Markdown => Some(&book::MarkdownBook),
        Format::Epub => Some(&file::Epub),
        Format::Pdf => Some(&file::Pdf),
    }
}

/// What making the formats needs.
pub(super) struct Inputs<'a> {
    pub book: &'a Book,
    pub runs: &'a [LessonRun],
    pub tables: &'a crate::render::Tables,
    pub keys: &'a [Digest],
    pub strict: bool,
    pub cache: &'a Cache,
}

/// How a pass publishes the formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Publishing {
    /// `build`: every format, written where it goes and remembered in the cache.
    Write,
    /// `serve`: only the files the site carries, made in memory (or read from the build that
    /// wrote them), remembered between passes; nothing is written.
    Serve,
}

/// The files a warm engine made in earlier passes, by format and key.
#[derive(Default)]
pub(super) struct Memory {
    files: Vec<(Format, Digest, File)>,
}

impl Memory {
    fn get(&self, format: Format, key: &Digest) -> Option<File> {
        (self.files.iter())
            .find(|(f, k, _)| *f == format && k == key)
            .map(|(_, _, file)| file.clone())
    }

    fn keep(&mut self, format: Format, key: Digest, file: &File) {
        self.files.retain(|(f, _, _)| *f != format);
        self.files.push((format, key, file.clone()));
    }
}

/// What the cache remembers of every output written.
#[derive(Default, Serialize, Deserialize)]
struct Held {
    entries: Vec<(Format, Digest, Stamp)>,
}

impl Held {
    fn entry(&self, format: Format, key: &Digest) -> Option<&Stamp> {
        (self.entries.iter())
            .find(|(f, k, _)| *f == format && k == key)
            .map(|(_, _, stamp)| stamp)
    }

    fn remember(&mut self, format: Format, key: Digest, stamp: Stamp) {
        self.entries.retain(|(f, _, _)| *f != format);
        self.entries.push((format, key, stamp));
    }
}

/// How to recognise a written output on disk.
#[derive(Clone, Serialize, Deserialize)]
enum Stamp {
    Folder(SiteStamp),
    File {
        len: u64,
        digest: Digest,
        detail: Option<String>,
    },
}

/// Make and publish the formats of the book but HTML (as `mode` says); returns the files
/// the HTML site carries. Problems and what was written go to `pass`.
pub(super) fn publish(
    inputs: &Inputs,
    memory: &mut Memory,
    mode: Publishing,
    pass: &mut Pass,
) -> Vec<Download> {
    let config = &inputs.book.config;
    let outputs: Vec<&dyn Output> = (config.outputs.formats.iter())
        .filter_map(|&format| output(format))
        .filter(|o| mode == Publishing::Write || site_path(inputs.book, *o).is_some())
        .collect();
    if outputs.is_empty() {
        return Vec::new();
    }
    let mut publisher = Publisher {
        inputs,
        held: inputs.cache.load(&CacheFile::outputs()).unwrap_or_default(),
        pages: None,
        memory,
        mode,
    };
    let mut downloads = Vec::new();
    for o in outputs {
        match publisher.publish(o, pass) {
            Ok((written, download)) => {
                if mode == Publishing::Write {
                    pass.outputs.push(written);
                }
                downloads.extend(download);
            }
            Err(e) => {
                let place = config.display_path(o.target(config).path());
                for d in Diagnostic::of_error(Kind::Output, &e) {
                    let named = d.file.is_some();
                    pass.diagnostics
                        .push(if named { d } else { d.in_file(place.clone()) });
                }
            }
        }
    }
    if mode == Publishing::Write {
        inputs.cache.store(&CacheFile::outputs(), &publisher.held);
    }
    downloads
}

/// The paths inside the HTML folder of the files the site carries for other formats.
pub(super) fn site_paths(book: &Book) -> Vec<String> {
    (book.config.outputs.formats.iter())
        .filter_map(|&format| output(format))
        .filter_map(|o| site_path(book, o))
        .collect()
}

/// The path of `o`'s file inside the HTML folder, when HTML is built and holds it.
fn site_path(book: &Book, o: &dyn Output) -> Option<String> {
    let config = &book.config;
    let Target::File(file) = o.target(config) else {
        return None;
    };
    if !config.outputs.formats.contains(&Format::Html) {
        return None;
    }
    let rel = file.strip_prefix(&config.paths.output).ok()?;
    let rel = rel.to_str()?.replace('\\', "/");
    (!rel.is_empty()).then_some(rel)
}

/// One pass's publishing: what it reads and remembers.
struct Publisher<'a, 'm> {
    inputs: &'a Inputs<'a>,
    held: Held,
    /// The Markdown pages once made, and whether they had warnings.
    pages: Option<(Vec<MarkdownPage>, bool)>,
    memory: &'m mut Memory,
    mode: Publishing,
}

impl Publisher<'_, '_> {
    /// Publish `o`, or find it up to date; the download the site carries for it, if any.
    fn publish(&mut self, o: &dyn Output, pass: &mut Pass) -> Result<(Written, Option<Download>)> {
        let config = &self.inputs.book.config;
        let key = o.key(self.inputs);
        let target = o.target(config);
        let place = config.display_path(target.path());
        let written = |bytes, unchanged, detail| Written {
            format: o.format(),
            place,
            bytes,
            unchanged,
            detail,
        };
        match target {
            Target::Folder(dir) => {
                let (stamp, unchanged) = self.folder(o, &key, dir, pass)?;
                Ok((written(stamp.bytes(), unchanged, None), None))
            }
            Target::File(path) => {
                let (file, unchanged) = self.file(o, &key, path, pass)?;
                let bytes = file.bytes.len() as u64;
                let download = match site_path(self.inputs.book, o) {
                    Some(rel) => Some(Download {
                        format: o.format(),
                        path: rel,
                        bytes: file.bytes,
                    }),
                    None if !unchanged => {
                        file::write_file(path, &file.bytes)?;
                        None
                    }
                    None => None,
                };
                Ok((written(bytes, unchanged, file.detail), download))
            }
        }
    }

    /// A folder output: its stamp, and whether it was already there.
    fn folder(
        &mut self,
        o: &dyn Output,
        key: &Digest,
        dir: &Path,
        pass: &mut Pass,
    ) -> Result<(SiteStamp, bool)> {
        if let Some(Stamp::Folder(stamp)) = self.held.entry(o.format(), key)
            && stamp.is_at(dir)
        {
            return Ok((stamp.clone(), true));
        }
        let Made::Folder(files) = self.make(o, pass)? else {
            anyhow::bail!("{} is a folder, but one file was made", o.format().name());
        };
        let stamp = crate::render::site::write_files(self.inputs.book, &files, dir)?;
        self.held
            .remember(o.format(), *key, Stamp::Folder(stamp.clone()));
        Ok((stamp, false))
    }

    /// A file output: its bytes, and whether they were already made (in memory or on disk).
    fn file(
        &mut self,
        o: &dyn Output,
        key: &Digest,
        path: &Path,
        pass: &mut Pass,
    ) -> Result<(File, bool)> {
        let format = o.format();
        let in_memory = (self.mode == Publishing::Serve)
            .then(|| self.memory.get(format, key))
            .flatten();
        let on_disk = || self.held.entry(format, key).and_then(|s| read_if(path, s));
        let kept = in_memory.or_else(on_disk);
        let unchanged = kept.is_some();
        let file = match kept {
            Some(file) => file,
            None => match self.make(o, pass)? {
                Made::File(file) => file,
                Made::Folder(_) => {
                    anyhow::bail!("{} is one file, but a folder was made", format.name())
                }
            },
        };
        if self.mode == Publishing::Serve {
            self.memory.keep(format, *key, &file);
        } else {
            let stamp = Stamp::File {
                len: file.bytes.len() as u64,
                digest: Digest::of(&file.bytes),
                detail: file.detail.clone(),
            };
            self.held.remember(format, *key, stamp);
        }
        Ok((file, unchanged))
    }

    /// Make `o` from the Markdown pages (made on first use).
    fn make(&mut self, o: &dyn Output, pass: &mut Pass) -> Result<Made> {
        let pages = pages(self.inputs, &mut self.pages, pass)?;
        o.make(self.inputs, pages, pass)
    }
}

/// The Markdown pages (the lessons', then the back matter's), made on first use; their warnings join the pass's (unless the HTML
/// pages, which report the same ones, are made too). Under `--strict` a warning stops every
/// format.
fn pages<'p>(
    inputs: &Inputs,
    memo: &'p mut Option<(Vec<MarkdownPage>, bool)>,
    pass: &mut Pass,
) -> Result<&'p [MarkdownPage]> {
    let (made, warned) = memo.get_or_insert_with(|| {
        let html = inputs.book.config.outputs.formats.contains(&Format::Html);
        let empty = LessonRun::default();
        let mut warned = false;
        let mut made = Vec::with_capacity(inputs.book.lessons.len());
        for (i, lesson) in inputs.book.lessons.iter().enumerate() {
            let run = inputs.runs.get(i).unwrap_or(&empty);
            let draw = rlab::plot::svg::draw;
            let (page, warnings) =
                markdown::render_page(inputs.book, inputs.tables, lesson, run, draw);
            warned |= !warnings.is_empty();
            for w in warnings.into_iter().filter(|_| !html) {
                pass.diagnostics
                    .push(if inputs.strict { w.into_error() } else { w });
            }
            made.push(page);
        }
        made.extend(crate::render::matter::markdown::pages(
            inputs.book,
            inputs.tables,
        ));
        (made, warned)
    });
    if inputs.strict && *warned {
        anyhow::bail!("not written: under --strict the lessons' warnings are errors");
    }
    Ok(made)
}

/// The file at `path` when it is the one `stamp` describes.
fn read_if(path: &Path, stamp: &Stamp) -> Option<File> {
    let Stamp::File {
        len,
        digest,
        detail,
    } = stamp
    else {
        return None;
    };
    let bytes = std::fs::read(path).ok()?;
    let same = bytes.len() as u64 == *len && Digest::of(&bytes) == *digest;
    same.then(|| File {
        bytes,
        detail: detail.clone(),
    })
}
