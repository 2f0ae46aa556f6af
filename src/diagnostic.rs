//! Diagnostics as data: what every stage of the pipeline reports (load errors, rlab errors,
//! drift, record errors, broken links, math and template errors, notes), with severity,
//! file, line, column, message and the source excerpt with its caret. One place renders them:
//! as text for the terminal (coloured on a terminal) and for serve's overlay, and as one JSON
//! object per line for `--message-format json`.
//!
//! The text is the one rlbook has always printed: `file:line:col: message` and the excerpt
//! for rlab errors and inline-value syntax errors, `file:line: message` for the others (their
//! column is in the JSON), `file:line entry: detail` for drift, with `warning: ` or `note: `
//! before the ones that are not errors.

use rlab::RunError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How serious a diagnostic is: errors fail a build, warnings and notes do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// Which stage found it (in JSON as `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `book.toml`.
    Config,
    /// Reading a lesson or script, fences, directives, front matter.
    Load,
    /// An rlab error, or a `should_error` block that ran cleanly.
    Exec,
    /// Outputs that moved away from the record.
    Drift,
    /// Reading or writing the record.
    Record,
    /// A lesson link, a formula, a figure: anything rendering a page reports.
    Render,
    /// A cross-reference to no label, a label defined twice or misplaced; a citation of a
    /// key no bibliography entry has.
    Xref,
    /// Templates, theme and writing the site.
    Site,
    /// Making or writing another format: the Markdown book, the EPUB, the PDF.
    Output,
}

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub kind: Kind,
    /// The file, as the book shows it (`content/12-x.md`).
    pub file: Option<String>,
    /// 1-based line in `file`.
    pub line: Option<u32>,
    /// 1-based column (in characters) in that line.
    pub column: Option<u32>,
    /// The message's first line.
    pub message: String,
    /// The source line with a caret under the place, and any further lines of the message.
    pub excerpt: Option<String>,
    /// Whether the text names the column (`file:line:col:`) or the line only.
    #[serde(skip)]
    pub column_in_text: bool,
}

impl Diagnostic {
    /// An error of `kind` with no place.
    pub fn error(kind: Kind, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            kind,
            file: None,
            line: None,
            column: None,
            message: message.into(),
            excerpt: None,
            column_in_text: false,
        }
    }

    /// A warning of `kind` with no place.
    pub fn warning(kind: Kind, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(kind, message)
        }
    }

    /// A note of `kind` with no place.
    pub fn note(kind: Kind, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(kind, message)
        }
    }

    /// The same, in `file`.
    pub fn in_file(mut self, file: impl Into<String>) -> Diagnostic {
        self.file = Some(file.into());
        self
    }

    /// The same, at `line` and `column` (0: unknown), shown as `file:line:col:`.
    pub fn at(mut self, line: u32, column: u32) -> Diagnostic {
        self = self.on_line(line, column);
        self.column_in_text = self.column.is_some();
        self
    }

    /// The same, at `line` and `column` (0: unknown), shown as `file:line:` (the column is
    /// in the JSON only: the text has always named the line).
    pub fn on_line(mut self, line: u32, column: u32) -> Diagnostic {
        self.line = (line > 0).then_some(line);
        self.column = (column > 0).then_some(column);
        self.column_in_text = false;
        self
    }

    /// The same, with the excerpt rlab errors have: `line_text` (the whole text of its line)
    /// and a caret `width` characters wide under its column.
    pub fn with_excerpt(mut self, line_text: &str, width: usize) -> Diagnostic {
        if let (Some(line), Some(col)) = (self.line, self.column) {
            self.excerpt = Some(rlab::source::excerpt(line_text, line, col, width));
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The same as an error (`--strict` makes warnings errors).
    pub fn into_error(mut self) -> Diagnostic {
        self.severity = Severity::Error;
        self
    }

    /// An rlab error: `file:line:col: message` and the excerpt, as the language shows it.
    pub fn of_run_error(error: &RunError) -> Diagnostic {
        let mut d = Diagnostic::error(Kind::Exec, error.message());
        if !error.file.is_empty() {
            d = d.in_file(error.file.clone()).at(error.line, error.col);
        }
        d.excerpt = (!error.excerpt.is_empty()).then(|| error.excerpt.clone());
        d
    }

    /// The diagnostics an error carries (when one of its causes is a [`Diagnostic`] or
    /// [`Diagnostics`]), else one error of `kind` whose message is the error's whole text.
    pub fn of_error(kind: Kind, error: &anyhow::Error) -> Vec<Diagnostic> {
        for cause in error.chain() {
            if let Some(d) = cause.downcast_ref::<Diagnostic>() {
                return vec![d.clone()];
            }
            if let Some(Diagnostics(all)) = cause.downcast_ref::<Diagnostics>() {
                return all.clone();
            }
        }
        vec![Diagnostic::error(kind, format!("{error:#}"))]
    }

    /// The text the terminal and the overlay show, without colour.
    pub fn text(&self) -> String {
        self.render(&Plain)
    }

    /// The text for a terminal: the label and place in bold, errors in red.
    pub fn coloured(&self) -> String {
        self.render(&Ansi)
    }

    fn render(&self, style: &dyn Style) -> String {
        let label = match self.severity {
            Severity::Error => String::new(),
            Severity::Warning => style.label(Severity::Warning, "warning:") + " ",
            Severity::Note => style.label(Severity::Note, "note:") + " ",
        };
        let mut out = match self.place() {
            Some(place) => format!("{label}{}{}", style.place(&place), self.message),
            None => format!("{label}{}", self.message),
        };
        if let Some(excerpt) = &self.excerpt {
            out.push('\n');
            out.push_str(&style.excerpt(excerpt));
        }
        out
    }

    /// `file:line:col: `, `file:line: `, `file:line ` (drift) or `file: `.
    fn place(&self) -> Option<String> {
        let file = self.file.as_deref()?;
        Some(match (self.line, self.column) {
            (Some(line), _) if self.kind == Kind::Drift => format!("{file}:{line} "),
            (Some(line), Some(col)) if self.column_in_text => format!("{file}:{line}:{col}: "),
            (Some(line), _) => format!("{file}:{line}: "),
            (None, _) => format!("{file}: "),
        })
    }

    /// One line of JSON: severity, kind, file, line, column, message, excerpt and the
    /// rendered text.
    pub fn json(&self) -> String {
        let value = serde_json::json!({
            "severity": self.severity,
            "kind": self.kind,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "excerpt": self.excerpt,
            "rendered": self.text(),
        });
        value.to_string()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl std::error::Error for Diagnostic {}

/// Several diagnostics as one error (a lesson's every load error, every warning of a strict
/// page); shown one per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(Diagnostic::text).collect();
        f.write_str(&texts.join("\n"))
    }
}

impl std::error::Error for Diagnostics {}

/// How the parts of a diagnostic look.
trait Style {
    fn label(&self, severity: Severity, text: &str) -> String;
    fn place(&self, text: &str) -> String;
    fn excerpt(&self, text: &str) -> String;
}

struct Plain;

impl Style for Plain {
    fn label(&self, _: Severity, text: &str) -> String {
        text.to_string()
    }
    fn place(&self, text: &str) -> String {
        text.to_string()
    }
    fn excerpt(&self, text: &str) -> String {
        text.to_string()
    }
}

/// ANSI colours: bold places, yellow warnings, cyan notes, red carets.
struct Ansi;

impl Style for Ansi {
    fn label(&self, severity: Severity, text: &str) -> String {
        let colour = if severity == Severity::Warning {
            33
        } else {
            36
        };
        format!("\x1b[1;{colour}m{text}\x1b[0m")
    }
    fn place(&self, text: &str) -> String {
        format!("\x1b[1m{text}\x1b[0m")
    }
    fn excerpt(&self, text: &str) -> String {
        text.replace('^', "\x1b[1;31m^\x1b[0m")
    }
}

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text on standard error, coloured when it is a terminal.
    Human,
    /// One JSON object per line on standard output.
    Json,
}

/// Print `diagnostics` in `format`; text ones are separated by blank lines after errors.
pub fn print(diagnostics: &[Diagnostic], format: Format) {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    for d in diagnostics {
        match format {
            Format::Json => println!("{}", d.json()),
            Format::Human if colour => eprintln!("{}", d.coloured()),
            Format::Human => eprintln!("{}", d.text()),
        }
        if format == Format::Human && d.is_error() {
            eprintln!();
        }
    }
}

/// 1-based line and column (in characters) of byte `at`.
pub fn line_col(source: &str, at: usize) -> (u32, u32) {
    let before = &source[..at.min(source.len())];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    (line, col)
}

pub mod suggest;

#[cfg(test)]
mod tests;
