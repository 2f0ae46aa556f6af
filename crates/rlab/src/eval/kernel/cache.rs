//! Compiled loops kept for their next start. A loop inside a loop that runs the general
//! way starts once per outer iteration (a training step's loop over its tokens starts at
//! every step); compiling it each time cost as much as running it. A [`Cache`] lives as
//! long as the outer loop's run (its body's statements, which the code borrows, live at
//! least as long) and keeps each inner loop's code with what its compile asked of the
//! interpreter: which variables it loads (and what they held), and every other answer
//! ([`Probe`]: is this name a variable, a user function, profiled; is the function cache
//! on). When every answer is still the same, compiling again would give the same code, so
//! the kept code runs with the variables loaded anew; otherwise the loop compiles again.

use super::code::Code;
use super::compile::{self, Defs};
use super::machine::Scratch;
use super::{Loaded, lower};
use crate::ast::{FunctionDef, Stmt};
use crate::eval::Interp;
use crate::names::Var;
use crate::value::{NumArray, Value};
use std::sync::Arc;

/// The compiled loops of one run of a loop's body, by statement. The user functions they
/// inline are those defined when the first of them inlined one (`defs`): a function
/// defined or replaced later is not inlined by them (such a loop runs the general way).
pub(crate) struct Cache<'a> {
    defs: &'a Defs,
    entries: Vec<Entry<'a>>,
    /// How many times a loop was compiled here rather than kept.
    compiles: usize,
}

/// A loop's code, the answers it was compiled from, its variables as last loaded, and the
/// storage its runs reuse.
struct Entry<'a> {
    stmt: &'a Stmt,
    uses: Uses<'a>,
    /// The variables' state the code was lowered for ([`Loaded::set`], [`Loaded::foreign`]).
    set: Vec<bool>,
    foreign: Vec<bool>,
    code: Code<'a>,
    loaded: Loaded<'a>,
    scratch: Scratch,
}

/// A compiled loop ready to run: its code, its variables loaded, and its storage.
pub(super) type Ready<'c, 'a> = (&'c Code<'a>, &'c Loaded<'a>, &'c mut Scratch);

/// What a compile used of the interpreter: its variables (scalars, and whether each is
/// read; arrays) and its other questions with their answers.
pub(super) struct Uses<'a> {
    pub scalars: Vec<&'a Var>,
    pub read: Vec<bool>,
    pub arrays: Vec<&'a Var>,
    pub probes: Vec<Probe<'a>>,
}

/// A question a compile asks of the interpreter.
#[derive(Clone, Copy)]
pub(super) enum Question<'a> {
    /// Whether a variable takes this name.
    Variable(&'a Var),
    /// The user function of this name.
    Function(&'a str),
    /// Whether the profiler measures calls of this name.
    Profiled(&'a str),
    /// Whether the function cache is on.
    CacheActive,
}

/// A [`Question`]'s answer. A function is held, so that its identity cannot be reused.
#[derive(Clone)]
pub(super) enum Answer {
    Flag(bool),
    Function(Option<Arc<FunctionDef>>),
}

/// A question with the answer it had.
pub(super) struct Probe<'a>(pub Question<'a>, pub Answer);

impl Question<'_> {
    pub(super) fn ask(self, interp: &Interp) -> Answer {
        match self {
            Question::Variable(var) => Answer::Flag(interp.vars.lookup(var).is_some()),
            Question::Function(name) => Answer::Function(interp.functions.get(name).cloned()),
            Question::Profiled(name) => Answer::Flag(interp.session.profile.tracks(name)),
            Question::CacheActive => Answer::Flag(interp.session.cache.is_active()),
        }
    }
}

impl Answer {
    fn same(&self, other: &Answer) -> bool {
        match (self, other) {
            (Answer::Flag(a), Answer::Flag(b)) => a == b,
            (Answer::Function(Some(a)), Answer::Function(Some(b))) => Arc::ptr_eq(a, b),
            (Answer::Function(None), Answer::Function(None)) => true,
            _ => false,
        }
    }
}

impl Probe<'_> {
    /// Whether asking again gives the same answer.
    fn holds(&self, interp: &Interp) -> bool {
        self.0.ask(interp).same(&self.1)
    }
}

impl<'a> Uses<'a> {
    /// The variables as they are now; `None` when one holds something the compiled form
    /// cannot (then the loop runs the general way).
    pub(super) fn load(&self, interp: &Interp) -> Option<Loaded<'a>> {
        let mut loaded = Loaded {
            scalars: self.scalars.clone(),
            values: Vec::new(),
            set: Vec::new(),
            foreign: Vec::new(),
            arrays: self.arrays.clone(),
        };
        self.load_into(interp, &mut loaded)?;
        Some(loaded)
    }

    /// [`Uses::load`] into `loaded`, which holds these variables (loaded before).
    fn load_into(&self, interp: &Interp, loaded: &mut Loaded<'a>) -> Option<()> {
        for array in &self.arrays {
            match interp.vars.lookup(array)? {
                Value::Vector(a) | Value::Matrix(a) if matches!(**a, NumArray::Real(_)) => {}
                _ => return None,
            }
        }
        let n = self.scalars.len();
        let Loaded {
            values,
            set,
            foreign,
            ..
        } = loaded;
        for v in [&mut *set, &mut *foreign] {
            v.clear();
            v.resize(n, false);
        }
        values.clear();
        values.resize(n, 0.0);
        for (k, (var, &read)) in self.scalars.iter().zip(&self.read).enumerate() {
            match interp.read_var(var) {
                Ok(Value::Scalar(x)) => (values[k], set[k]) = (x, true),
                Ok(_) => foreign[k] = true,
                // Read before it is set, a name that is not a variable may be a call.
                Err(_) if read && compile::callable(interp, var) => return None,
                Err(_) => {}
            }
        }
        Some(())
    }
}

impl<'a> Cache<'a> {
    /// An empty cache whose code inlines the user functions of `defs` (see
    /// [`compile::Defs`]).
    pub(crate) fn new(defs: &'a Defs) -> Self {
        Cache {
            defs,
            entries: Vec::new(),
            compiles: 0,
        }
    }

    /// The code of `stmt` (a `for` loop) with its variables loaded: kept when compiling
    /// again would give the same, compiled now otherwise; `None` when the loop does not
    /// compile (then it runs the general way).
    pub(super) fn code(&mut self, interp: &Interp, stmt: &'a Stmt) -> Option<Ready<'_, 'a>> {
        let kept = self.entries.iter().position(|e| std::ptr::eq(e.stmt, stmt));
        let k = match kept {
            Some(k) if self.entries[k].reload(interp).is_some() => k,
            _ => {
                if let Some(k) = kept {
                    self.entries.swap_remove(k);
                }
                let entry = self.compile(interp, stmt)?;
                self.entries.push(entry);
                self.entries.len() - 1
            }
        };
        let entry = &mut self.entries[k];
        Some((&entry.code, &entry.loaded, &mut entry.scratch))
    }

    /// A new entry for `stmt` with its variables loaded.
    fn compile(&mut self, interp: &Interp, stmt: &'a Stmt) -> Option<Entry<'a>> {
        self.compiles += 1;
        let (root, uses) = compile::compile(interp, stmt, self.defs)?;
        let loaded = uses.load(interp)?;
        let code = lower::lower(&root, &loaded)?;
        Some(Entry {
            stmt,
            uses,
            set: loaded.set.clone(),
            foreign: loaded.foreign.clone(),
            code,
            loaded,
            scratch: Scratch::default(),
        })
    }
}

impl Entry<'_> {
    /// The variables loaded anew, when every answer the code was compiled from holds.
    fn reload(&mut self, interp: &Interp) -> Option<()> {
        if !self.uses.probes.iter().all(|p| p.holds(interp)) {
            return None;
        }
        self.uses.load_into(interp, &mut self.loaded)?;
        (self.loaded.set == self.set && self.loaded.foreign == self.foreign).then_some(())
    }
}

#[cfg(test)]
mod tests;
