//! Geometry of a drawn figure: rectangles in SVG pixels, the mapping of a 2-D panel's plot
//! space onto its plot area, and [`PanelView`], what a page script needs to know about each
//! drawn panel (where its plot area is, its axes, where its legend entries are) to read
//! values off it, zoom it and toggle its series.

use super::scale::Scale;
use serde::Serialize;

/// A rectangle in SVG pixels (y grows downwards); serialized to a hundredth of a pixel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Rect {
    #[serde(serialize_with = "hundredths")]
    pub x: f64,
    #[serde(serialize_with = "hundredths")]
    pub y: f64,
    #[serde(serialize_with = "hundredths")]
    pub w: f64,
    #[serde(serialize_with = "hundredths")]
    pub h: f64,
}

fn hundredths<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((v * 100.0).round() / 100.0)
}

impl Rect {
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect {
            x,
            y,
            w: w.max(0.0),
            h: h.max(0.0),
        }
    }

    pub fn right(&self) -> f64 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }

    /// The rectangle grown by `d` on every side.
    pub fn grown(&self, d: f64) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2.0 * d, self.h + 2.0 * d)
    }

    pub fn intersects(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    pub fn contains(&self, (x, y): (f64, f64)) -> bool {
        x >= self.x && x <= self.right() && y >= self.y && y <= self.bottom()
    }
}

/// A 2-D panel's plot area with its two scales: plot space → pixels.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Plot {
    pub rect: Rect,
    pub x: Scale,
    pub y: Scale,
}

impl Plot {
    /// The pixel of a plot-space point.
    pub(super) fn px(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let r = &self.rect;
        (
            self.x.px(x, (r.x, r.right())),
            self.y.px(y, (r.bottom(), r.y)),
        )
    }
}

/// One axis of a panel, as a page script redraws it when zooming.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AxisView {
    pub lo: f64,
    pub hi: f64,
    pub log: bool,
    /// Text labels at plot-space positions (categories, heatmap rows and columns).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<(f64, String)>>,
}

impl AxisView {
    pub(crate) fn of(scale: &Scale) -> AxisView {
        AxisView {
            lo: scale.lo,
            hi: scale.hi,
            log: scale.log,
            names: scale.names.as_ref().map(|names| {
                scale
                    .ticks
                    .iter()
                    .copied()
                    .zip(names.iter().cloned())
                    .collect()
            }),
        }
    }
}

/// What was drawn for one panel.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PanelView {
    /// `xy`, `heatmap`, `surface` or `empty`.
    pub kind: &'static str,
    /// The plot area (for a heatmap: the cells; for a surface: the whole panel).
    pub rect: Rect,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<AxisView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y: Option<AxisView>,
    /// Legend entries: the series index and the entry's box.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legend: Vec<(usize, Rect)>,
    /// A heatmap drawn in averaged blocks of `block`×`block` elements (1: every element).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block: Option<usize>,
    /// Surface grid points drawn, as `[pixel x, pixel y, row, column]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<[f64; 4]>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_meet_and_contain() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(a.intersects(&Rect::new(9.0, 9.0, 5.0, 5.0)));
        assert!(!a.intersects(&Rect::new(10.0, 0.0, 5.0, 5.0)));
        assert!(a.contains((10.0, 0.0)));
        assert_eq!(a.grown(1.0), Rect::new(-1.0, -1.0, 12.0, 12.0));
        assert_eq!(Rect::new(0.0, 0.0, -3.0, 2.0).w, 0.0);
    }

    #[test]
    fn plot_space_maps_with_y_upwards() {
        let plot = Plot {
            rect: Rect::new(100.0, 50.0, 200.0, 100.0),
            x: Scale::linear(0.0, 10.0, 8),
            y: Scale::linear(0.0, 1.0, 8),
        };
        assert_eq!(plot.px((0.0, 0.0)), (100.0, 150.0));
        assert_eq!(plot.px((10.0, 1.0)), (300.0, 50.0));
        let axis = AxisView::of(&Scale::named(0.5, 2.5, vec![(1.0, "a".into())]));
        assert_eq!(axis.names, Some(vec![(1.0, "a".to_string())]));
    }
}
