//! `profile` and `profile_report`: per-builtin call counts, time and data volume.
//!
//! As in rustlab, the report goes to the error stream (the host's), not to the printed
//! output: its times differ from run to run, so in a book it would be drift. A book build
//! records nothing of it.

use crate::ast::{Expr, ExprKind};
use crate::builtins::{Args, Builtin};
use crate::error::LangResult;
use crate::eval::Interp;
use crate::value::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// One builtin's totals.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    calls: u64,
    nanos: u64,
    in_bytes: u64,
    out_bytes: u64,
}

/// The profiler of a session: off until `profile` turns it on.
#[derive(Clone, Debug, Default)]
pub(crate) struct Profiler {
    on: bool,
    /// Only these names, when given.
    only: Option<BTreeSet<String>>,
    stats: BTreeMap<String, Stats>,
}

impl Profiler {
    /// Whether a call of `name` is measured (false at once when profiling is off).
    pub(crate) fn tracks(&self, name: &str) -> bool {
        self.on && self.only.as_ref().is_none_or(|only| only.contains(name))
    }
}

/// Bytes of a value's numbers, as rustlab counts them (16 per complex element).
fn bytes(v: &Value) -> u64 {
    let n = match v.plain() {
        Value::Vector(a) | Value::Matrix(a) => a.len(),
        Value::Tensor3(t) => t.len(),
        Value::Scalar(_) | Value::Complex(_) => 1,
        Value::Tuple(items) => return items.iter().map(bytes).sum(),
        _ => 0,
    };
    16 * n as u64
}

/// Call `b` and add the call to the profile.
pub(crate) fn profiled(
    interp: &mut Interp,
    b: &'static Builtin,
    args: Vec<Value>,
    nargout: usize,
) -> LangResult<Value> {
    let in_bytes: u64 = args.iter().map(bytes).sum();
    let start = interp.config.host.elapsed();
    let result = (b.func)(interp, Args::new(b.name, args, nargout));
    let nanos = match (start, interp.config.host.elapsed()) {
        (Some(a), Some(z)) => z.saturating_sub(a).as_nanos() as u64,
        _ => 0,
    };
    let entry = interp.session.profile.stats.entry(b.name.to_string());
    let stats = entry.or_default();
    stats.calls += 1;
    stats.nanos += nanos;
    stats.in_bytes += in_bytes;
    stats.out_bytes += result.as_ref().map_or(0, bytes);
    result
}

/// `profile()` measures every builtin, `profile(f, g)` or `profile("f")` the named ones.
pub(crate) fn profile(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let names: LangResult<BTreeSet<String>> = (0..args.len())
        .map(|k| args.str(k).map(String::from))
        .collect();
    let names = names?;
    let profiler = &mut interp.session.profile;
    profiler.on = true;
    profiler.only = (!names.is_empty()).then_some(names);
    Ok(Value::None)
}

/// `profile(fft, convolve)`: bare function names are names, not calls.
pub(crate) fn special_form(
    interp: &mut Interp,
    name: &str,
    args: &[Expr],
) -> Option<LangResult<Value>> {
    if name != "profile" || interp.functions.contains_key(name) {
        return None;
    }
    let values = args.iter().map(|a| match &a.kind {
        ExprKind::Ident(v) if interp.vars.lookup(v).is_none() => Ok(Value::str(v.to_string())),
        _ => interp.eval(a),
    });
    let values: LangResult<Vec<Value>> = values.collect();
    Some(values.and_then(|values| profile(interp, Args::new("profile", values, 1))))
}

/// `profile_report()`: the table, longest total time first, to the host's error stream.
pub(crate) fn profile_report(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 0)?;
    let stats = std::mem::take(&mut interp.session.profile.stats);
    let mut rows: Vec<(String, Stats)> = stats.into_iter().collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.1.nanos));
    if !rows.is_empty() {
        interp.config.host.report(&report(&rows));
    }
    Ok(Value::None)
}

/// The report table.
fn report(rows: &[(String, Stats)]) -> String {
    let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0).max(8);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n  {:<width$}  {:>6}  {:>12}  {:>10}  {:>10}  {:>10}",
        "Function", "Calls", "Total (ms)", "Avg (µs)", "In (KB)", "Out (KB)"
    );
    let _ = writeln!(out, "  {}", "─".repeat(width + 62));
    for (name, s) in rows {
        let ms = s.nanos as f64 / 1e6;
        let _ = writeln!(
            out,
            "  {name:<width$}  {:>6}  {ms:>12.3}  {:>10.3}  {:>10.2}  {:>10.2}",
            s.calls,
            s.nanos as f64 / s.calls.max(1) as f64 / 1e3,
            s.in_bytes as f64 / 1024.0,
            s.out_bytes as f64 / 1024.0,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profiler_counts_only_what_it_was_asked_to() {
        let mut p = Profiler::default();
        assert!(!p.tracks("fft"));
        p.on = true;
        assert!(p.tracks("fft"));
        p.only = Some(["sum".to_string()].into());
        assert!(p.tracks("sum") && !p.tracks("fft"));
    }

    #[test]
    fn the_report_lists_calls_per_function() {
        let s = Stats {
            calls: 2,
            nanos: 4_000_000,
            in_bytes: 2048,
            out_bytes: 1024,
        };
        let text = report(&[("sum".to_string(), s)]);
        assert!(text.contains("Function"));
        assert!(text.contains("sum"));
        assert!(text.contains("4.000"));
    }
}
