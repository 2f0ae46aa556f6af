//! A loop's code is kept from one start to the next only while compiling it again would
//! give the same: a change of anything its compile asked compiles it again, and the
//! results are the general path's.

use super::Cache;
use crate::eval::kernel::compile::Defs;
use crate::eval::kernel::tests::same_as_general;
use crate::{Config, Session};

/// How many times the loop `code` is compiled when it starts after `setup` and again
/// after each of `steps` has run in the same session.
fn compiles_over(setup: &str, code: &str, steps: &[&str]) -> usize {
    let mut s = Session::new(Config::default(), Some(0));
    assert!(
        s.run_block("setup.rlab", 1, setup).error.is_none(),
        "{setup}"
    );
    let program = crate::parser::parse_program(code, 0).expect("parses");
    let defs = Defs::new();
    let mut cache = Cache::new(&defs);
    assert!(cache.code(&s.interp, &program.stmts[0]).is_some(), "{code}");
    for step in steps {
        assert!(s.run_block("step.rlab", 1, step).error.is_none(), "{step}");
        cache.code(&s.interp, &program.stmts[0]);
    }
    cache.compiles
}

const SETUP: &str = "s = 0; x = 2; A = [1 2 3];\nfunction y = f(t)\n  y = t * 3;\nend\n";
const LOOP: &str = "for k = 1:3\n  s = s + exp(x * k) + f(k) + A(k);\nend\n";

#[test]
fn a_loop_compiles_once_while_its_names_hold_the_same_kinds() {
    let steps = ["x = 3;", "s = -1; A = [4 5 6];", "A = A';", "y = 1;"];
    assert_eq!(compiles_over(SETUP, LOOP, &steps), 1);
}

#[test]
fn a_change_of_anything_the_compile_asked_compiles_again() {
    for step in [
        "exp = [1 2 3];",
        "f = [1 2 3];",
        "function y = f(t)\n  y = t * 4;\nend\n",
        "profile(exp);",
        "cache enable",
        "x = 1 + 2 * j;",
        "A = 7;",
        "A = [1 2 3] + 1 * j;",
    ] {
        assert_eq!(compiles_over(SETUP, LOOP, &[step]), 2, "{step}");
    }
}

#[test]
fn inner_loops_started_after_such_changes_match_the_general_path() {
    // The outer loops run the general way (a `disp` of an array is not compiled); the
    // inner ones compile, and their code is kept or compiled again at each start.
    same_as_general(
        "s = 0;\nfor o = 1:3\n  for k = 1:3\n    s = s + exp(k);\n  end\n  if o == 2\n    exp = [10 20 30];\n  end\n  disp([s o]);\nend\nprint(s)\n",
    );
    same_as_general(
        "function y = g(t)\n  y = t / 2;\nend\ns = 0;\nfor o = 1:3\n  for k = 1:3\n    s = s + g(k);\n  end\n  g = [5 6 7];\n  disp([s o]);\nend\nprint(s)\n",
    );
    same_as_general(
        "s = 0; x = 1;\nfor o = 1:3\n  for k = 1:2\n    s = s + x * k;\n  end\n  x = x + 2 * j;\n  disp([s o]);\nend\nprint(s)\n",
    );
    same_as_general(
        "s = 0; A = [1 2 3];\nfor o = 1:4\n  for k = 1:3\n    s = s + A(k) * o;\n  end\n  A = A * 2;\n  if o == 2\n    A = A';\n  end\n  disp([s o]);\nend\nprint(s, A)\n",
    );
}

#[test]
fn kept_loops_start_afresh_in_their_kept_storage() {
    // Bounds that change and come back, an empty loop, rows whose length changes between
    // starts, and a variable the loop creates anew at every start (it is cleared after):
    // each start of the kept code begins from what the general path would have.
    same_as_general(
        "s = 0;\nfor o = [3 1 3 0 2 3]\n  for k = 1:o\n    s = s + k * o;\n  end\n  disp([s o]);\nend\nprint(s)\n",
    );
    same_as_general(
        "E = ones(3, 4); D = [1 2 3 4; 5 6 7 8];\nfor o = 1:4\n  for t = 1:2\n    E(t + 1, :) = E(t + 1, :) - 0.5 * D(t, :);\n  end\n  disp(E);\n  if o == 2\n    E = ones(3, 2); D = [1 2; 3 4];\n  end\nend\n",
    );
    same_as_general(
        "for o = 1:3\n  for k = 1:2\n    w = k + o;\n  end\n  disp(w);\n  clear w\nend\nprint(exist(\"w\"))\n",
    );
}
