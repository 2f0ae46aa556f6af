//! Builtins: reduce. Placeholder table until this domain lands.

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
