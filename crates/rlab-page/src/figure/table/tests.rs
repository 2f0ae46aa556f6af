//! Data tables and CSV: numbers as the record writes them, shared x columns, categories,
//! cut tables pointing to the CSV, quoting, image pixels.

use super::*;
use rlab::plot::model::{Color, Heatmap, LineStyle};

fn series(kind: SeriesKind, label: &str, x: Vec<f64>, y: Vec<f64>) -> Series {
    Series {
        kind,
        label: label.into(),
        color: Color::Auto(0),
        style: LineStyle::Solid,
        x,
        y,
    }
}

fn figure(panels: Vec<Panel>) -> Figure {
    let mut fig = Figure::new(1);
    fig.rows = panels.len();
    fig.panels = panels;
    fig
}

#[test]
fn numbers_keep_every_digit_in_their_shortest_form() {
    assert_eq!(number(6.008513697733318), "6.008513697733318");
    assert_eq!(number(3.0999937929016556e-7), "3.0999937929016556e-7");
    assert_eq!(number(24.0), "24");
    assert_eq!(number(1e21), "1e21");
    assert_eq!(number(f64::NAN), "NaN");
    assert_eq!(number(f64::NEG_INFINITY), "-Inf");
}

#[test]
fn series_sharing_x_share_a_table_and_reference_lines_are_a_sentence() {
    let xs = vec![0.0, 1.0];
    let mut p = Panel {
        xlabel: "layer".into(),
        ..Panel::default()
    };
    p.series
        .push(series(SeriesKind::Line, "a", xs.clone(), vec![1.0, 2.0]));
    p.series
        .push(series(SeriesKind::Line, "b <i>", xs, vec![3.0, 4.0]));
    p.series.push(series(
        SeriesKind::HLine,
        "limit",
        vec![-1e6, 1e6],
        vec![5.5, 5.5],
    ));
    let html = html(&figure(vec![p]), "f.csv");
    assert_eq!(html.matches("<table").count(), 1, "{html}");
    assert!(html.contains("<th>layer</th><th>a</th><th>b &lt;i&gt;</th>"));
    assert!(html.contains("<tr><th>1</th><td>2</td><td>4</td></tr>"));
    assert!(html.contains("Reference lines: limit = 5.5."));
}

#[test]
fn different_x_give_one_table_per_series_and_categories_name_their_rows() {
    let mut p = Panel {
        categories: Some(vec!["cat".into(), "dog".into()]),
        title: "Pets".into(),
        ..Panel::default()
    };
    let bar = SeriesKind::Bar {
        group: 0,
        groups: 1,
    };
    p.series
        .push(series(bar.clone(), "", vec![1.0, 2.0], vec![0.25, 0.75]));
    p.series.push(series(bar, "other", vec![1.0], vec![0.5]));
    let fig = figure(vec![p, Panel::default()]);
    let html = html(&fig, "f.csv");
    assert_eq!(html.matches("<table").count(), 2, "{html}");
    assert!(html.contains("<caption>Panel 1: Pets (series 1)</caption>"));
    assert!(html.contains("<th>dog</th><td>0.75</td>"));
    let csv = csv(&fig);
    assert!(
        csv.contains("1,bar,,dog,0.75,\n") && csv.contains("1,bar,other,cat,0.5,\n"),
        "{csv}"
    );
}

#[test]
fn big_heatmaps_are_cut_in_the_page_but_whole_in_the_csv() {
    let (rows, cols) = (250, 60);
    let map = Heatmap {
        rows,
        cols,
        values: (0..rows * cols).map(|v| v as f64).collect(),
        xlabels: None,
        ylabels: Some((0..rows).map(|r| format!("row, {r}")).collect()),
        colormap: "viridis".into(),
        extent: None,
    };
    let fig = figure(vec![Panel {
        heatmap: Some(map),
        ..Panel::default()
    }]);
    let html = html(&fig, "dir/f.csv");
    assert_eq!(html.matches("<tr>").count(), 1 + MAX_ROWS);
    assert!(html.contains("<a href=\"dir/f.csv\" download>the CSV file</a> has all of it"));
    let csv = csv(&fig);
    assert_eq!(csv.lines().count(), 1 + rows * cols);
    assert!(
        csv.contains("\n1,heatmap,,60,\"row, 249\",14999\n"),
        "quoted labels"
    );
}

#[test]
fn csv_fields_are_quoted_when_needed() {
    assert_eq!(field("a,b"), "\"a,b\"");
    assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(field("plain"), "plain");
}

#[test]
fn quiver_arrows_give_their_field_and_held_series_follow_a_heatmap() {
    let arrows = series(
        SeriesKind::Arrows { scale: 0.5 },
        "E",
        vec![0.0, 1.0, f64::NAN, 1.0, 1.0, f64::NAN],
        vec![0.0, 0.0, f64::NAN, 0.0, -0.5, f64::NAN],
    );
    let p = Panel {
        heatmap: Some(Heatmap {
            rows: 1,
            cols: 2,
            values: vec![3.0, 4.0],
            xlabels: None,
            ylabels: None,
            colormap: "viridis".into(),
            extent: None,
        }),
        series: vec![arrows],
        ..Panel::default()
    };
    let fig = figure(vec![p]);
    let html = html(&fig, "f.csv");
    assert!(html.contains("<th>u</th><th>v</th>"), "{html}");
    assert!(
        html.contains("<th>1</th><td>0</td><td>0</td><td>-1</td>"),
        "{html}"
    );
    let csv = csv(&fig);
    assert!(csv.contains("1,heatmap,,2,1,4\n"), "{csv}");
    assert!(
        csv.contains("1,quiver,E: u,0,0,2\n1,quiver,E: v,0,0,0\n"),
        "{csv}"
    );
    assert!(csv.contains("1,quiver,E: v,1,0,-1\n"), "{csv}");
}

#[test]
fn filled_contours_are_a_grid_of_their_samples() {
    let p = Panel {
        bands: Some(rlab::plot::model::Bands {
            x: vec![0.0, 0.5],
            y: vec![-1.0, 1.0],
            z: vec![1.0, 2.0, 3.0, 4.0],
            edges: vec![0.0, 5.0],
            colormap: "viridis".into(),
        }),
        ..Panel::default()
    };
    let fig = figure(vec![p]);
    let html = html(&fig, "f.csv");
    assert!(html.contains("<th></th><th>0</th><th>0.5</th>"), "{html}");
    assert!(html.contains("<th>1</th><td>3</td><td>4</td>"), "{html}");
    let csv = csv(&fig);
    assert!(
        csv.ends_with("1,contourf,,0,1,3\n1,contourf,,0.5,1,4\n"),
        "{csv}"
    );
}

#[test]
fn image_pixels_are_a_grid_and_true_colour_reads_three_channels() {
    let image = |values: Vec<f64>, rgb: bool| Panel {
        image: Some(rlab::plot::model::Image {
            rows: 1,
            cols: 2,
            values,
            rgb,
            colormap: if rgb { "rgb" } else { "gray" }.into(),
        }),
        ..Panel::default()
    };
    let fig = figure(vec![image(vec![0.0, 255.0], false)]);
    assert!(html(&fig, "f.csv").contains("<th>1</th><td>0</td><td>255</td>"));
    assert!(csv(&fig).ends_with("1,image,,1,1,0\n1,image,,2,1,255\n"));
    let fig = figure(vec![image(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], true)]);
    let table = html(&fig, "f.csv");
    assert!(
        table.contains("<td>1, 2, 3</td><td>4, 5, 6</td>"),
        "{table}"
    );
    let csv = csv(&fig);
    assert!(
        csv.contains("1,image,red,2,1,4\n1,image,green,2,1,5\n1,image,blue,2,1,6\n"),
        "{csv}"
    );
}
