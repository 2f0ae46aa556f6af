//! Calls of small user functions inside compiled loops, inlined: `acc = acc +
//! f_poly(i / 1000)` runs the body of `f_poly` on registers of its own, with no frame, no
//! `Value` and no lookup. A call is inlined when the general path would certainly run the
//! body and return its first output:
//! - the name is a user function (not a variable, not `grad`, `value_and_grad` or
//!   `profile`, which are read specially) taking as many arguments as given, and the
//!   function cache is off (it would look the call up);
//! - the body holds only assignments of scalar arithmetic (calls of element-wise math
//!   builtins and of such functions included) and `if`s over them: no loops, no arrays,
//!   no other names;
//! - every local is set before it is read on every path through the body, and the first
//!   output is set at its end;
//! - the calls nested here stay within the call depth limit.
//!
//! Such a body cannot fail, so its code needs no fallback: anything that can fail (an
//! argument's element read) is the caller's, which falls back as a whole expression.

use super::cache::Question;
use super::compile::Names;
use super::{Inlined, KCond, KExpr, KStmt};
use crate::ast::Expr;
use crate::names::Var;
use std::sync::Arc;

/// Inlined calls nest at most this deep.
const MAX_CALLS: usize = 4;

impl<'i, 'a> Names<'i, 'a> {
    /// `name(args)` inlined, or `None` when it is not such a call.
    pub(super) fn inline(
        &mut self,
        name: &'a Var,
        args: &'a [Expr],
        depth: u32,
    ) -> Option<KExpr<'a>> {
        let interp = self.interp;
        if self.shadowed(name)
            || matches!(&*name.name, "grad" | "value_and_grad" | "profile")
            || self.yes(Question::CacheActive)
            || self.calls >= MAX_CALLS
            || interp.depth + self.calls >= interp.config.limits.max_call_depth
        {
            return None;
        }
        let def = self.function(&name.name)?;
        let defs = (self.defs).get_or_init(|| interp.functions.values().cloned().collect());
        let def = defs.iter().find(|d| Arc::ptr_eq(d, &def))?;
        if def.params.len() != args.len() {
            return None;
        }
        let output = def.outputs.first()?;
        let args = (args.iter())
            .map(|a| self.expr(a, depth + 1))
            .collect::<Option<Vec<_>>>()?;
        let params = def.params.iter().map(|p| p.as_str()).collect();
        let mut inner = Names::new(interp, self.defs, true, Some(params));
        inner.calls = self.calls + 1;
        let body = inner.block(&def.body, 0);
        // The inner body's answers decide whether the call is inlined: they are this
        // compile's too.
        self.probes.append(&mut inner.probes);
        let body = body?;
        let locals = inner.locals.unwrap_or_default();
        let output = locals.iter().position(|l| *l == output.as_str())?;
        let mut set = vec![false; locals.len()];
        set[..def.params.len()].fill(true);
        if !sets_before_reads(&body, &mut set) || !set[output] {
            return None;
        }
        Some(KExpr::Call(Box::new(Inlined {
            args,
            locals: locals.len(),
            body,
            output,
        })))
    }
}

/// Whether every local `stmts` reads is set in `set` or earlier in `stmts` on every path;
/// `set` becomes what is set on every path through them.
fn sets_before_reads(stmts: &[KStmt], set: &mut Vec<bool>) -> bool {
    for stmt in stmts {
        let ok = match stmt {
            KStmt::Set { reg, op, value, .. } => {
                let ok = reads_set(&value.expr, set) && (op.is_none() || set[*reg]);
                set[*reg] = true;
                ok
            }
            KStmt::If {
                branches,
                otherwise,
                ..
            } => {
                let before = set.clone();
                let mut after = vec![true; set.len()];
                let bodies = branches.iter().map(|(_, body)| body);
                for body in bodies.chain([otherwise]) {
                    let mut path = before.clone();
                    if !sets_before_reads(body, &mut path) {
                        return false;
                    }
                    after.iter_mut().zip(path).for_each(|(a, p)| *a &= p);
                }
                *set = after;
                branches
                    .iter()
                    .all(|(cond, _)| cond_reads_set(cond, &before))
            }
            // Loops, element writes, `break` and `continue` are not compiled in bodies.
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

fn cond_reads_set(c: &KCond, set: &[bool]) -> bool {
    match c {
        KCond::Compare(_, a, b) => reads_set(&a.expr, set) && reads_set(&b.expr, set),
        KCond::And(a, b) | KCond::Or(a, b) => cond_reads_set(a, set) && cond_reads_set(b, set),
        KCond::Not(a) => cond_reads_set(a, set),
    }
}

fn reads_set(e: &KExpr, set: &[bool]) -> bool {
    match e {
        KExpr::Const(_) => true,
        KExpr::Reg(k) => set[*k],
        KExpr::Neg(a) | KExpr::Math(_, a) => reads_set(a, set),
        KExpr::Bin(_, a, b) | KExpr::Math2(_, a, b) => reads_set(a, set) && reads_set(b, set),
        KExpr::Call(call) => call.args.iter().all(|a| reads_set(a, set)),
        // Bodies have no arrays.
        KExpr::Elem { .. } | KExpr::Lane(_) => false,
    }
}
