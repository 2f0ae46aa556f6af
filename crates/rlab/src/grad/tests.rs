//! Tests of `grad` against central finite differences, one case per differentiable
//! operator and builtin (random inputs, relative error ≤ 1e-6), of the gradient's kind, of a
//! loss with a branch and a loop, and of the errors (snapshots with the source position).

use crate::value::Value;
use crate::{Config, Session};

/// rlab helpers: a nonlinear weighting that turns any array into a scalar loss, central
/// differences element by element (linear indices), and a relative distance.
const HELPERS: &str = r#"
function s = wsum(Y)
  s = sum(sum(Y .* Y)) + 0.3 * sum(sum(Y));
end
function g = fd(f, x)
  g = x;
  h = 1e-5;
  for k = 1:numel(x)
    xp = x;
    xp(k) = xp(k) + h;
    xm = x;
    xm(k) = xm(k) - h;
    g(k) = (f(xp) - f(xm)) / (2 * h);
  end
end
function g = fd1(f, x)
  h = 1e-5;
  g = (f(x + h) - f(x - h)) / (2 * h);
end
function r = dist(a, b)
  r = sqrt(sum(sum((a - b) .^ 2))) / max(sqrt(sum(sum(b .^ 2))), 1e-12);
end
seed(11);
A = randn(2, 3);
B = abs(randn(2, 3)) + 0.5;
W = randn(3, 2);
v3 = randn(3);
c23 = randn(2, 3);
"#;

/// Run `code` after the helpers in a fresh session; panic with the error if it fails.
pub(super) fn session(code: &str) -> Session {
    let mut s = Session::new(Config::default(), Some(5));
    let program = format!("{HELPERS}\n{code}");
    let out = s.run_block("t.md", 1, &program);
    if let Some(e) = out.error {
        panic!("{}\n{}", e.rendered(), out.text);
    }
    s
}

pub(super) fn scalar(s: &Session, name: &str) -> f64 {
    match s.variable(name) {
        Some(Value::Scalar(x)) => *x,
        other => panic!("{name} is {other:?}"),
    }
}

fn kind(v: Option<&Value>) -> &'static str {
    v.map_or("missing", Value::type_name)
}

/// `grad(f, x)` agrees with central differences and has the kind and shape of `x`.
fn check(x: &str, f: &str) {
    let fd = if x == "randn()" { "fd1" } else { "fd" };
    let code = format!(
        "x = {x};\nf = {f};\ng = grad(f, x);\nn = {fd}(f, x);\nerr = dist(g, n);\nscale = max(max(abs(n)));\nsg = size(g); sx = size(x);\n"
    );
    let s = session(&code);
    let err = scalar(&s, "err");
    assert!(err <= 1e-6, "{f} at x = {x}: relative error {err}");
    assert!(
        scalar(&s, "scale") > 1e-3,
        "{f}: a trivial gradient tests nothing"
    );
    assert_eq!(kind(s.variable("g")), kind(s.variable("x")), "{f}: kind");
    assert_eq!(s.variable("sg"), s.variable("sx"), "{f}: shape");
}

#[test]
fn sums_and_differences_broadcast() {
    check("randn(3)", "@(x) wsum(x + A)");
    check("randn(2, 1)", "@(x) wsum(A - x)");
    check("randn(1, 3)", "@(x) wsum(x - A)");
    check("randn(2, 3)", "@(x) wsum(x + v3 - 2)");
    check("randn()", "@(x) wsum(x + A)");
    check("randn(3)", "@(x) wsum(x + x')");
}

#[test]
fn products_quotients_and_powers() {
    check("randn(3)", "@(x) wsum(x .* A)");
    check("randn(2, 3)", "@(x) wsum(B ./ (x .* x + 1))");
    check("abs(randn(2, 1)) + 0.5", "@(x) wsum(A ./ x)");
    check("randn(2, 3)", "@(x) wsum(x ./ B)");
    check("randn(2, 3)", "@(x) wsum(x .^ 3)");
    check("randn(3)", "@(x) wsum(2 .^ x)");
    check("abs(randn(2, 3)) + 0.5", "@(x) wsum(x .^ B)");
    check("randn(3)", "@(x) wsum(x * 3 - x / 4 + 2 * x)");
    check("abs(randn(3)) + 0.5", "@(x) wsum(4 / x + x ^ 2)");
    check("randn()", "@(x) x ^ 3 + 2 ^ x - x / 3 + 1 / (x * x + 1)");
}

#[test]
fn matrix_products_transposes_and_negation() {
    check("randn(3)", "@(x) wsum(x * W)");
    check("randn(3, 2)", "@(x) wsum(A * x)");
    check("randn(2, 3)", "@(x) wsum(x * W)");
    check("randn(3)", "@(x) wsum(x' * x)");
    check("randn(3)", "@(x) wsum(x * x')");
    check("randn(2, 3)", "@(x) wsum(-x' * A)");
    check("randn(2, 3)", "@(x) wsum(x.' .* W)");
    check("randn(2, 1)", "@(x) wsum(x * v3)");
}

#[test]
fn elementwise_math() {
    let positive = "abs(randn(2, 3)) + 0.5";
    for f in ["exp", "tanh", "abs", "relu", "gelu", "sin", "cos"] {
        check("randn(2, 3)", &format!("@(x) wsum({f}(x))"));
        check("randn(4)", &format!("@(x) wsum({f}(x))"));
    }
    for f in ["log", "sqrt", "log2", "log10", "tan"] {
        check(positive, &format!("@(x) wsum({f}(x / 2))"));
    }
    check("randn()", "@(x) exp(x) + tanh(x) + gelu(x)");
}

#[test]
fn reductions() {
    for f in [
        "sum(x)",
        "sum(x, 1)",
        "sum(x, 2)",
        "mean(x)",
        "mean(x, 2)",
        "max(x)",
        "min(x)",
        "max(x, [], 2)",
        "min(x, [], 1)",
        "max(x, 0.1)",
        "min(x, -0.2)",
        "max(0.3, x)",
    ] {
        check("randn(2, 3)", &format!("@(x) wsum({f})"));
    }
    for f in [
        "sum(x)",
        "mean(x)",
        "max(x)",
        "min(x)",
        "dot(x, v3)",
        "sum(x, 1)",
    ] {
        check("randn(3)", &format!("@(x) wsum({f})"));
    }
    check("randn(3, 1)", "@(x) wsum(mean(x) + max(x))");
    check("randn(3)", "@(x) dot(x, x)");
}

#[test]
fn softmax_and_layernorm_along_every_slicing() {
    for f in [
        "softmax(x)",
        "softmax(x, 1)",
        "softmax(x, 2)",
        "layernorm(x)",
        "layernorm(x, 1)",
        "layernorm(x, 2, 1e-3)",
    ] {
        check("randn(3, 4)", &format!("@(x) wsum({f} .* (1:4))"));
    }
    check("randn(5)", "@(x) wsum(softmax(x) .* (1:5))");
    check("randn(5)", "@(x) wsum(layernorm(x) .* (1:5))");
    check("randn(5)", "@(x) wsum(layernorm(x, 0.1) .* (1:5))");
    check("randn(4, 1)", "@(x) wsum(softmax(x) .* [1; 2; 3; 4])");
}

#[test]
fn indexing_concatenation_and_reshaping() {
    for f in [
        "x(2, :)",
        "x(:, 2)",
        "x(3)",
        "x([1, 2], [3, 1])",
        "x(:)",
        "x(end)",
        "x(2, 2:end)",
        "[x, x; A, x]",
        "[x(1, :), 5, x(2, 1)]",
        "reshape(x, 3, 2)",
        "reshape(x, 1, 6)",
        "repmat(x, 2, 2)",
        "transpose(x)",
        "[x; -x](4)",
    ] {
        check("randn(2, 3)", &format!("@(x) wsum({f})"));
    }
    for f in [
        "x(end)",
        "x(2:3)",
        "[x, 1, x]",
        "[x; x]",
        "diag(x)",
        "repmat(x, 2, 1)",
    ] {
        check("randn(3)", &format!("@(x) wsum({f} * 2)"));
    }
}

#[test]
fn indexed_assignment_and_multiple_results_in_user_functions() {
    let code = r#"
function Y = put_row(x, A)
  Y = A;
  Y(2, :) = x;
  Y(1, 1) = x(1) * x(2);
end
function y = grow(x)
  y = [];
  for k = 1:3
    y(k + 1) = x(k) ^ 2;
  end
end
function Y = into(M, x)
  Y = M;
  Y(:, 2) = [x(1); x(3)];
  Y(3) = 7;
end
function s = top(x)
  [m, k] = max(x);
  [c, r] = min(x, [], 2);
  s = sum(m .* k) + sum(c) * sum(r);
end
function Y = drop(x)
  Y = x;
  Y(:, 1) = [];
end
"#;
    for (x, f) in [
        ("randn(3)", "@(x) wsum(put_row(x, A))"),
        ("randn(3)", "@(x) wsum(grow(x))"),
        ("randn(3)", "@(x) wsum(into(A, x))"),
        ("randn(2, 3)", "@(x) wsum(into(x, [1, 2, 3]))"),
        ("randn(2, 3)", "@(x) wsum(drop(x))"),
        ("randn(3)", "@(x) wsum(top(x))"),
        ("randn(2, 3)", "@(x) wsum(top(x))"),
    ] {
        let case =
            format!("{code}\nx = {x};\nf = {f};\ng = grad(f, x);\nerr = dist(g, fd(f, x));\n");
        let s = session(&case);
        assert!(scalar(&s, "err") <= 1e-6, "{f}: {}", scalar(&s, "err"));
    }
}

#[test]
fn branches_and_loops_just_use_the_values() {
    let code = r#"
function L = looped(w)
  L = 0;
  for k = 1:3
    if k == 2 && sum(w) > -100
      L = L + sum(w .^ 2) * k;
    else
      L = L + sum(exp(w)) / k;
    end
  end
  while L > 1e6
    L = L / 2;
  end
end
w = randn(4);
g = grad(@looped, w);
exact = 4 * w + exp(w) * (1 + 1 / 3);
err = dist(g, exact);
fderr = dist(g, fd(@looped, w));
"#;
    let s = session(code);
    assert!(scalar(&s, "err") <= 1e-12, "{}", scalar(&s, "err"));
    assert!(scalar(&s, "fderr") <= 1e-6);
}

#[test]
fn the_braces_form_and_value_and_grad() {
    let code = r#"
a = randn(3);
b = randn(2, 3);
k = 2;
[g1, g2] = grad(@() sum(sum((a .* b) .^ 2)) * k, {a, b});
e1 = dist(g1, sum(2 * k * (a .* b) .* b, 1));
e2 = dist(g2, 2 * k * (a .* b) .* a);
[val, h1, h2] = value_and_grad(@() sum(sum((a .* b) .^ 2)) * k, {a, b});
ev = abs(val - sum(sum((a .* b) .^ 2)) * k);
eh = dist(h1, g1) + dist(h2, g2);
[v2, d] = value_and_grad(@(t) t ^ 3, 2);
only = grad(@() sum(a .* a), {a});
e3 = dist(only, 2 * a);
[s1, s2] = grad(@() k * sum(a), {"a", "k"});
e4 = dist(s1, k + 0 * a) + abs(s2 - sum(a));
"#;
    let s = session(code);
    for name in ["e1", "e2", "ev", "eh", "e3", "e4"] {
        assert!(scalar(&s, name) <= 1e-12, "{name}: {}", scalar(&s, name));
    }
    assert_eq!(scalar(&s, "v2"), 8.0);
    assert_eq!(scalar(&s, "d"), 12.0);
    assert_eq!(kind(s.variable("g1")), "vector");
    assert_eq!(kind(s.variable("g2")), "matrix");
    assert_eq!(kind(s.variable("s2")), "scalar");
}

#[test]
fn constant_losses_and_untouched_variables_get_zero_gradients() {
    let code = "a = randn(3);\nb = 2;\n[ga, gb] = grad(@() sum(a) * 0 + numel(a), {a, b});\nz = grad(@(x) 5, 3);\n";
    let s = session(code);
    assert_eq!(s.variable("ga"), Some(&Value::row(vec![0.0; 3])));
    assert_eq!(s.variable("gb"), Some(&Value::Scalar(0.0)));
    assert_eq!(s.variable("z"), Some(&Value::Scalar(0.0)));
}

/// The rendered error (file:line:col, message, source line and caret) of `code`.
fn error_of(code: &str) -> String {
    let mut s = Session::new(Config::default(), Some(1));
    let out = s.run_block("lesson.md", 10, code);
    out.error
        .map(|e| e.rendered())
        .unwrap_or_else(|| "no error".into())
}

#[test]
fn a_loss_that_is_not_a_real_scalar_is_an_error() {
    insta::assert_snapshot!(
        "non_scalar_loss",
        error_of("x = [1, 2];\ng = grad(@(v) v .* 2, x);\n")
    );
    insta::assert_snapshot!("complex_loss", error_of("g = grad(@(v) v * i, 2);\n"));
}

#[test]
fn complex_inputs_are_an_error() {
    insta::assert_snapshot!(
        "complex_input",
        error_of("z = 1 + 2 * i;\ng = grad(@(v) abs(v), z);\n")
    );
    let named = error_of("z = [1, 2] * i;\ng = grad(@() sum(z), {z});\n");
    assert!(named.contains("grad: 'z' is complex"), "{named}");
}

#[test]
fn an_operation_without_a_derivative_is_an_error_with_its_position() {
    let code = "function y = f(x)\n  y = sum(floor(x) + x);\nend\ng = grad(@f, [1.5, 2.5]);\n";
    insta::assert_snapshot!("no_derivative", error_of(code));
    let index = error_of("g = grad(@(x) x(1) + cumsum(x)(2), [1, 2]);\n");
    assert!(
        index.contains("grad: 'cumsum' has no derivative"),
        "{index}"
    );
}

#[test]
fn misuse_is_explained() {
    let nested = error_of("g = grad(@(x) grad(@(y) y ^ 2, x), 1);\n");
    assert!(nested.contains("nested grad is not supported"), "{nested}");
    let missing = error_of("g = grad(@() q ^ 2, {q});\n");
    assert!(
        missing.contains("'q' is not a variable the lambda sees"),
        "{missing}"
    );
    let params = error_of("q = 1;\ng = grad(@(t) q ^ 2, {q});\n");
    assert!(params.contains("a lambda without parameters"), "{params}");
    let looped = error_of(
        "function s = f(x)\n  s = 0;\n  for v = x\n    s = s + v;\n  end\nend\ng = grad(@f, [1, 2]);\n",
    );
    assert!(
        looped.contains("for: cannot iterate over tracked vector"),
        "{looped}"
    );
    let text = error_of("g = grad(@(t) t, \"abc\");\n");
    assert!(
        text.contains("cannot differentiate with respect to the argument, a string"),
        "{text}"
    );
}

#[test]
fn grad_can_still_be_a_variable_and_braces_still_hold_strings() {
    let s = session("grad = [10, 20];\ny = grad(2);\nnames = {\"a\", \"b\"};\n");
    assert_eq!(scalar(&s, "y"), 20.0);
}

#[test]
fn printing_sizes_and_conditions_see_the_plain_value() {
    let code = r#"
function L = chatty(x)
  switch x(2)
    case 2
      print("switch sees", x(2));
  end
  print("x =", x, size(x), numel(x));
  if x(1) > 0
    L = sum(x);
  else
    L = -sum(x);
  end
end
g = grad(@chatty, [1, 2]);
"#;
    let mut s = Session::new(Config::default(), Some(1));
    let out = s.run_block("t.md", 1, &format!("{HELPERS}\n{code}"));
    assert!(out.error.is_none(), "{:?}", out.error);
    assert_eq!(
        out.text.trim(),
        "switch sees 2\nx = [1×2]  1.000000  2.000000 [1×2]  1.000000  2.000000 2"
    );
    assert_eq!(s.variable("g"), Some(&Value::row(vec![1.0, 1.0])));
}
