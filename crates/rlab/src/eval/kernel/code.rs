//! The instruction set of compiled loops: operations on numbered `f64` registers, the
//! fallbacks that hand an operation the compiled form cannot do to the general evaluator,
//! and the code of one loop. [`super::lower`] writes it; [`super::machine`] runs it.

use super::Axis;
use crate::ast::{BinOp, Expr, Span, Stmt};
use crate::ops::Arith;

/// The registers of a two-operand operation.
#[derive(Clone, Copy)]
pub(super) struct Bin {
    pub dst: u32,
    pub a: u32,
    pub b: u32,
}

/// Two operations in one, with the intermediate value kept out of the registers:
/// `dst = (a inner b) outer c`, or `dst = c outer (a inner b)`. The pair of operators is
/// one function ([`Fused::new`]), so the machine makes one call rather than a dispatch on
/// each operator.
#[derive(Clone, Copy)]
pub(super) struct Fused {
    pub dst: u32,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    fuse: Fuse,
}

/// `(a, b, c) ↦ (a inner b) outer c` or `c outer (a inner b)` for one pair of operators.
type Fuse = fn(f64, f64, f64) -> f64;

impl Fused {
    /// `dst = (a inner b) outer c`, or `c outer (a inner b)` when `inner_right`.
    pub(super) fn new(
        [dst, a, b, c]: [u32; 4],
        inner: Arith,
        outer: Arith,
        inner_right: bool,
    ) -> Fused {
        let fuse = FUSES[inner as usize][outer as usize][usize::from(inner_right)];
        Fused { dst, a, b, c, fuse }
    }

    /// The value of the two operations over `regs`: each the `f64` operation
    /// [`Arith::scalar`] applies, as the unfused operations would.
    #[inline(always)]
    pub(super) fn value(self, regs: &[f64]) -> f64 {
        let [a, b, c] = [self.a, self.b, self.c].map(|r| regs[r as usize]);
        self.apply(a, b, c)
    }

    /// The two operations on the values `a`, `b` and `c`.
    #[inline(always)]
    pub(super) fn apply(self, a: f64, b: f64, c: f64) -> f64 {
        (self.fuse)(a, b, c)
    }
}

/// One [`Fuse`] per operator pair and side, each compiled with its operators known.
const FUSES: [[[Fuse; 2]; 5]; 5] = fuse_table!(0 1 2 3 4);

macro_rules! fuse_table {
    ($($i:literal)*) => { [$(fuse_table!(@outer $i; 0 1 2 3 4)),*] };
    (@outer $i:literal; $($o:literal)*) => {
        [$([fuse::<$i, $o, false> as Fuse, fuse::<$i, $o, true> as Fuse]),*]
    };
}
use fuse_table;

/// The fused operation of operators number `INNER` and `OUTER` in [`Arith::ALL`].
fn fuse<const INNER: usize, const OUTER: usize, const RIGHT: bool>(a: f64, b: f64, c: f64) -> f64 {
    let inner = Arith::ALL[INNER].scalar(a, b);
    match RIGHT {
        false => Arith::ALL[OUTER].scalar(inner, c),
        true => Arith::ALL[OUTER].scalar(c, inner),
    }
}

/// The registers of an element's index: `(first)` (column-major) or `(first, second)`.
/// (`second` is [`Cell::ONE`] for one index rather than an `Option`, which would make every
/// operation longer, and the machine's loop slower.)
#[derive(Clone, Copy, PartialEq)]
pub(super) struct Cell {
    pub first: u32,
    second: u32,
}

impl Cell {
    const ONE: u32 = u32::MAX;

    pub(super) fn new(first: u32, second: Option<u32>) -> Cell {
        let second = second.unwrap_or(Cell::ONE);
        Cell { first, second }
    }

    pub(super) fn second(self) -> Option<u32> {
        (self.second != Cell::ONE).then_some(self.second)
    }
}

/// A lane of a slice write: the row (`Axis::Row`) or column that register `fixed` numbers
/// in array number `array`.
#[derive(Clone, Copy)]
pub(super) struct LaneAt {
    pub array: u32,
    pub fixed: u32,
    pub axis: Axis,
}

/// One operation. Jump targets and fallbacks are indices into [`Code`]'s lists.
#[derive(Clone, Copy)]
pub(super) enum Op {
    Add(Bin),
    Sub(Bin),
    Mul(Bin),
    Div(Bin),
    Pow(Bin),
    Fused(Fused),
    Neg {
        dst: u32,
        a: u32,
    },
    /// An element-wise math builtin's real function.
    Math {
        f: fn(f64) -> f64,
        dst: u32,
        a: u32,
    },
    /// A math builtin's real function of two values.
    Math2 {
        f: fn(f64, f64) -> f64,
        dst: u32,
        a: u32,
        b: u32,
    },
    Copy {
        dst: u32,
        a: u32,
    },
    /// Go on when variable `reg` is set, else to the fallback.
    Guard {
        reg: u32,
        fallback: u32,
    },
    /// Variable `reg` has just been assigned (it may not have been set before).
    Mark(u32),
    /// Element `cell` of array number `array` into `dst`.
    Read {
        dst: u32,
        array: u32,
        cell: Cell,
        fallback: u32,
    },
    /// Register `value` into element `cell` of array number `array`.
    Write {
        array: u32,
        cell: Cell,
        value: u32,
        fallback: u32,
    },
    /// Start a slice write at its target: go on when `lane` is a lane of a real Matrix
    /// with at least one element, whose length becomes the write's, else to the fallback.
    SliceStart {
        lane: LaneAt,
        fallback: u32,
    },
    /// Copy `lane`'s elements into buffer `buffer` when it is a lane of a real Matrix of
    /// the write's length, else go to the fallback.
    LaneLoad {
        lane: LaneAt,
        buffer: u32,
        fallback: u32,
    },
    /// Buffer `buffer`'s element at the slice write's position into `dst`.
    LaneRead {
        dst: u32,
        buffer: u32,
    },
    /// Register `value` as the slice write's element at its position.
    LanePut {
        value: u32,
    },
    /// Run the operations from the next one up to `end` (the value and its `LanePut`) at
    /// every position of the slice write (each over all positions at once, see
    /// `machine::slice::lanes`), then go on at `end`.
    SliceLoop {
        end: u32,
    },
    /// The elements put into the target `lane` (checked at the start).
    SliceStore {
        lane: LaneAt,
        fallback: u32,
    },
    Jump(u32),
    /// Jump to `to` when `a op b` is `when`.
    Branch {
        op: BinOp,
        a: u32,
        b: u32,
        when: bool,
        to: u32,
    },
    /// Make loop `slot`'s elements; the first into `var`, or jump to `exit` when none.
    ForStart {
        slot: u32,
        var: u32,
        start: u32,
        step: u32,
        stop: u32,
        exit: u32,
    },
    /// The next element of loop `slot` into `var` and jump to its body, or go on when done.
    ForNext {
        slot: u32,
        var: u32,
    },
    Done,
}

/// How the general evaluator takes over when an operation cannot go on.
pub(super) enum Fallback<'a> {
    /// Evaluate `node` into register `dst` and go on at `resume`; an error is placed at
    /// `span` (the statement) unless it has a place of its own.
    Value {
        node: &'a Expr,
        dst: u32,
        resume: u32,
        span: Span,
    },
    /// Run `stmt` the general way and go on at `resume`.
    Statement { stmt: &'a Stmt, resume: u32 },
}

/// A `for` loop's source, for its errors; where its body and its `ForNext` are; and
/// whether the machine may sweep it: run it with no operations of its own, when its body
/// is straight-line ([`Op::sweepable`]).
pub(super) struct LoopSource<'a> {
    pub iter: &'a Expr,
    pub stmt: &'a Stmt,
    pub body: u32,
    pub next: u32,
    pub sweep: bool,
    /// Whether its body is arithmetic alone ([`Op::arithmetic`]), which a sweep runs
    /// without a way to hand over.
    pub arithmetic: bool,
}

impl LoopSource<'_> {
    /// The operation after the loop.
    pub(super) fn after(&self) -> usize {
        self.next as usize + 1
    }
}

impl Op {
    /// Whether the machine can run this operation in a sweep: it goes on to the next
    /// operation, or hands over to the machine's loop (which runs it again there).
    pub(super) fn sweepable(&self) -> bool {
        self.arithmetic()
            || matches!(
                self,
                Op::Guard { .. } | Op::Mark(_) | Op::Read { .. } | Op::Write { .. }
            )
    }

    /// Whether this is arithmetic on registers alone: it cannot fail or hand over.
    pub(super) fn arithmetic(&self) -> bool {
        matches!(
            self,
            Op::Add(_)
                | Op::Sub(_)
                | Op::Mul(_)
                | Op::Div(_)
                | Op::Pow(_)
                | Op::Fused(_)
                | Op::Neg { .. }
                | Op::Math { .. }
                | Op::Math2 { .. }
                | Op::Copy { .. }
        )
    }
}

/// The code of one compiled loop.
pub(super) struct Code<'a> {
    pub ops: Vec<Op>,
    pub fallbacks: Vec<Fallback<'a>>,
    pub loops: Vec<LoopSource<'a>>,
    /// Registers holding constants, with their values.
    pub consts: Vec<(u32, f64)>,
    pub registers: usize,
    /// The variables' registers that some operation writes.
    pub written: Vec<u32>,
}

/// The operation applying `op`.
pub(super) fn arith(op: Arith, bin: Bin) -> Op {
    match op {
        Arith::Add => Op::Add(bin),
        Arith::Sub => Op::Sub(bin),
        Arith::Mul => Op::Mul(bin),
        Arith::Div => Op::Div(bin),
        Arith::Pow => Op::Pow(bin),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry of the table is its pair of operators, in its order, on its side.
    #[test]
    fn every_fused_pair_is_its_two_operations() {
        let regs = [1.5, -0.25, 3.0, 0.0];
        for (k, &inner) in Arith::ALL.iter().enumerate() {
            assert_eq!(inner as usize, k);
            for &outer in &Arith::ALL {
                for right in [false, true] {
                    let fused = Fused::new([3, 0, 1, 2], inner, outer, right);
                    let x = inner.scalar(1.5, -0.25);
                    let expect = if right {
                        outer.scalar(3.0, x)
                    } else {
                        outer.scalar(x, 3.0)
                    };
                    let got = fused.value(&regs);
                    assert!(
                        got.to_bits() == expect.to_bits(),
                        "{inner:?} {outer:?} {right}"
                    );
                }
            }
        }
    }
}
