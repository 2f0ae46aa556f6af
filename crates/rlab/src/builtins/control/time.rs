//! Time response and root locus: `step` (RK4 on the observable canonical form) and
//! `rlocus` (closed-loop poles as the loop gain sweeps 10⁻³ … 10⁴).

use super::convert::observable_form;
use super::figure::{self, Trace};
use super::freq::logspace;
use super::poly;
use super::tf::tf_arg;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::Color;
use crate::value::{C64, Value};
use ndarray::{Array1, Array2};

/// Integration steps of a step response (1001 samples).
const STEPS: usize = 1000;

/// Gains of the root-locus sweep.
const GAINS: usize = 300;

/// `step(G)` | `step(G, t_end)`: the unit step response, plotted; `[y, t] = step(G)`
/// returns it without plotting. Without
/// `t_end`: 10 / (slowest |Re(pole)|, at least 1e-6), at most 100 s.
pub(super) fn step(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let g = tf_arg("step", args.value(0)?)?.clone();
    let sys = observable_form(&g)?;
    let t_end = match args.get(1) {
        Some(_) => args.f64(1)?,
        None => {
            let poles = poly::roots("step", &g.den)?;
            let slowest = poles
                .iter()
                .map(|p| p.re.abs())
                .fold(f64::INFINITY, f64::min);
            let slowest = if poles.is_empty() {
                1.0
            } else {
                slowest.max(1e-6)
            };
            (10.0 / slowest).min(100.0)
        }
    };
    if !t_end.is_finite() {
        return Err(LangError::runtime("step: t_end must be finite"));
    }
    let real = |m: &Array2<C64>| m.mapv(|z| z.re);
    let (a, b, c, d) = (real(&sys.a), real(&sys.b), real(&sys.c), sys.d[[0, 0]].re);
    let h = t_end / STEPS as f64;
    let mut x = Array1::<f64>::zeros(a.nrows());
    let (mut t, mut y) = (Vec::with_capacity(STEPS + 1), Vec::with_capacity(STEPS + 1));
    for k in 0..=STEPS {
        t.push(k as f64 * h);
        y.push(c.row(0).dot(&x) + d);
        if k < STEPS {
            x = rk4_step(&a, &b.column(0).to_owned(), &x, h);
        }
    }
    if args.nargout > 0 {
        return Ok(Value::tuple(vec![Value::row(y), Value::row(t)]));
    }
    figure::add(interp, Trace::line("y(t)", t, y), "Step Response");
    figure::axes(interp, "Time (s)", "Amplitude");
    Ok(Value::None)
}

/// One classical Runge–Kutta step of ẋ = Ax + b (unit input).
fn rk4_step(a: &Array2<f64>, b: &Array1<f64>, x: &Array1<f64>, h: f64) -> Array1<f64> {
    let f = |x: &Array1<f64>| a.dot(x) + b;
    let k1 = f(x);
    let k2 = f(&(x + &(&k1 * (h / 2.0))));
    let k3 = f(&(x + &(&k2 * (h / 2.0))));
    let k4 = f(&(x + &(&k3 * h)));
    x + &((k1 + &k2 * 2.0 + &k3 * 2.0 + k4) * (h / 6.0))
}

/// `rlocus(G)`: one line per closed-loop pole of `den + K·num` as K sweeps log-spaced
/// from 1e-3 to 1e4, each starting at an open-loop pole.
pub(super) fn rlocus(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let g = tf_arg("rlocus", args.value(0)?)?.clone();
    let poles = g.den.len().saturating_sub(1);
    if poles == 0 {
        return Err(LangError::runtime("rlocus: system has no poles"));
    }
    let zeros = g.num.len().saturating_sub(1);
    if zeros >= poles {
        return Err(LangError::runtime(format!(
            "rlocus: TF must be proper (deg(num) < deg(den)), got {zeros} >= {poles}"
        )));
    }
    let mut previous = poly::roots("rlocus", &g.den)?;
    previous.sort_by(|a, b| a.im.total_cmp(&b.im));
    let mut paths: Vec<Vec<C64>> = previous.iter().map(|&p| vec![p]).collect();
    for k in logspace(1e-3, 1e4, GAINS) {
        let Ok(roots) = poly::roots("rlocus", &poly::add_scaled(&g.den, &g.num, k)) else {
            continue;
        };
        if roots.len() != paths.len() {
            continue;
        }
        let paired = pair_by_proximity(roots, &previous);
        for (path, r) in paths.iter_mut().zip(&paired) {
            path.push(*r);
        }
        previous = paired;
    }
    draw_locus(interp, &paths);
    Ok(Value::None)
}

fn draw_locus(interp: &mut Interp, paths: &[Vec<C64>]) {
    figure::reset(interp);
    interp.figures.current.hold = true;
    for (i, path) in paths.iter().enumerate() {
        let label = format!("root {}", i + 1);
        let mut trace = Trace::line(
            &label,
            path.iter().map(|z| z.re).collect(),
            path.iter().map(|z| z.im).collect(),
        );
        trace.color = Some(Color::Auto(i));
        figure::add(interp, trace, "");
    }
    interp.figures.current.hold = false;
    let panel = figure::axes(interp, "Real", "Imaginary");
    panel.title = "Root Locus".to_string();
}

/// `roots` reordered so that each follows the nearest unused previous root (greedy).
fn pair_by_proximity(roots: Vec<C64>, previous: &[C64]) -> Vec<C64> {
    let mut used = vec![false; roots.len()];
    let mut out = roots.clone();
    for (i, p) in previous.iter().enumerate().take(roots.len()) {
        let best = (0..roots.len())
            .filter(|&j| !used[j])
            .min_by(|&a, &b| (roots[a] - p).norm().total_cmp(&(roots[b] - p).norm()));
        if let Some(j) = best {
            out[i] = roots[j];
            used[j] = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rk4_matches_the_exponential() {
        // ẋ = -x + 1 from 0: x(h) = 1 - e^{-h}, RK4 error O(h^5).
        let a = Array2::from_elem((1, 1), -1.0);
        let b = Array1::from_elem(1, 1.0);
        let x = rk4_step(&a, &b, &Array1::zeros(1), 0.1);
        assert!((x[0] - (1.0 - (-0.1f64).exp())).abs() < 1e-7);
    }

    #[test]
    fn pairing_follows_the_nearest_root() {
        let prev = [C64::new(0.0, 1.0), C64::new(0.0, -1.0)];
        let next = vec![C64::new(0.1, -1.0), C64::new(0.1, 1.0)];
        assert_eq!(
            pair_by_proximity(next, &prev),
            vec![C64::new(0.1, 1.0), C64::new(0.1, -1.0)]
        );
    }
}
