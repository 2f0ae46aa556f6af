//! The glossary file (`[book] glossary`, docs/glossary.md): TOML, one `[[term]]` table per
//! term with a `name`, a `definition` (Markdown) and optional `aliases`. Every problem is an
//! error located in the file, with its line and a caret: malformed TOML or an unknown key at
//! the place toml names, a missing or empty name or definition at the term, and a name or
//! alias two terms share (case and whitespace aside) at its second place, naming both.
//!
//! A broken term is left out and the others kept, so that one mistake is reported once.

use super::Term;
use super::names::{fold, unique_ids};
use crate::diagnostic::{Diagnostic, Kind};
use serde::Deserialize;
use std::collections::HashMap;
use std::ops::Range;
use toml::Spanned;

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    term: Vec<Spanned<RawTerm>>,
}

/// One `[[term]]` as written, every value with its place.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerm {
    name: Option<Spanned<String>>,
    definition: Option<Spanned<String>>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
}

/// A term that has what it needs, its names still with their places.
struct Written {
    name: Spanned<String>,
    definition: String,
    aliases: Vec<Spanned<String>>,
}

/// The terms of glossary file `file` (as the book shows it) whose text is `text`, in the
/// file's order, and the file's problems.
pub(super) fn load(file: &str, text: &str) -> (Vec<Term>, Vec<Diagnostic>) {
    let raw: RawFile = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => return (Vec::new(), vec![malformed(file, text, &e)]),
    };
    let mut problems = Vec::new();
    let mut written = Vec::new();
    for term in raw.term {
        match check(file, text, term) {
            Ok(w) => written.push(w),
            Err(mut found) => problems.append(&mut found),
        }
    }
    let kept = without_duplicates(file, text, written, &mut problems);
    let ids = unique_ids(kept.iter().map(|w| w.name.get_ref().as_str()));
    let terms = (kept.into_iter().zip(ids))
        .map(|(w, id)| Term {
            id,
            name: w.name.into_inner(),
            definition: w.definition,
            aliases: w.aliases.into_iter().map(Spanned::into_inner).collect(),
        })
        .collect();
    (terms, problems)
}

/// A toml error (syntax, an unknown key, a value of the wrong type) at its place.
fn malformed(file: &str, text: &str, e: &toml::de::Error) -> Diagnostic {
    let detail = (e.message())
        .replace("unknown field", "unknown key")
        .replace('`', "'");
    let message = format!("malformed glossary file: {detail}");
    match e.span() {
        Some(span) => located(file, text, span, message),
        None => Diagnostic::error(Kind::Config, message).in_file(file),
    }
}

/// An error of `file` at `span` of its text, with the line and a caret under the span (or
/// under its first line).
fn located(file: &str, text: &str, span: Range<usize>, message: String) -> Diagnostic {
    let start = text.floor_char_boundary(span.start);
    let end = text.floor_char_boundary(span.end.max(start));
    let (line, column) = crate::diagnostic::line_col(text, start);
    let line_text = text.lines().nth(line as usize - 1).unwrap_or("");
    let width = (text[start..end].lines().next()).map_or(1, |l| l.chars().count().max(1));
    Diagnostic::error(Kind::Config, message)
        .in_file(file)
        .at(line, column)
        .with_excerpt(line_text, width)
}

/// The term with its name and definition trimmed, or an error for each thing it lacks.
fn check(file: &str, text: &str, term: Spanned<RawTerm>) -> Result<Written, Vec<Diagnostic>> {
    let at = term.span();
    let RawTerm {
        name,
        definition,
        aliases,
    } = term.into_inner();
    let label = match name.as_ref().map(|n| n.get_ref().trim()) {
        Some(n) if !n.is_empty() => format!("glossary term '{n}'"),
        _ => "a glossary term".to_string(),
    };
    let mut problems = Vec::new();
    let mut required = |value: Option<Spanned<String>>, what: &str| match value {
        None => {
            let message = format!("{label} has no {what}");
            problems.push(located(file, text, at.clone(), message));
            None
        }
        Some(v) if v.get_ref().trim().is_empty() => {
            let message = format!("{label} has an empty {what}");
            problems.push(located(file, text, v.span(), message));
            None
        }
        Some(v) => Some(trimmed(v)),
    };
    let name = required(name, "name");
    let definition = required(definition, "definition");
    for alias in aliases.iter().filter(|a| a.get_ref().trim().is_empty()) {
        let message = format!("{label} has an empty alias");
        problems.push(located(file, text, alias.span(), message));
    }
    match (name, definition) {
        (Some(name), Some(definition)) if problems.is_empty() => Ok(Written {
            name,
            definition: definition.into_inner(),
            aliases: aliases.into_iter().map(trimmed).collect(),
        }),
        _ => Err(problems),
    }
}

/// `value` without its surrounding whitespace, at the same place.
fn trimmed(value: Spanned<String>) -> Spanned<String> {
    let span = value.span();
    Spanned::new(span, value.into_inner().trim().to_string())
}

/// The terms with no name or alias of an earlier term. A term whose name is taken is left
/// out; an alias that is taken is left out of its term. Either is an error at the second
/// place, naming both; a term repeating its own name in its aliases is no error.
fn without_duplicates(
    file: &str,
    text: &str,
    written: Vec<Written>,
    problems: &mut Vec<Diagnostic>,
) -> Vec<Written> {
    // Each folded name and alias: the term it belongs to and where it is written.
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    let mut kept: Vec<Written> = Vec::new();
    let line = |at: usize| crate::diagnostic::line_col(text, at).0;
    let mut clash = |word: &Spanned<String>, own: usize, seen: &HashMap<_, (usize, usize)>| {
        let &(term, first) = seen.get(&fold(word.get_ref()))?;
        if term != own {
            let message = format!(
                "duplicate glossary term '{}': defined at {file}:{} and again at {file}:{}",
                word.get_ref(),
                line(first),
                line(word.span().start),
            );
            problems.push(located(file, text, word.span(), message));
        }
        Some(())
    };
    for mut term in written {
        let own = kept.len();
        if clash(&term.name, own, &seen).is_some() {
            continue;
        }
        seen.insert(fold(term.name.get_ref()), (own, term.name.span().start));
        let mut aliases = Vec::new();
        for alias in std::mem::take(&mut term.aliases) {
            if clash(&alias, own, &seen).is_none() {
                seen.insert(fold(alias.get_ref()), (own, alias.span().start));
                aliases.push(alias);
            }
        }
        term.aliases = aliases;
        kept.push(term);
    }
    kept
}

#[cfg(test)]
mod tests;
