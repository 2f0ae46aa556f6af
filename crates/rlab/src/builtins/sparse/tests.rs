//! Unit tests of the sparse builtins against known values. Reference numbers come from
//! numpy / scipy 1.17 (`/tmp/pyenv/bin/python`): `scipy.sparse.linalg.spsolve`,
//! `scipy.sparse.linalg.eigsh` (shift-invert `sigma=0` for the smallest), `scipy.linalg.eigh`
//! for the generalised problem, and a numpy kron-sum build of the Laplacians.

use super::TABLE;
use crate::builtins::numeric::testing::{call_in, interp};
use crate::error::LangResult;
use crate::value::{C64, NumArray, Value};

fn call_n(name: &str, args: Vec<Value>, nargout: usize) -> LangResult<Value> {
    call_in(&mut interp(), TABLE, name, args, nargout)
}

fn call(name: &str, args: Vec<Value>) -> Value {
    call_n(name, args, 1).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn err(name: &str, args: Vec<Value>) -> String {
    match call_n(name, args, 1) {
        Ok(v) => panic!("{name} should fail, gave {v:?}"),
        Err(e) => e.message,
    }
}

fn s(x: f64) -> Value {
    Value::Scalar(x)
}

fn v(xs: &[f64]) -> Value {
    Value::row(xs.to_vec())
}

fn m(rows: usize, cols: usize, xs: &[f64]) -> Value {
    Value::matrix_rows(rows, cols, xs.to_vec())
}

fn str(x: &str) -> Value {
    Value::str(x)
}

/// The numbers of a result (dense or sparse, row-major).
fn nums(v: &Value) -> Vec<C64> {
    match v {
        Value::Scalar(x) => vec![C64::new(*x, 0.0)],
        Value::Complex(z) => vec![*z],
        Value::Vector(a) | Value::Matrix(a) => a.to_c_vec(),
        Value::Sparse(s) => s.to_dense().expect("dense").to_c_vec(),
        other => panic!("not numeric: {other:?}"),
    }
}

fn re(v: &Value) -> Vec<f64> {
    nums(v).iter().map(|z| z.re).collect()
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{got:?} vs {want:?}"
        );
    }
}

fn parts(v: Value) -> Vec<Value> {
    match v {
        Value::Tuple(items) => items.as_ref().clone(),
        other => panic!("not a tuple: {other:?}"),
    }
}

#[test]
fn construction_sums_duplicates_and_drops_zeros() {
    let a = call(
        "sparse",
        vec![
            v(&[1.0, 1.0, 2.0]),
            v(&[1.0, 1.0, 2.0]),
            v(&[2.0, 3.0, 0.0]),
            s(2.0),
            s(2.0),
        ],
    );
    let Value::Sparse(sp) = &a else { panic!() };
    assert_eq!(sp.nnz(), 1);
    assert_eq!(re(&a), vec![5.0, 0.0, 0.0, 0.0]);
    let sv = call(
        "sparsevec",
        vec![v(&[1.0, 5.0, 10.0]), v(&[1.0, 2.0, 3.0]), s(10.0)],
    );
    assert!(matches!(&sv, Value::Sparse(x) if x.vector && x.cols == 10));
    assert_eq!(call("nnz", vec![call("speye", vec![s(4.0)])]), s(4.0));
    assert_eq!(call("nnz", vec![m(2, 2, &[0.0; 4])]), s(4.0));
    assert_eq!(
        call("issparse", vec![call("spzeros", vec![s(3.0), s(2.0)])]),
        s(1.0)
    );
    assert_eq!(call("issparse", vec![s(1.0)]), s(0.0));
    assert!(
        err(
            "sparse",
            vec![v(&[3.0]), v(&[1.0]), v(&[1.0]), s(2.0), s(2.0)]
        )
        .contains("row index 3")
    );
    assert!(err("sparsevec", vec![v(&[0.5]), v(&[1.0]), s(2.0)]).contains("out of range"));
}

#[test]
fn spdiags_places_columns_on_diagonals() {
    let vm = m(3, 3, &[1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0]);
    let d = call("spdiags", vec![vm, v(&[-1.0, 0.0, 1.0]), s(3.0), s(3.0)]);
    assert_eq!(re(&d), vec![1.0, 1.0, 0.0, 1.0, 2.0, 2.0, 0.0, 2.0, 3.0]);
    let one = call("spdiags", vec![s(5.0), s(1.0), s(2.0), s(3.0)]);
    assert_eq!(re(&one), vec![0.0, 5.0, 0.0, 0.0, 0.0, 5.0]);
}

#[test]
fn sprand_is_reproducible_from_the_seed() {
    let mut a = interp();
    a.rng.reseed(7);
    let x = call_in(&mut a, TABLE, "sprand", vec![s(20.0), s(10.0), s(0.1)], 1).unwrap();
    a.rng.reseed(7);
    let y = call_in(&mut a, TABLE, "sprand", vec![s(20.0), s(10.0), s(0.1)], 1).unwrap();
    assert_eq!(x, y);
    assert_eq!(call("nnz", vec![x.clone()]), s(20.0));
    assert!(re(&x).iter().all(|&e| (0.0..1.0).contains(&e)));
    assert!(err("sprand", vec![s(2.0), s(2.0), s(1.5)]).contains("density"));
}

#[test]
fn find_dense_follows_matlab() {
    let mat = m(3, 2, &[0.0, 2.0, 3.0, 0.0, 0.0, 4.0]);
    assert_eq!(call("find", vec![mat.clone()]), v(&[2.0, 4.0, 6.0]));
    let rc = parts(call_n("find", vec![mat.clone()], 2).unwrap());
    assert_eq!(rc, vec![v(&[2.0, 1.0, 3.0]), v(&[1.0, 2.0, 2.0])]);
    let rcv = parts(call_n("find", vec![mat], 3).unwrap());
    assert_eq!(rcv[2], v(&[3.0, 2.0, 4.0]));
    let iv = parts(call_n("find", vec![v(&[0.0, 7.0, 0.0, -1.0])], 2).unwrap());
    assert_eq!(iv, vec![v(&[2.0, 4.0]), v(&[7.0, -1.0])]);
    assert_eq!(call("find", vec![s(0.0)]), v(&[]));
    assert_eq!(call("find", vec![v(&[f64::NAN, 0.0])]), v(&[1.0]));
}

#[test]
fn find_and_nonzeros_on_sparse_use_storage_order() {
    let a = call("sparse", vec![m(2, 2, &[0.0, 2.0, 3.0, 4.0])]);
    let ijv = parts(call("find", vec![a.clone()]));
    assert_eq!(
        ijv,
        vec![
            v(&[1.0, 2.0, 2.0]),
            v(&[2.0, 1.0, 2.0]),
            v(&[2.0, 3.0, 4.0])
        ]
    );
    assert_eq!(call("nonzeros", vec![a.clone()]), v(&[2.0, 3.0, 4.0]));
    assert_eq!(call("full", vec![a]), m(2, 2, &[0.0, 2.0, 3.0, 4.0]));
    assert!(err("nonzeros", vec![v(&[1.0])]).contains("expected sparse"));
}

#[test]
fn laplacians_match_the_kron_sum_build() {
    // numpy: kron(eye(nx), lap1(ny)) + kron(lap1(nx), eye(ny)) with the stated bc.
    let l1 = call("laplacian_1d", vec![s(4.0), s(0.5), str("periodic")]);
    close(
        &re(&l1),
        &[
            -8., 4., 0., 4., 4., -8., 4., 0., 0., 4., -8., 4., 4., 0., 4., -8.,
        ],
        0.0,
    );
    let l2 = call("laplacian_2d", vec![s(2.0), s(3.0), s(0.5), s(1.0)]);
    let want = [
        -10., 1., 0., 4., 0., 0., 1., -10., 1., 0., 4., 0., 0., 1., -10., 0., 0., 4., 4., 0., 0.,
        -10., 1., 0., 0., 4., 0., 1., -10., 1., 0., 0., 4., 0., 1., -10.,
    ];
    close(&re(&l2), &want, 1e-15);
    let n = call("laplacian_2d", vec![s(2.0), s(2.0), str("neumann")]);
    close(&re(&n)[..4], &[-2., 1., 1., 0.], 0.0);
    let l3 = call(
        "laplacian_3d",
        vec![s(8.0), s(8.0), s(8.0), str("periodic")],
    );
    assert_eq!(call("nnz", vec![l3]), s(3584.0));
    assert!(err("laplacian_1d", vec![s(0.0)]).contains("at least 1"));
    assert!(err("laplacian_2d", vec![s(2.0), s(2.0), s(-1.0), s(1.0)]).contains("positive"));
}

#[test]
fn eps_laplacian_uses_harmonic_faces() {
    let ones = m(2, 3, &[1.0; 6]);
    assert_eq!(
        re(&call("laplacian_eps_2d", vec![ones])),
        re(&call("laplacian_2d", vec![s(3.0), s(2.0)]))
    );
    // eps = 4 in column 1: face to column 2 is 2·4·1/(4+1) = 1.6, Dirichlet edges use 4.
    let eps = m(2, 3, &[4.0, 1.0, 1.0, 4.0, 1.0, 1.0]);
    let l = re(&call("laplacian_eps_2d", vec![eps, s(1.0), s(1.0)]));
    close(&l[..6], &[-13.6, 4.0, 1.6, 0.0, 0.0, 0.0], 1e-14);
}

#[test]
fn grid_index_maps_round_trip() {
    assert_eq!(call("ij2k", vec![s(3.0), s(4.0), s(6.0)]), s(21.0));
    assert_eq!(
        parts(call("k2ij", vec![s(21.0), s(6.0)])),
        vec![s(3.0), s(4.0)]
    );
    let k = call("ijk2k", vec![s(2.0), s(3.0), s(4.0), s(5.0), s(6.0)]);
    assert_eq!(k, s(102.0));
    let ijk = parts(call("k2ijk", vec![s(102.0), s(5.0), s(6.0)]));
    assert_eq!(ijk, vec![s(2.0), s(3.0), s(4.0)]);
    assert!(err("ij2k", vec![s(7.0), s(1.0), s(6.0)]).contains("out of range"));
}

#[test]
fn spsolve_matches_scipy() {
    // scipy.sparse.linalg.spsolve of the 4×3 Dirichlet Poisson problem, source at (2, 2).
    let l = call("laplacian_2d", vec![s(4.0), s(3.0)]);
    let mut rhs = vec![0.0; 12];
    rhs[4] = -1.0;
    let x = call("spsolve", vec![l, v(&rhs)]);
    let want = [
        0.065424806906,
        0.129183704377,
        0.065424806906,
        0.132515523247,
        0.385885203695,
        0.132515523247,
        0.078752082387,
        0.14932606391,
        0.078752082387,
        0.03316674239,
        0.053914887172,
        0.03316674239,
    ];
    close(&re(&x), &want, 1e-10);
    let indefinite = call("sparse", vec![m(2, 2, &[1.0, 2.0, 2.0, 1.0])]);
    close(
        &re(&call("spsolve", vec![indefinite.clone(), v(&[1.0, 1.0])])),
        &[1.0 / 3.0; 2],
        1e-14,
    );
    assert!(
        err("spsolve", vec![indefinite, v(&[1.0, 1.0]), str("cholesky")])
            .contains("positive definite")
    );
    let singular = call("sparse", vec![m(2, 2, &[1.0, 0.0, 0.0, 0.0])]);
    assert!(err("spsolve", vec![singular, v(&[1.0, 1.0])]).contains("singular"));
    assert_eq!(
        call("spsolve", vec![call("speye", vec![s(1.0)]), s(3.0)]),
        s(3.0)
    );
}

#[test]
fn factor_handles_solve_many_right_hand_sides() {
    // numpy.linalg.solve(-lap2(3, 3), ones(9)) and of [1+1j 2; 3 4-1j] with [1, 1j].
    let l = call("laplacian_2d", vec![s(3.0), s(3.0)]);
    let neg = crate::ops::negate(&l).unwrap();
    let f = call("chol", vec![neg]);
    let x = call("solve", vec![f, v(&[1.0; 9])]);
    close(
        &re(&x),
        &[
            0.6875, 0.875, 0.6875, 0.875, 1.125, 0.875, 0.6875, 0.875, 0.6875,
        ],
        1e-12,
    );
    let mut a = crate::value::sparse::Sparse::matrix(2, 2);
    a.set(0, 0, C64::new(1.0, 1.0));
    a.set(0, 1, C64::new(2.0, 0.0));
    a.set(1, 0, C64::new(3.0, 0.0));
    a.set(1, 1, C64::new(4.0, -1.0));
    let f = call("lu", vec![Value::Sparse(std::sync::Arc::new(a))]);
    let b = Value::vector(NumArray::complex(
        ndarray::Array2::from_shape_vec((1, 2), vec![C64::new(1.0, 0.0), C64::new(0.0, 1.0)])
            .unwrap(),
    ));
    let x = nums(&call("solve", vec![f, b]));
    assert!((x[0] - C64::new(-1.3, -0.9)).norm() < 1e-12);
    assert!((x[1] - C64::new(0.7, 1.1)).norm() < 1e-12);
    let real = call("lu", vec![call("speye", vec![s(2.0)])]);
    let cb = Value::Complex(C64::new(0.0, 1.0));
    assert!(call_n("solve", vec![real, cb], 1).is_err());
}

fn eig_values(args: Vec<Value>) -> Vec<f64> {
    let out = parts(call_n("eigs", args, 2).unwrap());
    re(&out[1])
}

#[test]
fn eigs_matches_eigsh_dense_and_lanczos() {
    // scipy eigsh(-lap2(4, 4), k=4, sigma=0) and eigsh(..., k=2, which='LM').
    let l = crate::ops::negate(&call("laplacian_2d", vec![s(4.0), s(4.0)])).unwrap();
    let sm = eig_values(vec![l.clone(), s(4.0), str("sm")]);
    close(
        &sm,
        &[0.7639320225, 1.7639320225, 1.7639320225, 2.7639320225],
        1e-9,
    );
    let lm = eig_values(vec![l, s(2.0), str("lm")]);
    close(&lm, &[7.2360679775, 6.2360679775], 1e-9);
    // 40×40 grid (1600 rows, the Lanczos path): eigsh gives these.
    let big = crate::ops::negate(&call("laplacian_2d", vec![s(40.0), s(40.0)])).unwrap();
    let sm = eig_values(vec![big.clone(), s(3.0)]);
    close(&sm, &[0.011736795265, 0.029307550072, 0.029307550072], 1e-8);
    let lm = eig_values(vec![big, s(2.0), str("lm")]);
    close(&lm, &[7.988263204735, 7.970692449928], 1e-6);
}

#[test]
fn eigs_generalized_matches_eigh() {
    // scipy.linalg.eigh(A, B) eigenvalues 0.743511974448, 2.598952821868, 4.657535203684.
    let a = call(
        "sparse",
        vec![m(3, 3, &[2., 1., 0., 1., 3., 1., 0., 1., 4.])],
    );
    let b = call(
        "sparse",
        vec![m(3, 3, &[2., 0., 0., 0., 1., 0., 0., 0., 1.])],
    );
    let out = parts(call_n("eigs", vec![a, b, s(2.0), str("sm")], 2).unwrap());
    close(&re(&out[1]), &[0.743511974448, 2.598952821868], 1e-10);
    // First eigenvector, B-normalised, largest entry positive: eigh's column 0.
    let vecs = re(&out[0]);
    close(
        &[vecs[0], vecs[2], vecs[4]],
        &[0.661113375595, -0.339135328745, 0.104141432759],
        1e-9,
    );
    assert!(err("eigs", vec![m(2, 2, &[1.0, 0.0, 0.0, 1.0]), s(1.0)]).contains("must be sparse"));
    let i2 = call("speye", vec![s(2.0)]);
    assert!(err("eigs", vec![i2, s(3.0)]).contains("between 1 and 2"));
}
