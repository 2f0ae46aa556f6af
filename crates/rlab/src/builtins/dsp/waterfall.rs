//! `waterfall`: rustlab's frequency waterfall, the short-time Fourier transform of `stft`
//! turned for a display where time runs down the screen. `W` has a row per segment, the
//! newest first, and a column per frequency (DC first), holding `20·log10(|S| + 1e-12)`;
//! `t` follows the rows, so it decreases. Asked for nothing (a bare call) it draws `W` as a
//! heatmap instead (frequency across, the newest segment at the top, 80 dB shown), as
//! `spectrogram` draws the STFT.

use super::spectral::{Stft, checked_stft, db_heatmap, even_extent};
use crate::builtins::Args;
use crate::error::LangResult;
use crate::eval::Interp;
use crate::value::{C64, Value};

/// Added to every magnitude before the logarithm, so silent bins stay finite (rustlab's).
const EPS: f64 = 1e-12;

/// The axis labels of a drawn waterfall.
const AXES: (&str, &str) = ("Frequency (Hz)", "Time (s)");

/// `[W, f, t] = waterfall(x, fs[, window[, noverlap[, nfft[, sided]]]])`.
pub(super) fn waterfall(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let stft = checked_stft(&args)?;
    let (rows, cols, spectra, f, t) = newest_first(stft);
    if args.nargout == 0 {
        let extent = even_extent(&f, &t);
        db_heatmap(interp, (rows, cols, extent), &spectra, AXES, false);
        return Ok(Value::None);
    }
    let w = spectra
        .iter()
        .map(|z| 20.0 * (z.norm() + EPS).log10())
        .collect();
    let w = Value::matrix_rows(rows, cols, w);
    if args.nargout >= 2 {
        return Ok(Value::tuple(vec![w, Value::row(f), Value::row(t)]));
    }
    Ok(w)
}

/// The STFT (frequency rows × segment columns) transposed to a row per segment, the last
/// segment first, with its times reversed to match: `(rows, cols, data, f, t)`.
fn newest_first((freqs, frames, data, f, t): Stft) -> Stft {
    let turned: Vec<C64> = (0..frames)
        .rev()
        .flat_map(|k| (0..freqs).map(move |j| (j, k)))
        .map(|(j, k)| data.get(j * frames + k).copied().unwrap_or_default())
        .collect();
    let t = t.into_iter().rev().collect();
    (frames, freqs, turned, f, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_become_rows_newest_first() {
        let z = |v: f64| C64::new(v, 0.0);
        // Two frequencies × three segments: row j, column k holds 10j + k.
        let data = vec![z(0.0), z(1.0), z(2.0), z(10.0), z(11.0), z(12.0)];
        let stft = (2, 3, data, vec![0.0, 5.0], vec![0.1, 0.2, 0.3]);
        let (rows, cols, turned, f, t) = newest_first(stft);
        assert_eq!((rows, cols), (3, 2));
        let re: Vec<f64> = turned.iter().map(|c| c.re).collect();
        assert_eq!(re, vec![2.0, 12.0, 1.0, 11.0, 0.0, 10.0]);
        assert_eq!(f, vec![0.0, 5.0]);
        assert_eq!(t, vec![0.3, 0.2, 0.1]);
    }
}
