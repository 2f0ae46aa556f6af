//! Networks across frequency: linear interpolation onto a new grid inside the measured one,
//! and the baseband time-domain response of one trace (`s2td`).
//!
//! `s2td` treats the N samples of a uniform grid as bins 0..N−1 of a Hermitian spectrum of
//! length 2N (no DC extrapolation, as rustlab documents) and takes its real inverse DFT:
//! the impulse response at `t = n / (2N·Δf)`; the step response is its running sum. The DFT
//! is direct (O(N²), VNA sweeps are short) so the crate needs no FFT dependency here.

use super::network::Network;
use crate::error::{LangError, LangResult};
use crate::value::{C64, Tensor3};

/// `net` linearly interpolated (real and imaginary parts) onto `new`.
pub(crate) fn interp(net: &Network, new: &[f64]) -> LangResult<Network> {
    let old = &net.freqs;
    let err = |m: String| LangError::runtime(format!("interp_freq: {m}"));
    if new.is_empty() {
        return Err(err("the new frequency grid is empty".into()));
    }
    if new.iter().any(|f| !f.is_finite()) || new.windows(2).any(|w| w[1] <= w[0]) {
        return Err(err("the new grid must be strictly increasing".into()));
    }
    let (lo, hi) = (old[0], old[old.len() - 1]);
    if let Some(f) = new.iter().find(|&&f| f < lo || f > hi) {
        return Err(err(format!(
            "{} Hz is outside the measured range [{} .. {}] Hz (no extrapolation)",
            crate::display::scalar(*f),
            crate::display::scalar(lo),
            crate::display::scalar(hi)
        )));
    }
    let n = net.ports();
    crate::limits::check_alloc(new.len(), n * n, 16)?;
    let mut out = Tensor3::zeros(new.len(), n, n);
    let mut k = 0;
    for (q, &f) in new.iter().enumerate() {
        while k + 2 < old.len() && old[k + 1] < f {
            k += 1;
        }
        let (f0, f1) = (old[k], old[(k + 1).min(old.len() - 1)]);
        let a = if f1 > f0 {
            ((f - f0) / (f1 - f0)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let k1 = (k + 1).min(old.len() - 1);
        for i in 0..n {
            for j in 0..n {
                let at = out.offset(q, i, j);
                out.data[at] = net.at(k, i, j) * (1.0 - a) + net.at(k1, i, j) * a;
            }
        }
    }
    let mut result = net.with_params(out, net.kind);
    result.freqs = new.to_vec();
    Ok(result)
}

/// The spacing of a uniform grid, or the error saying it is not one.
fn uniform_step(freqs: &[f64]) -> LangResult<f64> {
    if freqs.len() < 2 {
        return Err(LangError::runtime("s2td: needs at least 2 frequencies"));
    }
    let step = (freqs[freqs.len() - 1] - freqs[0]) / (freqs.len() - 1) as f64;
    let uneven = freqs
        .windows(2)
        .any(|w| ((w[1] - w[0]) - step).abs() > 1e-6 * step);
    if uneven {
        return Err(LangError::runtime(
            "s2td: the frequency grid must be uniformly spaced (use interp_freq first)",
        ));
    }
    Ok(step)
}

/// `(t, y)`: the impulse (or, with `step`, step) response of `trace` on `freqs`.
pub(crate) fn time_response(
    freqs: &[f64],
    trace: &[C64],
    step: bool,
) -> LangResult<(Vec<f64>, Vec<f64>)> {
    let df = uniform_step(freqs)?;
    let n = trace.len();
    let m = 2 * n;
    crate::limits::check_alloc(m, n, 16)?;
    let dt = 1.0 / (m as f64 * df);
    let t: Vec<f64> = (0..m).map(|q| q as f64 * dt).collect();
    let mut y: Vec<f64> = (0..m)
        .map(|q| {
            let w = std::f64::consts::PI * q as f64 / n as f64;
            let tail: f64 = (1..n)
                .map(|k| (trace[k] * C64::from_polar(1.0, w * k as f64)).re)
                .sum();
            (trace[0].re + 2.0 * tail) / m as f64
        })
        .collect();
    if step {
        let mut acc = 0.0;
        for v in &mut y {
            acc += *v;
            *v = acc;
        }
    }
    Ok((t, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_spectrum_is_a_band_limited_impulse() {
        let freqs = [0.0, 1.0, 2.0, 3.0];
        let ones = [C64::new(1.0, 0.0); 4];
        let (t, y) = time_response(&freqs, &ones, false).unwrap();
        assert_eq!(t.len(), 8);
        assert!((t[1] - 0.125).abs() < 1e-15);
        // Bins 0..3 of one and their mirror: y[0] = (1 + 2·3)/8.
        assert!((y[0] - 7.0 / 8.0).abs() < 1e-12);
        let (_, s) = time_response(&freqs, &ones, true).unwrap();
        assert!((s[7] - y.iter().sum::<f64>()).abs() < 1e-12);
    }

    #[test]
    fn uneven_grids_are_refused() {
        let err = time_response(&[1.0, 2.0, 4.0], &[C64::new(1.0, 0.0); 3], false);
        assert!(err.unwrap_err().message.contains("uniformly"));
    }
}
