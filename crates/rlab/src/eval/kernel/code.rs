//! The instruction set of compiled loops: operations on numbered `f64` registers, the
//! fallbacks that hand an operation the compiled form cannot do to the general evaluator,
//! and the code of one loop. [`super::lower`] writes it; [`super::machine`] runs it.

use crate::ast::{BinOp, Expr, Span, Stmt};
use crate::ops::Arith;

/// The registers of a two-operand operation.
#[derive(Clone, Copy)]
pub(super) struct Bin {
    pub dst: u32,
    pub a: u32,
    pub b: u32,
}

/// One operation. Jump targets and fallbacks are indices into [`Code`]'s lists.
#[derive(Clone, Copy)]
pub(super) enum Op {
    Add(Bin),
    Sub(Bin),
    Mul(Bin),
    Div(Bin),
    Pow(Bin),
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
    Read1 {
        dst: u32,
        array: u32,
        k: u32,
        fallback: u32,
    },
    Read2 {
        dst: u32,
        array: u32,
        i: u32,
        j: u32,
        fallback: u32,
    },
    Write1 {
        array: u32,
        k: u32,
        value: u32,
        fallback: u32,
    },
    Write2 {
        array: u32,
        i: u32,
        j: u32,
        value: u32,
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
    /// The next element of loop `slot` into `var` and jump to `body`, or go on when done.
    ForNext {
        slot: u32,
        var: u32,
        body: u32,
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

/// A `for` loop's source, for its errors.
pub(super) struct LoopSource<'a> {
    pub iter: &'a Expr,
    pub stmt: &'a Stmt,
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
