//! Axis controls of the current panel: `xlim` and `ylim` (`[lo, hi]` or `lo, hi`), `axis`
//! (`"equal"`, `"auto"`, `"xy"`, `"ij"`, or `[xmin, xmax, ymin, ymax]`) and
//! `set_default_axis` (the heatmap row direction of new panels, also applied to the current
//! figure's panels, as rustlab does).

use super::real_values;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

pub(super) fn xlim(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let limits = limits(&args)?;
    interp.figures.current.panel().xlim = Some(limits);
    Ok(Value::None)
}

pub(super) fn ylim(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let limits = limits(&args)?;
    interp.figures.current.panel().ylim = Some(limits);
    Ok(Value::None)
}

/// `[lo, hi]` (the first two elements of a vector) or two scalars.
fn limits(args: &Args) -> LangResult<(f64, f64)> {
    args.arity(1, 2)?;
    let numbers = match (args.get(0), args.get(1)) {
        (Some(Value::Scalar(lo)), Some(Value::Scalar(hi))) => Some(vec![*lo, *hi]),
        (Some(v @ (Value::Vector(_) | Value::Matrix(_))), None) => real_values(v),
        _ => None,
    };
    match numbers.as_deref() {
        Some([lo, hi, ..]) => Ok((*lo, *hi)),
        _ => Err(LangError::type_error(format!(
            "{}: expected [lo, hi] or lo, hi",
            args.name
        ))),
    }
}

/// `axis("equal" | "auto" | "xy" | "ij")` or `axis([xmin, xmax, ymin, ymax])`.
pub(super) fn axis(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let panel = interp.figures.current.panel();
    match args.value(0)? {
        Value::Str(mode) => match mode.trim().to_ascii_lowercase().as_str() {
            "equal" => panel.equal_aspect = true,
            "auto" => panel.equal_aspect = false,
            "xy" => panel.image_y_up = Some(true),
            "ij" => panel.image_y_up = Some(false),
            _ => {
                return Err(LangError::runtime(format!(
                    "axis: unknown mode \"{mode}\" (expected \"equal\", \"auto\", \"xy\", \"ij\" or [xmin, xmax, ymin, ymax])"
                )));
            }
        },
        v @ (Value::Vector(_) | Value::Matrix(_)) => match real_values(v).as_deref() {
            Some(&[x0, x1, y0, y1]) => {
                panel.xlim = Some((x0, x1));
                panel.ylim = Some((y0, y1));
            }
            _ => {
                return Err(LangError::runtime(
                    "axis: limits must be [xmin, xmax, ymin, ymax]",
                ));
            }
        },
        other => {
            return Err(LangError::type_error(format!(
                "axis: expected a mode string or [xmin, xmax, ymin, ymax], got {}",
                other.type_name()
            )));
        }
    }
    Ok(Value::None)
}

/// `set_default_axis("xy" | "ij")`: the row direction of heatmaps in panels made from now on
/// and in the current figure's panels.
pub(super) fn set_default_axis(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let up = match args.str(0)?.trim().to_ascii_lowercase().as_str() {
        "xy" => true,
        "ij" => false,
        other => {
            return Err(LangError::runtime(format!(
                "set_default_axis: expected \"xy\" or \"ij\", got \"{other}\""
            )));
        }
    };
    interp.figures.default_image_y_up = up;
    for panel in &mut interp.figures.current.panels {
        panel.image_y_up = Some(up);
    }
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn limits_take_a_vector_or_two_scalars() {
        let mut it = interp();
        call(
            &mut it,
            "xlim",
            vec![Value::Scalar(0.0), Value::Scalar(1000.0)],
        )
        .unwrap();
        call(&mut it, "ylim", vec![row(&[-60.0, 5.0])]).unwrap();
        let p = &it.figures.current.panels[0];
        assert_eq!((p.xlim, p.ylim), (Some((0.0, 1000.0)), Some((-60.0, 5.0))));
        let e = err(call(&mut it, "xlim", vec![s("a"), s("b")]));
        assert_eq!(e, "type error: xlim: expected [lo, hi] or lo, hi");
    }

    #[test]
    fn axis_sets_aspect_orientation_and_limits() {
        let mut it = interp();
        call(&mut it, "axis", vec![s("equal")]).unwrap();
        call(&mut it, "axis", vec![s("xy")]).unwrap();
        call(&mut it, "axis", vec![row(&[0.0, 1.0, -2.0, 2.0])]).unwrap();
        let p = &it.figures.current.panels[0];
        assert!(p.equal_aspect);
        assert_eq!(p.image_y_up, Some(true));
        assert_eq!((p.xlim, p.ylim), (Some((0.0, 1.0)), Some((-2.0, 2.0))));
        call(&mut it, "axis", vec![s("auto")]).unwrap();
        call(&mut it, "axis", vec![s("ij")]).unwrap();
        let p = &it.figures.current.panels[0];
        assert!(!p.equal_aspect);
        assert_eq!(p.image_y_up, Some(false));
        assert!(err(call(&mut it, "axis", vec![s("square")])).contains("unknown mode"));
        assert!(err(call(&mut it, "axis", vec![row(&[1.0, 2.0])])).contains("[xmin, xmax"));
    }

    #[test]
    fn the_default_applies_to_the_current_figure_and_new_heatmaps() {
        let mut it = interp();
        call(&mut it, "set_default_axis", vec![s("xy")]).unwrap();
        assert_eq!(it.figures.current.panels[0].image_y_up, Some(true));
        call(&mut it, "figure", vec![]).unwrap();
        let m = Value::matrix_rows(2, 2, vec![1.0, 2.0, 3.0, 4.0]);
        call(&mut it, "imagesc", vec![m]).unwrap();
        assert_eq!(it.figures.current.panels[0].image_y_up, Some(true));
        let e = err(call(&mut it, "set_default_axis", vec![s("up")]));
        assert!(e.contains("expected \"xy\" or \"ij\""), "{e}");
    }
}
