//! A figure on a page. The page shows its SVG inline (so the theme's stylesheet reaches it
//! and a reader sees it with scripts off), a collapsed table of its data, links to its files
//! (`<name>.svg`, self-contained, and `<name>.csv`, every value), and the JSON the page's
//! figure script reads to add value readouts, series toggles and zoom ([`data`]). Tables and
//! CSV come from [`table`].
//!
//! The figure is drawn twice: as its file has it (`rlf-wide`) and laid out for a narrow
//! screen (`rlf-narrow`, its panels in one column, 320 pixels wide). The theme shows the one
//! whose text stays legible (at least 11 CSS pixels) at the width the figure has, by a
//! container query on `figure.plot` (thresholds per column count: `rlf-cols2`, `rlf-cols3`
//! for three and more); the narrow drawing's panel geometry is in a second JSON.

pub mod animation;
mod data;
pub mod table;

use crate::FigureFile;
use rlab::Figure;
use rlab::markup::escape;
use rlab::plot::svg::Drawing;

/// The figure renderer (`rlab::plot::svg::draw` in the build; tests pass a stand-in).
pub type DrawFn = fn(&Figure, &str) -> Drawing;

/// The page's two renderers: the figure as its file has it, and laid out for narrow screens.
#[derive(Clone, Copy)]
pub struct Draw {
    pub wide: DrawFn,
    pub narrow: DrawFn,
}

/// rlbook's own SVG renderer.
pub const SVG: Draw = Draw {
    wide: rlab::plot::svg::draw,
    narrow: rlab::plot::svg::draw_narrow,
};

/// Where a figure goes.
pub struct Place<'a> {
    /// Site path of its SVG file, e.g. `figures/12-x/block-5-1.svg`.
    pub file: String,
    /// The link from the page showing it to a site path (rlbook: relative and
    /// percent-encoded; the page's live runs: a placeholder the page script replaces).
    pub link: &'a dyn Fn(&str) -> String,
    /// Its id on the page (letters, digits, `-`).
    pub id: String,
    /// Its caption (`Figure 12.3: …`), shown under it and leading its accessible name.
    pub caption: Option<String>,
}

/// The figure's files and the HTML that shows it on its page.
pub fn embed(draw: Draw, fig: &Figure, place: &Place) -> (FigureFile, String) {
    let mut drawing = (draw.wide)(fig, &place.id);
    let mut narrow = (draw.narrow)(fig, &format!("{}-n", place.id));
    let mut caption = String::new();
    if let Some(text) = &place.caption {
        drawing.svg = with_caption(&drawing.svg, &place.id, text);
        narrow.svg = with_caption(&narrow.svg, &format!("{}-n", place.id), text);
        caption = format!("<figcaption>{}</figcaption>\n", escape(text));
    }
    let csv_path = csv_path(&place.file);
    let (svg_href, csv_href) = ((place.link)(&place.file), (place.link)(&csv_path));
    let tables = table::html(fig, &csv_href);
    let data = if tables.is_empty() {
        String::new()
    } else {
        format!(
            "<details class=\"rlf-data\"><summary>Data</summary>\n<div class=\"rlf-tables\" \
             tabindex=\"0\" role=\"region\" aria-label=\"Data of the figure\">\n{tables}</div>\n\
             </details>\n"
        )
    };
    let html = format!(
        "<figure class=\"plot{cols}\" id=\"{id}\">\n<div class=\"rlf-view rlf-wide\">\n{svg}</div>\n\
         <div class=\"rlf-view rlf-narrow\">\n{narrow}</div>\n\
         <div class=\"rlf-bar\">\n{data}<p class=\"rlf-files\">Download \
         <a href=\"{svg_href}\" download>SVG</a> <a href=\"{csv_href}\" download>CSV</a></p>\n\
         </div>\n<script type=\"application/json\" class=\"rlf-json\">{json}</script>\n\
         <script type=\"application/json\" class=\"rlf-json-narrow\">{views}</script>\n\
         {caption}</figure>\n",
        cols = columns_class(drawing.width),
        id = escape(&place.id),
        svg = drawing.svg,
        narrow = narrow.svg,
        svg_href = escape(&svg_href),
        csv_href = escape(&csv_href),
        json = data::json(fig, &drawing),
        views = data::views_json(&narrow),
    );
    let file = FigureFile {
        path: place.file.clone(),
        svg: drawing.svg,
        csv: table::csv(fig),
    };
    (file, html)
}

/// Figures shown side by side in a grid of `cols` columns (`<!-- grid: N -->`); `figures` is
/// their HTML, one [`embed`] after another.
pub fn grid(cols: usize, figures: &str) -> String {
    format!("<div class=\"figures\" style=\"--cols: {cols}\">\n{figures}</div>\n")
}

/// `svg` (drawn with ids prefixed `id`) with `text` leading its title.
fn with_caption(svg: &str, id: &str, text: &str) -> String {
    let title = format!("<title id=\"{id}-t\">");
    svg.replacen(&title, &format!("{title}{}. ", escape(text)), 1)
}

/// The class of a figure whose own drawing is `width` pixels wide, beyond a single panel's
/// 720 (two columns: 940, three and more: wider): the wider the drawing, the wider the
/// figure must be for it to keep its text legible.
fn columns_class(width: u32) -> &'static str {
    match width {
        0..=720 => "",
        721..=940 => " rlf-cols2",
        _ => " rlf-cols3",
    }
}

/// The CSV file beside an SVG file: `a/b.svg` → `a/b.csv`.
pub fn csv_path(svg: &str) -> String {
    match svg.strip_suffix(".svg") {
        Some(stem) => format!("{stem}.csv"),
        None => format!("{svg}.csv"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rlab::plot::model::{Color, LineStyle, Series, SeriesKind};

    fn figure() -> Figure {
        let mut fig = Figure::new(1);
        fig.panels[0].title = "Loss".into();
        fig.panels[0].series.push(Series {
            kind: SeriesKind::Line,
            label: "train".into(),
            color: Color::Auto(0),
            style: LineStyle::Solid,
            x: vec![0.0, 1.0, 2.0],
            y: vec![3.0, 1.5, 0.25],
        });
        fig
    }

    /// The page budget: the data a figure's script reads is no larger than its SVG, also for
    /// long training curves and dense scatter plots.
    #[test]
    fn long_series_stay_within_the_figure_budget() {
        let mut fig = figure();
        let n = 5000;
        let p = &mut fig.panels[0];
        p.series[0].x = (0..n).map(f64::from).collect();
        p.series[0].y = (0..n)
            .map(|i| 2.0 / (1.0 + f64::from(i)).sqrt() + (f64::from(i) * 1.7).sin() * 0.01)
            .collect();
        let mut scatter = p.series[0].clone();
        scatter.kind = SeriesKind::Scatter;
        scatter.x = (0..n).map(|i| (f64::from(i) * 0.618).fract()).collect();
        p.series.push(scatter);
        let place = Place {
            file: "figures/x/block-1-1.svg".into(),
            link: &|to| format!("../{to}"),
            id: "rlf1-1".into(),
            caption: None,
        };
        let (file, html) = embed(SVG, &fig, &place);
        let json = html.split("class=\"rlf-json\">").nth(1).unwrap();
        assert!(
            json.len() < file.svg.len(),
            "data {} > SVG {}",
            json.len(),
            file.svg.len()
        );
        assert_eq!(
            file.csv.lines().count(),
            1 + 2 * n as usize,
            "the CSV keeps every value"
        );
    }

    #[test]
    fn a_figure_is_inline_svg_with_its_data_files_and_json() {
        let place = Place {
            file: "figures/a b/block-2-1.svg".into(),
            link: &|to| format!("../../{}", to.replace(' ', "%20")),
            id: "f2-1".into(),
            caption: Some("Figure 2.1: Loss <train>".into()),
        };
        let (file, html) = embed(SVG, &figure(), &place);
        assert_eq!(file.path, "figures/a b/block-2-1.svg");
        assert!(file.svg.starts_with("<svg") && html.contains(&file.svg));
        assert!(
            file.csv
                .starts_with("panel,kind,series,x,y,z\n1,line,train,0,3,\n")
        );
        assert!(html.contains("<figure class=\"plot\" id=\"f2-1\">"));
        assert!(
            html.contains("<figcaption>Figure 2.1: Loss &lt;train&gt;</figcaption>\n</figure>")
        );
        assert!(
            file.svg
                .contains("<title id=\"f2-1-t\">Figure 2.1: Loss &lt;train&gt;. ")
        );
        assert!(html.contains("href=\"../../figures/a%20b/block-2-1.csv\" download"));
        assert!(html.contains("<script type=\"application/json\" class=\"rlf-json\">{\"w\":720"));
        assert!(html.contains("<th>2</th><td>0.25</td>"), "{html}");
        assert_eq!(csv_path("x/y.svg"), "x/y.csv");
    }

    /// The page carries the figure's own drawing (the file) and the narrow one, with its
    /// geometry; a two-column grid is marked as such.
    #[test]
    fn a_figure_has_its_own_and_a_narrow_drawing() {
        let place = Place {
            file: "figures/x/block-1-1.svg".into(),
            link: &|to| format!("../{to}"),
            id: "fig-a".into(),
            caption: Some("Figure 1.1: Loss".into()),
        };
        let (file, html) = embed(SVG, &figure(), &place);
        let narrow = rlab::plot::svg::draw_narrow(&figure(), "fig-a-n");
        assert!(html.starts_with(
            "<figure class=\"plot\" id=\"fig-a\">\n<div class=\"rlf-view rlf-wide\">\n<svg"
        ));
        assert!(html.contains(&format!(
            "{}</div>\n<div class=\"rlf-view rlf-narrow\">\n<svg",
            file.svg
        )));
        assert!(html.contains("<title id=\"fig-a-n-t\">Figure 1.1: Loss. "));
        assert!(
            !file.svg.contains("fig-a-n"),
            "the file is the figure's own drawing"
        );
        let json = html.split("class=\"rlf-json-narrow\">").nth(1).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(json.split("</script>").next().unwrap()).unwrap();
        assert_eq!(json["w"], narrow.width);
        let sent = json["panels"][0]["rect"]["w"].as_f64().unwrap();
        assert!((sent - narrow.panels[0].rect.w).abs() < 0.01, "{sent}");
        let mut grid = figure();
        grid.cols = 2;
        grid.panels.push(grid.panels[0].clone());
        let (_, html) = embed(SVG, &grid, &place);
        assert!(html.starts_with("<figure class=\"plot rlf-cols2\" id=\"fig-a\">"));
    }
}
