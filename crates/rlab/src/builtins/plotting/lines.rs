//! Line-like series: `plot`, `semilogy`, `scatter`, and the key/value options they share (`"color"`, `"label"`, `"style"`; a single leftover string is a title).

use super::{content_panel, flatten_one_d, is_array, push_series, real_values};
use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::color::{parse_color, parse_style};
use crate::plot::model::{Color, LineStyle, SeriesKind};
use crate::value::{NumArray, Value};

/// The options after the data arguments.
#[derive(Debug, PartialEq)]
pub(super) struct PlotOptions {
    pub color: Option<Color>,
    pub label: Option<String>,
    pub style: LineStyle,
    pub title: Option<String>,
}

/// Key/value pairs while both are strings and the key is known (case-insensitive); a lone
/// string is a title. Anything else ends the options, as in rustlab.
pub(super) fn parse_options(rest: &[Value]) -> PlotOptions {
    let mut opts = PlotOptions {
        color: None,
        label: None,
        style: LineStyle::Solid,
        title: None,
    };
    if let [Value::Str(title)] = rest {
        opts.title = Some(title.clone());
        return opts;
    }
    for pair in rest.chunks(2) {
        let [Value::Str(key), Value::Str(value)] = pair else {
            break;
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "color" | "colour" => opts.color = parse_color(value),
            "label" => opts.label = Some(value.clone()),
            "style" | "linestyle" => opts.style = parse_style(value),
            _ => break,
        }
    }
    opts
}

/// One series to add: its label, colour (None = automatic) and y values.
type SeriesData = (String, Option<Color>, Vec<f64>);

/// `plot(y, ...)` / `plot(x, y, ...)`: x defaults to 0, 1, ..., n−1; a matrix y gives one
/// series per column (`col1`, ...); complex y gives magnitude and real part.
pub(super) fn plot(interp: &mut Interp, args: Args) -> LangResult<Value> {
    line_like(interp, args, SeriesKind::Line)
}

/// `plot` and `stem`: the same forms and options, drawn as `kind`.
pub(super) fn line_like(interp: &mut Interp, args: Args, kind: SeriesKind) -> LangResult<Value> {
    args.arity(1, 8)?;
    let name = args.name;
    let mut values = args.values;
    flatten_one_d(&mut values);
    let (x, y, rest) = split_data(&values);
    let opts = parse_options(rest);
    let series = y_series(y, &opts, name)?;
    let rows = series.first().map_or(0, |(_, _, ys)| ys.len());
    let xs = x_values(x, rows, name)?;
    let panel = content_panel(interp);
    if let Some(title) = &opts.title
        && panel.title.is_empty()
    {
        panel.title = title.clone();
    }
    for (label, color, ys) in series {
        push_series(
            panel,
            kind.clone(),
            label,
            color,
            opts.style,
            (xs.clone(), ys),
        );
    }
    Ok(Value::None)
}

/// The x argument (when the first two arguments are arrays), the y argument and the rest.
fn split_data(values: &[Value]) -> (Option<&Value>, &Value, &[Value]) {
    match values {
        [x, y, rest @ ..] if is_array(x) && is_array(y) => (Some(x), y, rest),
        [y, rest @ ..] => (None, y, rest),
        [] => (None, &Value::None, &[]),
    }
}

/// The series a y argument makes.
fn y_series(y: &Value, opts: &PlotOptions, name: &str) -> LangResult<Vec<SeriesData>> {
    let label = |default: &str| opts.label.clone().unwrap_or_else(|| default.to_string());
    match y {
        Value::Scalar(v) => Ok(vec![(label("value"), opts.color, vec![*v])]),
        Value::Vector(a) if is_complex(a) => {
            let moduli = a.iter_c().map(num_complex::Complex::norm).collect();
            let blue = opts.color.or(Some(Color::Rgb(0, 0, 255)));
            let green = Some(Color::Rgb(0, 128, 0));
            Ok(vec![
                ("magnitude".to_string(), blue, moduli),
                ("real".to_string(), green, a.to_re_vec()),
            ])
        }
        Value::Vector(a) => Ok(vec![(label("value"), opts.color, a.to_re_vec())]),
        Value::Matrix(a) => Ok((0..a.cols())
            .map(|c| {
                let column = (0..a.rows()).map(|r| a.get_re(r, c)).collect();
                (label(&format!("col{}", c + 1)), opts.color, column)
            })
            .collect()),
        other => Err(LangError::type_error(format!(
            "{name}: cannot plot {}",
            other.type_name()
        ))),
    }
}

/// A vector counts as complex when some imaginary part reaches 1e-10 (rustlab's rule).
fn is_complex(a: &NumArray) -> bool {
    a.iter_c().any(|z| z.im.abs() >= 1e-10)
}

/// The x values: given (same length as y required) or 0, 1, ..., n−1.
pub(super) fn x_values(x: Option<&Value>, n: usize, name: &str) -> LangResult<Vec<f64>> {
    let Some(x) = x else {
        return Ok((0..n).map(|i| i as f64).collect());
    };
    let xs = real_values(x).unwrap_or_default();
    if xs.len() != n {
        return Err(LangError::runtime(format!(
            "{name}: x and y must have the same length ({} vs {n})",
            xs.len()
        )));
    }
    Ok(xs)
}

/// `semilogy(x, y, options...)`: a line on a logarithmic y axis. The raw y values are kept
/// and the panel's axis becomes logarithmic; y must be strictly positive.
pub(super) fn semilogy(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 8)?;
    let mut values = args.values;
    flatten_one_d(&mut values);
    let [Value::Vector(x), Value::Vector(y), rest @ ..] = &values[..] else {
        return Err(LangError::type_error("semilogy: x and y must be vectors"));
    };
    let ys = y.to_re_vec();
    // NaN is not positive either.
    if let Some(bad) = ys.iter().find(|v| v.is_nan() || **v <= 0.0) {
        return Err(LangError::runtime(format!(
            "semilogy: y must be strictly positive (got {})",
            display::scalar(*bad)
        )));
    }
    let opts = parse_options(rest);
    let xs = x_values(Some(&Value::Vector(x.clone())), ys.len(), "semilogy")?;
    let panel = content_panel(interp);
    panel.log_y = true;
    if let Some(title) = &opts.title
        && panel.title.is_empty()
    {
        panel.title = title.clone();
    }
    let label = opts.label.unwrap_or_else(|| "value".to_string());
    push_series(
        panel,
        SeriesKind::Line,
        label,
        opts.color,
        opts.style,
        (xs, ys),
    );
    Ok(Value::None)
}

/// `scatter(x, y[, title])`: point markers.
pub(super) fn scatter(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 3)?;
    let title = match args.get(2) {
        Some(_) => Some(args.str(2)?.to_string()),
        None => None,
    };
    let mut values = args.values;
    flatten_one_d(&mut values);
    let data = match &values[..] {
        [x, y, ..] => real_values(x).zip(real_values(y)),
        _ => None,
    };
    let Some((xs, ys)) = data else {
        return Err(LangError::type_error("scatter: x and y must be vectors"));
    };
    let xs = x_values(Some(&Value::row(xs)), ys.len(), "scatter")?;
    let panel = content_panel(interp);
    if let Some(title) = title {
        panel.title = title;
    }
    let kind = SeriesKind::Scatter;
    push_series(
        panel,
        kind,
        "value".into(),
        None,
        LineStyle::Solid,
        (xs, ys),
    );
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::plot::model::Series;

    fn series(it: &Interp) -> &[Series] {
        &it.figures.current.panels[0].series
    }

    #[test]
    fn options_are_key_value_pairs_or_a_lone_title() {
        let opts = parse_options(&[
            s("Color"),
            s("gray"),
            s("label"),
            s("L"),
            s("style"),
            s("--"),
        ]);
        assert_eq!(opts.color, Some(Color::Rgb(128, 128, 128)));
        assert_eq!(
            (opts.label.as_deref(), opts.style),
            (Some("L"), LineStyle::Dashed)
        );
        assert_eq!(parse_options(&[s("T")]).title.as_deref(), Some("T"));
        let stopped = parse_options(&[s("width"), s("2"), s("label"), s("L")]);
        assert_eq!(stopped.label, None, "an unknown key stops parsing");
        assert_eq!(parse_options(&[s("color"), s("nope")]).color, None);
    }

    #[test]
    fn plot_forms_build_series() {
        let mut it = interp();
        call(
            &mut it,
            "plot",
            vec![row(&[3.0, 4.0]), s("color"), s("red"), s("label"), s("L")],
        )
        .unwrap();
        let line = &series(&it)[0];
        assert_eq!(
            (line.x.clone(), line.y.clone()),
            (vec![0.0, 1.0], vec![3.0, 4.0])
        );
        assert_eq!(
            (line.label.as_str(), line.color),
            ("L", Color::Rgb(255, 0, 0))
        );
        assert_eq!(line.kind, SeriesKind::Line);
        let column = Value::matrix_rows(2, 1, vec![5.0, 6.0]);
        call(
            &mut it,
            "plot",
            vec![row(&[1.0, 2.0]), column, s("My title")],
        )
        .unwrap();
        let line = &series(&it)[0];
        assert_eq!(
            (line.x.clone(), line.y.clone()),
            (vec![1.0, 2.0], vec![5.0, 6.0])
        );
        assert_eq!((line.label.as_str(), line.color), ("value", Color::Auto(0)));
        assert_eq!(it.figures.current.panels[0].title, "My title");
        assert_eq!(series(&it).len(), 1, "no hold: the first line was replaced");
    }

    #[test]
    fn matrix_and_complex_y_give_several_series() {
        let mut it = interp();
        let m = Value::matrix_rows(2, 3, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        call(&mut it, "plot", vec![m]).unwrap();
        let labels: Vec<&str> = series(&it).iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["col1", "col2", "col3"]);
        assert_eq!(series(&it)[1].y, vec![2.0, 5.0]);
        assert_eq!(series(&it)[2].color, Color::Auto(2));
        let z = NumArray::complex(
            ndarray::Array2::from_shape_vec(
                (1, 2),
                vec![
                    crate::value::C64::new(3.0, 4.0),
                    crate::value::C64::new(1.0, 0.0),
                ],
            )
            .unwrap(),
        );
        call(&mut it, "plot", vec![Value::Vector(std::sync::Arc::new(z))]).unwrap();
        let labels: Vec<&str> = series(&it).iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["magnitude", "real"]);
        assert_eq!(series(&it)[0].y, vec![5.0, 1.0]);
        assert_eq!(series(&it)[1].y, vec![3.0, 1.0]);
        call(&mut it, "plot", vec![Value::Scalar(2.0)]).unwrap();
        assert_eq!(
            (series(&it)[0].x.clone(), series(&it)[0].y.clone()),
            (vec![0.0], vec![2.0])
        );
    }

    #[test]
    fn plot_errors_are_clear() {
        let mut it = interp();
        assert_eq!(
            err(call(&mut it, "plot", vec![s("x")])),
            "type error: plot: cannot plot string"
        );
        assert_eq!(
            err(call(
                &mut it,
                "plot",
                vec![row(&[1.0, 2.0, 3.0]), row(&[1.0])]
            )),
            "runtime error: plot: x and y must have the same length (3 vs 1)"
        );
        assert_eq!(
            err(call(&mut it, "plot", vec![])),
            "wrong number of arguments for 'plot': expected 1..8, got 0"
        );
    }

    #[test]
    fn semilogy_keeps_raw_y_on_a_log_axis() {
        let mut it = interp();
        let args = vec![
            row(&[0.0, 1.0]),
            row(&[1e-6, 10.0]),
            s("style"),
            s("dashed"),
        ];
        call(&mut it, "semilogy", args).unwrap();
        let panel = &it.figures.current.panels[0];
        assert!(panel.log_y);
        assert_eq!(panel.series[0].y, vec![1e-6, 10.0]);
        assert_eq!(panel.series[0].style, LineStyle::Dashed);
        assert_eq!(
            err(call(
                &mut it,
                "semilogy",
                vec![row(&[0.0, 1.0]), row(&[1.0, 0.0])]
            )),
            "runtime error: semilogy: y must be strictly positive (got 0)"
        );
        assert_eq!(
            err(call(
                &mut it,
                "semilogy",
                vec![row(&[0.0]), row(&[f64::NAN])]
            )),
            "runtime error: semilogy: y must be strictly positive (got NaN)"
        );
        assert_eq!(
            err(call(&mut it, "semilogy", vec![s("x"), row(&[1.0])])),
            "type error: semilogy: x and y must be vectors"
        );
        call(&mut it, "plot", vec![row(&[1.0])]).unwrap();
        assert!(
            !it.figures.current.panels[0].log_y,
            "a new plot without hold is linear"
        );
    }

    #[test]
    fn scatter_makes_markers_with_an_optional_title() {
        let mut it = interp();
        call(
            &mut it,
            "scatter",
            vec![row(&[1.0, 2.0]), row(&[3.0, 4.0]), s("S")],
        )
        .unwrap();
        let panel = &it.figures.current.panels[0];
        assert_eq!(
            (panel.series[0].kind.clone(), panel.title.as_str()),
            (SeriesKind::Scatter, "S")
        );
        assert_eq!(
            err(call(&mut it, "scatter", vec![s("a"), row(&[1.0])])),
            "type error: scatter: x and y must be vectors"
        );
        assert!(
            call(
                &mut it,
                "scatter",
                vec![row(&[1.0]), row(&[1.0]), Value::Scalar(1.0)]
            )
            .is_err()
        );
    }
}
