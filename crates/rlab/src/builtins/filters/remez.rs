//! The Remez exchange for Type I (odd-length, symmetric) linear-phase FIR filters: the
//! Parks–McClellan design. The frequency grid is the classic program's (16 points per
//! coefficient, each band's last point moved onto its upper edge, the result as
//! `scipy.signal.remez`'s), the interpolation is barycentric Lagrange in `x = cos ω`, and the
//! taps come from sampling the optimal amplitude at `n` equally spaced frequencies.

use std::f64::consts::PI;

/// One band: edges in cycles per sample (0 to 0.5), the desired amplitude at each edge
/// (linear in between) and the weight of its error.
#[derive(Clone, Debug)]
pub(crate) struct Band {
    pub lo: f64,
    pub hi: f64,
    pub d_lo: f64,
    pub d_hi: f64,
    pub weight: f64,
}

impl Band {
    fn desired(&self, f: f64) -> f64 {
        if self.hi > self.lo {
            self.d_lo + (self.d_hi - self.d_lo) * (f - self.lo) / (self.hi - self.lo)
        } else {
            self.d_lo
        }
    }
}

/// The dense grid: `x = cos 2πf`, the desired amplitude and the weight at each point.
pub(crate) struct Grid {
    pub omega: Vec<f64>,
    pub x: Vec<f64>,
    pub d: Vec<f64>,
    pub w: Vec<f64>,
    /// The band of each point.
    pub band: Vec<usize>,
}

const GRID_DENSITY: usize = 16;
const MAX_ITERATIONS: usize = 100;

impl Grid {
    /// The grid for `nfcns` cosine coefficients over `bands`.
    pub(crate) fn new(bands: &[Band], nfcns: usize) -> Grid {
        let step = 0.5 / (GRID_DENSITY * nfcns) as f64;
        let mut f = Vec::new();
        let mut owner = Vec::new();
        for (k, band) in bands.iter().enumerate() {
            // A band starting where the previous one ended shares that grid point.
            let shared = f.last().is_some_and(|&last: &f64| last >= band.lo);
            let start = f.len();
            let mut t = if shared { band.lo + step } else { band.lo };
            while t <= band.hi {
                f.push(t);
                owner.push(k);
                t = band.lo + (f.len() - start + usize::from(shared)) as f64 * step;
            }
            if f.len() > start
                && let Some(last) = f.last_mut()
            {
                *last = band.hi;
            }
        }
        let d = f
            .iter()
            .zip(&owner)
            .map(|(&t, &k)| bands[k].desired(t))
            .collect();
        let w = owner.iter().map(|&k| bands[k].weight).collect();
        let omega: Vec<f64> = f.iter().map(|t| 2.0 * PI * t).collect();
        let x = omega.iter().map(|w| w.cos()).collect();
        Grid {
            omega,
            x,
            d,
            w,
            band: owner,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.x.len()
    }
}

/// Barycentric weights of the nodes `xs`, `1 / Π (x_k − x_j)`, up to a common factor
/// (which cancels): summed as logarithms and scaled so the largest is 1, so that hundreds
/// of nodes neither overflow nor underflow.
fn weights(xs: &[f64]) -> Vec<f64> {
    let logs: Vec<(f64, bool)> = (0..xs.len())
        .map(|k| {
            let mut log = 0.0;
            let mut negative = false;
            for (j, &xj) in xs.iter().enumerate() {
                if j != k {
                    let d = xs[k] - xj;
                    log -= d.abs().ln();
                    negative ^= d < 0.0;
                }
            }
            (log, negative)
        })
        .collect();
    let top = logs.iter().map(|l| l.0).fold(f64::NEG_INFINITY, f64::max);
    logs.iter()
        .map(|&(log, negative)| {
            let w = (log - top).exp();
            if negative { -w } else { w }
        })
        .collect()
}

/// The polynomial through `(xs[k], ys[k])` at `x`, by the barycentric formula.
fn interpolate(xs: &[f64], gam: &[f64], ys: &[f64], x: f64) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    for ((&xk, &g), &y) in xs.iter().zip(gam).zip(ys) {
        let d = x - xk;
        if d == 0.0 {
            return y;
        }
        num += g * y / d;
        den += g / d;
    }
    num / den
}

/// The current best approximation on an extremal set: its nodes and values.
struct Approx {
    xs: Vec<f64>,
    gam: Vec<f64>,
    c: Vec<f64>,
    /// The levelled error on the extremal set.
    delta: f64,
}

impl Approx {
    /// The equiripple approximation on the extremal set `ext` (indices into `g`).
    fn on(g: &Grid, ext: &[usize]) -> Approx {
        let xs: Vec<f64> = ext.iter().map(|&i| g.x[i]).collect();
        let gam = weights(&xs);
        let (mut num, mut den) = (0.0, 0.0);
        for (k, (&i, &gk)) in ext.iter().zip(&gam).enumerate() {
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            num += gk * g.d[i];
            den += sign * gk / g.w[i];
        }
        let delta = num / den;
        let r = ext.len();
        let c: Vec<f64> = ext[..r - 1]
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
                g.d[i] - sign * delta / g.w[i]
            })
            .collect();
        let xs = xs[..r - 1].to_vec();
        let gam = weights(&xs);
        Approx { xs, gam, c, delta }
    }

    fn at(&self, x: f64) -> f64 {
        interpolate(&self.xs, &self.gam, &self.c, x)
    }
}

/// The new extremal set from the weighted error `e` (local extrema within each band run,
/// same-sign neighbours merged, trimmed to `r`); `None` if fewer than `r` alternate.
fn extrema(e: &[f64], breaks: &[bool], r: usize) -> Option<Vec<usize>> {
    let n = e.len();
    let mut cand: Vec<usize> = Vec::new();
    for i in 0..n {
        let left = (i > 0 && !breaks[i]).then(|| e[i - 1]);
        let right = (i + 1 < n && !breaks[i + 1]).then(|| e[i + 1]);
        let up = left.is_none_or(|l| e[i] >= l) && right.is_none_or(|r| e[i] >= r);
        let down = left.is_none_or(|l| e[i] <= l) && right.is_none_or(|r| e[i] <= r);
        if (up && e[i] > 0.0) || (down && e[i] < 0.0) {
            cand.push(i);
        }
    }
    // Merge neighbours of one sign, keeping the largest.
    let mut alt: Vec<usize> = Vec::new();
    for i in cand {
        match alt.last_mut() {
            Some(last) if e[*last].signum() == e[i].signum() => {
                if e[i].abs() > e[*last].abs() {
                    *last = i;
                }
            }
            _ => alt.push(i),
        }
    }
    while alt.len() > r {
        let smaller_end = if e[alt[0]].abs() < e[alt[alt.len() - 1]].abs() {
            0
        } else {
            alt.len() - 1
        };
        if alt.len() - r == 1 {
            alt.remove(smaller_end);
            continue;
        }
        let k = (0..alt.len()).min_by(|&a, &b| e[alt[a]].abs().total_cmp(&e[alt[b]].abs()))?;
        if k == 0 || k == alt.len() - 1 {
            alt.remove(k);
        } else {
            // Its neighbours now share a sign: keep the larger.
            let drop = if e[alt[k - 1]].abs() < e[alt[k + 1]].abs() {
                k - 1
            } else {
                k + 1
            };
            alt.remove(k.max(drop));
            alt.remove(k.min(drop));
        }
    }
    (alt.len() == r).then_some(alt)
}

/// The `n_taps` (odd) taps of the minimax design over `bands`, or an error text.
pub(crate) fn design(n_taps: usize, bands: &[Band]) -> Result<Vec<f64>, String> {
    let m = (n_taps - 1) / 2;
    let nfcns = m + 1;
    let r = nfcns + 1;
    let g = Grid::new(bands, nfcns);
    let ngrid = g.len();
    if ngrid < r {
        return Err(format!(
            "too few frequency points ({ngrid}) for {n_taps} taps; widen the bands"
        ));
    }
    // Band breaks: a grid point that starts a band is not the neighbour of the one before.
    let breaks: Vec<bool> = (0..ngrid)
        .map(|i| i > 0 && g.band[i] != g.band[i - 1])
        .collect();
    let step = (ngrid - 1) / nfcns;
    let mut ext: Vec<usize> = (0..nfcns).map(|j| j * step).collect();
    ext.push(ngrid - 1);
    let mut approx = Approx::on(&g, &ext);
    for _ in 0..MAX_ITERATIONS {
        let e: Vec<f64> = (0..ngrid)
            .map(|i| g.w[i] * (g.d[i] - approx.at(g.x[i])))
            .collect();
        if e.iter().any(|v| !v.is_finite()) {
            return Err("the exchange broke down (non-finite error)".to_string());
        }
        let worst = e.iter().fold(0.0, |m: f64, v| m.max(v.abs()));
        let level = approx.delta.abs();
        if worst <= level * (1.0 + 1e-9) + 1e-15 {
            return Ok(taps(&approx, n_taps));
        }
        match extrema(&e, &breaks, r) {
            Some(next) if next != ext => {
                ext = next;
                approx = Approx::on(&g, &ext);
            }
            // A fixed point: converged unless rounding noise dominates the ripple.
            _ if worst <= level * 1.01 + 1e-12 => return Ok(taps(&approx, n_taps)),
            _ => break,
        }
    }
    Err(format!(
        "failed to converge for {n_taps} taps (the ripple may be below what f64 resolves); \
         try fewer taps or wider transition bands"
    ))
}

/// The symmetric taps whose amplitude is `approx`, from `n` equally spaced samples.
fn taps(approx: &Approx, n: usize) -> Vec<f64> {
    let m = (n - 1) / 2;
    let a: Vec<f64> = (0..=m)
        .map(|k| approx.at((2.0 * PI * k as f64 / n as f64).cos()))
        .collect();
    let half: Vec<f64> = (0..=m)
        .map(|k| {
            let s: f64 = (1..=m)
                .map(|j| a[j] * (2.0 * PI * (j * k) as f64 / n as f64).cos())
                .sum();
            (a[0] + 2.0 * s) / n as f64
        })
        .collect();
    (0..n).map(|i| half[i.abs_diff(m)]).collect()
}
