//! `nyquist(G)`: the locus of `L(jω)` in the complex plane with its mirror image, a marker
//! at −1 and equal axis scales; returns the positive-frequency branch `[re, im, w]`.

use super::convert::system_tf;
use super::figure::{self, Trace};
use super::freq::{auto_grid, frequencies, logspace, response};
use super::tf::TransferFn;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{LineStyle, SeriesKind};
use crate::value::Value;

/// Points farther than this from the origin are dropped (an integrator's DC singularity).
const MAX_MAGNITUDE: f64 = 1e6;

/// Grid intervals with an end closer than this to −1 are subdivided.
const NEAR_MINUS_ONE: f64 = 2.0;

/// Into how many log-spaced pieces such an interval is cut.
const SUBDIVISIONS: usize = 10;

/// `nyquist(G)` | `nyquist(G, w)` | `nyquist(G, "pos-only")` plots; `[re, im, w] =
/// nyquist(G)` returns the positive-frequency locus without plotting.
pub(super) fn nyquist(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let g = system_tf("nyquist", args.value(0)?)?;
    let (user_w, mirror) = match args.get(1) {
        None => (None, true),
        Some(Value::Str(s)) if s == "pos-only" => (None, false),
        Some(Value::Str(s)) => {
            return Err(LangError::type_error(format!(
                "nyquist: unknown option \"{s}\" (expected \"pos-only\" or a frequency vector)"
            )));
        }
        Some(Value::Scalar(_)) => {
            return Err(LangError::type_error(
                "nyquist: second arg must be a frequency vector or \"pos-only\"",
            ));
        }
        Some(v) => (Some(frequencies("nyquist", v)?), true),
    };
    let w = match user_w {
        Some(w) => w,
        None => densify_near_minus_one(&g, &auto_grid("nyquist", &g)?),
    };
    let (re, im, w) = finite_locus(&g, &w);
    if re.is_empty() {
        return Err(LangError::runtime(
            "nyquist: locus is empty (all samples filtered as non-finite)",
        ));
    }
    if args.nargout == 0 {
        draw(interp, &re, &im, mirror);
        return Ok(Value::None);
    }
    Ok(Value::tuple(vec![
        Value::row(re),
        Value::row(im),
        Value::row(w),
    ]))
}

/// The locus, the dashed mirror, the −1 marker, axis labels and equal aspect.
fn draw(interp: &mut Interp, re: &[f64], im: &[f64], mirror: bool) {
    let hold = interp.figures.current.hold;
    let locus = Trace::line("L(jω), ω > 0", re.to_vec(), im.to_vec());
    figure::add(interp, locus, "Nyquist Plot");
    interp.figures.current.hold = true;
    if mirror {
        let mut image = Trace::line(
            "ω < 0 (mirror)",
            re.to_vec(),
            im.iter().map(|y| -y).collect(),
        );
        image.style = LineStyle::Dashed;
        figure::add(interp, image, "");
    }
    let mut marker = Trace::line("−1", vec![-1.0], vec![0.0]);
    marker.kind = SeriesKind::Scatter;
    figure::add(interp, marker, "");
    interp.figures.current.hold = hold;
    figure::axes(interp, "Re(L)", "Im(L)").equal_aspect = true;
}

/// The grid refined where the locus passes near −1: each interval with an end within
/// [`NEAR_MINUS_ONE`] of −1 gets log-spaced interior points.
fn densify_near_minus_one(g: &TransferFn, w: &[f64]) -> Vec<f64> {
    let distance: Vec<f64> = w.iter().map(|&wi| (response(g, wi) + 1.0).norm()).collect();
    let mut out = w.to_vec();
    for k in 0..w.len().saturating_sub(1) {
        let (d0, d1) = (distance[k], distance[k + 1]);
        if d0.is_finite() && d1.is_finite() && (d0 < NEAR_MINUS_ONE || d1 < NEAR_MINUS_ONE) {
            let piece = logspace(w[k].max(1e-300), w[k + 1].max(1e-300), SUBDIVISIONS + 1);
            out.extend_from_slice(&piece[1..SUBDIVISIONS]);
        }
    }
    out.sort_by(f64::total_cmp);
    out.dedup_by(|a, b| (*a - *b).abs() < 1e-15 * a.abs().max(1e-12));
    out
}

/// `(re, im, w)` of the samples whose response is finite and at most [`MAX_MAGNITUDE`].
fn finite_locus(g: &TransferFn, w: &[f64]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let (mut re, mut im, mut kept) = (Vec::new(), Vec::new(), Vec::new());
    for &wi in w {
        let h = response(g, wi);
        if h.re.is_finite() && h.im.is_finite() && h.norm() <= MAX_MAGNITUDE {
            re.push(h.re);
            im.push(h.im);
            kept.push(wi);
        }
    }
    (re, im, kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_integrator_loses_its_dc_samples() {
        let g = TransferFn {
            num: vec![1.0],
            den: vec![1.0, 0.0],
        };
        let (re, _, w) = finite_locus(&g, &[0.0, 1e-7, 1.0]);
        assert_eq!((re.len(), w), (1, vec![1.0]));
    }

    #[test]
    fn grids_are_refined_only_near_minus_one() {
        // 0.5/(s+1) stays within distance 2 of -1 everywhere: every interval is refined.
        let g = TransferFn {
            num: vec![0.5],
            den: vec![1.0, 1.0],
        };
        let w = densify_near_minus_one(&g, &[1.0, 10.0]);
        assert_eq!(w.len(), 11);
        assert!((w[1] - 10f64.powf(0.1)).abs() < 1e-12);
        let far = TransferFn {
            num: vec![100.0],
            den: vec![1.0],
        };
        assert_eq!(densify_near_minus_one(&far, &[1.0, 10.0]).len(), 2);
    }
}
