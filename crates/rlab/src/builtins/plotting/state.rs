//! Figure and panel state builtins: `figure`, `subplot`, `hold`, `grid`, `close`, `clf`,
//! `title`, `xlabel`, `ylabel`, `legend` (axis ranges and orientation: `axes`). Keyword commands (`hold on`,
//! `grid off`, `close all`, `clf`) arrive here as calls with string arguments.

use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Figure, Panel};
use crate::value::Value;

/// The largest subplot grid, in each direction.
const MAX_GRID: usize = 16;

/// `figure()` → a new figure with the next id; `figure(N)` → switch to (or create) figure N.
pub(super) fn figure(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    let Some(arg) = args.get(0) else {
        let id = interp.figures.new_figure();
        return Ok(Value::Scalar(f64::from(id)));
    };
    let Value::Scalar(n) = arg else {
        return Err(LangError::type_error(format!(
            "figure: expected a figure number, got {}",
            arg.type_name()
        )));
    };
    if !(n.fract() == 0.0 && *n >= 1.0 && *n < f64::from(u32::MAX)) {
        return Err(LangError::runtime(format!(
            "figure: figure number must be a positive integer, got {}",
            display::scalar(*n)
        )));
    }
    let id = *n as u32;
    interp.figures.switch_to(id);
    Ok(Value::Scalar(f64::from(id)))
}

/// `subplot(r, c, k)`: a new grid recreates every panel; k is clamped; hold goes off.
pub(super) fn subplot(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let (rows, cols, k) = (args.size(0)?, args.size(1)?, args.size(2)?);
    if rows == 0 || cols == 0 {
        return Err(LangError::runtime(
            "subplot: rows and columns must be at least 1",
        ));
    }
    if rows > MAX_GRID || cols > MAX_GRID {
        return Err(LangError::limit(format!(
            "subplot: grids of at most {MAX_GRID}×{MAX_GRID} panels are supported, got {rows}×{cols}"
        )));
    }
    let figure = &mut interp.figures.current;
    if (figure.rows, figure.cols) != (rows, cols) || figure.panels.len() != rows * cols {
        figure.rows = rows;
        figure.cols = cols;
        figure.panels = vec![Panel::default(); rows * cols];
    }
    figure.current = k.clamp(1, rows * cols) - 1;
    figure.hold = false;
    Ok(Value::None)
}

/// `hold("on")`, `hold off`, `hold(1)`, `hold(true)`; bare `hold` toggles.
pub(super) fn hold(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    let figure = &mut interp.figures.current;
    figure.hold = match args.get(0) {
        None => !figure.hold,
        Some(_) => switch(&args)?,
    };
    Ok(Value::None)
}

/// `grid("on")`, `grid off`, `grid(0)`; bare `grid` toggles. Applies to the current panel.
pub(super) fn grid(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    let on = match args.get(0) {
        None => None,
        Some(_) => Some(switch(&args)?),
    };
    let panel = interp.figures.current.panel();
    panel.grid = on.unwrap_or(!panel.grid);
    Ok(Value::None)
}

/// An on/off argument: `"on"`/`"off"` (any case), `"1"`/`"0"`, a number, a bool.
fn switch(args: &Args) -> LangResult<bool> {
    match args.value(0)? {
        Value::Str(s) => match s.trim().to_ascii_lowercase().as_str() {
            "on" | "1" => Ok(true),
            "off" | "0" => Ok(false),
            _ => Err(LangError::runtime(format!(
                "{}: expected \"on\" or \"off\", got \"{s}\"",
                args.name
            ))),
        },
        Value::Scalar(_) | Value::Bool(_) => Ok(args.f64(0)? != 0.0),
        other => Err(LangError::type_error(format!(
            "{}: expected \"on\" or \"off\", got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// `close` (the current figure), `close all`, `close(N)`: closed figures are discarded; the
/// current one starts empty again with its id.
pub(super) fn close(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    let figures = &mut interp.figures;
    let current_id = figures.current.id;
    match args.get(0) {
        None => figures.current = Figure::new(current_id),
        Some(Value::Str(s)) if s.trim().eq_ignore_ascii_case("all") => {
            figures.stored.clear();
            figures.current = Figure::new(current_id);
        }
        Some(Value::Scalar(n)) => {
            if *n == f64::from(current_id) {
                figures.current = Figure::new(current_id);
            } else if n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX) {
                figures.stored.remove(&(*n as u32));
            }
        }
        Some(other) => {
            let got = match other {
                Value::Str(s) => format!("\"{s}\""),
                v => v.type_name().to_string(),
            };
            return Err(LangError::runtime(format!(
                "close: expected \"all\" or a figure number, got {got}"
            )));
        }
    }
    Ok(Value::None)
}

/// `clf`: the current figure becomes empty (one panel, hold off), keeping its id.
pub(super) fn clf(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 0)?;
    let id = interp.figures.current.id;
    interp.figures.current = Figure::new(id);
    Ok(Value::None)
}

pub(super) fn title(interp: &mut Interp, args: Args) -> LangResult<Value> {
    set_text(interp, &args, |panel| &mut panel.title)
}

pub(super) fn xlabel(interp: &mut Interp, args: Args) -> LangResult<Value> {
    set_text(interp, &args, |panel| &mut panel.xlabel)
}

pub(super) fn ylabel(interp: &mut Interp, args: Args) -> LangResult<Value> {
    set_text(interp, &args, |panel| &mut panel.ylabel)
}

fn set_text(
    interp: &mut Interp,
    args: &Args,
    field: fn(&mut Panel) -> &mut String,
) -> LangResult<Value> {
    args.arity(1, 1)?;
    let text = args.str(0)?.to_string();
    *field(interp.figures.current.panel()) = text;
    Ok(Value::None)
}

/// `legend()` shows the legend; `legend("a", "b", ...)` also relabels the series in order.
pub(super) fn legend(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let mut labels = Vec::new();
    for value in &args.values {
        match value {
            Value::Str(s) => labels.push(s.clone()),
            Value::StrArray(items) => labels.extend(items.iter().cloned()),
            other => {
                return Err(LangError::type_error(format!(
                    "legend: labels must be strings, got {}",
                    other.type_name()
                )));
            }
        }
    }
    let panel = interp.figures.current.panel();
    for (series, label) in panel.series.iter_mut().zip(labels) {
        series.label = label;
    }
    panel.legend = true;
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use crate::value::Value;

    #[test]
    fn figure_ids_count_from_two_and_switch() {
        let mut it = interp();
        assert_eq!(call(&mut it, "figure", vec![]).unwrap(), Value::Scalar(2.0));
        assert_eq!(call(&mut it, "figure", vec![]).unwrap(), Value::Scalar(3.0));
        assert_eq!(
            call(&mut it, "figure", vec![Value::Scalar(7.0)]).unwrap(),
            Value::Scalar(7.0)
        );
        assert_eq!(it.figures.current.id, 7);
        assert_eq!(call(&mut it, "figure", vec![]).unwrap(), Value::Scalar(8.0));
        assert_eq!(
            err(call(&mut it, "figure", vec![Value::Scalar(0.5)])),
            "runtime error: figure: figure number must be a positive integer, got 0.5"
        );
        assert_eq!(
            err(call(&mut it, "figure", vec![s("x.html")])),
            "type error: figure: expected a figure number, got string"
        );
        assert!(call(&mut it, "figure", vec![Value::Scalar(1e20)]).is_err());
    }

    #[test]
    fn subplot_recreates_panels_only_when_the_grid_changes() {
        let mut it = interp();
        call(
            &mut it,
            "subplot",
            vec![Value::Scalar(2.0), Value::Scalar(1.0), Value::Scalar(1.0)],
        )
        .unwrap();
        call(&mut it, "title", vec![s("top")]).unwrap();
        it.figures.current.hold = true;
        let args = vec![Value::Scalar(2.0), Value::Scalar(1.0), Value::Scalar(9.0)];
        call(&mut it, "subplot", args).unwrap();
        let fig = &it.figures.current;
        assert_eq!(
            (fig.rows, fig.cols, fig.current, fig.hold),
            (2, 1, 1, false)
        );
        assert_eq!(fig.panels[0].title, "top", "same grid keeps panels");
        let args = vec![Value::Scalar(2.0), Value::Scalar(2.0), Value::Scalar(0.0)];
        call(&mut it, "subplot", args).unwrap();
        let fig = &it.figures.current;
        assert_eq!((fig.panels.len(), fig.current), (4, 0));
        assert!(fig.panels[0].title.is_empty(), "a new grid starts empty");
        let zero = vec![Value::Scalar(0.0), Value::Scalar(1.0), Value::Scalar(1.0)];
        assert_eq!(
            err(call(&mut it, "subplot", zero)),
            "runtime error: subplot: rows and columns must be at least 1"
        );
        let huge = vec![Value::Scalar(1e6), Value::Scalar(1e6), Value::Scalar(1.0)];
        assert!(err(call(&mut it, "subplot", huge)).starts_with("limit exceeded: subplot: grids"));
        assert!(call(&mut it, "subplot", vec![Value::Scalar(1.0)]).is_err());
    }

    #[test]
    fn hold_and_grid_take_words_numbers_and_bools() {
        let mut it = interp();
        call(&mut it, "hold", vec![s("on")]).unwrap();
        assert!(it.figures.current.hold);
        call(&mut it, "hold", vec![s("OFF")]).unwrap();
        assert!(!it.figures.current.hold);
        call(&mut it, "hold", vec![Value::Scalar(1.0)]).unwrap();
        assert!(it.figures.current.hold);
        call(&mut it, "hold", vec![Value::Bool(false)]).unwrap();
        assert!(!it.figures.current.hold);
        call(&mut it, "hold", vec![]).unwrap();
        assert!(it.figures.current.hold, "bare hold toggles");
        assert_eq!(
            err(call(&mut it, "hold", vec![s("maybe")])),
            "runtime error: hold: expected \"on\" or \"off\", got \"maybe\""
        );
        assert_eq!(
            err(call(&mut it, "grid", vec![row(&[1.0])])),
            "type error: grid: expected \"on\" or \"off\", got vector"
        );
        call(&mut it, "grid", vec![s("off")]).unwrap();
        assert!(!it.figures.current.panels[0].grid);
        call(&mut it, "grid", vec![]).unwrap();
        assert!(it.figures.current.panels[0].grid);
    }

    #[test]
    fn close_and_clf_discard_figures() {
        let mut it = interp();
        call(&mut it, "figure", vec![]).unwrap();
        call(&mut it, "plot", vec![row(&[1.0, 2.0])]).unwrap();
        call(&mut it, "figure", vec![]).unwrap();
        assert!(it.figures.stored.contains_key(&2));
        call(&mut it, "close", vec![Value::Scalar(2.0)]).unwrap();
        assert!(!it.figures.stored.contains_key(&2));
        call(&mut it, "plot", vec![row(&[1.0, 2.0])]).unwrap();
        call(&mut it, "close", vec![]).unwrap();
        assert!(!it.figures.current.has_content());
        assert_eq!(it.figures.current.id, 3);
        call(&mut it, "figure", vec![]).unwrap();
        call(&mut it, "close", vec![s("all")]).unwrap();
        assert!(it.figures.stored.is_empty());
        call(
            &mut it,
            "subplot",
            vec![Value::Scalar(1.0), Value::Scalar(2.0), Value::Scalar(2.0)],
        )
        .unwrap();
        call(&mut it, "clf", vec![]).unwrap();
        assert_eq!(it.figures.current.panels.len(), 1);
        assert_eq!(
            err(call(&mut it, "close", vec![s("some")])),
            "runtime error: close: expected \"all\" or a figure number, got \"some\""
        );
        assert!(call(&mut it, "clf", vec![s("x")]).is_err());
    }

    #[test]
    fn labels_and_limits_go_to_the_current_panel() {
        let mut it = interp();
        call(&mut it, "title", vec![s("T")]).unwrap();
        call(&mut it, "xlabel", vec![s("X")]).unwrap();
        call(&mut it, "ylabel", vec![s("Y")]).unwrap();
        call(&mut it, "xlim", vec![row(&[-0.1, 1.1])]).unwrap();
        let col = Value::matrix_rows(2, 1, vec![0.0, 6.0]);
        call(&mut it, "ylim", vec![col]).unwrap();
        let p = &it.figures.current.panels[0];
        assert_eq!(
            (p.title.as_str(), p.xlabel.as_str(), p.ylabel.as_str()),
            ("T", "X", "Y")
        );
        assert_eq!((p.xlim, p.ylim), (Some((-0.1, 1.1)), Some((0.0, 6.0))));
        assert_eq!(
            err(call(&mut it, "ylim", vec![Value::Scalar(1.0)])),
            "type error: ylim: expected [lo, hi] or lo, hi"
        );
        assert_eq!(
            err(call(&mut it, "title", vec![Value::Scalar(1.0)])),
            "type error: title: expected string, got scalar"
        );
    }

    #[test]
    fn legend_shows_and_relabels_in_order() {
        let mut it = interp();
        call(&mut it, "hold", vec![s("on")]).unwrap();
        call(&mut it, "plot", vec![row(&[1.0, 2.0])]).unwrap();
        call(&mut it, "plot", vec![row(&[2.0, 1.0])]).unwrap();
        call(&mut it, "legend", vec![]).unwrap();
        assert!(it.figures.current.panels[0].legend);
        call(&mut it, "legend", vec![s("up"), s("down"), s("extra")]).unwrap();
        let labels: Vec<&str> = it.figures.current.panels[0]
            .series
            .iter()
            .map(|s| s.label.as_str())
            .collect();
        assert_eq!(labels, ["up", "down"]);
        assert_eq!(
            err(call(&mut it, "legend", vec![Value::Scalar(1.0)])),
            "type error: legend: labels must be strings, got scalar"
        );
    }
}
