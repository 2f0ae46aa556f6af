//! Frequency-domain analysis: `bode`, `margin`, `freqresp`, and the grids and responses
//! `nyquist` shares (see `nyquist.rs`).

use super::dense::{self, CMat};
use super::figure::{self, Trace};
use super::poly;
use super::ss::abcd;
use super::tf::{TransferFn, tf_arg};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use ndarray::Array2;

/// `G(jω)`; infinite where the denominator vanishes.
pub(super) fn response(g: &TransferFn, w: f64) -> C64 {
    let jw = C64::new(0.0, w);
    let d = poly::eval(&g.den, jw);
    if d.norm() < 1e-300 {
        C64::new(f64::INFINITY, 0.0)
    } else {
        poly::eval(&g.num, jw) / d
    }
}

/// `n` points from `start` to `stop`, evenly spaced in log10.
pub(super) fn logspace(start: f64, stop: f64, n: usize) -> Vec<f64> {
    let (a, b) = (start.log10(), stop.log10());
    match n {
        0 => Vec::new(),
        1 => vec![start],
        _ => (0..n)
            .map(|i| 10f64.powf(a + (b - a) * i as f64 / (n - 1) as f64))
            .collect(),
    }
}

/// The largest pole modulus, at least 1 (the centre of rustlab's automatic grids).
pub(super) fn natural_frequency(name: &str, g: &TransferFn) -> LangResult<f64> {
    let poles = poly::roots(name, &g.den)?;
    Ok(poles.iter().map(|p| p.norm()).fold(0.0, f64::max).max(1.0))
}

/// 200 points over four decades around the natural frequency.
pub(super) fn auto_grid(name: &str, g: &TransferFn) -> LangResult<Vec<f64>> {
    let w = natural_frequency(name, g)?;
    Ok(logspace((w * 0.01).max(1e-3), w * 100.0, 200))
}

/// A frequency vector from a Vector or 1-D Matrix (real parts).
pub(super) fn frequencies(name: &str, v: &Value) -> LangResult<Vec<f64>> {
    match v {
        Value::Vector(a) => Ok(a.to_re_vec()),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => Ok(a.to_re_vec()),
        other => Err(LangError::type_error(format!(
            "{name}: w must be a vector, got {}",
            other.type_name()
        ))),
    }
}

/// Remove ±360° jumps between neighbouring phases (degrees).
fn unwrap_degrees(phase: &[f64]) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::with_capacity(phase.len());
    for &p in phase {
        let next = match out.last() {
            None => p,
            Some(&prev) => {
                let step = p - prev;
                let step = if step > 180.0 {
                    step - 360.0
                } else if step < -180.0 {
                    step + 360.0
                } else {
                    step
                };
                prev + step
            }
        };
        out.push(next);
    }
    out
}

/// Magnitude (dB) and unwrapped phase (degrees) over `w`.
fn bode_data(g: &TransferFn, w: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let h: Vec<C64> = w.iter().map(|&wi| response(g, wi)).collect();
    let mag = h.iter().map(|z| 20.0 * z.norm().log10()).collect();
    let phase: Vec<f64> = h.iter().map(|z| z.arg().to_degrees()).collect();
    (mag, unwrap_degrees(&phase))
}

/// `bode(G)` | `bode(G, w)`: magnitude and phase panels on a log-ω axis; `[mag, phase, w]
/// = bode(G)` returns the data without plotting.
pub(super) fn bode(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let g = tf_arg("bode", args.value(0)?)?.clone();
    let w = match args.get(1) {
        Some(v) => frequencies("bode", v)?,
        None => auto_grid("bode", &g)?,
    };
    let (mag, phase) = bode_data(&g, &w);
    if args.nargout > 0 {
        return Ok(Value::tuple(vec![
            Value::row(mag),
            Value::row(phase),
            Value::row(w),
        ]));
    }
    figure::select_panel(interp, 2, 1, 1);
    let trace = Trace::line("magnitude", w.clone(), mag);
    figure::add(interp, trace, "Bode Plot").log_x = true;
    figure::axes(interp, "ω (rad/s)", "Magnitude (dB)");
    figure::select_panel(interp, 2, 1, 2);
    figure::add(interp, Trace::line("phase", w, phase), "").log_x = true;
    figure::axes(interp, "ω (rad/s)", "Phase (deg)");
    Ok(Value::None)
}

/// The first `x` where `y` crosses `target` (linear interpolation).
fn crossing(x: &[f64], y: &[f64], target: f64) -> Option<f64> {
    (0..y.len().saturating_sub(1)).find_map(|i| {
        let (y0, y1) = (y[i] - target, y[i + 1] - target);
        (y0 * y1 <= 0.0 && (y0 - y1).abs() > 1e-30)
            .then(|| x[i] + y0 / (y0 - y1) * (x[i + 1] - x[i]))
    })
}

/// `[Gm, Pm, Wcg, Wcp] = margin(G)`: gain margin (ratio), phase margin (degrees) and the
/// phase- and gain-crossover frequencies; `Inf` where there is no crossing.
pub(super) fn margin(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let g = tf_arg("margin", args.value(0)?)?;
    let wn = natural_frequency("margin", g)?;
    let w = logspace((wn * 0.001).max(1e-4), wn * 1000.0, 1000);
    let (mag, phase) = bode_data(g, &w);
    let wcp = crossing(&w, &mag, 0.0);
    let wcg = crossing(&w, &phase, -180.0);
    let gm = wcg.map_or(f64::INFINITY, |wc| {
        let h = response(g, wc).norm();
        if h > 1e-30 { 1.0 / h } else { f64::INFINITY }
    });
    let pm = wcp.map_or(f64::INFINITY, |wc| {
        180.0 + response(g, wc).arg().to_degrees()
    });
    Ok(Value::tuple(vec![
        Value::Scalar(gm),
        Value::Scalar(pm),
        Value::Scalar(wcg.unwrap_or(f64::INFINITY)),
        Value::Scalar(wcp.unwrap_or(f64::INFINITY)),
    ]))
}

/// `freqresp(A, B, C, D, w)`: `C (jωI − A)⁻¹ B + D` for the first input, one column per
/// frequency; a Vector for one output, else a p×length(w) Matrix.
pub(super) fn freqresp(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(5, 5)?;
    let sys = abcd("freqresp", &args, 0)?;
    let w = frequencies("freqresp", args.value(4)?)?;
    let (n, p) = (sys.a.nrows(), sys.c.nrows());
    crate::limits::check_alloc(p, w.len(), 16)?;
    let mut h: CMat = Array2::zeros((p, w.len()));
    let b = sys.b.column(0).to_owned().insert_axis(ndarray::Axis(1));
    for (k, &wk) in w.iter().enumerate() {
        let shifted = dense::identity(n).mapv(|z| z * C64::new(0.0, wk)) - &sys.a;
        let x = dense::solve(&shifted, &b).ok_or_else(|| {
            LangError::runtime(format!(
                "freqresp: singular at ω={wk:.4}: jωI − A is singular"
            ))
        })?;
        let y = dense::mul(&sys.c, &x);
        for i in 0..p {
            h[[i, k]] = y[[i, 0]] + sys.d[[i, 0]];
        }
    }
    if p == 1 {
        Ok(dense::vector_value(h.row(0).to_vec()))
    } else {
        Ok(dense::matrix_value(h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwrapping_removes_full_turns() {
        assert_eq!(
            unwrap_degrees(&[170.0, -170.0, -10.0]),
            vec![170.0, 190.0, 350.0]
        );
    }

    #[test]
    fn crossings_interpolate() {
        assert_eq!(
            crossing(&[1.0, 2.0, 3.0], &[2.0, 1.0, -1.0], 0.0),
            Some(2.5)
        );
        assert_eq!(crossing(&[1.0, 2.0], &[2.0, 1.0], 0.0), None);
    }

    #[test]
    fn logspace_spans_decades() {
        let w = logspace(0.01, 100.0, 5);
        for (got, want) in w.iter().zip([0.01, 0.1, 1.0, 10.0, 100.0]) {
            assert!((got - want).abs() < 1e-12 * want);
        }
    }
}
