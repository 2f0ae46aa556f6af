//! Builtins: the session (rustlab's Language, Import / Export, Profiling, Audio I/O and Live Plotting sections): workspace commands, files, and devices a book build refuses.

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
