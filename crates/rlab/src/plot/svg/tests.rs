//! Rendering tests: well-formed and deterministic SVG for every panel kind, the texts a
//! reader needs (titles, labels, ticks, legends, categories, decades of a log axis), and no
//! panic on NaN/Inf/empty/constant data.

use super::render;
use crate::plot::model::{Color, Figure, Heatmap, LineStyle, Panel, Series, SeriesKind, Surface};

pub(crate) fn series(kind: SeriesKind, x: Vec<f64>, y: Vec<f64>) -> Series {
    Series {
        kind,
        label: "value".into(),
        color: Color::Auto(0),
        style: LineStyle::Solid,
        x,
        y,
    }
}

fn figure_of(panels: Vec<Panel>, rows: usize, cols: usize) -> Figure {
    Figure {
        id: 1,
        rows,
        cols,
        panels,
        current: 0,
        hold: false,
    }
}

/// Two lines (solid and dashed), a dotted one, a labelled reference line and a legend.
pub(crate) fn line_panel() -> Panel {
    let xs: Vec<f64> = (0..50).map(|i| f64::from(i) / 10.0).collect();
    let mut p = Panel::default();
    p.series.push(series(
        SeriesKind::Line,
        xs.clone(),
        xs.iter().map(|x| x.sin()).collect(),
    ));
    let mut dashed = series(
        SeriesKind::Line,
        xs.clone(),
        xs.iter().map(|x| x.cos()).collect(),
    );
    dashed.style = LineStyle::Dashed;
    dashed.color = Color::Rgb(255, 165, 0);
    dashed.label = "cos & co <x>".into();
    p.series.push(dashed);
    let mut dotted = series(
        SeriesKind::Line,
        xs.clone(),
        xs.iter().map(|x| x / 5.0).collect(),
    );
    dotted.style = LineStyle::Dotted;
    p.series.push(dotted);
    let mut reference = series(SeriesKind::HLine, vec![-1e6, 1e6], vec![0.5, 0.5]);
    reference.label = "half".into();
    p.series.push(reference);
    p.title = "Waves".into();
    p.xlabel = "time".into();
    p.ylabel = "amplitude".into();
    p.legend = true;
    p
}

pub(crate) fn log_panel() -> Panel {
    let mut p = Panel::default();
    let xs: Vec<f64> = (0..10).map(f64::from).collect();
    let ys: Vec<f64> = xs.iter().map(|x| 10f64.powf(x - 6.0) * 3.0).collect();
    p.series.push(series(SeriesKind::Line, xs, ys));
    p.log_y = true;
    p.title = "decay".into();
    p
}

pub(crate) fn bar_panel() -> Panel {
    let mut p = Panel::default();
    let kind = |group| SeriesKind::Bar { group, groups: 2 };
    p.series
        .push(series(kind(0), vec![1.0, 2.0, 3.0], vec![0.2, 0.5, 0.3]));
    p.series
        .push(series(kind(1), vec![1.0, 2.0, 3.0], vec![0.4, 0.1, 0.5]));
    p.categories = Some(vec!["water".into(), "safe".into(), "bank".into()]);
    p
}

pub(crate) fn histogram_panel() -> Panel {
    let mut p = Panel::default();
    let centres = vec![-1.5, -0.5, 0.5, 1.5];
    p.series
        .push(series(SeriesKind::Step, centres, vec![2.0, 5.0, 4.0, 1.0]));
    p.title = "Histogram".into();
    p
}

pub(crate) fn heatmap_panel(rows: usize, cols: usize, labelled: bool) -> Panel {
    let names = |n: usize, prefix: &str| (0..n).map(|i| format!("{prefix}{i}")).collect();
    let heatmap = Heatmap {
        rows,
        cols,
        values: (0..rows * cols).map(|v| (v as f64).sin()).collect(),
        xlabels: labelled.then(|| names(cols, "c")),
        ylabels: labelled.then(|| names(rows, "r")),
        colormap: "viridis".into(),
        extent: None,
    };
    Panel {
        heatmap: Some(heatmap),
        title: "Attention".into(),
        ..Panel::default()
    }
}

pub(crate) fn surface_panel(n: usize) -> Panel {
    let mut s = Surface {
        rows: n,
        cols: n,
        x: Vec::new(),
        y: Vec::new(),
        z: Vec::new(),
        colormap: "viridis".into(),
    };
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (
                c as f64 / n as f64 * 4.0 - 2.0,
                r as f64 / n as f64 * 4.0 - 2.0,
            );
            s.x.push(x);
            s.y.push(y);
            s.z.push(x * x + y * y);
        }
    }
    Panel {
        surface: Some(s),
        title: "bowl".into(),
        xlabel: "w".into(),
        ylabel: "b".into(),
        ..Panel::default()
    }
}

/// Every text element of the SVG, after parsing it as XML.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("invalid SVG: {e}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect()
}

fn single(panel: Panel) -> String {
    render(&figure_of(vec![panel], 1, 1))
}

#[test]
fn rendering_is_deterministic_and_well_formed() {
    let fig = figure_of(
        vec![
            line_panel(),
            log_panel(),
            bar_panel(),
            heatmap_panel(4, 5, true),
        ],
        2,
        2,
    );
    let first = render(&fig);
    assert_eq!(first, render(&fig.clone()));
    let t = texts(&first);
    assert!(t.iter().any(|s| s == "Waves"));
    assert!(first.starts_with("<svg"));
    assert!(
        first.contains("width=\"940\" height=\"660\""),
        "2×2 grid size"
    );
}

#[test]
fn line_panels_have_titles_labels_ticks_and_legends() {
    let svg = single(line_panel());
    let t = texts(&svg);
    for expected in [
        "Waves",
        "time",
        "amplitude",
        "cos & co <x>",
        "half",
        "value",
    ] {
        assert!(
            t.iter().any(|s| s == expected),
            "missing {expected:?} in {t:?}"
        );
    }
    assert!(t.iter().any(|s| s == "0.5"), "tick labels: {t:?}");
    assert!(
        svg.contains("#FFFFFF") || svg.contains("#ffffff"),
        "opaque background"
    );
    assert!(svg.contains("width=\"720\" height=\"450\""));
}

#[test]
fn log_axes_are_labelled_in_decades() {
    let t = texts(&single(log_panel()));
    for decade in ["10⁻⁶", "10⁻⁴", "10⁰", "10²"] {
        assert!(t.iter().any(|s| s == decade), "missing {decade} in {t:?}");
    }
}

#[test]
fn categories_heatmap_labels_and_surfaces_appear() {
    let t = texts(&single(bar_panel()));
    assert!(
        ["water", "safe", "bank"]
            .iter()
            .all(|c| t.iter().any(|s| s == c))
    );
    let svg = single(heatmap_panel(3, 4, true));
    let t = texts(&svg);
    assert!(
        ["c0", "c3", "r0", "r2", "Attention"]
            .iter()
            .all(|c| t.iter().any(|s| s == c))
    );
    assert!(svg.matches("<rect").count() >= 12, "cells");
    assert!(svg.contains("<linearGradient"), "colour bar");
    let t = texts(&single(surface_panel(12)));
    assert!(
        t.iter().any(|s| s == "w") && t.iter().any(|s| s == "b"),
        "{t:?}"
    );
    assert!(
        texts(&single(histogram_panel()))
            .iter()
            .any(|s| s == "Histogram")
    );
}

#[test]
fn large_images_stay_small() {
    let svg = single(heatmap_panel(400, 400, false));
    assert!(svg.len() < 3_000_000, "{} bytes", svg.len());
    let svg = single(surface_panel(200));
    assert!(svg.len() < 2_000_000, "{} bytes", svg.len());
}

#[test]
fn awkward_series_render_without_panicking() {
    let (nan, inf) = (f64::NAN, f64::INFINITY);
    let kinds = [
        SeriesKind::Line,
        SeriesKind::Scatter,
        SeriesKind::Bar {
            group: 0,
            groups: 1,
        },
        SeriesKind::Step,
        SeriesKind::Stem,
        SeriesKind::HLine,
    ];
    let datasets = [
        (vec![], vec![]),
        (vec![1.0], vec![2.0]),
        (vec![0.0, 1.0, 2.0], vec![3.0, 3.0, 3.0]),
        (vec![0.0, nan, 2.0, 3.0], vec![1.0, 2.0, inf, -inf]),
        (vec![nan, nan], vec![nan, nan]),
        (vec![-1e308, 1e308], vec![1e308, -1e308]),
        (vec![0.0, 1.0, 2.0], vec![1.0]),
    ];
    for kind in kinds {
        for (x, y) in &datasets {
            for log_y in [false, true] {
                let panel = Panel {
                    series: vec![series(kind.clone(), x.clone(), y.clone())],
                    log_y,
                    legend: true,
                    ..Panel::default()
                };
                texts(&single(panel));
            }
        }
    }
}

#[test]
fn awkward_panels_render_without_panicking() {
    let (nan, inf) = (f64::NAN, f64::INFINITY);
    let mut limits = line_panel();
    limits.xlim = Some((5.0, -5.0));
    limits.ylim = Some((nan, 1.0));
    let weird_text = Panel {
        title: "bad \u{0} \u{7} text\nsecond line".into(),
        ..Panel::default()
    };
    let mut empty_map = heatmap_panel(0, 0, false);
    if let Some(map) = empty_map.heatmap.as_mut() {
        map.values.clear();
    }
    let mut nan_map = heatmap_panel(2, 2, true);
    if let Some(map) = nan_map.heatmap.as_mut() {
        map.values = vec![nan, inf, nan, nan];
        map.xlabels = Some(vec!["only one".into()]);
    }
    let mut nan_surface = surface_panel(3);
    if let Some(s) = nan_surface.surface.as_mut() {
        s.z = vec![nan; 9];
    }
    let cases = [
        limits,
        weird_text,
        Panel::default(),
        empty_map,
        nan_map,
        nan_surface,
        surface_panel(1),
    ];
    for panel in cases {
        texts(&single(panel));
    }
}

#[test]
fn odd_grids_render() {
    let fig = figure_of(vec![line_panel(), histogram_panel(), log_panel()], 3, 1);
    assert!(render(&fig).contains("height=\"990\""));
    let mismatched = figure_of(vec![Panel::default()], 2, 3);
    texts(&render(&mismatched));
    let zero = figure_of(vec![], 0, 0);
    texts(&render(&zero));
}

/// Lines like lesson 12's "Activation magnitude vs. depth": one falls from the upper left
/// corner, one rises to the upper right, one runs across the middle.
fn crossing_lines_panel() -> Panel {
    let xs: Vec<f64> = (0..25).map(f64::from).collect();
    let mut p = Panel {
        log_y: true,
        legend: true,
        ..Panel::default()
    };
    let mut add = |label: &str, f: &dyn Fn(f64) -> f64, color| {
        let mut s = series(
            SeriesKind::Line,
            xs.clone(),
            xs.iter().map(|&x| f(x)).collect(),
        );
        s.label = label.into();
        s.color = color;
        p.series.push(s);
    };
    add("falling", &|x| 6.0 * 0.5f64.powf(x), Color::Rgb(255, 0, 0));
    add("flat", &|x| 6.0 + x / 10.0, Color::Auto(1));
    add("rising", &|x| 6.0 * 1.45f64.powf(x), Color::Auto(2));
    p
}

#[test]
fn the_legend_covers_no_data() {
    for panel in [crossing_lines_panel(), line_panel()] {
        let drawing = super::draw(&figure_of(vec![panel.clone()], 1, 1), "t");
        let view = &drawing.panels[0];
        let plot = super::view::Plot {
            rect: view.rect,
            x: super::xy::x_scale(&panel, 8),
            y: super::xy::y_scale(&panel, 8),
        };
        let legend = view
            .legend
            .iter()
            .map(|(_, r)| *r)
            .reduce(|a, b| super::Rect::new(a.x, a.y, a.w.max(b.w), b.bottom() - a.y))
            .expect("a legend");
        let drawn = super::series::marks(&panel, &plot);
        assert!(!super::series::covers(&drawn, &legend), "{legend:?}");
    }
}

#[test]
fn a_legend_with_no_free_corner_goes_outside_the_plot() {
    let mut p = Panel {
        legend: true,
        ..Panel::default()
    };
    // Noise filling the whole plot area.
    let xs: Vec<f64> = (0..400).map(f64::from).collect();
    let ys: Vec<f64> = xs.iter().map(|x| ((x * 7.3).sin() * 1e4).fract()).collect();
    let mut s = series(SeriesKind::Scatter, xs, ys);
    s.label = "noise".into();
    p.series.push(s);
    let drawing = super::draw(&figure_of(vec![p], 1, 1), "t");
    let view = &drawing.panels[0];
    let (_, entry) = view.legend[0];
    assert!(entry.x > view.rect.right(), "{entry:?} vs {:?}", view.rect);
}

#[test]
fn figures_are_labelled_graphics_with_theme_classes() {
    let drawing = super::draw(&figure_of(vec![crossing_lines_panel()], 1, 1), "b5-1");
    let doc = roxmltree::Document::parse(&drawing.svg).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    assert_eq!(root.attribute("aria-labelledby"), Some("b5-1-t b5-1-d"));
    let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    assert!(
        desc.text()
            .unwrap()
            .contains("Line chart with 3 series: falling; flat; rising")
    );
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert!(ids.iter().all(|id| id.starts_with("b5-1-")), "{ids:?}");
    let class_of = |k: usize| {
        doc.descendants()
            .find(|n| {
                n.attribute("class").is_some_and(|c| {
                    c.contains(&format!("rlf-s{k} ")) || c.ends_with(&format!("rlf-s{k}"))
                })
            })
            .map(|n| {
                (
                    n.attribute("class").unwrap().to_string(),
                    n.attribute("color").unwrap().to_string(),
                )
            })
            .unwrap()
    };
    assert_eq!(
        class_of(0),
        ("rlf-series rlf-s0".into(), "#ff0000".into()),
        "given colours stay"
    );
    assert_eq!(
        class_of(1),
        ("rlf-series rlf-s1 rlf-c1".into(), "#d55e00".into())
    );
    for class in [
        "rlf-bg",
        "rlf-fg",
        "rlf-axis",
        "rlf-grid",
        "rlf-key-bg",
        "rlf-key rlf-k2",
    ] {
        assert!(drawing.svg.contains(class), "missing class {class}");
    }
}

#[test]
fn long_titles_wrap_instead_of_being_clipped() {
    let mut p = line_panel();
    p.title = "A very long title that cannot possibly fit on one line of a small grid panel".into();
    let fig = figure_of(vec![p.clone(), p], 1, 2);
    let t = texts(&render(&fig));
    assert!(
        t.iter()
            .any(|s| s == "A very long title that cannot possibly"),
        "{t:?}"
    );
}

/// The narrow layout: 320 wide, the panels of a 1×2 grid stacked in order, every legend
/// under its plot and inside the document, tick labels at the size the wide drawing has.
#[test]
fn the_narrow_layout_stacks_panels_and_puts_legends_under_their_plots() {
    let fig = figure_of(vec![crossing_lines_panel(), line_panel()], 1, 2);
    let wide = super::draw(&fig, "w");
    let narrow = super::draw_narrow(&fig, "n");
    assert_eq!((wide.width, narrow.width), (940, 320));
    assert_eq!(narrow.panels.len(), 2);
    let [first, second] = [&narrow.panels[0], &narrow.panels[1]];
    assert!(
        second.rect.y > first.rect.bottom(),
        "{first:?} / {second:?}"
    );
    for view in &narrow.panels {
        assert!(
            view.rect.right() < 320.0 && view.rect.w > 200.0,
            "{:?}",
            view.rect
        );
        assert!(!view.legend.is_empty());
        for (_, entry) in &view.legend {
            assert!(entry.y > view.rect.bottom(), "{entry:?} vs {:?}", view.rect);
            assert!(entry.right() <= 320.0 && entry.bottom() <= f64::from(narrow.height));
        }
    }
    assert!(second.legend[0].1.y > first.legend.last().unwrap().1.bottom());
    let tick = format!("font-size=\"{}\"", super::style::TICK_SIZE);
    assert!(narrow.svg.contains(&tick) && wide.svg.contains(&tick));
    assert!(narrow.svg.contains("id=\"n-t\"") && !narrow.svg.contains("id=\"w-t\""));
}

/// One panel without a legend is 320 × 270; the figure's own drawing is untouched.
#[test]
fn a_narrow_single_panel_keeps_its_size_without_a_legend() {
    let mut panel = line_panel();
    panel.legend = false;
    let fig = figure_of(vec![panel], 1, 1);
    let narrow = super::draw_narrow(&fig, "n");
    assert_eq!((narrow.width, narrow.height), (320, 270));
    assert_eq!(super::draw(&fig, "n").width, 720);
}
