//! `firpm` and `firpmq`: argument checks and band specs for the exchange in `remez`, and
//! `firpmq`'s integer taps — the design scaled by `2^(bits−1) − 1` and rounded, then
//! refined over `n_iter` rounds of ±1 steps on each symmetric tap pair, each kept when it
//! lowers the largest weighted error on the design grid.

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
    let full = ((bits - 1) as f64).exp2();
    let scale = full - 1.0;
    let m = (s.n_taps - 1) / 2;
    let mut q: Vec<f64> = h[m..]
        .iter()
        .map(|&t| (t * scale).round().clamp(-full, scale))
        .collect();
    refine(
        &mut q,
        &Grid::new(&s.bands, m + 1),
        scale,
        (-full, scale),
        rounds,
    );
    Ok(Value::row(
        (0..s.n_taps).map(|i| q[i.abs_diff(m)] + 0.0).collect(),
    ))
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

/// Greedy ±1 steps on each half-tap, kept when the worst error falls.
fn refine(q: &mut [f64], g: &Grid, scale: f64, range: (f64, f64), rounds: usize) {
    let mut a = amplitude(q, g);
    let mut best = worst(&a, g, scale);
    for _ in 0..rounds {
        let mut changed = false;
        for (k, qk) in q.iter_mut().enumerate() {
            let basis: Vec<f64> = g
                .omega
                .iter()
                .map(|&w| {
                    if k == 0 {
                        1.0
                    } else {
                        2.0 * (k as f64 * w).cos()
                    }
                })
                .collect();
            for step in [1.0, -1.0] {
                let v = *qk + step;
                if v < range.0 || v > range.1 {
                    continue;
                }
                let trial: Vec<f64> = a.iter().zip(&basis).map(|(x, b)| x + step * b).collect();
                let err = worst(&trial, g, scale);
                if err < best {
                    best = err;
                    *qk = v;
                    a = trial;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            break;
        }
    }
}
