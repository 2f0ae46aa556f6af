//! Builtins: the controls toolbox (rustlab's Controls Toolbox and Controls Toolbox — Advanced sections).

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
