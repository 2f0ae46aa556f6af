//! Builtins: signal processing (rustlab's FFT, DSP, Fixed-Point Quantization and Streaming DSP sections).

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
