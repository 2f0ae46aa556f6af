//! `freqz(h, n_points, sample_rate)`: a filter's complex frequency response on rustlab's
//! grid. The taps are zero-padded to the next power of two at or above
//! `max(2·n_points, len(h))` and transformed; the first n_points bins are returned with
//! their frequencies `k·fs/fft_size` (0 up to just below Nyquist when `2·n_points` is a
//! power of two no shorter than `h`).

use super::signal::{complex_matrix, next_pow2, padded, positive, samples, transform};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};

/// Frequencies and response at the first `n` bins of the padded FFT of `h`.
pub(super) fn response(h: &[C64], n: usize, fs: f64) -> LangResult<(Vec<f64>, Vec<C64>)> {
    let size = next_pow2("freqz", n.saturating_mul(2).max(h.len()))?;
    crate::limits::check_alloc(1, size, 16)?;
    let mut buf = padded(h, size);
    transform(&mut buf, false);
    buf.truncate(n);
    let f = (0..n).map(|k| k as f64 * fs / size as f64).collect();
    Ok((f, buf))
}

/// `freqz(h, n_points, sample_rate)`: a 2×n matrix, row 1 the Hz axis, row 2 H(f).
pub(super) fn freqz(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let h = samples(&args, 0)?;
    let n = args.size(1)?;
    if n == 0 {
        return Err(LangError::runtime("freqz: n_points must be > 0"));
    }
    let fs = positive(&args, 2, "sample_rate")?;
    let (f, mut data) = response(&h, n, fs)?;
    let mut all: Vec<C64> = f.iter().map(|&v| C64::new(v, 0.0)).collect();
    all.append(&mut data);
    Ok(complex_matrix(2, n, all))
}
