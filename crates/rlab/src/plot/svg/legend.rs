//! Legends: their size, where they go and how they are drawn.
//!
//! A legend goes in the first corner of the plot area where it covers no data (upper right,
//! upper left, lower right, lower left); when every corner holds data, the caller makes room
//! outside the plot area, on its right. A narrow panel (the narrow layout's, see
//! `super::draw_narrow`) puts it under the plot, in room its panel was given for it. Each entry is `<g class="rlf-key rlf-k<series>">`
//! with a sample of the series (its line style, marker or bar) and its label; the entries'
//! boxes are returned so a page script can make them toggle their series.

use super::frame::{PAD, open_text};
use super::series::{self, Drawn, Sample};
use super::style::{AXIS, LEGEND, MARKER_RADIUS, TICK_SIZE};
use super::text;
use super::view::Rect;
use super::writer::Svg;
use crate::plot::model::Panel;

/// Height of one entry.
const ROW: f64 = 19.0;
/// Width of an entry's sample.
const SAMPLE: f64 = 24.0;
/// Padding inside the legend box.
const INSET: f64 = 7.0;
/// Gap between the legend and the plot area's edges.
pub(crate) const MARGIN: f64 = 8.0;

/// Width and height of the legend of `drawn`, or `None` when no series has an entry.
pub(crate) fn size(drawn: &[Drawn]) -> Option<(f64, f64)> {
    let labels: Vec<&String> = drawn.iter().filter_map(|d| d.legend.as_ref()).collect();
    if labels.is_empty() {
        return None;
    }
    let widest = labels
        .iter()
        .map(|l| text::width(l, TICK_SIZE))
        .fold(0.0, f64::max);
    let w = 2.0 * INSET + SAMPLE + 6.0 + widest;
    let h = 2.0 * INSET + labels.len() as f64 * ROW - 4.0;
    Some((w, h))
}

/// The first corner of `plot` where a legend of `size` covers none of `drawn`'s marks.
pub(crate) fn free_corner(drawn: &[Drawn], plot: &Rect, (w, h): (f64, f64)) -> Option<Rect> {
    if w + 2.0 * MARGIN > plot.w || h + 2.0 * MARGIN > plot.h {
        return None;
    }
    let (left, right) = (plot.x + MARGIN, plot.right() - MARGIN - w);
    let (top, bottom) = (plot.y + MARGIN, plot.bottom() - MARGIN - h);
    [(right, top), (left, top), (right, bottom), (left, bottom)]
        .into_iter()
        .map(|(x, y)| Rect::new(x, y, w, h))
        .find(|spot| !series::covers(drawn, &spot.grown(3.0)))
}

/// The room a narrow panel showing `panel` needs under its plot for the legend (0 for none).
pub(crate) fn room_below(panel: &Panel) -> f64 {
    let xy = panel.surface.is_none() && panel.heatmap.is_none() && panel.image.is_none();
    let entries = (panel.series.iter())
        .filter(|s| panel.legend && !text::clean(&s.label).is_empty())
        .count();
    if !xy || entries == 0 {
        return 0.0;
    }
    2.0 * INSET + entries as f64 * ROW - 4.0 + MARGIN
}

/// The legend's place in the bottom of a narrow panel's `area`, left-aligned with its padding.
pub(crate) fn below(area: &Rect, (w, h): (f64, f64)) -> Rect {
    Rect::new(area.x + PAD, area.bottom() - PAD - h, w, h)
}

/// The legend's place outside `plot`, on its right, top-aligned.
pub(crate) fn outside(plot: &Rect, (w, h): (f64, f64)) -> Rect {
    Rect::new(plot.right() + MARGIN + 4.0, plot.y, w, h)
}

/// Draw the legend of `drawn` in `at`; the box of each entry, by series index.
pub(crate) fn write(svg: &mut Svg, drawn: &[Drawn], at: Rect) -> Vec<(usize, Rect)> {
    svg.open("g", &[("class", "rlf-legend".into())]);
    svg.leaf(
        "rect",
        &[
            ("class", format!("{} {}", LEGEND.class, AXIS.class).into()),
            ("x", at.x.into()),
            ("y", at.y.into()),
            ("width", at.w.into()),
            ("height", at.h.into()),
            ("rx", 3.0.into()),
            ("fill", LEGEND.light.into()),
            ("fill-opacity", 0.92.into()),
            ("stroke", AXIS.light.into()),
        ],
    );
    let mut boxes = Vec::new();
    let entries = drawn
        .iter()
        .filter_map(|d| d.legend.as_ref().map(|l| (d, l)));
    for (row, (d, label)) in entries.enumerate() {
        let y = at.y + INSET + row as f64 * ROW;
        let entry = Rect::new(at.x + 2.0, y - 2.0, at.w - 4.0, ROW);
        write_entry(svg, d, label, (at.x + INSET, y + ROW / 2.0 - 2.0));
        boxes.push((d.index, entry));
    }
    svg.close("g");
    boxes
}

fn write_entry(svg: &mut Svg, d: &Drawn, label: &str, (x, mid): (f64, f64)) {
    let class = match &d.paint.class {
        Some(c) => format!("rlf-key rlf-k{} {c}", d.index),
        None => format!("rlf-key rlf-k{}", d.index),
    };
    svg.open(
        "g",
        &[
            ("class", class.into()),
            ("color", d.paint.color.as_str().into()),
        ],
    );
    match d.sample {
        Sample::Line(st) => {
            let points = [(x, mid), (x + SAMPLE, mid)];
            series::write_line(svg, &points, st);
        }
        Sample::Dot => svg.leaf(
            "circle",
            &[
                ("cx", (x + SAMPLE / 2.0).into()),
                ("cy", mid.into()),
                ("r", MARKER_RADIUS.into()),
                ("fill", "currentColor".into()),
            ],
        ),
        Sample::Box => svg.leaf(
            "rect",
            &[
                ("x", (x + 4.0).into()),
                ("y", (mid - 6.0).into()),
                ("width", (SAMPLE - 8.0).into()),
                ("height", 12.0.into()),
                ("fill", "currentColor".into()),
            ],
        ),
    }
    open_text(svg, "rlf-key-text", TICK_SIZE, "start");
    let baseline = mid + TICK_SIZE * 0.35;
    svg.text(
        "text",
        &[("x", (x + SAMPLE + 6.0).into()), ("y", baseline.into())],
        label,
    );
    svg.close("g");
    svg.close("g");
}
