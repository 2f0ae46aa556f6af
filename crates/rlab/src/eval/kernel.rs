//! Scalar loops compiled to registers: a `for` loop whose body does arithmetic on real
//! scalars and reads and writes elements of real arrays (`s = s + i * j - k / 3`,
//! `B(c, r) = A(r, c) * 2 + 1`, nested loops and `if`s over such statements), and writes
//! whole rows or columns element by element (`E(k, :) = E(k, :) - lr * D(t, :)`, see
//! [`slice`]), runs as straight-line code over a vector of `f64` registers, with no name
//! lookup, no `Value` and no allocation per statement. Loops whose body does anything else
//! run the general way.
//!
//! Three steps: [`compile`] decides whether a loop qualifies and builds the tree below with
//! its registers loaded from the variables ([`inline`] takes in the bodies of small
//! functions it calls); [`lower`] turns the tree into [`code`] (registers for every value,
//! jumps for `if`, `break` and `continue`; an operation on another's value fused with it);
//! [`machine`] runs the code, and a loop whose body has no jumps in a loop of its own.
//! A loop inside a loop that runs the general way keeps its code for its next start
//! ([`cache`]) while compiling again would give the same.
//!
//! The compiled form keeps the general path's semantics exactly:
//! - every operation is the `f64` operation the general evaluator applies to two Scalars
//!   (`Arith::scalar`, `compare::holds`), ranges are `ops::range`'s elements, and the
//!   time limit and cancellation are checked on every iteration;
//! - an element access the code cannot make (an index out of bounds or not a whole number,
//!   an array that became something else) and a read of a variable not yet set are handed
//!   to the general evaluator after the registers are written back: the expression (or the
//!   element write) is evaluated the general way, so the result or the error is the
//!   general one, at the same position;
//! - registers are written back to the workspace when the loop ends or fails, variables
//!   created in the order the general path creates them.

mod cache;
mod code;
mod compile;
mod inline;
mod lower;
mod machine;
mod slice;
#[cfg(test)]
mod tests;

pub(crate) use cache::Cache;
pub(crate) use compile::Defs;

use super::Interp;
use crate::ast::{BinOp, Expr, Stmt};
use crate::error::LangResult;
use crate::names::Var;
use crate::ops::Arith;

/// A compiled expression over the registers.
enum KExpr<'a> {
    Const(f64),
    Reg(usize),
    Neg(Box<KExpr<'a>>),
    Bin(Arith, Box<KExpr<'a>>, Box<KExpr<'a>>),
    /// An element read of array number `array`.
    Elem {
        array: usize,
        index: Index<'a>,
    },
    /// An element-wise math builtin (`exp`, `log`, `sqrt`, ...) of a real scalar.
    Math(fn(f64) -> f64, Box<KExpr<'a>>),
    /// A math builtin of two real scalars (`mod`).
    Math2(fn(f64, f64) -> f64, Box<KExpr<'a>>, Box<KExpr<'a>>),
    /// A user function's body inlined.
    Call(Box<Inlined<'a>>),
    /// In the value of a [`SliceWrite`]: the element of its lane number `k` at the
    /// position written.
    Lane(usize),
}

/// A row `array(fixed, :)` or a column `array(:, fixed)` of a real Matrix.
struct Lane<'a> {
    array: usize,
    fixed: KExpr<'a>,
}

/// Whether a [`Lane`] is a row or a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    Row,
    Column,
}

/// `target = value` for a row or column `target`, element by element: at each position,
/// `value` with its [`KExpr::Lane`]s read there (rows of one length with a row, columns
/// with a column), and numbers and other arrays' elements as they are.
struct SliceWrite<'a> {
    axis: Axis,
    target: Lane<'a>,
    lanes: Vec<Lane<'a>>,
    value: KExpr<'a>,
    stmt: &'a Stmt,
}

/// A call of a user function whose body is compiled arithmetic: the arguments go to its
/// first locals (its parameters), and its value is local `output` when the body is done.
/// Every local is set before it is read on every path, so the body cannot fail.
struct Inlined<'a> {
    args: Vec<KExpr<'a>>,
    locals: usize,
    body: Vec<KStmt<'a>>,
    output: usize,
}

/// `(k)` or `(i, j)`.
enum Index<'a> {
    One(Box<KExpr<'a>>),
    Two(Box<KExpr<'a>>, Box<KExpr<'a>>),
}

/// An expression with the source node it was compiled from: the unit the general
/// evaluator takes over when the compiled form cannot go on.
struct Rooted<'a> {
    expr: KExpr<'a>,
    node: &'a Expr,
}

/// A compiled condition.
enum KCond<'a> {
    Compare(BinOp, Rooted<'a>, Rooted<'a>),
    And(Box<KCond<'a>>, Box<KCond<'a>>),
    Or(Box<KCond<'a>>, Box<KCond<'a>>),
    Not(Box<KCond<'a>>),
}

/// A compiled statement; `stmt` is its source, for positions and the general fallback.
enum KStmt<'a> {
    Set {
        reg: usize,
        op: Option<Arith>,
        value: Rooted<'a>,
        stmt: &'a Stmt,
    },
    /// `array(index) = value`; the general path runs the whole statement when any part
    /// cannot be done here.
    Write {
        array: usize,
        index: Index<'a>,
        value: KExpr<'a>,
        stmt: &'a Stmt,
    },
    /// A row or column written element by element.
    Slice(Box<SliceWrite<'a>>),
    For {
        reg: usize,
        range: Range<'a>,
        iter: &'a Expr,
        body: Vec<KStmt<'a>>,
        stmt: &'a Stmt,
    },
    If {
        branches: Vec<(KCond<'a>, Vec<KStmt<'a>>)>,
        otherwise: Vec<KStmt<'a>>,
        stmt: &'a Stmt,
    },
    Break,
    Continue,
}

/// `start:stop` or `start:step:stop`.
struct Range<'a> {
    start: Rooted<'a>,
    step: Option<Rooted<'a>>,
    stop: Rooted<'a>,
}

/// The variables a compiled loop uses, as they were when it started: scalars (one
/// register each, with its value when it held a real Scalar) and arrays.
struct Loaded<'a> {
    scalars: Vec<&'a Var>,
    values: Vec<f64>,
    set: Vec<bool>,
    /// Per scalar: whether it held something else (a complex `i` before `for i = ...`).
    /// Such a variable compiles only when the loop sets it before every read.
    foreign: Vec<bool>,
    arrays: Vec<&'a Var>,
}

impl Interp {
    /// Run the `for` statement `stmt` compiled, when it qualifies and its variables hold
    /// what the compiled form needs; `None` (nothing done) otherwise. Its code is kept in
    /// `kernels` for the next start.
    pub(super) fn try_kernel<'a>(
        &mut self,
        stmt: &'a Stmt,
        kernels: &mut Cache<'a>,
    ) -> Option<LangResult<()>> {
        let (code, loaded, scratch) = kernels.code(self, stmt)?;
        Some(machine::run(code, loaded, scratch, self))
    }
}
