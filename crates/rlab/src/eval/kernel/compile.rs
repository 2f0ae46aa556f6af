//! Which `for` loops run compiled, and their compiled form. A loop qualifies when its body
//! holds only these (nested to any of them):
//! - `x = e` and `x op= e` with `e` real-scalar arithmetic (numbers, variables, `+ - * /
//!   ^` and their element-wise forms, unary minus, element reads `A(k)`, `A(i, j)` with
//!   such indices);
//! - `A(k) = e`, `A(i, j) = e`;
//! - `A(i, :) = e` and `A(:, j) = e` with `e` element-wise over rows (columns) of real
//!   matrices and scalars (see [`super::slice`]);
//! - `for v = a:b` / `a:s:b` with such bounds, `if`/`elseif`/`else` on comparisons of such
//!   expressions joined by `&&`, `||` and `~`, `break`, `continue`;
//!
//! - calls of the element-wise math builtins (`exp(x)`, `log(x)`, `sqrt(x)`, ...) on such
//!   expressions, and of user functions whose bodies are such arithmetic (see
//!   [`super::inline`]);
//!
//! and, when the loop starts, every scalar name holds a real Scalar, or nothing yet, or
//! something else it is set before it is read (see [`super::lower`]), and every array
//! name a real Vector or Matrix. Nothing is echoed (statements end in `;`, or
//! the run does not echo).

use super::cache::{Answer, Probe, Question, Uses};
use super::slice::{LaneScope, lane_of};
use super::{Index, KCond, KExpr, KStmt, Range, Rooted};
use crate::ast::{BinOp, Expr, ExprKind, FunctionDef, Stmt, StmtKind, UnOp, Var};
use crate::builtins::{self, RealFunction};
use crate::eval::{Interp, Mode};
use crate::ops::Arith;
use std::cell::OnceCell;
use std::sync::Arc;

/// Deeper loop nests and expressions run the general way (which guards the stack).
const MAX_LOOPS: u32 = 8;
const MAX_EXPR: u32 = 32;

/// The user functions, taken from the interpreter when a loop first calls one, and held
/// for as long as the loop's code (which inlines their bodies) lives.
pub(crate) type Defs = OnceCell<Vec<Arc<FunctionDef>>>;

/// The compiled form of `stmt` (a `for` loop) and what it uses of the interpreter, or
/// `None`.
pub(super) fn compile<'a>(
    interp: &Interp,
    stmt: &'a Stmt,
    defs: &'a Defs,
) -> Option<(KStmt<'a>, Uses<'a>)> {
    let quiet = interp.in_function() || interp.config.mode != Mode::Script;
    let mut names = Names::new(interp, defs, quiet, None);
    let root = names.stmt(stmt, 0)?;
    Some((root, names.uses()))
}

/// The names a loop uses, as registers (scalars) or arrays.
pub(super) struct Names<'i, 'a> {
    pub(super) interp: &'i Interp,
    pub(super) defs: &'a Defs,
    quiet: bool,
    /// In an inlined function's body: its locals by name, parameters first. They take the
    /// place of the variables; such a body has no arrays.
    pub(super) locals: Option<Vec<&'a str>>,
    /// How many inlined calls this code is inside.
    pub(super) calls: usize,
    scalars: Vec<&'a Var>,
    /// Whether each scalar is read somewhere (not only written).
    read: Vec<bool>,
    arrays: Vec<&'a Var>,
    /// In the value of a slice write: its lanes.
    pub(super) lanes: Option<LaneScope<'a>>,
    /// The other questions asked of the interpreter, with their answers.
    pub(super) probes: Vec<Probe<'a>>,
}

impl<'i, 'a> Names<'i, 'a> {
    pub(super) fn new(
        interp: &'i Interp,
        defs: &'a Defs,
        quiet: bool,
        locals: Option<Vec<&'a str>>,
    ) -> Self {
        Names {
            interp,
            defs,
            quiet,
            locals,
            calls: 0,
            scalars: Vec::new(),
            read: Vec::new(),
            arrays: Vec::new(),
            lanes: None,
            probes: Vec::new(),
        }
    }

    /// `question`'s answer, noted (see [`super::cache`]).
    pub(super) fn ask(&mut self, question: Question<'a>) -> Answer {
        let answer = question.ask(self.interp);
        self.probes.push(Probe(question, answer.clone()));
        answer
    }

    /// Whether `question`, one with a yes or no answer, is answered yes.
    pub(super) fn yes(&mut self, question: Question<'a>) -> bool {
        matches!(self.ask(question), Answer::Flag(true))
    }

    /// The user function `name`, if there is one (the answer noted).
    pub(super) fn function(&mut self, name: &'a str) -> Option<Arc<FunctionDef>> {
        match self.ask(Question::Function(name)) {
            Answer::Function(def) => def,
            Answer::Flag(_) => None,
        }
    }

    fn scalar(&mut self, var: &'a Var, read: bool) -> Option<usize> {
        if let Some(locals) = &mut self.locals {
            return Some(position_or_push(locals, &var.name, |l| *l == &*var.name));
        }
        if self.arrays.iter().any(|a| a.name == var.name) {
            return None;
        }
        let k = position_or_push(&mut self.scalars, var, |s| s.name == var.name);
        self.read.resize(self.scalars.len(), false);
        self.read[k] |= read;
        Some(k)
    }

    pub(super) fn array(&mut self, var: &'a Var) -> Option<usize> {
        if self.locals.is_some() || self.scalars.iter().any(|s| s.name == var.name) {
            return None;
        }
        Some(position_or_push(&mut self.arrays, var, |a| {
            a.name == var.name
        }))
    }

    /// Whether a variable (or, in an inlined body, a local) takes the name `name`.
    pub(super) fn shadowed(&mut self, name: &'a Var) -> bool {
        match &self.locals {
            Some(locals) => locals.contains(&&*name.name),
            None => self.yes(Question::Variable(name)),
        }
    }

    pub(super) fn stmt(&mut self, stmt: &'a Stmt, loops: u32) -> Option<KStmt<'a>> {
        let silent = self.quiet || stmt.suppressed;
        Some(match &stmt.kind {
            StmtKind::Assign { name, op, value } if silent => {
                let op = match op {
                    None => None,
                    Some(op) => Some(Arith::of(*op)?),
                };
                let value = self.rooted(value)?;
                let reg = self.scalar(name, op.is_some())?;
                KStmt::Set {
                    reg,
                    op,
                    value,
                    stmt,
                }
            }
            StmtKind::IndexAssign { name, args, value } if silent => match lane_of(args) {
                Some(lane) => self.slice_write(name, lane, value, stmt)?,
                None => KStmt::Write {
                    value: self.expr(value, 0)?,
                    index: self.index(args)?,
                    array: self.array(name)?,
                    stmt,
                },
            },
            StmtKind::For { var, iter, body } if loops < MAX_LOOPS && self.locals.is_none() => {
                let ExprKind::Range { start, step, stop } = &iter.kind else {
                    return None;
                };
                let range = Range {
                    start: self.rooted(start)?,
                    step: match step {
                        Some(step) => Some(self.rooted(step)?),
                        None => None,
                    },
                    stop: self.rooted(stop)?,
                };
                let reg = self.scalar(var, false)?;
                let body = self.block(body, loops + 1)?;
                KStmt::For {
                    reg,
                    range,
                    iter,
                    body,
                    stmt,
                }
            }
            StmtKind::If {
                branches,
                otherwise,
            } => {
                let mut compiled = Vec::with_capacity(branches.len());
                for (cond, body) in branches {
                    compiled.push((self.cond(cond, 0)?, self.block(body, loops)?));
                }
                let otherwise = match otherwise {
                    Some(body) => self.block(body, loops)?,
                    None => Vec::new(),
                };
                KStmt::If {
                    branches: compiled,
                    otherwise,
                    stmt,
                }
            }
            StmtKind::Break if loops > 0 => KStmt::Break,
            StmtKind::Continue if loops > 0 => KStmt::Continue,
            _ => return None,
        })
    }

    pub(super) fn block(&mut self, stmts: &'a [Stmt], loops: u32) -> Option<Vec<KStmt<'a>>> {
        stmts.iter().map(|s| self.stmt(s, loops)).collect()
    }

    pub(super) fn index(&mut self, args: &'a [Expr]) -> Option<Index<'a>> {
        match args {
            [k] => Some(Index::One(Box::new(self.expr(k, 1)?))),
            [i, j] => Some(Index::Two(
                Box::new(self.expr(i, 1)?),
                Box::new(self.expr(j, 1)?),
            )),
            _ => None,
        }
    }

    /// The real function `name(args)` calls when it is a math builtin with one of as many
    /// arguments: no variable, local or user function of that name, and the profiler not
    /// timing it.
    fn math(&mut self, name: &'a Var, arity: usize) -> Option<RealFunction> {
        if self.shadowed(name)
            || self.function(&name.name).is_some()
            || self.yes(Question::Profiled(&name.name))
        {
            return None;
        }
        match builtins::real_function(&name.name)? {
            f @ RealFunction::One(_) if arity == 1 => Some(f),
            f @ RealFunction::Two(_) if arity == 2 => Some(f),
            _ => None,
        }
    }

    fn rooted(&mut self, node: &'a Expr) -> Option<Rooted<'a>> {
        let expr = self.expr(node, 0)?;
        Some(Rooted { expr, node })
    }

    pub(super) fn expr(&mut self, e: &'a Expr, depth: u32) -> Option<KExpr<'a>> {
        if depth > MAX_EXPR {
            return None;
        }
        let deeper =
            |names: &mut Names<'i, 'a>, e: &'a Expr| names.expr(e, depth + 1).map(Box::new);
        Some(match &e.kind {
            ExprKind::Number(x) => KExpr::Const(*x),
            ExprKind::Ident(var) => KExpr::Reg(self.scalar(var, true)?),
            ExprKind::Unary(UnOp::Neg, a) => KExpr::Neg(deeper(self, a)?),
            ExprKind::Binary(op, a, b) => {
                let arith = Arith::of(*op)?;
                let (a, b) = (deeper(self, a)?, deeper(self, b)?);
                if !self.element_wise(*op, &a, &b) {
                    return None;
                }
                KExpr::Bin(arith, a, b)
            }
            ExprKind::CallOrIndex { name, args } => {
                match self.math(name, args.len()) {
                    Some(RealFunction::One(f)) => {
                        return Some(KExpr::Math(f, deeper(self, &args[0])?));
                    }
                    Some(RealFunction::Two(f)) => {
                        let (a, b) = (deeper(self, &args[0])?, deeper(self, &args[1])?);
                        return self.number_second(&b).then_some(KExpr::Math2(f, a, b));
                    }
                    None => {}
                }
                if self.lanes.is_some() {
                    return self.in_slice(name, args);
                }
                match self.inline(name, args, depth) {
                    Some(call) => call,
                    None => KExpr::Elem {
                        index: self.index(args)?,
                        array: self.array(name)?,
                    },
                }
            }
            _ => return None,
        })
    }

    fn cond(&mut self, e: &'a Expr, depth: u32) -> Option<KCond<'a>> {
        if depth > MAX_EXPR {
            return None;
        }
        Some(match &e.kind {
            ExprKind::Binary(BinOp::AndAnd, a, b) => KCond::And(
                Box::new(self.cond(a, depth + 1)?),
                Box::new(self.cond(b, depth + 1)?),
            ),
            ExprKind::Binary(BinOp::OrOr, a, b) => KCond::Or(
                Box::new(self.cond(a, depth + 1)?),
                Box::new(self.cond(b, depth + 1)?),
            ),
            ExprKind::Unary(UnOp::Not, a) => KCond::Not(Box::new(self.cond(a, depth + 1)?)),
            ExprKind::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => KCond::Compare(*op, self.rooted(a)?, self.rooted(b)?),
            _ => return None,
        })
    }

    /// What the compile used: its variables and its questions.
    fn uses(self) -> Uses<'a> {
        Uses {
            scalars: self.scalars,
            read: self.read,
            arrays: self.arrays,
            probes: self.probes,
        }
    }
}

/// The position of the item in `list` that is `same`, pushing `item` when there is none.
fn position_or_push<T>(list: &mut Vec<T>, item: T, same: impl Fn(&T) -> bool) -> usize {
    list.iter().position(same).unwrap_or_else(|| {
        list.push(item);
        list.len() - 1
    })
}

/// Whether `var` names a function (a call, where it is not a variable).
pub(super) fn callable(interp: &Interp, var: &Var) -> bool {
    interp.functions.contains_key(&*var.name) || builtins::lookup(&var.name).is_some()
}
