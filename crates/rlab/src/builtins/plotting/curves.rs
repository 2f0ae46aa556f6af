//! Curves beyond `plot`: `stem` (plot's forms drawn as stems), the log-axis line plots
//! `loglog` and `semilogx` (real logarithmic axes: the data keeps its own units, so readouts
//! and tables show real values), `polar` (r·cos θ, r·sin θ with equal axes and a polar
//! grid) and `plotdb` (a frequency response in dB).

use super::lines::{PlotOptions, line_like, parse_options, x_values};
use super::{content_panel, flatten_one_d, push_series};
use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Panel, SeriesKind};
use crate::value::{NumArray, Value};

/// `stem(v)` / `stem(x, v)` with plot's options: one stem per sample.
pub(super) fn stem(interp: &mut Interp, args: Args) -> LangResult<Value> {
    line_like(interp, args, SeriesKind::Stem)
}

/// `loglog(x, y, options...)`: both axes logarithmic; x and y strictly positive.
pub(super) fn loglog(interp: &mut Interp, args: Args) -> LangResult<Value> {
    log_line(interp, args, (true, true))
}

/// `semilogx(x, y, options...)`: a logarithmic x axis; x strictly positive.
pub(super) fn semilogx(interp: &mut Interp, args: Args) -> LangResult<Value> {
    log_line(interp, args, (true, false))
}

/// The real vectors x and y of a two-vector call, and the options after them.
fn two_vectors(args: Args, what: &str) -> LangResult<(Vec<f64>, Vec<f64>, PlotOptions)> {
    args.arity(2, 8)?;
    let name = args.name;
    let mut values = args.values;
    flatten_one_d(&mut values);
    let [Value::Vector(x), Value::Vector(y), rest @ ..] = &values[..] else {
        return Err(LangError::type_error(format!(
            "{name}: {what} must be vectors"
        )));
    };
    if is_complex(x) || is_complex(y) {
        return Err(LangError::type_error(format!(
            "{name}: {what} must be real"
        )));
    }
    let ys = y.to_re_vec();
    let xs = x_values(Some(&Value::Vector(x.clone())), ys.len(), name)?;
    Ok((xs, ys, parse_options(rest)))
}

fn is_complex(a: &NumArray) -> bool {
    a.iter_c().any(|z| z.im != 0.0)
}

/// Refuse a value that is not strictly positive (NaN included) on a log axis.
fn check_positive(name: &str, axis: &str, values: &[f64]) -> LangResult<()> {
    match values.iter().find(|v| v.is_nan() || **v <= 0.0) {
        Some(bad) => Err(LangError::runtime(format!(
            "{name}: {axis} must be strictly positive (got {})",
            display::scalar(*bad)
        ))),
        None => Ok(()),
    }
}

fn log_line(interp: &mut Interp, args: Args, (log_x, log_y): (bool, bool)) -> LangResult<Value> {
    let name = args.name;
    let (xs, ys, opts) = two_vectors(args, "x and y")?;
    if log_x {
        check_positive(name, "x", &xs)?;
    }
    if log_y {
        check_positive(name, "y", &ys)?;
    }
    let panel = content_panel(interp);
    panel.log_x = log_x;
    panel.log_y = log_y;
    add_line(panel, opts, (xs, ys));
    Ok(Value::None)
}

/// The title (unless one is set) and the line of a curve call.
fn add_line(panel: &mut Panel, opts: PlotOptions, data: (Vec<f64>, Vec<f64>)) {
    if let Some(title) = &opts.title
        && panel.title.is_empty()
    {
        panel.title = title.clone();
    }
    let label = opts.label.unwrap_or_else(|| "value".to_string());
    push_series(panel, SeriesKind::Line, label, opts.color, opts.style, data);
}

/// `polar(theta, r, options...)`: the curve (r cos θ, r sin θ), θ in radians, on equal axes
/// with a polar grid.
pub(super) fn polar(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (theta, r, opts) = two_vectors(args, "theta and r")?;
    let (xs, ys) = theta
        .iter()
        .zip(&r)
        .map(|(t, r)| (r * t.cos(), r * t.sin()))
        .unzip();
    let panel = content_panel(interp);
    panel.polar = true;
    panel.equal_aspect = true;
    add_line(panel, opts, (xs, ys));
    Ok(Value::None)
}

/// `plotdb(Hz [, title])`: row 1 of the 2×n matrix is the frequency in Hz, row 2 the complex
/// response; draws 20·log10|H| (−∞ dB where H is zero, which the renderer skips).
pub(super) fn plotdb(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let hz = match args.value(0)? {
        Value::Matrix(a) if a.rows() == 2 => a.clone(),
        other => {
            let shape = other.as_array().map_or(other.type_name().to_string(), |a| {
                format!("{}×{}", a.rows(), a.cols())
            });
            return Err(LangError::runtime(format!(
                "plotdb: expected the 2×n [frequency; response] matrix of freqz or spectrum, got {shape}"
            )));
        }
    };
    let title = match args.get(1) {
        Some(_) => Some(args.str(1)?.to_string()),
        None => None,
    };
    let n = hz.cols();
    let freqs = (0..n).map(|c| hz.get_re(0, c)).collect();
    let db = (0..n).map(|c| 20.0 * hz.get(1, c).norm().log10()).collect();
    let panel = content_panel(interp);
    if panel.xlabel.is_empty() && panel.ylabel.is_empty() {
        panel.xlabel = "Frequency (Hz)".into();
        panel.ylabel = "Magnitude (dB)".into();
    }
    let opts = PlotOptions {
        color: None,
        label: Some("magnitude (dB)".into()),
        style: crate::plot::model::LineStyle::Solid,
        title,
    };
    add_line(panel, opts, (freqs, db));
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn plotdb_draws_the_magnitude_in_decibels() {
        let mut it = interp();
        let hz = Value::matrix_rows(2, 3, vec![0.0, 100.0, 200.0, 1.0, 0.1, 10.0]);
        call(&mut it, "plotdb", vec![hz, s("Response")]).unwrap();
        let p = &it.figures.current.panels[0];
        assert_eq!(p.series[0].x, vec![0.0, 100.0, 200.0]);
        assert_eq!(p.series[0].y, vec![0.0, -20.0, 20.0]);
        assert_eq!(
            (p.title.as_str(), p.xlabel.as_str()),
            ("Response", "Frequency (Hz)")
        );
        let e = err(call(&mut it, "plotdb", vec![row(&[1.0, 2.0])]));
        assert!(
            e.contains("2×n [frequency; response]") && e.contains("1×2"),
            "{e}"
        );
    }

    #[test]
    fn stem_takes_plot_forms() {
        let mut it = interp();
        call(&mut it, "stem", vec![row(&[1.0, 2.0]), s("Impulse")]).unwrap();
        let p = &it.figures.current.panels[0];
        assert_eq!(p.series[0].kind, SeriesKind::Stem);
        assert_eq!(
            (p.series[0].x.clone(), p.title.as_str()),
            (vec![0.0, 1.0], "Impulse")
        );
    }

    #[test]
    fn log_plots_keep_raw_data_and_refuse_non_positive_values() {
        let mut it = interp();
        call(
            &mut it,
            "loglog",
            vec![row(&[1.0, 10.0]), row(&[2.0, 200.0])],
        )
        .unwrap();
        let p = &it.figures.current.panels[0];
        assert!(p.log_x && p.log_y);
        assert_eq!(p.series[0].y, vec![2.0, 200.0]);
        call(
            &mut it,
            "semilogx",
            vec![row(&[1.0, 10.0]), row(&[-2.0, 0.0])],
        )
        .unwrap();
        let p = &it.figures.current.panels[0];
        assert!(p.log_x && !p.log_y);
        assert_eq!(
            err(call(
                &mut it,
                "loglog",
                vec![row(&[1.0, 2.0]), row(&[1.0, 0.0])]
            )),
            "runtime error: loglog: y must be strictly positive (got 0)"
        );
        assert_eq!(
            err(call(
                &mut it,
                "semilogx",
                vec![row(&[0.0, 2.0]), row(&[1.0, 1.0])]
            )),
            "runtime error: semilogx: x must be strictly positive (got 0)"
        );
        call(&mut it, "plot", vec![row(&[1.0])]).unwrap();
        assert!(
            !it.figures.current.panels[0].log_x,
            "plot without hold is linear"
        );
    }

    #[test]
    fn polar_maps_to_cartesian_on_equal_axes() {
        let mut it = interp();
        let half_pi = std::f64::consts::FRAC_PI_2;
        call(
            &mut it,
            "polar",
            vec![row(&[0.0, half_pi]), row(&[2.0, 3.0])],
        )
        .unwrap();
        let p = &it.figures.current.panels[0];
        assert!(p.polar && p.equal_aspect);
        assert_eq!(p.series[0].x[0], 2.0);
        assert!(p.series[0].x[1].abs() < 1e-15 && p.series[0].y[1] == 3.0);
        assert_eq!(
            err(call(&mut it, "polar", vec![s("a"), row(&[1.0])])),
            "type error: polar: theta and r must be vectors"
        );
    }
}
