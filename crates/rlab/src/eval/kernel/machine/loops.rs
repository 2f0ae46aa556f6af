//! `for` loops in the machine: a loop's elements made at its start (kept when it starts
//! again over the same bounds), and each next element into the loop's variable after the
//! time limit's check, or a sweep of the rest ([`super::sweep`]).

use super::{State, sweep};
use crate::error::LangResult;
use crate::eval::Interp;
use crate::eval::kernel::code::Code;
use crate::ops;

/// The elements of a running `for` loop, the next one's position, and the bounds they
/// were made from (a loop started again over the same bounds keeps them).
#[derive(Default)]
pub(super) struct LoopState {
    pub(super) items: Vec<f64>,
    pub(super) next: usize,
    bounds: Option<[u64; 3]>,
}

impl State<'_, '_> {
    /// Make loop `slot`'s elements from `bounds` (kept from its last start when they are
    /// the same); whether there are any.
    pub(super) fn start_loop(
        &mut self,
        code: &Code,
        slot: u32,
        [start, step, stop]: [f64; 3],
    ) -> LangResult<bool> {
        let state = &mut self.tables.loops[slot as usize];
        let bounds = Some([start, step, stop].map(f64::to_bits));
        if state.bounds != bounds {
            state.bounds = None;
            let source = &code.loops[slot as usize];
            ops::range_into(start, step, stop, &mut state.items)
                .map_err(|e| e.at(source.iter.span).at(source.stmt.span))?;
            state.bounds = bounds;
        }
        state.next = 0;
        Ok(!state.items.is_empty())
    }

    /// Go on with loop `slot`: its next element into `var` (after the time limit's
    /// check) and the pc of its body, or the pc after the loop when it is done. A loop the
    /// machine can sweep runs here until it is done or an operation hands over ([`sweep`]).
    #[inline(always)]
    pub(super) fn iterate(
        &mut self,
        code: &Code,
        regs: &mut [f64],
        interp: &mut Interp,
        slot: u32,
        var: u32,
    ) -> LangResult<usize> {
        let source = &code.loops[slot as usize];
        if source.sweep {
            return sweep::run(code, regs, self, interp, slot, var);
        }
        let state = &mut self.tables.loops[slot as usize];
        let Some(&item) = state.items.get(state.next) else {
            return Ok(source.after());
        };
        state.next += 1;
        regs[var as usize] = item;
        self.mark(var);
        interp.check_time().map_err(|e| e.at(source.stmt.span))?;
        Ok(source.body as usize)
    }
}
