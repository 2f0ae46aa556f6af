//! The formats written as one file: the EPUB (always available) and the PDF (the Typst
//! compiler, behind the cargo feature `pdf`; without it, asking for a PDF is an error that
//! says how to get one).

use super::{File, Inputs, Made, Output, Pass, Target};
use crate::atomic::write_atomic;
use crate::config::{Config, Format};
use crate::render::markdown::MarkdownPage;
use crate::render::math::{Formula, MathCache, collect_formulas};
use anyhow::{Context as _, Result};
use std::collections::HashSet;
use std::path::Path;

/// `[output.epub]`.
pub(super) struct Epub;

impl Output for Epub {
    fn format(&self) -> Format {
        Format::Epub
    }

    fn target<'c>(&self, config: &'c Config) -> Target<'c> {
        Target::File(&config.outputs.epub_file)
    }

    fn make(&self, inputs: &Inputs, pages: &[MarkdownPage], _: &mut Pass) -> Result<Made> {
        let mut math = MathCache::load(inputs.cache);
        let formulas = crate::render::epub::formulas(pages);
        if math.extend(formulas.iter().cloned()) > 0 {
            // Kept with the HTML pages' formulas, so that the next EPUB starts no KaTeX.
            let html = collect_formulas(inputs.book, inputs.runs, &inputs.tables.glossary);
            let live: HashSet<Formula> = html.into_iter().chain(formulas).collect();
            math.store(inputs.cache, |f| live.contains(f));
        }
        let bytes = crate::render::epub::write_epub(inputs.book, pages, &math)?;
        Ok(Made::File(File {
            bytes,
            detail: None,
        }))
    }
}

/// `[output.pdf]`.
pub(super) struct Pdf;

impl Output for Pdf {
    fn format(&self) -> Format {
        Format::Pdf
    }

    fn target<'c>(&self, config: &'c Config) -> Target<'c> {
        Target::File(&config.outputs.pdf_file)
    }

    fn make(&self, inputs: &Inputs, pages: &[MarkdownPage], pass: &mut Pass) -> Result<Made> {
        pdf(inputs, pages, pass).map(Made::File)
    }
}

#[cfg(feature = "pdf")]
fn pdf(inputs: &Inputs, pages: &[MarkdownPage], pass: &mut Pass) -> Result<File> {
    let out = crate::render::pdf::write_pdf(inputs.book, pages, inputs.tables.glossary.index())?;
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
    Ok(File {
        bytes: out.bytes,
        detail: Some(detail),
    })
}

#[cfg(not(feature = "pdf"))]
fn pdf(_: &Inputs, _: &[MarkdownPage], _: &mut Pass) -> Result<File> {
    anyhow::bail!(NO_PDF)
}

/// What `--format pdf` says on a build without PDF support.
#[cfg(not(feature = "pdf"))]
const NO_PDF: &str = "this rlbook was built without PDF support (`--no-default-features`); \
     reinstall it with its default features: `cargo install rlbook` (or build with `--features pdf`)";

/// Write `bytes` at `path` atomically, creating its folder.
pub(super) fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    write_atomic(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}
