//! The right-hand side of an indexed write, as the cells receive it: one value repeated or
//! one per cell, in complex numbers for the general path ([`Fill`], [`region_values`],
//! [`single`]) or as the real numbers themselves when a real array takes real values
//! ([`RealFill`]), with the errors of a value that does not fit.

use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Value};

/// The right-hand side of an element or region write.
pub(super) enum Fill {
    One(C64),
    Many(Vec<C64>),
}

impl Fill {
    pub(super) fn from_value(v: &Value) -> LangResult<Fill> {
        match v {
            Value::Scalar(x) => Ok(Fill::One(C64::new(*x, 0.0))),
            Value::Complex(z) => Ok(Fill::One(*z)),
            Value::Vector(a) => Ok(Fill::Many(a.to_c_vec())),
            other => Err(LangError::type_error(format!(
                "index assignment: cannot store a {} in an array",
                other.type_name()
            ))),
        }
    }

    /// The values for `n` cells: a scalar repeats; a list must have exactly `n`.
    pub(super) fn for_cells(&self, n: usize) -> LangResult<Vec<C64>> {
        match self {
            Fill::One(z) => Ok(vec![*z; n]),
            Fill::Many(zs) if zs.len() == n => Ok(zs.clone()),
            Fill::Many(zs) => Err(LangError::runtime(format!(
                "index assignment: {n} position(s) but {} value(s)",
                zs.len()
            ))),
        }
    }
}

/// The values of a region write into a real array, when the right-hand side is real and
/// fits the region as it is (what [`region_values`] would give, without its complex copy);
/// `None` sends the write down the general path, with its promotions and errors.
pub(super) enum RealFill<'v> {
    One(f64),
    Many(&'v [f64]),
}

impl<'v> RealFill<'v> {
    pub(super) fn of(rhs: &'v Value, nr: usize, nc: usize) -> Option<Self> {
        let (array, fits) = match rhs {
            Value::Scalar(x) => return Some(RealFill::One(*x)),
            Value::Vector(a) => (a, a.len() == nr * nc),
            Value::Matrix(m) => (m, m.shape() == (nr, nc)),
            _ => return None,
        };
        match &**array {
            NumArray::Real(values) if fits => values.as_slice().map(RealFill::Many),
            _ => None,
        }
    }

    /// The value of the `k`-th cell, row-major.
    pub(super) fn at(&self, k: usize) -> f64 {
        match self {
            RealFill::One(x) => *x,
            RealFill::Many(xs) => xs[k],
        }
    }
}

/// Values for a `nr×nc` region, row-major: a scalar repeats; a Vector fills one row, one
/// column or exactly every cell; a Matrix must have the region's shape.
pub(super) fn region_values(rhs: &Value, nr: usize, nc: usize) -> LangResult<Vec<C64>> {
    match rhs {
        Value::Matrix(m) => {
            if m.shape() != (nr, nc) {
                return Err(LangError::runtime(format!(
                    "index assignment: region is {nr}×{nc} but the value is {}×{}",
                    m.rows(),
                    m.cols()
                )));
            }
            Ok(m.to_c_vec())
        }
        other => Fill::from_value(other)?.for_cells(nr * nc),
    }
}

/// The right-hand side of a single-element write.
pub(super) fn single(rhs: &Value) -> LangResult<C64> {
    match Fill::from_value(rhs)? {
        Fill::One(z) => Ok(z),
        Fill::Many(_) => Err(LangError::runtime(format!(
            "index assignment: cannot store a {} in one element",
            rhs.type_name()
        ))),
    }
}
