//! The state-space value `ẋ = Ax + Bu, y = Cx + Du` (rustlab's `ss`), with fields
//! `sys.A` … `sys.D`, and the builtins that build and inspect one: `ss`, `ctrb`, `obsv`.

use super::convert;
use super::dense::{self, CMat};
use super::tf::as_tf;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{Obj, Object, Value};
use ndarray::{Array2, Axis, concatenate};
use std::any::Any;

/// A continuous-time state-space model: A n×n, B n×m, C p×n, D p×m.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StateSpace {
    pub a: CMat,
    pub b: CMat,
    pub c: CMat,
    pub d: CMat,
}

impl StateSpace {
    pub(super) fn value(self) -> Value {
        Value::Object(Obj::new(self))
    }
}

impl Object for StateSpace {
    fn type_name(&self) -> &'static str {
        "ss"
    }

    /// `ss<2-state, 1 input, 1 output>` and a line of the four shapes.
    fn display(&self) -> String {
        let shape = |m: &CMat| format!("{}x{}", m.nrows(), m.ncols());
        format!(
            "ss<{}-state, {} input, {} output>\n  A: {}  B: {}  C: {}  D: {}",
            self.a.nrows(),
            self.b.ncols(),
            self.c.nrows(),
            shape(&self.a),
            shape(&self.b),
            shape(&self.c),
            shape(&self.d)
        )
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn field(&self, name: &str) -> Option<Value> {
        let m = match name {
            "A" => &self.a,
            "B" => &self.b,
            "C" => &self.c,
            "D" => &self.d,
            _ => return None,
        };
        Some(dense::matrix_value(m.clone()))
    }

    fn same(&self, other: &dyn Object) -> bool {
        other.as_any().downcast_ref::<StateSpace>() == Some(self)
    }
}

/// The state-space model inside a value, if it is one.
pub(super) fn as_ss(v: &Value) -> Option<&StateSpace> {
    match v {
        Value::Object(o) => o.downcast::<StateSpace>(),
        _ => None,
    }
}

/// A, B, C, D from four arguments starting at `first` (a Vector C is a row, a Vector B a
/// column), with rustlab's shape checks and a scalar D broadcast to p×m.
pub(super) fn abcd(name: &str, args: &Args, first: usize) -> LangResult<StateSpace> {
    let a = dense::operand(name, "A", args.value(first)?, true)?;
    let b = dense::operand(name, "B", args.value(first + 1)?, true)?;
    let c = dense::operand(name, "C", args.value(first + 2)?, false)?;
    let d = dense::operand(name, "D", args.value(first + 3)?, true)?;
    validate(name, a, b, c, d)
}

fn validate(name: &str, a: CMat, b: CMat, c: CMat, d: CMat) -> LangResult<StateSpace> {
    let n = a.nrows();
    let fail = |msg: String| Err(LangError::runtime(format!("{name}: {msg}")));
    if a.ncols() != n {
        return fail(format!("A must be square, got {}×{}", n, a.ncols()));
    }
    if b.nrows() != n {
        return fail(format!("B has {} rows but A is {n}×{n}", b.nrows()));
    }
    if c.ncols() != n {
        return fail(format!("C has {} cols but A is {n}×{n}", c.ncols()));
    }
    let (p, m) = (c.nrows(), b.ncols());
    let d = if d.dim() == (p, m) {
        d
    } else if d.dim() == (1, 1) {
        Array2::from_elem((p, m), d[[0, 0]])
    } else {
        return fail(format!(
            "D has shape {}×{} but expected {p}×{m} (or 1×1 scalar)",
            d.nrows(),
            d.ncols()
        ));
    };
    for (what, m) in [("A", &a), ("B", &b), ("C", &c), ("D", &d)] {
        dense::require_finite(name, what, m)?;
    }
    Ok(StateSpace { a, b, c, d })
}

/// `ss(G)` (observable canonical form) | `ss(A, B, C, D)`.
pub(super) fn ss(_: &mut Interp, args: Args) -> LangResult<Value> {
    match args.len() {
        1 => {
            let v = args.value(0)?;
            if let Some(g) = as_tf(v) {
                return Ok(convert::observable_form(g)?.value());
            }
            if as_ss(v).is_some() {
                return Ok(v.clone());
            }
            Err(LangError::type_error(format!(
                "ss: expected tf or 4 matrices (A,B,C,D), got {}",
                v.type_name()
            )))
        }
        4 => Ok(abcd("ss", &args, 0)?.value()),
        n => Err(LangError::runtime(format!(
            "ss: expected 1 (tf) or 4 (A,B,C,D) arguments, got {n}"
        ))),
    }
}

/// `ctrb(A, B)`: `[B, AB, …, A^(n-1)B]`.
pub(super) fn ctrb(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let a = dense::operand("ctrb", "A", args.value(0)?, true)?;
    let b = dense::operand("ctrb", "B", args.value(1)?, true)?;
    let n = a.nrows();
    if a.ncols() != n {
        return Err(LangError::runtime("ctrb: A must be square"));
    }
    if b.nrows() != n {
        return Err(LangError::runtime(format!(
            "ctrb: B has {} rows but A is {n}×{n}",
            b.nrows()
        )));
    }
    crate::limits::check_alloc(n, n.saturating_mul(b.ncols()), 16)?;
    let mut blocks = vec![b];
    for k in 1..n {
        let next = dense::mul(&a, &blocks[k - 1]);
        blocks.push(next);
    }
    Ok(dense::matrix_value(join(Axis(1), &blocks, n, 0)))
}

/// `obsv(A, C)`: `[C; CA; …; CA^(n-1)]`.
pub(super) fn obsv(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let a = dense::operand("obsv", "A", args.value(0)?, true)?;
    let c = dense::operand("obsv", "C", args.value(1)?, false)?;
    let n = a.nrows();
    if a.ncols() != n {
        return Err(LangError::runtime("obsv: A must be square"));
    }
    if c.ncols() != n {
        return Err(LangError::runtime(format!(
            "obsv: C has {} columns but A is {n}×{n}",
            c.ncols()
        )));
    }
    crate::limits::check_alloc(n.saturating_mul(c.nrows()), n, 16)?;
    let mut blocks = vec![c];
    for k in 1..n {
        let next = dense::mul(&blocks[k - 1], &a);
        blocks.push(next);
    }
    Ok(dense::matrix_value(join(Axis(0), &blocks, 0, n)))
}

/// Blocks joined along `axis`; an empty list gives a `rows×cols` empty matrix.
fn join(axis: Axis, blocks: &[CMat], rows: usize, cols: usize) -> CMat {
    let views: Vec<_> = blocks.iter().map(|b| b.view()).collect();
    concatenate(axis, &views).unwrap_or_else(|_| Array2::zeros((rows, cols)))
}
