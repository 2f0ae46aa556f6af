//! Embedded script outputs: a line `<!-- output: capstone.rlab -->` on its own (outside
//! code) puts what one of the lesson's standalone scripts printed into the page. The script
//! is named by its path relative to the lesson's scripts folder (`<scripts>/<slug>/`), which
//! is its file name, since a lesson's scripts are the `.rlab` files directly in that folder.
//! Options follow the name:
//!
//! * `lines="REGEX"` keeps the printed lines that match the regular expression (`regex`
//!   crate syntax; write a `"` as `\x22`);
//! * `region="NAME"` keeps what the statements of a region of the script printed (see
//!   [`super::region`]);
//! * `figures` shows the figures the script saved instead of its printed text.
//!
//! An unknown script, region or option and an invalid expression are load errors at the
//! directive. What an embedding shows of its script's run is [`crate::exec::embedded`].

use super::inline;
use super::script::Script;
use crate::diagnostic::{Diagnostic, Kind};
use std::ops::Range;

/// One `<!-- output: … -->` directive of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Embed {
    /// The script's index among the lesson's scripts.
    pub script: usize,
    /// What of the script's output it shows.
    pub show: Show,
    /// The line and column of the directive's `<!--`.
    pub line: u32,
    pub col: u32,
    /// Bytes of the directive's line in the lesson source, without its line break.
    pub span: Range<usize>,
}

/// What an embedding shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Show {
    /// Everything the script printed.
    Text,
    /// The printed lines that match.
    Lines(LinePattern),
    /// What the region's statements printed (its name).
    Region(String),
    /// The figures the script saved.
    Figures,
}

/// A compiled `lines=` expression (equal when written the same).
#[derive(Clone, Debug)]
pub struct LinePattern(pub regex::Regex);

impl PartialEq for LinePattern {
    fn eq(&self, other: &LinePattern) -> bool {
        self.0.as_str() == other.0.as_str()
    }
}

/// One word of a directive with its byte offset in the line.
struct Word<'a> {
    at: usize,
    text: &'a str,
}

/// The output directives of a lesson body (outside `code`, the byte ranges of its code).
pub fn scan(
    source: &str,
    start: usize,
    code: &[Range<usize>],
    scripts: &[Script],
    display: &str,
) -> Result<Vec<Embed>, Diagnostic> {
    let mut embeds = Vec::new();
    let mut offset = start;
    for line in source[start..].split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        let text = line.trim_end_matches(['\n', '\r']);
        let Some(inner) = directive_body(text) else {
            continue;
        };
        if code.iter().any(|r| r.start <= here && here < r.end) {
            continue;
        }
        let (line_no, _) = inline::line_col(source, here);
        let lead = text.len() - text.trim_start().len();
        let error = |at: usize, width: usize, message: String| {
            let col = text[..at].chars().count() as u32 + 1;
            Diagnostic::error(Kind::Load, message)
                .in_file(display)
                .at(line_no, col)
                .with_excerpt(text, width)
        };
        let inner_at = inner.as_ptr() as usize - text.as_ptr() as usize;
        let (script, show) = parse(inner, inner_at, scripts)
            .map_err(|(at, width, message)| error(at, width, message))?;
        embeds.push(Embed {
            script,
            show,
            line: line_no,
            col: lead as u32 + 1,
            span: here..here + text.len(),
        });
    }
    Ok(embeds)
}

/// The text after `output:` when `line` is an output directive.
fn directive_body(line: &str) -> Option<&str> {
    let inner = line.trim().strip_prefix("<!--")?.strip_suffix("-->")?;
    let rest = inner.trim_start().strip_prefix("output:")?;
    Some(rest.trim())
}

/// The script and the selection of a directive's text `inner` (which starts at byte `at` of
/// its line); an error gives its place in the line, its width and the message.
fn parse(
    inner: &str,
    at: usize,
    scripts: &[Script],
) -> Result<(usize, Show), (usize, usize, String)> {
    let words = split_words(inner, at)?;
    let Some(name) = words.first() else {
        let message = "directive 'output' needs a script: <!-- output: name.rlab -->";
        return Err((at, 1, message.into()));
    };
    let script = scripts
        .iter()
        .position(|s| s.file_name == name.text)
        .ok_or_else(|| {
            (
                name.at,
                name.text.chars().count(),
                unknown_script(name.text, scripts),
            )
        })?;
    let mut show = Show::Text;
    for word in &words[1..] {
        let next = option(word, &scripts[script])?;
        if show != Show::Text {
            let message = "choose one of lines=, region= and figures".to_string();
            return Err((word.at, word.text.chars().count(), message));
        }
        show = next;
    }
    Ok((script, show))
}

/// One option word: `lines="…"`, `region="…"` or `figures`.
fn option(word: &Word, script: &Script) -> Result<Show, (usize, usize, String)> {
    let width = word.text.chars().count();
    let fail = |message: String| (word.at, width, message);
    match word.text.split_once('=') {
        None if word.text == "figures" => Ok(Show::Figures),
        Some(("lines", quoted)) => {
            let pattern = unquote(quoted).ok_or_else(|| fail(needs_quotes("lines")))?;
            regex::Regex::new(pattern)
                .map(|re| Show::Lines(LinePattern(re)))
                .map_err(|e| {
                    fail(format!(
                        "invalid regular expression in lines=: {}",
                        one_line(&e)
                    ))
                })
        }
        Some(("region", quoted)) => {
            let name = unquote(quoted).ok_or_else(|| fail(needs_quotes("region")))?;
            if script.regions.iter().any(|r| r.name == name) {
                return Ok(Show::Region(name.to_string()));
            }
            let known: Vec<&str> = script.regions.iter().map(|r| r.name.as_str()).collect();
            let listed = match known.is_empty() {
                true => "it marks none with '% region: NAME' … '% end region'".to_string(),
                false => format!("its regions: {}", known.join(", ")),
            };
            Err(fail(format!(
                "script {} has no region '{name}' ({listed})",
                script.file_name
            )))
        }
        _ => Err(fail(format!(
            "unknown option '{}' of directive 'output' (known: lines=\"REGEX\", region=\"NAME\", figures)",
            word.text
        ))),
    }
}

/// Words separated by blanks; a `"…"` value keeps its blanks.
fn split_words(text: &str, at: usize) -> Result<Vec<Word<'_>>, (usize, usize, String)> {
    let mut words = Vec::new();
    let mut start = None;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match (c, start) {
            ('"', _) => {
                quoted = !quoted;
                start.get_or_insert(i);
            }
            (c, Some(s)) if c.is_whitespace() && !quoted => {
                words.push(Word {
                    at: at + s,
                    text: &text[s..i],
                });
                start = None;
            }
            (c, None) if !c.is_whitespace() => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        if quoted {
            let message = "unclosed '\"' in directive 'output'".to_string();
            return Err((at + s, text.len() - s, message));
        }
        words.push(Word {
            at: at + s,
            text: &text[s..],
        });
    }
    Ok(words)
}

fn unquote(value: &str) -> Option<&str> {
    value.strip_prefix('"')?.strip_suffix('"')
}

fn needs_quotes(key: &str) -> String {
    format!("the value of {key}= must be in double quotes: {key}=\"…\"")
}

fn unknown_script(name: &str, scripts: &[Script]) -> String {
    let Some(first) = scripts.first() else {
        return format!("unknown script '{name}': this lesson has no standalone scripts");
    };
    let folder = first.display.rsplit_once('/').map_or("", |(dir, _)| dir);
    let names: Vec<&str> = scripts.iter().map(|s| s.file_name.as_str()).collect();
    format!(
        "unknown script '{name}' (the lesson's scripts, in {folder}/: {})",
        names.join(", ")
    )
}

/// What a regex error says, in one line (its text is several lines: the pattern, a caret
/// and `error: …`).
fn one_line(e: &regex::Error) -> String {
    let text = e.to_string();
    let said = text.lines().find_map(|l| l.trim().strip_prefix("error:"));
    said.map_or_else(|| text.trim().to_string(), |s| s.trim().to_string())
}

#[cfg(test)]
mod tests;
