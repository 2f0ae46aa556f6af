//! Unit tests of `kron cross horzcat vertcat rank expm roots` against hand-computed and
//! SciPy values.

use super::TABLE;
use crate::builtins::numeric::testing::*;
use crate::value::{C64, Value};

fn call_t(name: &str, args: Vec<Value>) -> Value {
    call(TABLE, name, args).unwrap()
}

fn assert_close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{got:?} vs {want:?}"
        );
    }
}

#[test]
fn kron_builds_blocks() {
    let r = call_t(
        "kron",
        vec![
            m(&[&[1.0, 0.0], &[0.0, 2.0]]),
            m(&[&[1.0, 2.0], &[3.0, 4.0]]),
        ],
    );
    let want = m(&[
        &[1.0, 2.0, 0.0, 0.0],
        &[3.0, 4.0, 0.0, 0.0],
        &[0.0, 0.0, 2.0, 4.0],
        &[0.0, 0.0, 6.0, 8.0],
    ]);
    assert_eq!(r, want);
    assert_eq!(
        call_t("kron", vec![v(&[1.0, 2.0]), s(3.0)]),
        m(&[&[3.0, 6.0]])
    );
    let z = call_t("kron", vec![Value::Complex(C64::new(0.0, 1.0)), v(&[1.0])]);
    assert_eq!(arr(&z).get(0, 0), C64::new(0.0, 1.0));
    assert!(error(TABLE, "kron", vec![Value::str("a"), s(1.0)]).contains("A must be a matrix"));
}

#[test]
fn cross_of_unit_vectors() {
    let r = call_t("cross", vec![v(&[1.0, 0.0, 0.0]), v(&[0.0, 1.0, 0.0])]);
    assert_eq!(r, v(&[0.0, 0.0, 1.0]));
    let r = call_t(
        "cross",
        vec![m(&[&[1.0], &[2.0], &[3.0]]), v(&[4.0, 5.0, 6.0])],
    );
    assert_eq!(r, v(&[-3.0, 6.0, -3.0]));
    assert_eq!(
        error(TABLE, "cross", vec![v(&[1.0, 2.0]), v(&[1.0, 2.0, 3.0])]),
        "type error: cross: both vectors must have length 3 (got 2 and 3)"
    );
}

#[test]
fn concatenation_functions_match_literals() {
    let h = call_t(
        "horzcat",
        vec![m(&[&[1.0], &[2.0]]), m(&[&[3.0, 4.0], &[5.0, 6.0]])],
    );
    assert_eq!(h, m(&[&[1.0, 3.0, 4.0], &[2.0, 5.0, 6.0]]));
    assert_eq!(
        call_t("horzcat", vec![s(1.0), v(&[2.0, 3.0])]),
        v(&[1.0, 2.0, 3.0])
    );
    assert_eq!(
        call_t("vertcat", vec![v(&[1.0, 2.0]), v(&[3.0, 4.0])]),
        m(&[&[1.0, 2.0], &[3.0, 4.0]])
    );
    assert_eq!(call_t("horzcat", vec![]), v(&[]));
    assert!(
        error(TABLE, "vertcat", vec![v(&[1.0]), v(&[1.0, 2.0])]).contains("row 2 has 2 columns")
    );
}

#[test]
fn rank_counts_independent_rows() {
    assert_eq!(call_t("rank", vec![m(&[&[1.0, 2.0], &[2.0, 4.0]])]), s(1.0));
    assert_eq!(
        call_t("rank", vec![m(&[&[1.0, 0.0], &[0.0, 1e-3]])]),
        s(2.0)
    );
    assert_eq!(call_t("rank", vec![m(&[&[0.0, 0.0], &[0.0, 0.0]])]), s(0.0));
    assert_eq!(call_t("rank", vec![v(&[1.0, 2.0])]), s(1.0));
    assert_eq!(call_t("rank", vec![s(3.0)]), s(1.0));
    assert!(error(TABLE, "rank", vec![m(&[&[f64::NAN]])]).contains("NaN or Inf"));
}

#[test]
fn expm_matches_scipy() {
    // scipy.linalg.expm([[1, 2], [3, 4]])
    let r = call_t("expm", vec![m(&[&[1.0, 2.0], &[3.0, 4.0]])]);
    let want = [
        51.968956198705044,
        74.73656456700328,
        112.10484685050491,
        164.07380304920997,
    ];
    assert_close(&re(&r), &want, 1e-13);
    // Rotation generator: expm([0 -t; t 0]) = [cos t, -sin t; sin t, cos t].
    let t: f64 = 0.3;
    let r = call_t("expm", vec![m(&[&[0.0, -t], &[t, 0.0]])]);
    assert_close(&re(&r), &[t.cos(), -t.sin(), t.sin(), t.cos()], 1e-15);
    assert_eq!(
        call_t("expm", vec![m(&[&[0.0, 0.0], &[0.0, 0.0]])]),
        m(&[&[1.0, 0.0], &[0.0, 1.0]])
    );
    assert_eq!(call_t("expm", vec![s(1.0)]), s(1f64.exp()));
    // Hermitian generator: expm(-i·(π/2)·σy) = [0 -1; 1 0].
    let h = cm(&[
        &[(0.0, 0.0), (-std::f64::consts::FRAC_PI_2, 0.0)],
        &[(std::f64::consts::FRAC_PI_2, 0.0), (0.0, 0.0)],
    ]);
    let r = call_t("expm", vec![h]);
    assert_close(&re(&r), &[0.0, -1.0, 1.0, 0.0], 1e-14);
    assert!(error(TABLE, "expm", vec![m(&[&[1.0, 2.0]])]).contains("square"));
    assert!(error(TABLE, "expm", vec![v(&[1.0])]).contains("expected matrix, got vector"));
}

#[test]
fn roots_in_rustlab_order() {
    assert_eq!(call_t("roots", vec![v(&[1.0, -3.0, 2.0])]), v(&[2.0, 1.0]));
    assert_eq!(call_t("roots", vec![v(&[1.0, 0.0, -1.0])]), v(&[1.0, -1.0]));
    assert_eq!(call_t("roots", vec![v(&[2.0, -4.0])]), v(&[2.0]));
    assert_eq!(call_t("roots", vec![v(&[0.0, 0.0, 5.0])]), v(&[]));
    assert_eq!(call_t("roots", vec![v(&[0.0, 0.0])]), v(&[]));
    // x² + 1: ±i.
    let r = call_t("roots", vec![v(&[1.0, 0.0, 1.0])]);
    assert_eq!(
        arr(&r).to_c_vec(),
        [C64::new(0.0, 1.0), C64::new(0.0, -1.0)]
    );
    // (x−1)(x−2)(x−3)(x−4): every root found, to rounding.
    let r = call_t("roots", vec![v(&[1.0, -10.0, 35.0, -50.0, 24.0])]);
    let mut got: Vec<f64> = arr(&r).iter_c().map(|z| z.re).collect();
    got.sort_by(|a, b| a.total_cmp(b));
    assert_close(&got, &[1.0, 2.0, 3.0, 4.0], 1e-9);
    assert!(error(TABLE, "roots", vec![v(&[1.0, f64::NAN])]).contains("NaN"));
}
