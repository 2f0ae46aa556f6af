//! Error messages (spec §13.1, in rustlab's words where it gives them), error spans, and
//! the bounds that keep hostile input from exhausting the stack.

use super::*;

#[test]
fn rustlab_messages() {
    assert_eq!(perr("hold(\"on\""), "expected RParen, got Eof");
    assert_eq!(
        perr("function f(a\n x = 1\nend"),
        "expected RParen, got Newline"
    );
    assert_eq!(
        perr("x = (1 +\n2)"),
        "unexpected token in expression: Newline"
    );
    assert_eq!(
        perr("if x > 1\n y = 2\n"),
        "unexpected end of input: missing 'end' for 'if'"
    );
    assert_eq!(perr("x = 1\nend"), "unexpected 'end' outside of function");
    assert_eq!(perr("else\n"), "unexpected 'Else' without matching 'if'");
    assert_eq!(
        perr("elseif x\n"),
        "unexpected 'ElseIf' without matching 'if'"
    );
    assert_eq!(
        perr("function f()\n x = 1\n"),
        "unexpected end of input: missing 'end' for function"
    );
    assert_eq!(perr("x = 1 2"), "expected newline or EOF, got Number(2.0)");
    assert_eq!(
        perr("for 1 = 2\nend"),
        "expected loop variable after 'for', got Number(1.0)"
    );
    assert_eq!(
        perr("function 3()\nend"),
        "expected function name, got Number(3.0)"
    );
    assert_eq!(
        perr("function [] = f()\nend"),
        "expected identifier in function output list, got RBracket"
    );
    assert_eq!(
        perr("function [a, 1] = f()\nend"),
        "expected identifier in function output list, got Number(1.0)"
    );
    assert_eq!(
        perr("function f(a, 2)\nend"),
        "expected parameter name, got Number(2.0)"
    );
    assert_eq!(
        perr("g = @(1) 2"),
        "expected parameter name, got Number(1.0)"
    );
    assert_eq!(
        perr("g = @ + 1"),
        "expected function name or '(' after '@', got Plus"
    );
}

#[test]
fn missing_end_names_the_construct() {
    assert_eq!(
        perr("for k = 1:3\n x"),
        "unexpected end of input: missing 'end' for 'for'"
    );
    assert_eq!(
        perr("while 1\n"),
        "unexpected end of input: missing 'end' for 'while'"
    );
    assert_eq!(
        perr("if a\nelseif b\n"),
        "unexpected end of input: missing 'end' for 'elseif'"
    );
    assert_eq!(
        perr("if a\nelse\n"),
        "unexpected end of input: missing 'end' for 'else'"
    );
    assert_eq!(
        perr("switch x\n case 1\n"),
        "unexpected end of input: missing 'end' for 'switch'"
    );
    assert_eq!(
        perr("switch x\n"),
        "unexpected end of input: missing 'end' for 'switch'"
    );
}

#[test]
fn newlines_are_not_skipped_inside_operator_expressions_or_matrix_rows() {
    assert_eq!(perr("x = [1 2\n3 4]"), "expected RBracket, got Number(3.0)");
    assert_eq!(perr("x = (1\n+ 2)"), "expected RParen, got Plus");
    assert_eq!(
        perr("x = 1 +\n2"),
        "unexpected token in expression: Newline"
    );
}

#[test]
fn indexed_assignment_rules() {
    assert_eq!(
        perr("x(i) += 1"),
        "compound assignment '+=' needs a plain variable on the left"
    );
    assert_eq!(
        perr("s.f -= 1"),
        "compound assignment '-=' needs a plain variable on the left"
    );
    assert_eq!(perr("a.b.c = v"), "expected newline or EOF, got Eq");
    assert_eq!(perr("a.b(2) = v"), "expected newline or EOF, got Eq");
    assert_eq!(perr("x(1,\n2) = 3"), "expected newline or EOF, got Eq");
    assert_eq!(
        perr("x() = 3"),
        "indexed assignment to 'x' needs at least one index"
    );
}

#[test]
fn statement_boundaries() {
    assert_eq!(
        perr("if c x = 1; end"),
        "expected newline or EOF, got Ident(\"x\")"
    );
    assert_eq!(
        perr("x = 1 y = 2"),
        "expected newline or EOF, got Ident(\"y\")"
    );
    assert_eq!(
        perr("return x"),
        "expected newline or EOF, got Ident(\"x\")"
    );
    assert_eq!(
        perr("case 1"),
        "unexpected 'case' without matching 'switch'"
    );
    assert_eq!(
        perr("otherwise"),
        "unexpected 'otherwise' without matching 'switch'"
    );
    assert_eq!(
        perr("for k = 1:3\n else\nend"),
        "unexpected 'Else' without matching 'if'"
    );
    assert_eq!(
        perr("switch x\n y\nend"),
        "expected 'case', 'otherwise', or 'end' in switch, got Ident(\"y\")"
    );
    assert_eq!(
        perr("switch x\n otherwise\n case 1\nend"),
        "'otherwise' must be the last branch of 'switch'"
    );
    assert_eq!(perr("x = 3i"), "expected newline or EOF, got Ident(\"i\")");
    assert_eq!(
        perr("x = [1, 2,]"),
        "unexpected token in expression: RBracket"
    );
    assert_eq!(perr("f(1,)"), "unexpected token in expression: RParen");
}

#[test]
fn command_errors() {
    assert_eq!(perr("hold"), "hold: expected 'on', 'off', or '(', got Eof");
    assert_eq!(
        perr("grid;"),
        "grid: expected 'on', 'off', or '(', got Semicolon"
    );
    assert_eq!(
        perr("hold maybe"),
        "hold: expected 'on' or 'off', got 'maybe'"
    );
    assert_eq!(
        perr("hold on now"),
        "expected newline or EOF, got Ident(\"now\")"
    );
    assert_eq!(perr("clear x"), "expected newline or EOF, got Ident(\"x\")");
}

#[test]
fn lex_errors_come_through() {
    for (text, msg) in [
        ("a ~= b", "unexpected character: '~'"),
        ("s = \"abc", "unterminated string literal"),
        ("x = 1..2", "invalid number: 1..2"),
        ("x = s.(1)", "unexpected character: '.'"),
    ] {
        let e = parse_err(text);
        assert_eq!((e.kind, e.message.as_str()), (ErrorKind::Lex, msg));
    }
}

#[test]
fn error_spans_point_at_the_offending_token() {
    let e = parse_err("x = 1\ny = (1 +\n2)");
    let span = e.span.unwrap();
    assert_eq!((span.line, span.col), (2, 9));
    let e = parse_err("x = [1 2\n3 4]");
    let span = e.span.unwrap();
    assert_eq!((span.line, span.col, span.start, span.end), (2, 1, 9, 10));
    let e = parse_err("y = 1;\nif x\n  z = 2;\n");
    let span = e.span.unwrap();
    assert_eq!(
        (span.line, span.col),
        (2, 1),
        "a missing 'end' points at its opener"
    );
    assert!(!e.message.contains("line"));
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("x = {}1{}", "(".repeat(300), ")".repeat(300));
    assert_eq!(perr(&deep), "nesting too deep");
    let ok = format!("x = {}1{}", "(".repeat(200), ")".repeat(200));
    assert!(parse_program(&ok, 0).is_ok());
    assert_eq!(
        perr(&format!("x = {}1", "-".repeat(1000))),
        "nesting too deep"
    );
    assert_eq!(
        perr(&format!("x = {}1{}", "[".repeat(300), "]".repeat(300))),
        "nesting too deep"
    );
    assert_eq!(
        perr(&format!("x = 2{}", "^2".repeat(300))),
        "nesting too deep"
    );
    let blocks = format!("{}{}", "if 1\n".repeat(300), "end\n".repeat(300));
    assert_eq!(perr(&blocks), "nesting too deep");
    let lambdas = format!("f = {}1", "@() ".repeat(300));
    assert_eq!(perr(&lambdas), "nesting too deep");
}

#[test]
fn long_operator_chains_are_bounded() {
    let msg = "expression too complex: more than 1024 nested operations";
    assert_eq!(perr(&format!("x = 1{}", " + 1".repeat(2000))), msg);
    assert_eq!(perr(&format!("x = a{}", "'".repeat(2000))), msg);
    assert_eq!(perr(&format!("x = a{}", "(1)".repeat(2000))), msg);
    assert_eq!(perr(&format!("x = s{}", ".f".repeat(2000))), msg);
    let nested_chains = format!(
        "x = {}1{}",
        "(".repeat(200),
        " + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1)".repeat(200)
    );
    assert_eq!(perr(&nested_chains), msg);
    assert!(parse_program(&format!("x = 1{}", " + 1".repeat(1000)), 0).is_ok());
}

#[test]
fn deep_input_does_not_overflow_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let deep = format!("x = {}1{}", "(".repeat(255), ")".repeat(255));
            parse_program(&deep, 0).is_ok()
        })
        .unwrap();
    assert!(handle.join().unwrap());
}
