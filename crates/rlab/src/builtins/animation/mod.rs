//! Builtins: animation frames (rustlab's frame and saveanim).

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
