//! The context rules: the bracket whitespace rule (with every example of spec §2) and the
//! raw path of `run` and the quoted path of `import` at the start of a statement.

use super::*;

#[test]
fn bracket_whitespace_rule_examples() {
    assert_eq!(lex("[1 2 3]"), "[ 1 , 2 , 3 ]");
    assert_eq!(lex("[a -b]"), "[ a , - b ]");
    assert_eq!(lex("[a - b]"), "[ a - b ]");
    assert_eq!(lex("[a +b]"), "[ a , + b ]");
    assert_eq!(lex("[a -= b]"), "[ a -= b ]");
    assert_eq!(lex("[a-b]"), "[ a - b ]");
    assert_eq!(lex("[x' y']"), "[ x ' , y ' ]");
    assert_eq!(lex("[f (1)]"), "[ f , ( 1 ) ]");
    assert_eq!(lex("[f(1)]"), "[ f ( 1 ) ]");
    assert_eq!(lex("[1, 2]"), "[ 1 , 2 ]");
}

#[test]
fn bracket_rule_applies_at_any_depth_inside_brackets() {
    assert_eq!(lex("[f(1 2)]"), "[ f ( 1 , 2 ) ]");
    assert_eq!(lex("x([1 end])"), "x ( [ 1 , end ] )");
    assert_eq!(lex("[end 1]"), "[ end , 1 ]");
    assert_eq!(lex("{\"a\" \"b\"}"), "{ \"a\" , \"b\" }");
    assert_eq!(lex("[[1] {2} .5]"), "[ [ 1 ] , { 2 } , 0.5 ]");
}

#[test]
fn bracket_rule_needs_an_operand_on_both_sides() {
    assert_eq!(lex("[a 'b']"), "[ a ' b ' ]");
    assert_eq!(lex("[a !b]"), "[ a ! b ]");
    assert_eq!(lex("[a @f]"), "[ a @ f ]");
    assert_eq!(lex("[1 .* 2]"), "[ 1 .* 2 ]");
    assert_eq!(lex("[1;\n  2]"), "[ 1 ; ⏎ 2 ]");
    assert_eq!(lex("[ 1 ]"), "[ 1 ]");
}

#[test]
fn a_continuation_inside_brackets_separates_like_whitespace() {
    assert_eq!(lex("[1 ...\n 2]"), "[ 1 , 2 ]");
    assert_eq!(lex("[1...\n2]"), "[ 1 , 2 ]");
    assert_eq!(lex("[1, ...\n 2]"), "[ 1 , 2 ]");
}

#[test]
fn no_separator_outside_brackets() {
    assert_eq!(lex("a -b"), "a - b");
    assert_eq!(lex("[1] 2"), "[ 1 ] 2");
    assert_eq!(lex("f (1)"), "f ( 1 )");
}

#[test]
fn run_paths_at_statement_start() {
    assert_eq!(lex("run \"../lib/info.rlab\";"), "run<../lib/info.rlab> ;");
    assert_eq!(lex("run ../lib/info.rlab % c"), "run<../lib/info.rlab>");
    assert_eq!(lex("run 'a b.rlab'"), "run<a b.rlab>");
    assert_eq!(lex("run\"q.rlab\""), "run<q.rlab>");
    assert_eq!(
        lex("x = 1, run lib/x.rlab ;y"),
        "x = 1 , run<lib/x.rlab> ; y"
    );
    assert_eq!(lex("if c, run a.rlab\nend"), "if c , run<a.rlab> ⏎ end");
    assert_eq!(lex("else run b.rlab"), "else run<b.rlab>");
    let tokens = tokenize("run p.rlab", 0, LexMode::Program).unwrap();
    assert_eq!((tokens[0].span.start, tokens[0].span.end), (0, 10));
    assert_eq!(lex_err("run \"x").message, "unterminated string literal");
}

#[test]
fn run_as_an_ordinary_name() {
    assert_eq!(lex("run = 3"), "run = 3");
    assert_eq!(lex("run(2)"), "run ( 2 )");
    assert_eq!(lex("run"), "run");
    assert_eq!(lex("run == 3"), "run == 3");
    assert_eq!(lex("run += 1"), "run += 1");
    assert_eq!(lex("x = run + 1"), "x = run + 1");
    assert_eq!(lex("f(run x)"), "f ( run x )");
    assert_eq!(lex("run.x = 1"), "run . x = 1");
    let tokens = tokenize("run x", 0, LexMode::Expression).unwrap();
    assert_eq!(tokens[0].tok, Tok::Ident("run".into()));
}

#[test]
fn import_paths_at_statement_start() {
    assert_eq!(lex("import \"lib/a.rlab\";"), "import<lib/a.rlab> ;");
    assert_eq!(lex("import 'a b.rlab'"), "import<a b.rlab>");
    assert_eq!(lex("import\"q.rlab\""), "import<q.rlab>");
    assert_eq!(lex("x = 1; import \"a.rlab\""), "x = 1 ; import<a.rlab>");
    assert_eq!(
        lex("if c, import \"a.rlab\"\nend"),
        "if c , import<a.rlab> ⏎ end"
    );
    let tokens = tokenize("import \"p.rlab\"", 0, LexMode::Program).unwrap();
    assert_eq!((tokens[0].span.start, tokens[0].span.end), (0, 15));
    assert_eq!(lex_err("import \"x").message, "unterminated string literal");
}

#[test]
fn import_as_an_ordinary_name() {
    assert_eq!(lex("import = 3"), "import = 3");
    assert_eq!(lex("import(2)"), "import ( 2 )");
    assert_eq!(lex("import"), "import");
    assert_eq!(lex("import lib.rlab"), "import lib . rlab");
    assert_eq!(lex("x = import + 1"), "x = import + 1");
    assert_eq!(lex("f(import \"a\")"), "f ( import \"a\" )");
    let tokens = tokenize("import \"a\"", 0, LexMode::Expression).unwrap();
    assert!(matches!(tokens[0].tok, Tok::Ident(_)), "{tokens:?}");
}
