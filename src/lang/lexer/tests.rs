//! Tests of the lexer: every lexical rule and example of spec §2.

use super::*;
use crate::lang::error::ErrorKind;

fn toks(text: &str) -> Vec<Tok> {
    tokenize(text, 0, LexMode::Program)
        .unwrap_or_else(|e| panic!("lex error in {text:?}: {e}"))
        .into_iter()
        .map(|t| t.tok)
        .collect()
}

fn err(text: &str) -> LangError {
    match tokenize(text, 0, LexMode::Program) {
        Ok(tokens) => panic!("expected a lex error for {text:?}, got {tokens:?}"),
        Err(e) => e,
    }
}

use crate::lang::error::LangError;

fn id(name: &str) -> Tok {
    Tok::Ident(name.to_string())
}

fn num(x: f64) -> Tok {
    Tok::Number(x)
}

#[test]
fn numbers_with_separators_fractions_and_exponents() {
    use Tok::*;
    assert_eq!(toks("1_000"), vec![num(1000.0), Eof]);
    assert_eq!(
        toks("1e-5 2e-6 1.0e9"),
        vec![num(1e-5), num(2e-6), num(1e9), Eof]
    );
    assert_eq!(
        toks("0.044715 .5 1. 2E+3"),
        vec![num(0.044715), num(0.5), num(1.0), num(2000.0), Eof]
    );
}

#[test]
fn dot_after_digits_before_an_operator_is_the_operator() {
    use Tok::*;
    assert_eq!(toks("2.^x"), vec![num(2.0), DotCaret, id("x"), Eof]);
    assert_eq!(toks("1./x"), vec![num(1.0), DotSlash, id("x"), Eof]);
    assert_eq!(toks("3.*x"), vec![num(3.0), DotStar, id("x"), Eof]);
    assert_eq!(toks("2.'"), vec![num(2.0), DotApostrophe, Eof]);
    assert_eq!(toks("1.5.*2"), vec![num(1.5), DotStar, num(2.0), Eof]);
}

#[test]
fn malformed_numbers_are_lex_errors() {
    let e = err("x = 1..2");
    assert_eq!(e.kind, ErrorKind::Lex);
    assert_eq!(e.message, "invalid number: 1..2");
    assert_eq!(err("1.2.3").message, "invalid number: 1.2.3");
    assert_eq!(err("y = 2e").message, "invalid number: 2e");
    assert_eq!(err("1_0e+").message, "invalid number: 10e+");
    let span = err("x = 1..2").span.unwrap();
    assert_eq!((span.col, span.start, span.end), (5, 4, 8));
}

#[test]
fn number_then_identifier_is_two_tokens() {
    assert_eq!(toks("3i"), vec![num(3.0), id("i"), Tok::Eof]);
}

#[test]
fn dot_forms() {
    use Tok::*;
    assert_eq!(toks("s.field"), vec![id("s"), Dot, id("field"), Eof]);
    assert_eq!(toks("s._x"), vec![id("s"), Dot, id("_x"), Eof]);
    assert_eq!(toks("x.'"), vec![id("x"), DotApostrophe, Eof]);
    assert_eq!(toks("a.^.5"), vec![id("a"), DotCaret, num(0.5), Eof]);
    assert_eq!(err("x = .;").message, "unexpected character: '.'");
}

#[test]
fn double_quoted_strings_have_no_escapes() {
    use Tok::*;
    assert_eq!(
        toks(r#"s = "a\n%#b""#),
        vec![id("s"), Eq, Str(r"a\n%#b".into()), Eof]
    );
    let e = err("s = \"abc\nx\"");
    assert_eq!(e.message, "unterminated string literal");
    assert_eq!(e.span.unwrap().col, 5);
    assert_eq!(err("s = 'abc").message, "unterminated string literal");
}

#[test]
fn apostrophe_is_transpose_after_operands_else_a_string() {
    use Tok::*;
    assert_eq!(toks("x'"), vec![id("x"), Apostrophe, Eof]);
    assert_eq!(toks("x '"), vec![id("x"), Apostrophe, Eof]);
    assert_eq!(toks("x''"), vec![id("x"), Apostrophe, Apostrophe, Eof]);
    assert_eq!(toks("(a)'"), vec![LParen, id("a"), RParen, Apostrophe, Eof]);
    assert_eq!(
        toks("[1]'"),
        vec![LBracket, num(1.0), RBracket, Apostrophe, Eof]
    );
    assert_eq!(toks("2'"), vec![num(2.0), Apostrophe, Eof]);
    assert_eq!(toks("x.''"), vec![id("x"), DotApostrophe, Apostrophe, Eof]);
    assert_eq!(toks("s = 'hi'"), vec![id("s"), Eq, Str("hi".into()), Eof]);
    assert_eq!(
        toks("f('a', 'b')"),
        vec![
            id("f"),
            LParen,
            Str("a".into()),
            Comma,
            Str("b".into()),
            RParen,
            Eof
        ]
    );
    assert_eq!(toks("if 'a'"), vec![If, Str("a".into()), Eof]);
}

#[test]
fn comments_and_newlines() {
    use Tok::*;
    assert_eq!(
        toks("x = 1 % note\n\n\n# more\ny"),
        vec![id("x"), Eq, num(1.0), Newline, id("y"), Eof]
    );
    assert_eq!(
        toks("[1 % c\n; 2]"),
        vec![
            LBracket,
            num(1.0),
            Newline,
            Semicolon,
            num(2.0),
            RBracket,
            Eof
        ]
    );
    assert_eq!(toks("\n\nx"), vec![Newline, id("x"), Eof]);
}

#[test]
fn continuation_joins_lines() {
    use Tok::*;
    assert_eq!(
        toks("x = 1 + ... anything\n 2"),
        vec![id("x"), Eq, num(1.0), Plus, num(2.0), Eof]
    );
    assert_eq!(
        toks("f(a, ...\n b)"),
        vec![id("f"), LParen, id("a"), Comma, id("b"), RParen, Eof]
    );
    assert_eq!(
        toks("x = 2...\n+1"),
        vec![id("x"), Eq, num(2.0), Plus, num(1.0), Eof]
    );
    let tokens = tokenize("a ...\n  b", 0, LexMode::Program).unwrap();
    assert_eq!((tokens[1].span.line, tokens[1].span.col), (2, 3));
}

#[test]
fn bracket_whitespace_rule_examples() {
    use Tok::*;
    let (a, b) = (id("a"), id("b"));
    assert_eq!(
        toks("[1 2 3]"),
        vec![
            LBracket,
            num(1.0),
            Comma,
            num(2.0),
            Comma,
            num(3.0),
            RBracket,
            Eof
        ]
    );
    assert_eq!(
        toks("[a -b]"),
        vec![LBracket, a.clone(), Comma, Minus, b.clone(), RBracket, Eof]
    );
    assert_eq!(
        toks("[a - b]"),
        vec![LBracket, a.clone(), Minus, b.clone(), RBracket, Eof]
    );
    assert_eq!(
        toks("[a +b]"),
        vec![LBracket, a.clone(), Comma, Plus, b.clone(), RBracket, Eof]
    );
    assert_eq!(
        toks("[a -= b]"),
        vec![LBracket, a.clone(), MinusEq, b.clone(), RBracket, Eof]
    );
    assert_eq!(
        toks("[a-b]"),
        vec![LBracket, a.clone(), Minus, b.clone(), RBracket, Eof]
    );
    assert_eq!(
        toks("[x' y']"),
        vec![
            LBracket,
            id("x"),
            Apostrophe,
            Comma,
            id("y"),
            Apostrophe,
            RBracket,
            Eof
        ]
    );
    assert_eq!(
        toks("[f (1)]"),
        vec![
            LBracket,
            id("f"),
            Comma,
            LParen,
            num(1.0),
            RParen,
            RBracket,
            Eof
        ]
    );
    assert_eq!(
        toks("[f(1)]"),
        vec![LBracket, id("f"), LParen, num(1.0), RParen, RBracket, Eof]
    );
    assert_eq!(toks("f (1)"), vec![id("f"), LParen, num(1.0), RParen, Eof]);
}

#[test]
fn bracket_rule_applies_at_any_depth_and_to_every_operand_start() {
    use Tok::*;
    assert_eq!(
        toks("[f(1 2)]"),
        vec![
            LBracket,
            id("f"),
            LParen,
            num(1.0),
            Comma,
            num(2.0),
            RParen,
            RBracket,
            Eof
        ]
    );
    assert_eq!(
        toks("{\"a\" \"b\"}"),
        vec![LBrace, Str("a".into()), Comma, Str("b".into()), RBrace, Eof]
    );
    assert_eq!(
        toks("[[1] {2} .5]"),
        vec![
            LBracket,
            LBracket,
            num(1.0),
            RBracket,
            Comma,
            LBrace,
            num(2.0),
            RBrace,
            Comma,
            num(0.5),
            RBracket,
            Eof
        ]
    );
    assert_eq!(
        toks("x([1 end])"),
        vec![
            id("x"),
            LParen,
            LBracket,
            num(1.0),
            Comma,
            End,
            RBracket,
            RParen,
            Eof
        ]
    );
    assert_eq!(
        toks("[end 1]"),
        vec![LBracket, End, Comma, num(1.0), RBracket, Eof]
    );
    assert_eq!(
        toks("[a 'b']"),
        vec![
            LBracket,
            id("a"),
            Apostrophe,
            id("b"),
            Apostrophe,
            RBracket,
            Eof
        ]
    );
    assert_eq!(
        toks("[a !b]"),
        vec![LBracket, id("a"), Bang, id("b"), RBracket, Eof]
    );
    assert_eq!(
        toks("[1, 2]"),
        vec![LBracket, num(1.0), Comma, num(2.0), RBracket, Eof]
    );
    assert_eq!(
        toks("[1 ...\n 2]"),
        vec![LBracket, num(1.0), Comma, num(2.0), RBracket, Eof]
    );
    assert_eq!(
        toks("[1;\n  2]"),
        vec![
            LBracket,
            num(1.0),
            Semicolon,
            Newline,
            num(2.0),
            RBracket,
            Eof
        ]
    );
}

#[test]
fn no_separator_outside_brackets() {
    use Tok::*;
    assert_eq!(toks("a -b"), vec![id("a"), Minus, id("b"), Eof]);
    assert_eq!(
        toks("[1] 2"),
        vec![LBracket, num(1.0), RBracket, num(2.0), Eof]
    );
}

#[test]
fn operators_and_punctuation() {
    use Tok::*;
    assert_eq!(
        toks("+ - * / ^ : == != < <= > >= && || ! @ = += -= *= /= ( ) { } , ;"),
        vec![
            Plus, Minus, Star, Slash, Caret, Colon, EqEq, BangEq, Lt, LtEq, Gt, GtEq, AmpAmp,
            PipePipe, Bang, At, Eq, PlusEq, MinusEq, StarEq, SlashEq, LParen, RParen, LBrace,
            RBrace, Comma, Semicolon, Eof
        ]
    );
}

#[test]
fn characters_outside_the_language() {
    for (text, shown) in [
        ("a ~= b", "'~'"),
        ("a & b", "'&'"),
        ("a | b", "'|'"),
        ("a \\ b", "'\\\\'"),
        ("$", "'$'"),
    ] {
        let e = err(text);
        assert_eq!(e.kind, ErrorKind::Lex);
        assert_eq!(
            e.message,
            format!("unexpected character: {shown}"),
            "{text}"
        );
    }
    assert_eq!(err("x = ~a").span.unwrap().col, 5);
}

#[test]
fn identifiers_and_keywords() {
    use Tok::*;
    assert_eq!(
        toks("_a1 é_2 cache end"),
        vec![id("_a1"), id("é_2"), id("cache"), End, Eof]
    );
    assert_eq!(
        toks("if elseif else for while switch case otherwise function return"),
        vec![
            If, ElseIf, Else, For, While, Switch, Case, Otherwise, Function, Return, Eof
        ]
    );
}

#[test]
fn spans_count_characters_and_lines() {
    let tokens = tokenize("é = 1\n  yy", 3, LexMode::Program).unwrap();
    let eq = tokens[1].span;
    assert_eq!(
        (eq.source, eq.line, eq.col, eq.start, eq.end),
        (3, 1, 3, 3, 4)
    );
    let yy = tokens[4].span;
    assert_eq!((yy.line, yy.col, yy.start, yy.end), (2, 3, 9, 11));
    let eof = tokens[5].span;
    assert_eq!((eof.line, eof.start, eof.end), (2, 11, 11));
}

#[test]
fn run_paths_at_statement_start() {
    use Tok::*;
    assert_eq!(
        toks("run \"../lib/info.rlab\";"),
        vec![RunPath("../lib/info.rlab".into()), Semicolon, Eof]
    );
    assert_eq!(
        toks("run ../lib/info.rlab % c"),
        vec![RunPath("../lib/info.rlab".into()), Eof]
    );
    assert_eq!(
        toks("run 'a b.rlab'"),
        vec![RunPath("a b.rlab".into()), Eof]
    );
    assert_eq!(
        toks("x = 1, run lib/x.rlab ;y"),
        vec![
            id("x"),
            Eq,
            num(1.0),
            Comma,
            RunPath("lib/x.rlab".into()),
            Semicolon,
            id("y"),
            Eof
        ]
    );
    assert_eq!(
        toks("if c, run a.rlab\nend"),
        vec![
            If,
            id("c"),
            Comma,
            RunPath("a.rlab".into()),
            Newline,
            End,
            Eof
        ]
    );
    let tokens = tokenize("run p.rlab", 0, LexMode::Program).unwrap();
    assert_eq!((tokens[0].span.start, tokens[0].span.end), (0, 10));
}

#[test]
fn run_as_an_ordinary_name() {
    use Tok::*;
    assert_eq!(toks("run = 3"), vec![id("run"), Eq, num(3.0), Eof]);
    assert_eq!(
        toks("run(2)"),
        vec![id("run"), LParen, num(2.0), RParen, Eof]
    );
    assert_eq!(toks("run"), vec![id("run"), Eof]);
    assert_eq!(toks("run == 3"), vec![id("run"), EqEq, num(3.0), Eof]);
    assert_eq!(
        toks("x = run + 1"),
        vec![id("x"), Eq, id("run"), Plus, num(1.0), Eof]
    );
    assert_eq!(
        toks("f(run x)"),
        vec![id("f"), LParen, id("run"), id("x"), RParen, Eof]
    );
    let e = tokenize("run x", 0, LexMode::Expression).unwrap();
    assert_eq!(e[0].tok, id("run"));
    assert_eq!(err("run \"x").message, "unterminated string literal");
}
