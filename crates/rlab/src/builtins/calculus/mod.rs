//! Builtins: grid calculus and masks (rustlab's gradient, divergence, curl and the *_mask functions).

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
