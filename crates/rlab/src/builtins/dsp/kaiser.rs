//! Kaiser-window FIR design with an automatic tap count (rustlab's "DSP — Kaiser FIR"):
//! β and the number of taps come from the stopband attenuation and the transition width
//! (Kaiser's formulas as rustlab states them), then the windowed-sinc designs of `fir.rs`
//! run with that window. `fir_notch` (spectral inversion of a bandpass) lives here too.

use super::fir::{bandpass, highpass, invert, lowpass, taps_value};
use super::signal::positive;
use super::windows::{MAX_KAISER_BETA, Window, window_arg};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

/// β for a stopband attenuation of `a` dB: `0.1102(a − 8.7)` from 50 dB,
/// `0.5842(a − 21)^0.4 + 0.07886(a − 21)` from 21 dB, else 0.
pub(super) fn kaiser_beta(a: f64) -> f64 {
    if a >= 50.0 {
        0.1102 * (a - 8.7)
    } else if a >= 21.0 {
        let d = a - 21.0;
        0.5842 * d.powf(0.4) + 0.07886 * d
    } else {
        0.0
    }
}

/// Taps for attenuation `a` dB and a transition of `width` (as a fraction of the sample
/// rate): `ceil(D / width) + 1` with `D = (a − 7.95)/14.36` (0.9222 up to 21 dB), made odd.
pub(super) fn kaiser_taps(name: &str, a: f64, width: f64) -> LangResult<usize> {
    let d = if a > 21.0 { (a - 7.95) / 14.36 } else { 0.9222 };
    let n = (d / width).ceil() + 1.0;
    if !n.is_finite() || n > 1e9 {
        return Err(LangError::limit(format!(
            "{name}: the design needs too many taps ({})",
            crate::display::scalar(n)
        )));
    }
    let n = n as usize;
    Ok(if n.is_multiple_of(2) { n + 1 } else { n })
}

/// The tap count and window of a Kaiser design, from arguments `bw` (transition width,
/// Hz), `bw + 1` (attenuation, dB) and `bw + 2` (sample rate).
fn design(args: &Args, bw: usize) -> LangResult<(usize, f64, Window)> {
    let width = positive(args, bw, "trans_bw_hz")?;
    let atten = positive(args, bw + 1, "stopband_attn_db")?;
    let fs = positive(args, bw + 2, "sample_rate")?;
    let beta = kaiser_beta(atten);
    if beta > MAX_KAISER_BETA {
        return Err(LangError::runtime(format!(
            "{}: stopband_attn_db {} is too large",
            args.name,
            crate::display::scalar(atten)
        )));
    }
    let taps = kaiser_taps(args.name, atten, width / fs)?;
    Ok((taps, fs, Window::Kaiser(beta)))
}

/// `fir_lowpass_kaiser(cutoff_hz, trans_bw_hz, stopband_attn_db, sample_rate)`.
pub(super) fn fir_lowpass_kaiser(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let cutoff = args.f64(0)?;
    let (taps, fs, w) = design(&args, 1)?;
    Ok(taps_value(lowpass(args.name, taps, cutoff, fs, w)?))
}

/// `fir_highpass_kaiser(cutoff_hz, trans_bw_hz, stopband_attn_db, sample_rate)`.
pub(super) fn fir_highpass_kaiser(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let cutoff = args.f64(0)?;
    let (taps, fs, w) = design(&args, 1)?;
    Ok(taps_value(highpass(args.name, taps, cutoff, fs, w)?))
}

/// `fir_bandpass_kaiser(low_hz, high_hz, trans_bw_hz, stopband_attn_db, sample_rate)`.
pub(super) fn fir_bandpass_kaiser(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(5, 5)?;
    let band = (args.f64(0)?, args.f64(1)?);
    let (taps, fs, w) = design(&args, 2)?;
    Ok(taps_value(bandpass(args.name, taps, band, fs, w)?))
}

/// `fir_notch(center_hz, bandwidth_hz, sample_rate, num_taps, window)`: the inverse of a
/// bandpass over `center ± bandwidth/2`.
pub(super) fn fir_notch(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(5, 5)?;
    let center = args.f64(0)?;
    let bw = positive(&args, 1, "bandwidth_hz")?;
    let fs = positive(&args, 2, "sample_rate")?;
    let taps = args.size(3)?;
    let w = window_arg(&args, 4)?;
    let band = (center - bw / 2.0, center + bw / 2.0);
    Ok(taps_value(invert(bandpass(args.name, taps, band, fs, w)?)))
}
