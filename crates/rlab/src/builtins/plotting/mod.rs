//! Builtins: plotting (spec §12). Each call changes the session's figure model
//! ([`crate::plot::model`]); nothing is drawn here. Split by concept: figure and panel
//! state (`state`), line-like series (`lines`), reference lines (`reflines`), bars and histograms (`bars`), heatmaps and
//! surfaces (`images`), pictures shown pixel for pixel (`pixels`), saving (`savefig`).
//!
//! Shared rules live here: without hold, a call that adds content first clears the current
//! panel's series and title (and any heatmap, surface, bands, categories, log axes and polar
//! look), and
//! 1-row/1-column matrices count as vectors.

mod axes;
mod bars;
mod curves;
mod fields;
mod images;
mod lines;
mod pixels;
mod reflines;
mod savefig;
mod state;
mod vectors;

use super::Builtin;
use crate::eval::Interp;
use crate::plot::model::{Color, LineStyle, Panel, Series, SeriesKind};
use crate::value::{NumArray, Value};

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "figure",
        func: state::figure,
        doc: "figure() | figure(n): start a new figure (returns its id) or switch to figure n",
    },
    Builtin {
        name: "subplot",
        func: state::subplot,
        doc: "subplot(rows, cols, k): select panel k of a rows×cols grid (hold off)",
    },
    Builtin {
        name: "hold",
        func: state::hold,
        doc: "hold(\"on\"|\"off\") | hold on: keep or replace the current panel's content",
    },
    Builtin {
        name: "grid",
        func: state::grid,
        doc: "grid(\"on\"|\"off\") | grid on: show or hide the current panel's grid lines",
    },
    Builtin {
        name: "close",
        func: state::close,
        doc: "close | close all | close(n): discard the current, every, or figure n",
    },
    Builtin {
        name: "clf",
        func: state::clf,
        doc: "clf: clear the current figure",
    },
    Builtin {
        name: "title",
        func: state::title,
        doc: "title(text): set the current panel's title",
    },
    Builtin {
        name: "xlabel",
        func: state::xlabel,
        doc: "xlabel(text): set the current panel's x-axis label",
    },
    Builtin {
        name: "ylabel",
        func: state::ylabel,
        doc: "ylabel(text): set the current panel's y-axis label",
    },
    Builtin {
        name: "xlim",
        func: axes::xlim,
        doc: "xlim([lo, hi]) | xlim(lo, hi): fix the current panel's x range",
    },
    Builtin {
        name: "ylim",
        func: axes::ylim,
        doc: "ylim([lo, hi]) | ylim(lo, hi): fix the current panel's y range",
    },
    Builtin {
        name: "legend",
        func: state::legend,
        doc: "legend() | legend(l1, l2, ...): show the legend, optionally relabelling series",
    },
    Builtin {
        name: "plot",
        func: lines::plot,
        doc: "plot(y) | plot(x, y, \"color\", c, \"label\", l, \"style\", s): line plot",
    },
    Builtin {
        name: "semilogy",
        func: lines::semilogy,
        doc: "semilogy(x, y, options...): line plot on a logarithmic y axis (y > 0)",
    },
    Builtin {
        name: "scatter",
        func: lines::scatter,
        doc: "scatter(x, y[, title]): point markers",
    },
    Builtin {
        name: "hline",
        func: reflines::hline,
        doc: "hline(y[, color[, label]]): dashed horizontal reference line(s)",
    },
    Builtin {
        name: "yline",
        func: reflines::hline,
        doc: "yline(y[, color[, label]]): same as hline",
    },
    Builtin {
        name: "bar",
        func: bars::bar,
        doc: "bar(y) | bar(x, y) | bar(labels, y) | bar(M), optional title: bar chart",
    },
    Builtin {
        name: "histogram",
        func: bars::histogram,
        doc: "histogram(v[, nbins]): histogram; returns [centres; counts]",
    },
    Builtin {
        name: "hist",
        func: bars::histogram,
        doc: "hist(v[, nbins]): same as histogram",
    },
    Builtin {
        name: "imagesc",
        func: images::imagesc,
        doc: "imagesc(M[, colormap]): matrix as a colour image",
    },
    Builtin {
        name: "heatmap",
        func: images::heatmap,
        doc: "heatmap(xlabels, ylabels, M[, title[, colormap]]) | heatmap(M[, title]): |M| as a labelled heatmap",
    },
    Builtin {
        name: "image",
        func: pixels::image,
        doc: "image(M[, colormap]) | image(R, G, B): pixels as they are, clamped to 0..255 (grey, a colormap, or true colour)",
    },
    Builtin {
        name: "surf",
        func: images::surf,
        doc: "surf(X, Y, Z[, colormap]) | surf(Z): 3-D surface",
    },
    Builtin {
        name: "stem",
        func: curves::stem,
        doc: "stem(v) | stem(x, v, options...): stem (lollipop) chart, plot's options",
    },
    Builtin {
        name: "loglog",
        func: curves::loglog,
        doc: "loglog(x, y, options...): line plot on logarithmic x and y axes (x, y > 0)",
    },
    Builtin {
        name: "semilogx",
        func: curves::semilogx,
        doc: "semilogx(x, y, options...): line plot on a logarithmic x axis (x > 0)",
    },
    Builtin {
        name: "polar",
        func: curves::polar,
        doc: "polar(theta, r, options...): polar curve (r cos θ, r sin θ) on equal axes",
    },
    Builtin {
        name: "contour",
        func: fields::contour,
        doc: "contour(Z) | contour(X, Y, Z[, n | levels][, colour | title]): contour lines",
    },
    Builtin {
        name: "contourf",
        func: fields::contourf,
        doc: "contourf(Z) | contourf(X, Y, Z[, n | levels][, title]): filled contours with a colour bar",
    },
    Builtin {
        name: "quiver",
        func: vectors::quiver,
        doc: "quiver(X, Y, U, V, ...) | quiver(U, V): arrows of a vector field (scale, colour, title)",
    },
    Builtin {
        name: "streamplot",
        func: vectors::streamplot,
        doc: "streamplot(X, Y, U, V, ...): streamlines of a vector field (density or N×2 seeds, colour, title)",
    },
    Builtin {
        name: "plotdb",
        func: curves::plotdb,
        doc: "plotdb(Hz) | plotdb(Hz, title): 20·log10|H| against frequency from a 2×n [f; H] matrix",
    },
    Builtin {
        name: "axis",
        func: axes::axis,
        doc: "axis(\"equal\"|\"auto\"|\"xy\"|\"ij\") | axis([xmin, xmax, ymin, ymax]): aspect, heatmap rows, limits",
    },
    Builtin {
        name: "set_default_axis",
        func: axes::set_default_axis,
        doc: "set_default_axis(\"xy\"|\"ij\"): heatmap row direction of new panels and this figure's",
    },
    Builtin {
        name: "savefig",
        func: savefig::savefig,
        doc: "savefig(\"name.svg\"): save the current figure (.svg, or .html wrapping it)",
    },
];

/// The current panel, ready for new content: without hold its series, title, heatmap,
/// image, surface, bands, categories, log axes and polar look are cleared first.
pub(in crate::builtins) fn content_panel(interp: &mut Interp) -> &mut Panel {
    let hold = interp.figures.current.hold;
    let default_up = interp.figures.default_image_y_up;
    let panel = interp.figures.current.panel();
    if panel.image_y_up.is_none() && default_up {
        panel.image_y_up = Some(true);
    }
    if !hold {
        panel.series.clear();
        panel.title.clear();
        panel.heatmap = None;
        panel.image = None;
        panel.surface = None;
        panel.categories = None;
        panel.log_y = false;
        panel.log_x = false;
        panel.bands = None;
        if panel.polar {
            panel.polar = false;
            panel.equal_aspect = false;
        }
    }
    panel
}

/// Append a series; no colour means the automatic colour for its position in the panel.
pub(in crate::builtins) fn push_series(
    panel: &mut Panel,
    kind: SeriesKind,
    label: String,
    color: Option<Color>,
    style: LineStyle,
    (x, y): (Vec<f64>, Vec<f64>),
) {
    let color = color.unwrap_or(Color::Auto(panel.series.len()));
    panel.series.push(Series {
        kind,
        label,
        color,
        style,
        x,
        y,
    });
}

/// Rewrite 1-row and 1-column matrices as vectors (spec §12: they plot like vectors).
fn flatten_one_d(values: &mut [Value]) {
    for v in values.iter_mut() {
        if v.is_one_d_matrix()
            && let Some(a) = v.as_array()
        {
            // Row-major order of a 1-row or 1-column array is its element order.
            *v = Value::vector(a.clone());
        }
    }
}

/// True for a Vector or Matrix.
fn is_array(v: &Value) -> bool {
    matches!(v, Value::Vector(_) | Value::Matrix(_))
}

/// The real parts of a Scalar, Vector or Matrix (row-major), or `None` for other kinds.
fn real_values(v: &Value) -> Option<Vec<f64>> {
    match v {
        Value::Scalar(x) => Some(vec![*x]),
        Value::Vector(a) | Value::Matrix(a) => Some(a.to_re_vec()),
        _ => None,
    }
}

/// Real parts of real data, moduli of complex data (what images and surfaces show).
fn shown_values(a: &NumArray) -> Vec<f64> {
    match a {
        NumArray::Real(_) => a.to_re_vec(),
        NumArray::Complex(c) => c.iter().map(|z| z.norm()).collect(),
    }
}

#[cfg(test)]
pub(super) mod test_support {
    //! A test interpreter and a way to call table entries by name.
    use super::TABLE;
    use crate::builtins::Args;
    use crate::error::LangResult;
    use crate::eval::{Config, Interp};
    use crate::rng::Rng;
    use crate::value::Value;

    pub(crate) fn interp() -> Interp {
        Interp::new(Config::default(), Rng::seeded(0))
    }

    /// Call the plotting builtin `name` through its table entry.
    pub(crate) fn call(interp: &mut Interp, name: &str, values: Vec<Value>) -> LangResult<Value> {
        let entry = TABLE
            .iter()
            .find(|b| b.name == name)
            .unwrap_or_else(|| panic!("no plotting builtin '{name}'"));
        (entry.func)(interp, Args::new(entry.name, values, 1))
    }

    pub(crate) fn s(text: &str) -> Value {
        Value::str(text)
    }

    pub(crate) fn row(data: &[f64]) -> Value {
        Value::row(data.to_vec())
    }

    pub(crate) fn err(result: LangResult<Value>) -> String {
        match result {
            Ok(v) => panic!("expected an error, got {v:?}"),
            Err(e) => e.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;

    #[test]
    fn every_builtin_of_the_brief_is_in_the_table() {
        let names = "figure subplot hold title xlabel ylabel xlim ylim legend plot semilogy bar \
                     scatter histogram hist hline yline imagesc heatmap surf savefig grid close clf";
        for name in names.split_whitespace() {
            assert!(TABLE.iter().any(|b| b.name == name), "missing {name}");
        }
        assert!(TABLE.iter().all(|b| !b.doc.is_empty()));
    }

    #[test]
    fn content_calls_clear_the_panel_unless_hold() {
        let mut it = interp();
        call(&mut it, "plot", vec![row(&[1.0, 2.0])]).unwrap();
        call(&mut it, "title", vec![s("t")]).unwrap();
        let panel = content_panel(&mut it);
        assert!(panel.series.is_empty() && panel.title.is_empty());
        call(&mut it, "plot", vec![row(&[1.0, 2.0])]).unwrap();
        call(&mut it, "title", vec![s("t")]).unwrap();
        it.figures.current.hold = true;
        let panel = content_panel(&mut it);
        assert_eq!((panel.series.len(), panel.title.as_str()), (1, "t"));
    }

    #[test]
    fn one_d_matrices_become_vectors() {
        let mut values = vec![
            Value::matrix_rows(3, 1, vec![1.0, 2.0, 3.0]),
            Value::matrix_rows(1, 2, vec![4.0, 5.0]),
            Value::matrix_rows(2, 2, vec![1.0, 2.0, 3.0, 4.0]),
        ];
        flatten_one_d(&mut values);
        assert_eq!(values[0], row(&[1.0, 2.0, 3.0]));
        assert_eq!(values[1], row(&[4.0, 5.0]));
        assert!(matches!(values[2], Value::Matrix(_)));
        assert!(is_array(&values[2]) && !is_array(&s("x")));
        assert_eq!(real_values(&Value::Scalar(2.0)), Some(vec![2.0]));
        assert_eq!(real_values(&s("x")), None);
    }

    #[test]
    fn images_show_real_parts_or_moduli() {
        use crate::value::C64;
        let real = NumArray::row(vec![-1.0, 2.0]);
        assert_eq!(shown_values(&real), vec![-1.0, 2.0]);
        let complex = NumArray::complex(ndarray::Array2::from_elem((1, 1), C64::new(3.0, 4.0)));
        assert_eq!(shown_values(&complex), vec![5.0]);
        let mut panel = Panel::default();
        push_series(
            &mut panel,
            SeriesKind::Line,
            "a".into(),
            None,
            LineStyle::Solid,
            (vec![], vec![]),
        );
        push_series(
            &mut panel,
            SeriesKind::Line,
            "b".into(),
            None,
            LineStyle::Solid,
            (vec![], vec![]),
        );
        assert_eq!(panel.series[1].color, Color::Auto(1));
    }
}
