//! Numbers, strings, identifiers, keywords, operators, comments, continuations, spans and
//! the characters outside the language.

use super::*;
use crate::error::ErrorKind;

#[test]
fn numbers_with_separators_fractions_and_exponents() {
    assert_eq!(lex("1_000"), "1000");
    assert_eq!(lex("1e-5 2e-6 1.0e9"), "0.00001 0.000002 1000000000");
    assert_eq!(lex("0.044715 .5 1. 2E+3"), "0.044715 0.5 1 2000");
    assert_eq!(lex("3i"), "3 i");
}

#[test]
fn dot_after_digits_before_an_operator_is_the_operator() {
    assert_eq!(lex("2.^x"), "2 .^ x");
    assert_eq!(lex("1./x"), "1 ./ x");
    assert_eq!(lex("3.*x"), "3 .* x");
    assert_eq!(lex("2.'"), "2 .'");
    assert_eq!(lex("1.5.*2"), "1.5 .* 2");
}

#[test]
fn malformed_numbers_are_lex_errors() {
    let e = lex_err("x = 1..2");
    assert_eq!(e.kind, ErrorKind::Lex);
    assert_eq!(e.message, "invalid number: 1..2");
    let span = e.span.unwrap();
    assert_eq!((span.col, span.start, span.end), (5, 4, 8));
    assert_eq!(lex_err("1.2.3").message, "invalid number: 1.2.3");
    assert_eq!(lex_err("y = 2e").message, "invalid number: 2e");
    assert_eq!(lex_err("1_0e+").message, "invalid number: 10e+");
}

#[test]
fn radix_literals() {
    assert_eq!(
        lex("0xFF 0b101 0o17 0xdead_beef"),
        "255u 5u 15u 3735928559u"
    );
    assert_eq!(lex("[0x1 0X2]'"), "[ 1u , 2u ] '");
    assert_eq!(lex("0xFFFFFFFFFFFFFFFF"), format!("{}u", u64::MAX));
    assert_eq!(lex_err("0x").message, "invalid number: 0x");
    assert_eq!(lex_err("0b102").message, "invalid number: 0b102");
    assert_eq!(lex_err("0o8").message, "invalid number: 0o8");
    assert_eq!(lex_err("0x+1").message, "invalid number: 0x");
    assert_eq!(
        lex_err("0x1_0000_0000_0000_0000").message,
        "invalid number: 0x10000000000000000"
    );
}

#[test]
fn dot_forms() {
    assert_eq!(lex("s.field s._x"), "s . field s . _x");
    assert_eq!(lex("x.' a.^.5"), "x .' a .^ 0.5");
    assert_eq!(lex_err("x = .;").message, "unexpected character: '.'");
}

#[test]
fn strings_have_no_escapes_and_no_line_breaks() {
    assert_eq!(lex(r#"s = "a\n%#b""#), r#"s = "a\\n%#b""#);
    assert_eq!(lex("s = 'hi' + \"it's\""), "s = \"hi\" + \"it's\"");
    let e = lex_err("s = \"abc\nx\"");
    assert_eq!(e.message, "unterminated string literal");
    let span = e.span.unwrap();
    assert_eq!((span.col, span.start, span.end), (5, 4, 5));
    assert_eq!(lex_err("s = 'abc").message, "unterminated string literal");
}

#[test]
fn apostrophe_is_transpose_after_operands_else_a_string() {
    assert_eq!(lex("x' x ' x''"), "x ' x ' x ' '");
    assert_eq!(lex("(a)' [1]' 2' x.''"), "( a ) ' [ 1 ] ' 2 ' x .' '");
    assert_eq!(lex("f('a', 'b')"), "f ( \"a\" , \"b\" )");
    assert_eq!(lex("if 'a'"), "if \"a\"");
    assert_eq!(lex("{1}'x'"), "{ 1 } \"x\"");
}

#[test]
fn comments_and_newlines() {
    assert_eq!(lex("x = 1 % note\n\n\n# more\ny"), "x = 1 ⏎ y");
    assert_eq!(lex("[1 % c\n; 2]"), "[ 1 ⏎ ; 2 ]");
    assert_eq!(lex("\n\nx\r\n"), "⏎ x ⏎");
    assert_eq!(
        lex("s = \"50% # not a comment\""),
        "s = \"50% # not a comment\""
    );
}

#[test]
fn continuation_joins_lines() {
    assert_eq!(lex("x = 1 + ... anything\n 2"), "x = 1 + 2");
    assert_eq!(lex("f(a, ...\n b)"), "f ( a , b )");
    assert_eq!(lex("x = 2...\n+1"), "x = 2 + 1");
    let tokens = tokenize("a ...\n  b", 0, LexMode::Program).unwrap();
    assert_eq!((tokens[1].span.line, tokens[1].span.col), (2, 3));
}

#[test]
fn operators_and_punctuation() {
    let all = "+ - * / ^ : == != < <= > >= && || ! @ = += -= *= /= ( ) { } , ;";
    assert_eq!(lex(all), all);
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
        let e = lex_err(text);
        assert_eq!(e.kind, ErrorKind::Lex);
        assert_eq!(
            e.message,
            format!("unexpected character: {shown}"),
            "{text}"
        );
    }
    assert_eq!(lex_err("x = ~a").span.unwrap().col, 5);
}

#[test]
fn identifiers_and_keywords() {
    assert_eq!(lex("_a1 é_2 cache end"), "_a1 é_2 cache end");
    let words = "if elseif else for while switch case otherwise function return";
    assert_eq!(lex(words), words);
    let tokens = tokenize("cache end", 0, LexMode::Program).unwrap();
    assert_eq!(tokens[0].tok, Tok::Ident("cache".into()));
    assert_eq!(tokens[1].tok, Tok::End);
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
    // A comment of characters longer than a byte, a word with one inside.
    let tokens = tokenize("x % é€\naéb += 1", 0, LexMode::Program).unwrap();
    let newline = tokens[1].span;
    assert_eq!((newline.line, newline.col, newline.start), (1, 7, 9));
    let word = &tokens[2];
    assert_eq!(word.tok, Tok::Ident("aéb".into()));
    assert_eq!((word.span.line, word.span.col, word.span.end), (2, 1, 14));
    assert_eq!(
        (tokens[3].tok.clone(), tokens[3].span.col),
        (Tok::PlusEq, 5)
    );
}
