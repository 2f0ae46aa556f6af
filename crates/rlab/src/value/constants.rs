//! The constants every workspace starts with: `i`, `j`, `pi`, `e`, `Inf`, `NaN`, `true`,
//! `false` (spec §1.1). They are ordinary variables: a program may redefine them, and a
//! function call sees its caller's values of them (spec §7.1), so a workspace keeps track of
//! which of them it holds (see [`super::Workspace::changed_constants`]).

use super::{C64, Value, Workspace};
use crate::names::Var;
use std::sync::LazyLock;

/// The names every workspace starts with (and every function call inherits from its caller).
pub const CONSTANT_NAMES: [&str; 8] = ["i", "j", "pi", "e", "Inf", "NaN", "true", "false"];

/// One shared occurrence per constant, through which workspaces find them by slot.
pub(super) static CONSTANT_VARS: LazyLock<[Var; 8]> =
    LazyLock::new(|| CONSTANT_NAMES.map(Var::from));

/// The position of `name` in [`CONSTANT_NAMES`] (asked whenever a variable is created, so
/// written as a `match`, which compiles to a few byte comparisons).
pub(super) fn constant_index(name: &str) -> Option<usize> {
    Some(match name {
        "i" => 0,
        "j" => 1,
        "pi" => 2,
        "e" => 3,
        "Inf" => 4,
        "NaN" => 5,
        "true" => 6,
        "false" => 7,
        _ => return None,
    })
}

/// The initial value of the constant at `k` in [`CONSTANT_NAMES`].
pub(super) fn constant_at(k: usize) -> Value {
    match k {
        0 | 1 => Value::Complex(C64::new(0.0, 1.0)),
        2 => Value::Scalar(std::f64::consts::PI),
        3 => Value::Scalar(std::f64::consts::E),
        4 => Value::Scalar(f64::INFINITY),
        5 => Value::Scalar(f64::NAN),
        6 => Value::Bool(true),
        _ => Value::Bool(false),
    }
}

/// The initial value of a constant name.
pub fn constant(name: &str) -> Option<Value> {
    constant_index(name).map(constant_at)
}

/// Whether `v` is still the initial value of the constant at `k` (NaN compared by bits).
pub(super) fn is_initial_constant(k: usize, v: &Value) -> bool {
    match (constant_at(k), v) {
        (Value::Scalar(a), Value::Scalar(b)) => a.to_bits() == b.to_bits(),
        (c, v) => &c == v,
    }
}

/// The variables of a fresh workspace: every constant at its initial value.
pub fn constants() -> Workspace {
    let vars = CONSTANT_VARS.iter().enumerate();
    let ws: Workspace = vars
        .map(|(k, var)| (var.name.clone(), constant_at(k)))
        .collect();
    ws.constants_untouched()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_constant_has_its_initial_value() {
        let ws = constants();
        assert_eq!(ws.len(), 8);
        assert_eq!(ws.get("pi"), Some(&Value::Scalar(std::f64::consts::PI)));
        assert_eq!(constant("true"), Some(Value::Bool(true)));
        assert_eq!(constant("x"), None);
        for (k, name) in CONSTANT_NAMES.iter().enumerate() {
            assert_eq!(constant_index(name), Some(k));
        }
        assert!(is_initial_constant(5, &Value::Scalar(f64::NAN)));
        assert!(!is_initial_constant(2, &Value::Scalar(3.0)));
    }
}
