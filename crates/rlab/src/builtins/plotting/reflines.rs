//! Horizontal reference lines: `hline(y[, color[, label]])` and its alias `yline`, with
//! positional (not key/value) arguments as in rustlab.

use super::{content_panel, push_series, real_values};
use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::color::parse_color;
use crate::plot::model::{LineStyle, SeriesKind};
use crate::value::Value;

/// `hline(y[, color[, label]])` (= `yline`): one dashed horizontal line per y value, spanning
/// the current series' x range ±10 % (±1e6 on an empty panel). Default label `y=<value>`.
pub(super) fn hline(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    let levels = match args.value(0)? {
        v @ (Value::Scalar(_) | Value::Vector(_)) => real_values(v).unwrap_or_default(),
        v if v.is_one_d_matrix() => real_values(v).unwrap_or_default(),
        other => {
            return Err(LangError::type_error(format!(
                "{}: expected scalar or vector, got {}",
                args.name,
                other.type_name()
            )));
        }
    };
    let color = match args.get(1) {
        Some(_) => parse_color(args.str(1)?),
        None => None,
    };
    let label = match args.get(2) {
        Some(_) => args.str(2)?.to_string(),
        None => String::new(),
    };
    let span = x_span(interp);
    let panel = content_panel(interp);
    for level in levels {
        let text = if label.is_empty() {
            format!("y={}", display::scalar(level))
        } else {
            label.clone()
        };
        let data = (vec![span.0, span.1], vec![level, level]);
        push_series(
            panel,
            SeriesKind::HLine,
            text,
            color,
            LineStyle::Dashed,
            data,
        );
    }
    Ok(Value::None)
}

/// The x range of the current panel's series widened by 10 %, or ±1e6 when it has none.
fn x_span(interp: &mut Interp) -> (f64, f64) {
    let panel = interp.figures.current.panel();
    if panel.series.is_empty() {
        return (-1e6, 1e6);
    }
    let xs = panel.series.iter().flat_map(|s| s.x.iter().copied());
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    let margin = (hi - lo).abs() * 0.1;
    (lo - margin, hi + margin)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::plot::model::{Color, LineStyle, SeriesKind};
    use crate::value::Value;

    #[test]
    fn hlines_are_dashed_and_span_the_data() {
        let mut it = interp();
        call(&mut it, "hline", vec![Value::Scalar(0.5)]).unwrap();
        let line = &it.figures.current.panels[0].series[0];
        assert_eq!(
            (line.x.clone(), line.label.as_str()),
            (vec![-1e6, 1e6], "y=0.5")
        );
        call(&mut it, "hold", vec![s("on")]).unwrap();
        call(&mut it, "plot", vec![row(&[0.0, 10.0]), row(&[1.0, 2.0])]).unwrap();
        call(
            &mut it,
            "yline",
            vec![row(&[1.0, 2.0]), s("gray"), s("ref")],
        )
        .unwrap();
        let added = &it.figures.current.panels[0].series[2..];
        assert_eq!(added.len(), 2);
        assert_eq!(added[0].kind, SeriesKind::HLine);
        assert_eq!(
            (added[1].y.clone(), added[1].label.as_str()),
            (vec![2.0, 2.0], "ref")
        );
        assert_eq!(added[0].style, LineStyle::Dashed);
        assert_eq!(added[0].color, Color::Rgb(128, 128, 128));
        assert_eq!(
            err(call(&mut it, "hline", vec![s("a")])),
            "type error: hline: expected scalar or vector, got string"
        );
    }
}
