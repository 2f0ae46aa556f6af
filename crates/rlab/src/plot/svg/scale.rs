//! Axis scales of 2-D charts: the visible range, tick positions and tick labels, linear or
//! logarithmic, and the mapping onto pixels.
//!
//! Charts are drawn in "plot space": data values for a linear axis, `log10` of the data for a
//! logarithmic one. A [`Scale`] maps data into plot space and knows its ticks: nice steps
//! (1, 2 or 5 × 10ⁿ) giving at most [`MAX_TICKS`] (4 to 8 in practice) on a linear axis;
//! decades (thinned by 2, 5, 10… when there are many, labelled `10⁻⁶`) or 1–2–5 values within
//! the decades (labelled plainly) on a log axis, with minor ticks at 2…9 × each decade. All
//! arithmetic is plain `f64` and every label is formatted the same way on every run.

use super::numbers::{format_number, nice_step, short_number, superscript};

/// Data magnitudes beyond this are clamped before ranges are computed, so spans stay finite.
const HUGE: f64 = 1e300;
/// At most this many labelled ticks on an axis.
pub(crate) const MAX_TICKS: usize = 8;
/// Minor ticks (2…9 × 10^d) are drawn on log axes spanning at most this many decades.
const MAX_MINOR_DECADES: f64 = 6.0;
/// Mantissas of labelled ticks within each decade, densest first.
const LOG_MANTISSAS: [&[f64]; 2] = [&[1.0, 2.0, 3.0, 5.0], &[1.0, 2.0, 5.0]];

/// One axis of a chart, in plot space.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scale {
    pub lo: f64,
    pub hi: f64,
    pub log: bool,
    /// Major ticks (labelled), in plot space, ascending.
    pub ticks: Vec<f64>,
    /// Minor ticks (grid lines only), in plot space.
    pub minor: Vec<f64>,
    step: f64,
    /// Labels decades as powers of ten (log axes ticked at decades only).
    decades: bool,
    /// Text labels of the ticks, one per tick (categories, heatmap rows and columns).
    pub names: Option<Vec<String>>,
}

impl Scale {
    /// A linear scale over the data range `[lo, hi]` (any order; degenerate ranges widened)
    /// with at most `max_ticks` ticks.
    pub(crate) fn linear(lo: f64, hi: f64, max_ticks: usize) -> Scale {
        let (lo, hi) = widen(lo.clamp(-HUGE, HUGE), hi.clamp(-HUGE, HUGE));
        let (step, ticks) = linear_ticks(lo, hi, max_ticks.max(2));
        Scale {
            lo,
            hi,
            log: false,
            ticks,
            minor: Vec::new(),
            step,
            decades: false,
            names: None,
        }
    }

    /// A logarithmic scale over the positive data range `[lo, hi]`. With `whole_decades` the
    /// range is widened outward to powers of ten (automatic ranges); explicit limits are kept.
    pub(crate) fn log(lo: f64, hi: f64, whole_decades: bool, max_ticks: usize) -> Scale {
        let (mut plo, mut phi) = order(safe_log10(lo), safe_log10(hi));
        if whole_decades {
            plo = plo.floor();
            phi = phi.ceil();
        }
        if phi - plo < 1e-9 {
            plo -= 1.0;
            phi += 1.0;
        }
        let max_ticks = max_ticks.max(2);
        let mut scale = Scale {
            lo: plo,
            hi: phi,
            log: true,
            ticks: Vec::new(),
            minor: Vec::new(),
            step: 1.0,
            decades: true,
            names: None,
        };
        if let Some(ticks) = mantissa_ticks(plo, phi, max_ticks) {
            scale.decades = false;
            scale.ticks = ticks;
        } else if phi - plo >= 1.0 {
            scale.ticks = decade_ticks(plo, phi, max_ticks);
            if phi - plo <= MAX_MINOR_DECADES && scale.ticks.len() as f64 > phi - plo {
                scale.minor = minor_decade_ticks(plo, phi);
            }
        } else {
            // Less than a decade with too few 1–2–3–5 values: nice linear values.
            let (lo, hi) = (10f64.powf(plo), 10f64.powf(phi));
            let (step, values) = linear_ticks(lo, hi, max_ticks);
            scale.decades = false;
            scale.step = step;
            scale.ticks = values
                .into_iter()
                .filter(|v| *v > 0.0)
                .map(f64::log10)
                .collect();
        }
        scale
    }

    /// A linear scale whose ticks carry text labels (categories, heatmap rows and columns).
    pub(crate) fn named(lo: f64, hi: f64, ticks: Vec<(f64, String)>) -> Scale {
        let (lo, hi) = widen(lo, hi);
        let (positions, names) = ticks.into_iter().unzip();
        Scale {
            lo,
            hi,
            log: false,
            ticks: positions,
            minor: Vec::new(),
            step: 1.0,
            decades: false,
            names: Some(names),
        }
    }

    /// The plot-space position of a data value, or `None` when it cannot be drawn
    /// (NaN, infinite, or not positive on a log axis).
    pub(crate) fn to_plot(&self, value: f64) -> Option<f64> {
        if !value.is_finite() {
            return None;
        }
        if self.log {
            (value > 0.0).then(|| value.log10())
        } else {
            Some(value.clamp(-HUGE, HUGE))
        }
    }

    /// The pixel of plot-space position `p` when the scale spans pixels `a` (at `lo`) to `b`.
    pub(crate) fn px(&self, p: f64, (a, b): (f64, f64)) -> f64 {
        let span = self.hi - self.lo;
        let fraction = if span > 0.0 {
            (p - self.lo) / span
        } else {
            0.5
        };
        a + fraction * (b - a)
    }

    /// The label of a tick at plot-space position `p`.
    pub(crate) fn label(&self, p: f64) -> String {
        if let Some(names) = &self.names {
            let index = self.ticks.iter().position(|&t| (t - p).abs() < 1e-6);
            return index
                .and_then(|i| names.get(i))
                .cloned()
                .unwrap_or_default();
        }
        if !self.log {
            return format_number(p, self.step);
        }
        let decade = p.round();
        if self.decades && (p - decade).abs() < 1e-9 {
            format!("10{}", superscript(decade as i64))
        } else {
            short_number(10f64.powf(p))
        }
    }

    /// Every tick label, in tick order.
    pub(crate) fn labels(&self) -> Vec<String> {
        self.ticks.iter().map(|&t| self.label(t)).collect()
    }
}

/// The step and ticks of a linear axis: the smallest 1–2–5 step giving at most `max` ticks
/// inside `[lo, hi]`.
fn linear_ticks(lo: f64, hi: f64, max: usize) -> (f64, Vec<f64>) {
    let mut step = nice_step((hi - lo) / max as f64 / 2.5);
    for _ in 0..8 {
        let count = (hi / step).floor() - (lo / step).ceil() + 1.0;
        if count <= max as f64 {
            break;
        }
        step = nice_step(step * 1.5);
    }
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    let ticks = (first..=last).take(100).map(|k| k as f64 * step).collect();
    (step, ticks)
}

/// Decades inside `[plo, phi]`, every one or every 2nd, 5th, 10th… so at most `max` remain.
fn decade_ticks(plo: f64, phi: f64, max: usize) -> Vec<f64> {
    let (first, last) = (plo.ceil() as i64, phi.floor() as i64);
    let mut stride = 1i64;
    while (last - first) / stride + 1 > max as i64 {
        stride = nice_step(stride as f64 * 1.5) as i64;
    }
    (first..=last)
        .filter(|d| d.rem_euclid(stride) == 0)
        .map(|d| d as f64)
        .collect()
}

/// The densest set of 1–2–3–5 × 10^d values inside `[plo, phi]` with 4 to `max` ticks and
/// more than decades alone, if any.
fn mantissa_ticks(plo: f64, phi: f64, max: usize) -> Option<Vec<f64>> {
    let decades = (phi.floor() - plo.ceil()) as usize + 1;
    LOG_MANTISSAS.iter().find_map(|mantissas| {
        let mut ticks = Vec::new();
        let mut d = plo.floor() as i64;
        while (d as f64) <= phi && ticks.len() <= max {
            for m in *mantissas {
                let p = d as f64 + m.log10();
                if p >= plo - 1e-9 && p <= phi + 1e-9 {
                    ticks.push(p);
                }
            }
            d += 1;
        }
        (ticks.len() >= 4 && ticks.len() <= max && ticks.len() > decades).then_some(ticks)
    })
}

/// `(lo, hi)` ascending, with an empty or NaN range widened to something drawable.
fn widen(a: f64, b: f64) -> (f64, f64) {
    if !a.is_finite() || !b.is_finite() {
        return (0.0, 1.0);
    }
    let (lo, hi) = order(a, b);
    let magnitude = lo.abs().max(hi.abs());
    if hi - lo > magnitude * 1e-12 && hi - lo > 1e-300 {
        return (lo, hi);
    }
    let pad = if magnitude < 1e-300 {
        1.0
    } else {
        magnitude * 0.1
    };
    (lo - pad, hi + pad)
}

fn order(a: f64, b: f64) -> (f64, f64) {
    if a <= b { (a, b) } else { (b, a) }
}

/// `log10` of a positive value; anything else maps to decade 0.
fn safe_log10(v: f64) -> f64 {
    if v > 0.0 && v.is_finite() {
        v.log10()
    } else {
        0.0
    }
}

/// Minor ticks at 2…9 × 10^d inside `[plo, phi]` (plot space).
fn minor_decade_ticks(plo: f64, phi: f64) -> Vec<f64> {
    let mut minor = Vec::new();
    let mut decade = plo.floor() as i64;
    while (decade as f64) <= phi {
        for k in 2..=9 {
            let p = decade as f64 + f64::from(k).log10();
            if p > plo && p < phi {
                minor.push(p);
            }
        }
        decade += 1;
    }
    minor
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(s: &Scale) -> Vec<String> {
        s.labels()
    }

    #[test]
    fn linear_ticks_are_nice_and_five_to_eight() {
        assert_eq!(
            labels(&Scale::linear(0.0, 1.0, MAX_TICKS)),
            ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]
        );
        assert_eq!(
            labels(&Scale::linear(-3.0, 17.0, MAX_TICKS)),
            ["0", "5", "10", "15"]
        );
        // Lesson 12's histogram: the x axis used to carry only 0 and 5.
        let s = Scale::linear(-3.9, 8.9, MAX_TICKS);
        assert_eq!(labels(&s), ["-2", "0", "2", "4", "6", "8"]);
        for (lo, hi) in [
            (0.0, 24.0),
            (-1.5, 1.5),
            (0.0, 0.37),
            (1e3, 9e3),
            (-7.0, 3.0),
        ] {
            let n = Scale::linear(lo, hi, MAX_TICKS).ticks.len();
            assert!((4..=MAX_TICKS).contains(&n), "{lo}..{hi}: {n} ticks");
        }
        assert!(Scale::linear(0.0, 100.0, 3).ticks.len() <= 3);
    }

    #[test]
    fn degenerate_and_non_finite_ranges_are_widened() {
        let s = Scale::linear(2.0, 2.0, MAX_TICKS);
        assert!(s.lo < 2.0 && s.hi > 2.0);
        let s = Scale::linear(0.0, 0.0, MAX_TICKS);
        assert_eq!((s.lo, s.hi), (-1.0, 1.0));
        let s = Scale::linear(f64::NAN, 1.0, MAX_TICKS);
        assert_eq!((s.lo, s.hi), (0.0, 1.0));
        let s = Scale::linear(5.0, 1.0, MAX_TICKS);
        assert_eq!((s.lo, s.hi), (1.0, 5.0));
        let s = Scale::linear(-1e308, 1e308, MAX_TICKS);
        assert!(s.hi.is_finite() && !s.ticks.is_empty());
    }

    #[test]
    fn log_scales_label_decades_thinned_to_eight() {
        let s = Scale::log(3e-7, 3.2e4, true, MAX_TICKS);
        assert_eq!((s.lo, s.hi), (-7.0, 5.0));
        assert_eq!(labels(&s), ["10⁻⁶", "10⁻⁴", "10⁻²", "10⁰", "10²", "10⁴"]);
        assert!(s.minor.is_empty(), "twelve decades: no minor ticks");
        let s = Scale::log(3e-7, 250.0, true, MAX_TICKS);
        assert_eq!(labels(&s)[0], "10⁻⁶", "eleven decades: every second one");
        assert_eq!(s.to_plot(1000.0), Some(3.0));
        assert_eq!(s.to_plot(0.0), None);
        assert_eq!(s.to_plot(-1.0), None);
        let thin = Scale::log(1e-100, 1e100, true, MAX_TICKS);
        assert!(thin.ticks.len() <= MAX_TICKS, "{:?}", thin.ticks);
        assert_eq!(thin.label(thin.ticks[0]), "10⁻¹⁰⁰");
    }

    #[test]
    fn short_log_ranges_get_one_two_five_ticks() {
        assert_eq!(
            labels(&Scale::log(1.0, 100.0, true, MAX_TICKS)),
            ["1", "2", "5", "10", "20", "50", "100"]
        );
        assert_eq!(
            labels(&Scale::log(1.0, 10.0, true, MAX_TICKS)),
            ["1", "2", "3", "5", "10"]
        );
        let few = Scale::log(0.02, 50.0, true, MAX_TICKS);
        assert_eq!(labels(&few), ["10⁻²", "10⁻¹", "10⁰", "10¹", "10²"]);
        assert_eq!(few.minor.len(), 4 * 8);
        let explicit = Scale::log(2.0, 5.0, false, MAX_TICKS);
        assert_eq!(labels(&explicit), ["2", "2.5", "3", "3.5", "4", "4.5", "5"]);
        let single = Scale::log(10.0, 10.0, true, MAX_TICKS);
        assert_eq!((single.lo, single.hi), (0.0, 2.0));
    }

    #[test]
    fn named_ticks_label_by_position_and_pixels_map_linearly() {
        let s = Scale::named(0.5, 2.5, vec![(1.0, "a".into()), (2.0, "b".into())]);
        assert_eq!(s.label(2.0), "b");
        assert_eq!(s.label(1.5), "");
        assert_eq!(s.ticks, vec![1.0, 2.0]);
        assert_eq!(s.px(0.5, (100.0, 300.0)), 100.0);
        assert_eq!(s.px(2.5, (300.0, 100.0)), 100.0);
        assert_eq!(s.px(1.5, (100.0, 300.0)), 200.0);
    }
}
