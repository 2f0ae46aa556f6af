//! Slice writes in the machine: the target's lane checked and the length taken from it,
//! the value's lanes copied into buffers (so every element is read before any is
//! written, as the general path evaluates the value first), the value computed a lane at
//! a time ([`lanes`]), and the target's lane written from it at the end.

mod lanes;

use super::view::View;
use super::{Held, State};
use crate::eval::Interp;
use crate::eval::kernel::Axis;
use crate::eval::kernel::code::LaneAt;
use crate::eval::scalar::cell_at;
use ndarray::{Array2, Axis as Dim};

/// The slice write running: its length, the lanes its value reads, its value's wide
/// registers, and the elements to write.
#[derive(Default)]
pub(super) struct SliceState {
    len: usize,
    buffers: Vec<Vec<f64>>,
    lanes: lanes::Lanes,
    out: Vec<f64>,
}

impl State<'_, '_> {
    /// Whether `lane` is a lane of a real Matrix with at least one element; it then
    /// starts the write.
    pub(super) fn slice_start(&mut self, interp: &Interp, regs: &[f64], lane: LaneAt) -> bool {
        self.look_up(interp, lane.array);
        let data = matrix(&self.tables.held, &self.tables.views, lane.array);
        let Some((_, len)) = data.and_then(|data| locate(data, regs, lane)) else {
            return false;
        };
        self.tables.slice.len = len;
        self.tables.slice.out.clear();
        len >= 1
    }

    /// Whether `lane` is a lane of a real Matrix of the write's length; its elements are
    /// then in buffer `buffer`.
    pub(super) fn lane_load(
        &mut self,
        interp: &Interp,
        regs: &[f64],
        lane: LaneAt,
        buffer: u32,
    ) -> bool {
        self.look_up(interp, lane.array);
        let Some(data) = matrix(&self.tables.held, &self.tables.views, lane.array) else {
            return false;
        };
        let slice = &mut self.tables.slice;
        match locate(data, regs, lane) {
            Some((at, len)) if len == slice.len => {
                let buffer = buffer as usize;
                if slice.buffers.len() <= buffer {
                    slice.buffers.resize_with(buffer + 1, Vec::new);
                }
                let (elements, buffer) = (
                    data.index_axis(dim(lane.axis), at),
                    &mut slice.buffers[buffer],
                );
                buffer.clear();
                match elements.as_slice() {
                    Some(row) => buffer.extend_from_slice(row),
                    None => buffer.extend(elements.iter()),
                }
                true
            }
            _ => false,
        }
    }

    /// Write the elements put into the target `lane` (held from now on); whether it could.
    pub(super) fn slice_store(&mut self, interp: &mut Interp, regs: &[f64], lane: LaneAt) -> bool {
        let array = lane.array as usize;
        if self.tables.held[array].is_none() && !self.hold(interp, lane.array) {
            return false;
        }
        let Some(Held { data, .. }) = &mut self.tables.held[array] else {
            return false;
        };
        let Some((at, len)) = locate(data, regs, lane) else {
            return false;
        };
        if len != self.tables.slice.out.len() {
            return false;
        }
        let mut target = data.index_axis_mut(dim(lane.axis), at);
        match target.as_slice_mut() {
            Some(row) => row.copy_from_slice(&self.tables.slice.out),
            None => target
                .into_iter()
                .zip(&self.tables.slice.out)
                .for_each(|(t, &x)| *t = x),
        }
        true
    }
}

/// Array number `array` when it is a real Matrix: held, or seen through its view
/// ([`State::look_up`] first).
fn matrix<'s>(
    held: &'s [Option<Held>],
    views: &'s [Option<View>],
    array: u32,
) -> Option<&'s Array2<f64>> {
    match (&held[array as usize], &views[array as usize]) {
        (Some(held), _) => (!held.vector).then_some(&held.data),
        (None, Some(view)) => view.matrix(),
        (None, None) => None,
    }
}

/// The 0-based row (column) that `lane`'s index names in `data`, as an element read
/// would take it, and the lane's length.
fn locate(data: &Array2<f64>, regs: &[f64], lane: LaneAt) -> Option<(usize, usize)> {
    let fixed = regs[lane.fixed as usize];
    match lane.axis {
        Axis::Row => cell_at(data.dim(), fixed, Some(1.0)).map(|(r, _)| (r, data.ncols())),
        Axis::Column => cell_at(data.dim(), 1.0, Some(fixed)).map(|(_, c)| (c, data.nrows())),
    }
}

/// The array axis along which `axis`'s lanes are numbered.
fn dim(axis: Axis) -> Dim {
    match axis {
        Axis::Row => Dim(0),
        Axis::Column => Dim(1),
    }
}
