//! Builtins: RF networks (rustlab's S-Parameters section): Touchstone files, conversions, analysis and Smith charts.

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
