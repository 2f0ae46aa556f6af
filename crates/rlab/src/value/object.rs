//! Library objects: values a domain of builtins defines for itself (a transfer function, a
//! state-space model, a Q format, an S-parameter network, a filter state, a sparse factor).
//!
//! Each domain implements [`Object`] for its own type in its own file; the evaluator knows
//! them only through this trait: a type name for errors, a display text, fields for
//! `obj.name`, and optional arithmetic.

use super::Value;
use crate::ast::BinOp;
use crate::error::LangResult;
use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

/// What a library object can do. Every method but `type_name`, `display` and `as_any` has a
/// default that refuses.
pub trait Object: Debug + Send + Sync {
    /// The type name used in error messages (`tf`, `ss`, `qfmt`, …).
    fn type_name(&self) -> &'static str;

    /// The display text (`print`, `disp`, echo).
    fn display(&self) -> String;

    /// The object itself, for a builtin to downcast to its own type.
    fn as_any(&self) -> &dyn Any;

    /// `obj.name`, if the object has that field.
    fn field(&self, name: &str) -> Option<Value> {
        let _ = name;
        None
    }

    /// `lhs op rhs` where this object is `lhs` (`self_is_left`) or `rhs`. `None` when the
    /// object does not take part in that operator, which gives the usual type error.
    fn binary(&self, op: BinOp, other: &Value, self_is_left: bool) -> Option<LangResult<Value>> {
        let _ = (op, other, self_is_left);
        None
    }

    /// `-obj`, if defined.
    fn negate(&self) -> Option<LangResult<Value>> {
        None
    }

    /// Equality with another object (the default: the same object).
    fn same(&self, other: &dyn Object) -> bool {
        std::ptr::addr_eq(
            self as *const Self as *const u8,
            other as *const dyn Object as *const u8,
        )
    }
}

/// A shared library object inside a [`Value`].
#[derive(Clone, Debug)]
pub struct Obj(pub Arc<dyn Object>);

impl Obj {
    pub fn new(object: impl Object + 'static) -> Obj {
        Obj(Arc::new(object))
    }

    /// The object as `T`, if it is one.
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }
}

impl PartialEq for Obj {
    fn eq(&self, other: &Obj) -> bool {
        self.0.same(other.0.as_ref())
    }
}
