//! Builtins: rank-3 arrays (rustlab's Rank-3 Tensors section): construction, shape, permute, squeeze, cat, and 3-D grid calculus.

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
