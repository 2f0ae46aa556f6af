//! Tests of the controls builtins through the language: known values from textbooks and
//! SciPy (scipy.linalg / scipy.signal), computed independently.

use crate::{Config, Session};

/// The printed output of a program (panics on an error).
fn run(program: &str) -> String {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.rlab", 1, program);
    if let Some(e) = out.error {
        panic!("{program}: {}", e.rendered());
    }
    out.text
}

#[test]
fn tf_display_and_arithmetic() {
    assert_eq!(
        run("s = tf(\"s\");\nprint(10 / (s^2 + 2*s + 10))\n"),
        "10 / (s^2 + 2s + 10)\n"
    );
}
