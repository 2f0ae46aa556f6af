//! The value model of rlab (spec §4): scalars, complex numbers, booleans, strings, the two
//! array kinds (Vector and Matrix, which behave differently even at the same shape), string
//! arrays, structs, tuples, lambdas, function handles and "none".
//!
//! Arrays, structs and tuples sit behind `Arc`, so copying a value (reading a variable,
//! capturing a workspace in a lambda) is cheap; writes go through `Arc::make_mut`, which
//! copies only when the data is shared.

mod array;
mod constants;
pub mod integer;
pub mod object;
pub mod sparse;
pub mod tensor3;
mod workspace;

pub use array::{C64, NumArray};
pub(crate) use array::{PARALLEL_FROM, transposed, wide};
pub use constants::{CONSTANT_NAMES, constant, constants};
pub use integer::{IntArray, IntClass, IntKind};
pub use object::{Obj, Object};
pub use sparse::Sparse;
pub use tensor3::Tensor3;
pub use workspace::Workspace;

use super::ast::LambdaDef;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// "No value": what procedures like `plot` and `print` return.
    None,
    Bool(bool),
    Scalar(f64),
    Complex(C64),
    Str(String),
    /// A row of numbers; the array is always `1×N`.
    Vector(Arc<NumArray>),
    /// An `R×C` array (a column is an `N×1` Matrix; `1×N` Matrices exist too).
    Matrix(Arc<NumArray>),
    StrArray(Arc<Vec<String>>),
    /// An integer scalar, Vector or Matrix of one class (`int8(x)`, `0xFF`): see [`integer`].
    Int(Arc<IntArray>),
    /// A rank-3 array (`zeros3`, `reshape(v, m, n, p)`, `cat(3, …)`).
    Tensor3(Arc<Tensor3>),
    /// A sparse matrix or vector (`sparse`, `speye`, `laplacian_2d`, …).
    Sparse(Arc<Sparse>),
    /// A library object (`tf`, `ss`, `qfmt`, `sparameters`, …): see [`object`].
    Object(Obj),
    /// Fields sorted by name (display order).
    Struct(Arc<BTreeMap<String, Value>>),
    /// Multiple results of one call.
    Tuple(Arc<Vec<Value>>),
    Lambda(Arc<Lambda>),
    /// `@name`.
    Handle(String),
    /// A real number or array recorded on the tape of a running `grad` (see
    /// `crate::grad`). Everything but the differentiating hooks sees [`Value::plain`].
    Tracked(Arc<Tracked>),
}

/// A value being differentiated: its plain value and its node on the tape of the `grad` call
/// that created it (`tape` tells tapes apart, so a stale value is only a constant).
#[derive(Clone, Debug, PartialEq)]
pub struct Tracked {
    pub value: Value,
    pub node: usize,
    pub tape: u64,
}

/// `@(params) body` with a snapshot of the workspace it was created in.
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub def: Arc<LambdaDef>,
    pub captured: Arc<Workspace>,
}

impl Value {
    /// A Vector from a `1×N` array. An array of another shape is flattened row-major.
    pub fn vector(a: NumArray) -> Value {
        if a.rows() == 1 {
            Value::Vector(Arc::new(a))
        } else {
            let n = a.len();
            Value::Vector(Arc::new(a.reshaped_row_major(1, n)))
        }
    }

    /// A real Vector.
    pub fn row(data: Vec<f64>) -> Value {
        Value::Vector(Arc::new(NumArray::row(data)))
    }

    pub fn matrix(a: NumArray) -> Value {
        Value::Matrix(Arc::new(a))
    }

    /// A real Vector or Matrix that nobody else holds, with `real` applied to every element
    /// where it is (the values [`NumArray::map`] gives, without a new array); anything else
    /// is handed back unchanged.
    pub(crate) fn map_real_owned(
        self,
        real: impl Fn(f64) -> f64 + Sync + Send,
    ) -> Result<Value, Value> {
        let (mut data, matrix) = match self {
            Value::Vector(a) => (a, false),
            Value::Matrix(a) => (a, true),
            other => return Err(other),
        };
        let mapped = match Arc::get_mut(&mut data) {
            Some(NumArray::Real(m)) => {
                array::map_real_in_place(m, real);
                true
            }
            _ => false,
        };
        let value = if matrix {
            Value::Matrix(data)
        } else {
            Value::Vector(data)
        };
        if mapped { Ok(value) } else { Err(value) }
    }

    /// A real `rows×cols` Matrix from row-major data.
    pub fn matrix_rows(rows: usize, cols: usize, data: Vec<f64>) -> Value {
        Value::matrix(NumArray::from_row_major(rows, cols, data))
    }

    pub fn str(s: impl Into<String>) -> Value {
        Value::Str(s.into())
    }

    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Arc::new(items))
    }

    /// A number: Scalar when the imaginary part is exactly zero, else Complex
    /// (the rule of `max`/`min`).
    pub fn number(z: C64) -> Value {
        if z.im == 0.0 {
            Value::Scalar(z.re)
        } else {
            Value::Complex(z)
        }
    }

    /// A number: Scalar when `|im| < 1e-12`, else Complex (the rule of element indexing,
    /// `sum`, `mean`, `dot`).
    pub fn number_approx(z: C64) -> Value {
        if z.im.abs() < 1e-12 {
            Value::Scalar(z.re)
        } else {
            Value::Complex(z)
        }
    }

    /// The value itself, or the plain value of a tracked one.
    pub fn plain(&self) -> &Value {
        match self {
            Value::Tracked(t) => &t.value,
            v => v,
        }
    }

    /// The type name used in error messages (spec §4).
    pub fn type_name(&self) -> &'static str {
        match self {
            // Only what cannot follow a tracked value names it (e.g. a `for` over one).
            Value::Tracked(t) => match t.value {
                Value::Scalar(_) => "tracked scalar",
                Value::Vector(_) => "tracked vector",
                _ => "tracked matrix",
            },
            Value::None => "none",
            Value::Bool(_) => "bool",
            Value::Scalar(_) => "scalar",
            Value::Complex(_) => "complex",
            Value::Str(_) => "string",
            Value::Vector(_) => "vector",
            Value::Matrix(_) => "matrix",
            Value::StrArray(_) => "string_array",
            Value::Tensor3(_) => "tensor3",
            Value::Int(a) => a.class.name(),
            Value::Sparse(s) => sparse::type_name(s),
            Value::Object(o) => o.0.type_name(),
            Value::Struct(_) => "struct",
            Value::Tuple(_) => "tuple",
            Value::Lambda(_) => "lambda",
            Value::Handle(_) => "function_handle",
        }
    }

    /// The array of a Vector or Matrix.
    pub fn as_array(&self) -> Option<&NumArray> {
        match self.plain() {
            Value::Vector(a) | Value::Matrix(a) => Some(a),
            _ => None,
        }
    }

    /// A real number from a Scalar (or Bool as 0/1 is *not* accepted: Bools are not numbers).
    /// Error text: `expected scalar, got vector`.
    pub fn to_f64(&self) -> Result<f64, super::error::LangError> {
        match self.plain() {
            Value::Scalar(x) => Ok(*x),
            Value::Int(a) if a.kind == IntKind::Scalar => Ok(a.get(0) as f64),
            other => Err(super::error::LangError::type_error(format!(
                "expected scalar, got {}",
                other.type_name()
            ))),
        }
    }

    /// The numbers of a Scalar or Complex (as `1×1`), Vector or Matrix; `None` for other kinds.
    pub fn to_num_array(&self) -> Option<NumArray> {
        match self.plain() {
            Value::Scalar(x) => Some(NumArray::filled(1, 1, *x)),
            Value::Complex(z) => Some(NumArray::Complex(ndarray::Array2::from_elem((1, 1), *z))),
            Value::Vector(a) | Value::Matrix(a) => Some((**a).clone()),
            _ => None,
        }
    }

    /// True for a Matrix with one row or one column ("1-D-shaped", spec §10).
    pub fn is_one_d_matrix(&self) -> bool {
        matches!(self, Value::Matrix(a) if a.rows() == 1 || a.cols() == 1)
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_rules_differ_in_threshold() {
        assert_eq!(Value::number(C64::new(1.0, 1e-13)).type_name(), "complex");
        assert_eq!(
            Value::number_approx(C64::new(1.0, 1e-13)),
            Value::Scalar(1.0)
        );
    }

    #[test]
    fn vector_constructor_keeps_one_row() {
        let v = Value::vector(NumArray::from_row_major(2, 2, vec![1.0, 2.0, 3.0, 4.0]));
        assert_eq!(v.as_array().unwrap().shape(), (1, 4));
        assert_eq!(Value::row(vec![]).as_array().unwrap().shape(), (1, 0));
    }
}
