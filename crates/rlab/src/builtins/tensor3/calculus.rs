//! Vector calculus on uniform 3-D grids: `gradient3`, `divergence3`, `curl3`.
//!
//! Grid convention (rustlab's, extending the 2-D one): axis 0 (rows) is `y` with step `dy`,
//! axis 1 (columns) is `x` with step `dx`, axis 2 (pages) is `z` with step `dz`, so
//! `F(i, j, k)` sits at `(x, y, z) = ((j-1)·dx, (i-1)·dy, (k-1)·dz)`.
//!
//! Stencils (NumPy's `gradient` with `edge_order=2`): 2nd-order central differences inside,
//! `(-3f₀ + 4f₁ - f₂) / 2h` at the first sample and `(3fₙ - 4fₙ₋₁ + fₙ₋₂) / 2h` at the last.
//! Each axis needs at least 3 samples. The arithmetic is complex (fields may be complex), as
//! in rustlab, so real inputs give the same bits as rustlab's.

use super::{Args, tensor_arg};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Tensor3, Value};
use std::sync::Arc;

/// The three grid axes; the index is the storage axis.
#[derive(Clone, Copy)]
enum Axis {
    Y = 0,
    X = 1,
    Z = 2,
}

/// `[Fx, Fy, Fz] = gradient3(F)` or `gradient3(F, dx, dy, dz)`.
pub(super) fn gradient3(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 4)?;
    let f = tensor_arg(&args, 0, "F")?;
    let steps = steps(&args, 1)?;
    check_axes(&args, f)?;
    Ok(Value::tuple(vec![
        tensor(derivative(f, Axis::X, steps[0])),
        tensor(derivative(f, Axis::Y, steps[1])),
        tensor(derivative(f, Axis::Z, steps[2])),
    ]))
}

/// `divergence3(Fx, Fy, Fz [, dx, dy, dz])` = ∂Fx/∂x + ∂Fy/∂y + ∂Fz/∂z.
pub(super) fn divergence3(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 6)?;
    let [fx, fy, fz] = components(&args)?;
    let [dx, dy, dz] = steps(&args, 3)?;
    check_shapes(&args, [fx, fy, fz])?;
    let plus = |p: C64, q: C64| p + q;
    let xy = combine(
        derivative(fx, Axis::X, dx),
        &derivative(fy, Axis::Y, dy),
        plus,
    );
    Ok(tensor(combine(xy, &derivative(fz, Axis::Z, dz), plus)))
}

/// `[Cx, Cy, Cz] = curl3(Fx, Fy, Fz [, dx, dy, dz])`: `Cx = ∂Fz/∂y − ∂Fy/∂z`,
/// `Cy = ∂Fx/∂z − ∂Fz/∂x`, `Cz = ∂Fy/∂x − ∂Fx/∂y`.
pub(super) fn curl3(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 6)?;
    let [fx, fy, fz] = components(&args)?;
    let [dx, dy, dz] = steps(&args, 3)?;
    check_shapes(&args, [fx, fy, fz])?;
    let minus = |p: C64, q: C64| p - q;
    let cx = combine(
        derivative(fz, Axis::Y, dy),
        &derivative(fy, Axis::Z, dz),
        minus,
    );
    let cy = combine(
        derivative(fx, Axis::Z, dz),
        &derivative(fz, Axis::X, dx),
        minus,
    );
    let cz = combine(
        derivative(fy, Axis::X, dx),
        &derivative(fx, Axis::Y, dy),
        minus,
    );
    Ok(Value::tuple(vec![tensor(cx), tensor(cy), tensor(cz)]))
}

fn tensor(t: Tensor3) -> Value {
    Value::Tensor3(Arc::new(t))
}

/// The arguments `Fx`, `Fy`, `Fz`.
fn components(args: &Args) -> LangResult<[&Arc<Tensor3>; 3]> {
    Ok([
        tensor_arg(args, 0, "Fx")?,
        tensor_arg(args, 1, "Fy")?,
        tensor_arg(args, 2, "Fz")?,
    ])
}

/// `[dx, dy, dz]` from the arguments after `start` (all three or none; default 1), each
/// a positive finite number.
fn steps(args: &Args, start: usize) -> LangResult<[f64; 3]> {
    let name = args.name;
    if args.len() <= start {
        return Ok([1.0; 3]);
    }
    if args.len() != start + 3 {
        return Err(LangError::type_error(format!(
            "{name}: expected dx, dy and dz together (or none), got {} extra args",
            args.len() - start
        )));
    }
    let mut out = [0.0; 3];
    for (k, label) in ["dx", "dy", "dz"].into_iter().enumerate() {
        out[k] = args
            .value(start + k)?
            .to_f64()
            .map_err(|e| LangError::type_error(format!("{name}: {label}: {}", e.message)))?;
    }
    for (h, label) in out.iter().zip(["dx", "dy", "dz"]) {
        if !h.is_finite() || *h <= 0.0 {
            return Err(LangError::runtime(format!(
                "{name}: {label} must be a positive finite number, got {}",
                crate::display::scalar(*h)
            )));
        }
    }
    Ok(out)
}

/// The components must share one shape, and each axis must have 3 samples.
fn check_shapes(args: &Args, [fx, fy, fz]: [&Arc<Tensor3>; 3]) -> LangResult<()> {
    for (other, label) in [(fy, "Fy"), (fz, "Fz")] {
        if other.shape() != fx.shape() {
            return Err(LangError::runtime(format!(
                "{}: Fx shape {:?} ≠ {label} shape {:?}",
                args.name,
                fx.shape(),
                other.shape()
            )));
        }
    }
    check_axes(args, fx)
}

/// Fail unless every axis has at least 3 samples (needed by the 2nd-order stencils).
fn check_axes(args: &Args, t: &Tensor3) -> LangResult<()> {
    let (m, n, p) = t.shape();
    for (axis, len) in [("y (rows)", m), ("x (cols)", n), ("z (pages)", p)] {
        if len < 3 {
            return Err(LangError::runtime(format!(
                "{}: axis {axis} length {len} < 3 (need at least 3 samples for 2nd-order stencils)",
                args.name
            )));
        }
    }
    Ok(())
}

/// ∂f along `axis` with step `h` (every extent is at least 3).
fn derivative(f: &Tensor3, axis: Axis, h: f64) -> Tensor3 {
    let (m, n, p) = f.shape();
    let (len, stride) = match axis {
        Axis::Y => (m, 1),
        Axis::X => (n, m),
        Axis::Z => (p, m * n),
    };
    let two_h = C64::new(2.0 * h, 0.0);
    let (three, four) = (C64::new(3.0, 0.0), C64::new(4.0, 0.0));
    let mut data = vec![C64::new(0.0, 0.0); f.len()];
    for start in line_starts(f, axis as usize) {
        let at = |q: usize| f.data[start + q * stride];
        data[start] = (-three * at(0) + four * at(1) - at(2)) / two_h;
        for q in 1..len - 1 {
            data[start + q * stride] = (at(q + 1) - at(q - 1)) / two_h;
        }
        let last = len - 1;
        data[start + last * stride] =
            (three * at(last) - four * at(last - 1) + at(last - 2)) / two_h;
    }
    f.with_data(data)
}

/// The storage offset of the first element of every line along `axis`.
fn line_starts(f: &Tensor3, axis: usize) -> Vec<usize> {
    let (m, n, p) = f.shape();
    let mut out = Vec::new();
    for k in 0..if axis == 2 { 1 } else { p } {
        for j in 0..if axis == 1 { 1 } else { n } {
            for i in 0..if axis == 0 { 1 } else { m } {
                out.push(f.offset(i, j, k));
            }
        }
    }
    out
}

/// `a ∘ b` element by element (same shapes).
fn combine(a: Tensor3, b: &Tensor3, op: impl Fn(C64, C64) -> C64) -> Tensor3 {
    let data = a
        .data
        .iter()
        .zip(&b.data)
        .map(|(&p, &q)| op(p, q))
        .collect();
    a.with_data(data)
}
