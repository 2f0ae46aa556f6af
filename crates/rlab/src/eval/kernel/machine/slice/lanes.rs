//! A slice write's value computed a whole lane at a time: each operation runs once, over
//! every position, rather than the value's operations once per position. A register that
//! depends on a lane holds one value per position (it is *wide*); one that does not (a
//! number, a scalar variable, an element of another array) is computed once. Every
//! element is the same `f64` operation on the same operands as at its position alone, so
//! the results are the same bits; the operations that can hand over (element reads,
//! guards) read no lane (see [`crate::eval::kernel::slice`]) and run once, which hands
//! over exactly when the first position would have.

use super::SliceState;
use crate::eval::Interp;
use crate::eval::kernel::code::{Bin, Op};
use crate::eval::kernel::machine::{State, compute};
use crate::ops::{Arith, array_div};

/// The wide registers of the running slice write.
#[derive(Default)]
pub(super) struct Lanes {
    /// Per register: its values by position, while `wide` says so.
    values: Vec<Vec<f64>>,
    wide: Vec<bool>,
    /// The storage of the next wide value.
    spare: Vec<f64>,
}

/// An operand of a lane-wide operation: one value per position, or one for all.
#[derive(Clone, Copy)]
enum Operand<'s> {
    Lane(&'s [f64]),
    Number(f64),
}

impl State<'_, '_> {
    /// Run `ops`, the value of the slice write and its `LanePut`, over every position; the
    /// fallback of an operation that cannot go on.
    pub(in crate::eval::kernel::machine) fn slice_loop(
        &mut self,
        ops: &[Op],
        regs: &mut [f64],
        interp: &mut Interp,
    ) -> Result<(), u32> {
        self.tables.slice.lanes.start(regs.len());
        for &op in ops {
            match op {
                Op::LaneRead { dst, buffer } => self.tables.slice.lane_read(dst, buffer, regs),
                Op::LanePut { value } => self.tables.slice.lane_put(value, regs),
                op if op.arithmetic() => self.tables.slice.lanes.arithmetic(op, regs),
                op => self.step(op, regs, interp)?,
            }
        }
        Ok(())
    }
}

impl SliceState {
    /// Buffer `buffer` (a lane of the value, read once per write) into register `dst`:
    /// its storage moves there, and the buffer takes spare storage for its next load.
    fn lane_read(&mut self, dst: u32, buffer: u32, regs: &mut [f64]) {
        let mut values = self.lanes.spare();
        std::mem::swap(&mut values, &mut self.buffers[buffer as usize]);
        self.lanes.finish(dst, values, true, regs);
    }

    /// Register `value` as the elements to write (a wide register's storage moves there).
    fn lane_put(&mut self, value: u32, regs: &[f64]) {
        match self.lanes.operand(value, regs) {
            Operand::Lane(_) => self.lanes.take(value, &mut self.out),
            Operand::Number(x) => self.out.resize(self.len, x),
        }
    }
}

impl Lanes {
    /// Forget every wide register: a slice write over `registers` registers starts.
    fn start(&mut self, registers: usize) {
        self.wide.clear();
        self.wide.resize(registers, false);
        self.values.resize_with(registers, Vec::new);
    }

    fn operand(&self, reg: u32, regs: &[f64]) -> Operand<'_> {
        match self.wide[reg as usize] {
            true => Operand::Lane(&self.values[reg as usize]),
            false => Operand::Number(regs[reg as usize]),
        }
    }

    /// Wide register `reg`'s values into `out`, whose storage it takes.
    fn take(&mut self, reg: u32, out: &mut Vec<f64>) {
        std::mem::swap(out, &mut self.values[reg as usize]);
    }

    /// Empty storage for a wide value.
    fn spare(&mut self) -> Vec<f64> {
        let mut out = std::mem::take(&mut self.spare);
        out.clear();
        out
    }

    /// Register `dst` done: wide with the values `out`, its register holding the last
    /// position's (as after a loop over the positions); or not wide, its register set.
    fn finish(&mut self, dst: u32, out: Vec<f64>, wide: bool, regs: &mut [f64]) {
        let dst = dst as usize;
        self.wide[dst] = wide;
        if !wide {
            self.spare = out;
            return;
        }
        if let Some(&last) = out.last() {
            regs[dst] = last;
        }
        self.spare = std::mem::replace(&mut self.values[dst], out);
    }

    /// Arithmetic `op` over the positions, or once when it reads no wide register.
    fn arithmetic(&mut self, op: Op, regs: &mut [f64]) {
        match op {
            Op::Add(bin) => self.binary(bin, regs, |x, y, out| combine(Arith::Add, x, y, out)),
            Op::Sub(bin) => self.binary(bin, regs, |x, y, out| combine(Arith::Sub, x, y, out)),
            Op::Mul(bin) => self.binary(bin, regs, |x, y, out| combine(Arith::Mul, x, y, out)),
            Op::Div(bin) => self.binary(bin, regs, |x, y, out| combine(Arith::Div, x, y, out)),
            Op::Pow(bin) => self.binary(bin, regs, |x, y, out| combine(Arith::Pow, x, y, out)),
            Op::Math2 { f, dst, a, b } => {
                let bin = Bin { dst, a, b };
                self.binary(bin, regs, |x, y, out| combine_with(x, y, out, f));
            }
            Op::Neg { dst, a } => self.unary(dst, a, regs, |x| -x),
            Op::Math { f, dst, a } => self.unary(dst, a, regs, f),
            Op::Copy { dst, a } => self.unary(dst, a, regs, |x| x),
            // A fused pair reads no lane (lowering fuses nothing that does, and its
            // registers are new ones no lane operation wrote): it runs once, as here.
            other => compute(other, regs),
        }
    }

    fn unary(&mut self, dst: u32, a: u32, regs: &mut [f64], f: impl Fn(f64) -> f64) {
        let mut out = self.spare();
        let wide = match self.operand(a, regs) {
            Operand::Lane(x) => {
                out.extend(x.iter().map(|&x| f(x)));
                true
            }
            Operand::Number(x) => {
                regs[dst as usize] = f(x);
                false
            }
        };
        self.finish(dst, out, wide, regs);
    }

    /// Operation `bin` by `combine` (of its operands, onto the spare storage).
    fn binary(
        &mut self,
        bin: Bin,
        regs: &mut [f64],
        combine: impl FnOnce(Operand, Operand, &mut Vec<f64>) -> Option<f64>,
    ) {
        let mut out = self.spare();
        let [x, y] = [bin.a, bin.b].map(|r| self.operand(r, regs));
        let number = combine(x, y, &mut out);
        if let Some(x) = number {
            regs[bin.dst as usize] = x;
        }
        self.finish(bin.dst, out, number.is_none(), regs);
    }
}

/// `x arith y` by [`combine_with`], as the general path computes it: a lane is an array
/// there, so a division that reads one is rustlab's array division ([`array_div`], which
/// can differ from `x / y` in the last bit; lowering fuses nothing that reads a lane, so
/// no pair divides it as numbers do); everything else is [`Arith::scalar`]'s.
fn combine(arith: Arith, x: Operand, y: Operand, out: &mut Vec<f64>) -> Option<f64> {
    match arith {
        Arith::Add => combine_with(x, y, out, |x, y| Arith::Add.scalar(x, y)),
        Arith::Sub => combine_with(x, y, out, |x, y| Arith::Sub.scalar(x, y)),
        Arith::Mul => combine_with(x, y, out, |x, y| Arith::Mul.scalar(x, y)),
        Arith::Div => match (x, y) {
            (Operand::Number(x), Operand::Number(y)) => Some(Arith::Div.scalar(x, y)),
            _ => combine_with(x, y, out, array_div),
        },
        Arith::Pow => combine_with(x, y, out, |x, y| Arith::Pow.scalar(x, y)),
    }
}

/// `f(x, y)` at every position onto `out` when either is a lane; the one number when
/// neither is (`out` left as it was).
#[inline(always)]
fn combine_with(
    x: Operand,
    y: Operand,
    out: &mut Vec<f64>,
    f: impl Fn(f64, f64) -> f64,
) -> Option<f64> {
    match (x, y) {
        (Operand::Lane(x), Operand::Lane(y)) => {
            out.extend(x.iter().zip(y).map(|(&x, &y)| f(x, y)));
        }
        (Operand::Lane(x), Operand::Number(y)) => out.extend(x.iter().map(|&x| f(x, y))),
        (Operand::Number(x), Operand::Lane(y)) => out.extend(y.iter().map(|&y| f(x, y))),
        (Operand::Number(x), Operand::Number(y)) => return Some(f(x, y)),
    }
    None
}
