//! Variable names as the evaluator sees them: [`Name`], a shared string compared by pointer
//! first, and [`Var`], one place in the source that reads or writes a variable, carrying the
//! slot where it found the variable last time.
//!
//! This is how names are resolved to slots without a separate compile pass: a workspace
//! keeps its variables in a vector (see [`super::value::Workspace`]), and each `Var`
//! remembers the index it was found at. The next evaluation checks that one slot (a pointer
//! comparison when both names come from the same parse) and only searches when the layout
//! changed, so dynamic features (`run`, `clear`, a variable created in one branch only)
//! stay correct: a stale slot is a miss, never a wrong variable.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

/// A variable name. Clones share the text; equality is by text, with a pointer fast path.
#[derive(Clone, Eq, PartialOrd, Ord)]
pub struct Name(Arc<str>);

impl Name {
    pub fn new(text: &str) -> Name {
        Name(Arc::from(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether both are clones of one name (then comparing them is one pointer comparison).
    pub fn same_text_storage(&self, other: &Name) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

/// Hashes the text, as `str` does, so that a map keyed by names is searched by `&str`.
impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Name {
        Name::new(text)
    }
}

impl From<String> for Name {
    fn from(text: String) -> Name {
        Name(Arc::from(text))
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A variable occurrence in the source: its name, the slot it was last found at (a hint
/// shared by every evaluation of this occurrence, on any thread; a wrong hint only costs a
/// search), the last workspace layout known not to hold it (a function name looked up
/// as a variable on every call is then not searched for again), and which builtin the name
/// is, found once (the builtins never change).
pub struct Var {
    pub name: Name,
    slot: AtomicU32,
    missing_in: AtomicU64,
    builtin: AtomicU16,
}

/// No workspace layout has this number (see [`super::value::Workspace`]).
const NO_LAYOUT: u64 = u64::MAX;

/// The hint of a `Var` that has not been resolved yet.
const UNRESOLVED: u32 = u32::MAX;

/// A `Var`'s builtin not looked up yet, and a name that is no builtin.
const BUILTIN_UNKNOWN: u16 = 0;
const NO_BUILTIN: u16 = u16::MAX;

impl Var {
    pub fn new(name: Name) -> Var {
        Var {
            name,
            slot: AtomicU32::new(UNRESOLVED),
            missing_in: AtomicU64::new(NO_LAYOUT),
            builtin: AtomicU16::new(BUILTIN_UNKNOWN),
        }
    }

    /// The position of the builtin this name calls in the builtins' table, `find` (the
    /// search by name) asked only the first time.
    pub fn builtin(&self, find: impl FnOnce(&str) -> Option<usize>) -> Option<usize> {
        match self.builtin.load(Ordering::Relaxed) {
            NO_BUILTIN => None,
            BUILTIN_UNKNOWN => {
                let found = find(&self.name);
                let hint = found
                    .and_then(|k| u16::try_from(k + 1).ok())
                    .filter(|&h| h != NO_BUILTIN);
                self.builtin
                    .store(hint.unwrap_or(NO_BUILTIN), Ordering::Relaxed);
                found
            }
            hint => Some(usize::from(hint) - 1),
        }
    }

    /// Whether the workspace layout numbered `layout` is known not to hold this variable.
    pub fn missing_in(&self, layout: u64) -> bool {
        self.missing_in.load(Ordering::Relaxed) == layout
    }

    /// Remember that the layout numbered `layout` does not hold this variable.
    pub fn missing(&self, layout: u64) {
        self.missing_in.store(layout, Ordering::Relaxed);
    }

    /// The slot this occurrence was last resolved to.
    pub fn hint(&self) -> usize {
        self.slot.load(Ordering::Relaxed) as usize
    }

    /// Remember where the variable was found.
    pub fn resolved(&self, slot: usize) {
        let slot = u32::try_from(slot).unwrap_or(UNRESOLVED);
        self.slot.store(slot, Ordering::Relaxed);
    }
}

impl Deref for Var {
    type Target = str;
    fn deref(&self) -> &str {
        &self.name
    }
}

impl Clone for Var {
    fn clone(&self) -> Var {
        Var {
            name: self.name.clone(),
            slot: AtomicU32::new(self.slot.load(Ordering::Relaxed)),
            missing_in: AtomicU64::new(self.missing_in.load(Ordering::Relaxed)),
            builtin: AtomicU16::new(self.builtin.load(Ordering::Relaxed)),
        }
    }
}

/// Two occurrences are equal when they name the same variable (the hint is not compared).
impl PartialEq for Var {
    fn eq(&self, other: &Var) -> bool {
        self.name == other.name
    }
}

impl PartialEq<&str> for Var {
    fn eq(&self, other: &&str) -> bool {
        self.name == *other
    }
}

impl From<&str> for Var {
    fn from(text: &str) -> Var {
        Var::new(Name::new(text))
    }
}

impl From<String> for Var {
    fn from(text: String) -> Var {
        Var::new(Name::from(text))
    }
}

impl From<Name> for Var {
    fn from(name: Name) -> Var {
        Var::new(name)
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.name, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_by_text_whether_or_not_they_share_storage() {
        let a = Name::new("alpha");
        assert_eq!(a, a.clone());
        assert_eq!(a, Name::new("alpha"));
        assert_ne!(a, Name::new("alphb"));
        assert_eq!(a, "alpha");
    }

    #[test]
    fn a_var_starts_unresolved_and_keeps_its_last_slot() {
        let v = Var::from("x");
        assert_eq!(v.hint(), UNRESOLVED as usize);
        v.resolved(3);
        assert_eq!(v.hint(), 3);
        assert_eq!(v.clone().hint(), 3);
        assert_eq!(v, Var::from("x"));
        assert_eq!(format!("{v:?}"), "\"x\"");
    }
}
