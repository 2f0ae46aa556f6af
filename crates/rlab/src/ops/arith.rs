//! Which arithmetic happens for which operand kinds (spec §4.1, §5.2): the table that decides
//! between a number result, element-wise work on a Vector or Matrix, broadcasting, a matrix
//! product or one of rustlab's errors — and which kind (Vector or Matrix) comes out.
//!
//! | operands | `+ - .* ./ .^` | `*` | `/` | `^` |
//! |---|---|---|---|---|
//! | number ∘ number | number (Complex if either is) | same | same | same |
//! | number ∘ V, V ∘ number | Vector | Vector | Vector | Vector |
//! | number ∘ M, M ∘ number | Matrix | Matrix | Matrix | Matrix |
//! | V ∘ V | Vector, equal lengths | error | error | error |
//! | V ∘ M, M ∘ V | Matrix (broadcast) | product | error | Matrix (broadcast) |
//! | M ∘ M | Matrix (broadcast) | product | error | Matrix (broadcast) |

use super::elementwise::{self, Num};
use super::kernel::Arith;
use super::matmul;
use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Value};
use std::sync::Arc;

/// `a op b` for an arithmetic operator whose element arithmetic is `arith`.
pub(crate) fn arithmetic(op: BinOp, arith: Arith, a: &Value, b: &Value) -> LangResult<Value> {
    match (a, b) {
        (Value::Vector(x), Value::Vector(y)) => vector_vector(op, arith, x, y),
        (Value::Matrix(x), Value::Matrix(y)) => match op {
            BinOp::Mul => matrix(matmul::matrix_matrix(x, y)),
            BinOp::Div => Err(LangError::type_error(
                "use ./ for element-wise matrix division; or inv(A)*B for left-divide",
            )),
            _ => matrix(elementwise::arrays(arith, x, y)),
        },
        (Value::Matrix(m), Value::Vector(v)) => match op {
            BinOp::Mul => matrix(matmul::matrix_vector(m, v)),
            BinOp::Div => Err(not_defined(op, "matrix and vector")),
            _ => matrix(elementwise::arrays(arith, m, v)),
        },
        (Value::Vector(v), Value::Matrix(m)) => match op {
            BinOp::Mul => matmul::vector_matrix(v, m),
            BinOp::Div => Err(not_defined(op, "vector and matrix")),
            _ => matrix(elementwise::arrays(arith, v, m)),
        },
        _ => with_numbers(op, arith, a, b),
    }
}

/// The pairings that involve a Scalar or Complex number.
fn with_numbers(op: BinOp, arith: Arith, a: &Value, b: &Value) -> LangResult<Value> {
    match (a, number(a), b, number(b)) {
        (_, Some(Num::Real(x)), _, Some(Num::Real(y))) => Ok(Value::Scalar(arith.scalar(x, y))),
        (_, Some(x), _, Some(y)) => Ok(Value::Complex(arith.complex(complex(x), complex(y)))),
        (_, Some(s), Value::Vector(v), _) => vector(elementwise::number_array(arith, s, v)),
        (_, Some(s), Value::Matrix(m), _) => matrix(elementwise::number_array(arith, s, m)),
        (Value::Vector(v), _, _, Some(s)) => vector(elementwise::array_number(arith, v, s)),
        (Value::Matrix(m), _, _, Some(s)) => matrix(elementwise::array_number(arith, m, s)),
        _ => Err(unsupported(op, a, b)),
    }
}

/// Vector ∘ Vector: element-wise for equal lengths; `*`, `/` and `^` are errors.
fn vector_vector(op: BinOp, arith: Arith, x: &NumArray, y: &NumArray) -> LangResult<Value> {
    match op {
        BinOp::Mul => Err(matmul::two_row_vectors(x, y)),
        BinOp::Div => Err(LangError::type_error(
            "cannot divide two vectors with /; use ./ for element-wise division",
        )),
        BinOp::Pow => Err(LangError::type_error(
            "cannot raise two vectors with ^; use .^ for element-wise power",
        )),
        _ if x.len() != y.len() => Err(LangError::type_error(format!(
            "vector length mismatch: {} vs {}",
            x.len(),
            y.len()
        ))),
        _ => vector(elementwise::arrays(arith, x, y)),
    }
}

fn number(v: &Value) -> Option<Num> {
    match v {
        Value::Scalar(x) => Some(Num::Real(*x)),
        Value::Complex(z) => Some(Num::Complex(*z)),
        _ => None,
    }
}

fn complex(n: Num) -> C64 {
    match n {
        Num::Real(x) => C64::new(x, 0.0),
        Num::Complex(z) => z,
    }
}

fn vector(result: LangResult<NumArray>) -> LangResult<Value> {
    result.map(|a| Value::Vector(Arc::new(a)))
}

fn matrix(result: LangResult<NumArray>) -> LangResult<Value> {
    result.map(|a| Value::Matrix(Arc::new(a)))
}

fn not_defined(op: BinOp, operands: &str) -> LangError {
    LangError::type_error(format!(
        "operator {} not defined for {operands}; use .* ./ .^ for element-wise ops",
        op.name()
    ))
}

/// `unsupported operand types for Add: bool and scalar`.
fn unsupported(op: BinOp, a: &Value, b: &Value) -> LangError {
    LangError::type_error(format!(
        "unsupported operand types for {}: {} and {}",
        op.name(),
        a.type_name(),
        b.type_name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(data: &[f64]) -> Value {
        Value::row(data.to_vec())
    }

    fn mat(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::matrix_rows(rows, cols, data.to_vec())
    }

    fn run(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
        let arith = Arith::of(op).ok_or_else(|| LangError::runtime("not arithmetic"))?;
        arithmetic(op, arith, a, b)
    }

    fn message(op: BinOp, a: &Value, b: &Value) -> String {
        run(op, a, b).unwrap_err().message
    }

    #[test]
    fn numbers_combine_to_numbers() {
        let (two, three) = (Value::Scalar(2.0), Value::Scalar(3.0));
        assert_eq!(run(BinOp::Pow, &two, &three).unwrap(), Value::Scalar(8.0));
        assert_eq!(
            run(BinOp::ElemDiv, &three, &two).unwrap(),
            Value::Scalar(1.5)
        );
        let i = Value::Complex(C64::new(0.0, 1.0));
        assert_eq!(
            run(BinOp::Add, &two, &i).unwrap(),
            Value::Complex(C64::new(2.0, 1.0))
        );
        // A complex operand keeps the result Complex even with a zero imaginary part.
        assert_eq!(
            run(BinOp::Mul, &i, &i).unwrap(),
            Value::Complex(C64::new(-1.0, 0.0))
        );
        let Value::Complex(z) = run(BinOp::Pow, &i, &two).unwrap() else {
            panic!("expected a complex power");
        };
        assert!((z.re + 1.0).abs() < 1e-15);
    }

    #[test]
    fn vectors_combine_elementwise_when_lengths_match() {
        let (a, b) = (row(&[1.0, 2.0]), row(&[4.0, 8.0]));
        assert_eq!(run(BinOp::Add, &a, &b).unwrap(), row(&[5.0, 10.0]));
        assert_eq!(run(BinOp::Sub, &a, &b).unwrap(), row(&[-3.0, -6.0]));
        assert_eq!(run(BinOp::ElemMul, &a, &b).unwrap(), row(&[4.0, 16.0]));
        assert_eq!(run(BinOp::ElemDiv, &a, &b).unwrap(), row(&[0.25, 0.25]));
        assert_eq!(run(BinOp::ElemPow, &a, &b).unwrap(), row(&[1.0, 256.0]));
        let c = row(&[1.0, 2.0, 3.0]);
        assert_eq!(
            message(BinOp::Add, &a, &c),
            "vector length mismatch: 2 vs 3"
        );
    }

    #[test]
    fn vector_products_divisions_and_powers_are_errors() {
        let (a, b) = (row(&[1.0, 2.0, 3.0]), row(&[1.0, 2.0, 3.0]));
        assert!(
            message(BinOp::Mul, &a, &b)
                .starts_with("cannot multiply two row vectors [1×3] * [1×3]\n")
        );
        assert_eq!(
            message(BinOp::Div, &a, &b),
            "cannot divide two vectors with /; use ./ for element-wise division"
        );
        assert_eq!(
            message(BinOp::Pow, &a, &b),
            "cannot raise two vectors with ^; use .^ for element-wise power"
        );
    }

    #[test]
    fn numbers_with_vectors_stay_vectors() {
        let v = row(&[1.0, 2.0]);
        let two = Value::Scalar(2.0);
        assert_eq!(run(BinOp::Mul, &two, &v).unwrap(), row(&[2.0, 4.0]));
        assert_eq!(run(BinOp::Sub, &v, &two).unwrap(), row(&[-1.0, 0.0]));
        assert_eq!(run(BinOp::Pow, &v, &two).unwrap(), row(&[1.0, 4.0]));
        assert_eq!(run(BinOp::Pow, &two, &v).unwrap(), row(&[2.0, 4.0]));
        assert_eq!(run(BinOp::Div, &two, &v).unwrap(), row(&[2.0, 1.0]));
        let tenth = row(&[0.1]);
        let q = run(BinOp::Div, &tenth, &Value::Scalar(0.3)).unwrap();
        assert_eq!(q, row(&[0.3333333333333333]));
        let i = Value::Complex(C64::new(0.0, 1.0));
        let Value::Vector(z) = run(BinOp::Mul, &v, &i).unwrap() else {
            panic!("expected a vector");
        };
        assert_eq!(z.get(0, 1), C64::new(0.0, 2.0));
    }

    #[test]
    fn numbers_with_matrices_stay_matrices() {
        let m = mat(1, 2, &[1.0, 2.0]);
        let two = Value::Scalar(2.0);
        assert_eq!(run(BinOp::Add, &two, &m).unwrap(), mat(1, 2, &[3.0, 4.0]));
        assert_eq!(run(BinOp::Div, &m, &two).unwrap(), mat(1, 2, &[0.5, 1.0]));
        assert_eq!(run(BinOp::Pow, &m, &two).unwrap(), mat(1, 2, &[1.0, 4.0]));
    }

    #[test]
    fn matrices_multiply_and_broadcast() {
        let m = mat(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let shifted = run(BinOp::Add, &m, &row(&[10.0, 20.0, 30.0])).unwrap();
        assert_eq!(shifted, mat(2, 3, &[11.0, 22.0, 33.0, 14.0, 25.0, 36.0]));
        let scaled = run(BinOp::ElemMul, &m, &mat(2, 1, &[1.0, 2.0])).unwrap();
        assert_eq!(scaled, mat(2, 3, &[1.0, 2.0, 3.0, 8.0, 10.0, 12.0]));
        let one_by_one = run(BinOp::Mul, &mat(1, 2, &[0.0, 0.0]), &mat(2, 1, &[3.0, 4.0]));
        assert_eq!(one_by_one.unwrap(), mat(1, 1, &[0.0]));
        assert_eq!(
            message(BinOp::Div, &m, &m),
            "use ./ for element-wise matrix division; or inv(A)*B for left-divide"
        );
        assert!(
            message(BinOp::Add, &m, &mat(3, 3, &[0.0; 9])).starts_with("implicit expansion: row")
        );
        let powered = run(BinOp::Pow, &mat(1, 2, &[2.0, 3.0]), &mat(1, 2, &[2.0, 2.0]));
        assert_eq!(powered.unwrap(), mat(1, 2, &[4.0, 9.0]));
    }

    #[test]
    fn vector_and_matrix_broadcast_to_matrices() {
        let v = row(&[1.0, 2.0, 3.0]);
        let sum = run(BinOp::Add, &v, &mat(2, 1, &[1.0, 2.0])).unwrap();
        assert_eq!(sum, mat(2, 3, &[2.0, 3.0, 4.0, 3.0, 4.0, 5.0]));
        // Even a 1×N Matrix turns a Vector result into a Matrix.
        let same = run(BinOp::Sub, &v, &mat(1, 3, &[1.0, 1.0, 1.0])).unwrap();
        assert_eq!(same, mat(1, 3, &[0.0, 1.0, 2.0]));
        let v2 = row(&[1.0, 2.0]);
        let outer = run(BinOp::Add, &v2, &mat(2, 1, &[10.0, 20.0])).unwrap();
        assert_eq!(outer, mat(2, 2, &[11.0, 12.0, 21.0, 22.0]));
    }

    #[test]
    fn vector_matrix_products() {
        let w = mat(2, 2, &[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(
            run(BinOp::Mul, &row(&[1.0, 1.0]), &w).unwrap(),
            row(&[4.0, 6.0])
        );
        let col = mat(2, 1, &[3.0, 4.0]);
        assert_eq!(
            run(BinOp::Mul, &row(&[1.0, 1.0]), &col).unwrap(),
            Value::Scalar(7.0)
        );
        let outer = run(BinOp::Mul, &col, &row(&[1.0, 2.0])).unwrap();
        assert_eq!(outer, mat(2, 2, &[3.0, 6.0, 4.0, 8.0]));
        assert_eq!(
            message(BinOp::Div, &w, &row(&[1.0, 1.0])),
            "operator Div not defined for matrix and vector; use .* ./ .^ for element-wise ops"
        );
        assert_eq!(
            message(BinOp::Div, &row(&[1.0, 1.0]), &w),
            "operator Div not defined for vector and matrix; use .* ./ .^ for element-wise ops"
        );
        assert!(
            message(BinOp::Mul, &w, &row(&[1.0, 1.0])).starts_with("cannot multiply matrix [2×2]")
        );
    }

    #[test]
    fn other_kinds_are_unsupported() {
        let err = run(BinOp::Add, &Value::Bool(true), &Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "unsupported operand types for Add: bool and scalar"
        );
        assert_eq!(err.kind, crate::error::ErrorKind::Type);
        assert_eq!(
            message(BinOp::ElemMul, &row(&[1.0]), &Value::str("x")),
            "unsupported operand types for ElemMul: vector and string"
        );
        assert_eq!(
            message(BinOp::Sub, &Value::None, &mat(1, 1, &[1.0])),
            "unsupported operand types for Sub: none and matrix"
        );
    }
}
