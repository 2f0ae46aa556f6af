//! The formats beside HTML, made from the same runs after the same drift check: the lessons
//! become [`MarkdownPage`]s once, which are the Markdown book itself and what the EPUB and
//! PDF writers read. Each output is published whole or not at all (a folder swapped in, a
//! file renamed over the old one) and is known by a key of its format, its settings and the
//! keys of every page, so an unchanged book neither renders nor compiles it again. An EPUB or
//! PDF that lives in the HTML folder is handed to the site instead, which links it from its
//! index.

use super::Pass;
use crate::atomic::write_atomic;
use crate::book::Book;
use crate::cache::digest::{Digest, KeyHasher};
use crate::cache::{Cache, CacheFile, inputs};
use crate::config::Format;
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::LessonRun;
use crate::render::markdown::{self, MarkdownPage};
use crate::render::site::{SiteFiles, SiteStamp};
use anyhow::{Context as _, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A file the HTML site carries for another format (the EPUB, the PDF).
#[derive(Clone, Debug)]
pub(crate) struct Download {
    pub format: Format,
    /// Relative to the HTML folder.
    pub path: String,
    pub bytes: Vec<u8>,
}

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

/// What the cache remembers of every output.
#[derive(Default, Serialize, Deserialize)]
struct Held {
    entries: Vec<(Format, Digest, Stamp)>,
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

/// What making the formats needs.
pub(super) struct Inputs<'a> {
    pub book: &'a Book,
    pub runs: &'a [LessonRun],
    pub xrefs: &'a crate::xref::Xrefs,
    pub keys: &'a [Digest],
    pub strict: bool,
    pub cache: &'a Cache,
}

/// Make and publish every format of the book but HTML; returns the files the HTML site
/// carries. Problems and what was written go to `pass`.
pub(super) fn publish(inputs: &Inputs, pass: &mut Pass) -> Vec<Download> {
    let book = inputs.book;
    if book
        .config
        .outputs
        .formats
        .iter()
        .all(|&f| f == Format::Html)
    {
        return Vec::new();
    }
    let mut held: Held = inputs.cache.load(&CacheFile::outputs()).unwrap_or_default();
    let mut pages: Memo = None;
    let mut downloads = Vec::new();
    for &format in &book.config.outputs.formats {
        if format == Format::Html {
            continue;
        }
        let key = key_of(inputs, format);
        let place = place_of(book, format);
        let result = match format {
            Format::Markdown => markdown_folder(inputs, &key, &mut held, &mut pages, pass),
            _ => single_file(inputs, format, &key, &mut held, &mut pages, pass),
        };
        match result {
            Ok((written, download)) => {
                pass.outputs.push(written);
                downloads.extend(download);
            }
            Err(e) => {
                for d in Diagnostic::of_error(Kind::Output, &e) {
                    let named = d.file.is_some();
                    pass.diagnostics
                        .push(if named { d } else { d.in_file(place.clone()) });
                }
            }
        }
    }
    inputs.cache.store(&CacheFile::outputs(), &held);
    downloads
}

/// Where `format` goes, as the book shows it.
fn place_of(book: &Book, format: Format) -> String {
    let outputs = &book.config.outputs;
    let path = match format {
        Format::Html => &book.config.paths.output,
        Format::Markdown => &outputs.markdown_dir,
        Format::Epub => &outputs.epub_file,
        Format::Pdf => &outputs.pdf_file,
    };
    book.config.display_path(path)
}

/// The key of `format` for the book whose pages have `keys`.
fn key_of(inputs: &Inputs, format: Format) -> Digest {
    let mut h = KeyHasher::new("output");
    h.str(format.name()).bool(inputs.strict);
    inputs::config(&mut h, &inputs.book.config);
    h.u64(inputs.keys.len() as u64);
    for key in inputs.keys {
        h.digest(key);
    }
    h.finish()
}

/// The Markdown pages once made, and whether they had warnings.
type Memo = Option<(Vec<MarkdownPage>, bool)>;

/// The Markdown pages, made on first use; their warnings join the pass's (unless the HTML
/// pages, which report the same ones, are made too). Under `--strict` a warning stops every
/// format.
fn pages<'p>(inputs: &Inputs, memo: &'p mut Memo, pass: &mut Pass) -> Result<&'p [MarkdownPage]> {
    let (made, warned) = memo.get_or_insert_with(|| {
        let html = inputs.book.config.outputs.formats.contains(&Format::Html);
        let empty = LessonRun::default();
        let mut warned = false;
        let mut made = Vec::with_capacity(inputs.book.lessons.len());
        for (i, lesson) in inputs.book.lessons.iter().enumerate() {
            let run = inputs.runs.get(i).unwrap_or(&empty);
            let draw = rlab::plot::svg::draw;
            let (page, warnings) =
                markdown::render_page(inputs.book, inputs.xrefs, lesson, run, draw);
            warned |= !warnings.is_empty();
            for w in warnings.into_iter().filter(|_| !html) {
                pass.diagnostics
                    .push(if inputs.strict { w.into_error() } else { w });
            }
            made.push(page);
        }
        (made, warned)
    });
    if inputs.strict && *warned {
        anyhow::bail!("not written: under --strict the lessons' warnings are errors");
    }
    Ok(made)
}

fn entry(held: &Held, format: Format, key: &Digest) -> Option<Stamp> {
    (held.entries.iter())
        .find(|(f, k, _)| *f == format && k == key)
        .map(|(_, _, stamp)| stamp.clone())
}

fn remember(held: &mut Held, format: Format, key: Digest, stamp: Stamp) {
    held.entries.retain(|(f, _, _)| *f != format);
    held.entries.push((format, key, stamp));
}

/// The Markdown book folder.
fn markdown_folder(
    inputs: &Inputs,
    key: &Digest,
    held: &mut Held,
    pages_memo: &mut Memo,
    pass: &mut Pass,
) -> Result<(Written, Option<Download>)> {
    let book = inputs.book;
    let dir = &book.config.outputs.markdown_dir;
    let place = book.config.display_path(dir);
    if let Some(Stamp::Folder(stamp)) = entry(held, Format::Markdown, key)
        && stamp.is_at(dir)
    {
        let bytes = stamp.bytes();
        let written = Written {
            format: Format::Markdown,
            place,
            bytes,
            unchanged: true,
            detail: None,
        };
        return Ok((written, None));
    }
    let files = markdown_files(pages(inputs, pages_memo, pass)?, dir)?;
    let stamp = crate::render::site::write_files(book, &files, dir)?;
    let bytes = stamp.bytes();
    remember(held, Format::Markdown, *key, Stamp::Folder(stamp));
    let written = Written {
        format: Format::Markdown,
        place,
        bytes,
        unchanged: false,
        detail: None,
    };
    Ok((written, None))
}

/// Every file of the Markdown book; a hand-written `README.md` of the folder is kept.
fn markdown_files(pages: &[MarkdownPage], dir: &Path) -> Result<SiteFiles> {
    let mut files = SiteFiles::default();
    for page in pages {
        files.add(&format!("{}.md", page.slug), page.text.as_str())?;
        for fig in &page.figures {
            files.add(&fig.path, fig.svg.as_str())?;
        }
        for script in &page.scripts {
            let path = format!("scripts/{}/{}.md", page.slug, script.name);
            files.add(&path, script.text.as_str())?;
            for fig in &script.figures {
                files.add(&fig.path, fig.svg.as_str())?;
            }
        }
    }
    if let Ok(readme) = std::fs::read_to_string(dir.join("README.md"))
        && !markdown::is_generated(&readme)
        && !files.contains("README.md")
    {
        files.add("README.md", readme)?;
    }
    Ok(files)
}

/// The EPUB or the PDF: one file, in the HTML folder (then handed to the site) or anywhere.
fn single_file(
    inputs: &Inputs,
    format: Format,
    key: &Digest,
    held: &mut Held,
    pages_memo: &mut Memo,
    pass: &mut Pass,
) -> Result<(Written, Option<Download>)> {
    let config = &inputs.book.config;
    let path = match format {
        Format::Epub => config.outputs.epub_file.clone(),
        _ => config.outputs.pdf_file.clone(),
    };
    let place = config.display_path(&path);
    let in_site = site_path(inputs.book, &path);
    let kept = entry(held, format, key).and_then(|stamp| read_if(&path, &stamp));
    let unchanged = kept.is_some();
    let (bytes, detail) = match kept {
        Some(kept) => kept,
        None => make(inputs, format, pages(inputs, pages_memo, pass)?, pass)?,
    };
    let stamp = Stamp::File {
        len: bytes.len() as u64,
        digest: Digest::of(&bytes),
        detail: detail.clone(),
    };
    let written = Written {
        format,
        place,
        bytes: bytes.len() as u64,
        unchanged,
        detail,
    };
    let download = match in_site {
        Some(rel) => Some(Download {
            format,
            path: rel,
            bytes,
        }),
        None => {
            if !unchanged {
                write_file(&path, &bytes)?;
            }
            None
        }
    };
    remember(held, format, *key, stamp);
    Ok((written, download))
}

/// The path of `file` inside the HTML folder, when HTML is built and holds it.
fn site_path(book: &Book, file: &Path) -> Option<String> {
    if !book.config.outputs.formats.contains(&Format::Html) {
        return None;
    }
    let rel = file.strip_prefix(&book.config.paths.output).ok()?;
    let rel = rel.to_str()?.replace('\\', "/");
    (!rel.is_empty()).then_some(rel)
}

/// The bytes of the file at `path` (and what the summary says of it) when it is the one
/// `stamp` describes.
fn read_if(path: &Path, stamp: &Stamp) -> Option<(Vec<u8>, Option<String>)> {
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
    same.then(|| (bytes, detail.clone()))
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    let parent: PathBuf = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if !parent.as_os_str().is_empty() {
        std::fs::create_dir_all(&parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    write_atomic(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Make the EPUB or PDF of `pages`, with what the summary says of it.
fn make(
    inputs: &Inputs,
    format: Format,
    pages: &[MarkdownPage],
    pass: &mut Pass,
) -> Result<(Vec<u8>, Option<String>)> {
    match format {
        Format::Epub => {
            let mut math = crate::render::math::MathCache::load(inputs.cache);
            math.extend(crate::render::epub::formulas(pages));
            Ok((
                crate::render::epub::write_epub(inputs.book, pages, &math)?,
                None,
            ))
        }
        _ => pdf(inputs, pages, pass),
    }
}

#[cfg(feature = "pdf")]
fn pdf(
    inputs: &Inputs,
    pages: &[MarkdownPage],
    pass: &mut Pass,
) -> Result<(Vec<u8>, Option<String>)> {
    let out = crate::render::pdf::write_pdf(inputs.book, pages)?;
    let failed = out.warnings.len();
    for w in out.warnings {
        pass.diagnostics
            .push(if inputs.strict { w.into_error() } else { w });
    }
    if inputs.strict && failed > 0 {
        anyhow::bail!("not written: {failed} problem(s) above, errors under --strict");
    }
    let detail = format!(
        "{} of {} formulas as math",
        out.formulas_converted, out.formulas
    );
    Ok((out.bytes, Some(detail)))
}

#[cfg(not(feature = "pdf"))]
fn pdf(_: &Inputs, _: &[MarkdownPage], _: &mut Pass) -> Result<(Vec<u8>, Option<String>)> {
    anyhow::bail!(NO_PDF)
}

/// What `--format pdf` says on a build without PDF support.
#[cfg(not(feature = "pdf"))]
pub(crate) const NO_PDF: &str = "this rlbook was built without PDF support; \
     reinstall it with `cargo install rlbook --features pdf` (or build with `--features pdf`)";
