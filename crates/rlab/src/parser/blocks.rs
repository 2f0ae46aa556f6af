//! Block statements: `if`/`elseif`/`else`, `for`, `while`, `switch`/`case`/`otherwise`
//! and `function` definitions (three output forms, optional parameter list), each closed
//! by `end`. A block statement's span is its header (keyword through condition, iterable
//! or signature), so a caret under it stays on one line.

use super::Parser;
use super::stmt::BodyEnd;
use crate::ast::{Expr, FunctionDef, Name, Span, Stmt, StmtKind};
use crate::error::{LangError, LangResult};
use crate::lexer::Tok;
use std::sync::Arc;

impl Parser<'_> {
    pub(super) fn parse_if(&mut self) -> LangResult<Stmt> {
        self.nested(|p| {
            let (cond, header) = p.keyword_and_condition()?;
            let stops = [Tok::End, Tok::Else, Tok::ElseIf];
            let body = p.body_until(&stops, "'if'", header)?;
            let mut branches = vec![(cond, body)];
            let mut otherwise = None;
            loop {
                match p.peek() {
                    Tok::ElseIf => {
                        let (cond, _) = p.keyword_and_condition()?;
                        branches.push((cond, p.body_until(&stops, "'elseif'", header)?));
                    }
                    Tok::Else => {
                        p.bump();
                        otherwise = Some(p.body_until(&[Tok::End], "'else'", header)?);
                    }
                    _ => break,
                }
            }
            let kind = StmtKind::If {
                branches,
                otherwise,
            };
            p.close_block(kind, header)
        })
    }

    pub(super) fn parse_for(&mut self) -> LangResult<Stmt> {
        self.nested(|p| {
            let start = p.bump().span;
            let (var, _) = p.expect_ident("expected loop variable after 'for'")?;
            p.expect(&Tok::Eq)?;
            let iter = p.parse_range()?.expr;
            let header = p.span_since(start);
            p.finish_statement()?;
            let body = p.body_until(&[Tok::End], "'for'", header)?;
            let var = p.var(&var);
            p.close_block(StmtKind::For { var, iter, body }, header)
        })
    }

    pub(super) fn parse_while(&mut self) -> LangResult<Stmt> {
        self.nested(|p| {
            let (cond, header) = p.keyword_and_condition()?;
            let body = p.body_until(&[Tok::End], "'while'", header)?;
            p.close_block(StmtKind::While { cond, body }, header)
        })
    }

    pub(super) fn parse_switch(&mut self) -> LangResult<Stmt> {
        self.nested(|p| {
            let (subject, header) = p.keyword_and_condition()?;
            let mut cases = Vec::new();
            let mut otherwise = None;
            loop {
                while matches!(p.peek(), Tok::Newline | Tok::Semicolon | Tok::Comma) {
                    p.bump();
                }
                match p.peek() {
                    Tok::Case if otherwise.is_none() => {
                        let (value, _) = p.keyword_and_condition()?;
                        let stops = [Tok::Case, Tok::Otherwise, Tok::End];
                        cases.push((value, p.body_until(&stops, "'switch'", header)?));
                    }
                    Tok::Otherwise if otherwise.is_none() => {
                        p.bump();
                        let stops = [Tok::Case, Tok::Otherwise, Tok::End];
                        otherwise = Some(p.body_until(&stops, "'switch'", header)?);
                    }
                    Tok::Case | Tok::Otherwise => {
                        return Err(p.error_here("'otherwise' must be the last branch of 'switch'"));
                    }
                    Tok::End => break,
                    Tok::Eof => {
                        let msg = "unexpected end of input: missing 'end' for 'switch'";
                        return Err(LangError::parse(msg, header));
                    }
                    other => {
                        let msg = format!(
                            "expected 'case', 'otherwise', or 'end' in switch, got {other:?}"
                        );
                        return Err(p.error_here(msg));
                    }
                }
            }
            let kind = StmtKind::Switch {
                subject,
                cases,
                otherwise,
            };
            p.close_block(kind, header)
        })
    }

    /// `function [outs] = name(params)`, `function out = name(params)` or
    /// `function name(params)`; without parentheses the function has no parameters.
    pub(super) fn parse_function(&mut self) -> LangResult<Stmt> {
        self.nested(|p| {
            let start = p.bump().span;
            p.skip_newlines();
            let (outputs, name) = p.function_outputs_and_name()?;
            let mut params = Vec::new();
            if p.eat(&Tok::LParen) {
                params = p.name_list(&Tok::RParen, "expected parameter name")?;
                p.expect(&Tok::RParen)?;
            }
            let header = p.span_since(start);
            p.finish_statement()?;
            let body = p.body_until(&[Tok::End], "function", header)?;
            let def = FunctionDef {
                name,
                params,
                outputs,
                body,
                span: header,
            };
            p.close_block(StmtKind::Function(Arc::new(def)), header)
        })
    }

    fn function_outputs_and_name(&mut self) -> LangResult<(Vec<Name>, String)> {
        if self.eat(&Tok::LBracket) {
            let what = "expected identifier in function output list";
            if self.at(&Tok::RBracket) {
                return Err(self.error_here(format!("{what}, got RBracket")));
            }
            let outputs = self.name_list(&Tok::RBracket, what)?;
            self.expect(&Tok::RBracket)?;
            self.expect(&Tok::Eq)?;
            let (name, _) = self.expect_ident("expected function name after '='")?;
            return Ok((outputs, name));
        }
        let (first, _) = self.expect_ident("expected function name")?;
        let is_output = *self.peek() == Tok::Eq && matches!(self.peek_at(1), Tok::Ident(_));
        if !is_output {
            return Ok((Vec::new(), first));
        }
        self.bump();
        let (name, _) = self.expect_ident("expected function name after '='")?;
        Ok((vec![self.name(&first)], name))
    }

    /// The keyword (`if`, `elseif`, `while`, `switch`, `case`), its expression and the
    /// header terminator; returns the expression and the header span.
    fn keyword_and_condition(&mut self) -> LangResult<(Expr, Span)> {
        let start = self.bump().span;
        let cond = self.parse_range()?.expr;
        let header = self.span_since(start);
        self.finish_statement()?;
        Ok((cond, header))
    }

    /// The body of a construct whose header is `opener` (where a missing `end` is reported).
    fn body_until(
        &mut self,
        stops: &[Tok],
        construct: &str,
        opener: Span,
    ) -> LangResult<Vec<Stmt>> {
        self.parse_body(BodyEnd {
            stops,
            missing_end: Some((construct, opener)),
        })
    }

    /// Consume the closing `end` (and a `;` after it).
    fn close_block(&mut self, kind: StmtKind, header: Span) -> LangResult<Stmt> {
        self.expect(&Tok::End)?;
        let suppressed = self.eat(&Tok::Semicolon);
        Ok(Stmt {
            kind,
            span: header,
            suppressed,
        })
    }
}
