//! Unit tests of captures and verdicts.

use super::*;
use rlab::{Config, Session};

/// The value of `name` after running `code` in a fresh session.
fn value_of(code: &str, name: &str) -> Value {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.md", 1, code);
    assert!(out.error.is_none(), "{:?}", out.error);
    session.variable(name).cloned().expect(name)
}

const TOL: Tolerance = Tolerance {
    rtol: 1e-9,
    atol: 1e-12,
};

fn judge(expected: &str, got: &str) -> Verdict {
    let e = capture(&value_of(&format!("x = {expected};"), "x")).unwrap();
    verdict("x", &e, Some(&value_of(&format!("x = {got};"), "x")), TOL)
}

#[test]
fn captures_numbers_column_major_and_text() {
    let v = capture(&value_of("A = [1 2; 3 4];", "A")).unwrap();
    assert_eq!(
        v,
        Expected::Numbers {
            rows: 2,
            cols: 2,
            re: vec![1.0, 3.0, 2.0, 4.0],
            im: None
        }
    );
    let z = capture(&value_of("z = [1, 2*i];", "z")).unwrap();
    assert!(matches!(z, Expected::Numbers { im: Some(ref im), .. } if im == &[0.0, 2.0]));
    let t = capture(&value_of("t = \"hi\";", "t")).unwrap();
    assert_eq!(t, Expected::Text { text: "hi".into() });
    let b = capture(&value_of("b = 2 > 1;", "b")).unwrap();
    assert!(matches!(b, Expected::Numbers { ref re, .. } if re == &[1.0]));
    let i = capture(&value_of("i8 = int8([1 -2]);", "i8")).unwrap();
    assert!(matches!(i, Expected::Numbers { rows: 1, cols: 2, ref re, .. } if re == &[1.0, -2.0]));
    let err = capture(&value_of("s.a = 1;", "s")).unwrap_err();
    assert!(err.contains("holds a struct"), "{err}");
}

#[test]
fn verdicts_say_what_differs() {
    let ok = judge("[1 2; 3 4] / 3", "[1 2; 3 4] / 3");
    assert!(
        ok.ok && ok.text == "✓ x matches (largest error 0)",
        "{ok:?}"
    );
    let close = judge("0.1 + 0.2", "0.3");
    assert!(close.ok, "{close:?}");
    assert!(close.text.contains("largest error 5.6e-17"), "{close:?}");
    let shape = judge("zeros(4, 4)", "zeros(4, 1)");
    assert_eq!(shape.text, "✗ x: expected 4×4, got 4×1");
    let values = judge("[1 2 3 4 5]", "[1 2.5 3 0 9]");
    assert_eq!(
        values.text,
        "✗ x differs in 3 of 5 entries (largest absolute error 4, relative 1): \
         x(1,2): expected 2, got 2.5; x(1,4): expected 4, got 0; x(1,5): expected 5, got 9"
    );
    let one = judge("2", "3");
    assert_eq!(
        one.text,
        "✗ x differs in 1 of 1 entry (largest absolute error 1, relative 0.5): x: expected 2, got 3"
    );
    let kind = judge("[1 2]", "\"12\"");
    assert_eq!(kind.text, "✗ x: expected 1×2, got text");
    let text = judge("\"a\"", "\"b\"");
    assert_eq!(text.text, "✗ x is \"b\", expected \"a\"");
    assert!(judge("\"a\"", "\"a\"").ok);
    let complex = judge("[1+2*i, 3]", "[1-2*i, 3]");
    assert!(
        complex.text.contains("expected 1+2i, got 1-2i"),
        "{complex:?}"
    );
    let e = capture(&value_of("x = 1;", "x")).unwrap();
    let missing = verdict("x", &e, None, TOL);
    assert_eq!(missing.text, "✗ x is missing: your code does not set it");
}

#[test]
fn tolerance_rules() {
    let t = Tolerance {
        rtol: 0.01,
        atol: 0.0,
    };
    assert!(t.accepts(100.0, 100.9));
    assert!(!t.accepts(100.0, 101.1));
    assert!(t.accepts(f64::NAN, f64::NAN));
    assert!(!t.accepts(1.0, f64::NAN));
    assert!(t.accepts(f64::INFINITY, f64::INFINITY));
    assert!(!t.accepts(f64::INFINITY, f64::NEG_INFINITY));
    let nan = judge("[NaN Inf]", "[NaN Inf]");
    assert!(nan.ok, "{nan:?}");
}

#[test]
fn non_finite_numbers_round_trip_through_json() {
    let v = capture(&value_of("x = [NaN, Inf, -Inf, 1.5];", "x")).unwrap();
    let checked = Checked {
        name: "x".into(),
        value: v,
    };
    let json = serde_json::to_string(&checked).unwrap();
    assert_eq!(
        json,
        r#"{"name":"x","rows":1,"cols":4,"re":["NaN","Inf","-Inf",1.5],"im":null}"#
    );
    let back: Checked = serde_json::from_str(&json).unwrap();
    assert_eq!(back.name, "x");
    let Expected::Numbers { re, .. } = back.value else {
        panic!("numbers")
    };
    assert!(re[0].is_nan() && re[1] == f64::INFINITY && re[2] == f64::NEG_INFINITY);
    let text: Checked = serde_json::from_str(r#"{"name":"s","text":"hi"}"#).unwrap();
    assert_eq!(text.value, Expected::Text { text: "hi".into() });
}

#[test]
fn an_answer_ships_its_number_or_null_and_names_what_is_not_finite() {
    let answer = |value| Answer {
        k: 2,
        value,
        rtol: 1e-9,
        atol: 0.0,
    };
    let json = |a: Answer| serde_json::to_string(&a).unwrap();
    assert_eq!(
        json(answer(Some(42.5))),
        r#"{"k":2,"value":42.5,"rtol":1e-9,"atol":0.0}"#
    );
    assert!(json(answer(Some(f64::NEG_INFINITY))).contains(r#""value":"-Inf""#));
    assert!(json(answer(Some(f64::NAN))).contains(r#""value":"NaN""#));
    assert!(json(answer(None)).contains(r#""value":null"#));
}

#[test]
fn differing_entries_are_shown_to_six_digits_unless_that_hides_the_difference() {
    let v = judge(
        "[0.24472847105479764, 1e-5, 123456789]",
        "[0.3071958857184984, 2e-5, 123456790]",
    );
    let listed = v.text.split(": ").skip(1).collect::<Vec<_>>().join(": ");
    assert_eq!(
        listed,
        "x(1,1): expected 0.244728, got 0.307196; x(1,2): expected 0.00001, got 0.00002; x(1,3): expected 123456789, got 123456790"
    );
    let close = judge("1", "1.0000001");
    assert!(
        close.text.contains("expected 1, got 1.0000001"),
        "{close:?}"
    );
}
