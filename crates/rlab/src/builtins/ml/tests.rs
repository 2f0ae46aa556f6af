//! Tests of the ML builtins against the check values of spec §10.6 and §14.1.

use super::normalize::softmax_slice;
use crate::builtins::{Args, lookup};
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::{Config, Interp};
use crate::rng::Rng;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

fn call(name: &str, args: Vec<Value>) -> LangResult<Value> {
    let mut interp = Interp::new(Config::default(), Rng::seeded(0));
    let builtin = lookup(name).ok_or_else(|| LangError::undefined_function(name))?;
    (builtin.func)(&mut interp, Args::new(builtin.name, args, 1))
}

fn message(result: LangResult<Value>) -> String {
    result
        .map(|v| format!("unexpected {v:?}"))
        .unwrap_or_else(|e| e.message)
}

fn re(v: &Value) -> Vec<f64> {
    v.as_array().map(NumArray::to_re_vec).unwrap_or_default()
}

fn linspace(a: f64, b: f64, n: usize) -> Vec<f64> {
    let step = (b - a) / (n - 1) as f64;
    (0..n).map(|k| a + step * k as f64).collect()
}

#[test]
fn gelu_check_values() {
    let cases = [
        (1.0, 0.8411919906082768),
        (-0.5, -0.15428599017485606),
        (3.0, 2.996362607918227),
        (0.0, 0.0),
    ];
    for (x, y) in cases {
        assert_eq!(
            call("gelu", vec![Value::Scalar(x)]).unwrap(),
            Value::Scalar(y)
        );
    }
    let v = call("gelu", vec![Value::row(vec![1.0, 3.0])]).unwrap();
    assert_eq!(v.type_name(), "vector");
    assert_eq!(re(&v), vec![0.8411919906082768, 2.996362607918227]);
    let m = call("gelu", vec![Value::matrix_rows(2, 1, vec![1.0, -0.5])]).unwrap();
    assert_eq!(m.as_array().unwrap().shape(), (2, 1));
}

#[test]
fn gelu_grad_check_values() {
    let at = |x: f64| call("gelu_grad", vec![Value::Scalar(x)]).unwrap();
    assert_eq!(at(0.0), Value::Scalar(0.5));
    assert_eq!(at(1.0), Value::Scalar(1.0829640838457826));
    let grads = re(&call("gelu_grad", vec![Value::row(linspace(-5.0, 5.0, 2001))]).unwrap());
    let max = grads.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(max, 1.1289926108579487);
}

#[test]
fn relu_and_activation_errors() {
    let v = call("relu", vec![Value::row(vec![-1.0, 0.5, 2.0])]).unwrap();
    assert_eq!(re(&v), vec![0.0, 0.5, 2.0]);
    assert_eq!(
        call("relu", vec![Value::Complex(C64::new(-2.0, 1.0))]).unwrap(),
        Value::Scalar(0.0)
    );
    assert_eq!(
        message(call("relu", vec![Value::str("x")])),
        "relu: expected a numeric argument, got string"
    );
    assert_eq!(
        message(call("gelu", vec![])),
        "wrong number of arguments for 'gelu': expected 1, got 0"
    );
}

#[test]
fn softmax_of_vectors_and_scalars() {
    let p = call("softmax", vec![Value::row(vec![1.0, 2.0, 3.0])]).unwrap();
    assert_eq!(p.type_name(), "vector");
    assert_eq!(
        re(&p),
        vec![0.09003057317038046, 0.24472847105479764, 0.6652409557748218]
    );
    assert_eq!(
        call("softmax", vec![Value::Scalar(7.0)]).unwrap(),
        Value::Scalar(1.0)
    );
    let column = call(
        "softmax",
        vec![Value::matrix_rows(3, 1, vec![1.0, 2.0, 3.0])],
    )
    .unwrap();
    assert_eq!(column.as_array().unwrap().shape(), (3, 1));
    assert_eq!(re(&column), re(&p));
}

#[test]
fn softmax_of_matrices_is_row_wise_by_default() {
    let m = Value::matrix_rows(2, 3, vec![1.0, 2.0, 3.0, 0.0, 0.0, -1.0e9]);
    let rows = re(&call("softmax", vec![m.clone()]).unwrap());
    assert_eq!(
        &rows[..3],
        &[0.09003057317038046, 0.24472847105479764, 0.6652409557748218]
    );
    assert_eq!(&rows[3..], &[0.5, 0.5, 0.0]);
    let cols = re(&call("softmax", vec![m.clone(), Value::Scalar(1.0)]).unwrap());
    let mut first = [1.0, 0.0];
    softmax_slice(&mut first);
    assert_eq!((cols[0], cols[3]), (first[0], first[1]));
    assert_eq!(cols[5], 0.0);
    assert_eq!(
        message(call("softmax", vec![m, Value::Scalar(3.0)])),
        "softmax: dim must be 1 or 2, got 3"
    );
}

#[test]
fn softmax_errors() {
    let v = Value::row(vec![1.0]);
    assert_eq!(
        message(call("softmax", vec![v, Value::Scalar(1.0)])),
        "softmax: vector form takes one argument"
    );
    assert_eq!(
        message(call("softmax", vec![Value::row(vec![])])),
        "softmax: argument must be a non-empty vector, matrix, or scalar (got vector)"
    );
    assert_eq!(
        message(call("softmax", vec![Value::matrix(NumArray::zeros(0, 2))])),
        "softmax: matrix must be non-empty"
    );
    assert_eq!(
        message(call(
            "softmax",
            vec![Value::Scalar(1.0), Value::Scalar(1.0)]
        )),
        "softmax: scalar form takes one argument"
    );
    let one_d = Value::matrix_rows(1, 2, vec![1.0, 2.0]);
    assert_eq!(
        message(call("softmax", vec![one_d, Value::Scalar(2.0)])),
        "softmax: 1-D-shaped matrix takes one argument"
    );
}

#[test]
fn layernorm_check_values() {
    let four = call("layernorm", vec![Value::row(vec![1.0, 2.0, 3.0, 4.0])]).unwrap();
    assert_eq!(
        display::value(&four),
        "[1×4]  -1.341635  -0.447212  0.447212  1.341635"
    );
    let five = call("layernorm", vec![Value::row(vec![1.0, 2.0, 3.0, 4.0, 5.0])]).unwrap();
    assert_eq!(
        display::value(&five),
        "[1×5]  -1.414210  -0.707105  0.000000  0.707105  1.414210"
    );
    // The seed's manual formula (v - mu) / sqrt(sigma^2 + 1e-5) gives exactly the same bits.
    let v = [1.0, 2.0, 3.0, 4.0, 5.0];
    let mu = v.iter().sum::<f64>() / 5.0;
    let var = v.iter().map(|x| (x - mu) * (x - mu)).sum::<f64>() / 5.0;
    let manual: Vec<f64> = v.iter().map(|x| (x - mu) / (var + 1e-5).sqrt()).collect();
    assert_eq!(re(&five), manual);
    assert_eq!(
        call("layernorm", vec![Value::Scalar(3.0)]).unwrap(),
        Value::Scalar(0.0)
    );
}

#[test]
fn layernorm_of_matrices_and_eps() {
    let m = Value::matrix_rows(2, 2, vec![1.0, 3.0, 10.0, 10.0]);
    let rows = re(&call("layernorm", vec![m.clone()]).unwrap());
    let s = (1.0f64 + 1e-5).sqrt();
    assert_eq!(rows, vec![-1.0 / s, 1.0 / s, 0.0, 0.0]);
    let cols = re(&call(
        "layernorm",
        vec![m.clone(), Value::Scalar(1.0), Value::Scalar(0.0)],
    )
    .unwrap());
    assert_eq!(cols, vec![-1.0, -1.0, 1.0, 1.0]);
    let eps = re(&call(
        "layernorm",
        vec![Value::row(vec![1.0, 3.0]), Value::Scalar(0.0)],
    )
    .unwrap());
    assert_eq!(eps, vec![-1.0, 1.0]);
    let z = Array2::from_shape_vec((1, 2), vec![C64::new(0.0, 1.0), C64::new(0.0, -1.0)]).unwrap();
    let out = call(
        "layernorm",
        vec![Value::vector(NumArray::complex(z)), Value::Scalar(0.0)],
    )
    .unwrap();
    assert_eq!(
        out.as_array().unwrap().to_c_vec(),
        vec![C64::new(0.0, 1.0), C64::new(0.0, -1.0)]
    );
}

#[test]
fn layernorm_errors() {
    let v = Value::row(vec![1.0, 2.0]);
    let s = Value::Scalar(1.0);
    assert_eq!(
        message(call("layernorm", vec![v, s.clone(), s.clone()])),
        "layernorm: vector form takes at most 2 args (v[, eps])"
    );
    let one_d = Value::matrix_rows(2, 1, vec![1.0, 2.0]);
    assert_eq!(
        message(call("layernorm", vec![one_d, s.clone(), s.clone()])),
        "layernorm: 1-D-shaped matrix takes at most 2 args (M[, eps])"
    );
    assert_eq!(
        message(call("layernorm", vec![Value::str("x")])),
        "layernorm: argument must be a non-empty vector, matrix, or scalar (got string)"
    );
    let m = Value::matrix_rows(2, 2, vec![1.0; 4]);
    assert_eq!(
        message(call("layernorm", vec![m, Value::row(vec![1.0])])),
        "layernorm: expected scalar, got vector"
    );
}

#[test]
fn causal_mask_shape_and_values() {
    let mask = call("causal_mask", vec![Value::Scalar(3.0)]).unwrap();
    assert_eq!(mask.type_name(), "matrix");
    let m = -1.0e9;
    assert_eq!(re(&mask), vec![0.0, m, m, 0.0, 0.0, m, 0.0, 0.0, 0.0]);
    assert_eq!(
        re(&call("causal_mask", vec![Value::Scalar(0.0)]).unwrap()),
        Vec::<f64>::new()
    );
    assert_eq!(
        message(call("causal_mask", vec![Value::Scalar(2.5)])),
        "causal_mask: size must be a non-negative integer, got 2.5"
    );
    assert!(message(call("causal_mask", vec![Value::Scalar(1e9)])).starts_with("allocation of"));
}

#[test]
fn entropies_in_bits() {
    let a = Value::matrix_rows(2, 4, vec![0.5, 0.5, 0.0, 0.0, 0.25, 0.25, 0.25, 0.25]);
    let h = call("row_entropies_bits", vec![a]).unwrap();
    assert_eq!(h.type_name(), "vector");
    assert_eq!(re(&h), vec![1.0, 2.0]);
    let p = Value::row(vec![0.5, 0.25, 0.25, 0.0, f64::NAN]);
    assert_eq!(
        call("entropy_bits", vec![p.clone()]).unwrap(),
        Value::Scalar(1.5)
    );
    assert_eq!(re(&call("row_entropies_bits", vec![p]).unwrap()), vec![1.5]);
    // Same arithmetic as one row: sequential subtraction from 0.
    let odd = [0.1, 0.2, 0.7];
    let expected = odd.iter().fold(0.0, |h: f64, p: &f64| h - p * p.log2());
    let got = call("entropy_bits", vec![Value::matrix_rows(3, 1, odd.to_vec())]).unwrap();
    assert_eq!(got, Value::Scalar(expected));
    assert_eq!(
        call("entropy_bits", vec![Value::Scalar(1.0)]).unwrap(),
        Value::Scalar(0.0)
    );
}

#[test]
fn entropy_errors() {
    let grid = Value::matrix_rows(2, 2, vec![0.5; 4]);
    assert_eq!(
        message(call("entropy_bits", vec![grid])),
        "entropy_bits: expected a vector, got a 2×2 matrix (use row_entropies_bits)"
    );
    assert_eq!(
        message(call("row_entropies_bits", vec![Value::Bool(true)])),
        "row_entropies_bits: expected a numeric array, got bool"
    );
}
