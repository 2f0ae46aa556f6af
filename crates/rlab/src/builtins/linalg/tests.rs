//! Tests of the linear-algebra builtins with constructed values.

use super::dense::{Lu, identity, is_self_adjoint, require_finite, unit_scale};
use crate::builtins::{Args, lookup};
use crate::error::{LangError, LangResult};
use crate::eval::{Config, Interp};
use crate::limits::AllocScope;
use crate::rng::Rng;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

fn call_n(name: &str, args: Vec<Value>, nargout: usize) -> LangResult<Value> {
    let mut interp = Interp::new(Config::default(), Rng::seeded(0));
    let builtin = lookup(name).ok_or_else(|| LangError::undefined_function(name))?;
    (builtin.func)(&mut interp, Args::new(builtin.name, args, nargout))
}

fn call(name: &str, args: Vec<Value>) -> LangResult<Value> {
    call_n(name, args, 1)
}

fn message(result: LangResult<Value>) -> String {
    result
        .map(|v| format!("unexpected {v:?}"))
        .unwrap_or_else(|e| e.message)
}

fn m(rows: usize, cols: usize, data: &[f64]) -> Value {
    Value::matrix_rows(rows, cols, data.to_vec())
}

fn re(v: &Value) -> Vec<f64> {
    v.as_array().map(NumArray::to_re_vec).unwrap_or_default()
}

fn close(a: f64, b: f64, ulps: f64) -> bool {
    (a - b).abs() <= ulps * f64::EPSILON * b.abs().max(f64::MIN_POSITIVE)
}

#[test]
fn svd_one_output_is_descending_vector() {
    let s = call("svd", vec![m(2, 2, &[3.0, 0.0, 0.0, -4.0])]).unwrap();
    assert_eq!(s.type_name(), "vector");
    assert_eq!(re(&s), vec![4.0, 3.0]);
    let rect = call("svd", vec![m(2, 3, &[1.0, 0.0, 0.0, 0.0, 2.0, 0.0])]).unwrap();
    assert_eq!(re(&rect), vec![2.0, 1.0]);
    assert_eq!(
        re(&call("svd", vec![Value::Scalar(-3.0)]).unwrap()),
        vec![3.0]
    );
}

#[test]
fn svd_is_accurate_for_tiny_matrices() {
    // Exact singular values of the double matrix [1e-7 2e-7; 3e-7 4e-7] (40-digit reference).
    let tiny = m(2, 2, &[1e-7, 2e-7, 3e-7, 4e-7]);
    let s = re(&call("svd", vec![tiny]).unwrap());
    assert!(close(s[0], 5.464985704219042e-07, 4.0), "{s:?}");
    assert!(close(s[1], 3.659661906262578e-08, 16.0), "{s:?}");
    let unit = re(&call("svd", vec![m(2, 2, &[1.0, 2.0, 3.0, 4.0])]).unwrap());
    assert!(close(unit[0], 5.464985704219043, 4.0));
    // Power-of-two scaling is exact, so scaled inputs give exactly scaled results.
    let k = 2f64.powi(-70);
    let scaled = re(&call("svd", vec![m(2, 2, &[k, 2.0 * k, 3.0 * k, 4.0 * k])]).unwrap());
    assert_eq!(scaled, vec![unit[0] * k, unit[1] * k]);
}

#[test]
fn svd_three_outputs_reconstruct_the_matrix() {
    let data = [2.0, -1.0, 0.5, 1.0, 3.0, -2.0];
    let out = call_n("svd", vec![m(2, 3, &data)], 3).unwrap();
    let Value::Tuple(items) = out else {
        panic!("expected a tuple")
    };
    let (u, s, v) = (&items[0], &items[1], &items[2]);
    assert_eq!(
        (u.type_name(), s.type_name(), v.type_name()),
        ("matrix", "vector", "matrix")
    );
    let u = u.as_array().unwrap().re();
    let v = v.as_array().unwrap().re();
    assert_eq!((u.dim(), v.dim()), ((2, 2), (3, 3)));
    let mut sigma = Array2::zeros((2, 3));
    for (i, x) in re(s).into_iter().enumerate() {
        sigma[[i, i]] = x;
    }
    let back = u.dot(&sigma).dot(&v.t());
    for (x, y) in back.iter().zip(data.iter()) {
        assert!((x - y).abs() < 1e-13, "{back:?}");
    }
}

#[test]
fn svd_of_random_matrix_preserves_the_frobenius_norm() {
    // A scaled-down cousin of bench b3 (seed(1); A = randn(n, n)): the sum of squared
    // singular values equals the squared Frobenius norm.
    let mut rng = Rng::seeded(1);
    let n = 40;
    let data = rng.fill(n * n, Rng::normal);
    let a = m(n, n, &data);
    let s = re(&call("svd", vec![a.clone()]).unwrap());
    assert_eq!(s.len(), n);
    assert!(s.windows(2).all(|w| w[0] >= w[1]));
    let frobenius: f64 = data.iter().map(|x| x * x).sum::<f64>();
    let from_sigma: f64 = s.iter().map(|x| x * x).sum::<f64>();
    assert!((frobenius - from_sigma).abs() < 1e-10 * frobenius);
}

#[test]
fn svd_of_complex_and_empty_matrices() {
    let z = Array2::from_shape_vec((1, 2), vec![C64::new(3.0, 4.0), C64::new(0.0, 0.0)]).unwrap();
    let s = call("svd", vec![Value::matrix(NumArray::complex(z))]).unwrap();
    assert!(close(re(&s)[0], 5.0, 2.0));
    let empty = call("svd", vec![Value::matrix(NumArray::zeros(0, 3))]).unwrap();
    assert_eq!(re(&empty), Vec::<f64>::new());
    let Value::Tuple(items) = call_n("svd", vec![Value::matrix(NumArray::zeros(0, 2))], 3).unwrap()
    else {
        panic!("expected a tuple")
    };
    assert_eq!(items[2].as_array().unwrap().re(), Array2::<f64>::eye(2));
}

#[test]
fn svd_errors() {
    let nan = m(1, 2, &[1.0, f64::NAN]);
    assert_eq!(
        message(call("svd", vec![nan])),
        "svd: matrix contains NaN or Inf"
    );
    assert_eq!(
        message(call("svd", vec![Value::str("x")])),
        "svd: expected a numeric matrix, got string"
    );
    let _cap = AllocScope::new(1000);
    let wide = Value::matrix(NumArray::zeros(1, 20));
    assert!(message(call_n("svd", vec![wide], 3)).starts_with("allocation of 20×20 elements"));
}

#[test]
fn inverse_of_regular_and_singular_matrices() {
    let a = call("inv", vec![m(2, 2, &[4.0, 7.0, 2.0, 6.0])]).unwrap();
    assert_eq!(a.type_name(), "matrix");
    let expected = [0.6, -0.7, -0.2, 0.4];
    for (x, y) in re(&a).iter().zip(expected) {
        assert!((x - y).abs() < 1e-15, "{a:?}");
    }
    assert_eq!(
        call("inv", vec![Value::Scalar(4.0)]).unwrap(),
        Value::Scalar(0.25)
    );
    let singular = m(3, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]);
    assert_eq!(
        message(call("inv", vec![singular])),
        "inv: matrix is singular to working precision"
    );
    assert_eq!(
        message(call("inv", vec![Value::Scalar(0.0)])),
        "inv: matrix is singular to working precision"
    );
    assert_eq!(
        message(call("inv", vec![m(2, 3, &[0.0; 6])])),
        "inv: matrix must be square (got 2×3)"
    );
    assert_eq!(
        message(call("inv", vec![m(1, 1, &[f64::INFINITY])])),
        "inv: matrix contains NaN or Inf"
    );
    // Scale invariance: a well-conditioned tiny matrix is not "singular".
    let tiny = re(&call("inv", vec![m(2, 2, &[1e-30, 0.0, 0.0, 2e-30])]).unwrap());
    assert!(
        close(tiny[0], 1e30, 2.0) && close(tiny[3], 5e29, 2.0),
        "{tiny:?}"
    );
}

#[test]
fn inverse_of_complex_matrix() {
    let z = Array2::from_shape_vec((1, 1), vec![C64::new(0.0, 2.0)]).unwrap();
    let r = call("inv", vec![Value::matrix(NumArray::complex(z))]).unwrap();
    assert_eq!(r.as_array().unwrap().get(0, 0), C64::new(0.0, -0.5));
}

#[test]
fn determinants() {
    let d = call("det", vec![m(2, 2, &[1.0, 2.0, 3.0, 4.0])]).unwrap();
    let Value::Scalar(x) = d else { panic!("{d:?}") };
    assert!((x + 2.0).abs() < 1e-15);
    assert_eq!(
        call("det", vec![m(2, 2, &[0.0, 1.0, 1.0, 0.0])]).unwrap(),
        Value::Scalar(-1.0)
    );
    assert_eq!(
        call("det", vec![Value::matrix(NumArray::zeros(0, 0))]).unwrap(),
        Value::Scalar(1.0)
    );
    assert_eq!(
        call("det", vec![m(2, 2, &[1.0, 2.0, 2.0, 4.0])]).unwrap(),
        Value::Scalar(0.0)
    );
    assert_eq!(
        call("det", vec![Value::Scalar(5.0)]).unwrap(),
        Value::Scalar(5.0)
    );
    let z = Value::Complex(C64::new(1.0, 2.0));
    assert_eq!(
        call("det", vec![z]).unwrap(),
        Value::Complex(C64::new(1.0, 2.0))
    );
    assert_eq!(
        message(call("det", vec![Value::row(vec![1.0, 2.0])])),
        "det: matrix must be square (got 1×2)"
    );
    assert_eq!(
        message(call("det", vec![m(1, 1, &[f64::NAN])])),
        "det: matrix contains NaN or Inf"
    );
}

#[test]
fn eigenvalues_of_symmetric_matrices_ascend() {
    let e = call("eig", vec![m(2, 2, &[2.0, 1.0, 1.0, 2.0])]).unwrap();
    assert_eq!(e.type_name(), "vector");
    let v = re(&e);
    assert!(
        (v[0] - 1.0).abs() < 1e-15 && (v[1] - 3.0).abs() < 1e-15,
        "{v:?}"
    );
    let tiny = re(&call("eig", vec![m(2, 2, &[2e-200, 0.0, 0.0, 1e-200])]).unwrap());
    assert_eq!(tiny, vec![1e-200, 2e-200]);
}

#[test]
fn eigenvalues_of_general_matrices() {
    let real = re(&call("eig", vec![m(2, 2, &[0.0, 1.0, -2.0, -3.0])]).unwrap());
    assert!(
        (real[0] + 2.0).abs() < 1e-14 && (real[1] + 1.0).abs() < 1e-14,
        "{real:?}"
    );
    let rotation = call("eig", vec![m(2, 2, &[0.0, -1.0, 1.0, 0.0])]).unwrap();
    let z = rotation.as_array().unwrap().to_c_vec();
    assert!((z[0] - C64::new(0.0, 1.0)).norm() < 1e-15, "{z:?}");
    assert!((z[1] - C64::new(0.0, -1.0)).norm() < 1e-15, "{z:?}");
    let hermitian = Array2::from_shape_vec(
        (2, 2),
        vec![
            C64::new(2.0, 0.0),
            C64::new(0.0, 1.0),
            C64::new(0.0, -1.0),
            C64::new(2.0, 0.0),
        ],
    )
    .unwrap();
    let h = re(&call("eig", vec![Value::matrix(NumArray::complex(hermitian))]).unwrap());
    assert!(
        (h[0] - 1.0).abs() < 1e-15 && (h[1] - 3.0).abs() < 1e-15,
        "{h:?}"
    );
    let general = Array2::from_shape_vec(
        (2, 2),
        vec![
            C64::new(1.0, 1.0),
            C64::new(0.0, 0.0),
            C64::new(0.0, 0.0),
            C64::new(2.0, 0.0),
        ],
    )
    .unwrap();
    let g = call("eig", vec![Value::matrix(NumArray::complex(general))]).unwrap();
    let g = g.as_array().unwrap().to_c_vec();
    assert!((g[0] - C64::new(1.0, 1.0)).norm() < 1e-15, "{g:?}");
}

#[test]
fn eig_errors_and_empty() {
    assert_eq!(
        re(&call("eig", vec![Value::matrix(NumArray::zeros(0, 0))]).unwrap()),
        Vec::<f64>::new()
    );
    assert_eq!(
        message(call("eig", vec![m(1, 2, &[1.0, 2.0])])),
        "eig: matrix must be square (got 1×2)"
    );
    assert_eq!(
        message(call("eig", vec![m(1, 1, &[f64::NAN])])),
        "eig: matrix contains NaN or Inf"
    );
    assert_eq!(
        message(call("eig", vec![Value::Bool(true)])),
        "eig: expected a numeric matrix, got bool"
    );
}

#[test]
fn traces() {
    let t = call("trace", vec![m(2, 2, &[1.0, 2.0, 3.0, 4.5])]).unwrap();
    assert_eq!(t, Value::Scalar(5.5));
    assert_eq!(
        call("trace", vec![Value::Scalar(7.0)]).unwrap(),
        Value::Scalar(7.0)
    );
    assert_eq!(
        message(call("trace", vec![m(2, 1, &[1.0, 2.0])])),
        "trace: matrix must be square (got 2×1)"
    );
}

#[test]
fn linsolve_with_vector_and_matrix_right_hand_sides() {
    let a = m(2, 2, &[2.0, 1.0, 1.0, 3.0]);
    let x = call("linsolve", vec![a.clone(), Value::row(vec![3.0, 5.0])]).unwrap();
    assert_eq!(x.type_name(), "vector");
    let v = re(&x);
    assert!(
        (v[0] - 0.8).abs() < 1e-15 && (v[1] - 1.4).abs() < 1e-15,
        "{v:?}"
    );
    let column = call("linsolve", vec![a.clone(), m(2, 1, &[3.0, 5.0])]).unwrap();
    assert_eq!(column.type_name(), "vector");
    let two = call("linsolve", vec![a.clone(), m(2, 2, &[3.0, 2.0, 5.0, 1.0])]).unwrap();
    assert_eq!(two.as_array().unwrap().shape(), (2, 2));
    let one = call("linsolve", vec![Value::Scalar(4.0), Value::Scalar(2.0)]).unwrap();
    assert_eq!(one, Value::Scalar(0.5));
}

#[test]
fn linsolve_errors() {
    let a = m(2, 2, &[2.0, 1.0, 1.0, 3.0]);
    assert_eq!(
        message(call(
            "linsolve",
            vec![a.clone(), Value::row(vec![1.0, 2.0, 3.0])]
        )),
        "linsolve: A is 2×2 but b has length 3"
    );
    assert_eq!(
        message(call("linsolve", vec![a, m(3, 2, &[0.0; 6])])),
        "linsolve: A is 2×2 but b has 3 rows"
    );
    let singular = m(2, 2, &[1.0, 2.0, 2.0, 4.0]);
    assert_eq!(
        message(call("linsolve", vec![singular, Value::row(vec![1.0, 2.0])])),
        "linsolve: matrix is singular to working precision"
    );
    assert_eq!(
        message(call(
            "linsolve",
            vec![m(1, 2, &[1.0, 2.0]), Value::Scalar(1.0)]
        )),
        "linsolve: matrix must be square (got 1×2)"
    );
    assert_eq!(
        message(call(
            "linsolve",
            vec![Value::Scalar(1.0), Value::Scalar(f64::NAN)]
        )),
        "linsolve: matrix contains NaN or Inf"
    );
}

#[test]
fn unit_scale_is_a_power_of_two_bringing_the_maximum_below_one() {
    let a = Array2::from_shape_vec((1, 2), vec![3.0e-7, -5.0e-7]).unwrap();
    let k = unit_scale(&a);
    assert_eq!(k.log2().fract(), 0.0);
    assert!((0.5..1.0).contains(&(5.0e-7 * k)));
    assert_eq!(unit_scale(&Array2::<f64>::zeros((2, 2))), 1.0);
}

#[test]
fn self_adjointness_is_exact() {
    let sym = Array2::from_shape_vec((2, 2), vec![1.0, 2.0, 2.0, 3.0]).unwrap();
    assert!(is_self_adjoint(&sym));
    let not = Array2::from_shape_vec((2, 2), vec![1.0, 2.0, 2.0 + 1e-15, 3.0]).unwrap();
    assert!(!is_self_adjoint(&not));
    let z = Array2::from_shape_vec((1, 1), vec![C64::new(1.0, 1.0)]).unwrap();
    assert!(!is_self_adjoint(&z));
}

#[test]
fn lu_determinant_sign_and_singularity() {
    let swap = Array2::from_shape_vec((2, 2), vec![0.0, 2.0, 3.0, 0.0]).unwrap();
    let lu = Lu::new(&swap);
    assert_eq!(lu.determinant(), C64::new(-6.0, 0.0));
    assert!(!lu.is_singular());
    let rank_one = Array2::from_shape_vec((2, 2), vec![1.0, 2.0, 2.0, 4.0]).unwrap();
    assert!(Lu::new(&rank_one).is_singular());
    let x = lu.solve(&identity(2));
    assert_eq!(
        x,
        Array2::from_shape_vec((2, 2), vec![0.0, 1.0 / 3.0, 0.5, 0.0]).unwrap()
    );
}

#[test]
fn finiteness_check_names_the_builtin() {
    let a = Array2::from_shape_vec((1, 1), vec![C64::new(0.0, f64::NAN)]).unwrap();
    let err = require_finite("eig", &a).unwrap_err();
    assert_eq!(err.message, "eig: matrix contains NaN or Inf");
}
