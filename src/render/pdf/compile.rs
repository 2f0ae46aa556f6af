//! Compiling the book with Typst, so that a bad formula never fails the book: formulas
//! whose converted source does not even parse are shown as TeX before the first
//! compilation; then, while the compilation fails, the errors are traced to the formula
//! files they point into (the error's own place or any call on its trace), those formulas
//! are shown as TeX, and the book is compiled again (Typst's memoisation makes the later
//! rounds cheap). An error in no formula's file is a bug of the converter or the template:
//! it fails the PDF with Typst's messages.

use super::math::Formula;
use super::world::{BookWorld, path_of};
use anyhow::{Result, bail};
use std::collections::BTreeMap;
use typst::diag::SourceDiagnostic;
use typst::syntax::FileId;
use typst_layout::PagedDocument;

/// More rounds than this means something other than formulas is wrong.
const MAX_ROUNDS: usize = 64;

/// Show as TeX every formula whose Typst source has a syntax error.
pub(crate) fn drop_unparsable(formulas: &mut [Formula]) -> Vec<usize> {
    let mut dropped = Vec::new();
    for (i, formula) in formulas.iter_mut().enumerate() {
        if formula.typst.is_none() {
            continue;
        }
        let (errors, _) = typst::syntax::parse(&formula.source()).errors_and_warnings();
        if let Some(first) = errors.first() {
            formula.give_up(format!("Typst: {}", first.message));
            dropped.push(i);
        }
    }
    dropped
}

/// Compile `world` (whose formula files are `formulas`), replacing the formulas that fail.
pub(crate) fn compile(world: &mut BookWorld, formulas: &mut [Formula]) -> Result<PagedDocument> {
    for _ in 0..MAX_ROUNDS {
        let errors = match typst::compile::<PagedDocument>(&*world).output {
            Ok(document) => return Ok(document),
            Err(errors) => errors,
        };
        let culprits = culprits(&errors);
        if culprits.is_empty() {
            bail!("Typst could not compile the book: {}", describe(&errors));
        }
        for (index, message) in culprits {
            let Some(formula) = formulas.get_mut(index) else {
                bail!("Typst error in an unknown formula file: {message}");
            };
            formula.give_up(format!("Typst: {message}"));
            world.set_source(&Formula::path(index), formula.source())?;
        }
    }
    bail!("Typst could not compile the book after {MAX_ROUNDS} rounds of removing formulas")
}

/// The formulas the errors point into, with the first message for each.
fn culprits(errors: &[SourceDiagnostic]) -> BTreeMap<usize, String> {
    let mut found = BTreeMap::new();
    for error in errors {
        let places = std::iter::once(error.span.id())
            .chain(error.trace.iter().map(|point| point.span.id()))
            .chain(error.hints.iter().map(|hint| hint.span.id()));
        if let Some(index) = places.flatten().find_map(formula_index) {
            found
                .entry(index)
                .or_insert_with(|| error.message.to_string());
        }
    }
    found
}

/// The formula whose file `id` is (`/math/<n>.typ`).
fn formula_index(id: FileId) -> Option<usize> {
    path_of(id)
        .strip_prefix("/math/")?
        .strip_suffix(".typ")?
        .parse()
        .ok()
}

/// The errors as one line each: file and message.
pub(crate) fn describe(errors: &[SourceDiagnostic]) -> String {
    errors
        .iter()
        .map(|e| match e.span.id() {
            Some(id) => format!("{}: {}", path_of(id), e.message),
            None => e.message.to_string(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}
