//! Compiled loops give what the general path gives: the same printed values, the same
//! errors at the same positions, the same variables in the same order.

use crate::{Config, Mode, Session};

/// What `code` prints (or its rendered error), and the session's variables in order.
fn outcome(code: &str, mode: Mode) -> (String, Vec<String>) {
    let config = Config {
        mode,
        ..Config::default()
    };
    let mut s = Session::new(config, Some(0));
    let out = s.run_block("t.rlab", 1, code);
    let text = match out.error {
        Some(e) => format!("{}{}", out.text, e.rendered()),
        None => out.text,
    };
    let names = s
        .interp
        .vars
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    (text, names)
}

/// The same program with its loops and functions made ineligible (a harmless call before
/// every `end`, on its line, sends them down the general path) must give the same outcome.
pub(super) fn same_as_general(code: &str) {
    let general: String = (code.lines())
        .map(|line| match line.trim() == "end" {
            true => format!("zeros(1); {line}\n"),
            false => format!("{line}\n"),
        })
        .collect();
    for mode in [Mode::Notebook, Mode::Script] {
        let compiled = outcome(code, mode);
        let reference = outcome(&general, mode);
        assert_eq!(compiled, reference, "{code}");
    }
}

#[test]
fn arithmetic_loops_match_the_general_path() {
    same_as_general(
        "s = 0;\nfor i = 1:30\n  for j = 1:0.5:3\n    s = s + i * j - j / 3 ^ 2;\n  end\nend\nprint(s, i, j)\n",
    );
    same_as_general("s = 1;\nfor k = 10:-3:-2\n  s *= -k;\n  s -= 0.1;\nend\nprint(s, k)\n");
    same_as_general("t = 0;\nfor k = 0:0.1:1\n  t = t + k;\nend\nprint(t, k)\n");
}

#[test]
fn invariant_arithmetic_computed_before_a_loop_matches_the_general_path() {
    // `i * j / 7` is computed before the `k` loop, `2 ^ 0.5 * i` before the `j` loop; `b`
    // is written in the loop and `u` is not set before it, so neither moves.
    same_as_general(
        "s = 0; a = 3; b = 1;\nfor i = 1:6\n  for j = 1:5\n    for k = 1:4\n      s = s + i * j / 7 - k / 3 + (2 ^ 0.5 * i) * exp(-a);\n      b = b * 1.01;\n      s = s + b * a;\n    end\n  end\nend\nprint(s, b, i, j, k)\n",
    );
    same_as_general(
        "A = zeros(4, 4); n = 4; t = 0;\nfor r = 1:n\n  for c = 1:n - 1 + 1\n    if r * n > c * 2 && -n < 0\n      A(r, c) = (n + 1) * r - c;\n    end\n    u = n * 2;\n    t = t + u / (n - 4);\n  end\nend\nprint(A, t, u)\n",
    );
    // An empty loop computes its invariant 1 / 0 to no effect; a read before any set is
    // still the general error.
    same_as_general("x = 2; s = 0;\nfor k = 1:0\n  s = s + x / 0;\nend\nprint(s)\n");
    same_as_general("s = 0;\nfor k = 1:3\n  s = s + q * 2;\nend\n");
}

#[test]
fn element_reads_and_writes_match_the_general_path() {
    same_as_general(
        "A = zeros(3, 4); v = [1 2 3];\nfor r = 1:3\n  for c = 1:4\n    A(r, c) = v(r) * 10 + c;\n    A(r) = A(r) + 0.5;\n  end\nend\nprint(A)\n",
    );
    // A write past the end grows a Vector the general way and the loop goes on.
    same_as_general("v = [1 2];\nfor k = 1:5\n  v(k + 1) = v(k) * 2;\nend\nprint(v)\n");
}

#[test]
fn a_second_read_of_an_element_takes_the_first() {
    let setup = "s = 0; A = rand(3, 3); v = [1 2 3 4];";
    let body = |e: &str| {
        innermost_body(
            setup,
            &format!("for i = 1:3\n  for j = 1:3\n    s = {e};\n  end\nend"),
        )
    };
    assert_eq!(body("s + A(i, j) * A(i, j)"), ["read", "fused"]);
    assert_eq!(body("s + A(i, j) * A(j, i)"), ["read", "read", "fused"]);
    assert_eq!(body("v(i) * v(i + 1) + v(i)"), ["read", "read", "fused"]);
    // A statement's reads are not taken by the next one.
    let two = "for k = 1:3\n  s = v(k) * 2;\n  v(k) = s;\n  s = s + v(k);\nend";
    let reads = innermost_body(setup, two)
        .iter()
        .filter(|&&op| op == "read")
        .count();
    assert_eq!(reads, 2);
}

#[test]
fn elements_read_twice_match_the_general_path() {
    same_as_general(
        "A = rand(4, 5); g = 0;\nfor i = 1:4\n  for j = 1:5\n    g = g + A(i, j) * A(i, j) - A(i, j) / A(i, 1);\n  end\nend\nprint(g)\n",
    );
    // Written between two statements that read it; read past the end (the general error).
    same_as_general(
        "v = [1 2 3]; s = 0;\nfor k = 1:3\n  s = s + v(k) * v(k);\n  v(k) = s;\n  s = s - v(k) / 2 + v(k);\nend\nprint(s, v)\n",
    );
    same_as_general("v = [1 2 3]; s = 0;\nfor k = 1:4\n  s = s + v(k) * v(k);\nend\n");
    // An inlined body that reassigns its parameter, and branches, between two reads.
    same_as_general(
        "function y = f(x)\n  if x > 0.5\n    x = x * 3;\n  end\n  y = x + 1;\nend\nv = rand(1, 6); s = 0;\nfor k = 1:6\n  s = s + f(v(k)) * v(k) + f(v(k));\nend\nprint(s)\n",
    );
}

#[test]
fn conditions_break_and_continue_match_the_general_path() {
    same_as_general(
        "n = 0; s = 0;\nfor k = 1:20\n  if k > 15 && ~(k == 17)\n    break;\n  elseif k < 3 || k == 9\n    continue;\n  else\n    n = n + 1;\n  end\n  s = s + k;\nend\nprint(n, s, k)\n",
    );
}

#[test]
fn errors_are_the_general_paths_at_the_same_place() {
    same_as_general("v = [1 2 3]; s = 0;\nfor k = 1:5\n  s = s + v(k);\nend\n");
    same_as_general("A = zeros(2, 2);\nfor k = 1:3\n  A(k, 1) = 1;\nend\n");
    same_as_general("for k = 1:3\n  s = s + k;\nend\n");
    same_as_general("for k = 1:3\n  q += k;\nend\n");
    same_as_general("s = 0;\nfor k = 1:1e15\n  s = s + 1;\nend\n");
}

#[test]
fn inner_loops_restart_over_the_same_or_new_bounds() {
    same_as_general(
        "s = 0;\nfor i = 1:4\n  for j = 1:i\n    s = s + j;\n  end\n  for j = 2:3\n    s = s * 2 - j;\n  end\nend\nprint(s, i, j)\n",
    );
    same_as_general(
        "s = 0;\nfor i = 1:3\n  for j = i:-1:2\n    s = s + j;\n  end\nend\nprint(s)\n",
    );
}

#[test]
fn a_read_a_condition_may_skip_is_still_checked_after_it() {
    // `x > 0` is not evaluated when `k < 5` holds, so `y = x` must still find x unset.
    same_as_general(
        "s = 0;\nfor k = 1:3\n  if k < 5 || x > 0\n    s = s + 1;\n  end\n  y = x;\n  x = k;\nend\n",
    );
    same_as_general(
        "s = 0;\nfor k = 1:3\n  if k > 5 && x > 0\n    s = s + 1;\n  end\n  x = k;\nend\nprint(s, x)\n",
    );
    // Set in one iteration, read in the next.
    same_as_general(
        "for k = 1:3\n  if k > 1\n    y = x + y0;\n  end\n  x = k;\n  y0 = 1;\nend\nprint(x, y)\n",
    );
}

#[test]
fn a_failed_element_read_in_a_condition_or_a_bound_is_the_general_error() {
    same_as_general("v = [1 2]; s = 0;\nfor k = 1:3\n  if v(k) > 1\n    s = s + 1;\n  end\nend\n");
    same_as_general(
        "v = [1 2]; s = 0;\nfor k = 1:3\n  for j = 1:v(k)\n    s = s + j;\n  end\nend\n",
    );
    same_as_general("s = 0;\nfor k = 1:3\n  for j = 1:0:k\n    s = s + j;\n  end\nend\n");
}

#[test]
fn new_variables_are_created_in_the_general_order() {
    same_as_general("for k = 1:2\n  b = k;\n  a = b * 2;\nend\nprint(a, b)\n");
    same_as_general("x = 5;\nfor k = 1:0\n  y = 1;\nend\nprint(x)\n");
}

#[test]
fn loops_over_anything_else_run_the_general_way() {
    // A vector variable used as a scalar, a complex value, an unsuppressed assignment in a
    // script, a call: all still give their ordinary results.
    same_as_general("v = [1 2];\nfor k = 1:2\n  v = v + k;\nend\nprint(v)\n");
    same_as_general("z = 1 + 2 * i;\nfor k = 1:2\n  z = z * k;\nend\nprint(z)\n");
    same_as_general("s = 0;\nfor k = 1:2\n  s = s + k\nend\n");
}

#[test]
fn a_stopped_run_stops_a_compiled_loop() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let cancel = Arc::new(AtomicBool::new(true));
    let config = Config {
        cancel: Some(cancel),
        ..Config::default()
    };
    let mut s = Session::new(config, Some(0));
    let out = s.run_block("t.rlab", 1, "s = 0;\nfor k = 1:1e7\n  s = s + 1;\nend\n");
    let err = out.error.expect("cancelled");
    assert_eq!(err.error.message, "run cancelled");
    assert!(
        err.rendered().starts_with("t.rlab:2:1:"),
        "{}",
        err.rendered()
    );
}

/// Whether the first statement of `code` (a `for` loop) compiles, in a session where
/// `setup` ran.
pub(super) fn compiles(setup: &str, code: &str) -> bool {
    let mut s = Session::new(Config::default(), Some(0));
    let out = s.run_block("setup.rlab", 1, setup);
    assert!(out.error.is_none(), "{setup}");
    let program = crate::parser::parse_program(code, 0).expect("parses");
    let defs = super::compile::Defs::new();
    let compiled = super::compile::compile(&s.interp, &program.stmts[0], &defs);
    compiled.is_some_and(|(root, uses)| {
        let loaded = uses.load(&s.interp);
        loaded.is_some_and(|loaded| super::lower::lower(&root, &loaded).is_some())
    })
}

/// `f` of the code of the first statement of `code` (a `for` loop), compiled in a session
/// where `setup` ran.
fn with_code<T>(setup: &str, code: &str, f: impl FnOnce(&super::code::Code) -> T) -> T {
    let mut s = Session::new(Config::default(), Some(0));
    assert!(s.run_block("setup.rlab", 1, setup).error.is_none());
    let program = crate::parser::parse_program(code, 0).expect("parses");
    let defs = super::compile::Defs::new();
    let (root, uses) = super::compile::compile(&s.interp, &program.stmts[0], &defs).unwrap();
    let loaded = uses.load(&s.interp).expect("loads");
    f(&super::lower::lower(&root, &loaded).expect("lowers"))
}

/// The operations of the innermost loop's body when `code` (a loop nest) is compiled
/// after `setup`: everything between the last `ForStart` and the first `ForNext`.
fn innermost_body(setup: &str, code: &str) -> Vec<&'static str> {
    with_code(setup, code, body_names)
}

/// The names of the operations of the innermost loop's body of `code`.
fn body_names(code: &super::code::Code) -> Vec<&'static str> {
    use super::code::Op;
    let start = code
        .ops
        .iter()
        .rposition(|op| matches!(op, Op::ForStart { .. }));
    let end = code
        .ops
        .iter()
        .position(|op| matches!(op, Op::ForNext { .. }));
    code.ops[start.unwrap() + 1..end.unwrap()]
        .iter()
        .map(|op| match op {
            Op::Add(_) => "add",
            Op::Sub(_) => "sub",
            Op::Mul(_) => "mul",
            Op::Div(_) => "div",
            Op::Fused(_) => "fused",
            Op::Read { .. } => "read",
            _ => "other",
        })
        .collect()
}

#[test]
fn arithmetic_a_loop_does_not_change_is_taken_out_of_it() {
    let nest = "for i = 1:9\n  for j = 1:9\n    for k = 1:9\n      s = s + i * j - k / 3;\n    end\n  end\nend";
    assert_eq!(innermost_body("s = 0;", nest), ["div", "fused"]);
    let written = "for k = 1:9\n  s = s + a * b - k;\n  a = a + 1;\nend";
    let body = innermost_body("s = 0; a = 1; b = 2;", written);
    assert_eq!(body, ["mul", "fused", "add"]);
}

#[test]
fn arithmetic_on_arithmetic_is_one_operation() {
    let setup = "s = 0; a = 1; b = 2; v = [1 2 3];";
    let body = |e: &str| innermost_body(setup, &format!("for k = 1:3\n  s = {e};\nend"));
    assert_eq!(body("a * k + b"), ["fused"]);
    assert_eq!(body("b - a / k"), ["fused"]);
    assert_eq!(body("a * k + b * k"), ["mul", "fused"]);
    assert_eq!(body("(a + k) * (b - k) / 2"), ["add", "sub", "fused"]);
    assert_eq!(body("-(a + k) * 2"), ["add", "other", "mul"]);
}

#[test]
fn fused_operations_match_the_general_path() {
    // Every operator as the inner and the outer one, on either side, with -0, NaN, Inf.
    for (inner, outer) in [("+", "-"), ("-", "*"), ("*", "/"), ("/", "^"), ("^", "+")] {
        same_as_general(&format!(
            "s = 0; z = -0; n = NaN; f = Inf;\nfor k = -2:0.5:2\n  s = s + (k {inner} 3) {outer} (0.5 {inner} k);\n  t = z {outer} (k {inner} f);\n  u = (n {inner} k) {outer} z;\n  w = (k {inner} z) {outer} (k {inner} 2) {outer} k;\nend\nprint(s, t, u, w)\n"
        ));
    }
    // A failing read after the inner operands, or before them, is the general error.
    same_as_general("v = [1 2 3]; s = 0;\nfor k = 1:5\n  s = (k * 2 + 1) - v(k);\nend\n");
    same_as_general("v = [1 2 3]; s = 0;\nfor k = 1:5\n  s = v(k) - (k * 2 + 1);\nend\n");
    same_as_general("v = [1 2 3]; s = 0;\nfor k = 1:5\n  s = s + v(k) * v(6 - k);\nend\n");
}

#[test]
fn scalar_loops_compile_and_others_do_not() {
    let setup = "s = 0; A = zeros(3, 3); v = [1 2 3]; z = 2 * i;";
    assert!(compiles(
        setup,
        "for k = 1:3\n  s = s + v(k) * A(k, k);\nend"
    ));
    assert!(compiles(
        setup,
        "for k = 1:3\n  if k > 1\n    A(k) = -s;\n  end\nend"
    ));
    assert!(compiles(setup, "for k = 1:3\n  fresh = k;\nend"));
    // A call of a math builtin compiles; other calls, an array used as a scalar, a complex
    // scalar, `end`, a loop over a vector do not.
    assert!(compiles(
        setup,
        "for k = 1:3\n  s = s + sqrt(k) * exp(-k);\nend"
    ));
    assert!(!compiles(setup, "for k = 1:3\n  s = s + sum(k);\nend"));
    assert!(!compiles(setup, "for k = 1:3\n  s = s + sqrt(k, 2);\nend"));
    assert!(!compiles(setup, "for k = 1:3\n  v = v + 1;\nend"));
    assert!(!compiles(setup, "for k = 1:3\n  z = z * 2;\nend"));
    assert!(!compiles(setup, "for k = 1:3\n  s = v(end);\nend"));
    assert!(!compiles(setup, "for k = v\n  s = s + k;\nend"));
    // A name read before it is set: a plain name compiles (reading it first is the
    // general error), a function's does not (the general path calls it).
    assert!(compiles(
        setup,
        "for k = 1:3\n  s = s + later;\n  later = 1;\nend"
    ));
    assert!(!compiles(
        setup,
        "for k = 1:3\n  s = rand;\n  rand = 1;\nend"
    ));
}

#[test]
fn inlined_calls_match_the_general_path() {
    same_as_general(
        "function y = f(x)\n  y = 3 * x * x - 2 * x + 1;\nend\nacc = 0;\nfor i = 1:50\n  acc = acc + f(i / 7);\nend\nprint(acc, i)\n",
    );
    // Branches in the body, a call inside a call, a parameter reassigned.
    same_as_general(
        "function y = relu1(x)\n  if x > 0\n    y = x;\n  else\n    y = 0;\n  end\nend\nfunction z = g(a, b)\n  t = relu1(a - b);\n  a = a * 2;\n  z = t * t + a;\nend\ns = 0;\nfor k = -3:3\n  s = s + g(k, 1) - relu1(-k);\nend\nprint(s, k)\n",
    );
    // An output not set on every path, and an argument that fails: the general errors.
    same_as_general(
        "function y = h(x)\n  if x > 2\n    y = x;\n  end\nend\ns = 0;\nfor k = 1:4\n  s = s + h(k);\nend\n",
    );
    same_as_general(
        "function y = f(x)\n  y = x + 1;\nend\nv = [1 2]; s = 0;\nfor k = 1:3\n  s = s + f(v(k));\nend\n",
    );
}

#[test]
fn only_calls_of_arithmetic_functions_are_inlined() {
    let setup = "function y = f(x)\n  y = 2 * x;\nend\nfunction y = g(x)\n  y = pi * x;\nend\nfunction y = h(x)\n  if x > 0\n    y = x;\n  end\nend\ns = 0;";
    assert!(compiles(
        setup,
        "for k = 1:3\n  s = s + f(k) * f(f(k));\nend"
    ));
    // A name that is not a local (`pi`), an output not always set, the wrong arity.
    assert!(!compiles(setup, "for k = 1:3\n  s = s + g(k);\nend"));
    assert!(!compiles(setup, "for k = 1:3\n  s = s + h(k);\nend"));
    assert!(!compiles(setup, "for k = 1:3\n  s = s + f(k, 1);\nend"));
}

#[test]
fn a_loop_variable_that_held_something_else_compiles_when_set_first() {
    // `i` is the imaginary unit until the loop sets it.
    same_as_general("s = 0;\nfor i = 1:3\n  s = s + i;\nend\nprint(s, i)\n");
    same_as_general("s = 0;\nfor i = 1:0\n  s = s + 1;\nend\nprint(s, i)\n");
    let setup = "s = 0;";
    assert!(compiles(setup, "for i = 1:3\n  s = s + i;\nend"));
    // Read before the loop sets it: the complex value, which the general path handles.
    assert!(!compiles(setup, "for k = 1:3\n  s = s + i;\nend"));
    same_as_general("s = 0;\nfor k = 1:3\n  s = s + j;\nend\nprint(s)\n");
}

#[test]
fn math_builtins_in_loops_match_the_general_path() {
    same_as_general(
        "s = 0;\nfor k = -3:0.5:3\n  s = s + sqrt(k) + log(k) + exp(-k * k) * sin(k) + tanh(k) + round(k) + sign(k);\nend\nprint(s)\n",
    );
    same_as_general(
        "n = 0;\nfor k = -2:2\n  if log(k) > -1 || isnan(sqrt(k))\n    n = n + 1;\n  end\nend\nprint(n)\n",
    );
    // A user function or a variable of the name is what the name means.
    same_as_general(
        "function y = exp(x)\n  y = 2 * x;\nend\ns = 0;\nfor k = 1:3\n  s = s + exp(k);\nend\nprint(s)\n",
    );
    same_as_general("sqrt = [5 6 7]; s = 0;\nfor k = 1:3\n  s = s + sqrt(k);\nend\nprint(s)\n");
    same_as_general(
        "function y = soft(x)\n  y = log(1 + exp(x));\nend\ns = 0;\nfor k = 1:4\n  s = s + soft(k / 2);\nend\nprint(s)\n",
    );
}

#[test]
fn mod_and_abs_in_loops_match_the_general_path() {
    // Negative operands, a negative and a zero modulus, a fraction.
    let setup = "s = 0; e = 0; z = 0;\n";
    let nest = "for k = -7:7\n  for m = -3:2:3\n    s = s + mod(k, m) * abs(k - m) + mod(k, z) + mod(-k / 3, 2.5);\n    if mod(k - 1, 2) == 0\n      e = e + abs(-k);\n    end\n  end\nend\n";
    assert!(compiles(setup, nest));
    same_as_general(&format!("{setup}{nest}print(s, e)\n"));
    same_as_general("mod = [4 5 6]; s = 0;\nfor k = 1:3\n  s = s + mod(k);\nend\nprint(s)\n");
    assert!(compiles(
        "",
        "for k = 1:4\n  s = mod(k, 3) + abs(-k);\nend\n"
    ));
    // One argument too many or too few: the general error.
    assert!(!compiles("", "for k = 1:4\n  s = mod(k);\nend\n"));
    same_as_general("s = 0;\nfor k = 1:3\n  s = s + abs(k, 2);\nend\nprint(s)\n");
}

/// Per compiled loop, outermost first: whether the machine sweeps it.
fn swept(setup: &str, code: &str) -> Vec<bool> {
    with_code(setup, code, |code| {
        code.loops.iter().map(|source| source.sweep).collect()
    })
}

#[test]
fn straight_line_loops_are_swept() {
    let setup = "s = 0; A = zeros(3, 3); v = [1 2 3];";
    let nest = "for i = 1:3\n  for j = 1:3\n    A(i, j) = v(i) * j + s;\n  end\nend";
    assert_eq!(swept(setup, nest), [false, true]);
    let branch = "for k = 1:3\n  if k > 1\n    s = s + k;\n  end\nend";
    assert_eq!(swept(setup, branch), [false]);
    let stop = "for k = 1:3\n  s = s + k;\n  break;\nend";
    assert_eq!(swept(setup, stop), [false]);
    // Reads that may find their variable unset are guarded, and still swept.
    assert_eq!(swept(setup, "for k = 1:3\n  s = s + q;\nend"), [true]);
}

#[test]
fn a_body_of_arithmetic_alone_is_swept_on_its_own() {
    let setup = "s = 0; v = [1 2 3];";
    let arithmetic = |code| {
        with_code(setup, code, |code| {
            code.loops
                .iter()
                .map(|source| source.arithmetic)
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(
        arithmetic("for k = 1:3\n  s = s + k / 3 - sqrt(k);\nend"),
        [true]
    );
    // An element read, and a variable first set in the loop, are not arithmetic alone.
    assert_eq!(arithmetic("for k = 1:3\n  s = s + v(k);\nend"), [false]);
    assert_eq!(arithmetic("for k = 1:3\n  t = k * 2;\nend"), [false]);
    let nest = "for i = 1:3\n  for k = 1:50\n    s = s + i * k - k / 3;\n  end\nend";
    assert_eq!(arithmetic(nest), [false, true]);
    same_as_general(&format!("s = 0;\n{nest}\nprint(s, i, k)\n"));
}

#[test]
fn a_swept_loop_hands_over_and_comes_back() {
    // The write past the end hands over on every element after the second; a read out of
    // bounds fails in the middle of a sweep; a guard fails on its first read, then the
    // variable is set and the sweep goes on.
    same_as_general(
        "v = [1 2]; s = 0;\nfor k = 1:6\n  v(k + 1) = v(k) * 2;\n  s = s + v(k);\nend\nprint(v, s)\n",
    );
    same_as_general("v = [1 2 3]; s = 0;\nfor k = 1:6\n  s = s * 2 + v(7 - k);\nend\n");
    same_as_general("s = 0;\nfor k = 1:4\n  s = s + k;\n  t = s * 2;\nend\nprint(s, t, k)\n");
    same_as_general("for k = 1:3\n  t = k * 2;\n  u = t + w;\nend\n");
}
