//! A book's bibliography files loaded into one library: BibTeX/BibLaTeX (`.bib`) through
//! hayagriva's biblatex reader, hayagriva's own YAML (`.yaml`, `.yml`), merged in the order
//! the book lists them. Every entry remembers where it is defined (file and line of its key),
//! so that a duplicate key, a malformed file or an entry of the wrong type is an error at its
//! place, with the line and a caret, like any other error of the book.
//!
//! Neither reader says where an entry starts, so the keys' lines come from a scan of the
//! text of our own ([`bib_keys`], [`yaml_keys`]): `@type{key,` at the start of a line (spaces
//! and line breaks allowed around the brace) and a top-level `key:` at column 0.

use crate::diagnostic::{Diagnostic, Kind};
use hayagriva::io::BibLaTeXError;
use hayagriva::{Entry, Library};
use std::collections::HashMap;
use std::fmt;

/// Where an entry is defined: the file as the book shows it and the 1-based line of its key
/// (0 when the scan did not find it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) file: String,
    pub(crate) line: u32,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => f.write_str(&self.file),
            line => write!(f, "{}:{line}", self.file),
        }
    }
}

/// The merged library of a book's bibliography files, with each key's origin.
#[derive(Debug, Default)]
pub(crate) struct Bibliography {
    library: Library,
    origins: HashMap<String, Origin>,
    keys: Vec<String>,
}

impl Bibliography {
    /// Loads `files`, each `(name as the book shows it, text)`, into one bibliography; every
    /// error of every file, or the bibliography.
    pub(crate) fn load(files: &[(String, String)]) -> Result<Bibliography, Vec<Diagnostic>> {
        let mut bibliography = Bibliography::default();
        let mut errors = Vec::new();
        for (file, text) in files {
            match load_file(file, text) {
                Ok((library, keys)) => bibliography.merge(file, text, library, &keys, &mut errors),
                Err(mut found) => errors.append(&mut found),
            }
        }
        if errors.is_empty() {
            Ok(bibliography)
        } else {
            Err(errors)
        }
    }

    /// The entry of `key`.
    pub(crate) fn get(&self, key: &str) -> Option<&Entry> {
        self.library.get(key)
    }

    pub(crate) fn contains(&self, key: &str) -> bool {
        self.origins.contains_key(key)
    }

    /// Where `key` is defined.
    pub(crate) fn origin(&self, key: &str) -> Option<&Origin> {
        self.origins.get(key)
    }

    /// Every key, in the order of the files and of the entries in each (for "did you mean":
    /// `crate::diagnostic::suggest::closest(bibliography.keys(), wanted)`).
    pub(crate) fn keys(&self) -> &[String] {
        &self.keys
    }

    /// Adds the entries of one file; a key already defined is an error at its second place.
    fn merge(
        &mut self,
        file: &str,
        text: &str,
        library: Library,
        keys: &[KeyAt],
        errors: &mut Vec<Diagnostic>,
    ) {
        let places: HashMap<&str, &KeyAt> = keys.iter().map(|k| (k.key.as_str(), k)).collect();
        for entry in library.iter() {
            let at = places.get(entry.key()).copied();
            let origin = Origin {
                file: file.to_string(),
                line: at.map_or(0, |k| k.line),
            };
            if let Some(first) = self.origins.get(entry.key()) {
                errors.push(duplicate(entry.key(), first, &origin, text, at));
                continue;
            }
            self.origins.insert(entry.key().to_string(), origin);
            self.keys.push(entry.key().to_string());
            self.library.push(entry);
        }
    }
}

/// A key found by the scan: where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct KeyAt {
    pub(super) key: String,
    /// Byte offset of the key.
    pub(super) at: usize,
    /// 1-based line of the entry (of its `@` in a `.bib`).
    pub(super) line: u32,
}

/// The two formats, by the file's extension.
#[derive(Clone, Copy)]
enum Format {
    Bib,
    Yaml,
}

/// One file's library and its keys' places, or its errors.
fn load_file(file: &str, text: &str) -> Result<(Library, Vec<KeyAt>), Vec<Diagnostic>> {
    let extension = file.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let format = match extension.as_deref() {
        Some("bib") => Format::Bib,
        Some("yaml" | "yml") => Format::Yaml,
        _ => {
            let message = "unknown bibliography format: a `.bib` BibTeX/BibLaTeX file or a \
                           `.yaml`/`.yml` hayagriva file";
            return Err(vec![Diagnostic::error(Kind::Config, message).in_file(file)]);
        }
    };
    let keys = match format {
        Format::Bib => bib_keys(text),
        Format::Yaml => yaml_keys(text),
    };
    if let Some(d) = duplicate_in_file(file, text, &keys) {
        return Err(vec![d]);
    }
    let library = match format {
        Format::Bib => hayagriva::io::from_biblatex_str(text).map_err(|errors| {
            (errors.iter())
                .map(|e| bib_error(file, text, &keys, e))
                .collect::<Vec<_>>()
        }),
        Format::Yaml => hayagriva::io::from_yaml_str(text).map_err(|e| {
            let place = e.location().map(|l| (l.line(), l.column()));
            vec![yaml_error(file, text, &e.to_string(), place)]
        }),
    };
    Ok((library?, keys))
}

/// A YAML error (serde_yaml's text, without its "at line … column …") at its place.
fn yaml_error(file: &str, text: &str, error: &str, place: Option<(usize, usize)>) -> Diagnostic {
    let detail = error.split(" at line ").next().unwrap_or(error);
    let d = Diagnostic::error(
        Kind::Config,
        format!("malformed YAML bibliography: {detail}"),
    );
    let d = d.in_file(file);
    match place {
        Some((line, column)) => {
            let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
            d.at(line as u32, column as u32).with_excerpt(line_text, 1)
        }
        None => d,
    }
}

/// A biblatex error at its byte span, naming the entry it is in.
fn bib_error(file: &str, text: &str, keys: &[KeyAt], error: &BibLaTeXError) -> Diagnostic {
    let (span, message) = match error {
        BibLaTeXError::Parse(e) => (e.span.clone(), format!("malformed BibTeX: {}", e.kind)),
        BibLaTeXError::Type(e) => {
            let entry = keys.iter().rev().find(|k| k.at <= e.span.start);
            let entry = entry.map_or(String::new(), |k| format!(" of entry `{}`", k.key));
            (
                e.span.clone(),
                format!("malformed BibTeX field{entry}: {}", e.kind),
            )
        }
    };
    let start = text.floor_char_boundary(span.start);
    let end = text.floor_char_boundary(span.end.max(start));
    let width = text[start..end]
        .lines()
        .next()
        .map_or(1, |l| l.chars().count().max(1));
    located(file, text, start, width, message)
}

/// An error of `file` at byte `at` of its text, with the line and a caret `width` wide.
fn located(file: &str, text: &str, at: usize, width: usize, message: String) -> Diagnostic {
    let (line, column) = crate::diagnostic::line_col(text, text.floor_char_boundary(at));
    let line_text = text.lines().nth(line as usize - 1).unwrap_or("");
    Diagnostic::error(Kind::Config, message)
        .in_file(file)
        .at(line, column)
        .with_excerpt(line_text, width)
}

/// A key written twice in one file: an error at the second.
fn duplicate_in_file(file: &str, text: &str, keys: &[KeyAt]) -> Option<Diagnostic> {
    let mut seen: HashMap<&str, &KeyAt> = HashMap::new();
    for key in keys {
        if let Some(first) = seen.insert(&key.key, key) {
            let origin = |k: &KeyAt| Origin {
                file: file.to_string(),
                line: k.line,
            };
            return Some(duplicate(
                &key.key,
                &origin(first),
                &origin(key),
                text,
                Some(key),
            ));
        }
    }
    None
}

/// "duplicate bibliography key `k`: defined at a.bib:3 and again at b.yaml:7", at the second.
fn duplicate(
    key: &str,
    first: &Origin,
    again: &Origin,
    text: &str,
    at: Option<&KeyAt>,
) -> Diagnostic {
    let message =
        format!("duplicate bibliography key `{key}`: defined at {first} and again at {again}");
    match at {
        Some(k) => located(&again.file, text, k.at, key.chars().count(), message),
        None => Diagnostic::error(Kind::Config, message).in_file(again.file.clone()),
    }
}

/// The keys of a `.bib` file: `@type{key,` (or `@type(key,`) whose `@` starts a line, spaces
/// and line breaks allowed around the brace; `@string`, `@preamble` and `@comment` are not
/// entries.
pub(super) fn bib_keys(text: &str) -> Vec<KeyAt> {
    let mut keys = Vec::new();
    let mut line_start = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let indent = line.len() - line.trim_start().len();
        if line.trim_start().starts_with('@')
            && let Some((key, at)) = bib_key_after(text, line_start + indent + 1)
        {
            keys.push(KeyAt {
                key,
                at,
                line: n as u32 + 1,
            });
        }
        line_start += line.len();
    }
    keys
}

/// The key of the entry whose type starts at byte `from` (just after the `@`), and its offset.
fn bib_key_after(text: &str, from: usize) -> Option<(String, usize)> {
    let rest = text.get(from..)?;
    let kind_len = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    let kind = rest[..kind_len].to_ascii_lowercase();
    if kind.is_empty() || ["string", "preamble", "comment"].contains(&kind.as_str()) {
        return None;
    }
    let after_kind = rest[kind_len..].trim_start();
    let body = after_kind.strip_prefix(['{', '('])?;
    let key_text = body.trim_start();
    let key_len = key_text
        .find(|c: char| c == ',' || c == '}' || c == ')' || c.is_whitespace())
        .unwrap_or(key_text.len());
    let at = text.len() - key_text.len();
    (key_len > 0).then(|| (key_text[..key_len].to_string(), at))
}

/// The top-level keys of a YAML file: `key:` (or `"key":`, `'key':`) at column 0.
pub(super) fn yaml_keys(text: &str) -> Vec<KeyAt> {
    let mut keys = Vec::new();
    let mut line_start = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if let Some((key, offset)) = yaml_key(line.trim_end_matches(['\n', '\r'])) {
            keys.push(KeyAt {
                key,
                at: line_start + offset,
                line: n as u32 + 1,
            });
        }
        line_start += line.len();
    }
    keys
}

/// The key a top-level YAML line defines, and its offset in the line.
fn yaml_key(line: &str) -> Option<(String, usize)> {
    let first = line.chars().next()?;
    if first.is_whitespace() || "#-?%.|>[{&*!".contains(first) {
        return None;
    }
    if first == '"' || first == '\'' {
        let close = line[1..].find(first)? + 1;
        let after = line[close + 1..].trim_start();
        return after
            .starts_with(':')
            .then(|| (line[1..close].to_string(), 1));
    }
    let colon = line
        .match_indices(':')
        .map(|(i, _)| i)
        .find(|&i| line[i + 1..].is_empty() || line[i + 1..].starts_with([' ', '\t']))?;
    let key = line[..colon].trim_end();
    (!key.is_empty()).then(|| (key.to_string(), 0))
}
