//! Bars and histograms: `bar` (plain, with x positions, categorical labels, grouped for a
//! matrix; optional title) and `histogram`/`hist` with rustlab's binning arithmetic, which
//! also return the `2×nbins` matrix of bin centres and counts.

use super::{content_panel, flatten_one_d, push_series, real_values};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::limits;
use crate::plot::model::{LineStyle, SeriesKind};
use crate::value::Value;

/// `bar(y)`, `bar(x, y)`, `bar(labels, y)`, `bar(M)`, each with an optional trailing title.
pub(super) fn bar(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    let mut values = args.values;
    flatten_one_d(&mut values);
    let (data, title) = match values.split_last() {
        Some((Value::Str(t), data)) if !data.is_empty() => (data, Some(t.clone())),
        _ => (&values[..], None),
    };
    let (x, y) = match data {
        [y] => (None, y),
        [x, y] => (Some(x), y),
        _ => {
            return Err(LangError::type_error(
                "bar: expected bar(y), bar(x, y) or bar(labels, y), with an optional title",
            ));
        }
    };
    let columns = bar_columns(y)?;
    let n = columns.first().map_or(0, |(_, ys)| ys.len());
    let (xs, categories) = bar_positions(x, n)?;
    let panel = content_panel(interp);
    if categories.is_some() {
        panel.categories = categories;
    }
    if let Some(title) = title {
        panel.title = title;
    }
    let groups = columns.len();
    for (group, (label, ys)) in columns.into_iter().enumerate() {
        let kind = SeriesKind::Bar { group, groups };
        push_series(panel, kind, label, None, LineStyle::Solid, (xs.clone(), ys));
    }
    Ok(Value::None)
}

/// The bar heights: one series for a vector or scalar, one per column of a matrix.
fn bar_columns(y: &Value) -> LangResult<Vec<(String, Vec<f64>)>> {
    match y {
        Value::Matrix(a) => Ok((0..a.cols())
            .map(|c| {
                let column = (0..a.rows()).map(|r| a.get_re(r, c)).collect();
                (format!("col{}", c + 1), column)
            })
            .collect()),
        other => match real_values(other) {
            Some(ys) => Ok(vec![("value".to_string(), ys)]),
            None => Err(LangError::type_error(format!(
                "bar: expected numbers, got {}",
                other.type_name()
            ))),
        },
    }
}

/// The x positions of `n` bars and the categorical labels, if the x argument has them.
fn bar_positions(x: Option<&Value>, n: usize) -> LangResult<(Vec<f64>, Option<Vec<String>>)> {
    match x {
        None => Ok(((0..n).map(|i| i as f64).collect(), None)),
        Some(Value::StrArray(labels)) => {
            if labels.len() != n {
                return Err(LangError::runtime(format!(
                    "bar: {} labels for {n} bars",
                    labels.len()
                )));
            }
            let xs = (1..=n).map(|i| i as f64).collect();
            Ok((xs, Some(labels.to_vec())))
        }
        Some(x) => match real_values(x) {
            Some(xs) if xs.len() == n => Ok((xs, None)),
            Some(xs) => Err(LangError::runtime(format!(
                "bar: x and y must have the same length ({} vs {n})",
                xs.len()
            ))),
            None => Err(LangError::type_error(format!(
                "bar: x must be numbers or a string array, got {}",
                x.type_name()
            ))),
        },
    }
}

/// `histogram(v[, nbins])`: bins the data, draws the step outline and returns
/// `[centres; counts]` as a `2×nbins` Matrix.
pub(super) fn histogram(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let data = histogram_data(args.value(0)?, args.name)?;
    let nbins = match args.get(1) {
        Some(_) => args.size(1)?,
        None => 10,
    };
    if nbins == 0 {
        return Err(LangError::runtime(format!(
            "{}: number of bins must be at least 1",
            args.name
        )));
    }
    limits::check_real(2, nbins)?;
    let (centres, counts) = bin(&data, nbins);
    let panel = content_panel(interp);
    let series = (centres.clone(), counts.clone());
    push_series(
        panel,
        SeriesKind::Step,
        "count".into(),
        None,
        LineStyle::Solid,
        series,
    );
    for (field, text) in [
        (&mut panel.xlabel, "Value"),
        (&mut panel.ylabel, "Count"),
        (&mut panel.title, "Histogram"),
    ] {
        if field.is_empty() {
            *field = text.to_string();
        }
    }
    let mut matrix = centres;
    matrix.extend(counts);
    Ok(Value::matrix_rows(2, nbins, matrix))
}

/// The data of a histogram: a Scalar, a Vector or an N×1 Matrix (a 1×N Matrix is rejected,
/// as in rustlab).
fn histogram_data(value: &Value, name: &str) -> LangResult<Vec<f64>> {
    let data = match value {
        Value::Scalar(_) | Value::Vector(_) => real_values(value),
        Value::Matrix(a) if a.cols() == 1 => real_values(value),
        Value::Matrix(a) => {
            return Err(LangError::type_error(format!(
                "{name}: data must be a vector or a column, got a {}×{} matrix",
                a.rows(),
                a.cols()
            )));
        }
        other => {
            return Err(LangError::type_error(format!(
                "{name}: expected a vector, got {}",
                other.type_name()
            )));
        }
    };
    match data {
        Some(d) if !d.is_empty() => Ok(d),
        _ => Err(LangError::runtime(format!("{name}: data is empty"))),
    }
}

/// rustlab's binning: width = (max − min)/nbins (1 when the range is below 1e-300); value x
/// goes to bin ⌊(x − min)/width⌋ clamped to the last bin; centre k = min + (k + ½)·width.
fn bin(data: &[f64], nbins: usize) -> (Vec<f64>, Vec<f64>) {
    let min = data.iter().copied().fold(f64::INFINITY, f64::min);
    let max = data.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let range = max - min;
    let width = if range < 1e-300 {
        1.0
    } else {
        range / nbins as f64
    };
    let mut counts = vec![0.0; nbins];
    let last = nbins.saturating_sub(1);
    for &x in data {
        // `as usize` saturates: NaN and negatives land in bin 0, +inf in the last bin.
        let k = (((x - min) / width).floor() as usize).min(last);
        if let Some(count) = counts.get_mut(k) {
            *count += 1.0;
        }
    }
    let centres = (0..nbins).map(|k| min + (k as f64 + 0.5) * width).collect();
    (centres, counts)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use std::sync::Arc;

    #[test]
    fn histogram_bins_a_hand_computed_case() {
        let mut it = interp();
        let data = row(&[0.0, 1.0, 1.5, 2.0, 4.0]);
        let m = call(&mut it, "histogram", vec![data, Value::Scalar(4.0)]).unwrap();
        // min 0, max 4, width 1: bins [0,1) [1,2) [2,3) [3,4]; 4 clamps to the last bin.
        let expected = vec![0.5, 1.5, 2.5, 3.5, 1.0, 2.0, 1.0, 1.0];
        assert_eq!(m, Value::matrix_rows(2, 4, expected));
        let panel = &it.figures.current.panels[0];
        assert_eq!(panel.series[0].kind, SeriesKind::Step);
        assert_eq!(panel.series[0].label, "count");
        let texts = (
            panel.xlabel.as_str(),
            panel.ylabel.as_str(),
            panel.title.as_str(),
        );
        assert_eq!(texts, ("Value", "Count", "Histogram"));
    }

    #[test]
    fn histogram_defaults_and_constant_data() {
        let (centres, counts) = bin(&[3.0, 3.0], 10);
        assert_eq!(counts[0], 2.0);
        assert_eq!(centres[0], 3.5);
        assert_eq!(centres[9], 12.5);
        let (_, counts) = bin(&[f64::NAN, 1.0, f64::INFINITY], 3);
        assert_eq!(counts.iter().sum::<f64>(), 3.0);
        let mut it = interp();
        let column = Value::matrix_rows(3, 1, vec![1.0, 2.0, 3.0]);
        let m = call(&mut it, "hist", vec![column]).unwrap();
        assert_eq!(m.as_array().unwrap().shape(), (2, 10));
    }

    #[test]
    fn histogram_rejects_bad_input() {
        let mut it = interp();
        let wide = Value::matrix_rows(1, 3, vec![1.0, 2.0, 3.0]);
        assert_eq!(
            err(call(&mut it, "histogram", vec![wide])),
            "type error: histogram: data must be a vector or a column, got a 1×3 matrix"
        );
        assert_eq!(
            err(call(
                &mut it,
                "histogram",
                vec![row(&[1.0]), Value::Scalar(0.0)]
            )),
            "runtime error: histogram: number of bins must be at least 1"
        );
        assert_eq!(
            err(call(&mut it, "histogram", vec![row(&[])])),
            "runtime error: histogram: data is empty"
        );
        assert_eq!(
            err(call(&mut it, "hist", vec![s("x")])),
            "type error: hist: expected a vector, got string"
        );
        let huge = vec![row(&[1.0]), Value::Scalar(1e15)];
        assert!(err(call(&mut it, "histogram", huge)).starts_with("limit exceeded"));
    }

    #[test]
    fn bar_forms() {
        let mut it = interp();
        call(&mut it, "bar", vec![row(&[2.0, 3.0]), s("T")]).unwrap();
        let panel = &it.figures.current.panels[0];
        assert_eq!(
            (panel.series[0].x.clone(), panel.title.as_str()),
            (vec![0.0, 1.0], "T")
        );
        let labels = Value::StrArray(Arc::new(vec!["a".into(), "b".into()]));
        call(&mut it, "bar", vec![labels, row(&[2.0, 3.0])]).unwrap();
        let panel = &it.figures.current.panels[0];
        assert_eq!(panel.series[0].x, vec![1.0, 2.0]);
        assert_eq!(
            panel.categories.as_deref(),
            Some(&["a".to_string(), "b".to_string()][..])
        );
        assert!(panel.title.is_empty());
        call(&mut it, "bar", vec![row(&[5.0, 6.0]), row(&[2.0, 3.0])]).unwrap();
        let panel = &it.figures.current.panels[0];
        assert_eq!(
            (panel.series[0].x.clone(), panel.categories.clone()),
            (vec![5.0, 6.0], None)
        );
    }

    #[test]
    fn a_matrix_gives_grouped_bars() {
        let mut it = interp();
        let m = Value::matrix_rows(2, 3, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        call(&mut it, "bar", vec![m]).unwrap();
        let series = &it.figures.current.panels[0].series;
        assert_eq!(series.len(), 3);
        assert_eq!(
            series[2].kind,
            SeriesKind::Bar {
                group: 2,
                groups: 3
            }
        );
        assert_eq!(
            (series[2].x.clone(), series[2].y.clone()),
            (vec![0.0, 1.0], vec![3.0, 6.0])
        );
        assert_eq!(series[0].label, "col1");
    }

    #[test]
    fn bar_errors() {
        let mut it = interp();
        let labels = Value::StrArray(Arc::new(vec!["a".into()]));
        assert_eq!(
            err(call(&mut it, "bar", vec![labels, row(&[2.0, 3.0])])),
            "runtime error: bar: 1 labels for 2 bars"
        );
        assert_eq!(
            err(call(&mut it, "bar", vec![s("a")])),
            "type error: bar: expected numbers, got string"
        );
        assert!(call(&mut it, "bar", vec![row(&[1.0]), row(&[1.0]), row(&[1.0])]).is_err());
        assert!(call(&mut it, "bar", vec![Value::Bool(true), row(&[1.0])]).is_err());
        assert!(call(&mut it, "bar", vec![row(&[1.0, 2.0]), row(&[1.0])]).is_err());
    }
}
