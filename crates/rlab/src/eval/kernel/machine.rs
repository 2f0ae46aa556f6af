//! Runs a compiled loop's [`Code`]: one `match` per operation over a vector of `f64`
//! registers. Element reads go to the workspace's arrays, each found there once
//! ([`view`]). An array the loop writes is taken out of the workspace at its first write
//! and held until the loop ends or falls back, so each write is a store (no reference
//! count to check). Anything the code cannot do goes to its [`Fallback`], after the
//! registers and held arrays are put back. A loop whose body is straight-line code is
//! swept ([`sweep`]): run in a loop of its own.

mod loops;
mod slice;
mod sweep;
mod view;

use super::Loaded;
use super::code::{Bin, Cell, Code, Fallback, Op};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::eval::scalar::cell_at;
use crate::ops;
use crate::value::{NumArray, Value};
use ndarray::Array2;
use std::sync::Arc;

/// What the operations other than arithmetic use. (The registers are kept apart, so the
/// arithmetic works on a slice the compiler knows nothing else writes.)
struct State<'s, 'a> {
    vars: &'s Loaded<'a>,
    tables: Tables,
}

/// A run's bookkeeping, kept with the code between runs ([`Scratch`]).
#[derive(Default)]
struct Tables {
    /// Per variable: whether its register holds a value (`vars.set` says which did at
    /// the start).
    set: Vec<bool>,
    /// The variables not set at the start that have been since, in that order.
    created: Vec<u32>,
    loops: Vec<loops::LoopState>,
    /// Per array: its data while held out of the workspace.
    held: Vec<Option<Held>>,
    /// Per array: a view of it while read and not held ([`view`]).
    views: Vec<Option<view::View>>,
    slice: slice::SliceState,
}

/// The storage a run of one loop's code uses besides its variables, kept with the code
/// between runs ([`super::Cache`]), so that a loop started once per training step
/// allocates nothing when it starts, and a loop over the same bounds as last time keeps
/// its elements.
#[derive(Default)]
pub(super) struct Scratch {
    regs: Vec<f64>,
    tables: Tables,
}

/// A real array held out of the workspace, and whether it was a Vector.
struct Held {
    data: Array2<f64>,
    vector: bool,
}

/// Run `code` over the variables `vars`, then write every variable it set back to the
/// workspace, whether it ended or failed. Its storage comes from `scratch` and goes back
/// there.
pub(super) fn run(
    code: &Code,
    vars: &Loaded,
    scratch: &mut Scratch,
    interp: &mut Interp,
) -> LangResult<()> {
    let mut regs = std::mem::take(&mut scratch.regs);
    regs.clear();
    regs.resize(code.registers, 0.0);
    regs[..vars.values.len()].copy_from_slice(&vars.values);
    for &(reg, x) in &code.consts {
        regs[reg as usize] = x;
    }
    let mut state = State {
        vars,
        tables: std::mem::take(&mut scratch.tables),
    };
    state.tables.start(code, vars);
    let result = execute(code, &mut regs, &mut state, interp);
    state.write_back(code, &regs, interp);
    *scratch = Scratch {
        regs,
        tables: state.tables,
    };
    result
}

impl Tables {
    /// Ready for a run of `code` over `vars`: nothing held or viewed (as after the last
    /// run's write-back), no variable created, the loops' kept elements kept.
    fn start(&mut self, code: &Code, vars: &Loaded) {
        let arrays = vars.arrays.len();
        self.set.clone_from(&vars.set);
        self.created.clear();
        self.loops.resize_with(code.loops.len(), Default::default);
        self.held.clear();
        self.held.resize_with(arrays, || None);
        self.views.clear();
        self.views.resize_with(arrays, || None);
    }
}

#[inline(never)]
fn execute(
    code: &Code,
    regs: &mut [f64],
    state: &mut State,
    interp: &mut Interp,
) -> LangResult<()> {
    let ops = &code.ops[..];
    let mut pc = 0;
    loop {
        pc = match ops[pc] {
            Op::Jump(to) => to as usize,
            Op::Branch { op, a, b, when, to } => {
                match ops::holds(op, regs[a as usize], regs[b as usize]) == when {
                    true => to as usize,
                    false => pc + 1,
                }
            }
            Op::ForStart {
                slot,
                var,
                start,
                step,
                stop,
                exit,
            } => {
                let bounds = [start, step, stop].map(|r| regs[r as usize]);
                match state.start_loop(code, slot, bounds)? {
                    false => exit as usize,
                    true => state.iterate(code, regs, interp, slot, var)?,
                }
            }
            Op::ForNext { slot, var } => state.iterate(code, regs, interp, slot, var)?,
            Op::SliceLoop { end } => {
                match state.slice_loop(&ops[pc + 1..end as usize], regs, interp) {
                    Ok(()) => end as usize,
                    Err(fallback) => state.fallback(code, regs, interp, fallback)?,
                }
            }
            Op::Done => return Ok(()),
            straight => match state.step(straight, regs, interp) {
                Ok(()) => pc + 1,
                Err(fallback) => state.fallback(code, regs, interp, fallback)?,
            },
        };
    }
}

impl State<'_, '_> {
    /// Do straight-line operation `op` ([`Op::sweepable`]); its fallback's number when it
    /// cannot (a guard on a variable not set, an element the code cannot read or write).
    /// Control operations do nothing here.
    #[inline(always)]
    fn step(&mut self, op: Op, regs: &mut [f64], interp: &mut Interp) -> Result<(), u32> {
        match op {
            Op::Guard { reg, fallback } if !self.tables.set[reg as usize] => return Err(fallback),
            Op::Mark(reg) => self.mark(reg),
            Op::Read {
                dst,
                array,
                cell,
                fallback,
            } => match self.read(interp, regs, array, cell) {
                Some(x) => regs[dst as usize] = x,
                None => return Err(fallback),
            },
            Op::Write {
                array,
                cell,
                value,
                fallback,
            } if !self.write(interp, regs, array, cell, value) => return Err(fallback),
            Op::SliceStart { lane, fallback } if !self.slice_start(interp, regs, lane) => {
                return Err(fallback);
            }
            Op::LaneLoad {
                lane,
                buffer,
                fallback,
            } if !self.lane_load(interp, regs, lane, buffer) => return Err(fallback),
            Op::SliceStore { lane, fallback } if !self.slice_store(interp, regs, lane) => {
                return Err(fallback);
            }
            arithmetic => compute(arithmetic, regs),
        }
        Ok(())
    }
}

/// An arithmetic operation's value into its register ([`Op::arithmetic`]; any other
/// operation does nothing).
#[inline(always)]
fn compute(op: Op, regs: &mut [f64]) {
    match op {
        Op::Add(bin) => bin.apply(regs, |x, y| x + y),
        Op::Sub(bin) => bin.apply(regs, |x, y| x - y),
        Op::Mul(bin) => bin.apply(regs, |x, y| x * y),
        Op::Div(bin) => bin.apply(regs, |x, y| x / y),
        Op::Pow(bin) => bin.apply(regs, f64::powf),
        Op::Fused(fused) => regs[fused.dst as usize] = fused.value(regs),
        Op::Neg { dst, a } => regs[dst as usize] = -regs[a as usize],
        Op::Math { f, dst, a } => regs[dst as usize] = f(regs[a as usize]),
        Op::Math2 { f, dst, a, b } => regs[dst as usize] = f(regs[a as usize], regs[b as usize]),
        Op::Copy { dst, a } => regs[dst as usize] = regs[a as usize],
        _ => {}
    }
}

impl Bin {
    #[inline(always)]
    fn apply(self, regs: &mut [f64], f: impl Fn(f64, f64) -> f64) {
        regs[self.dst as usize] = f(regs[self.a as usize], regs[self.b as usize]);
    }
}

impl State<'_, '_> {
    fn mark(&mut self, reg: u32) {
        if !self.tables.set[reg as usize] {
            self.tables.set[reg as usize] = true;
            self.tables.created.push(reg);
        }
    }

    /// Register `value` into the element at registers `cell` of array `array`, when the
    /// general path would write one element of a real array in bounds; whether it did.
    #[inline(always)]
    fn write(
        &mut self,
        interp: &mut Interp,
        regs: &[f64],
        array: u32,
        cell: Cell,
        value: u32,
    ) -> bool {
        let (first, second) = cell_of(regs, cell);
        if self.tables.held[array as usize].is_none() && !self.hold(interp, array) {
            return false;
        }
        let Some(held) = &mut self.tables.held[array as usize] else {
            return false;
        };
        let Some(target) = cell_at(held.data.dim(), first, second) else {
            return false;
        };
        held.data[target] = regs[value as usize];
        true
    }

    /// Take array `array` out of the workspace (copied only when shared, as a write
    /// would); whether it was a real Vector or Matrix, which is then held.
    #[cold]
    #[inline(never)]
    fn hold(&mut self, interp: &mut Interp, array: u32) -> bool {
        self.tables.views[array as usize] = None;
        let Some(value) = interp.vars.lookup_mut(self.vars.arrays[array as usize]) else {
            return false;
        };
        let (a, vector) = match std::mem::replace(value, Value::None) {
            Value::Vector(a) if a.is_real() => (a, true),
            Value::Matrix(a) if a.is_real() => (a, false),
            other => {
                *value = other;
                return false;
            }
        };
        let NumArray::Real(data) = Arc::unwrap_or_clone(a) else {
            unreachable!("a real array, checked above")
        };
        self.tables.held[array as usize] = Some(Held { data, vector });
        true
    }

    /// Go on the general way from an operation that could not: write the registers back,
    /// then evaluate the fallback's expression or run its statement.
    fn fallback(
        &mut self,
        code: &Code,
        regs: &mut [f64],
        interp: &mut Interp,
        fallback: u32,
    ) -> LangResult<usize> {
        self.write_back(code, regs, interp);
        match code.fallbacks[fallback as usize] {
            Fallback::Value {
                node,
                dst,
                resume,
                span,
            } => {
                let x = match interp.eval(node).map_err(|e| e.at(span))? {
                    Value::Scalar(x) => x,
                    other => {
                        return Err(LangError::type_error(format!(
                            "expected a real scalar in a compiled loop, got {}",
                            other.type_name()
                        ))
                        .at(node.span));
                    }
                };
                regs[dst as usize] = x;
                Ok(resume as usize)
            }
            Fallback::Statement { stmt, resume } => {
                interp.exec_stmt(stmt).map_err(|e| e.at(stmt.span))?;
                Ok(resume as usize)
            }
        }
    }

    /// Every variable set here back to the workspace: those set at the start, then the
    /// others in the order they were first set (the order the general path creates them);
    /// then every held array. Views are let go.
    fn write_back(&mut self, code: &Code, regs: &[f64], interp: &mut Interp) {
        self.tables.views.iter_mut().for_each(|view| *view = None);
        let existing = code.written.iter().filter(|&&r| self.vars.set[r as usize]);
        for &reg in existing.chain(&self.tables.created) {
            let var = self.vars.scalars[reg as usize];
            interp.vars.assign(var, Value::Scalar(regs[reg as usize]));
        }
        for (held, var) in self.tables.held.iter_mut().zip(&self.vars.arrays) {
            if let Some(Held { data, vector }) = held.take() {
                let data = Arc::new(NumArray::Real(data));
                let value = if vector {
                    Value::Vector(data)
                } else {
                    Value::Matrix(data)
                };
                interp.vars.assign(var, value);
            }
        }
    }
}

fn cell_of(regs: &[f64], cell: Cell) -> (f64, Option<f64>) {
    (
        regs[cell.first as usize],
        cell.second().map(|j| regs[j as usize]),
    )
}
