//! Windowed-sinc FIR design and FIR filtering (rustlab's "DSP — FIR Filters (manual tap
//! count)"): `fir_lowpass` (normalised to unit DC gain), `fir_highpass` (spectral inversion
//! of the lowpass), `fir_bandpass` (difference of two lowpasses), `convolve` and `upfirdn`.

use super::signal::{complex_row, next_pow2, padded, positive, real_samples, samples, transform};
use super::windows::{Window, window_arg};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use std::f64::consts::PI;

/// Normalised sinc, `sin(πx)/(πx)`.
fn sinc(x: f64) -> f64 {
    if x.abs() < 1e-15 {
        1.0
    } else {
        (PI * x).sin() / (PI * x)
    }
}

/// Check a tap count and a cutoff strictly between 0 and Nyquist.
fn check_design(name: &str, taps: usize, cutoff: f64, fs: f64) -> LangResult<()> {
    if taps == 0 {
        return Err(LangError::runtime(format!(
            "{name}: the number of taps must be at least 1"
        )));
    }
    crate::limits::check_alloc(1, taps, 16)?;
    let nyquist = fs / 2.0;
    if !(cutoff > 0.0 && cutoff < nyquist) {
        return Err(LangError::runtime(format!(
            "{name}: cutoff {} Hz must be between 0 and the Nyquist frequency {} Hz",
            crate::display::scalar(cutoff),
            crate::display::scalar(nyquist)
        )));
    }
    Ok(())
}

/// Lowpass taps: the windowed ideal response `2fc·sinc(2fc(n − M/2))`, scaled so the taps
/// sum to 1.
pub(super) fn lowpass(
    name: &str,
    taps: usize,
    cutoff: f64,
    fs: f64,
    w: Window,
) -> LangResult<Vec<f64>> {
    check_design(name, taps, cutoff, fs)?;
    let fc = cutoff / fs;
    let mid = (taps - 1) as f64 / 2.0;
    let win = w.samples(taps);
    let h: Vec<f64> = win
        .iter()
        .enumerate()
        .map(|(n, wn)| 2.0 * fc * sinc(2.0 * fc * (n as f64 - mid)) * wn)
        .collect();
    let dc: f64 = h.iter().sum();
    Ok(if dc.abs() > 1e-12 {
        h.iter().map(|v| v / dc).collect()
    } else {
        h
    })
}

/// `δ[n − M] − h[n]` with `M = (taps − 1) / 2` (integer division): the spectral inverse.
pub(super) fn invert(mut h: Vec<f64>) -> Vec<f64> {
    let mid = h.len().saturating_sub(1) / 2;
    for v in &mut h {
        *v = -*v;
    }
    if let Some(c) = h.get_mut(mid) {
        *c += 1.0;
    }
    h
}

/// Highpass taps: the inverse of the lowpass.
pub(super) fn highpass(
    name: &str,
    taps: usize,
    cutoff: f64,
    fs: f64,
    w: Window,
) -> LangResult<Vec<f64>> {
    Ok(invert(lowpass(name, taps, cutoff, fs, w)?))
}

/// Bandpass taps: lowpass(high) − lowpass(low); needs `low < high`.
pub(super) fn bandpass(
    name: &str,
    taps: usize,
    band: (f64, f64),
    fs: f64,
    w: Window,
) -> LangResult<Vec<f64>> {
    let (low, high) = band;
    check_design(name, taps, low, fs)?;
    check_design(name, taps, high, fs)?;
    if low >= high {
        return Err(LangError::runtime(format!(
            "{name}: low_hz ({}) must be less than high_hz ({})",
            crate::display::scalar(low),
            crate::display::scalar(high)
        )));
    }
    let upper = lowpass(name, taps, high, fs, w)?;
    let lower = lowpass(name, taps, low, fs, w)?;
    Ok(upper.iter().zip(&lower).map(|(a, b)| a - b).collect())
}

/// Real taps as a row Vector.
pub(super) fn taps_value(h: Vec<f64>) -> Value {
    Value::row(h)
}

/// `fir_lowpass(taps, cutoff_hz, sample_rate, window)`.
pub(super) fn fir_lowpass(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let taps = args.size(0)?;
    let (cutoff, fs) = (args.f64(1)?, positive(&args, 2, "sample_rate")?);
    let w = window_arg(&args, 3)?;
    Ok(taps_value(lowpass(args.name, taps, cutoff, fs, w)?))
}

/// `fir_highpass(taps, cutoff_hz, sample_rate, window)`.
pub(super) fn fir_highpass(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let taps = args.size(0)?;
    let (cutoff, fs) = (args.f64(1)?, positive(&args, 2, "sample_rate")?);
    let w = window_arg(&args, 3)?;
    Ok(taps_value(highpass(args.name, taps, cutoff, fs, w)?))
}

/// `fir_bandpass(taps, low_hz, high_hz, sample_rate, window)`.
pub(super) fn fir_bandpass(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(5, 5)?;
    let taps = args.size(0)?;
    let band = (args.f64(1)?, args.f64(2)?);
    let fs = positive(&args, 3, "sample_rate")?;
    let w = window_arg(&args, 4)?;
    Ok(taps_value(bandpass(args.name, taps, band, fs, w)?))
}

/// The full linear convolution of `x` and `h` (empty when either is).
pub(super) fn convolution(x: &[C64], h: &[C64]) -> LangResult<Vec<C64>> {
    if x.is_empty() || h.is_empty() {
        return Ok(Vec::new());
    }
    let n = x.len() + h.len() - 1;
    crate::limits::check_alloc(1, n, 16)?;
    if x.len().saturating_mul(h.len()) > DIRECT_LIMIT {
        return fast_convolution(x, h, n);
    }
    let mut y = vec![C64::new(0.0, 0.0); n];
    for (i, &xi) in x.iter().enumerate() {
        for (j, &hj) in h.iter().enumerate() {
            y[i + j] += xi * hj;
        }
    }
    Ok(y)
}

/// Above this many products, convolution goes through the FFT.
const DIRECT_LIMIT: usize = 1 << 20;

/// The first `n` samples of the circular convolution of `x` and `h` padded to a power of
/// two at least `n` long (the linear convolution).
fn fast_convolution(x: &[C64], h: &[C64], n: usize) -> LangResult<Vec<C64>> {
    let size = next_pow2("convolve", n)?;
    crate::limits::check_alloc(2, size, 16)?;
    let (mut a, mut b) = (padded(x, size), padded(h, size));
    transform(&mut a, false);
    transform(&mut b, false);
    for (p, q) in a.iter_mut().zip(&b) {
        *p *= q;
    }
    transform(&mut a, true);
    a.truncate(n);
    Ok(a)
}

/// `convolve(x, h)`: length `len(x) + len(h) − 1`.
pub(super) fn convolve(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let (x, h) = (samples(&args, 0)?, samples(&args, 1)?);
    Ok(complex_row(convolution(&x, &h)?))
}

/// `upfirdn(x, h, p, q)`: upsample by p (zeros between samples), filter with the real
/// taps h, keep every q-th sample; `floor(((len(x) − 1)p + len(h) − 1)/q) + 1` samples.
pub(super) fn upfirdn(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let x = samples(&args, 0)?;
    let h = real_samples(&args, 1)?;
    let (p, q) = (args.size(2)?, args.size(3)?);
    if p == 0 || q == 0 {
        return Err(LangError::runtime(
            "upfirdn: the factors p and q must be at least 1",
        ));
    }
    if x.is_empty() || h.is_empty() {
        return Ok(Value::row(Vec::new()));
    }
    let full = (x.len() - 1)
        .checked_mul(p)
        .and_then(|v| v.checked_add(h.len() - 1))
        .ok_or_else(|| LangError::limit("upfirdn: output too long"))?;
    let n_out = full / q + 1;
    crate::limits::check_alloc(1, n_out, 16)?;
    let y = (0..n_out)
        .map(|k| {
            // Output k is the filtered upsampled signal at position m = k·q: the sum over
            // input samples i with 0 <= m − i·p < len(h).
            let m = k * q;
            let first = (m + 1).saturating_sub(h.len()).div_ceil(p);
            let last = (m / p).min(x.len() - 1);
            (first..=last).map(|i| x[i] * h[m - i * p]).sum::<C64>()
        })
        .collect();
    Ok(complex_row(y))
}
