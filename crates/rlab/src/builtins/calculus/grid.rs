//! `gradient`, `divergence` and `curl` of fields sampled on a uniform 2-D grid (`F(i, j)` at
//! x = j·dx, y = i·dy). Interior points use central differences, the edges NumPy's
//! second-order one-sided stencils: f'(0) ≈ (4f₁ − 3f₀ − f₂)/(2h) and
//! f'(n−1) ≈ (3fₙ₋₁ − 4fₙ₋₂ + fₙ₋₃)/(2h). Each axis needs at least 3 samples; real
//! fields stay real, complex ones are differentiated as complex.

use crate::builtins::Args;
use crate::builtins::numeric::check_alloc;
use crate::display::scalar as show;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;
use std::ops::{Add, Mul, Sub};

/// A field element: `f64` or `C64`.
trait Sample: Copy + Add<Output = Self> + Sub<Output = Self> + Mul<f64, Output = Self> {}
impl Sample for f64 {}
impl Sample for C64 {}

/// The derivative along x (columns) or y (rows).
#[derive(Clone, Copy)]
enum Axis {
    X,
    Y,
}

/// d/dh of the 1-D samples `f(0..n)` at index k, where `f` reads sample i.
fn stencil<T: Sample>(n: usize, k: usize, inv_2h: f64, f: impl Fn(usize) -> T) -> T {
    if k == 0 {
        (f(1) * 4.0 - f(0) * 3.0 - f(2)) * inv_2h
    } else if k == n - 1 {
        (f(n - 1) * 3.0 - f(n - 2) * 4.0 + f(n - 3)) * inv_2h
    } else {
        (f(k + 1) - f(k - 1)) * inv_2h
    }
}

/// ∂F/∂x (along each row, step h) or ∂F/∂y (down each column, step h).
fn derivative<T: Sample>(f: &Array2<T>, axis: Axis, h: f64) -> Array2<T> {
    let (ny, nx) = f.dim();
    let inv_2h = 0.5 / h;
    Array2::from_shape_fn((ny, nx), |(i, j)| match axis {
        Axis::X => stencil(nx, j, inv_2h, |c| f[[i, c]]),
        Axis::Y => stencil(ny, i, inv_2h, |r| f[[r, j]]),
    })
}

/// Argument `i` as a field: a Matrix, Vector (1×N) or Scalar.
fn field(args: &Args, i: usize, what: &str) -> LangResult<NumArray> {
    match args.value(i)? {
        v @ (Value::Matrix(_) | Value::Vector(_) | Value::Scalar(_) | Value::Complex(_)) => {
            Ok(v.to_num_array().unwrap_or_else(|| NumArray::zeros(0, 0)))
        }
        other => Err(LangError::type_error(format!(
            "{}: {what} must be a matrix, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// The optional `dx, dy` from argument `start` on (both or neither; default 1), checked.
fn steps(args: &Args, start: usize) -> LangResult<(f64, f64)> {
    let (dx, dy) = match args.len() - start {
        0 => (1.0, 1.0),
        2 => (args.f64(start)?, args.f64(start + 1)?),
        extra => {
            return Err(LangError::type_error(format!(
                "{}: expected dx and dy together (or neither), got {extra} extra args",
                args.name
            )));
        }
    };
    for (label, h) in [("dx", dx), ("dy", dy)] {
        if !h.is_finite() || h <= 0.0 {
            return Err(LangError::type_error(format!(
                "{}: {label} must be a positive finite number, got {}",
                args.name,
                show(h)
            )));
        }
    }
    Ok((dx, dy))
}

/// Both axes of a `(ny, nx)` grid must hold at least 3 samples.
fn check_axes(name: &str, (ny, nx): (usize, usize)) -> LangResult<()> {
    for (axis, len) in [("x (columns)", nx), ("y (rows)", ny)] {
        if len < 3 {
            return Err(LangError::type_error(format!(
                "{name}: axis {axis} length {len} < 3 (need at least 3 samples for 2nd-order stencils)"
            )));
        }
    }
    check_alloc(ny, nx, true)
}

pub(super) fn gradient(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    let f = field(&args, 0, "F")?;
    let (dx, dy) = steps(&args, 1)?;
    check_axes("gradient", f.shape())?;
    let (fx, fy) = match &f {
        NumArray::Real(f) => (
            NumArray::Real(derivative(f, Axis::X, dx)),
            NumArray::Real(derivative(f, Axis::Y, dy)),
        ),
        NumArray::Complex(f) => (
            NumArray::complex(derivative(f, Axis::X, dx)),
            NumArray::complex(derivative(f, Axis::Y, dy)),
        ),
    };
    Ok(Value::tuple(vec![Value::matrix(fx), Value::matrix(fy)]))
}

/// How a 2-D vector field's two derivatives combine.
#[derive(Clone, Copy)]
enum Combine {
    /// ∂Fx/∂x + ∂Fy/∂y
    Divergence,
    /// ∂Fy/∂x − ∂Fx/∂y
    Curl,
}

fn combine<T: Sample>(fx: &Array2<T>, fy: &Array2<T>, dx: f64, dy: f64, how: Combine) -> Array2<T> {
    match how {
        Combine::Divergence => derivative(fx, Axis::X, dx) + derivative(fy, Axis::Y, dy),
        Combine::Curl => derivative(fy, Axis::X, dx) - derivative(fx, Axis::Y, dy),
    }
}

fn vector_field(args: Args, how: Combine) -> LangResult<Value> {
    args.arity(2, 4)?;
    let fx = field(&args, 0, "Fx")?;
    let fy = field(&args, 1, "Fy")?;
    let (dx, dy) = steps(&args, 2)?;
    if fx.shape() != fy.shape() {
        return Err(LangError::type_error(format!(
            "{}: Fx shape {:?} ≠ Fy shape {:?}",
            args.name,
            fx.shape(),
            fy.shape()
        )));
    }
    check_axes(args.name, fx.shape())?;
    let result = match (&fx, &fy) {
        (NumArray::Real(a), NumArray::Real(b)) => NumArray::Real(combine(a, b, dx, dy, how)),
        _ => NumArray::complex(combine(&fx.to_complex(), &fy.to_complex(), dx, dy, how)),
    };
    Ok(Value::matrix(result))
}

pub(super) fn divergence(_: &mut Interp, args: Args) -> LangResult<Value> {
    vector_field(args, Combine::Divergence)
}

pub(super) fn curl(_: &mut Interp, args: Args) -> LangResult<Value> {
    vector_field(args, Combine::Curl)
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use super::*;
    use crate::builtins::numeric::testing::*;

    /// F(i, j) = x² + 3y with x = j·h, y = i·h on a 3×4 grid.
    fn quadratic(h: f64) -> Value {
        let rows: Vec<Vec<f64>> = (0..3)
            .map(|i| {
                (0..4)
                    .map(|j| (j as f64 * h).powi(2) + 3.0 * i as f64 * h)
                    .collect()
            })
            .collect();
        let refs: Vec<&[f64]> = rows.iter().map(|r| r.as_slice()).collect();
        m(&refs)
    }

    #[test]
    fn gradient_is_exact_for_quadratics() {
        // numpy.gradient(F, 0.5, edge_order=2) is exact for degree ≤ 2: ∂x = 2x, ∂y = 3.
        let r = call(TABLE, "gradient", vec![quadratic(0.5), s(0.5), s(0.5)]).unwrap();
        let Value::Tuple(parts) = r else { panic!() };
        for (got, want) in re(&parts[0])
            .iter()
            .zip([0.0, 1.0, 2.0, 3.0].iter().cycle())
        {
            assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        }
        assert!(re(&parts[1]).iter().all(|g| (g - 3.0).abs() < 1e-12));
    }

    #[test]
    fn numpy_edge_stencils() {
        // numpy.gradient([1, 4, 9, 16, 25], edge_order=2) = [2, 4, 6, 8, 10] along x.
        let f = m(&[&[1.0, 4.0, 9.0, 16.0, 25.0][..]; 3]);
        let Value::Tuple(parts) = call(TABLE, "gradient", vec![f]).unwrap() else {
            panic!()
        };
        assert_eq!(re(&parts[0])[..5], [2.0, 4.0, 6.0, 8.0, 10.0]);
        assert!(re(&parts[1]).iter().all(|&g| g == 0.0));
    }

    #[test]
    fn divergence_and_curl_of_linear_fields() {
        // F = (x, y): div = 2, curl = 0; F = (−y, x): div = 0, curl = 2.
        let x = m(&[&[0.0, 1.0, 2.0][..]; 3]);
        let y = m(&[&[0.0; 3][..], &[1.0; 3], &[2.0; 3]]);
        let div = call(TABLE, "divergence", vec![x.clone(), y.clone()]).unwrap();
        assert!(re(&div).iter().all(|&d| d == 2.0));
        let minus_y = m(&[&[0.0; 3][..], &[-1.0; 3], &[-2.0; 3]]);
        let c = call(TABLE, "curl", vec![minus_y, x, s(1.0), s(1.0)]).unwrap();
        assert!(re(&c).iter().all(|&d| d == 2.0));
        let zc = cm(&[&[(0.0, 1.0), (0.0, 2.0), (0.0, 3.0)][..]; 3]);
        let d = call(TABLE, "divergence", vec![zc, m(&[&[0.0; 3][..]; 3])]).unwrap();
        assert!(arr(&d).iter_c().all(|z| z == C64::new(0.0, 1.0)));
    }

    #[test]
    fn grid_errors() {
        let small = m(&[&[1.0, 2.0], &[3.0, 4.0]]);
        assert_eq!(
            error(TABLE, "gradient", vec![small]),
            "type error: gradient: axis x (columns) length 2 < 3 (need at least 3 samples for 2nd-order stencils)"
        );
        let f = quadratic(1.0);
        assert_eq!(
            error(TABLE, "gradient", vec![f.clone(), s(0.0), s(1.0)]),
            "type error: gradient: dx must be a positive finite number, got 0"
        );
        assert!(error(TABLE, "gradient", vec![f.clone(), s(1.0)]).contains("together"));
        let other = m(&[&[1.0; 3][..]; 3]);
        assert_eq!(
            error(TABLE, "curl", vec![f, other]),
            "type error: curl: Fx shape (3, 4) ≠ Fy shape (3, 3)"
        );
        assert!(error(TABLE, "divergence", vec![Value::str("a"), s(1.0)]).contains("Fx must be"));
    }
}
