//! Builtin functions are data: each domain file exports a `TABLE` of [`Builtin`] entries
//! (name, function, one-line doc), and [`lookup`] joins the tables into one map.
//!
//! A builtin receives the interpreter (for the random stream, figures, output, limits and
//! calling function values) and its evaluated arguments with the number of outputs the caller
//! wants. It returns errors without positions; the evaluator attaches the call's span.

mod animation;
mod args;
mod calculus;
mod checklist;
mod construct;
mod control;
mod dsp;
mod filters;
mod fixed;
mod higher;
pub(crate) mod integer;
mod linalg;
mod math;
pub(crate) use math::{RealFunction, real_function};
mod ml;
mod numeric;
mod output;
mod plotting;
mod reduce;
mod rf;
mod session;
mod shape;
mod sparse;
mod tensor3;

pub(crate) use args::Args;
pub(crate) use session::{SessionState, cache_command, is_impure, profile_form, profiled};

use super::error::{LangError, LangResult};
use super::eval::Interp;
use super::names::Var;
use super::value::Value;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

pub(crate) type BuiltinFn = fn(&mut Interp, Args) -> LangResult<Value>;

/// One builtin function.
pub(crate) struct Builtin {
    pub name: &'static str,
    pub func: BuiltinFn,
    /// One line saying what it does, e.g. `"zeros(n) | zeros(m, n): array of zeros"`.
    pub doc: &'static str,
}

impl Builtin {
    /// A table entry (usable in `static` tables).
    pub(crate) const fn new(name: &'static str, func: BuiltinFn, doc: &'static str) -> Builtin {
        Builtin { name, func, doc }
    }
}

/// Every domain table, in a fixed order.
fn tables() -> [&'static [Builtin]; 21] {
    [
        construct::TABLE,
        shape::TABLE,
        math::TABLE,
        reduce::TABLE,
        linalg::TABLE,
        ml::TABLE,
        output::TABLE,
        higher::TABLE,
        plotting::TABLE,
        crate::grad::TABLE,
        calculus::TABLE,
        tensor3::TABLE,
        sparse::TABLE,
        dsp::TABLE,
        filters::TABLE,
        fixed::TABLE,
        control::TABLE,
        rf::TABLE,
        session::TABLE,
        animation::TABLE,
        integer::TABLE,
    ]
}

/// All builtins, in table order.
pub(crate) fn all() -> impl Iterator<Item = &'static Builtin> {
    tables().into_iter().flatten()
}

/// Refuse builtins with effects outside the task (figures, files, the random stream) while a
/// `parmap` task runs.
pub(crate) fn check_pure(interp: &Interp, name: &str) -> LangResult<()> {
    if !interp.in_parallel_task {
        return Ok(());
    }
    if plotting::TABLE
        .iter()
        .chain(animation::TABLE)
        .any(|b| b.name == name)
    {
        return Err(LangError::runtime(
            "parmap: cannot plot from a parallel lambda — the lambda must be pure",
        ));
    }
    if name == "seed" {
        return Err(LangError::runtime(
            "parmap: cannot call seed from a parallel lambda — the lambda must be pure",
        ));
    }
    Ok(())
}

/// The names of the builtins that draw (plotting and animation).
pub(crate) fn plotting_names() -> impl Iterator<Item = &'static str> {
    plotting::TABLE
        .iter()
        .chain(animation::TABLE)
        .map(|b| b.name)
}

/// Every builtin in table order, and each one's position by name.
struct Registry {
    all: Vec<&'static Builtin>,
    positions: FxHashMap<&'static str, usize>,
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let all: Vec<&'static Builtin> = all().collect();
        let positions = all.iter().enumerate().map(|(k, b)| (b.name, k)).collect();
        Registry { all, positions }
    })
}

/// The builtin called `name`, if any.
pub(crate) fn lookup(name: &str) -> Option<&'static Builtin> {
    let registry = registry();
    registry.positions.get(name).map(|&k| registry.all[k])
}

/// The builtin the name `var` calls, if any: searched for once per occurrence.
pub(crate) fn lookup_var(var: &Var) -> Option<&'static Builtin> {
    let registry = registry();
    let k = var.builtin(|name| registry.positions.get(name).copied())?;
    Some(registry.all[k])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every builtin is called in at least one snapshot test (`tests/lang/*.rlab`).
    #[test]
    fn every_builtin_has_a_snapshot_test() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lang");
        let mut corpus = String::new();
        for entry in std::fs::read_dir(&dir).expect("tests/lang").flatten() {
            if entry.path().extension().is_some_and(|e| e == "rlab") {
                corpus.push_str(&std::fs::read_to_string(entry.path()).expect("read test"));
            }
        }
        let called = |name: &str| {
            corpus.match_indices(&format!("{name}(")).any(|(at, _)| {
                corpus[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
            })
        };
        let missing: Vec<&str> = all().map(|b| b.name).filter(|n| !called(n)).collect();
        assert!(
            missing.is_empty(),
            "builtins without a snapshot test: {missing:?}"
        );
    }

    #[test]
    fn names_are_unique_and_documented() {
        let mut seen = std::collections::HashSet::new();
        for b in all() {
            assert!(seen.insert(b.name), "builtin '{}' registered twice", b.name);
            assert!(!b.doc.trim().is_empty(), "builtin '{}' has no doc", b.name);
        }
    }
}
