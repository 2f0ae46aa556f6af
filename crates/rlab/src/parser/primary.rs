//! Operands: literals, names, `NAME(args)` calls-or-indexing, matrix `[...]` and cell
//! `{...}` literals, parenthesised ranges, lambdas `@(x) body` and handles `@name`, `end`
//! inside index arguments; then the postfix chain of transposes, chained indexing
//! `(...)`, field access `.name` and method-call sugar `.name(...)`.
//!
//! Newlines are skipped right after `(`, `[`, `{`, around separators and before the
//! closing delimiter, never inside an operator expression.

use super::{Node, Parser};
use crate::ast::{Expr, ExprKind, LambdaDef, Name, Span};
use crate::error::LangResult;
use crate::lexer::Tok;
use std::sync::Arc;

/// Parsed arguments of a call or index: the expressions, their tallest height, and the
/// span of the closing `)`.
pub(super) struct Args {
    pub(super) exprs: Vec<Expr>,
    height: u32,
    pub(super) close: Span,
}

impl Parser<'_> {
    /// `primary { "'" | ".'" | '(' args ')' | '.' NAME [ '(' args ')' ] }`.
    pub(super) fn parse_postfix(&mut self) -> LangResult<Node> {
        let mut node = self.parse_primary()?;
        loop {
            node = match self.peek() {
                Tok::Apostrophe | Tok::DotApostrophe => self.transpose(node)?,
                Tok::LParen => {
                    let args = self.parse_args()?;
                    let span = node.expr.span.to(args.close);
                    let height = node.height.max(args.height);
                    let target = Box::new(node.expr);
                    let kind = ExprKind::Index {
                        target,
                        args: args.exprs,
                    };
                    self.node(kind, span, height)?
                }
                Tok::Dot => self.field_or_method(node)?,
                _ => return Ok(node),
            };
        }
    }

    fn transpose(&mut self, operand: Node) -> LangResult<Node> {
        let op = self.bump();
        let conjugate = op.tok == Tok::Apostrophe;
        let span = operand.expr.span.to(op.span);
        let kind = ExprKind::Transpose {
            operand: Box::new(operand.expr),
            conjugate,
        };
        self.node(kind, span, operand.height)
    }

    /// After `.`: `NAME(args)` is method-call sugar, a bare `NAME` is field access.
    fn field_or_method(&mut self, target: Node) -> LangResult<Node> {
        self.bump();
        let (name, name_span) = self.expect_ident("expected field name after '.'")?;
        if !self.at(&Tok::LParen) {
            let span = target.expr.span.to(name_span);
            let kind = ExprKind::Field {
                target: Box::new(target.expr),
                name,
            };
            return self.node(kind, span, target.height);
        }
        let args = self.parse_args()?;
        let span = target.expr.span.to(args.close);
        let height = target.height.max(args.height);
        let kind = ExprKind::MethodCall {
            target: Box::new(target.expr),
            name,
            args: args.exprs,
        };
        self.node(kind, span, height)
    }

    fn parse_primary(&mut self) -> LangResult<Node> {
        let span = self.span();
        let kind = match self.peek() {
            Tok::Number(x) => ExprKind::Number(*x),
            Tok::Radix(x) => ExprKind::IntLit(*x),
            Tok::Str(s) => ExprKind::Str(s.clone()),
            Tok::Ident(name) => {
                let name = name.clone();
                return self.name_or_call(name);
            }
            Tok::End if self.index_args > 0 => ExprKind::End,
            Tok::LParen => return self.parenthesised(),
            Tok::LBracket => return self.matrix(),
            Tok::LBrace => return self.cell(),
            Tok::At => return self.lambda_or_handle(),
            Tok::End => {
                return Err(self.error_here("'end' can only be used inside index arguments"));
            }
            other => {
                let msg = format!("unexpected token in expression: {other:?}");
                return Err(self.error_here(msg));
            }
        };
        self.bump();
        self.node(kind, span, 0)
    }

    /// `NAME` alone is a variable; `NAME(args)` is a call or an index, decided at run time.
    fn name_or_call(&mut self, name: String) -> LangResult<Node> {
        let start = self.bump().span;
        if !self.at(&Tok::LParen) {
            let var = self.var(&name);
            return self.node(ExprKind::Ident(var), start, 0);
        }
        let args = self.parse_args()?;
        let kind = ExprKind::CallOrIndex {
            name: self.var(&name),
            args: args.exprs,
        };
        self.node(kind, start.to(args.close), args.height)
    }

    /// `'(' [ arg { ',' arg } ] ')'` where `end` is a value and a lone `:` means "all".
    pub(super) fn parse_args(&mut self) -> LangResult<Args> {
        self.bump();
        self.index_args += 1;
        let result = self.arg_list();
        self.index_args -= 1;
        result
    }

    fn arg_list(&mut self) -> LangResult<Args> {
        let mut exprs = Vec::new();
        let mut height = 0;
        self.skip_newlines();
        if !self.at(&Tok::RParen) {
            loop {
                let arg = self.parse_arg()?;
                height = height.max(arg.height);
                exprs.push(arg.expr);
                self.skip_newlines();
                if !self.eat(&Tok::Comma) {
                    break;
                }
                self.skip_newlines();
            }
        }
        let close = self.expect(&Tok::RParen)?;
        Ok(Args {
            exprs,
            height,
            close,
        })
    }

    fn parse_arg(&mut self) -> LangResult<Node> {
        let lone_colon = self.at(&Tok::Colon)
            && matches!(
                self.peek_at(1),
                Tok::Comma | Tok::RParen | Tok::Newline | Tok::Eof
            );
        if lone_colon {
            let span = self.bump().span;
            return self.node(ExprKind::Colon, span, 0);
        }
        self.parse_range()
    }

    /// `'(' range ')'`; the expression's span grows to cover the parentheses.
    fn parenthesised(&mut self) -> LangResult<Node> {
        let open = self.bump().span;
        self.skip_newlines();
        let mut inner = self.parse_range()?;
        self.skip_newlines();
        let close = self.expect(&Tok::RParen)?;
        inner.expr.span = open.to(close);
        Ok(inner)
    }

    /// `'[' [ row { ';' row } [';'] ] ']'`, rows of comma-separated elements. A newline is
    /// not a row separator.
    fn matrix(&mut self) -> LangResult<Node> {
        let open = self.bump().span;
        self.skip_newlines();
        let mut rows = Vec::new();
        let mut height = 0;
        if !self.at(&Tok::RBracket) {
            loop {
                let (row, row_height) = self.matrix_row()?;
                rows.push(row);
                height = height.max(row_height);
                self.skip_newlines();
                if !self.eat(&Tok::Semicolon) {
                    break;
                }
                self.skip_newlines();
                if self.at(&Tok::RBracket) {
                    break;
                }
            }
        }
        self.skip_newlines();
        let close = self.expect(&Tok::RBracket)?;
        self.node(ExprKind::Matrix(rows), open.to(close), height)
    }

    fn matrix_row(&mut self) -> LangResult<(Vec<Expr>, u32)> {
        let mut row = Vec::new();
        let mut height = 0;
        loop {
            let element = self.parse_range()?;
            height = height.max(element.height);
            row.push(element.expr);
            self.skip_newlines();
            if !self.eat(&Tok::Comma) {
                return Ok((row, height));
            }
            self.skip_newlines();
        }
    }

    /// `'{' [ range { ',' range } [','] ] '}'`.
    fn cell(&mut self) -> LangResult<Node> {
        let open = self.bump().span;
        self.skip_newlines();
        let mut items = Vec::new();
        let mut height = 0;
        while !self.at(&Tok::RBrace) {
            let item = self.parse_range()?;
            height = height.max(item.height);
            items.push(item.expr);
            self.skip_newlines();
            if !self.eat(&Tok::Comma) {
                break;
            }
            self.skip_newlines();
        }
        let close = self.expect(&Tok::RBrace)?;
        self.node(ExprKind::Cell(items), open.to(close), height)
    }

    /// `@(params) body` (the body is a range; its text is kept for display) or `@name`.
    fn lambda_or_handle(&mut self) -> LangResult<Node> {
        let at = self.bump().span;
        if !self.at(&Tok::LParen) {
            let what = "expected function name or '(' after '@'";
            let (name, name_span) = self.expect_ident(what)?;
            return self.node(ExprKind::Handle(name), at.to(name_span), 0);
        }
        self.bump();
        let params = self.name_list(&Tok::RParen, "expected parameter name")?;
        self.expect(&Tok::RParen)?;
        let body = self.parse_range()?;
        let text = self.source_text(body.expr.span);
        let span = at.to(body.expr.span);
        let def = LambdaDef {
            params,
            body: body.expr,
            text,
        };
        self.node(ExprKind::Lambda(Arc::new(def)), span, body.height)
    }

    /// `[ NAME { ',' NAME } ]` up to (not including) `close`.
    pub(super) fn name_list(&mut self, close: &Tok, what: &str) -> LangResult<Vec<Name>> {
        let mut names = Vec::new();
        if self.at(close) {
            return Ok(names);
        }
        loop {
            let (text, _) = self.expect_ident(what)?;
            names.push(self.name(&text));
            if !self.eat(&Tok::Comma) {
                return Ok(names);
            }
        }
    }
}
