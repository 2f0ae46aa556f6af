//! Statements: look-ahead dispatch, separators and suppression, blocks, functions,
//! commands and `run` (spec §3.1, §16).

use super::*;

#[test]
fn assignments_of_every_shape() {
    assert_eq!(prog("x = 1"), "x = 1");
    assert_eq!(prog("w -= lr * dw;"), "w -= (* lr dw);");
    assert_eq!(prog("a += 1; b *= 2; c /= 3"), "a += 1;\nb *= 2;\nc /= 3");
    assert_eq!(prog("s.f = 2"), "s.f = 2");
    assert_eq!(prog("x(2, :) = v;"), "x(2 :) = v;");
    assert_eq!(prog("v(end+1) = 3"), "v((+ end 1)) = 3");
    assert_eq!(
        prog("W_stack((L - 1) * d + 1:L * d, :) = randn(d, d) * s;"),
        "W_stack((: (+ (* (- L 1) d) 1) (* L d)) :) = (* (call randn d d) s);"
    );
    assert_eq!(prog("[a, b] = f(x)"), "[a b] = (call f x)");
    assert_eq!(prog("[s idx] = sort(v);"), "[s idx] = (call sort v);");
    assert_eq!(prog("[X] = g()"), "[X] = (call g)");
}

#[test]
fn look_ahead_leaves_other_shapes_to_expressions() {
    assert_eq!(prog("x == 1"), "(== x 1)");
    assert_eq!(prog("x(1) == 2"), "(== (call x 1) 2)");
    assert_eq!(prog("[a, b] == c"), "(== [a b] c)");
    assert_eq!(prog("s.f == 1"), "(== (. s f) 1)");
    assert_eq!(prog("f(g(1), 2)"), "(call f (call g 1) 2)");
}

#[test]
fn statement_separators_and_suppression() {
    assert_eq!(prog("x = 1, y = 2"), "x = 1\ny = 2");
    assert_eq!(prog("x = 1; y = 2;"), "x = 1;\ny = 2;");
    assert_eq!(prog("x = 1;;\n\n;y"), "x = 1;\ny");
    assert_eq!(
        prog("figure()\nhistogram(v);"),
        "(call figure)\n(call histogram v);"
    );
    assert_eq!(prog("% only a comment\n# and another"), "");
    assert_eq!(prog(""), "");
}

#[test]
fn if_forms() {
    assert_eq!(prog("if c, x = 1; end"), "if c {x = 1;}");
    assert_eq!(prog("if c\n x = 1\nend"), "if c {x = 1}");
    assert_eq!(
        prog("if a\n x\nelseif b\n y\nelse\n z\nend"),
        "if a {x} if b {y} else {z}"
    );
    assert_eq!(prog("if a; x; else; y; end;"), "if a {x;} else {y;};");
    assert_eq!(prog("if a, x, elseif b, y, end"), "if a {x} if b {y}");
    assert_eq!(prog("if x(end) > 0\nend\nz"), "if (> (call x end) 0) {}\nz");
}

#[test]
fn for_while_switch() {
    assert_eq!(
        prog("for k = 1:3, print(k); end"),
        "for k = (: 1 3) {(call print k);}"
    );
    assert_eq!(prog("for j = (i + 1):T\nend"), "for j = (: (+ i 1) T) {}");
    assert_eq!(
        prog("while i < N && c(i) < r\n i += 1;\nend"),
        "while (&& (< i N) (< (call c i) r)) {i += 1;}"
    );
    assert_eq!(
        prog("switch x\n case 1\n  a\n case \"s\", b\n otherwise\n  c\nend"),
        "switch x case 1 {a} case \"s\" {b} otherwise {c}"
    );
    assert_eq!(prog("switch x\nend"), "switch x");
}

#[test]
fn nested_blocks() {
    assert_eq!(
        prog("for i = 1:2\n if i == 1\n  for j = 1:2\n  end\n end\nend"),
        "for i = (: 1 2) {if (== i 1) {for j = (: 1 2) {}}}"
    );
}

#[test]
fn function_forms() {
    assert_eq!(
        prog("function f(a, b)\n print(a);\nend"),
        "function [] = f(a b) {(call print a);}"
    );
    assert_eq!(
        prog("function y = f_poly(x)\n y = 3 * x;\nend"),
        "function [y] = f_poly(x) {y = (* 3 x);}"
    );
    assert_eq!(
        prog("function [a, b] = g(x)\nend"),
        "function [a b] = g(x) {}"
    );
    assert_eq!(prog("function [a b] = g()\nend"), "function [a b] = g() {}");
    assert_eq!(prog("function [a] = g(x)\nend"), "function [a] = g(x) {}");
    assert_eq!(
        prog("function setup\n x = 1;\nend"),
        "function [] = setup() {x = 1;}"
    );
    assert_eq!(prog("function r = h\nend"), "function [r] = h() {}");
    assert_eq!(
        prog("function [dE, dW, ...\n dW_U] = ...\n backward(x, ...\n y)\nend"),
        "function [dE dW dW_U] = backward(x y) {}"
    );
    assert_eq!(
        prog("function f()\n return;\nend"),
        "function [] = f() {return;}"
    );
    assert_eq!(
        prog("function cache = f(cache)\nend"),
        "function [cache] = f(cache) {}"
    );
}

#[test]
fn keyword_commands() {
    assert_eq!(prog("hold on"), "cmd hold [\"on\"]");
    assert_eq!(prog("hold off;"), "cmd hold [\"off\"];");
    assert_eq!(prog("grid on"), "cmd grid [\"on\"]");
    assert_eq!(prog("close"), "cmd close []");
    assert_eq!(prog("close all"), "cmd close [\"all\"]");
    assert_eq!(prog("format long"), "cmd format [\"long\"]");
    assert_eq!(prog("format"), "cmd format []");
    assert_eq!(
        prog("viewer on my_session"),
        "cmd viewer [\"on\", \"my_session\"]"
    );
    assert_eq!(prog("clear"), "cmd clear []");
    assert_eq!(prog("clf;"), "cmd clf [];");
    assert_eq!(prog("if c, hold on, end"), "if c {cmd hold [\"on\"]}");
}

#[test]
fn command_words_followed_by_parentheses_are_calls() {
    assert_eq!(prog("hold(\"on\")"), "(call hold \"on\")");
    assert_eq!(prog("close(2)"), "(call close 2)");
    assert_eq!(prog("grid(\"off\");"), "(call grid \"off\");");
    assert_eq!(prog("format(\"long\")"), "(call format \"long\")");
    assert_eq!(prog("close 2"), "(call close 2)");
    assert_eq!(prog("close h"), "(call close h)");
}

#[test]
fn command_words_are_not_reserved() {
    assert_eq!(prog("hold = 1"), "hold = 1");
    assert_eq!(prog("close = 2; close + 1"), "close = 2;\n(call close 1)");
    assert_eq!(
        prog("cache = struct(); cache.A = 1"),
        "cache = (call struct);\ncache.A = 1"
    );
    assert_eq!(prog("clear + 1"), "(+ clear 1)");
    assert_eq!(prog("grid.x = 2"), "grid.x = 2");
    assert_eq!(prog("x = clf"), "x = clf");
}

#[test]
fn break_and_continue_alone_are_statements() {
    assert_eq!(
        prog("while true\n if a, break; end\n continue\nend"),
        "while true {if a {break;} continue}"
    );
    assert_eq!(prog("break = 3"), "break = 3");
    assert_eq!(prog("x = break"), "x = break");
}

#[test]
fn run_statements() {
    assert_eq!(prog("run \"../lib/info.rlab\""), "run \"../lib/info.rlab\"");
    assert_eq!(
        prog("run ../lib/info.rlab; x = 1"),
        "run \"../lib/info.rlab\";\nx = 1"
    );
    assert_eq!(prog("run lib/t.rlab % setup"), "run \"lib/t.rlab\"");
    assert_eq!(prog("run = 1; run"), "run = 1;\nrun");
    assert_eq!(
        perr("run \"a\" b"),
        "expected newline or EOF, got Ident(\"b\")"
    );
}

#[test]
fn import_statements() {
    assert_eq!(prog("import \"lib/a.rlab\""), "import \"lib/a.rlab\"");
    assert_eq!(prog("import 'a.rlab'; x = 1"), "import \"a.rlab\";\nx = 1");
    assert_eq!(prog("import = 1; import"), "import = 1;\nimport");
    assert_eq!(
        perr("import \"a\" b"),
        "expected newline or EOF, got Ident(\"b\")"
    );
}

#[test]
fn return_statement() {
    assert_eq!(prog("return"), "return");
    assert_eq!(prog("if x, return, end"), "if x {return}");
}

#[test]
fn end_may_be_followed_by_a_statement_on_the_same_line() {
    assert_eq!(prog("if a, x, end, y"), "if a {x}\ny");
    assert_eq!(prog("if a, x, end y = 2"), "if a {x}\ny = 2");
}

#[test]
fn course_idioms() {
    let text = "mag(L + 1) = norm(x);\nrow = M(t, :);\nM(t) = v;\np = cumsum(softmax(h * W));\n\
                k = sum(c < r) + 1;\ntotal = sum(sum(M .^ 2));\nd = max(reshape(abs(A - B), 1, n));\n\
                name = names(seq(i));\ns = \"a\" + num2str(3);\nheatmap(vocab, seq_labels, M, \"t\");";
    let expected = "mag((+ L 1)) = (call norm x);\nrow = (call M t :);\nM(t) = v;\n\
                    p = (call cumsum (call softmax (* h W)));\nk = (+ (call sum (< c r)) 1);\n\
                    total = (call sum (call sum (.^ M 2)));\n\
                    d = (call max (call reshape (call abs (- A B)) 1 n));\n\
                    name = (call names (call seq i));\ns = (+ \"a\" (call num2str 3));\n\
                    (call heatmap vocab seq_labels M \"t\");";
    assert_eq!(prog(text), expected);
}
