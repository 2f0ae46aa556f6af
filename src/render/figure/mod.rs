//! A figure on a page. The figure is drawn once; the page shows its SVG inline (so the
//! theme's stylesheet reaches it and a reader sees it with scripts off), a collapsed table of
//! its data, links to its files (`<name>.svg`, self-contained, and `<name>.csv`, every
//! value), and the JSON the page's figure script reads to add value readouts, series toggles
//! and zoom ([`data`]). Tables and CSV come from [`table`].

mod data;
pub(crate) mod table;

use crate::markup::escape;
use crate::render::FigureFile;
use crate::render::site::links;
use rlab::Figure;
use rlab::plot::svg::Drawing;

/// The figure renderer (`rlab::plot::svg::draw` in the build; tests pass a stand-in).
pub type DrawFn = fn(&Figure, &str) -> Drawing;

/// Where a figure goes.
pub(crate) struct Place<'a> {
    /// Site path of its SVG file, e.g. `figures/12-x/block-5-1.svg`.
    pub file: String,
    /// Site path of the page showing it.
    pub page: &'a str,
    /// Its id on the page (letters, digits, `-`).
    pub id: String,
    /// Its caption (`Figure 12.3: …`), shown under it and leading its accessible name.
    pub caption: Option<String>,
}

/// The figure's files and the HTML that shows it on its page.
pub(crate) fn embed(draw: DrawFn, fig: &Figure, place: &Place) -> (FigureFile, String) {
    let mut drawing = draw(fig, &place.id);
    let mut caption = String::new();
    if let Some(text) = &place.caption {
        let title = format!("<title id=\"{}-t\">", place.id);
        drawing.svg = drawing
            .svg
            .replacen(&title, &format!("{title}{}. ", escape(text)), 1);
        caption = format!("<figcaption>{}</figcaption>\n", escape(text));
    }
    let csv_path = csv_path(&place.file);
    let (svg_href, csv_href) = (
        links::href(place.page, &place.file),
        links::href(place.page, &csv_path),
    );
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
        "<figure class=\"plot\" id=\"{id}\">\n<div class=\"rlf-view\">\n{svg}</div>\n\
         <div class=\"rlf-bar\">\n{data}<p class=\"rlf-files\">Download \
         <a href=\"{svg_href}\" download>SVG</a> <a href=\"{csv_href}\" download>CSV</a></p>\n\
         </div>\n<script type=\"application/json\" class=\"rlf-json\">{json}</script>\n\
         {caption}</figure>\n",
        id = escape(&place.id),
        svg = drawing.svg,
        svg_href = escape(&svg_href),
        csv_href = escape(&csv_href),
        json = data::json(fig, &drawing),
    );
    let file = FigureFile {
        path: place.file.clone(),
        svg: drawing.svg,
        csv: table::csv(fig),
    };
    (file, html)
}

/// The CSV file beside an SVG file: `a/b.svg` → `a/b.csv`.
pub(crate) fn csv_path(svg: &str) -> String {
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
            page: "x.html",
            id: "rlf1-1".into(),
            caption: None,
        };
        let (file, html) = embed(rlab::plot::svg::draw, &fig, &place);
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
            page: "scripts/a b/demo.html",
            id: "f2-1".into(),
            caption: Some("Figure 2.1: Loss <train>".into()),
        };
        let (file, html) = embed(rlab::plot::svg::draw, &figure(), &place);
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
}
