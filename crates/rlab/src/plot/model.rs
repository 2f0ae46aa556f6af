//! The figure model (spec §12): what plotting builtins build and what the SVG renderer and
//! the drift record read. A [`Figures`] value belongs to one session: the current figure, the
//! figure-id counter, stored figures switched away from, and the snapshots `savefig` took.
//!
//! Data only: no rendering here (see [`super::svg`]).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a series is drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SeriesKind {
    Line,
    Scatter,
    /// Bars; `group`/`groups` place grouped bars side by side within one x slot.
    Bar {
        group: usize,
        groups: usize,
    },
    /// A stairs outline (histogram).
    Step,
    Stem,
    /// A horizontal reference line (`hline`/`yline`) at the single y value.
    HLine,
    /// One level of a contour plot: polylines through the points at height `level`, each
    /// ended by a NaN point.
    Contour {
        level: f64,
    },
    /// Quiver arrows: for each arrow its base, its tip and a NaN point. The tip is the base
    /// plus `scale` × the field vector (u, v), so readouts can recover (u, v).
    Arrows {
        scale: f64,
    },
    /// Streamlines: polylines in the direction of the flow, each ended by a NaN point.
    Streamline,
}

impl SeriesKind {
    /// The kind's name in the record, the CSV files and the page data: `line`, `bar`, …
    pub fn name(&self) -> &'static str {
        match self {
            SeriesKind::Line => "line",
            SeriesKind::Scatter => "scatter",
            SeriesKind::Bar { .. } => "bar",
            SeriesKind::Step => "step",
            SeriesKind::Stem => "stem",
            SeriesKind::HLine => "hline",
            SeriesKind::Contour { .. } => "contour",
            SeriesKind::Arrows { .. } => "quiver",
            SeriesKind::Streamline => "streamline",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineStyle {
    Solid,
    Dashed,
    Dotted,
}

/// A series colour: chosen automatically from the palette by series index, or given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Color {
    Auto(usize),
    Rgb(u8, u8, u8),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub kind: SeriesKind,
    pub label: String,
    pub color: Color,
    pub style: LineStyle,
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

/// A colour-mapped grid (`imagesc`, `heatmap`): `values` row-major, row 1 drawn at the top.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heatmap {
    pub rows: usize,
    pub cols: usize,
    pub values: Vec<f64>,
    pub xlabels: Option<Vec<String>>,
    pub ylabels: Option<Vec<String>>,
    pub colormap: String,
}

/// A 3-D surface (`surf`): `x`, `y`, `z` are `rows×cols`, row-major.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Surface {
    pub rows: usize,
    pub cols: usize,
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub z: Vec<f64>,
    pub colormap: String,
}

/// Filled contour bands (`contourf`) on a rectilinear grid: `z` is `y.len()×x.len()`,
/// row-major; band k holds the values between `edges[k]` and `edges[k + 1]` and is painted
/// with the colormap at k / (bands − 1). A colour bar shows the edges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bands {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub z: Vec<f64>,
    pub edges: Vec<f64>,
    pub colormap: String,
}

/// One subplot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    pub series: Vec<Series>,
    pub heatmap: Option<Heatmap>,
    pub surface: Option<Surface>,
    pub title: String,
    pub xlabel: String,
    pub ylabel: String,
    pub xlim: Option<(f64, f64)>,
    pub ylim: Option<(f64, f64)>,
    /// Categorical x-axis labels at x = 1..n (`bar(labels, y)`).
    pub categories: Option<Vec<String>>,
    pub grid: bool,
    pub legend: bool,
    /// A logarithmic y axis (`semilogy`, `loglog`).
    pub log_y: bool,
    /// A logarithmic x axis (`semilogx`, `loglog`, `bode`, `rfplot`).
    pub log_x: bool,
    /// One data unit is as long on x as on y (`axis("equal")`, polar and Smith charts).
    pub equal_aspect: bool,
    /// Filled contour bands drawn under the series (`contourf`).
    #[serde(default)]
    pub bands: Option<Bands>,
    /// Draw a polar grid (circles and spokes) instead of the rectangular one (`polar`).
    #[serde(default)]
    pub polar: bool,
    /// Heatmap rows: `Some(true)` puts row 1 at the bottom (`axis("xy")`), `Some(false)` or
    /// `None` at the top (`axis("ij")`, the default).
    #[serde(default)]
    pub image_y_up: Option<bool>,
}

impl Default for Panel {
    fn default() -> Self {
        Panel {
            series: Vec::new(),
            heatmap: None,
            surface: None,
            title: String::new(),
            xlabel: String::new(),
            ylabel: String::new(),
            xlim: None,
            ylim: None,
            categories: None,
            grid: true,
            legend: false,
            log_y: false,
            log_x: false,
            equal_aspect: false,
            bands: None,
            polar: false,
            image_y_up: None,
        }
    }
}

impl Panel {
    /// True when the panel would draw data (series, bands, heatmap or surface).
    pub fn has_content(&self) -> bool {
        !self.series.is_empty()
            || self.heatmap.is_some()
            || self.surface.is_some()
            || self.bands.is_some()
    }
}

/// A figure: a grid of panels, the current panel, the hold flag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    pub id: u32,
    pub rows: usize,
    pub cols: usize,
    pub panels: Vec<Panel>,
    /// Index into `panels` of the panel plotting calls draw into.
    pub current: usize,
    pub hold: bool,
}

impl Figure {
    pub fn new(id: u32) -> Figure {
        Figure {
            id,
            rows: 1,
            cols: 1,
            panels: vec![Panel::default()],
            current: 0,
            hold: false,
        }
    }

    pub fn has_content(&self) -> bool {
        self.panels.iter().any(Panel::has_content)
    }

    pub fn panel(&mut self) -> &mut Panel {
        if self.current >= self.panels.len() {
            self.current = 0;
        }
        if self.panels.is_empty() {
            self.panels.push(Panel::default());
        }
        &mut self.panels[self.current]
    }
}

/// A session's plotting state.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub current: Figure,
    /// The id the next bare `figure()` returns (rustlab: 2 for the first call).
    pub next_id: u32,
    /// Figures switched away from with `figure(N)`, by id.
    pub stored: BTreeMap<u32, Figure>,
    /// Snapshots taken by `savefig` during the current block, in order.
    pub snapshots: Vec<Figure>,
    /// Heatmap rows of new panels run upwards (`set_default_axis("xy")`).
    pub default_image_y_up: bool,
}

impl Default for Figures {
    fn default() -> Self {
        Figures {
            current: Figure::new(1),
            next_id: 2,
            stored: BTreeMap::new(),
            snapshots: Vec::new(),
            default_image_y_up: false,
        }
    }
}

impl Figures {
    /// Before each notebook block: start from an empty figure unless hold is on (spec §1.3).
    pub fn begin_block(&mut self) {
        self.snapshots.clear();
        if !self.current.hold {
            let id = self.current.id;
            self.current = Figure::new(id);
        }
    }

    /// After a block: the `savefig` snapshots, then the current figure if it has content.
    pub fn end_block(&mut self) -> Vec<Figure> {
        let mut out = std::mem::take(&mut self.snapshots);
        if self.current.has_content() {
            out.push(self.current.clone());
        }
        out
    }

    /// `figure()`: keep the current figure, start a fresh one with the next id.
    pub fn new_figure(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.switch_to(id);
        id
    }

    /// `figure(N)`: switch to figure N, creating it if needed.
    pub fn switch_to(&mut self, id: u32) {
        if id == self.current.id {
            return;
        }
        let next = self.stored.remove(&id).unwrap_or_else(|| Figure::new(id));
        let previous = std::mem::replace(&mut self.current, next);
        self.stored.insert(previous.id, previous);
        if id >= self.next_id {
            self.next_id = id + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> Series {
        Series {
            kind: SeriesKind::Line,
            label: "value".into(),
            color: Color::Auto(0),
            style: LineStyle::Solid,
            x: vec![0.0, 1.0],
            y: vec![1.0, 2.0],
        }
    }

    #[test]
    fn figure_ids_start_at_two_and_count_up() {
        let mut f = Figures::default();
        assert_eq!(f.new_figure(), 2);
        assert_eq!(f.new_figure(), 3);
        f.switch_to(10);
        assert_eq!(f.new_figure(), 11);
    }

    #[test]
    fn block_capture_respects_hold() {
        let mut f = Figures::default();
        f.current.panel().series.push(line());
        assert_eq!(f.end_block().len(), 1);
        f.current.hold = true;
        f.begin_block();
        assert!(f.current.has_content(), "hold keeps the figure");
        f.current.hold = false;
        f.begin_block();
        assert!(!f.current.has_content());
        assert!(f.end_block().is_empty());
    }
}
