//! The lexer (spec §2): source text to [`Token`]s with spans.
//!
//! It owns the context rules that cannot wait for the parser: the bracket whitespace rule
//! (inside `[...]`/`{...}`, whitespace between two operands is an element separator), the
//! transpose-or-string decision for `'`, newline collapsing, `...` continuations, comments,
//! and the raw path of a `run` statement. Scanning of numbers, strings, words and operators
//! lives in [`scan`].

mod scan;
#[cfg(test)]
mod tests;
mod token;

pub(crate) use token::{Tok, Token};

use crate::ast::Span;
use crate::error::LangResult;

/// What the text is: a block or file of statements, or a single expression (prose
/// interpolation), where `run` is never a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LexMode {
    Program,
    Expression,
}

/// Split `text` into tokens, ending with [`Tok::Eof`]; `source` goes into every span.
pub(crate) fn tokenize(text: &str, source: u32, mode: LexMode) -> LangResult<Vec<Token>> {
    let mut lexer = Lexer::new(text, source, mode);
    lexer.run()?;
    let eof = lexer.mark();
    lexer.push(Tok::Eof, eof);
    Ok(lexer.tokens)
}

/// A position in the text: byte offset, 1-based line and column (in characters).
#[derive(Clone, Copy, Debug)]
struct Mark {
    pos: usize,
    line: u32,
    col: u32,
}

struct Lexer<'a> {
    text: &'a str,
    source: u32,
    mode: LexMode,
    at: Mark,
    tokens: Vec<Token>,
    /// Open `[` and `{` (the bracket whitespace rule applies while this is positive).
    bracket_depth: u32,
    paren_depth: u32,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str, source: u32, mode: LexMode) -> Self {
        Lexer {
            text,
            source,
            mode,
            at: Mark {
                pos: 0,
                line: 1,
                col: 1,
            },
            tokens: Vec::new(),
            bracket_depth: 0,
            paren_depth: 0,
        }
    }

    fn run(&mut self) -> LangResult<()> {
        while let Some(c) = self.peek() {
            let mark = self.mark();
            match c {
                ' ' | '\t' | '\r' => {
                    self.skip_blanks();
                    self.bracket_separator(mark);
                }
                '%' | '#' => self.skip_line(),
                '\n' => {
                    self.bump();
                    if self.last() != Some(&Tok::Newline) {
                        self.push(Tok::Newline, mark);
                    }
                }
                '.' if self.rest().starts_with("...") => {
                    self.continuation();
                    self.skip_blanks();
                    self.bracket_separator(mark);
                }
                '"' => self.string('"')?,
                '\'' if self.last().is_some_and(Tok::allows_transpose) => {
                    self.bump();
                    self.push(Tok::Apostrophe, mark);
                }
                '\'' => self.string('\'')?,
                '0'..='9' => self.number()?,
                '.' => self.dot()?,
                c if c.is_alphabetic() || c == '_' => self.word()?,
                _ => self.operator()?,
            }
        }
        Ok(())
    }

    /// `...`: the rest of the line is ignored and its newline consumed.
    fn continuation(&mut self) {
        self.skip_line();
        if self.peek() == Some('\n') {
            self.bump();
        }
    }

    /// The bracket whitespace rule (§2): after blanks inside `[...]`/`{...}`, a comma is
    /// inserted between an operand end and the start of another operand (or a sign glued
    /// to what follows it, which starts a new signed element).
    fn bracket_separator(&mut self, blanks: Mark) {
        if self.bracket_depth == 0 || !self.last().is_some_and(Tok::ends_operand) {
            return;
        }
        let next = self.peek();
        let after = self.peek_nth(1);
        let starts_operand = match next {
            Some(c) if c.is_alphanumeric() || matches!(c, '_' | '(' | '[' | '{' | '"') => true,
            Some('.') => after.is_some_and(|d| d.is_ascii_digit()),
            Some('+' | '-') => after.is_some_and(|d| !matches!(d, ' ' | '\t' | '\r' | '\n' | '=')),
            _ => false,
        };
        if starts_operand {
            self.push(Tok::Comma, blanks);
        }
    }

    /// True where a statement can begin: at the start, or after a newline, `;` or `,`
    /// outside any brackets, or after `else`, `otherwise` or a closing `end`.
    fn at_statement_start(&self) -> bool {
        let outside = self.bracket_depth == 0 && self.paren_depth == 0;
        match self.last() {
            None | Some(Tok::Newline | Tok::Else | Tok::Otherwise) => outside,
            Some(Tok::Semicolon | Tok::Comma | Tok::End) => outside,
            Some(_) => false,
        }
    }

    fn skip_blanks(&mut self) {
        while matches!(self.byte(), Some(b' ' | b'\t' | b'\r')) {
            self.bump_ascii();
        }
    }

    /// Skip to the end of the line, leaving the newline.
    fn skip_line(&mut self) {
        let rest = self.rest();
        let skipped = &rest[..rest.find('\n').unwrap_or(rest.len())];
        self.at.pos += skipped.len();
        self.at.col += to_u32(skipped.chars().count());
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at.pos..).unwrap_or("")
    }

    /// The next byte (of an ASCII character or of a longer one).
    fn byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at.pos).copied()
    }

    fn peek(&self) -> Option<char> {
        match self.byte()? {
            b if b.is_ascii() => Some(char::from(b)),
            _ => self.rest().chars().next(),
        }
    }

    fn peek_nth(&self, n: usize) -> Option<char> {
        self.rest().chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at.pos += c.len_utf8();
        if c == '\n' {
            self.at.line += 1;
            self.at.col = 1;
        } else {
            self.at.col += 1;
        }
        Some(c)
    }

    /// Step over the next character, known to be ASCII and not a newline.
    fn bump_ascii(&mut self) {
        self.at.pos += 1;
        self.at.col += 1;
    }

    fn mark(&self) -> Mark {
        self.at
    }

    fn restore(&mut self, mark: Mark) {
        self.at = mark;
    }

    /// The span from `start` to the current position.
    fn span_from(&self, start: Mark) -> Span {
        Span {
            source: self.source,
            line: start.line,
            col: start.col,
            start: to_u32(start.pos),
            end: to_u32(self.at.pos),
        }
    }

    fn last(&self) -> Option<&Tok> {
        self.tokens.last().map(|t| &t.tok)
    }

    fn push(&mut self, tok: Tok, start: Mark) {
        match tok {
            Tok::LParen => self.paren_depth += 1,
            Tok::RParen => self.paren_depth = self.paren_depth.saturating_sub(1),
            Tok::LBracket | Tok::LBrace => self.bracket_depth += 1,
            Tok::RBracket | Tok::RBrace => {
                self.bracket_depth = self.bracket_depth.saturating_sub(1);
            }
            _ => {}
        }
        let span = self.span_from(start);
        self.tokens.push(Token { tok, span });
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
