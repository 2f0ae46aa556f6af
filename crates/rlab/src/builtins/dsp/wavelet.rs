//! The continuous wavelet transform with the analytic Morlet wavelet (ω₀ = 6), computed in
//! the frequency domain: the signal, zero-padded by 4·(largest scale) on each side to a
//! power of two, is transformed once; each scale s multiplies it by the Gaussian
//! `exp(−(s·ω − ω₀)²/2)` and transforms back. `cwt` returns `[W, freqs, t]` (rows are
//! scales, `freqs = ω₀·fs/(2π·s)`); `scalogram` shows `20·log10|W|` as a heatmap.

use super::signal::{complex_matrix, next_pow2, positive, real_samples, samples, transform};
use super::spectral::db_heatmap;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use std::f64::consts::PI;

/// The Morlet centre frequency.
const OMEGA0: f64 = 6.0;

/// The axis labels of a scalogram. Row 1 (the smallest scale, the highest frequency) is
/// drawn at the top, as the reference describes its scalogram.
const CWT_AXES: (&str, &str) = ("Time (sample)", "Scale (index)");

/// Scales of the default grid.
const DEFAULT_SCALES: usize = 64;

/// `n` scales spaced evenly in log from 2 samples to `len/4` (at least 3).
pub(super) fn default_scales(len: usize, n: usize) -> Vec<f64> {
    match n {
        0 => Vec::new(),
        1 => vec![2.0],
        _ => {
            let (lo, hi) = (2f64.ln(), (len as f64 / 4.0).max(3.0).ln());
            (0..n)
                .map(|i| (lo + (hi - lo) * i as f64 / (n - 1) as f64).exp())
                .collect()
        }
    }
}

/// The scales of a cwt/scalogram call: arguments 2 (`"morlet"`) and 3 (count or vector).
fn scales(args: &Args, len: usize) -> LangResult<Vec<f64>> {
    if args.get(2).is_some() && !args.str(2)?.eq_ignore_ascii_case("morlet") {
        return Err(LangError::runtime(format!(
            "{}: unknown wavelet \"{}\" (only \"morlet\" is supported)",
            args.name,
            args.str(2)?
        )));
    }
    scale_arg(args, 3, len)
}

/// Argument `i`: absent (64 default scales for `len` samples), a count of default scales,
/// or the scales themselves; each finite and positive.
pub(super) fn scale_arg(args: &Args, i: usize, len: usize) -> LangResult<Vec<f64>> {
    let s = match args.get(i).map(Value::plain) {
        None => default_scales(len, DEFAULT_SCALES),
        Some(Value::Scalar(_)) => {
            let n = args.size(i)?;
            crate::limits::check_alloc(n, len, 16)?;
            default_scales(len, n)
        }
        Some(_) => real_samples(args, i)?,
    };
    if s.is_empty() {
        return Err(LangError::runtime(format!("{}: no scales", args.name)));
    }
    if let Some(bad) = s.iter().find(|v| !(v.is_finite() && **v > 0.0)) {
        return Err(LangError::runtime(format!(
            "{}: scales must be positive, got {}",
            args.name,
            crate::display::scalar(*bad)
        )));
    }
    Ok(s)
}

/// The transform: `scales.len() × x.len()` complex values, row-major.
pub(super) fn morlet(x: &[C64], scales: &[f64]) -> LangResult<Vec<C64>> {
    let n = x.len();
    let max_scale = scales.iter().copied().fold(0.0, f64::max);
    let pad = (4.0 * max_scale).ceil();
    if pad > 1e9 {
        return Err(LangError::limit("cwt: scales too large"));
    }
    let pad = pad as usize;
    let size = next_pow2("cwt", n + 2 * pad)?;
    crate::limits::check_alloc(1, size, 16)?;
    crate::limits::check_alloc(scales.len(), n, 16)?;
    let mut spectrum = vec![C64::new(0.0, 0.0); size];
    spectrum[pad..pad + n].copy_from_slice(x);
    transform(&mut spectrum, false);
    let mut out = Vec::with_capacity(scales.len() * n);
    for &s in scales {
        let mut filtered: Vec<C64> = spectrum
            .iter()
            .enumerate()
            .map(|(k, z)| {
                let k = if k <= size / 2 {
                    k as f64
                } else {
                    k as f64 - size as f64
                };
                let arg = s * 2.0 * PI * k / size as f64 - OMEGA0;
                z * (-0.5 * arg * arg).exp()
            })
            .collect();
        transform(&mut filtered, true);
        out.extend_from_slice(&filtered[pad..pad + n]);
    }
    Ok(out)
}

/// What a cwt/scalogram call computes.
struct Transform {
    len: usize,
    fs: f64,
    scales: Vec<f64>,
    /// `scales.len() × len`, row-major.
    w: Vec<C64>,
}

/// Signal length, rate, scales and transform of a cwt/scalogram call.
fn compute(args: &Args) -> LangResult<Transform> {
    args.arity(2, 4)?;
    let x = samples(args, 0)?;
    if x.is_empty() {
        return Err(LangError::runtime(format!(
            "{}: signal is empty",
            args.name
        )));
    }
    let fs = positive(args, 1, "fs")?;
    let scales = scales(args, x.len())?;
    let w = morlet(&x, &scales)?;
    Ok(Transform {
        len: x.len(),
        fs,
        scales,
        w,
    })
}

/// `[W, freqs, t] = cwt(x, fs[, "morlet"[, n_scales | scales]])`; with one output it
/// also draws the scalogram.
pub(super) fn cwt(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let tr = compute(&args)?;
    let (rows, cols) = (tr.scales.len(), tr.len);
    if args.nargout < 2 {
        db_heatmap(interp, (rows, cols, None), &tr.w, CWT_AXES, false);
        return Ok(complex_matrix(rows, cols, tr.w));
    }
    let fs = tr.fs;
    let freqs = tr
        .scales
        .iter()
        .map(|s| OMEGA0 * fs / (2.0 * PI * s))
        .collect();
    let t = (0..cols).map(|k| k as f64 / fs).collect();
    Ok(Value::tuple(vec![
        complex_matrix(rows, cols, tr.w),
        Value::row(freqs),
        Value::row(t),
    ]))
}

/// `scalogram(x, fs[, "morlet"[, n_scales | scales]])`: a heatmap of `20·log10|W|`.
pub(super) fn scalogram(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let tr = compute(&args)?;
    let (rows, cols) = (tr.scales.len(), tr.len);
    db_heatmap(interp, (rows, cols, None), &tr.w, CWT_AXES, false);
    Ok(Value::None)
}
