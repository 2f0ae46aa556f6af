//! Command words at the start of a statement (spec §3.1): `hold on|off`, `grid on|off`,
//! `close`, `close all`, `close N`, `format <word>`, `viewer <words...>`, and the bare
//! statements `clear`, `clf`, `break`, `continue`. None of these words is reserved: followed
//! by `(` (`hold("on")`, `close(2)`) or by an assignment they start an ordinary statement.

use super::Parser;
use crate::ast::{ExprKind, Span, Stmt, StmtKind};
use crate::error::{LangError, LangResult};
use crate::lexer::Tok;

impl Parser<'_> {
    /// The command statement `name` starts here, or `None` for an ordinary statement.
    pub(super) fn try_command(&mut self, name: &str) -> LangResult<Option<Stmt>> {
        if !COMMAND_WORDS.contains(&name) {
            return Ok(None);
        }
        let words = self.words_after_name();
        let bare = words.as_ref().is_some_and(Vec::is_empty);
        let kind = match (name, words) {
            ("break", _) if bare => StmtKind::Break,
            ("continue", _) if bare => StmtKind::Continue,
            ("clear" | "clf" | "whos" | "profile" | "profile_report", _) if bare => {
                command(name, Vec::new())
            }
            ("format", Some(words)) if words.len() <= 1 => command(name, words),
            ("viewer", Some(words)) => command(name, words),
            ("close", Some(words)) if words.is_empty() || words == ["all"] => command(name, words),
            ("hold" | "grid", words) => return self.on_off(name, words),
            ("close", _) if !self.is_ordinary_after_name() => return self.close_n().map(Some),
            _ => return Ok(None),
        };
        Ok(Some(self.finish_command(kind)?))
    }

    /// The words (identifiers) after the command name when a statement end follows them;
    /// `None` when something else follows.
    fn words_after_name(&self) -> Option<Vec<String>> {
        let mut words = Vec::new();
        let mut offset = 1;
        while let Tok::Ident(word) = self.peek_at(offset) {
            words.push(word.clone());
            offset += 1;
        }
        ends_statement(self.peek_at(offset)).then_some(words)
    }

    /// `hold on` / `hold off` (and `grid`); other words, or nothing, are errors as in
    /// rustlab; `hold(...)` and assignments are ordinary statements.
    fn on_off(&mut self, name: &str, words: Option<Vec<String>>) -> LangResult<Option<Stmt>> {
        let word = match self.peek_at(1) {
            Tok::Ident(word) => word.clone(),
            next if ends_statement(next) => {
                let msg = format!("{name}: expected 'on', 'off', or '(', got {next:?}");
                return Err(self.error_at_offset(1, msg));
            }
            _ => return Ok(None),
        };
        if word != "on" && word != "off" {
            let msg = format!("{name}: expected 'on' or 'off', got '{word}'");
            return Err(self.error_at_offset(1, msg));
        }
        if words.is_none_or(|w| w.len() > 1) {
            let msg = format!("expected newline or EOF, got {:?}", self.peek_at(2));
            return Err(self.error_at_offset(2, msg));
        }
        let kind = command(name, vec![word]);
        self.finish_command(kind).map(Some)
    }

    /// `close N`: an ordinary call `close(N)`.
    fn close_n(&mut self) -> LangResult<Stmt> {
        let start = self.bump().span;
        let arg = self.parse_range()?;
        let span = start.to(arg.expr.span);
        let kind = ExprKind::CallOrIndex {
            name: self.var("close"),
            args: vec![arg.expr],
        };
        let call = self.node(kind, span, arg.height)?;
        self.finish(StmtKind::Expr(call.expr), span)
    }

    /// True when the token after the name makes the name an ordinary operand: a call,
    /// an assignment, field access, or the end of the statement.
    fn is_ordinary_after_name(&self) -> bool {
        let next = self.peek_at(1);
        ends_statement(next)
            || matches!(
                next,
                Tok::LParen | Tok::Eq | Tok::PlusEq | Tok::MinusEq | Tok::StarEq | Tok::SlashEq
            )
            || matches!(next, Tok::Dot | Tok::Apostrophe | Tok::DotApostrophe)
    }

    /// Consume the command name and its words; the span covers them all.
    fn finish_command(&mut self, kind: StmtKind) -> LangResult<Stmt> {
        let start = self.bump().span;
        let mut span: Span = start;
        while let Tok::Ident(_) = self.peek() {
            span = start.to(self.bump().span);
        }
        self.finish(kind, span)
    }

    fn error_at_offset(&self, offset: usize, msg: String) -> LangError {
        LangError::parse(msg, self.token_at(offset).span)
    }
}

/// The words that may start a command statement.
const COMMAND_WORDS: [&str; 12] = [
    "break",
    "continue",
    "clear",
    "clf",
    "format",
    "viewer",
    "close",
    "hold",
    "grid",
    "whos",
    "profile",
    "profile_report",
];

fn command(name: &str, args: Vec<String>) -> StmtKind {
    StmtKind::Command {
        name: name.to_string(),
        args,
    }
}

/// Tokens that may follow a complete statement.
fn ends_statement(tok: &Tok) -> bool {
    matches!(
        tok,
        Tok::Newline
            | Tok::Eof
            | Tok::Semicolon
            | Tok::Comma
            | Tok::End
            | Tok::Else
            | Tok::ElseIf
            | Tok::Case
            | Tok::Otherwise
    )
}
