//! Axis scales of 2-D charts: the visible range, tick positions and tick labels, linear or
//! logarithmic.
//!
//! Charts are drawn in "plot space": data values for a linear axis, `log10` of the data for a
//! logarithmic one. A [`Scale`] maps data into plot space, and knows its ticks (decades on a
//! log axis, labelled `10⁻⁶`, `10⁰`, `10³`, with minor ticks at 2…9 × each decade). All
//! arithmetic is plain `f64` and every label is formatted the same way on every run.

use super::numbers::{format_number, nice_step, short_number, superscript};
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use std::ops::Range;

/// Data magnitudes beyond this are clamped before ranges are computed, so spans stay finite.
const HUGE: f64 = 1e300;
/// About this many major ticks on a linear axis.
const LINEAR_TICKS: f64 = 6.0;
/// Minor ticks (2…9 × 10^d) are drawn on log axes spanning at most this many decades.
const MAX_MINOR_DECADES: i64 = 6;
/// At most about this many labelled decades on a log axis.
const MAX_DECADES: i64 = 12;

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
    /// Text labels of the ticks, one per tick (categories, heatmap rows and columns).
    names: Option<Vec<String>>,
}

impl Scale {
    /// A linear scale over the data range `[lo, hi]` (any order; degenerate ranges widened).
    pub fn linear(lo: f64, hi: f64) -> Scale {
        let (lo, hi) = widen(lo.clamp(-HUGE, HUGE), hi.clamp(-HUGE, HUGE));
        let step = nice_step((hi - lo) / LINEAR_TICKS);
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        let ticks = (first..=last).take(100).map(|k| k as f64 * step).collect();
        Scale {
            lo,
            hi,
            log: false,
            ticks,
            minor: Vec::new(),
            step,
            names: None,
        }
    }

    /// A logarithmic scale over the positive data range `[lo, hi]`. With `whole_decades` the
    /// range is widened outward to powers of ten (automatic ranges); explicit limits are kept.
    pub fn log(lo: f64, hi: f64, whole_decades: bool) -> Scale {
        let (mut plo, mut phi) = order(safe_log10(lo), safe_log10(hi));
        if whole_decades {
            plo = plo.floor();
            phi = phi.ceil();
        }
        if phi - plo < 1e-9 {
            plo -= 1.0;
            phi += 1.0;
        }
        let first = plo.ceil() as i64;
        let last = phi.floor() as i64;
        let stride = (nice_step((last - first) as f64 / MAX_DECADES as f64) as i64).max(1);
        let mut ticks: Vec<f64> = (first..=last)
            .filter(|d| d.rem_euclid(stride) == 0)
            .map(|d| d as f64)
            .collect();
        if ticks.len() < 2 {
            ticks = vec![plo, phi];
        }
        let minor = if stride == 1 && last - first <= MAX_MINOR_DECADES {
            minor_decade_ticks(plo, phi)
        } else {
            Vec::new()
        };
        Scale {
            lo: plo,
            hi: phi,
            log: true,
            ticks,
            minor,
            step: 1.0,
            names: None,
        }
    }

    /// A linear scale whose ticks carry text labels (categories, heatmap rows and columns).
    pub fn named(lo: f64, hi: f64, ticks: Vec<(f64, String)>) -> Scale {
        let (lo, hi) = widen(lo, hi);
        let (positions, names) = ticks.into_iter().unzip();
        Scale {
            lo,
            hi,
            log: false,
            ticks: positions,
            minor: Vec::new(),
            step: 1.0,
            names: Some(names),
        }
    }

    /// The plot-space position of a data value, or `None` when it cannot be drawn
    /// (NaN, infinite, or not positive on a log axis).
    pub fn to_plot(&self, value: f64) -> Option<f64> {
        if !value.is_finite() {
            return None;
        }
        if self.log {
            (value > 0.0).then(|| value.log10())
        } else {
            Some(value.clamp(-HUGE, HUGE))
        }
    }

    /// The label of a tick at plot-space position `p`.
    pub fn label(&self, p: f64) -> String {
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
        if (p - decade).abs() < 1e-9 {
            format!("10{}", superscript(decade as i64))
        } else {
            short_number(10f64.powf(p))
        }
    }
}

/// A scale is a plotters coordinate: plot space mapped linearly onto pixels, with its own
/// ticks as bold key points and minor ticks as light ones.
impl Ranged for Scale {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.hi - self.lo;
        let fraction = if span > 0.0 {
            (value - self.lo) / span
        } else {
            0.5
        };
        let pixels = f64::from(limit.1) - f64::from(limit.0);
        (f64::from(limit.0) + fraction * pixels).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.minor.clone()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.lo..self.hi
    }
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

    #[test]
    fn linear_ticks_are_nice_numbers() {
        let s = Scale::linear(0.0, 1.0);
        assert_eq!(s.ticks.len(), 6);
        let labels: Vec<String> = s.ticks.iter().map(|&t| s.label(t)).collect();
        assert_eq!(labels, ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
        let s = Scale::linear(-3.0, 17.0);
        let labels: Vec<String> = s.ticks.iter().map(|&t| s.label(t)).collect();
        assert_eq!(labels, ["0", "5", "10", "15"]);
    }

    #[test]
    fn degenerate_and_non_finite_ranges_are_widened() {
        let s = Scale::linear(2.0, 2.0);
        assert!(s.lo < 2.0 && s.hi > 2.0);
        let s = Scale::linear(0.0, 0.0);
        assert_eq!((s.lo, s.hi), (-1.0, 1.0));
        let s = Scale::linear(f64::NAN, 1.0);
        assert_eq!((s.lo, s.hi), (0.0, 1.0));
        let s = Scale::linear(5.0, 1.0);
        assert_eq!((s.lo, s.hi), (1.0, 5.0));
        let s = Scale::linear(-1e308, 1e308);
        assert!(s.hi.is_finite() && !s.ticks.is_empty());
    }

    #[test]
    fn log_scale_labels_decades() {
        let s = Scale::log(3e-7, 250.0, true);
        assert_eq!((s.lo, s.hi), (-7.0, 3.0));
        let labels: Vec<String> = s.ticks.iter().map(|&t| s.label(t)).collect();
        assert_eq!(labels[0], "10⁻⁷");
        assert!(labels.contains(&"10⁻⁶".to_string()));
        assert!(labels.contains(&"10⁰".to_string()));
        assert_eq!(labels.last().map(String::as_str), Some("10³"));
        assert!(s.minor.is_empty(), "ten decades: no minor ticks");
        assert_eq!(Scale::log(0.02, 50.0, true).minor.len(), 4 * 8);
        assert_eq!(s.to_plot(1000.0), Some(3.0));
        assert_eq!(s.to_plot(0.0), None);
        assert_eq!(s.to_plot(-1.0), None);
    }

    #[test]
    fn log_scale_over_many_decades_thins_ticks() {
        let s = Scale::log(1e-100, 1e100, true);
        assert_eq!(s.ticks.len(), 11, "{:?}", s.ticks);
        assert_eq!(s.label(s.ticks[0]), "10⁻¹⁰⁰");
        assert_eq!(s.ticks[1], -80.0);
        assert!(s.minor.is_empty());
        let single = Scale::log(10.0, 10.0, true);
        assert_eq!((single.lo, single.hi), (0.0, 2.0));
        let explicit = Scale::log(2.0, 5.0, false);
        assert_eq!(explicit.ticks.len(), 2);
        assert_eq!(explicit.label(explicit.ticks[0]), "2");
    }

    #[test]
    fn named_ticks_label_by_position() {
        let s = Scale::named(0.5, 2.5, vec![(1.0, "a".into()), (2.0, "b".into())]);
        assert_eq!(s.label(2.0), "b");
        assert_eq!(s.label(1.5), "");
        assert_eq!(s.ticks, vec![1.0, 2.0]);
    }
}
