//! A lesson's exercises (docs/exercises.md): each `<!-- exercise -->` region with its starter
//! block (the rlab block with `check="A, total"`), its answer boxes (`<!-- answer: ${expr}
//! -->`), its hints and the rlab blocks of its solution. Found once when the lesson loads,
//! so that execution (the check step at the end of each exercise), the record, the
//! renderers and the page all read the same exercises.
//!
//! An exercise ends at `<!-- end -->`, the next top-level heading, the next exercise or the
//! end of the source. Its solution starts at its first `<!-- solution -->`; hints and answer
//! boxes stand before it. The starter code is parsed here, never run.

use super::CodeBlock;
use super::directive::{Directive, parse_directive};
use super::inline::LineIndex;
use crate::diagnostic::{Diagnostic, Kind};
use anyhow::Result;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// One exercise of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// 1-based among the lesson's exercises.
    pub number: usize,
    pub title: Option<String>,
    /// The line of its `<!-- exercise -->` comment.
    pub line: u32,
    /// From its comment to what ends it.
    pub span: Range<usize>,
    /// Its starter block: an index into the lesson's blocks.
    pub starter: Option<usize>,
    pub answers: Vec<Answer>,
    /// Where each of its hints' comments stands.
    pub hints: Vec<usize>,
    /// Where its solution starts, if it has one.
    pub solution: Option<usize>,
    /// The rlab blocks of its solution (indices into the lesson's blocks).
    pub solution_blocks: Vec<usize>,
}

/// An answer box: `<!-- answer: ${expr} rtol=… atol=… -->`.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub expr: String,
    /// The comment's bytes in the source.
    pub span: Range<usize>,
    /// Where `${` stands (1-based).
    pub line: u32,
    pub col: u32,
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
}

impl Exercise {
    /// Whether the page can check anything of it (a starter block or an answer box).
    pub fn checks_anything(&self) -> bool {
        self.starter.is_some() || !self.answers.is_empty()
    }

    /// The variables its starter block names.
    pub fn checked<'b>(&self, blocks: &'b [CodeBlock]) -> &'b [String] {
        self.starter
            .and_then(|i| blocks.get(i))
            .map_or(&[], |b| &b.attrs.check)
    }
}

/// A directive or heading that shapes exercises, where it stands.
enum Mark {
    Open(Option<String>),
    Close,
    Hint,
    Answer(String),
    Solution,
}

/// The exercises of `source` (whose body starts at `body_start`), with `blocks` its rlab
/// blocks. Misplaced hints, answers and check blocks, and syntax errors in starter code,
/// are load errors.
pub(super) fn scan(
    source: &str,
    body_start: usize,
    blocks: &[CodeBlock],
    display: &str,
) -> Result<Vec<Exercise>> {
    let lines = LineIndex::new(source);
    let mut exercises: Vec<Exercise> = Vec::new();
    let mut open = false;
    for (at, mark) in marks(source, body_start) {
        let (line, col) = lines.line_col(at);
        let misplaced = |what: &str| error(source, display, line, col, what.to_string());
        let current = exercises.last_mut().filter(|_| open);
        match (mark, current) {
            (Mark::Open(title), _) => {
                close(&mut exercises, &mut open, at);
                exercises.push(Exercise {
                    number: exercises.len() + 1,
                    title,
                    line,
                    span: at..source.len(),
                    starter: None,
                    answers: Vec::new(),
                    hints: Vec::new(),
                    solution: None,
                    solution_blocks: Vec::new(),
                });
                open = true;
            }
            (Mark::Close, _) => close(&mut exercises, &mut open, at),
            (Mark::Solution, Some(e)) => e.solution = e.solution.or(Some(at)),
            (Mark::Solution, None) => {}
            (Mark::Hint | Mark::Answer(_), None) => {
                return Err(misplaced("hints and answer boxes belong in an exercise, after its <!-- exercise --> comment").into());
            }
            (Mark::Hint | Mark::Answer(_), Some(e)) if e.solution.is_some() => {
                return Err(misplaced(
                    "hints and answer boxes come before the exercise's <!-- solution -->",
                )
                .into());
            }
            (Mark::Hint, Some(e)) => e.hints.push(at),
            (Mark::Answer(text), Some(e)) => {
                let answer = answer(&text, at, source, &lines)
                    .map_err(|m| error(source, display, line, col, m))?;
                e.answers.push(answer);
            }
        }
    }
    assign_blocks(&mut exercises, blocks, source, display)?;
    Ok(exercises)
}

fn close(exercises: &mut [Exercise], open: &mut bool, at: usize) {
    if let Some(e) = exercises.last_mut().filter(|_| *open) {
        e.span.end = at;
    }
    *open = false;
}

/// The marks of the body in order: top-level directive comments and headings, and answer
/// comments wherever they stand (in a paragraph, a list item, alone).
fn marks(source: &str, body_start: usize) -> Vec<(usize, Mark)> {
    let options = super::lesson::markdown_options() | Options::ENABLE_MATH;
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut html: Option<(usize, usize, String)> = None;
    let parser = Parser::new_ext(&source[body_start..], options).into_offset_iter();
    for (event, range) in parser {
        let at = range.start + body_start;
        match &event {
            Event::Start(Tag::HtmlBlock) => html = Some((at, depth, String::new())),
            Event::Html(text) => html.iter_mut().for_each(|(_, _, t)| t.push_str(text)),
            Event::End(TagEnd::HtmlBlock) => {
                if let Some((at, level, text)) = html.take() {
                    out.extend(mark(&text, level == 0).map(|m| (at, m)));
                }
            }
            Event::InlineHtml(text) => out.extend(mark(text, false).map(|m| (at, m))),
            Event::Start(Tag::Heading { .. }) if depth == 0 => out.push((at, Mark::Close)),
            _ => {}
        }
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

/// The mark a comment makes: any exercise directive at the top level, only an answer
/// elsewhere.
fn mark(html: &str, top: bool) -> Option<Mark> {
    match parse_directive(html)? {
        Directive::Answer(text) => Some(Mark::Answer(text)),
        _ if !top => None,
        Directive::Exercise(title) => Some(Mark::Open(title)),
        Directive::End => Some(Mark::Close),
        Directive::Hint => Some(Mark::Hint),
        Directive::Solution(_) => Some(Mark::Solution),
        Directive::Callout(..) | Directive::Fence => None,
    }
}

/// The answer box of the comment at `at` whose text after `answer:` is `text`.
fn answer(text: &str, at: usize, source: &str, lines: &LineIndex) -> Result<Answer, String> {
    let usage = "an answer box is <!-- answer: ${expr} -->, then rtol= or atol= if needed";
    let start = text.find("${").filter(|&i| text[..i].trim().is_empty());
    let start = start.ok_or_else(|| usage.to_string())?;
    let end = closing_brace(&text[start + 2..]).ok_or_else(|| usage.to_string())? + start + 2;
    let expr = text[start + 2..end].trim().to_string();
    if expr.is_empty() {
        return Err("the answer box's ${…} is empty".into());
    }
    let (mut rtol, mut atol) = (None, None);
    for word in text[end + 1..]
        .split([',', ' ', '\t', '\n'])
        .filter(|w| !w.is_empty())
    {
        let (slot, value) = match word.split_once('=') {
            Some(("rtol", v)) => (&mut rtol, v),
            Some(("atol", v)) => (&mut atol, v),
            _ => {
                return Err(format!(
                    "unknown answer setting '{word}' (known: rtol=, atol=)"
                ));
            }
        };
        let x = value
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0);
        *slot = Some(x.ok_or_else(|| format!("'{word}': a tolerance is a non-negative number"))?);
    }
    let dollar = source[at..].find("${").map_or(at, |i| at + i);
    let (line, col) = lines.line_col(dollar);
    let comment_end = source[at..]
        .find("-->")
        .map_or(source.len(), |i| at + i + 3);
    Ok(Answer {
        expr,
        span: at..comment_end,
        line,
        col,
        rtol,
        atol,
    })
}

/// The index of the `}` that closes an expression (nested braces and quoted text skipped).
fn closing_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"') => quote = Some('"'),
            (None, '{') => depth += 1,
            (None, '}') if depth == 0 => return Some(i),
            (None, '}') => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Each check block to its exercise (one at most, before the solution; its code parsed),
/// and each exercise's solution blocks.
fn assign_blocks(
    exercises: &mut [Exercise],
    blocks: &[CodeBlock],
    source: &str,
    display: &str,
) -> Result<()> {
    let lines = LineIndex::new(source);
    for (i, block) in blocks.iter().enumerate() {
        let at = block.span.start;
        let holder = exercises.iter_mut().find(|e| e.span.contains(&at));
        if block.attrs.check.is_empty() {
            if let Some(e) = holder.filter(|e| e.solution.is_some_and(|s| s <= at)) {
                e.solution_blocks.push(i);
            }
            continue;
        }
        let (line, col) = lines.line_col(at);
        let misplaced = |m: &str| error(source, display, line, col, m.to_string());
        let Some(e) = holder else {
            return Err(misplaced(
                "a check block belongs in an exercise, after its <!-- exercise --> comment",
            )
            .into());
        };
        if e.solution.is_some_and(|s| s <= at) {
            return Err(
                misplaced("a check block comes before the exercise's <!-- solution -->").into(),
            );
        }
        if e.starter.is_some() {
            return Err(misplaced("an exercise has one check block; this is its second").into());
        }
        e.starter = Some(i);
        starter_syntax(block, e.number, source, display)?;
    }
    Ok(())
}

/// A syntax error in starter code, as a load error at its place.
fn starter_syntax(block: &CodeBlock, number: usize, source: &str, display: &str) -> Result<()> {
    let Err(e) = rlab::check_syntax(&block.code) else {
        return Ok(());
    };
    // An error at the end of the code (an unclosed bracket) stands after its last line.
    let lines: Vec<&str> = block.code.lines().collect();
    let (line, col) = match e.span.map(|s| (s.line, s.col)) {
        Some((line, col)) if (line as usize) <= lines.len() => (line, col),
        _ => {
            let last = lines.len().max(1);
            let width = lines.get(last - 1).map_or(0, |l| l.chars().count());
            (last as u32, width as u32 + 1)
        }
    };
    let message = format!(
        "the starter code of exercise {number} does not parse: {}",
        e.message
    );
    Err(error(source, display, block.first_line + line - 1, col, message).into())
}

/// A load error at `line`:`col` with the source line and a caret.
fn error(source: &str, display: &str, line: u32, col: u32, message: String) -> Diagnostic {
    let text = source
        .lines()
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    Diagnostic::error(Kind::Load, message)
        .in_file(display)
        .at(line, col)
        .with_excerpt(text, 1)
}

#[cfg(test)]
mod tests;
