//! Builtins: fixed-point quantization (rustlab's Fixed-Point Quantization section) for
//! FPGA/ASIC bitwidth studies. Values stay `f64`; every result is snapped to a Q format.
//!
//! Files by concept: `format` (the `qfmt` value, its rounding and overflow rules, the
//! `qfmt` builtin) and `ops` (`quantize`, `qadd`, `qmul`, `qconv`, `snr`).

mod format;
mod ops;
#[cfg(test)]
mod tests;

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "qfmt",
        format::qfmt,
        "qfmt(word_bits, frac_bits[, round_mode[, overflow_mode]]): a Q-format spec (default \"floor\", \"saturate\")",
    ),
    Builtin::new(
        "quantize",
        ops::quantize,
        "quantize(x, fmt): every element snapped to the Q format (real and imaginary parts apart)",
    ),
    Builtin::new(
        "qadd",
        ops::qadd,
        "qadd(a, b, fmt): element-wise sum quantized to fmt",
    ),
    Builtin::new(
        "qmul",
        ops::qmul,
        "qmul(a, b, fmt): element-wise product quantized to fmt",
    ),
    Builtin::new(
        "qconv",
        ops::qconv,
        "qconv(x, h, fmt): full-precision FIR convolution, each output quantized to fmt",
    ),
    Builtin::new(
        "snr",
        ops::snr,
        "snr(x_ref, x_quantized): signal-to-noise ratio in dB",
    ),
];
