//! A set of variables: the session's top level, one function call, or a lambda's capture.
//!
//! Variables sit in a vector of slots in the order they were created, so the evaluator
//! reaches one through the slot a [`Var`] remembers ([`Workspace::lookup`],
//! [`Workspace::assign`]) without hashing: one index and a name comparison. A lookup by
//! text searches: linearly while the workspace is small (function frames), through an index
//! once it holds more than [`INDEXED_FROM`] variables (a notebook's top level).

use super::Value;
use super::constants::{CONSTANT_VARS, constant_index, is_initial_constant};
use crate::lang::names::{Name, Var};
use rustc_hash::FxHashMap;

/// From this many variables on, a search by name goes through a hash index.
const INDEXED_FROM: usize = 24;

#[derive(Clone, Debug, Default)]
pub struct Workspace {
    slots: Vec<(Name, Value)>,
    /// Name → slot, kept while `slots` is long enough to need it.
    index: Option<FxHashMap<Name, usize>>,
    /// Bit k is set while the workspace holds the constant `CONSTANT_NAMES[k]`.
    held_constants: u8,
}

impl Workspace {
    pub fn with_capacity(n: usize) -> Workspace {
        Workspace {
            slots: Vec::with_capacity(n),
            index: None,
            held_constants: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The variables in the order they were created.
    pub fn iter(&self) -> impl Iterator<Item = (&Name, &Value)> {
        self.slots.iter().map(|(name, value)| (name, value))
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.position(name).map(|k| &self.slots[k].1)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.position(name).map(|k| &mut self.slots[k].1)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Set a variable, creating it when it does not exist.
    pub fn insert(&mut self, name: Name, value: Value) {
        match self.position(&name) {
            Some(k) => self.slots[k].1 = value,
            None => {
                self.push(name, value);
            }
        }
    }

    /// Take a variable out of the workspace.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        let k = self.position(name)?;
        let (_, value) = self.slots.swap_remove(k);
        if let Some(c) = constant_index(name) {
            self.held_constants &= !(1 << c);
        }
        if self.index.is_some() {
            self.reindex();
        }
        Some(value)
    }

    /// The variable `var` names, found through its remembered slot when that still holds it.
    pub fn lookup(&self, var: &Var) -> Option<&Value> {
        let k = self.resolve(var)?;
        Some(&self.slots[k].1)
    }

    /// The variable `var` names, for writing in place.
    pub fn lookup_mut(&mut self, var: &Var) -> Option<&mut Value> {
        let k = self.resolve(var)?;
        Some(&mut self.slots[k].1)
    }

    /// Set the variable `var` names, creating it when it does not exist. The slot takes the
    /// occurrence's name, so that later lookups from the same program compare by pointer
    /// (`for i = ...` over the constant `i`, a variable first set by an earlier block).
    pub fn assign(&mut self, var: &Var, value: Value) {
        match self.resolve(var) {
            Some(k) => {
                let (name, slot) = &mut self.slots[k];
                if !name.same_text_storage(&var.name) {
                    *name = var.name.clone();
                }
                *slot = value;
            }
            None => {
                let k = self.push(var.name.clone(), value);
                var.resolved(k);
            }
        }
    }

    /// The constants this workspace holds with values other than their initial ones: what a
    /// function called from here inherits.
    pub fn changed_constants(&self) -> impl Iterator<Item = (Name, Value)> + '_ {
        let held = self.held_constants;
        let vars = CONSTANT_VARS.iter().enumerate();
        vars.filter(move |(k, _)| held & (1 << k) != 0)
            .filter_map(|(k, var)| {
                let v = self.lookup(var)?;
                (!is_initial_constant(k, v)).then(|| (var.name.clone(), v.clone()))
            })
    }

    fn resolve(&self, var: &Var) -> Option<usize> {
        let hint = var.hint();
        if let Some((name, _)) = self.slots.get(hint)
            && *name == var.name
        {
            return Some(hint);
        }
        let k = self.position(&var.name)?;
        var.resolved(k);
        Some(k)
    }

    fn position(&self, name: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(name).copied(),
            None => self.slots.iter().position(|(n, _)| n.as_str() == name),
        }
    }

    fn push(&mut self, name: Name, value: Value) -> usize {
        let k = self.slots.len();
        if let Some(c) = constant_index(&name) {
            self.held_constants |= 1 << c;
        }
        if let Some(index) = &mut self.index {
            index.insert(name.clone(), k);
        }
        self.slots.push((name, value));
        if self.index.is_none() && self.slots.len() > INDEXED_FROM {
            self.reindex();
        }
        k
    }

    fn reindex(&mut self) {
        self.index = (self.slots.len() > INDEXED_FROM).then(|| {
            let names = self.slots.iter().enumerate();
            names.map(|(k, (name, _))| (name.clone(), k)).collect()
        });
    }
}

/// Equal when both hold the same variables with equal values, whatever their order.
impl PartialEq for Workspace {
    fn eq(&self, other: &Workspace) -> bool {
        self.len() == other.len() && self.iter().all(|(name, v)| other.get(name) == Some(v))
    }
}

impl FromIterator<(Name, Value)> for Workspace {
    fn from_iter<I: IntoIterator<Item = (Name, Value)>>(items: I) -> Workspace {
        let mut ws = Workspace::default();
        ws.extend(items);
        ws
    }
}

impl Extend<(Name, Value)> for Workspace {
    fn extend<I: IntoIterator<Item = (Name, Value)>>(&mut self, items: I) {
        for (name, value) in items {
            self.insert(name, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(ws: &Workspace, name: &str) -> Option<f64> {
        ws.get(name).and_then(|v| v.to_f64().ok())
    }

    #[test]
    fn a_var_finds_its_variable_after_the_layout_changed() {
        let mut ws = Workspace::default();
        let (a, b) = (Var::from("a"), Var::from("b"));
        ws.assign(&a, Value::Scalar(1.0));
        ws.assign(&b, Value::Scalar(2.0));
        assert_eq!(b.hint(), 1);
        ws.remove("a");
        // `b` moved to slot 0: the stale hint misses and is corrected.
        assert_eq!(ws.lookup(&b), Some(&Value::Scalar(2.0)));
        assert_eq!(b.hint(), 0);
        assert_eq!(ws.lookup(&a), None);
        ws.assign(&a, Value::Scalar(3.0));
        assert_eq!((scalar(&ws, "a"), scalar(&ws, "b")), (Some(3.0), Some(2.0)));
    }

    #[test]
    fn a_large_workspace_is_searched_through_its_index() {
        let mut ws = Workspace::default();
        for k in 0..100 {
            ws.insert(Name::from(format!("v{k}")), Value::Scalar(k as f64));
        }
        assert!(ws.index.is_some());
        assert_eq!(scalar(&ws, "v77"), Some(77.0));
        ws.remove("v0");
        assert_eq!(scalar(&ws, "v99"), Some(99.0));
        assert_eq!(scalar(&ws, "v0"), None);
        assert_eq!(ws.len(), 99);
    }

    #[test]
    fn equality_ignores_creation_order() {
        let one: Workspace = [("x", 1.0), ("y", 2.0)]
            .into_iter()
            .map(|(n, v)| (Name::from(n), Value::Scalar(v)))
            .collect();
        let other: Workspace = [("y", 2.0), ("x", 1.0)]
            .into_iter()
            .map(|(n, v)| (Name::from(n), Value::Scalar(v)))
            .collect();
        assert_eq!(one, other);
    }
}
