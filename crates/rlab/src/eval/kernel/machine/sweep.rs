//! Sweeps: a loop whose body is straight-line code (arithmetic, guards, element reads and
//! writes; no jumps, no inner loops) runs here, in one Rust loop over its elements and its
//! body's operations, rather than through the machine's loop, which pays for a pc, a
//! dispatch and the loop's `ForNext` on every element.
//!
//! An operation that cannot go on (its fallback is needed) hands over: the machine goes on
//! at that operation, in the same iteration, and runs it again, this time with its
//! fallback. That is the same thing, since an operation that cannot go on has changed
//! nothing (a write that takes its array out of the workspace holds it for the rest of the
//! loop either way). The machine's `ForNext` comes back here for the next element.

use super::{State, compute};
use crate::error::LangResult;
use crate::eval::Interp;
use crate::eval::kernel::code::Code;

/// Run loop `slot` over its remaining elements (each into `var`); the pc the machine goes
/// on at: after the loop, or at the operation that handed over. The loop's position is
/// kept in a local while it runs, and `var` is marked once, before its first element. A body
/// of arithmetic alone runs in a loop of its own, which never hands over.
pub(super) fn run(
    code: &Code,
    regs: &mut [f64],
    state: &mut State,
    interp: &mut Interp,
    slot: u32,
    var: u32,
) -> LangResult<usize> {
    let source = &code.loops[slot as usize];
    let body = source.body as usize;
    let ops = &code.ops[body..source.next as usize];
    if source.arithmetic {
        return each_item(code, regs, state, interp, (slot, var), |regs, _, _| {
            ops.iter().for_each(|&op| compute(op, regs));
            Ok(())
        });
    }
    each_item(
        code,
        regs,
        state,
        interp,
        (slot, var),
        |regs, state, interp| {
            for (k, &op) in ops.iter().enumerate() {
                if state.step(op, regs, interp).is_err() {
                    return Err(body + k);
                }
            }
            Ok(())
        },
    )
}

/// Loop `slot`'s remaining elements into `var`, `body` run after each; the pc after the
/// loop, or the pc `body` hands over at.
#[inline(always)]
fn each_item(
    code: &Code,
    regs: &mut [f64],
    state: &mut State,
    interp: &mut Interp,
    (slot, var): (u32, u32),
    mut body: impl FnMut(&mut [f64], &mut State, &mut Interp) -> Result<(), usize>,
) -> LangResult<usize> {
    let source = &code.loops[slot as usize];
    let running = &mut state.tables.loops[slot as usize];
    let (items, mut next) = (std::mem::take(&mut running.items), running.next);
    if next < items.len() {
        state.mark(var);
    }
    let outcome = loop {
        let Some(&item) = items.get(next) else {
            break Ok(source.after());
        };
        next += 1;
        regs[var as usize] = item;
        if let Err(e) = interp.check_time() {
            break Err(e.at(source.stmt.span));
        }
        if let Err(at) = body(regs, state, interp) {
            break Ok(at);
        }
    };
    let running = &mut state.tables.loops[slot as usize];
    (running.items, running.next) = (items, next);
    outcome
}
