//! Window functions (rustlab's `window(name, n)` and the `window` argument of the FIR
//! designs and spectral estimators): rectangular, Hann, Hamming, Blackman and Kaiser, all in
//! their symmetric form (first and last samples mirror each other, as scipy's
//! `get_window(..., fftbins=False)`). Kaiser's β is 8.6 when only the name is given.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;
use std::f64::consts::PI;

/// β of `"kaiser"` named without one.
pub(super) const DEFAULT_KAISER_BETA: f64 = 8.6;

/// The largest β whose Bessel function I0(β) fits in an f64.
pub(super) const MAX_KAISER_BETA: f64 = 700.0;

/// A window shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Window {
    Rectangular,
    Hann,
    Hamming,
    Blackman,
    Kaiser(f64),
}

impl Window {
    /// A window by name (case-insensitive; `rect`/`boxcar` and `hanning` are aliases).
    pub(super) fn named(fname: &str, name: &str) -> LangResult<Window> {
        match name.to_ascii_lowercase().as_str() {
            "rectangular" | "rect" | "boxcar" => Ok(Window::Rectangular),
            "hann" | "hanning" => Ok(Window::Hann),
            "hamming" => Ok(Window::Hamming),
            "blackman" => Ok(Window::Blackman),
            "kaiser" => Ok(Window::Kaiser(DEFAULT_KAISER_BETA)),
            _ => Err(LangError::runtime(format!(
                "{fname}: unknown window \"{name}\" (expected \"rectangular\", \"hann\", \
                 \"hamming\", \"blackman\" or \"kaiser\")"
            ))),
        }
    }

    /// The `n` symmetric samples of the window (`[1]` for n = 1).
    pub(super) fn samples(self, n: usize) -> Vec<f64> {
        if n == 1 {
            return vec![1.0];
        }
        let m = n.saturating_sub(1) as f64;
        (0..n)
            .map(|k| {
                let x = k as f64 / m;
                match self {
                    Window::Rectangular => 1.0,
                    Window::Hann => 0.5 - 0.5 * (2.0 * PI * x).cos(),
                    Window::Hamming => 0.54 - 0.46 * (2.0 * PI * x).cos(),
                    Window::Blackman => {
                        0.42 - 0.5 * (2.0 * PI * x).cos() + 0.08 * (4.0 * PI * x).cos()
                    }
                    Window::Kaiser(beta) => {
                        let t = 2.0 * x - 1.0;
                        bessel_i0(beta * (1.0 - t * t).max(0.0).sqrt()) / bessel_i0(beta)
                    }
                }
            })
            .collect()
    }
}

/// The modified Bessel function of the first kind, order zero, by its power series
/// `Σ ((x/2)^k / k!)²` (converges for every x; terms are summed until they stop counting).
pub(super) fn bessel_i0(x: f64) -> f64 {
    let half = x / 2.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..1000 {
        let r = half / k as f64;
        term *= r * r;
        sum += term;
        if term <= sum * 1e-17 {
            break;
        }
    }
    sum
}

/// Argument `i` as a window name.
pub(super) fn window_arg(args: &Args, i: usize) -> LangResult<Window> {
    Window::named(args.name, args.str(i)?)
}

/// `window(name, n)`: the window's n samples as a row Vector.
pub(super) fn window(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let kind = window_arg(&args, 0)?;
    let n = args.size(1)?;
    crate::limits::check_alloc(1, n, 16)?;
    Ok(Value::row(kind.samples(n)))
}
