//! Expression grammar: precedence and associativity (spec §3.2), postfix forms,
//! literals, lambdas, `end` and `:` in arguments.

use super::*;

#[test]
fn power_binds_tighter_than_prefix_minus_and_is_right_associative() {
    assert_eq!(ex("-2^2"), "(neg (^ 2 2))");
    assert_eq!(ex("2^3^2"), "(^ 2 (^ 3 2))");
    assert_eq!(ex("-x.^2"), "(neg (.^ x 2))");
    assert_eq!(ex("2^-1"), "(^ 2 (neg 1))");
    assert_eq!(ex("-a*b"), "(* (neg a) b)");
    assert_eq!(ex("x'^2"), "(^ (' x) 2)");
    assert_eq!(ex("a^b'"), "(^ a (' b))");
    assert_eq!(ex("2^3*4"), "(* (^ 2 3) 4)");
}

#[test]
fn arithmetic_levels_are_left_associative() {
    assert_eq!(ex("a - b - c"), "(- (- a b) c)");
    assert_eq!(ex("a / b * c"), "(* (/ a b) c)");
    assert_eq!(ex("a + b .* c ./ d"), "(+ a (./ (.* b c) d))");
    assert_eq!(ex("+x"), "x");
    assert_eq!(ex("!a && b || c"), "(|| (&& (! a) b) c)");
    assert_eq!(ex("a || b && c"), "(|| a (&& b c))");
    assert_eq!(ex("a + 1 == b * 2"), "(== (+ a 1) (* b 2))");
    assert_eq!(ex("a != b"), "(!= a b)");
    assert_eq!(ex("i < N && c(i) < r"), "(&& (< i N) (< (call c i) r))");
}

#[test]
fn comparison_is_non_associative() {
    assert_eq!(
        parse_expression("a < b < c", 0).unwrap_err().message,
        "comparisons cannot be chained ('<' after '<'): combine them with &&"
    );
    assert_eq!(
        perr("x = a == b >= c"),
        "comparisons cannot be chained ('>=' after '=='): combine them with &&"
    );
    assert_eq!(ex("(a < b) < c"), "(< (< a b) c)");
}

#[test]
fn range_binds_loosest_and_its_step_is_additive() {
    assert_eq!(
        ex("(L - 1) * d + 1:L * d"),
        "(: (+ (* (- L 1) d) 1) (* L d))"
    );
    assert_eq!(ex("1:2:6"), "(: 1 2 6)");
    assert_eq!(ex("0:n_layers"), "(: 0 n_layers)");
    assert_eq!(ex("(i + 1):T"), "(: (+ i 1) T)");
    assert_eq!(ex("1:(n - 1)"), "(: 1 (- n 1))");
    assert_eq!(ex("a || b:c"), "(: (|| a b) c)");
}

#[test]
fn range_stop_is_additive_so_a_trailing_comparison_is_left_over() {
    assert_eq!(
        parse_expression("1:3 == x", 0).unwrap_err().message,
        "unexpected token after expression: EqEq"
    );
    assert_eq!(ex("1:2:3 == x"), "(: 1 2 (== 3 x))");
}

#[test]
fn names_calls_and_chained_indexing() {
    assert_eq!(ex("x"), "x");
    assert_eq!(ex("f(a, b)"), "(call f a b)");
    assert_eq!(ex("f()"), "(call f)");
    assert_eq!(ex("svd(P)(1)"), "(index (call svd P) 1)");
    assert_eq!(ex("f(a)(b)(c)"), "(index (index (call f a) b) c)");
    assert_eq!(ex("(a+b)(2)"), "(index (+ a b) 2)");
    assert_eq!(ex("[1 2 3](2)"), "(index [1 2 3] 2)");
    assert_eq!(ex("size(A)(1)"), "(index (call size A) 1)");
    assert_eq!(ex("(x)(1)"), "(index x 1)");
    assert_eq!(ex("x'(2)"), "(index (' x) 2)");
}

#[test]
fn method_sugar_and_field_access() {
    assert_eq!(ex("cache.A(t, :)"), "(method cache A t :)");
    assert_eq!(ex("cache.T"), "(. cache T)");
    assert_eq!(ex("s.a.b"), "(. (. s a) b)");
    assert_eq!(ex("s.f()"), "(method s f)");
    assert_eq!(ex("f(x).y"), "(. (call f x) y)");
    assert_eq!(ex("s.v'"), "(' (. s v))");
    assert_eq!(
        parse_expression("s.1", 0).unwrap_err().message,
        "unexpected token after expression: Number(0.1)"
    );
}

#[test]
fn transposes() {
    assert_eq!(ex("x'"), "(' x)");
    assert_eq!(ex("x '"), "(' x)");
    assert_eq!(ex("x.'"), "(.' x)");
    assert_eq!(ex("(W * x')'"), "(' (* W (' x)))");
    assert_eq!(ex("x''"), "(' (' x))");
}

#[test]
fn end_and_colon_inside_arguments() {
    assert_eq!(ex("s(end)"), "(call s end)");
    assert_eq!(ex("v(end-1:end)"), "(call v (: (- end 1) end))");
    assert_eq!(ex("x([1 end])"), "(call x [1 end])");
    assert_eq!(ex("M(:, 1)"), "(call M : 1)");
    assert_eq!(ex("M(:)"), "(call M :)");
    assert_eq!(ex("a(b(end) + end)"), "(call a (+ (call b end) end))");
    assert_eq!(ex("f(x)(end)"), "(index (call f x) end)");
    assert_eq!(ex("s.m(end)"), "(method s m end)");
    assert_eq!(ex("a((end))"), "(call a end)");
    assert_eq!(ex("M(:\n)"), "(call M :)");
}

#[test]
fn end_outside_arguments_is_an_error() {
    let msg = "'end' can only be used inside index arguments";
    assert_eq!(parse_expression("end", 0).unwrap_err().message, msg);
    assert_eq!(perr("x = [1 end]"), msg);
    assert_eq!(perr("x = (end)"), msg);
}

#[test]
fn colon_is_only_lone_in_arguments() {
    assert_eq!(ex("f(:, :)"), "(call f : :)");
    assert_eq!(
        parse_expression(":", 0).unwrap_err().message,
        "unexpected token in expression: Colon"
    );
    assert_eq!(perr("x = [:]"), "unexpected token in expression: Colon");
}

#[test]
fn matrix_literals() {
    assert_eq!(ex("[]"), "[]");
    assert_eq!(ex("[1, 2; 3, 4]"), "[1 2; 3 4]");
    assert_eq!(ex("[1 2;\n 3 4;\n]"), "[1 2; 3 4]");
    assert_eq!(ex("[\n 1, 2\n]"), "[1 2]");
    assert_eq!(ex("[1,\n 2]"), "[1 2]");
    assert_eq!(ex("[a -b]"), "[a (neg b)]");
    assert_eq!(ex("[a - b]"), "[(- a b)]");
    assert_eq!(ex("[x' y']"), "[(' x) (' y)]");
    assert_eq!(ex("[f (1)]"), "[f 1]");
    assert_eq!(ex("[1:3]"), "[(: 1 3)]");
    assert_eq!(ex("[[1 2] 3]"), "[[1 2] 3]");
    assert_eq!(ex("[1 2 ...\n 3]"), "[1 2 3]");
}

#[test]
fn cell_literals() {
    assert_eq!(ex("{}"), "{}");
    assert_eq!(ex("{\"a\", \"b\",}"), "{\"a\" \"b\"}");
    assert_eq!(ex("{\"a\" \"b\"}"), "{\"a\" \"b\"}");
    assert_eq!(ex("{\n 1,\n 2\n}"), "{1 2}");
}

#[test]
fn lambdas_and_handles() {
    assert_eq!(ex("@(x) x.^2"), "(@ (x) (.^ x 2))");
    assert_eq!(ex("@() 1"), "(@ () 1)");
    assert_eq!(ex("@(x, y) x:y"), "(@ (x y) (: x y))");
    assert_eq!(ex("@sin"), "@sin");
    assert_eq!(
        ex("parmap(@(k) f(k, corpus, E, W), 1:n)"),
        "(call parmap (@ (k) (call f k corpus E W)) (: 1 n))"
    );
    assert_eq!(ex("@(x) @(y) x + y"), "(@ (x) (@ (y) (+ x y)))");
}

#[test]
fn lambda_text_is_the_body_as_written() {
    let e = parse_expression("@(x, y)   x .* y  +1 ", 0).unwrap();
    let ExprKind::Lambda(def) = &e.kind else {
        panic!("not a lambda: {e:?}");
    };
    assert_eq!(def.text, "x .* y  +1");
    assert_eq!(def.params, vec!["x", "y"]);
    let e = parse_expression("f(@(t) t*k0, 2)", 0).unwrap();
    let ExprKind::CallOrIndex { args, .. } = &e.kind else {
        panic!("not a call");
    };
    let ExprKind::Lambda(def) = &args[0].kind else {
        panic!("not a lambda");
    };
    assert_eq!(def.text, "t*k0");
}

#[test]
fn literals() {
    assert_eq!(ex("\"hi\""), "\"hi\"");
    assert_eq!(ex("'it'"), "\"it\"");
    assert_eq!(ex("1_000 + .5"), "(+ 1000 0.5)");
    assert_eq!(ex("2.^x"), "(.^ 2 x)");
    assert_eq!(ex("\"a\" + s"), "(+ \"a\" s)");
}

#[test]
fn newlines_inside_parentheses_and_arguments() {
    assert_eq!(ex("f(\n a,\n b\n)"), "(call f a b)");
    assert_eq!(ex("(\n 1 + 2\n)"), "(+ 1 2)");
    assert_eq!(ex("f(a ...\n , b)"), "(call f a b)");
}

#[test]
fn interpolation_expressions() {
    assert_eq!(ex("size(X, 1)"), "(call size X 1)");
    assert_eq!(ex("  x  \n"), "x");
    assert_eq!(ex("run"), "run");
    assert_eq!(
        ex("sum(reshape(C, 1, n*n))"),
        "(call sum (call reshape C 1 (* n n)))"
    );
    assert_eq!(
        parse_expression("a b", 0).unwrap_err().message,
        "unexpected token after expression: Ident(\"b\")"
    );
    assert_eq!(
        parse_expression("", 0).unwrap_err().message,
        "unexpected token in expression: Eof"
    );
}
