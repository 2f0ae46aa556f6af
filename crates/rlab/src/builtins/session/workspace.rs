//! The workspace builtins: `clear`, `whos`, `commas` and `sleep`.

use super::files;
use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{Value, constant};
use std::time::Duration;

/// `clear()` clears everything the `clear` command does; `clear("x", ...)` removes the named
/// variables only.
pub(crate) fn clear(interp: &mut Interp, args: Args) -> LangResult<Value> {
    if args.is_empty() {
        interp.clear_workspace();
        return Ok(Value::None);
    }
    for k in 0..args.len() {
        let name = args.str(k)?;
        match constant(name) {
            Some(initial) => interp.vars.insert(name.into(), initial),
            None => {
                interp.vars.remove(name);
            }
        }
    }
    Ok(Value::None)
}

/// `commas(x)`: `1,234,567`, `1,234,567.89`; `commas(x, d)` with `d` decimals.
pub(crate) fn commas(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let x = args.f64(0)?;
    let text = if args.len() == 2 {
        let digits = args.size(1)?.min(17);
        format!("{x:.digits$}")
    } else {
        display::scalar(x)
    };
    Ok(Value::Str(display::with_commas(&text)))
}

/// `sleep(s)`: waits through the host (a book build does not wait: its output is the same),
/// and fails at once when the wait would pass the run's time limit.
pub(crate) fn sleep(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let seconds = args.f64(0)?;
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(LangError::runtime(format!(
            "sleep: duration must be a non-negative number of seconds, got {}",
            display::scalar(seconds)
        )));
    }
    let wait = Duration::from_secs_f64(seconds.min(1e9));
    interp.pause(wait)?;
    Ok(Value::None)
}

/// `whos()` lists the workspace; `whos("f.npz")` the arrays stored in an archive.
pub(crate) fn whos(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    let rows = match args.len() {
        0 => workspace_rows(interp),
        _ => files::npz_listing(interp, args.str(0)?)?,
    };
    let mut text = format!(
        "\n  {:<20} {:<10} Size\n  {}",
        "Name",
        "Type",
        "─".repeat(44)
    );
    for (name, kind, size) in rows {
        text.push_str(&format!("\n  {name:<20} {kind:<10} {size}"));
    }
    interp.print_line(&text);
    Ok(Value::None)
}

/// (name, type, size) of every variable that is not an unchanged constant, by name.
fn workspace_rows(interp: &Interp) -> Vec<(String, String, String)> {
    let mut rows: Vec<(String, String, String)> = interp
        .vars
        .iter()
        .filter(|(name, v)| {
            let initial = constant(name.as_str()).map(|c| display::value(&c));
            initial != Some(display::value(v))
        })
        .map(|(name, v)| (name.to_string(), v.type_name().to_string(), size_text(v)))
        .collect();
    rows.sort();
    rows
}

/// `3×4`, `1×8`, `2×3×4`, `1×1`.
pub(crate) fn size_text(v: &Value) -> String {
    match v.plain() {
        Value::Vector(a) | Value::Matrix(a) => format!("{}×{}", a.rows(), a.cols()),
        Value::Int(a) => format!("{}×{}", a.rows, a.cols),
        Value::Tensor3(t) => format!("{}×{}×{}", t.rows, t.cols, t.pages),
        Value::Sparse(s) => format!("{}×{}", s.rows, s.cols),
        Value::StrArray(items) => format!("1×{}", items.len()),
        Value::Str(s) => format!("1×{}", s.chars().count()),
        _ => "1×1".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use crate::builtins::numeric::testing::{call, s};
    use crate::value::Value;

    #[test]
    fn commas_group_thousands() {
        let c = |args| call(TABLE, "commas", args).unwrap();
        assert_eq!(c(vec![s(1234567.0)]), Value::str("1,234,567"));
        assert_eq!(c(vec![s(1234567.891), s(2.0)]), Value::str("1,234,567.89"));
        assert_eq!(c(vec![s(-9876543.0)]), Value::str("-9,876,543"));
    }

    #[test]
    fn sleep_refuses_bad_durations() {
        assert!(call(TABLE, "sleep", vec![s(-1.0)]).is_err());
        assert!(call(TABLE, "sleep", vec![s(f64::NAN)]).is_err());
        assert!(call(TABLE, "sleep", vec![s(0.0)]).is_ok());
    }
}
