//! The language's error type. Every failure of lexing, parsing or evaluation is a
//! [`LangError`]: a kind, a message and (once known) the [`Span`] of the innermost failing
//! statement or expression. Builtins and operators create errors without a span; the
//! evaluator attaches the span of the call or statement that failed.
//!
//! Rendering with file, line, column, the source line and a caret is done by
//! [`crate::source::SourceMap::render_error`], which knows the texts.

use super::ast::Span;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What went wrong, in the categories of rlab-spec §13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ErrorKind {
    Lex,
    Parse,
    Runtime,
    Type,
    /// `undefined variable 'x'`, `undefined function 'f'`, wrong argument counts: the message
    /// stands alone, without a category prefix.
    Name,
    /// A resource bound was hit: time limit, allocation cap, recursion depth.
    Limit,
    /// A top-level `return` aborted the block (displayed as `return`).
    Return,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LangError {
    pub kind: ErrorKind,
    pub message: String,
    pub span: Option<Span>,
}

pub type LangResult<T> = Result<T, LangError>;

impl LangError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        LangError {
            kind,
            message: message.into(),
            span: None,
        }
    }

    pub fn runtime(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Runtime, message)
    }

    pub fn type_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Type, message)
    }

    pub fn name(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Name, message)
    }

    pub fn limit(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Limit, message)
    }

    pub fn lex(message: impl Into<String>, span: Span) -> Self {
        Self::new(ErrorKind::Lex, message).at(span)
    }

    pub fn parse(message: impl Into<String>, span: Span) -> Self {
        Self::new(ErrorKind::Parse, message).at(span)
    }

    pub fn undefined_variable(name: &str) -> Self {
        Self::name(format!("undefined variable '{name}'"))
    }

    pub fn undefined_function(name: &str) -> Self {
        Self::name(format!("undefined function '{name}'"))
    }

    /// `wrong number of arguments for 'NAME': expected N, got M` (or `expected A..B`).
    pub fn arity(name: &str, min: usize, max: usize, got: usize) -> Self {
        let expected = if min == max {
            min.to_string()
        } else {
            format!("{min}..{max}")
        };
        Self::name(format!(
            "wrong number of arguments for '{name}': expected {expected}, got {got}"
        ))
    }

    /// Attach a span unless one is already present (the innermost location wins).
    pub fn at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    /// The category prefix rustlab prints before the message (`runtime error: `).
    pub fn prefix(&self) -> &'static str {
        match self.kind {
            ErrorKind::Lex => "lex error: ",
            ErrorKind::Parse => "parse error: ",
            ErrorKind::Runtime => "runtime error: ",
            ErrorKind::Type => "type error: ",
            ErrorKind::Limit => "limit exceeded: ",
            ErrorKind::Name | ErrorKind::Return => "",
        }
    }
}

/// Prefix and message, without position: `type error: unsupported operand types ...`.
impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.prefix(), self.message)
    }
}

impl std::error::Error for LangError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arity_message_forms() {
        assert_eq!(
            LangError::arity("print", 0, 16, 17).message,
            "wrong number of arguments for 'print': expected 0..16, got 17"
        );
        assert_eq!(
            LangError::arity("eye", 1, 1, 2).message,
            "wrong number of arguments for 'eye': expected 1, got 2"
        );
    }

    #[test]
    fn innermost_span_wins() {
        let inner = Span {
            line: 3,
            ..Span::default()
        };
        let outer = Span {
            line: 9,
            ..Span::default()
        };
        let e = LangError::runtime("x").at(inner).at(outer);
        assert_eq!(e.span.unwrap().line, 3);
        assert_eq!(e.to_string(), "runtime error: x");
    }
}
