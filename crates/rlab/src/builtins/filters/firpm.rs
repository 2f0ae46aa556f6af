//! `firpm` and `firpmq`: argument checks and band specs for the exchange in `remez`, and
//! `firpmq`'s integer taps — the design scaled by each of a few gains (up to the one that puts
//! the largest tap at full scale, `2^(bits−1) − 1`), rounded, then refined over `n_iter`
//! rounds of ±1 steps on each symmetric tap pair and on two pairs at once, each kept when it
//! lowers the largest weighted error; the best design relative to its gain is returned.

use super::remez::{self, Band, Grid};
use super::signal;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

/// The most taps designed (a bound on work: the exchange is quadratic in the tap count).
const MAX_TAPS: usize = 1025;

/// The design asked for: the (odd) tap count and the bands.
struct Spec {
    n_taps: usize,
    bands: Vec<Band>,
}

fn spec(args: &Args) -> LangResult<Spec> {
    let name = args.name;
    let n = args.size(0)?;
    if n < 3 {
        return Err(LangError::runtime(format!(
            "{name}: n_taps must be at least 3, got {n}"
        )));
    }
    // Type I: an even count becomes the next odd one.
    let n_taps = n | 1;
    if n_taps > MAX_TAPS {
        return Err(LangError::limit(format!(
            "{name}: at most {MAX_TAPS} taps are supported, got {n}"
        )));
    }
    let (edges, desired) = edges(args)?;
    let nb = edges.len() / 2;
    let weights = match args.get(3) {
        Some(_) => signal::real(args, 3, "weights")?,
        None => vec![1.0; nb],
    };
    if weights.len() != nb || weights.iter().any(|&w| w <= 0.0) {
        return Err(LangError::runtime(format!(
            "{name}: weights must be {nb} positive values (one per band)"
        )));
    }
    let bands = (0..nb)
        .map(|k| Band {
            lo: edges[2 * k] / 2.0,
            hi: edges[2 * k + 1] / 2.0,
            d_lo: desired[2 * k],
            d_hi: desired[2 * k + 1],
            weight: weights[k],
        })
        .collect();
    Ok(Spec { n_taps, bands })
}

/// The band edges and the desired amplitude at each, checked.
fn edges(args: &Args) -> LangResult<(Vec<f64>, Vec<f64>)> {
    let name = args.name;
    let edges = signal::real(args, 1, "bands")?;
    let desired = signal::real(args, 2, "desired")?;
    if edges.is_empty() || edges.len() % 2 != 0 {
        return Err(LangError::runtime(format!(
            "{name}: bands must hold pairs of band edges, got {} values",
            edges.len()
        )));
    }
    if desired.len() != edges.len() {
        return Err(LangError::runtime(format!(
            "{name}: desired must have one value per band edge ({}), got {}",
            edges.len(),
            desired.len()
        )));
    }
    if edges.iter().any(|&f| !(0.0..=1.0).contains(&f)) || edges.windows(2).any(|w| w[1] < w[0]) {
        return Err(LangError::runtime(format!(
            "{name}: band edges must be non-decreasing and within [0, 1] (1 = Nyquist)"
        )));
    }
    Ok((edges, desired))
}

fn design(args: &Args, s: &Spec) -> LangResult<Vec<f64>> {
    remez::design(s.n_taps, &s.bands).map_err(|e| LangError::runtime(format!("{}: {e}", args.name)))
}

/// `firpm(n_taps, bands, desired[, weights])`.
pub(super) fn firpm(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 4)?;
    let s = spec(&args)?;
    Ok(Value::row(design(&args, &s)?))
}

/// `firpmq(n_taps, bands, desired[, weights[, bits[, n_iter]]])`: integer-valued taps.
pub(super) fn firpmq(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 6)?;
    let s = spec(&args)?;
    let bits = if args.get(4).is_some() {
        args.size(4)?
    } else {
        16
    };
    let rounds = if args.get(5).is_some() {
        args.size(5)?
    } else {
        8
    };
    if !(2..=32).contains(&bits) {
        return Err(LangError::runtime(format!(
            "firpmq: bits must be in 2..32, got {bits}"
        )));
    }
    let rounds = rounds.min(100);
    let h = design(&args, &s)?;
    let q = quantize(&h, &s, bits, rounds);
    let m = (s.n_taps - 1) / 2;
    Ok(Value::row(
        (0..s.n_taps).map(|i| q[i.abs_diff(m)] + 0.0).collect(),
    ))
}

/// How many gains below the full-range one are tried.
const GAINS: usize = 8;
/// The spacing of the tried gains, as a fraction of the full-range gain.
const GAIN_STEP: f64 = 0.0125;
/// A bound on the work of the pair moves (grid points times pairs tried per round).
const PAIR_WORK: usize = 4_000_000;
/// A bound on the work of one refinement (grid points times moves tried, all rounds).
const REFINE_WORK: usize = 50_000_000;

/// The integer half-taps (centre first) of the best design found for float taps `h`: the
/// design scaled by each of a few gains (the largest putting the largest tap at full scale,
/// `2^(bits−1) − 1`, and the plain `2^(bits−1) − 1` scale), rounded and refined; the best by
/// the largest weighted error relative to its gain is kept.
fn quantize(h: &[f64], s: &Spec, bits: usize, rounds: usize) -> Vec<f64> {
    let full = ((bits - 1) as f64).exp2();
    let scale = full - 1.0;
    let m = (s.n_taps - 1) / 2;
    let half = &h[m..];
    let g = Grid::new(&s.bands, m + 1);
    let peak = half.iter().fold(0.0, |a: f64, t| a.max(t.abs()));
    let top = if peak > 0.0 && peak.is_finite() {
        scale / peak
    } else {
        scale
    };
    let mut gains = vec![scale];
    gains.extend((0..GAINS).map(|j| top * (1.0 - GAIN_STEP * j as f64)));
    let mut best: Option<(f64, Vec<f64>)> = None;
    for gain in gains {
        let mut q: Vec<f64> = half
            .iter()
            .map(|&t| (t * gain).round().clamp(-full, scale))
            .collect();
        let err = refine(&mut q, &g, gain, (-full, scale), rounds) / gain;
        if best.as_ref().is_none_or(|b| err < b.0) {
            best = Some((err, q));
        }
    }
    best.map_or_else(Vec::new, |b| b.1)
}

/// The cosine-series amplitude `q0 + 2 Σ qk cos kω` of half-taps `q` on the grid.
fn amplitude(q: &[f64], g: &Grid) -> Vec<f64> {
    g.omega
        .iter()
        .map(|&w| {
            q.iter()
                .enumerate()
                .map(|(k, &c)| {
                    if k == 0 {
                        c
                    } else {
                        2.0 * c * (k as f64 * w).cos()
                    }
                })
                .sum()
        })
        .collect()
}

/// The largest weighted error of amplitude `a` against the scaled target.
fn worst(a: &[f64], g: &Grid, scale: f64) -> f64 {
    a.iter()
        .enumerate()
        .map(|(i, &v)| g.w[i] * (g.d[i] * scale - v).abs())
        .fold(0.0, f64::max)
}

/// The cosine `2 cos kω` (1 for the centre tap) of half-tap `k` on the grid.
fn basis(k: usize, g: &Grid) -> Vec<f64> {
    g.omega
        .iter()
        .map(|&w| {
            if k == 0 {
                1.0
            } else {
                2.0 * (k as f64 * w).cos()
            }
        })
        .collect()
}

/// The largest weighted error against the scaled target of `a + s·b + t·c`.
fn worst_moved(a: &[f64], moves: [(f64, &[f64]); 2], g: &Grid, scale: f64) -> f64 {
    let [(s, b), (t, c)] = moves;
    (0..a.len())
        .map(|i| g.w[i] * (g.d[i] * scale - a[i] - s * b[i] - t * c[i]).abs())
        .fold(0.0, f64::max)
}

/// Refines the half-taps `q` against the target scaled by `scale`: rounds of ±1 steps on
/// each tap, then (while the work is bounded) of opposite or equal ±1 steps on two taps at
/// once, each kept when the largest weighted error falls; returns that error.
fn refine(q: &mut [f64], g: &Grid, scale: f64, range: (f64, f64), rounds: usize) -> f64 {
    let mut a = amplitude(q, g);
    let mut best = worst(&a, g, scale);
    let n = q.len();
    let pairs = n * n.saturating_sub(1) / 2 * 4;
    let cos: Vec<Vec<f64>> = if pairs.saturating_mul(g.len()) <= PAIR_WORK {
        (0..n).map(|k| basis(k, g)).collect()
    } else {
        Vec::new()
    };
    let zero = vec![0.0; g.len()];
    let per_round = (2 * n + if cos.is_empty() { 0 } else { pairs }).saturating_mul(g.len());
    let rounds = rounds.min((REFINE_WORK / per_round.max(1)).max(1));
    let fits = |v: f64| v >= range.0 && v <= range.1;
    for _ in 0..rounds {
        let mut changed = false;
        for (k, qk) in q.iter_mut().enumerate() {
            let owned;
            let b: &[f64] = match cos.get(k) {
                Some(b) => b,
                None => {
                    owned = basis(k, g);
                    &owned
                }
            };
            for step in [1.0, -1.0] {
                if !fits(*qk + step) {
                    continue;
                }
                let err = worst_moved(&a, [(step, b), (0.0, &zero)], g, scale);
                if err < best {
                    best = err;
                    *qk += step;
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += step * y);
                    changed = true;
                    break;
                }
            }
        }
        changed |= pair_moves(q, &mut a, &mut best, &cos, g, scale, range);
        if !changed {
            break;
        }
    }
    best
}

/// One pass of ±1 steps on two half-taps at once (with cosines `cos`), each kept when the
/// largest weighted error `best` falls; whether any was kept.
fn pair_moves(
    q: &mut [f64],
    a: &mut [f64],
    best: &mut f64,
    cos: &[Vec<f64>],
    g: &Grid,
    scale: f64,
    range: (f64, f64),
) -> bool {
    let fits = |v: f64| v >= range.0 && v <= range.1;
    let mut changed = false;
    for (k, bk) in cos.iter().enumerate() {
        for (j, bj) in cos.iter().enumerate().skip(k + 1) {
            for (s, t) in [(1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (-1.0, -1.0)] {
                let (Some(&qk), Some(&qj)) = (q.get(k), q.get(j)) else {
                    continue;
                };
                if !fits(qk + s) || !fits(qj + t) {
                    continue;
                }
                let err = worst_moved(a, [(s, bk), (t, bj)], g, scale);
                if err < *best {
                    *best = err;
                    q[k] += s;
                    q[j] += t;
                    for ((x, y), z) in a.iter_mut().zip(bk).zip(bj) {
                        *x += s * y + t * z;
                    }
                    changed = true;
                }
            }
        }
    }
    changed
}
