//! Builtins: IIR design and zero-phase filtering, Parks–McClellan equiripple FIR design and
//! streaming FIR filtering (rustlab's DSP — IIR Filters, DSP — Parks-McClellan optimal FIR
//! and Streaming DSP sections).
//!
//! Files by concept: `butter` (Butterworth design by the bilinear transform), `filtfilt`
//! (direct-form II transposed filtering with initial conditions, the forward-backward
//! filter), `remez` (the exchange algorithm), `firpm` (its builtins and the integer
//! refinement of `firpmq`), `stream` (the `fir_state` value and `filter_stream`);
//! `signal` reads signals and coefficient vectors from arguments.

mod butter;
mod filtfilt;
mod firpm;
mod remez;
mod signal;
mod stream;
#[cfg(test)]
mod tests;

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "butterworth_lowpass",
        butter::lowpass,
        "butterworth_lowpass(order, cutoff_hz, sample_rate) | [b, a] = butterworth_lowpass(...): Butterworth IIR lowpass (b, or b and a)",
    ),
    Builtin::new(
        "butterworth_highpass",
        butter::highpass,
        "butterworth_highpass(order, cutoff_hz, sample_rate) | [b, a] = butterworth_highpass(...): Butterworth IIR highpass (b, or b and a)",
    ),
    Builtin::new(
        "filtfilt",
        filtfilt::filtfilt,
        "filtfilt(b, a, x): zero-phase forward-backward filter (odd extension, steady-state initial conditions)",
    ),
    Builtin::new(
        "firpm",
        firpm::firpm,
        "firpm(n_taps, bands, desired[, weights]): Parks-McClellan equiripple FIR (odd length, bands in [0, 1], 1 = Nyquist)",
    ),
    Builtin::new(
        "firpmq",
        firpm::firpmq,
        "firpmq(n_taps, bands, desired[, weights[, bits[, n_iter]]]): integer-coefficient Parks-McClellan FIR (bits 16, n_iter 8)",
    ),
    Builtin::new(
        "state_init",
        stream::state_init,
        "state_init(n): a streaming FIR history of n zeros (n = length(h) - 1)",
    ),
    Builtin::new(
        "filter_stream",
        stream::filter_stream,
        "[y, state] = filter_stream(frame, h, state): filter one frame through FIR h, updating the history",
    ),
];
