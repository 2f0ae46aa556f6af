//! Statements (spec §3.1): the statement loop of a block, dispatch by look-ahead (keyword,
//! multi-assignment, field assignment, indexed assignment, assignment, expression), and
//! the statement terminator rule (`;` suppresses; then a newline, `,`, the end of input or
//! a block keyword).

use super::Parser;
use crate::ast::{BinOp, Span, Stmt, StmtKind, Var};
use crate::error::{LangError, LangResult};
use crate::lexer::Tok;

/// Where a body of statements stops: the tokens that end it, and what to call the
/// construct when the input ends first (`None` at top level, where that is normal).
pub(super) struct BodyEnd<'t> {
    pub(super) stops: &'t [Tok],
    /// The construct being closed and its header, for `missing 'end'` errors.
    pub(super) missing_end: Option<(&'t str, Span)>,
}

impl Parser<'_> {
    pub(super) fn parse_top_level(&mut self) -> LangResult<Vec<Stmt>> {
        self.parse_body(BodyEnd {
            stops: &[],
            missing_end: None,
        })
    }

    /// Statements up to (not including) one of `end.stops`.
    pub(super) fn parse_body(&mut self, end: BodyEnd<'_>) -> LangResult<Vec<Stmt>> {
        let mut stmts = Vec::new();
        loop {
            while matches!(self.peek(), Tok::Newline | Tok::Semicolon | Tok::Comma) {
                self.bump();
            }
            if end.stops.contains(self.peek()) {
                return Ok(stmts);
            }
            let msg = match (self.peek(), end.missing_end) {
                (Tok::Eof, None) => return Ok(stmts),
                (Tok::Eof, Some((what, opener))) => {
                    let msg = format!("unexpected end of input: missing 'end' for {what}");
                    return Err(LangError::parse(msg, opener));
                }
                (Tok::End, _) => "unexpected 'end' outside of function".to_string(),
                (tok @ (Tok::Else | Tok::ElseIf), _) => {
                    format!("unexpected '{tok:?}' without matching 'if'")
                }
                (Tok::Case, _) => "unexpected 'case' without matching 'switch'".to_string(),
                (Tok::Otherwise, _) => {
                    "unexpected 'otherwise' without matching 'switch'".to_string()
                }
                _ => {
                    stmts.push(self.parse_statement()?);
                    continue;
                }
            };
            return Err(self.error_here(msg));
        }
    }

    fn parse_statement(&mut self) -> LangResult<Stmt> {
        match self.peek() {
            Tok::Function => self.parse_function(),
            Tok::If => self.parse_if(),
            Tok::For => self.parse_for(),
            Tok::While => self.parse_while(),
            Tok::Switch => self.parse_switch(),
            Tok::Return => {
                let span = self.bump().span;
                self.finish(StmtKind::Return, span)
            }
            Tok::RunPath(path) => {
                let kind = StmtKind::Run(path.clone());
                let span = self.bump().span;
                self.finish(kind, span)
            }
            Tok::CacheCommand(words) => {
                let args = words.split_whitespace().map(String::from).collect();
                let kind = StmtKind::Command {
                    name: "cache".to_string(),
                    args,
                };
                let span = self.bump().span;
                self.finish(kind, span)
            }
            Tok::ImportPath(path) => {
                let kind = StmtKind::Import(path.clone());
                let span = self.bump().span;
                self.finish(kind, span)
            }
            Tok::LBracket if self.is_multi_assign() => self.parse_multi_assign(),
            Tok::Ident(name) => {
                let name = name.clone();
                self.parse_name_statement(name)
            }
            _ => self.parse_expr_statement(),
        }
    }

    /// A statement starting with a name: a command word, a field, indexed or plain
    /// assignment, or an expression.
    fn parse_name_statement(&mut self, name: String) -> LangResult<Stmt> {
        if let Some(stmt) = self.try_command(&name)? {
            return Ok(stmt);
        }
        if self.is_field_assign() {
            self.parse_field_assign(name)
        } else if self.is_index_assign() {
            self.parse_index_assign(name)
        } else if self.is_assign() {
            self.parse_assign(name)
        } else {
            self.parse_expr_statement()
        }
    }

    pub(super) fn parse_expr_statement(&mut self) -> LangResult<Stmt> {
        let node = self.parse_range()?;
        if let Some(op) = compound_op(self.peek()) {
            let msg = format!(
                "compound assignment '{}=' needs a plain variable on the left",
                op.symbol()
            );
            return Err(self.error_here(msg));
        }
        let span = node.expr.span;
        self.finish(StmtKind::Expr(node.expr), span)
    }

    /// `[a, b, ...] = value`.
    fn parse_multi_assign(&mut self) -> LangResult<Stmt> {
        let start = self.bump().span;
        let names = self.name_list(&Tok::RBracket, "expected name in multi-assign list")?;
        let names = names.into_iter().map(Var::new).collect();
        self.expect(&Tok::RBracket)?;
        self.bump();
        let value = self.parse_range()?.expr;
        let span = self.span_since(start);
        self.finish(StmtKind::MultiAssign { names, value }, span)
    }

    /// `name.field = value`.
    fn parse_field_assign(&mut self, name: String) -> LangResult<Stmt> {
        let start = self.bump().span;
        self.bump();
        let (field, _) = self.expect_ident("expected field name after '.'")?;
        self.bump();
        let value = self.parse_range()?.expr;
        let span = self.span_since(start);
        self.finish(StmtKind::FieldAssign { name, field, value }, span)
    }

    /// `name(args) = value`.
    fn parse_index_assign(&mut self, name: String) -> LangResult<Stmt> {
        let start = self.bump().span;
        let args = self.parse_args()?;
        if args.exprs.is_empty() {
            let msg = format!("indexed assignment to '{name}' needs at least one index");
            return Err(LangError::parse(msg, start.to(args.close)));
        }
        self.bump();
        let value = self.parse_range()?.expr;
        let span = self.span_since(start);
        let args = args.exprs;
        let name = self.var(&name);
        self.finish(StmtKind::IndexAssign { name, args, value }, span)
    }

    /// `name = value` or `name op= value`.
    fn parse_assign(&mut self, name: String) -> LangResult<Stmt> {
        let start = self.bump().span;
        let op = compound_op(self.peek());
        self.bump();
        let value = self.parse_range()?.expr;
        let span = self.span_since(start);
        let name = self.var(&name);
        self.finish(StmtKind::Assign { name, op, value }, span)
    }

    /// `[` NAME { `,` NAME } `]` `=` (not `==`), checked without consuming.
    fn is_multi_assign(&self) -> bool {
        let mut offset = 1;
        loop {
            if !matches!(self.peek_at(offset), Tok::Ident(_)) {
                return false;
            }
            match self.peek_at(offset + 1) {
                Tok::Comma => offset += 2,
                Tok::RBracket => return self.is_single_eq(offset + 2),
                _ => return false,
            }
        }
    }

    /// NAME `.` NAME `=`.
    fn is_field_assign(&self) -> bool {
        *self.peek_at(1) == Tok::Dot
            && matches!(self.peek_at(2), Tok::Ident(_))
            && self.is_single_eq(3)
    }

    /// NAME `(` ... `)` `=`, the matching `)` searched on the same line.
    fn is_index_assign(&self) -> bool {
        if *self.peek_at(1) != Tok::LParen {
            return false;
        }
        let mut depth = 0usize;
        let mut offset = 1;
        loop {
            match self.peek_at(offset) {
                Tok::LParen => depth += 1,
                Tok::RParen if depth <= 1 => return self.is_single_eq(offset + 1),
                Tok::RParen => depth -= 1,
                Tok::Newline | Tok::Eof => return false,
                _ => {}
            }
            offset += 1;
        }
    }

    /// NAME followed by `=` (not `= =`) or a compound operator.
    fn is_assign(&self) -> bool {
        self.is_single_eq(1) || compound_op(self.peek_at(1)).is_some()
    }

    fn is_single_eq(&self, offset: usize) -> bool {
        *self.peek_at(offset) == Tok::Eq && *self.peek_at(offset + 1) != Tok::Eq
    }

    /// Build the statement and consume its terminator (spec §3.1).
    pub(super) fn finish(&mut self, kind: StmtKind, span: Span) -> LangResult<Stmt> {
        let suppressed = self.finish_statement()?;
        Ok(Stmt {
            kind,
            span,
            suppressed,
        })
    }

    /// An optional `;` (returned as "suppressed"), then a newline or `,` (consumed), the
    /// end of input or a block keyword (left); after `;` anything may follow.
    pub(super) fn finish_statement(&mut self) -> LangResult<bool> {
        let suppressed = self.eat(&Tok::Semicolon);
        match self.peek() {
            Tok::Newline | Tok::Comma => {
                self.bump();
            }
            Tok::Eof | Tok::End | Tok::Else | Tok::ElseIf | Tok::Case | Tok::Otherwise => {}
            _ if suppressed => {}
            other => {
                let msg = format!("expected newline or EOF, got {other:?}");
                return Err(self.error_here(msg));
            }
        }
        Ok(suppressed)
    }
}

fn compound_op(tok: &Tok) -> Option<BinOp> {
    match tok {
        Tok::PlusEq => Some(BinOp::Add),
        Tok::MinusEq => Some(BinOp::Sub),
        Tok::StarEq => Some(BinOp::Mul),
        Tok::SlashEq => Some(BinOp::Div),
        _ => None,
    }
}
