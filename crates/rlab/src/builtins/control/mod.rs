//! Builtins: the controls toolbox (rustlab's Controls Toolbox and Controls Toolbox —
//! Advanced sections): transfer functions and state space as library objects, their
//! conversions, frequency and time responses, Riccati and Lyapunov solvers, LQR, Ackermann.
//!
//! Files by concept: `tf` and `ss` (the two values), `convert` (between them), `system`
//! (tf/tfdata/pole/zero), `freq` and `nyquist` (frequency domain), `time` (step, rlocus),
//! `riccati` (care, dare, lqr), `lyapunov` (lyap, gram, place); `poly`, `dense` and
//! `figure` are their shared helpers.

mod convert;
mod dense;
mod figure;
mod freq;
mod lyapunov;
mod nyquist;
mod poly;
mod riccati;
mod ss;
mod system;
#[cfg(test)]
mod tests;
mod tf;
mod time;

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "tf",
        system::tf,
        "tf(\"s\") | tf(num, den) | tf(sys) | tf(A, B, C, D): a transfer function",
    ),
    Builtin::new(
        "tfdata",
        system::tfdata,
        "[num, den] = tfdata(G): numerator and denominator coefficients (descending powers)",
    ),
    Builtin::new("pole", system::pole, "pole(G): roots of the denominator"),
    Builtin::new("zero", system::zero, "zero(G): roots of the numerator"),
    Builtin::new(
        "ss",
        ss::ss,
        "ss(G) | ss(A, B, C, D): a state-space model (observable canonical form from a tf)",
    ),
    Builtin::new(
        "ctrb",
        ss::ctrb,
        "ctrb(A, B): controllability matrix [B, AB, …]",
    ),
    Builtin::new(
        "obsv",
        ss::obsv,
        "obsv(A, C): observability matrix [C; CA; …]",
    ),
    Builtin::new(
        "bode",
        freq::bode,
        "bode(G) | bode(G, w): Bode plot (dB, degrees); [mag, phase, w] = bode(G): its data, not plotted",
    ),
    Builtin::new(
        "nyquist",
        nyquist::nyquist,
        "nyquist(G) | nyquist(G, w) | nyquist(G, \"pos-only\"): Nyquist plot; [re, im, w] = nyquist(G): the locus, not plotted",
    ),
    Builtin::new(
        "step",
        time::step,
        "step(G) | step(G, t_end): unit step response plot; [y, t] = step(G): the response, not plotted",
    ),
    Builtin::new(
        "margin",
        freq::margin,
        "[Gm, Pm, Wcg, Wcp] = margin(G): gain and phase margins and crossover frequencies",
    ),
    Builtin::new("rlocus", time::rlocus, "rlocus(G): root locus plot"),
    Builtin::new(
        "lqr",
        riccati::lqr,
        "[K, S, e] = lqr(sys, Q, R): linear-quadratic regulator",
    ),
    Builtin::new(
        "care",
        riccati::care,
        "care(A, B, Q, R): continuous algebraic Riccati equation",
    ),
    Builtin::new(
        "dare",
        riccati::dare,
        "dare(A, B, Q, R): discrete algebraic Riccati equation",
    ),
    Builtin::new(
        "lyap",
        lyapunov::lyap,
        "lyap(A, Q): X with A*X + X*A' + Q = 0",
    ),
    Builtin::new(
        "gram",
        lyapunov::gram,
        "gram(A, B, \"c\") | gram(A, C, \"o\"): controllability or observability Gramian",
    ),
    Builtin::new(
        "place",
        lyapunov::place,
        "place(A, B, poles): state-feedback gain by Ackermann's formula (single input)",
    ),
    Builtin::new(
        "freqresp",
        freq::freqresp,
        "freqresp(A, B, C, D, w): frequency response C(jwI - A)^-1 B + D",
    ),
];
