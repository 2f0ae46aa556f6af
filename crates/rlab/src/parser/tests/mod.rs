//! Unit tests of the parser, with helpers that print trees as compact S-expressions:
//! `(+ a (* b c))`, `(call f 1 end)`, `[1 2; 3 4]`, `(@ (x) (^ x 2))`.

mod errors;
mod expr;
mod spans;
mod stmt;

use super::{parse_expression, parse_program};
use crate::ast::{Expr, ExprKind, Program, Stmt, StmtKind, UnOp};
use crate::error::{ErrorKind, LangError};

/// Parse one expression and print it.
fn ex(text: &str) -> String {
    match parse_expression(text, 0) {
        Ok(e) => sexp(&e),
        Err(e) => panic!("parse error in {text:?}: {e}"),
    }
}

fn program(text: &str) -> Program {
    parse_program(text, 0).unwrap_or_else(|e| panic!("parse error in {text:?}: {e}"))
}

/// Parse a program and print each statement on its own line.
fn prog(text: &str) -> String {
    let stmts: Vec<String> = program(text).stmts.iter().map(stmt_sexp).collect();
    stmts.join("\n")
}

/// The parse error of a program (panics when it parses).
fn parse_err(text: &str) -> LangError {
    match parse_program(text, 0) {
        Ok(p) => panic!("expected an error for {text:?}, got {p:?}"),
        Err(e) => e,
    }
}

/// The message of a parse (not lex) error.
fn perr(text: &str) -> String {
    let e = parse_err(text);
    assert_eq!(e.kind, ErrorKind::Parse, "{text:?}: {e}");
    assert!(e.span.is_some(), "{text:?}: parse error without span");
    e.message
}

fn list(items: &[Expr]) -> String {
    items.iter().map(sexp).collect::<Vec<_>>().join(" ")
}

fn tagged(tag: &str, parts: &[String]) -> String {
    let mut all = vec![tag.to_string()];
    all.extend(parts.iter().filter(|p| !p.is_empty()).cloned());
    format!("({})", all.join(" "))
}

fn sexp(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Number(x) => format!("{x}"),
        ExprKind::IntLit(x) => format!("{x}u"),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Ident(name) => name.to_string(),
        ExprKind::End => "end".into(),
        ExprKind::Colon => ":".into(),
        ExprKind::Unary(UnOp::Neg, x) => tagged("neg", &[sexp(x)]),
        ExprKind::Unary(UnOp::Not, x) => tagged("!", &[sexp(x)]),
        ExprKind::Binary(op, a, b) => tagged(op.symbol(), &[sexp(a), sexp(b)]),
        ExprKind::Range { start, step, stop } => {
            let step = step.as_deref().map(sexp).unwrap_or_default();
            tagged(":", &[sexp(start), step, sexp(stop)])
        }
        ExprKind::Transpose { operand, conjugate } => {
            tagged(if *conjugate { "'" } else { ".'" }, &[sexp(operand)])
        }
        ExprKind::CallOrIndex { name, args } => tagged("call", &[name.to_string(), list(args)]),
        ExprKind::Index { target, args } => tagged("index", &[sexp(target), list(args)]),
        ExprKind::Field { target, name } => tagged(".", &[sexp(target), name.clone()]),
        ExprKind::MethodCall { target, name, args } => {
            tagged("method", &[sexp(target), name.clone(), list(args)])
        }
        ExprKind::Matrix(rows) => {
            let rows: Vec<String> = rows.iter().map(|r| list(r)).collect();
            format!("[{}]", rows.join("; "))
        }
        ExprKind::Cell(items) => format!("{{{}}}", list(items)),
        ExprKind::Lambda(def) => {
            let params: Vec<&str> = def.params.iter().map(|p| p.as_str()).collect();
            let params = format!("({})", params.join(" "));
            tagged("@", &[params, sexp(&def.body)])
        }
        ExprKind::Handle(name) => format!("@{name}"),
    }
}

fn block(stmts: &[Stmt]) -> String {
    let inner: Vec<String> = stmts.iter().map(stmt_sexp).collect();
    format!("{{{}}}", inner.join(" "))
}

fn stmt_sexp(s: &Stmt) -> String {
    let text = match &s.kind {
        StmtKind::Expr(e) => sexp(e),
        StmtKind::Assign { name, op, value } => {
            let op = op.map_or(String::new(), |o| o.symbol().to_string());
            format!("{name} {op}= {}", sexp(value))
        }
        StmtKind::IndexAssign { name, args, value } => {
            format!("{name}({}) = {}", list(args), sexp(value))
        }
        StmtKind::FieldAssign { name, field, value } => {
            format!("{name}.{field} = {}", sexp(value))
        }
        StmtKind::MultiAssign { names, value } => {
            let names: Vec<&str> = names.iter().map(|n| &**n).collect();
            format!("[{}] = {}", names.join(" "), sexp(value))
        }
        StmtKind::If {
            branches,
            otherwise,
        } => {
            let mut out: Vec<String> = branches
                .iter()
                .map(|(c, b)| format!("if {} {}", sexp(c), block(b)))
                .collect();
            if let Some(b) = otherwise {
                out.push(format!("else {}", block(b)));
            }
            out.join(" ")
        }
        StmtKind::For { var, iter, body } => format!("for {var} = {} {}", sexp(iter), block(body)),
        StmtKind::While { cond, body } => format!("while {} {}", sexp(cond), block(body)),
        StmtKind::Switch {
            subject,
            cases,
            otherwise,
        } => {
            let mut out = vec![format!("switch {}", sexp(subject))];
            out.extend(
                cases
                    .iter()
                    .map(|(v, b)| format!("case {} {}", sexp(v), block(b))),
            );
            if let Some(b) = otherwise {
                out.push(format!("otherwise {}", block(b)));
            }
            out.join(" ")
        }
        StmtKind::Function(def) => format!(
            "function [{}] = {}({}) {}",
            def.outputs.join(" "),
            def.name,
            def.params.join(" "),
            block(&def.body)
        ),
        StmtKind::Return => "return".into(),
        StmtKind::Break => "break".into(),
        StmtKind::Continue => "continue".into(),
        StmtKind::Run(path) => format!("run {path:?}"),
        StmtKind::Import(path) => format!("import {path:?}"),
        StmtKind::Command { name, args } => format!("cmd {name} {args:?}"),
    };
    if s.suppressed {
        format!("{text};")
    } else {
        text
    }
}
