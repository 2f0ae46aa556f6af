//! rustlab's function-result cache, kept in memory for the session (the `cache` command that
//! controls it is in `cache_cmd`).
//!
//! While on, a call of a user function in scope with the same arguments as an earlier call
//! returns the earlier result. A call that reached an impure builtin (random numbers,
//! printing, plotting, files) is never stored, so caching never changes what a run prints.

use crate::ast::{FunctionDef, Span};
use crate::value::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::hash::{Hash, Hasher};

/// Builtins whose effect is more than their result.
const IMPURE: &[&str] = &[
    "rand",
    "randn",
    "randi",
    "seed",
    "rand3",
    "randn3",
    "sprand",
    "print",
    "disp",
    "fprintf",
    "save",
    "load",
    "savefig",
    "sleep",
    "whos",
    "profile",
    "profile_report",
    "frame",
    "saveanim",
];

/// Whether calling the builtin `name` has effects a cached result would skip.
pub(crate) fn is_impure(name: &str) -> bool {
    IMPURE.contains(&name) || crate::builtins::plotting_names().any(|plot| plot == name)
}

/// One stored call.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub args: Vec<Value>,
    nargout: usize,
    result: Value,
    /// Where the function that computed it was defined.
    pub defined_at: Span,
}

/// Hits and misses of one function.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    pub hits: u64,
    pub misses: u64,
}

/// The session's call cache.
#[derive(Clone, Debug, Default)]
pub(crate) struct CallCache {
    pub(super) active: bool,
    pub(super) explicit: BTreeSet<String>,
    pub(super) removed: BTreeSet<String>,
    pub(super) entries: BTreeMap<(String, u64), Vec<Entry>>,
    pub(super) tallies: BTreeMap<String, Tally>,
    pub(super) impure_skips: u64,
    pub(super) uncacheable_skips: u64,
    /// Impure builtin calls so far (a call that raised it is not stored).
    pub impure_calls: u64,
}

/// A cached call about to run: where to store its result.
pub(crate) struct Pending {
    key: (String, u64),
    args: Vec<Value>,
    nargout: usize,
    impure_before: u64,
    defined_at: Span,
}

impl CallCache {
    pub(crate) fn is_active(&self) -> bool {
        self.active
    }

    fn in_scope(&self, name: &str) -> bool {
        self.active && !self.removed.contains(name)
    }

    /// The stored result of this call, or what to store once it has run (`None`: not cached).
    pub(crate) fn lookup(
        &mut self,
        def: &FunctionDef,
        args: Vec<Value>,
        nargout: usize,
    ) -> Result<Value, Option<Pending>> {
        if !self.in_scope(&def.name) {
            return Err(None);
        }
        let Some(hash) = fingerprint(def, &args) else {
            self.uncacheable_skips += 1;
            return Err(None);
        };
        let key = (def.name.clone(), hash);
        let tally = self.tallies.entry(def.name.clone()).or_default();
        let stored = self
            .entries
            .get(&key)
            .and_then(|list| list.iter().find(|e| e.nargout == nargout && e.args == args));
        if let Some(entry) = stored {
            tally.hits += 1;
            return Ok(entry.result.clone());
        }
        tally.misses += 1;
        let impure_before = self.impure_calls;
        Err(Some(Pending {
            key,
            args,
            nargout,
            impure_before,
            defined_at: def.span,
        }))
    }

    /// Store the result of a call [`CallCache::lookup`] missed, unless it was impure.
    pub(crate) fn store(&mut self, pending: Pending, result: &Value) {
        if self.impure_calls != pending.impure_before {
            self.impure_skips += 1;
            return;
        }
        let entry = Entry {
            args: pending.args,
            nargout: pending.nargout,
            result: result.clone(),
            defined_at: pending.defined_at,
        };
        self.entries.entry(pending.key).or_default().push(entry);
    }

    pub(super) fn reset(&mut self, active: bool) {
        *self = CallCache {
            active,
            ..CallCache::default()
        };
    }

    pub(super) fn status(&self) -> String {
        if !self.active {
            return "cache: off".to_string();
        }
        let mut out = String::from("cache: active (in memory, this session)\n");
        let _ = writeln!(out, "  scope: all user-defined functions");
        let list = |set: &BTreeSet<String>| set.iter().cloned().collect::<Vec<_>>().join(", ");
        if !self.explicit.is_empty() {
            let _ = writeln!(out, "  explicit fns: {}", list(&self.explicit));
        }
        if !self.removed.is_empty() {
            let _ = writeln!(out, "  removed fns: {}", list(&self.removed));
        }
        let (hits, misses) = self
            .tallies
            .values()
            .fold((0, 0), |(h, m), t| (h + t.hits, m + t.misses));
        let _ = writeln!(out, "  this session: {hits} hits, {misses} misses");
        let _ = write!(
            out,
            "    skipped: {} impure, {} non-cacheable arg",
            self.impure_skips, self.uncacheable_skips
        );
        if !self.tallies.is_empty() {
            out.push_str("\n  per function:");
            for (name, t) in &self.tallies {
                let _ = write!(
                    out,
                    "\n    {name:<24}  {:>6} hits, {:>6} misses",
                    t.hits, t.misses
                );
            }
        }
        out
    }
}

/// A hash of the function (its name and place) and its arguments; `None` when an argument
/// cannot be compared (a lambda, a handle, a library object).
fn fingerprint(def: &FunctionDef, args: &[Value]) -> Option<u64> {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    def.name.hash(&mut h);
    def.span.hash(&mut h);
    for a in args {
        hash_value(a, &mut h)?;
    }
    Some(h.finish())
}

fn hash_value(v: &Value, h: &mut impl Hasher) -> Option<()> {
    std::mem::discriminant(v).hash(h);
    match v {
        Value::Scalar(x) => x.to_bits().hash(h),
        Value::Complex(z) => (z.re.to_bits(), z.im.to_bits()).hash(h),
        Value::Bool(b) => b.hash(h),
        Value::Str(s) => s.hash(h),
        Value::Vector(a) | Value::Matrix(a) => {
            a.shape().hash(h);
            for z in a.iter_c() {
                (z.re.to_bits(), z.im.to_bits()).hash(h);
            }
        }
        Value::StrArray(items) => items.hash(h),
        Value::Struct(fields) => {
            for (k, field) in fields.iter() {
                k.hash(h);
                hash_value(field, h)?;
            }
        }
        Value::None => {}
        _ => return None,
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use crate::{Config, Session};

    fn run(code: &str) -> String {
        let mut session = Session::new(Config::default(), Some(1));
        let out = session.run_block("t.rlab", 1, code);
        assert!(out.error.is_none(), "{:?}", out.error);
        out.text
    }

    #[test]
    fn a_repeated_pure_call_is_a_hit_and_an_impure_one_is_never_stored() {
        let text = run(
            "function y = sq(x)\n  y = x^2;\nend\nfunction y = noisy(x)\n  y = x + rand();\nend\n\
             cache enable\na = sq(3); b = sq(3); c = noisy(1); d = noisy(1);\ncache status\nprint(a == b, c == d)\n",
        );
        assert!(text.contains("this session: 1 hits, 3 misses"), "{text}");
        assert!(text.contains("skipped: 2 impure"), "{text}");
        assert!(text.ends_with("true false\n"), "{text}");
    }

    #[test]
    fn off_forgets_and_unknown_words_fail() {
        assert_eq!(
            run("cache enable\ncache off\ncache status\n"),
            "cache: off\n"
        );
        let mut session = Session::new(Config::default(), Some(1));
        let out = session.run_block("t.rlab", 1, "cache frobnicate\n");
        assert!(
            out.error
                .unwrap()
                .message()
                .contains("cache: unknown command")
        );
    }
}
