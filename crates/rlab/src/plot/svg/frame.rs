//! The frame of a panel with axes (2-D charts and heatmaps): the room its title, axis
//! labels and tick labels take around the plot area, and drawing them with the grid lines
//! and tick marks.
//!
//! Each axis is drawn into groups a page script can redraw when zooming: `rlf-gx`/`rlf-gy`
//! (grid lines), `rlf-mx`/`rlf-my` (minor grid lines), `rlf-tx`/`rlf-ty` (tick marks) and
//! `rlf-lx`/`rlf-ly` (tick labels), each also carrying its colour role's class.

use super::scale::Scale;
use super::style::{self, AXIS, GRID_MAJOR, GRID_MINOR, LABEL_SIZE, Role, TEXT, TICK_SIZE};
use super::text::{self, Fitted};
use super::view::{Plot, Rect};
use super::writer::{Attr, Svg};

/// Padding between a panel's edge and what it holds.
pub(crate) const PAD: f64 = 10.0;
/// Length of a tick mark.
const TICK_LEN: f64 = 5.0;
/// Line height as a multiple of the font size.
const LEADING: f64 = 1.25;

/// The cleaned texts of a panel's frame.
pub(crate) struct Texts {
    pub title: Fitted,
    pub xlabel: String,
    pub ylabel: String,
}

impl Texts {
    /// The panel's title fitted to the panel's width, and its axis labels.
    pub(super) fn of(panel: &crate::plot::model::Panel, area: Rect) -> Texts {
        Texts {
            title: text::fit(
                &text::clean(&panel.title),
                style::TITLE_SIZE,
                area.w - 2.0 * PAD,
            ),
            xlabel: text::clean(&panel.xlabel),
            ylabel: text::clean(&panel.ylabel),
        }
    }

    /// Room above the plot area.
    pub(super) fn top(&self) -> f64 {
        if self.title.lines.iter().all(std::string::String::is_empty) {
            return PAD + 4.0;
        }
        PAD + self.title.lines.len() as f64 * self.title.size * LEADING + 8.0
    }

    /// Room below the plot area, for tick labels `tick_height` tall and the x label.
    pub(super) fn bottom(&self, tick_height: f64) -> f64 {
        let label = if self.xlabel.is_empty() {
            0.0
        } else {
            LABEL_SIZE * LEADING + 4.0
        };
        TICK_LEN + 4.0 + tick_height + label + PAD
    }

    /// Room left of the plot area, for tick labels as wide as the widest of `labels`.
    pub(super) fn left(&self, labels: &[String]) -> f64 {
        let widest = labels
            .iter()
            .map(|l| text::width(l, TICK_SIZE))
            .fold(0.0, f64::max);
        let label = if self.ylabel.is_empty() {
            0.0
        } else {
            LABEL_SIZE * LEADING + 4.0
        };
        PAD + label + widest + TICK_LEN + 4.0
    }
}

/// How the axes of a panel are drawn.
pub(crate) struct AxesStyle {
    pub grid: bool,
    /// X tick labels turned 45° (long heatmap column names).
    pub slanted_x: bool,
}

/// The title, centred over `area`.
pub(crate) fn draw_title(svg: &mut Svg, area: Rect, title: &Fitted) {
    let centre = area.x + area.w / 2.0;
    let mut baseline = area.y + PAD + title.size * 0.9;
    open_role(svg, TEXT, &[("class", "rlf-fg rlf-title".into())]);
    for line in title.lines.iter().filter(|l| !l.is_empty()) {
        svg.text(
            "text",
            &[
                ("x", centre.into()),
                ("y", baseline.into()),
                ("text-anchor", "middle".into()),
                ("font-size", title.size.into()),
            ],
            line,
        );
        baseline += title.size * LEADING;
    }
    svg.close("g");
}

/// Grid lines, axis lines, tick marks, tick labels and axis labels of `plot` in `area`.
pub(crate) fn draw_axes(svg: &mut Svg, plot: &Plot, area: Rect, texts: &Texts, how: &AxesStyle) {
    let r = plot.rect;
    if how.grid {
        let minor_y: Vec<f64> = plot.y.minor.clone();
        grid(svg, "rlf-gy", GRID_MAJOR, &horizontal(plot, &plot.y.ticks));
        grid(svg, "rlf-my", GRID_MINOR, &horizontal(plot, &minor_y));
        grid(svg, "rlf-gx", GRID_MAJOR, &vertical(plot, &plot.x.ticks));
        if !plot.x.minor.is_empty() {
            grid(svg, "rlf-mx", GRID_MINOR, &vertical(plot, &plot.x.minor));
        }
    }
    open_role(svg, AXIS, &[("class", "rlf-axis rlf-frame".into())]);
    let frame = format!(
        "M{} {}V{}H{}",
        super::writer::num(r.x),
        super::writer::num(r.y),
        super::writer::num(r.bottom()),
        super::writer::num(r.right())
    );
    svg.leaf("path", &[("d", frame.into()), ("fill", "none".into())]);
    svg.close("g");
    tick_marks(svg, plot);
    tick_labels(svg, plot, how.slanted_x);
    axis_labels(svg, plot, area, texts);
}

fn horizontal(plot: &Plot, ticks: &[f64]) -> Vec<[f64; 4]> {
    let r = plot.rect;
    ticks
        .iter()
        .map(|&t| {
            let y = plot.y.px(t, (r.bottom(), r.y));
            [r.x, y, r.right(), y]
        })
        .collect()
}

fn vertical(plot: &Plot, ticks: &[f64]) -> Vec<[f64; 4]> {
    let r = plot.rect;
    ticks
        .iter()
        .map(|&t| {
            let x = plot.x.px(t, (r.x, r.right()));
            [x, r.y, x, r.bottom()]
        })
        .collect()
}

fn grid(svg: &mut Svg, class: &str, role: Role, lines: &[[f64; 4]]) {
    open_role(
        svg,
        role,
        &[("class", format!("{} {class}", role.class).into())],
    );
    for l in lines {
        line(svg, *l);
    }
    svg.close("g");
}

fn tick_marks(svg: &mut Svg, plot: &Plot) {
    let r = plot.rect;
    let xs: Vec<[f64; 4]> = vertical(plot, &plot.x.ticks)
        .into_iter()
        .map(|[x, ..]| [x, r.bottom(), x, r.bottom() + TICK_LEN])
        .collect();
    let ys: Vec<[f64; 4]> = horizontal(plot, &plot.y.ticks)
        .into_iter()
        .map(|[_, y, ..]| [r.x - TICK_LEN, y, r.x, y])
        .collect();
    grid(svg, "rlf-tx", AXIS, &xs);
    grid(svg, "rlf-ty", AXIS, &ys);
}

fn tick_labels(svg: &mut Svg, plot: &Plot, slanted_x: bool) {
    let r = plot.rect;
    let y = r.bottom() + TICK_LEN + 3.0 + TICK_SIZE * 0.8;
    open_text(svg, "rlf-lx", TICK_SIZE, "middle");
    for (&t, label) in plot.x.ticks.iter().zip(plot.x.labels()) {
        let x = plot.x.px(t, (r.x, r.right()));
        if slanted_x {
            let turn = format!(
                "rotate(-45 {} {})",
                super::writer::num(x),
                super::writer::num(y)
            );
            let attrs = [
                ("x", x.into()),
                ("y", y.into()),
                ("text-anchor", Attr::Str("end")),
                ("transform", turn.into()),
            ];
            svg.text("text", &attrs, &label);
        } else {
            svg.text("text", &[("x", x.into()), ("y", y.into())], &label);
        }
    }
    svg.close("g");
    open_text(svg, "rlf-ly", TICK_SIZE, "end");
    for (&t, label) in plot.y.ticks.iter().zip(plot.y.labels()) {
        let y = plot.y.px(t, (r.bottom(), r.y)) + TICK_SIZE * 0.35;
        let x = r.x - TICK_LEN - 3.0;
        svg.text("text", &[("x", x.into()), ("y", y.into())], &label);
    }
    svg.close("g");
}

/// Tick marks and labels of `plot.y` on the right edge of `plot.rect` (a colour bar).
pub(crate) fn side_ticks(svg: &mut Svg, plot: &Plot) {
    let x = plot.rect.right();
    let marks: Vec<[f64; 4]> = horizontal(plot, &plot.y.ticks)
        .into_iter()
        .map(|[_, y, ..]| [x, y, x + TICK_LEN, y])
        .collect();
    grid(svg, "rlf-tb", AXIS, &marks);
    open_text(svg, "rlf-lb", TICK_SIZE, "start");
    for (&t, label) in plot.y.ticks.iter().zip(plot.y.labels()) {
        let y = plot.y.px(t, (plot.rect.bottom(), plot.rect.y)) + TICK_SIZE * 0.35;
        let at = [("x", (x + TICK_LEN + 3.0).into()), ("y", y.into())];
        svg.text("text", &at, &label);
    }
    svg.close("g");
}

fn axis_labels(svg: &mut Svg, plot: &Plot, area: Rect, texts: &Texts) {
    let r = plot.rect;
    open_text(svg, "rlf-label", LABEL_SIZE, "middle");
    if !texts.xlabel.is_empty() {
        let y = area.bottom() - PAD - LABEL_SIZE * 0.25;
        let at = [("x", (r.x + r.w / 2.0).into()), ("y", y.into())];
        svg.text("text", &at, &texts.xlabel);
    }
    if !texts.ylabel.is_empty() {
        // Whole pixels: turned text between pixels is drawn blurred.
        let (x, y) = (
            (area.x + PAD + LABEL_SIZE * 0.8).round(),
            (r.y + r.h / 2.0).round(),
        );
        let turn = format!(
            "rotate(-90 {} {})",
            super::writer::num(x),
            super::writer::num(y)
        );
        let at = [("x", x.into()), ("y", y.into()), ("transform", turn.into())];
        svg.text("text", &at, &texts.ylabel);
    }
    svg.close("g");
}

/// Height the x tick labels of `scale` take (slanted labels need their width's 70 %).
pub(crate) fn x_tick_height(scale: &Scale, slanted: bool) -> f64 {
    if !slanted {
        return TICK_SIZE;
    }
    let widest = scale
        .labels()
        .iter()
        .map(|l| text::width(l, TICK_SIZE))
        .fold(0.0, f64::max);
    widest * 0.71 + TICK_SIZE * 0.7
}

/// The largest number of x ticks whose labels fit side by side in `room` pixels.
pub(crate) fn fitting_x_ticks(room: f64, make: impl Fn(usize) -> Scale) -> Scale {
    let mut max = super::scale::MAX_TICKS;
    loop {
        let scale = make(max);
        let widest = scale
            .labels()
            .iter()
            .map(|l| text::width(l, TICK_SIZE))
            .fold(0.0, f64::max);
        let needed = scale.ticks.len() as f64 * (widest + 12.0);
        if needed <= room || max <= 2 {
            return scale;
        }
        max -= 1;
    }
}

/// `<g>` with the colour of `role` as presentation attribute (`stroke` for lines, `fill`
/// for text and areas) plus `attrs`.
pub(crate) fn open_role(svg: &mut Svg, role: Role, attrs: &[(&str, Attr)]) {
    let mut all: Vec<(&str, Attr)> = vec![(role.paint, role.light.into())];
    all.extend(attrs.iter().cloned());
    svg.open("g", &all);
}

/// `<g>` of text in the text colour: `class` (besides the role's), `size` pixels, anchored
/// at `anchor` (`start`, `middle`, `end`).
pub(crate) fn open_text(svg: &mut Svg, class: &str, size: f64, anchor: &str) {
    open_role(
        svg,
        TEXT,
        &[
            ("class", format!("{} {class}", TEXT.class).into()),
            ("font-size", size.into()),
            ("text-anchor", Attr::Str(anchor)),
        ],
    );
}

pub(crate) fn line(svg: &mut Svg, [x1, y1, x2, y2]: [f64; 4]) {
    svg.leaf(
        "line",
        &[
            ("x1", x1.into()),
            ("y1", y1.into()),
            ("x2", x2.into()),
            ("y2", y2.into()),
        ],
    );
}
