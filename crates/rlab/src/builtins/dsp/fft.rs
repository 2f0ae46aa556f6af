//! The FFT family (rustlab's FFT section): `fft` (zero-padded to the next power of two),
//! `ifft` (power-of-two lengths only), `fftshift`, `fftfreq` and `spectrum` (the shifted
//! spectrum paired with its Hz axis as a 2×n matrix).

use super::signal::{complex_matrix, complex_row, next_pow2, padded, positive, samples, transform};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};

/// `fft(x)`: the DFT of `x` zero-padded to the next power of two, as a row Vector.
pub(super) fn fft(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let x = samples(&args, 0)?;
    if x.is_empty() {
        return Ok(Value::row(Vec::new()));
    }
    let n = next_pow2("fft", x.len())?;
    crate::limits::check_alloc(1, n, 16)?;
    let mut buf = padded(&x, n);
    transform(&mut buf, false);
    Ok(complex_row(buf))
}

/// `ifft(X)`: the inverse DFT (divided by n); the length must be a power of two.
pub(super) fn ifft(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let mut x = samples(&args, 0)?;
    if x.is_empty() {
        return Ok(Value::row(Vec::new()));
    }
    if !x.len().is_power_of_two() {
        return Err(LangError::runtime(format!(
            "ifft: input length {} is not a power of two",
            x.len()
        )));
    }
    transform(&mut x, true);
    Ok(complex_row(x))
}

/// `x` rotated so that element `ceil(n/2)` (0-based) comes first: DC moves to the centre.
pub(super) fn shifted<T: Copy>(x: &[T]) -> Vec<T> {
    let half = x.len().div_ceil(2);
    x[half..].iter().chain(&x[..half]).copied().collect()
}

/// `fftshift(X)`: the zero-frequency bin moved to the centre (`[A B] → [B A]`).
pub(super) fn fftshift(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let x = samples(&args, 0)?;
    Ok(complex_row(shifted(&x)))
}

/// The bin frequencies of an n-point FFT: `0, fs/n, …` then the negative half
/// (`ceil(n/2)` non-negative bins, like numpy's `fftfreq`).
pub(super) fn frequencies(n: usize, fs: f64) -> Vec<f64> {
    let half = n.div_ceil(2);
    (0..n)
        .map(|k| {
            let k = if k < half {
                k as f64
            } else {
                k as f64 - n as f64
            };
            k * fs / n as f64
        })
        .collect()
}

/// `fftfreq(n, sample_rate)`: the Hz value of each bin of an n-point FFT.
pub(super) fn fftfreq(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let n = args.size(0)?;
    let fs = positive(&args, 1, "sample_rate")?;
    crate::limits::check_alloc(1, n, 8)?;
    Ok(Value::row(frequencies(n, fs)))
}

/// `spectrum(X, sample_rate)`: a 2×n matrix, row 1 the DC-centred Hz axis, row 2
/// `fftshift(X)`.
pub(super) fn spectrum(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let x = samples(&args, 0)?;
    let fs = positive(&args, 1, "sample_rate")?;
    let n = x.len();
    let f = shifted(&frequencies(n, fs));
    let mut data: Vec<C64> = f.iter().map(|&v| C64::new(v, 0.0)).collect();
    data.extend(shifted(&x));
    Ok(complex_matrix(2, n, data))
}
