//! Loop-invariant arithmetic: a part of an expression in a loop's body that reads only
//! constants and variables which are set when the loop starts and which the body never
//! writes is computed once, before the loop starts, into a register the body reads
//! (`i * j` in `for k = 1:n, s = s + i * j - k / 3; end`).
//!
//! The hoisted part is the same `f64` operations on the same values, so its bits are the
//! general path's. It is pure arithmetic on set registers (no element reads, no calls), so
//! it cannot fail, and computing it for a loop that runs no time or leaves a branch untaken
//! changes nothing. Inside an inlined body nothing is hoisted.

use super::{LATER, Lowering};
use crate::eval::kernel::{Index, KCond, KExpr, KStmt};

impl<'a> Lowering<'a, '_> {
    /// Compute the invariant parts of `body`, a loop over variable `var`, here.
    pub(super) fn hoist(&mut self, var: usize, body: &[KStmt<'a>]) {
        if self.frame.is_some() {
            return;
        }
        let mut written = vec![false; self.known.len()];
        written[var] = true;
        writes(body, &mut written);
        let mut found = Vec::new();
        let finder = Finder {
            lowering: self,
            written: &written,
        };
        for stmt in body {
            finder.stmt(stmt, &mut found);
        }
        for e in found {
            let reg = self.expr(e, None, LATER);
            self.hoisted.push((address(e), reg));
        }
    }

    /// The register holding `e` when it was hoisted out of an enclosing loop.
    pub(super) fn hoisted(&self, e: &KExpr<'a>) -> Option<u32> {
        let at = address(e);
        self.hoisted.iter().find(|h| h.0 == at).map(|h| h.1)
    }
}

/// A node's identity while the tree is lowered.
fn address(e: &KExpr<'_>) -> usize {
    std::ptr::from_ref(e) as usize
}

/// Mark the variables that `body` assigns or loops over.
fn writes(body: &[KStmt<'_>], written: &mut [bool]) {
    for stmt in body {
        match stmt {
            KStmt::Set { reg, .. } => written[*reg] = true,
            KStmt::For { reg, body, .. } => {
                written[*reg] = true;
                writes(body, written);
            }
            KStmt::If {
                branches,
                otherwise,
                ..
            } => {
                for (_, branch) in branches {
                    writes(branch, written);
                }
                writes(otherwise, written);
            }
            KStmt::Write { .. } | KStmt::Slice(_) | KStmt::Break | KStmt::Continue => {}
        }
    }
}

/// Finds the largest invariant parts of a loop's body that are more than a constant or a
/// variable.
struct Finder<'f, 'a, 'l> {
    lowering: &'f Lowering<'a, 'l>,
    written: &'f [bool],
}

impl<'e, 'a: 'e> Finder<'_, 'a, '_> {
    fn stmt(&self, stmt: &'e KStmt<'a>, found: &mut Vec<&'e KExpr<'a>>) {
        match stmt {
            KStmt::Set { value, .. } => self.expr(&value.expr, found),
            KStmt::Write { index, value, .. } => {
                self.index(index, found);
                self.expr(value, found);
            }
            KStmt::For { range, body, .. } => {
                self.expr(&range.start.expr, found);
                if let Some(step) = &range.step {
                    self.expr(&step.expr, found);
                }
                self.expr(&range.stop.expr, found);
                body.iter().for_each(|s| self.stmt(s, found));
            }
            KStmt::If {
                branches,
                otherwise,
                ..
            } => {
                for (cond, branch) in branches {
                    self.cond(cond, found);
                    branch.iter().for_each(|s| self.stmt(s, found));
                }
                otherwise.iter().for_each(|s| self.stmt(s, found));
            }
            KStmt::Slice(slice) => {
                let lanes = std::iter::once(&slice.target).chain(&slice.lanes);
                lanes.for_each(|lane| self.expr(&lane.fixed, found));
                self.expr(&slice.value, found);
            }
            KStmt::Break | KStmt::Continue => {}
        }
    }

    fn cond(&self, cond: &'e KCond<'a>, found: &mut Vec<&'e KExpr<'a>>) {
        match cond {
            KCond::Compare(_, a, b) => {
                self.expr(&a.expr, found);
                self.expr(&b.expr, found);
            }
            KCond::And(a, b) | KCond::Or(a, b) => {
                self.cond(a, found);
                self.cond(b, found);
            }
            KCond::Not(a) => self.cond(a, found),
        }
    }

    fn index(&self, index: &'e Index<'a>, found: &mut Vec<&'e KExpr<'a>>) {
        match index {
            Index::One(k) => self.expr(k, found),
            Index::Two(i, j) => {
                self.expr(i, found);
                self.expr(j, found);
            }
        }
    }

    fn expr(&self, e: &'e KExpr<'a>, found: &mut Vec<&'e KExpr<'a>>) {
        let simple = matches!(e, KExpr::Const(_) | KExpr::Reg(_));
        if self.lowering.hoisted(e).is_some() || simple {
            return;
        }
        if self.invariant(e) {
            found.push(e);
            return;
        }
        match e {
            KExpr::Neg(a) | KExpr::Math(_, a) => self.expr(a, found),
            KExpr::Bin(_, a, b) | KExpr::Math2(_, a, b) => {
                self.expr(a, found);
                self.expr(b, found);
            }
            KExpr::Elem { index, .. } => self.index(index, found),
            KExpr::Call(call) => call.args.iter().for_each(|a| self.expr(a, found)),
            KExpr::Const(_) | KExpr::Reg(_) | KExpr::Lane(_) => {}
        }
    }

    /// Whether `e` is arithmetic on constants and variables set before the loop and not
    /// written in it.
    fn invariant(&self, e: &KExpr<'a>) -> bool {
        match e {
            KExpr::Const(_) => true,
            KExpr::Reg(k) => !self.written[*k] && self.lowering.known[*k],
            KExpr::Neg(a) | KExpr::Math(_, a) => self.invariant(a),
            KExpr::Bin(_, a, b) | KExpr::Math2(_, a, b) => self.invariant(a) && self.invariant(b),
            KExpr::Elem { .. } | KExpr::Call(_) | KExpr::Lane(_) => false,
        }
    }
}
