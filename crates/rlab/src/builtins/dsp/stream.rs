//! Streaming time-frequency analysis, frame by frame: `stft_stream_init`/`stft_stream`,
//! `pwelch_stream_init`/`pwelch_stream` and `cwt_stream_init`/`cwt_stream`.
//!
//! The state (`dsp_stream_state`, displayed `<dsp_stream_state stft>`) is a handle, like
//! `fir_state`: a `*_stream` call updates it in place and returns it, so
//! `[S, st] = stft_stream(x, st)` and `stft_stream(x, st)` both advance `st`. The STFT and
//! Welch states keep the samples not yet part of a complete segment; each call cuts every
//! segment that now fits (advancing by the hop `length(window) − noverlap`) and transforms
//! it exactly as `stft`/`pwelch` do, so the columns of a whole stream are the columns of one
//! `stft` of the concatenated signal. The CWT state keeps the latest `n_samples` samples
//! and transforms them whole on every call once it is full.

use super::segments::{parse_sided, stream_window};
use super::signal::{complex_matrix, next_pow2, positive, samples};
use super::spectral::windowed_spectrum;
use super::wavelet::{self, morlet};
use super::windows::Window;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Obj, Object, Value};
use std::any::Any;
use std::sync::Mutex;

/// The longest CWT window (samples) a state may hold.
const MAX_CWT_SAMPLES: usize = 1 << 22;

/// What a stream state holds.
#[derive(Debug)]
enum Stream {
    Stft(Segmenter),
    Pwelch(Segmenter, Welch),
    Cwt(CwtWindow),
}

/// A `dsp_stream_state` handle.
#[derive(Debug)]
pub(crate) struct DspStream {
    kind: &'static str,
    state: Mutex<Stream>,
}

impl Object for DspStream {
    fn type_name(&self) -> &'static str {
        "dsp_stream_state"
    }

    fn display(&self) -> String {
        format!("<dsp_stream_state {}>", self.kind)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Cuts windowed segments out of the samples pushed so far.
#[derive(Debug)]
struct Segmenter {
    window: Vec<f64>,
    hop: usize,
    /// The FFT size (a power of two, at least the window length).
    nfft: usize,
    /// The rows of each column: `nfft/2 + 1` one-sided, else `nfft`.
    rows: usize,
    /// Samples not yet consumed (fewer than a window after every call).
    pending: Vec<C64>,
}

impl Segmenter {
    /// From the arguments `(fs, window, noverlap, nfft)` of an init call.
    fn new(args: &Args, kind: Window, onesided: bool) -> LangResult<Segmenter> {
        positive(args, 0, "fs")?;
        let window = stream_window(args, 1, kind)?;
        let m = window.len();
        let noverlap = args.size(2)?;
        if noverlap >= m {
            return Err(LangError::runtime(format!(
                "{}: noverlap {noverlap} must be < window length {m}",
                args.name
            )));
        }
        let nfft = args.size(3)?;
        if nfft < m {
            return Err(LangError::runtime(format!(
                "{}: nfft {nfft} must be >= window length {m}",
                args.name
            )));
        }
        let nfft = next_pow2(args.name, nfft)?;
        crate::limits::check_alloc(1, nfft, 16)?;
        let rows = if onesided { nfft / 2 + 1 } else { nfft };
        Ok(Segmenter {
            window,
            hop: m - noverlap,
            nfft,
            rows,
            pending: Vec::new(),
        })
    }

    /// Append `frame` and return the spectrum of every segment that is now complete.
    fn push(&mut self, frame: &[C64]) -> LangResult<Vec<Vec<C64>>> {
        let m = self.window.len();
        let total = self.pending.len() + frame.len();
        let count = if total >= m {
            (total - m) / self.hop + 1
        } else {
            0
        };
        crate::limits::check_alloc(count, self.nfft, 16)?;
        self.pending.extend_from_slice(frame);
        let spectra = (0..count)
            .map(|k| windowed_spectrum(&self.pending[k * self.hop..], &self.window, self.nfft))
            .collect();
        let used = (count * self.hop).min(self.pending.len());
        self.pending.drain(..used);
        Ok(spectra)
    }
}

/// The running Welch average.
#[derive(Debug)]
struct Welch {
    fs: f64,
    /// Σ w², the window's power.
    power: f64,
    /// `None`: the cumulative mean of the periodograms; `Some(α)`: their exponential average.
    alpha: Option<f64>,
    /// The two-sided average (`nfft` bins).
    average: Vec<f64>,
    segments: usize,
    /// Whether every sample so far was real (the output is then one-sided).
    real: bool,
}

impl Welch {
    fn add(&mut self, spectrum: &[C64]) {
        let scale = 1.0 / (self.fs * self.power);
        let n = self.segments as f64;
        for (avg, z) in self.average.iter_mut().zip(spectrum) {
            let p = z.norm_sqr() * scale;
            *avg = match self.alpha {
                Some(a) => a * p + (1.0 - a) * *avg,
                None => (n * *avg + p) / (n + 1.0),
            };
        }
        self.segments += 1;
    }

    /// The current estimate: empty before the first segment, one-sided (inner bins doubled)
    /// while every sample has been real.
    fn estimate(&self) -> Vec<f64> {
        if self.segments == 0 {
            return Vec::new();
        }
        if !self.real {
            return self.average.clone();
        }
        let half = self.average.len() / 2;
        let mut out = self.average[..=half].to_vec();
        for p in out.iter_mut().take(half).skip(1) {
            *p *= 2.0;
        }
        out
    }
}

/// The sliding window of a streaming CWT.
#[derive(Debug)]
struct CwtWindow {
    scales: Vec<f64>,
    len: usize,
    history: Vec<C64>,
}

/// A new state value.
fn state(kind: &'static str, stream: Stream) -> Value {
    Value::Object(Obj::new(DspStream {
        kind,
        state: Mutex::new(stream),
    }))
}

/// `state = stft_stream_init(fs, window, noverlap, nfft[, sided])`.
pub(super) fn stft_stream_init(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 5)?;
    let onesided = match args.get(4) {
        None => true,
        Some(_) => parse_sided(args.name, args.str(4)?)?.unwrap_or(true),
    };
    Ok(state(
        "stft",
        Stream::Stft(Segmenter::new(&args, Window::Hann, onesided)?),
    ))
}

/// `state = pwelch_stream_init(fs, window, noverlap, nfft[, ema_alpha])`.
pub(super) fn pwelch_stream_init(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 5)?;
    let seg = Segmenter::new(&args, Window::Hamming, false)?;
    let power: f64 = seg.window.iter().map(|w| w * w).sum();
    if power <= 0.0 {
        return Err(LangError::runtime(
            "pwelch_stream_init: window has zero energy",
        ));
    }
    let alpha = match args.get(4) {
        None => None,
        Some(_) => {
            let a = args.f64(4)?;
            if !(a > 0.0 && a <= 1.0) {
                return Err(LangError::runtime(format!(
                    "pwelch_stream_init: ema_alpha {} must be in (0, 1]",
                    crate::display::scalar(a)
                )));
            }
            Some(a)
        }
    };
    let welch = Welch {
        fs: args.f64(0)?,
        power,
        alpha,
        average: vec![0.0; seg.nfft],
        segments: 0,
        real: true,
    };
    Ok(state("pwelch", Stream::Pwelch(seg, welch)))
}

/// `state = cwt_stream_init(fs, n_samples[, n_scales | scales])` (64 scales by default).
pub(super) fn cwt_stream_init(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 3)?;
    positive(&args, 0, "fs")?;
    let len = args.size(1)?;
    if len == 0 || len > MAX_CWT_SAMPLES {
        return Err(LangError::runtime(format!(
            "cwt_stream_init: n_samples must be between 1 and {MAX_CWT_SAMPLES}, got {len}"
        )));
    }
    let scales = wavelet::scale_arg(&args, 2, len)?;
    crate::limits::check_alloc(scales.len(), len, 16)?;
    let window = CwtWindow {
        scales,
        len,
        history: Vec::with_capacity(len),
    };
    Ok(state("cwt", Stream::Cwt(window)))
}

/// The frame and the locked state of a `*_stream(frame, state)` call of `kind`.
fn stream_call(interp: &Interp, args: &Args) -> LangResult<(Vec<C64>, Value)> {
    args.arity(2, 2)?;
    if interp.in_parallel_task {
        return Err(LangError::runtime(format!(
            "parmap: cannot call {} from a parallel lambda — the lambda must be pure",
            args.name
        )));
    }
    let frame = samples(args, 0)?;
    Ok((frame, args.value(1)?.plain().clone()))
}

/// Run `body` on the state of `value`, which must be a `kind` stream.
fn with_stream<T>(
    name: &str,
    kind: &str,
    value: &Value,
    body: impl FnOnce(&mut Stream) -> LangResult<T>,
) -> LangResult<T> {
    let expected = || {
        LangError::type_error(format!(
            "{name}: expected a {kind} stream state (from {kind}_stream_init()), got {}",
            value.type_name()
        ))
    };
    let Value::Object(obj) = value else {
        return Err(expected());
    };
    let stream = obj.downcast::<DspStream>().ok_or_else(expected)?;
    if stream.kind != kind {
        return Err(LangError::type_error(format!(
            "{name}: expected a {kind} stream state (from {kind}_stream_init()), got a {} stream state",
            stream.kind
        )));
    }
    let mut guard = stream
        .state
        .lock()
        .map_err(|_| LangError::runtime(format!("{name}: the state is unusable")))?;
    body(&mut guard)
}

/// `[S_cols, state] = stft_stream(frame, state)`: the new columns (`n_freqs × 0` if none).
pub(super) fn stft_stream(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (frame, st) = stream_call(interp, &args)?;
    let cols = with_stream(args.name, "stft", &st, |s| match s {
        Stream::Stft(seg) => {
            let spectra = seg.push(&frame)?;
            let (rows, n) = (seg.rows, spectra.len());
            let data = (0..rows)
                .flat_map(|r| spectra.iter().map(move |sp| sp[r]))
                .collect();
            Ok(complex_matrix(rows, n, data))
        }
        _ => Err(LangError::runtime("stft_stream: corrupt state")),
    })?;
    Ok(Value::tuple(vec![cols, st]))
}

/// `[Pxx, state] = pwelch_stream(frame, state)`: the running estimate (empty until the
/// first complete segment).
pub(super) fn pwelch_stream(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (frame, st) = stream_call(interp, &args)?;
    let pxx = with_stream(args.name, "pwelch", &st, |s| match s {
        Stream::Pwelch(seg, welch) => {
            welch.real &= frame.iter().all(|z| z.im == 0.0);
            for spectrum in seg.push(&frame)? {
                welch.add(&spectrum);
            }
            Ok(welch.estimate())
        }
        _ => Err(LangError::runtime("pwelch_stream: corrupt state")),
    })?;
    Ok(Value::tuple(vec![Value::row(pxx), st]))
}

/// `[W, state] = cwt_stream(frame, state)`: the CWT of the latest `n_samples` samples
/// (`n_scales × 0` until that many have arrived).
pub(super) fn cwt_stream(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (frame, st) = stream_call(interp, &args)?;
    let w = with_stream(args.name, "cwt", &st, |s| match s {
        Stream::Cwt(win) => {
            let keep = frame.len().min(win.len);
            win.history.extend_from_slice(&frame[frame.len() - keep..]);
            let excess = win.history.len().saturating_sub(win.len);
            win.history.drain(..excess);
            let rows = win.scales.len();
            if win.history.len() < win.len {
                return Ok(complex_matrix(rows, 0, Vec::new()));
            }
            Ok(complex_matrix(
                rows,
                win.len,
                morlet(&win.history, &win.scales)?,
            ))
        }
        _ => Err(LangError::runtime("cwt_stream: corrupt state")),
    })?;
    Ok(Value::tuple(vec![w, st]))
}
