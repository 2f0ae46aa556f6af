//! The parser: tokens from [`crate::lexer`] to the [`crate::ast`] tree
//! (spec §3). This file holds the two entry points, the token cursor and the guards that
//! keep every parse bounded; expressions are parsed in [`expr`] and [`primary`], statements
//! in [`stmt`], [`blocks`] and [`commands`].
//!
//! Errors name tokens in their `Debug` form as rustlab does (`expected RParen, got
//! Newline`) and carry the span of the offending token, never a line number in the text.

mod blocks;
mod commands;
mod expr;
mod primary;
mod stmt;
#[cfg(test)]
mod tests;

use crate::ast::{Expr, ExprKind, Name, Program, Span, Var};
use crate::error::{LangError, LangResult};
use crate::lexer::{self, LexMode, Tok, Token};
use rustc_hash::FxHashMap;

/// Parse a whole block or file; `source` goes into every span.
pub(crate) fn parse_program(text: &str, source: u32) -> LangResult<Program> {
    let tokens = lexer::tokenize(text, source, LexMode::Program)?;
    let mut parser = Parser::new(text, tokens);
    let stmts = parser.parse_top_level()?;
    Ok(Program { stmts })
}

/// Parse one whole expression (a `range`, as in prose interpolation `${expr}`); anything
/// after it is an error.
pub(crate) fn parse_expression(text: &str, source: u32) -> LangResult<Expr> {
    let tokens = lexer::tokenize(text, source, LexMode::Expression)?;
    let mut parser = Parser::new(text, tokens);
    parser.skip_newlines();
    let node = parser.parse_range()?;
    parser.skip_newlines();
    if !parser.at(&Tok::Eof) {
        let msg = format!("unexpected token after expression: {:?}", parser.peek());
        return Err(parser.error_here(msg));
    }
    Ok(node.expr)
}

/// Parentheses, brackets, prefix operators and blocks may nest this deep.
const MAX_NESTING: usize = 256;
/// No expression tree may be taller than this (long operator chains build tall trees
/// without nesting), so that walking or dropping any tree stays within the stack.
const MAX_TREE_HEIGHT: u32 = 1024;
const STACK_RED_ZONE: usize = 64 * 1024;
const STACK_GROWTH: usize = 1024 * 1024;

/// An expression with the height of its tree.
struct Node {
    expr: Expr,
    height: u32,
}

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    /// Returned by `token()` past the end (the token list always ends with `Eof`).
    eof: Token,
    /// The span of the most recently consumed token (where a construct ends).
    last_span: Span,
    nesting: usize,
    /// Greater than zero while parsing call/index arguments, where `end` is a value.
    index_args: usize,
    /// One shared [`Name`] per distinct identifier, so that the evaluator compares the
    /// names of one program by pointer.
    names: FxHashMap<String, Name>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, tokens: Vec<Token>) -> Self {
        let eof = tokens.last().cloned().unwrap_or(Token {
            tok: Tok::Eof,
            span: Span::default(),
        });
        Parser {
            text,
            tokens,
            pos: 0,
            last_span: eof.span,
            eof,
            nesting: 0,
            index_args: 0,
            names: FxHashMap::default(),
        }
    }

    fn token_at(&self, offset: usize) -> &Token {
        self.tokens.get(self.pos + offset).unwrap_or(&self.eof)
    }

    fn peek(&self) -> &Tok {
        &self.token_at(0).tok
    }

    fn peek_at(&self, offset: usize) -> &Tok {
        &self.token_at(offset).tok
    }

    fn span(&self) -> Span {
        self.token_at(0).span
    }

    fn at(&self, tok: &Tok) -> bool {
        self.peek() == tok
    }

    /// Consume the current token and return it. The parser only looks ahead, so the token
    /// is taken out of the list (no copy of its text), a newline left in its place.
    fn bump(&mut self) -> Token {
        let token = match self.tokens.get_mut(self.pos) {
            Some(slot) => {
                self.pos += 1;
                let span = slot.span;
                std::mem::replace(
                    slot,
                    Token {
                        tok: Tok::Newline,
                        span,
                    },
                )
            }
            None => self.eof.clone(),
        };
        self.last_span = token.span;
        token
    }

    /// Consume the current token if it is `tok`.
    fn eat(&mut self, tok: &Tok) -> bool {
        let found = self.at(tok);
        if found {
            self.bump();
        }
        found
    }

    fn expect(&mut self, tok: &Tok) -> LangResult<Span> {
        if self.at(tok) {
            return Ok(self.bump().span);
        }
        let msg = format!("expected {:?}, got {:?}", tok, self.peek());
        Err(self.error_here(msg))
    }

    /// Consume an identifier; otherwise fail with `"{what}, got {token:?}"`.
    /// The program's one [`Name`] for `text`.
    fn name(&mut self, text: &str) -> Name {
        if let Some(name) = self.names.get(text) {
            return name.clone();
        }
        let name = Name::new(text);
        self.names.insert(text.to_string(), name.clone());
        name
    }

    /// A variable occurrence named `text`.
    fn var(&mut self, text: &str) -> Var {
        Var::new(self.name(text))
    }

    fn expect_ident(&mut self, what: &str) -> LangResult<(String, Span)> {
        if let Tok::Ident(_) = self.peek()
            && let Token {
                tok: Tok::Ident(name),
                span,
            } = self.bump()
        {
            return Ok((name, span));
        }
        let msg = format!("{what}, got {:?}", self.peek());
        Err(self.error_here(msg))
    }

    fn skip_newlines(&mut self) {
        while self.at(&Tok::Newline) {
            self.bump();
        }
    }

    fn error_here(&self, message: impl Into<String>) -> LangError {
        LangError::parse(message, self.span())
    }

    /// The span from `start` through the last consumed token.
    fn span_since(&self, start: Span) -> Span {
        start.to(self.last_span)
    }

    /// Run one level of nested parsing, refusing to go deeper than [`MAX_NESTING`].
    fn nested<T>(&mut self, parse: impl FnOnce(&mut Self) -> LangResult<T>) -> LangResult<T> {
        if self.nesting >= MAX_NESTING {
            return Err(self.error_here("nesting too deep"));
        }
        self.nesting += 1;
        let result = crate::limits::with_stack(STACK_RED_ZONE, STACK_GROWTH, || parse(self));
        self.nesting -= 1;
        result
    }

    /// A node whose tallest child has height `child_height`.
    fn node(&self, kind: ExprKind, span: Span, child_height: u32) -> LangResult<Node> {
        let height = child_height + 1;
        if height > MAX_TREE_HEIGHT {
            return Err(LangError::parse(
                format!("expression too complex: more than {MAX_TREE_HEIGHT} nested operations"),
                span,
            ));
        }
        Ok(Node {
            expr: Expr::new(kind, span),
            height,
        })
    }

    /// The source text of `span`, trimmed (a lambda body as written).
    fn source_text(&self, span: Span) -> String {
        let range = span.start as usize..span.end as usize;
        self.text.get(range).unwrap_or("").trim().to_string()
    }
}
