//! The texts a session has parsed, so that an error's [`Span`] can be rendered as
//! `file:line:col: message`, followed by the source line and a caret under the failing
//! code. A source is a whole script file or one code block of a lesson; `first_line` maps a
//! block's own line numbers to lines of the file that contains it.

use super::ast::Span;
use super::error::LangError;

#[derive(Clone, Debug)]
pub struct SourceInfo {
    /// What to call the file in messages, e.g. `content/12-layer-norm.md`.
    pub name: String,
    pub text: String,
    /// Line number, within the named file, of the text's first line (1 for a whole file).
    pub first_line: u32,
    /// Column, within that file line, where the text starts (1 unless the text is embedded
    /// in a line, like an inline `${expr}`).
    pub first_col: u32,
    /// For a text embedded in a line: that whole line, shown in error excerpts.
    pub line_text: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    sources: Vec<SourceInfo>,
}

impl SourceMap {
    /// Register a text; the returned id goes into every span parsed from it.
    pub fn add(&mut self, name: &str, text: &str, first_line: u32) -> u32 {
        self.sources.push(SourceInfo {
            name: name.to_string(),
            text: text.to_string(),
            first_line: first_line.max(1),
            first_col: 1,
            line_text: None,
        });
        (self.sources.len() - 1) as u32
    }

    /// Register a one-line text that starts at column `first_col` of line `first_line` of
    /// `name`, whose whole line is `line_text`.
    pub fn add_embedded(
        &mut self,
        name: &str,
        text: &str,
        (first_line, first_col): (u32, u32),
        line_text: &str,
    ) -> u32 {
        let id = self.add(name, text, first_line);
        if let Some(src) = self.sources.last_mut() {
            src.first_col = first_col.max(1);
            src.line_text = Some(line_text.to_string());
        }
        id
    }

    /// The file column a span points at (shifted when the text starts mid-line).
    pub fn file_col(&self, span: Span) -> u32 {
        match self.get(span.source) {
            Some(src) if span.line <= 1 => src.first_col + span.col.max(1) - 1,
            _ => span.col.max(1),
        }
    }

    pub fn get(&self, id: u32) -> Option<&SourceInfo> {
        self.sources.get(id as usize)
    }

    /// The file line a span points at (block line mapped through `first_line`).
    pub fn file_line(&self, span: Span) -> u32 {
        match self.get(span.source) {
            Some(src) => src.first_line + span.line.max(1) - 1,
            None => span.line,
        }
    }

    /// Where `err` stands and what shows it: see [`Located`].
    pub fn locate(&self, err: &LangError) -> Located {
        let message = err.to_string();
        let rest = message.split_once('\n').map_or("", |(_, rest)| rest);
        let mut at = Located {
            file: String::new(),
            line: 0,
            col: 0,
            excerpt: rest.to_string(),
        };
        let span = err.span.filter(|s| self.get(s.source).is_some());
        let (Some(span), Some(src)) = (span, span.and_then(|s| self.get(s.source))) else {
            // No position: the last source run is the file.
            at.file = self
                .sources
                .last()
                .map(|s| s.name.clone())
                .unwrap_or_default();
            return at;
        };
        (at.file, at.line, at.col) = (src.name.clone(), self.file_line(span), self.file_col(span));
        let (line_text, in_line) = match &src.line_text {
            Some(line) if span.line <= 1 => (Some(line.as_str()), at.col),
            _ => (
                src.text.lines().nth(span.line.max(1) as usize - 1),
                span.col,
            ),
        };
        if let Some(text) = line_text {
            let width = span.end.saturating_sub(span.start) as usize;
            let shown = excerpt(text, at.line, in_line, width);
            at.excerpt = match at.excerpt.is_empty() {
                true => shown,
                false => format!("{shown}\n{}", at.excerpt),
            };
        }
        at
    }

    /// `name:line:col: message`, then the source line and a caret; `name: message` when the
    /// error has no position.
    pub fn render_error(&self, err: &LangError) -> String {
        let at = self.locate(err);
        rendered(&at.file, at.line, at.col, &first_line(err), &at.excerpt)
    }
}

/// An error's place and its excerpt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The source's name in messages (`content/12-x.md`); empty when unknown.
    pub file: String,
    /// Line and column in that file; 0 when the error has no position.
    pub line: u32,
    pub col: u32,
    /// The source line with a caret under the place, then the message's further lines;
    /// empty when there are none.
    pub excerpt: String,
}

/// The first line of an error's message (`undefined variable 'q'`).
pub fn first_line(err: &LangError) -> String {
    let message = err.to_string();
    message.lines().next().unwrap_or("").to_string()
}

/// `file:line:col: message` (or `file: message`, or the message alone) and the excerpt on
/// the lines below: an error as the terminal shows it.
pub fn rendered(file: &str, line: u32, col: u32, message: &str, excerpt: &str) -> String {
    let mut out = match (file.is_empty(), line) {
        (true, _) => message.to_string(),
        (false, 0) => format!("{file}: {message}"),
        (false, line) => format!("{file}:{line}:{col}: {message}"),
    };
    if !excerpt.is_empty() {
        out.push('\n');
        out.push_str(excerpt);
    }
    out
}

/// The one excerpt of rlab and rlbook: two lines, `  57 | source text` and a caret line
/// `     |     ^^^` under column `col` (1-based, in characters), `width` characters wide
/// (at least one, at most to the end of the line). Tabs before the column are kept, so the
/// caret lines up under them.
pub fn excerpt(line: &str, line_no: u32, col: u32, width: usize) -> String {
    let gutter = line_no.to_string();
    let pad = " ".repeat(gutter.len());
    let col = col.max(1) as usize;
    let indent: String = line
        .chars()
        .take(col - 1)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let line_chars = line.chars().count();
    let width = width.clamp(1, line_chars.saturating_sub(col - 1).max(1));
    format!(
        "  {gutter} | {}\n  {pad} | {indent}{}",
        line.trim_end(),
        "^".repeat(width)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_and_caret() {
        let mut map = SourceMap::default();
        let id = map.add("content/12-x.md", "a = 1;\ny = q + 1;\n", 56);
        let span = Span {
            source: id,
            line: 2,
            col: 5,
            start: 11,
            end: 12,
        };
        let err = LangError::undefined_variable("q").at(span);
        assert_eq!(
            map.render_error(&err),
            "content/12-x.md:57:5: undefined variable 'q'\n  57 | y = q + 1;\n     |     ^"
        );
    }

    #[test]
    fn error_without_span_names_the_file() {
        let mut map = SourceMap::default();
        map.add("s.rlab", "x", 1);
        let err = LangError::runtime("boom");
        assert_eq!(map.render_error(&err), "s.rlab: runtime error: boom");
    }
}
