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
    /// A drawn guide that is not data (a Smith chart's circles and arcs): a line like
    /// `Line`, without readouts, legend entry, data table or record.
    Guide,
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
            SeriesKind::Guide => "guide",
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
    /// The data coordinates of the first and last column and row centres `[x1, xn, y1, ym]`,
    /// learnt from a grid-based overlay of the same shape (`hold on; imagesc(V);
    /// quiver(X, Y, U, V)`); without it cell (r, c) is at x = c, y = r.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extent: Option<[f64; 4]>,
}

/// A picture shown pixel for pixel (`image`): values are channel intensities clamped to
/// `[0, 255]`, never rescaled. One channel runs through `colormap` (0 at its start, 255 at
/// its end; `gray` unless the program named one); three channels (`rgb`) are the red, green
/// and blue of each pixel in turn. Row 1 is drawn at the top, like a heatmap's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Image {
    pub rows: usize,
    pub cols: usize,
    /// `rows×cols` values, or `rows×cols×3` (R, G, B per pixel) when `rgb`; row-major.
    pub values: Vec<f64>,
    pub rgb: bool,
    /// The colormap of a one-channel image (`rgb` for a true-colour one).
    pub colormap: String,
}

impl Image {
    /// Values per pixel: 3 for a true-colour image, else 1.
    pub fn channels(&self) -> usize {
        if self.rgb { 3 } else { 1 }
    }
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
    /// A picture shown pixel for pixel (`image`). Always written: the build cache stores
    /// panels with bincode, which cannot read a struct whose fields are sometimes skipped.
    #[serde(default)]
    pub image: Option<Image>,
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
            image: None,
        }
    }
}

impl Panel {
    /// True when the panel would draw data (series, bands, heatmap, image or surface).
    pub fn has_content(&self) -> bool {
        !self.series.is_empty()
            || self.heatmap.is_some()
            || self.image.is_some()
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

/// An animation `saveanim` made: the frames `frame()` captured, in order, under the name
/// the program gave it (`wave.html`) and its speed in frames per second.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Animation {
    pub name: String,
    pub fps: f64,
    pub frames: Vec<Figure>,
}

impl Animation {
    /// The 0-based indices of at most `max` evenly spaced frames, first and last included:
    /// what a still format shows of the animation.
    pub fn strip(&self, max: usize) -> Vec<usize> {
        let n = self.frames.len();
        let shown = n.min(max);
        match shown {
            0 => Vec::new(),
            1 => vec![0],
            _ => (0..shown)
                .map(|k| (k * (n - 1) + (shown - 1) / 2) / (shown - 1))
                .collect(),
        }
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
    /// The animation frame buffer: figures `frame()` captured since the last `saveanim` or
    /// `figure` (kept across blocks, as rustlab keeps it).
    pub frames: Vec<Figure>,
    /// Animations `saveanim` made during the current block, in order.
    pub animations: Vec<Animation>,
}

impl Default for Figures {
    fn default() -> Self {
        Figures {
            current: Figure::new(1),
            next_id: 2,
            stored: BTreeMap::new(),
            snapshots: Vec::new(),
            default_image_y_up: false,
            frames: Vec::new(),
            animations: Vec::new(),
        }
    }
}

impl Figures {
    /// Before each notebook block: start from an empty figure unless hold is on (spec §1.3).
    pub fn begin_block(&mut self) {
        self.snapshots.clear();
        self.animations.clear();
        if !self.current.hold {
            let id = self.current.id;
            self.current = Figure::new(id);
        }
    }

    /// After a block: the `savefig` snapshots, then the current figure if it has content and
    /// was changed after the last snapshot (a figure saved last is shown once, as
    /// rustlab-notebook shows it).
    pub fn end_block(&mut self) -> Vec<Figure> {
        let mut out = std::mem::take(&mut self.snapshots);
        if self.current.has_content() && out.last() != Some(&self.current) {
            out.push(self.current.clone());
        }
        out
    }

    /// `figure()`: keep the current figure, start a fresh one with the next id (and an empty
    /// frame buffer).
    pub fn new_figure(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.switch_to(id);
        id
    }

    /// `figure(N)`: switch to figure N, creating it if needed; the frame buffer is emptied
    /// (a new animation starts).
    pub fn switch_to(&mut self, id: u32) {
        self.frames.clear();
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
    fn a_strip_spreads_frames_evenly_from_first_to_last() {
        let anim = |n: u32| Animation {
            name: "a.html".into(),
            fps: 10.0,
            frames: (0..n).map(Figure::new).collect(),
        };
        assert_eq!(anim(0).strip(6), Vec::<usize>::new());
        assert_eq!(anim(1).strip(6), vec![0]);
        assert_eq!(anim(4).strip(6), vec![0, 1, 2, 3]);
        assert_eq!(anim(60).strip(6), vec![0, 12, 24, 35, 47, 59]);
        assert_eq!(anim(7).strip(2), vec![0, 6]);
        assert_eq!(anim(7).strip(1), vec![0]);
    }

    #[test]
    fn figure_calls_empty_the_frame_buffer() {
        let mut f = Figures::default();
        f.frames.push(Figure::new(1));
        f.switch_to(1);
        assert!(f.frames.is_empty(), "figure(N) of the current figure too");
        f.frames.push(Figure::new(1));
        f.new_figure();
        assert!(f.frames.is_empty());
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

    #[test]
    fn a_figure_saved_last_is_shown_once() {
        let mut f = Figures::default();
        f.current.panel().series.push(line());
        f.snapshots.push(f.current.clone());
        assert_eq!(f.end_block().len(), 1);
        f.snapshots.push(f.current.clone());
        f.current.panel().title = "changed after savefig".into();
        assert_eq!(f.end_block().len(), 2);
    }
}
