//! Element and lane reads, and the arrays a loop reads without writing them: each is
//! found in the workspace at its first read and kept as a *view* (a second reference to
//! its data) for the reads after, which then skip the name's lookup and the value's kind.
//!
//! A view never outlives what it was taken from. It is let go when the loop takes its
//! array out of the workspace to write it ([`State::hold`]), and all are let go before the
//! general path runs ([`State::write_back`], at every fallback and at the end), since that
//! may assign or write the array, and a write to an array with a second reference would
//! copy it. Every read through a view checks its index as every other read does.

use super::{State, cell_of};
use crate::eval::Interp;
use crate::eval::kernel::code::Cell;
use crate::eval::scalar::cell_at;
use crate::value::{NumArray, Value};
use ndarray::Array2;
use std::sync::Arc;

/// A real Vector or Matrix in the workspace, and which of the two it is.
pub(super) struct View {
    data: Arc<NumArray>,
    vector: bool,
}

impl View {
    /// A view of `value` when it is a real Vector or Matrix.
    fn of(value: &Value) -> Option<View> {
        let (data, vector) = match value {
            Value::Vector(a) => (a, true),
            Value::Matrix(a) => (a, false),
            _ => return None,
        };
        data.is_real().then(|| View {
            data: Arc::clone(data),
            vector,
        })
    }

    /// The data when it is a real Matrix (not a Vector).
    #[inline(always)]
    pub(super) fn matrix(&self) -> Option<&Array2<f64>> {
        if self.vector {
            return None;
        }
        self.real()
    }

    #[inline(always)]
    fn real(&self) -> Option<&Array2<f64>> {
        match &*self.data {
            NumArray::Real(a) => Some(a),
            _ => None,
        }
    }
}

impl State<'_, '_> {
    /// The element at registers `cell` of array `array`, when in bounds of a real Vector
    /// or Matrix (the scalar fast path's rules: a Vector takes one index).
    #[inline(always)]
    pub(super) fn read(
        &mut self,
        interp: &Interp,
        regs: &[f64],
        array: u32,
        cell: Cell,
    ) -> Option<f64> {
        let (first, second) = cell_of(regs, cell);
        let k = array as usize;
        self.look_up(interp, array);
        let (data, vector) = match (&self.tables.held[k], &self.tables.views[k]) {
            (Some(held), _) => (&held.data, held.vector),
            (None, Some(view)) => (view.real()?, view.vector),
            (None, None) => return None,
        };
        if vector && second.is_some() {
            return None;
        }
        Some(data[cell_at(data.dim(), first, second)?])
    }

    /// Array `array` found in the workspace, as a view, unless it is held or seen already.
    #[inline(always)]
    pub(super) fn look_up(&mut self, interp: &Interp, array: u32) {
        let k = array as usize;
        if self.tables.held[k].is_none() && self.tables.views[k].is_none() {
            self.tables.views[k] = self.view(interp, k);
        }
    }

    /// A view of array number `k` as the workspace holds it now.
    #[cold]
    #[inline(never)]
    fn view(&self, interp: &Interp, k: usize) -> Option<View> {
        View::of(interp.vars.lookup(self.vars.arrays[k])?)
    }
}
