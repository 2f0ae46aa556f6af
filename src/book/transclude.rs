//! File embeds (transclusion), as rustlab-notebook has them: a line `![[_setup]]` is replaced
//! by the body of `_setup.md`, `![[doc#Heading]]` by the section under that heading (its
//! subsections too), and `![[doc#^block-id]]` by the paragraph or list item that ends with
//! the marker `^block-id`. The embedded text becomes part of the lesson before anything else
//! reads it, so its code blocks run in the lesson's session and its prose, math and
//! directives render as the lesson's own. Embeds nest up to four levels; each level demotes
//! the embedded headings by one. `![[figure.png]]` (any extension but `.md`) is an image.
//!
//! A target is looked for in the embedding file's folder, then in the lessons folder, each
//! time by exact name and then by name without regard to case; it must lie inside the book.
//! `^block-id` markers are removed from every line that ends with one. An embed that cannot
//! be made (no such file, heading or block, a cycle, too deep) is a load error at the embed.
//! The lines of the result keep their [`Origins`], so messages name the embedded file.

mod select;
#[cfg(test)]
mod tests;

use super::origins::{Origin, Origins};
use crate::config::Config;
use crate::diagnostic::{Diagnostic, Kind};
use anyhow::Result;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// How deep embeds may nest.
const MAX_DEPTH: usize = 4;

/// A lesson's text with its embeds made, and where each of its lines comes from.
pub struct Expanded {
    pub text: String,
    pub origins: Origins,
}

/// The text of the lesson at `path` (named `display` in messages) with its embeds made.
pub fn expand(config: &Config, path: &Path, display: &str, source: &str) -> Result<Expanded> {
    if !source.contains("![[") && !source.lines().any(|l| select::block_marker(l).is_some()) {
        return Ok(Expanded {
            text: source.to_string(),
            origins: Origins::default(),
        });
    }
    let root = std::fs::canonicalize(&config.root).unwrap_or_else(|_| config.root.clone());
    let mut expander = Expander {
        config,
        root,
        displays: vec![display.to_string()],
        paths: vec![canonical(path)],
        stack: vec![canonical(path)],
        text: String::with_capacity(source.len()),
        lines: Vec::new(),
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    expander.emit(&Part {
        file: 0,
        dir,
        text: source,
        first_line: 1,
        depth: 0,
        embedded_at: None,
    })?;
    let Expander {
        displays,
        text,
        lines,
        ..
    } = expander;
    Ok(Expanded {
        text,
        origins: Origins::new(displays[1..].to_vec(), lines),
    })
}

/// What an embed names: a note (a Markdown file, maybe one part of it) or an image.
#[derive(Debug, PartialEq)]
enum Target<'a> {
    Note { name: &'a str, piece: Piece<'a> },
    Image { src: &'a str, alt: &'a str },
}

/// The part of a note an embed takes.
#[derive(Debug, PartialEq)]
enum Piece<'a> {
    Whole,
    Heading(&'a str),
    Block(&'a str),
}

/// Text being copied into the lesson: its file (index into the displays), the folder embeds
/// in it are looked for from, its first line's number there, how deep it is embedded, and
/// the lesson's line that embeds it (none for the lesson's own text).
struct Part<'a> {
    file: usize,
    dir: &'a Path,
    text: &'a str,
    first_line: u32,
    depth: usize,
    embedded_at: Option<u32>,
}

struct Expander<'a> {
    config: &'a Config,
    root: PathBuf,
    /// The files' names in messages: the lesson's, then each embedded file's.
    displays: Vec<String>,
    paths: Vec<PathBuf>,
    /// The files being embedded, outermost first (for cycles).
    stack: Vec<PathBuf>,
    text: String,
    lines: Vec<Origin>,
}

impl Expander<'_> {
    /// Copy `part` into the text, making its embeds.
    fn emit(&mut self, part: &Part) -> Result<()> {
        let mut fence: Option<(char, usize)> = None;
        for (i, raw) in part.text.split_inclusive('\n').enumerate() {
            let line_no = part.first_line + i as u32;
            let body = raw.trim_end_matches(['\n', '\r']);
            let ending = &raw[body.len()..];
            if let Some(open) = fence {
                if select::closes(body, open) {
                    fence = None;
                }
                self.push(part, line_no, body, 0, ending);
                continue;
            }
            if let Some(open) = select::fence_opening(body) {
                fence = Some(open);
                self.push(part, line_no, body, 0, ending);
                continue;
            }
            self.prose_line(part, line_no, body, ending)?;
        }
        Ok(())
    }

    /// A line outside code: a whole-line embed, or a line with its inline embeds made, its
    /// heading demoted and its block marker removed.
    fn prose_line(&mut self, part: &Part, line_no: u32, body: &str, ending: &str) -> Result<()> {
        let embeds = find_embeds(body);
        if let [(range, Target::Note { name, piece })] = embeds.as_slice()
            && body.trim() == &body[range.clone()]
        {
            let at = Place::new(part.file, line_no, body, range.clone());
            return self.embed_note(part, &at, name, piece);
        }
        let mut line = String::with_capacity(body.len());
        let mut last = 0;
        for (range, target) in &embeds {
            line.push_str(&body[last..range.start]);
            let at = Place::new(part.file, line_no, body, range.clone());
            line.push_str(&self.inline_embed(part, &at, target)?);
            last = range.end;
        }
        line.push_str(&body[last..]);
        let end = select::block_marker(&line).unwrap_or(line.len());
        line.truncate(end);
        let added = select::demote_by(&line, part.depth);
        let line = format!("{}{line}", "#".repeat(added));
        self.push(part, line_no, &line, added, ending);
        Ok(())
    }

    /// The text an embed inside a sentence stands for: an image, or one block's text.
    fn inline_embed(&mut self, part: &Part, at: &Place, target: &Target) -> Result<String> {
        match target {
            Target::Image { src, alt } => Ok(format!("![{alt}]({src})")),
            Target::Note {
                name,
                piece: Piece::Block(id),
            } => {
                let (_, text) = self.read_note(part, at, name)?;
                let (block, _) = select::block(&text, id)
                    .ok_or_else(|| at.error(self, format!("no block '^{id}' in '{name}'")))?;
                Ok(select::inline_text(&block))
            }
            Target::Note { .. } => Err(at
                .error(
                    self,
                    "an embed of a whole note or a section must be alone on its line".into(),
                )
                .into()),
        }
    }

    /// Copy the part of note `name` an embed alone on its line names.
    fn embed_note(&mut self, part: &Part, at: &Place, name: &str, piece: &Piece) -> Result<()> {
        if part.depth + 1 > MAX_DEPTH {
            let message = format!("embeds nest deeper than {MAX_DEPTH} levels");
            return Err(at.error(self, message).into());
        }
        let (path, text) = self.read_note(part, at, name)?;
        let file = self.file_index(&path);
        let (body, first_line) = match piece {
            Piece::Whole => select::body(&text, &self.displays[file])?,
            Piece::Heading(h) => select::section(&text, h).ok_or_else(|| {
                let found = select::headings(&text);
                at.error(self, select::no_such("heading", h, name, &found))
            })?,
            Piece::Block(id) => select::block(&text, id)
                .ok_or_else(|| at.error(self, format!("no block '^{id}' in '{name}'")))?,
        };
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        self.stack.push(path);
        let embedded = Part {
            file,
            dir: &dir,
            text: &body,
            first_line,
            depth: part.depth + 1,
            embedded_at: Some(part.embedded_at.unwrap_or(at.line)),
        };
        let done = self.emit(&embedded);
        self.stack.pop();
        done
    }

    /// The canonical path and text of note `name`, embedded at `at`.
    fn read_note(&self, part: &Part, at: &Place, name: &str) -> Result<(PathBuf, String)> {
        let lessons = &self.config.paths.lessons;
        let Some(path) = select::resolve(name, part.dir, lessons) else {
            return Err(at
                .error(self, format!("embed target '{name}' not found"))
                .into());
        };
        let path = canonical(&path);
        if !path.starts_with(&self.root) {
            let message = format!("embed target '{name}' is outside the book");
            return Err(at.error(self, message).into());
        }
        if self.stack.contains(&path) {
            let chain: Vec<String> = (self.stack.iter().chain([&path]))
                .map(|p| self.config.display_path(p))
                .collect();
            let message = format!("embed cycle: {}", chain.join(" → "));
            return Err(at.error(self, message).into());
        }
        let text = std::fs::read_to_string(&path).map_err(|e| {
            at.error(
                self,
                format!("cannot read '{}': {e}", self.config.display_path(&path)),
            )
        })?;
        Ok((path, text))
    }

    /// The index of the file at `path` among the displays, adding it when new.
    fn file_index(&mut self, path: &Path) -> usize {
        if let Some(i) = self.paths.iter().position(|p| p == path) {
            return i;
        }
        self.paths.push(path.to_path_buf());
        self.displays.push(self.config.display_path(path));
        self.displays.len() - 1
    }

    fn push(&mut self, part: &Part, line: u32, body: &str, added: usize, ending: &str) {
        self.text.push_str(body);
        self.text
            .push_str(if ending.is_empty() { "\n" } else { ending });
        self.lines.push(Origin {
            file: u16::try_from(part.file).unwrap_or(u16::MAX),
            line,
            added: u16::try_from(added).unwrap_or(u16::MAX),
            own: part.embedded_at.unwrap_or(line),
        });
    }
}

/// Where an embed is written: its file, line, and its bytes in that line.
struct Place<'a> {
    file: usize,
    line: u32,
    body: &'a str,
    range: Range<usize>,
}

impl<'a> Place<'a> {
    fn new(file: usize, line: u32, body: &'a str, range: Range<usize>) -> Place<'a> {
        Place {
            file,
            line,
            body,
            range,
        }
    }

    /// A load error at the embed, with its line and a caret under it.
    fn error(&self, expander: &Expander, message: String) -> Diagnostic {
        let col = self.body[..self.range.start].chars().count() as u32 + 1;
        let width = self.body[self.range.clone()].chars().count();
        Diagnostic::error(Kind::Load, message)
            .in_file(expander.displays[self.file].clone())
            .at(self.line, col)
            .with_excerpt(self.body, width)
    }
}

/// The embeds `![[…]]` of a line of prose, outside code spans, with their byte ranges.
fn find_embeds(line: &str) -> Vec<(Range<usize>, Target<'_>)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(k) = line[from..].find("![[") {
        let start = from + k;
        let Some(len) = line[start + 3..].find("]]") else {
            break;
        };
        let end = start + 3 + len + 2;
        let inner = &line[start + 3..end - 2];
        if !select::in_code_span(line, start) && !inner.is_empty() && !inner.contains('[') {
            found.push((start..end, target(inner)));
        }
        from = end;
    }
    found
}

/// What `inner` (the text between `![[` and `]]`) names.
fn target(inner: &str) -> Target<'_> {
    let (name, alt) = inner.split_once('|').unwrap_or((inner, ""));
    let name = name.trim();
    let (file, anchor) = name.split_once('#').unwrap_or((name, ""));
    let is_note = Path::new(file)
        .extension()
        .is_none_or(|e| e.eq_ignore_ascii_case("md"));
    if !is_note {
        return Target::Image {
            src: name,
            alt: alt.trim(),
        };
    }
    let piece = match anchor.strip_prefix('^') {
        Some(id) => Piece::Block(id.trim()),
        None if anchor.trim().is_empty() => Piece::Whole,
        None => Piece::Heading(anchor.trim()),
    };
    Target::Note {
        name: file.trim(),
        piece,
    }
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}
