//! The segment options shared by `pwelch`, `stft` and `spectrogram`: the window (a name, a
//! length, or coefficients), the overlap, the FFT size (rounded up to a power of two) and the
//! sidedness, with rustlab's defaults and checks.

use super::signal::{next_pow2, real_samples};
use super::windows::Window;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::value::Value;

/// A resolved segmentation.
pub(super) struct Segments {
    pub window: Vec<f64>,
    pub noverlap: usize,
    /// The FFT size (a power of two, at least the window length).
    pub nfft: usize,
    pub onesided: bool,
}

impl Segments {
    /// `(start, end)` of every complete segment of a signal of `n` samples.
    pub(super) fn starts(&self, n: usize) -> Vec<usize> {
        let m = self.window.len();
        let hop = m - self.noverlap;
        (0..).map(|k| k * hop).take_while(|&s| s + m <= n).collect()
    }

    /// The Hz value of each output bin: `0..=nfft/2` one-sided, else raw FFT order with
    /// the Nyquist bin positive.
    pub(super) fn frequencies(&self, fs: f64) -> Vec<f64> {
        let n = self.nfft;
        let bins = if self.onesided { n / 2 + 1 } else { n };
        (0..bins)
            .map(|k| {
                let k = if k <= n / 2 {
                    k as f64
                } else {
                    k as f64 - n as f64
                };
                k * fs / n as f64
            })
            .collect()
    }
}

/// Read arguments 2.. (`window, noverlap, nfft, sided`) for a signal of `n` samples.
/// `default_len` is the segment length a named window gets, `default_kind` the window of
/// the default and integer forms; `real` says whether the signal is real.
pub(super) fn read(
    args: &Args,
    n: usize,
    default_len: usize,
    default_kind: Window,
    real: bool,
) -> LangResult<Segments> {
    let name = args.name;
    let window = window(args, n, default_len, default_kind)?;
    let m = window.len();
    let noverlap = match args.get(3) {
        Some(_) => args.size(3)?,
        None => m / 2,
    };
    if noverlap >= m {
        return Err(LangError::runtime(format!(
            "{name}: noverlap {noverlap} must be < window length {m}"
        )));
    }
    let nfft = match args.get(4) {
        Some(_) => args.size(4)?,
        None => m,
    };
    if nfft < m {
        return Err(LangError::runtime(format!(
            "{name}: nfft {nfft} must be >= window length {m}"
        )));
    }
    let nfft = next_pow2(name, nfft)?;
    crate::limits::check_alloc(1, nfft, 16)?;
    let onesided = match args.get(5) {
        None => real,
        Some(_) => parse_sided(name, args.str(5)?)?.unwrap_or(real),
    };
    Ok(Segments {
        window,
        noverlap,
        nfft,
        onesided,
    })
}

/// Argument 2: absent (the default window), a name (at the default length), a length (the
/// default window) or coefficients; non-empty, finite and no longer than the signal.
fn window(args: &Args, n: usize, default_len: usize, kind: Window) -> LangResult<Vec<f64>> {
    let name = args.name;
    let window = match args.get(2).map(Value::plain) {
        None => kind.samples(default_len),
        Some(Value::Str(s)) => Window::named(name, s)?.samples(default_len),
        Some(Value::Scalar(_)) => {
            let len = args.size(2)?;
            crate::limits::check_alloc(1, len, 8)?;
            kind.samples(len)
        }
        Some(_) => real_samples(args, 2)?,
    };
    let m = window.len();
    if m == 0 {
        return Err(LangError::runtime(format!("{name}: window is empty")));
    }
    if m > n {
        return Err(LangError::runtime(format!(
            "{name}: window length {m} exceeds signal length {n}"
        )));
    }
    if !window.iter().all(|w| w.is_finite()) {
        return Err(LangError::runtime(format!(
            "{name}: window values must be finite"
        )));
    }
    Ok(window)
}

/// `"auto"` (`None`), `"onesided"` (`Some(true)`) or `"twosided"` (`Some(false)`).
pub(super) fn parse_sided(name: &str, text: &str) -> LangResult<Option<bool>> {
    match text.to_ascii_lowercase().as_str() {
        "auto" => Ok(None),
        "onesided" => Ok(Some(true)),
        "twosided" => Ok(Some(false)),
        _ => Err(LangError::runtime(format!(
            "{name}: sided must be \"auto\", \"onesided\" or \"twosided\", got \"{text}\""
        ))),
    }
}

/// Argument `i` of a streaming init call as window coefficients: a vector, or a length
/// (a `kind` window, as the batch function's integer form); non-empty and finite.
pub(super) fn stream_window(args: &Args, i: usize, kind: Window) -> LangResult<Vec<f64>> {
    let name = args.name;
    let window = match args.value(i)?.plain() {
        Value::Scalar(_) => {
            let len = args.size(i)?;
            crate::limits::check_alloc(1, len, 8)?;
            kind.samples(len)
        }
        Value::Str(_) => {
            return Err(LangError::type_error(format!(
                "{name}: window must be coefficients or a length, e.g. window(\"hann\", 512)"
            )));
        }
        _ => real_samples(args, i)?,
    };
    if window.is_empty() {
        return Err(LangError::runtime(format!("{name}: window is empty")));
    }
    if !window.iter().all(|w| w.is_finite()) {
        return Err(LangError::runtime(format!(
            "{name}: window values must be finite"
        )));
    }
    Ok(window)
}
