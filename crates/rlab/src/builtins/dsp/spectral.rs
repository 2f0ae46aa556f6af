//! Spectral estimates over sliding windowed segments: `pwelch` (Welch's averaged
//! periodogram, no detrending, MATLAB's defaults), `stft` (one spectrum per segment as the
//! columns of a matrix) and `spectrogram` (its magnitude in dB as a heatmap). A call with
//! fewer than two outputs also draws (pwelch: a dB line, stft: the spectrogram).

use super::segments::{self, Segments};
use super::signal::{complex_matrix, padded, positive, samples, transform};
use super::windows::Window;
use crate::builtins::Args;
use crate::builtins::plotting::{content_panel, push_series};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Heatmap, LineStyle, SeriesKind};
use crate::value::{C64, Value};

/// The axis labels of a spectrogram (the heatmap's axes count frames and bins).
const STFT_AXES: (&str, &str) = ("Time (s)", "Frequency (Hz)");

/// The dynamic range kept by the dB heatmaps.
const DB_RANGE: f64 = 80.0;

/// The FFT (`nfft` long, raw bin order) of the samples from `x[0]` on times `window`; the
/// streaming forms use it too, so a whole stream gives the batch numbers exactly.
pub(super) fn windowed_spectrum(x: &[C64], window: &[f64], nfft: usize) -> Vec<C64> {
    let windowed: Vec<C64> = window.iter().zip(x).map(|(w, v)| v * w).collect();
    let mut buf = padded(&windowed, nfft);
    transform(&mut buf, false);
    buf
}

/// The FFT of each windowed segment (each `nfft` long, raw bin order).
fn segment_spectra(x: &[C64], seg: &Segments) -> Vec<Vec<C64>> {
    seg.starts(x.len())
        .into_iter()
        .map(|start| windowed_spectrum(&x[start..], &seg.window, seg.nfft))
        .collect()
}

/// Welch's estimate: `(Pxx, f)`.
fn welch(x: &[C64], fs: f64, seg: &Segments) -> LangResult<(Vec<f64>, Vec<f64>)> {
    let power: f64 = seg.window.iter().map(|w| w * w).sum();
    if power <= 0.0 {
        return Err(LangError::runtime("pwelch: window has zero energy"));
    }
    let spectra = segment_spectra(x, seg);
    let count = spectra.len() as f64;
    let scale = 1.0 / (fs * power * count);
    let mut pxx = vec![0.0; seg.nfft];
    for spectrum in &spectra {
        for (p, z) in pxx.iter_mut().zip(spectrum) {
            *p += z.norm_sqr() * scale;
        }
    }
    if seg.onesided {
        let half = seg.nfft / 2;
        pxx.truncate(half + 1);
        for p in pxx.iter_mut().take(half).skip(1) {
            *p *= 2.0;
        }
    }
    Ok((pxx, seg.frequencies(fs)))
}

/// Signal, rate and segmentation of a pwelch/stft/spectrogram call.
fn setup(args: &Args, default: Option<Window>) -> LangResult<(Vec<C64>, f64, Segments)> {
    args.arity(2, 6)?;
    let x = samples(args, 0)?;
    let fs = positive(args, 1, "fs")?;
    let real = x.iter().all(|z| z.im == 0.0);
    let (len, kind) = match default {
        Some(kind) => (128, kind),
        None => (((2 * x.len()) / 9).max(1), Window::Hamming),
    };
    let seg = segments::read(args, x.len(), len, kind, real)?;
    if seg.starts(x.len()).is_empty() {
        return Err(LangError::runtime(format!(
            "{}: signal too short for any complete segment",
            args.name
        )));
    }
    Ok((x, fs, seg))
}

/// `[Pxx, f] = pwelch(x, fs[, window[, noverlap[, nfft[, sided]]]])`; with one output it
/// also plots `10·log10(Pxx)` against f.
pub(super) fn pwelch(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (x, fs, seg) = setup(&args, None)?;
    let (pxx, f) = welch(&x, fs, &seg)?;
    if args.nargout >= 2 {
        return Ok(Value::tuple(vec![Value::row(pxx), Value::row(f)]));
    }
    let db = pxx.iter().map(|p| 10.0 * p.log10()).collect();
    let panel = content_panel(interp);
    let series = (f, db);
    push_series(
        panel,
        SeriesKind::Line,
        "PSD".into(),
        None,
        LineStyle::Solid,
        series,
    );
    panel.title = "Welch PSD".into();
    panel.xlabel = "Frequency (Hz)".into();
    panel.ylabel = "PSD (dB/Hz)".into();
    Ok(Value::row(pxx))
}

/// The STFT matrix (frequency rows × frame columns, row-major), f and t.
/// An STFT: rows (frequencies), columns (frames), row-major data, the frequencies, the times.
pub(super) type Stft = (usize, usize, Vec<C64>, Vec<f64>, Vec<f64>);

fn stft_data(x: &[C64], fs: f64, seg: &Segments) -> Stft {
    let spectra = segment_spectra(x, seg);
    let f = seg.frequencies(fs);
    let (rows, cols) = (f.len(), spectra.len());
    let data = (0..rows)
        .flat_map(|r| {
            spectra
                .iter()
                .map(move |s| s.get(r).copied().unwrap_or_default())
        })
        .collect();
    let m = seg.window.len() as f64;
    let hop = seg.window.len() - seg.noverlap;
    let t = (0..cols)
        .map(|k| (k * hop) as f64 / fs + m / (2.0 * fs))
        .collect();
    (rows, cols, data, f, t)
}

/// `[S, f, t] = stft(x, fs[, window[, noverlap[, nfft[, sided]]]])` (Hann of 128 by
/// default); with one output it also draws the spectrogram.
pub(super) fn stft(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (rows, cols, data, f, t) = checked_stft(&args)?;
    if args.nargout < 2 {
        let extent = even_extent(&t, &f);
        db_heatmap(interp, (rows, cols, extent), &data, STFT_AXES, true);
    }
    let s = complex_matrix(rows, cols, data);
    if args.nargout >= 2 {
        return Ok(Value::tuple(vec![s, Value::row(f), Value::row(t)]));
    }
    Ok(s)
}

/// The STFT of a call's signal and options (Hann of 128 by default), after checking its
/// size against the memory limit.
pub(super) fn checked_stft(args: &Args) -> LangResult<Stft> {
    let (x, fs, seg) = setup(args, Some(Window::Hann))?;
    crate::limits::check_alloc(
        seg.nfft,
        x.len() / (seg.window.len() - seg.noverlap) + 1,
        16,
    )?;
    Ok(stft_data(&x, fs, &seg))
}

/// `spectrogram(x, fs[, window[, noverlap[, nfft]]])`: a heatmap of `20·log10|STFT|`.
pub(super) fn spectrogram(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 5)?;
    let (rows, cols, data, f, t) = checked_stft(&args)?;
    let extent = even_extent(&t, &f);
    db_heatmap(interp, (rows, cols, extent), &data, STFT_AXES, true);
    Ok(Value::None)
}

/// `20·log10|z|`, floored at the maximum minus 80 dB (0 dB everywhere for silence).
pub(super) fn db_clip(data: &[C64]) -> Vec<f64> {
    let db: Vec<f64> = data.iter().map(|z| 20.0 * z.norm().log10()).collect();
    let top = db
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return vec![0.0; db.len()];
    }
    let floor = top - DB_RANGE;
    db.into_iter()
        .map(|v| {
            if v.is_nan() || v < floor {
                floor
            } else {
                v.min(top)
            }
        })
        .collect()
}

/// The heatmap extent `[x1, xn, y1, ym]` of evenly spaced column and row coordinates (so
/// the axes read seconds and hertz); `None` when either is uneven.
pub(super) fn even_extent(x: &[f64], y: &[f64]) -> Option<[f64; 4]> {
    let even = |a: &[f64]| match a {
        [first, .., last] if first != last => {
            let step = (last - first) / (a.len() - 1) as f64;
            a.windows(2)
                .all(|w| ((w[1] - w[0]) - step).abs() <= 1e-9 * step.abs())
                .then_some((*first, *last))
        }
        _ => None,
    };
    let ((x1, xn), (y1, ym)) = (even(x)?, even(y)?);
    Some([x1, xn, y1, ym])
}

/// Show `rows×cols` complex data as a viridis dB heatmap (placed on `extent` when given); `y_up` puts row 1 at the bottom
/// (`axis("xy")`).
pub(super) fn db_heatmap(
    interp: &mut Interp,
    (rows, cols, extent): (usize, usize, Option<[f64; 4]>),
    data: &[C64],
    (xlabel, ylabel): (&str, &str),
    y_up: bool,
) {
    let panel = content_panel(interp);
    panel.heatmap = Some(Heatmap {
        rows,
        cols,
        values: db_clip(data),
        xlabels: None,
        ylabels: None,
        colormap: "viridis".into(),
        extent,
    });
    panel.image_y_up = Some(y_up);
    panel.xlabel = xlabel.into();
    panel.ylabel = ylabel.into();
}
