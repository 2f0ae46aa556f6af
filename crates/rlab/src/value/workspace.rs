//! A set of variables: the session's top level, one function call, or a lambda's capture.
//!
//! Variables sit in a vector of slots in the order they were created, so the evaluator
//! reaches one through the slot a [`Var`] remembers ([`Workspace::lookup`],
//! [`Workspace::assign`]) without hashing: one index and a name comparison. A lookup by
//! text searches: linearly while the workspace is small (function frames), through an index
//! once it holds more than [`INDEXED_FROM`] variables (a notebook's top level).
//!
//! Every set of names a workspace holds has a number of its own (its layout, renumbered
//! whenever a variable is created or removed, unique in the process), so that a `Var` can
//! remember that a layout does not hold it: a name that is not a variable (a function's
//! name) is then not searched for on every call.

use super::Value;
use super::constants::{CONSTANT_VARS, constant_index, is_initial_constant};
use crate::names::{Name, Var};
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// From this many variables on, a search by name goes through a hash index.
const INDEXED_FROM: usize = 24;

#[derive(Clone, Debug)]
pub struct Workspace {
    slots: Vec<Slot>,
    /// Name → slot, kept while `slots` is long enough to need it.
    index: Option<FxHashMap<Name, usize>>,
    /// Bit k is set while the workspace holds the constant `CONSTANT_NAMES[k]`.
    held_constants: u8,
    /// Bit k is set once the constant `CONSTANT_NAMES[k]` was written here (created or
    /// assigned): only those can differ from their initial values.
    touched_constants: u8,
    /// The number of the current set of names (see the module documentation).
    layout: u64,
}

/// One variable.
#[derive(Clone, Debug)]
struct Slot {
    name: Name,
    value: Value,
    /// The constant's bit (see `held_constants`) when the name is a constant's, else 0.
    constant: u8,
}

impl Default for Workspace {
    fn default() -> Workspace {
        Workspace::with_capacity(0)
    }
}

/// A layout number no workspace had before. Each thread hands out numbers from a block of
/// its own, so creating variables takes no atomic operation.
fn fresh_layout() -> u64 {
    const BLOCK: u64 = 1 << 20;
    static NEXT_BLOCK: AtomicU64 = AtomicU64::new(0);
    thread_local! {
        static NEXT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
    }
    NEXT.with(|next| {
        let (mut id, mut end) = next.get();
        if id == end {
            id = NEXT_BLOCK.fetch_add(BLOCK, Ordering::Relaxed);
            end = id + BLOCK;
        }
        next.set((id + 1, end));
        id
    })
}

impl Workspace {
    pub fn with_capacity(n: usize) -> Workspace {
        Workspace {
            slots: Vec::with_capacity(n),
            index: None,
            held_constants: 0,
            touched_constants: 0,
            layout: fresh_layout(),
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
        self.slots.iter().map(|slot| (&slot.name, &slot.value))
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.position(name).map(|k| &self.slots[k].value)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.position(name).map(|k| self.written(k))
    }

    pub fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Set a variable, creating it when it does not exist.
    pub fn insert(&mut self, name: Name, value: Value) {
        match self.position(&name) {
            Some(k) => *self.written(k) = value,
            None => {
                self.push(name, value);
            }
        }
    }

    /// Take a variable out of the workspace.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        let k = self.position(name)?;
        let slot = self.slots.swap_remove(k);
        self.layout = fresh_layout();
        self.held_constants &= !slot.constant;
        self.touched_constants &= !slot.constant;
        if self.index.is_some() {
            self.reindex();
        }
        Some(slot.value)
    }

    /// The variable `var` names, found through its remembered slot when that still holds it.
    pub fn lookup(&self, var: &Var) -> Option<&Value> {
        let k = self.resolve(var)?;
        Some(&self.slots[k].value)
    }

    /// The variable `var` names, for writing in place.
    pub fn lookup_mut(&mut self, var: &Var) -> Option<&mut Value> {
        let k = self.resolve(var)?;
        Some(self.written(k))
    }

    /// Set the variable `var` names, creating it when it does not exist. The slot takes the
    /// occurrence's name, so that later lookups from the same program compare by pointer
    /// (`for i = ...` over the constant `i`, a variable first set by an earlier block).
    pub fn assign(&mut self, var: &Var, value: Value) {
        match self.resolve(var) {
            Some(k) => {
                if !self.slots[k].name.same_text_storage(&var.name) {
                    self.slots[k].name = var.name.clone();
                }
                *self.written(k) = value;
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
        let held = self.held_constants & self.touched_constants;
        let vars = CONSTANT_VARS.iter().enumerate();
        vars.filter(move |(k, _)| held & (1 << k) != 0)
            .filter_map(|(k, var)| {
                let v = self.lookup(var)?;
                (!is_initial_constant(k, v)).then(|| (var.name.clone(), v.clone()))
            })
    }

    /// Forget that the constants were written: they hold their initial values.
    pub(super) fn constants_untouched(mut self) -> Workspace {
        self.touched_constants = 0;
        self
    }

    /// Slot `k`'s value, about to be written.
    fn written(&mut self, k: usize) -> &mut Value {
        let slot = &mut self.slots[k];
        self.touched_constants |= slot.constant;
        &mut slot.value
    }

    fn resolve(&self, var: &Var) -> Option<usize> {
        let hint = var.hint();
        if let Some(slot) = self.slots.get(hint)
            && slot.name == var.name
        {
            return Some(hint);
        }
        if var.missing_in(self.layout) {
            return None;
        }
        let Some(k) = self.position(&var.name) else {
            var.missing(self.layout);
            return None;
        };
        var.resolved(k);
        Some(k)
    }

    fn position(&self, name: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(name).copied(),
            None => self
                .slots
                .iter()
                .position(|slot| slot.name.as_str() == name),
        }
    }

    fn push(&mut self, name: Name, value: Value) -> usize {
        let k = self.slots.len();
        let constant = constant_index(&name).map_or(0, |c| 1 << c);
        self.held_constants |= constant;
        self.touched_constants |= constant;
        if let Some(index) = &mut self.index {
            index.insert(name.clone(), k);
        }
        self.slots.push(Slot {
            name,
            value,
            constant,
        });
        self.layout = fresh_layout();
        if self.index.is_none() && self.slots.len() > INDEXED_FROM {
            self.reindex();
        }
        k
    }

    fn reindex(&mut self) {
        self.index = (self.slots.len() > INDEXED_FROM).then(|| {
            let names = self.slots.iter().enumerate();
            names.map(|(k, slot)| (slot.name.clone(), k)).collect()
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
