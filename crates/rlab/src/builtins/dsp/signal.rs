//! What the signal-processing builtins share: reading a signal (a number or a 1-D array) as
//! complex samples, the power-of-two sizes rustlab's transforms use, the FFT itself (through
//! `rustfft`), and building the row-vector and matrix results.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;
use rustfft::FftPlanner;

/// Argument `i` as complex samples: a Scalar, Complex, Vector, or a Matrix with one row or
/// one column (`fft: expected vector, got matrix`).
pub(super) fn samples(args: &Args, i: usize) -> LangResult<Vec<C64>> {
    match args.value(i)?.plain() {
        Value::Scalar(x) => Ok(vec![C64::new(*x, 0.0)]),
        Value::Complex(z) => Ok(vec![*z]),
        Value::Vector(a) => Ok(a.to_c_vec()),
        Value::Matrix(a) if a.rows() <= 1 || a.cols() <= 1 => Ok(a.to_c_vec()),
        other => Err(LangError::type_error(format!(
            "{}: expected vector, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// Argument `i` as real samples (real parts of a complex signal).
pub(super) fn real_samples(args: &Args, i: usize) -> LangResult<Vec<f64>> {
    Ok(samples(args, i)?.iter().map(|z| z.re).collect())
}

/// Argument `i` as a finite number greater than zero (a sample rate, a bandwidth).
pub(super) fn positive(args: &Args, i: usize, what: &str) -> LangResult<f64> {
    let x = args.f64(i)?;
    if x.is_finite() && x > 0.0 {
        Ok(x)
    } else {
        Err(LangError::runtime(format!(
            "{}: {what} must be a positive number, got {}",
            args.name,
            crate::display::scalar(x)
        )))
    }
}

/// The smallest power of two `>= n` (1 for 0), or a limit error when it does not fit.
pub(super) fn next_pow2(name: &str, n: usize) -> LangResult<usize> {
    n.max(1)
        .checked_next_power_of_two()
        .ok_or_else(|| LangError::limit(format!("{name}: length {n} is too large")))
}

/// The discrete Fourier transform of `buf` in place (any length); the inverse divides by
/// the length.
pub(super) fn transform(buf: &mut [C64], inverse: bool) {
    let n = buf.len();
    if n <= 1 {
        return;
    }
    let mut planner = FftPlanner::<f64>::new();
    if inverse {
        planner.plan_fft_inverse(n).process(buf);
        let scale = 1.0 / n as f64;
        for z in buf.iter_mut() {
            *z *= scale;
        }
    } else {
        planner.plan_fft_forward(n).process(buf);
    }
}

/// `x` zero-padded (or cut) to `n` samples.
pub(super) fn padded(x: &[C64], n: usize) -> Vec<C64> {
    let mut out: Vec<C64> = x.iter().copied().take(n).collect();
    out.resize(n, C64::new(0.0, 0.0));
    out
}

/// A row Vector of complex samples (real when every imaginary part is zero).
pub(super) fn complex_row(data: Vec<C64>) -> Value {
    let n = data.len();
    match Array2::from_shape_vec((1, n), data) {
        Ok(a) => Value::vector(NumArray::complex(a)),
        Err(_) => Value::row(Vec::new()),
    }
}

/// A `rows×cols` Matrix from row-major complex data (real when every imaginary part is zero).
pub(super) fn complex_matrix(rows: usize, cols: usize, data: Vec<C64>) -> Value {
    match Array2::from_shape_vec((rows, cols), data) {
        Ok(a) => Value::matrix(NumArray::complex(a)),
        Err(_) => Value::matrix(NumArray::zeros(rows, 0)),
    }
}
