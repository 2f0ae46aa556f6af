//! Spans of expressions and statements: source id, line, column in characters, byte range;
//! block statements span their header only.

use super::*;
use crate::ast::Span;

fn span_of(stmt: &Stmt) -> (u32, u32, u32, u32) {
    let s = stmt.span;
    (s.line, s.col, s.start, s.end)
}

#[test]
fn simple_statement_spans_cover_their_tokens_without_the_semicolon() {
    let p = program("x = 1 + 2;\n  y(3) = 4");
    assert_eq!(span_of(&p.stmts[0]), (1, 1, 0, 9));
    assert_eq!(span_of(&p.stmts[1]), (2, 3, 13, 21));
}

#[test]
fn block_statements_span_their_header() {
    let text = "for k = 1:3\n x = k;\nend";
    let p = program(text);
    assert_eq!(span_of(&p.stmts[0]), (1, 1, 0, 11));
    let text = "if a > 1, b = 2; end";
    assert_eq!(span_of(&program(text).stmts[0]), (1, 1, 0, 8));
    let text = "function [a, b] = f(x, ...\n y)\n a = 1;\nend";
    let p = program(text);
    assert_eq!(span_of(&p.stmts[0]), (1, 1, 0, 30));
    let StmtKind::Function(def) = &p.stmts[0].kind else {
        panic!("not a function");
    };
    assert_eq!(def.span, p.stmts[0].span);
    assert_eq!(span_of(&def.body[0]), (3, 2, 32, 37));
}

#[test]
fn expression_spans() {
    let e = parse_expression("f(a, b)'", 7).unwrap();
    assert_eq!(
        e.span,
        Span {
            source: 7,
            line: 1,
            col: 1,
            start: 0,
            end: 8
        }
    );
    let ExprKind::Transpose { operand, .. } = &e.kind else {
        panic!("not a transpose");
    };
    assert_eq!((operand.span.start, operand.span.end), (0, 7));
    let e = parse_expression("(a + b) * c", 0).unwrap();
    let ExprKind::Binary(_, lhs, rhs) = &e.kind else {
        panic!("not binary");
    };
    assert_eq!((lhs.span.start, lhs.span.end), (0, 7));
    assert_eq!((rhs.span.start, rhs.span.end, rhs.span.col), (10, 11, 11));
}

#[test]
fn columns_count_characters() {
    let p = program("s = \"héé\"; t = 1");
    assert_eq!(span_of(&p.stmts[1]), (1, 12, 13, 18));
}

#[test]
fn every_span_carries_the_source_id() {
    let p = parse_program("x = [1 2]\nif x, y = f(x); end", 42).unwrap();
    assert!(p.stmts.iter().all(|s| s.span.source == 42));
    let StmtKind::Assign { value, .. } = &p.stmts[0].kind else {
        panic!("not an assignment");
    };
    assert_eq!(value.span.source, 42);
}

#[test]
fn command_and_run_spans() {
    let p = program("hold on;\nrun ../a.rlab");
    assert_eq!(span_of(&p.stmts[0]), (1, 1, 0, 7));
    assert_eq!(span_of(&p.stmts[1]), (2, 1, 9, 22));
}
