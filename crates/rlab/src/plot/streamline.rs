//! Streamlines of a 2-D vector field on a rectilinear grid (`streamplot`): bilinear
//! sampling, RK4 steps of fixed arc length, traced backward and forward from each seed.
//!
//! A trace stops when it leaves the grid, meets a NaN sample, the field's speed drops to
//! (almost) zero, it comes back to its seed (a closed orbit), or after a step budget; traced
//! from a seed grid, also when it runs into a cell an earlier streamline crossed
//! ([`Crowding`]), so streamlines spread evenly and converging flows stay small.

/// A vector field: `u` and `v` row-major, `y.len()` rows of `x.len()` values; `x` and `y`
/// strictly increasing.
pub struct Field<'a> {
    pub x: &'a [f64],
    pub y: &'a [f64],
    pub u: &'a [f64],
    pub v: &'a [f64],
}

/// At most this many steps in each direction from a seed.
const MAX_STEPS: usize = 2000;
/// Speeds below this fraction of the field's largest are "zero".
const STILL: f64 = 1e-9;

impl Field<'_> {
    /// The interval `[k, k + 1]` of `axis` holding `p`, and the fraction of the way along it.
    fn locate(axis: &[f64], p: f64) -> Option<(usize, f64)> {
        let n = axis.len();
        if n < 2 || !(p >= axis[0] && p <= axis[n - 1]) {
            return None;
        }
        let k = axis.partition_point(|&a| a <= p).clamp(1, n - 1) - 1;
        let width = axis[k + 1] - axis[k];
        (width > 0.0).then(|| (k, (p - axis[k]) / width))
    }

    /// The field at `(px, py)` by bilinear interpolation; `None` outside or next to NaN.
    pub fn sample(&self, (px, py): (f64, f64)) -> Option<(f64, f64)> {
        let nx = self.x.len();
        let (c, tx) = Self::locate(self.x, px)?;
        let (r, ty) = Self::locate(self.y, py)?;
        let at = |data: &[f64], r: usize, c: usize| data.get(r * nx + c).copied();
        let mix = |data: &[f64]| -> Option<f64> {
            let (a, b) = (at(data, r, c)?, at(data, r, c + 1)?);
            let (d, e) = (at(data, r + 1, c)?, at(data, r + 1, c + 1)?);
            let low = a + tx * (b - a);
            let high = d + tx * (e - d);
            let v = low + ty * (high - low);
            v.is_finite().then_some(v)
        };
        Some((mix(self.u)?, mix(self.v)?))
    }

    /// The largest finite speed of the field's samples.
    fn top_speed(&self) -> f64 {
        self.u
            .iter()
            .zip(self.v)
            .map(|(a, b)| a.hypot(*b))
            .filter(|s| s.is_finite())
            .fold(0.0, f64::max)
    }
}

/// Cells of the domain and the streamline that first crossed each.
pub struct Crowding {
    n: usize,
    x: (f64, f64),
    y: (f64, f64),
    owner: Vec<Option<usize>>,
}

impl Crowding {
    /// An `n×n` split of the grid's domain, every cell free.
    pub fn new(x: &[f64], y: &[f64], n: usize) -> Crowding {
        let span = |a: &[f64]| {
            (
                a.first().copied().unwrap_or(0.0),
                a.last().copied().unwrap_or(1.0),
            )
        };
        let n = n.max(1);
        Crowding {
            n,
            x: span(x),
            y: span(y),
            owner: vec![None; n * n],
        }
    }

    fn cell(&self, (px, py): (f64, f64)) -> Option<usize> {
        let at = |p: f64, (a, b): (f64, f64)| {
            let f = (p - a) / (b - a);
            (f.is_finite() && (0.0..=1.0).contains(&f))
                .then(|| ((f * self.n as f64) as usize).min(self.n - 1))
        };
        Some(at(py, self.y)? * self.n + at(px, self.x)?)
    }

    /// Claim the cell of `p` for streamline `id`; false when another streamline has it.
    fn claim(&mut self, p: (f64, f64), id: usize) -> bool {
        match self.cell(p).and_then(|c| self.owner.get_mut(c)) {
            Some(slot @ None) => {
                *slot = Some(id);
                true
            }
            Some(Some(other)) => *other == id,
            None => true,
        }
    }
}

/// The default step: a fifth of the smaller mean grid spacing.
pub fn default_step(x: &[f64], y: &[f64]) -> f64 {
    let mean = |a: &[f64]| match a {
        [first, .., last] => (last - first).abs() / (a.len() - 1) as f64,
        _ => 1.0,
    };
    (0.2 * mean(x).min(mean(y))).max(1e-300)
}

/// A `n×n` grid of seeds at the centres of an even split of the domain, `n = ⌈10 × density⌉`
/// (at least 2, at most 100).
pub fn seed_grid(x: &[f64], y: &[f64], density: f64) -> Vec<(f64, f64)> {
    let (Some(&x0), Some(&x1), Some(&y0), Some(&y1)) = (x.first(), x.last(), y.first(), y.last())
    else {
        return Vec::new();
    };
    let n = ((10.0 * density).ceil().clamp(2.0, 100.0)) as usize;
    let at = |a: f64, b: f64, k: usize| a + (b - a) * (k as f64 + 0.5) / n as f64;
    (0..n * n)
        .map(|k| (at(x0, x1, k % n), at(y0, y1, k / n)))
        .collect()
}

/// The streamline through `seed`, in the direction of the flow: the backward trace
/// reversed, the seed, the forward trace. Empty when the seed is not inside the field, or
/// is in a cell of `crowd` another streamline crossed; `id` names this one in `crowd`.
pub fn trace(
    field: &Field,
    seed: (f64, f64),
    step: f64,
    mut crowd: Option<(&mut Crowding, usize)>,
) -> Vec<(f64, f64)> {
    if field.sample(seed).is_none() || step.is_nan() || step <= 0.0 {
        return Vec::new();
    }
    if let Some((c, id)) = crowd.as_mut()
        && !c.claim(seed, *id)
    {
        return Vec::new();
    }
    let still = field.top_speed() * STILL;
    let (mut line, closed) = follow(field, (seed, -step), still, &mut crowd);
    line.reverse();
    line.push(seed);
    if !closed {
        line.extend(follow(field, (seed, step), still, &mut crowd).0);
    }
    line
}

/// Points reached from `seed` by steps of arc length `h` (negative: against the flow), and
/// whether they came back to the seed (a closed orbit, drawn once).
fn follow(
    field: &Field,
    (seed, h): ((f64, f64), f64),
    still: f64,
    crowd: &mut Option<(&mut Crowding, usize)>,
) -> (Vec<(f64, f64)>, bool) {
    let mut out = Vec::new();
    let mut p = seed;
    let close = (0.5 * h).powi(2);
    for k in 0..MAX_STEPS {
        let Some(next) = rk4(field, p, h, still) else {
            break;
        };
        if let Some((c, id)) = crowd.as_mut()
            && !c.claim(next, *id)
        {
            break;
        }
        p = next;
        out.push(p);
        let back_home = (p.0 - seed.0).powi(2) + (p.1 - seed.1).powi(2) < close;
        if k > 4 && back_home {
            out.push(seed);
            return (out, true);
        }
    }
    (out, false)
}

/// The direction of the field at `p`, scaled to length 1; `None` where it is still.
fn unit(field: &Field, p: (f64, f64), still: f64) -> Option<(f64, f64)> {
    let (u, v) = field.sample(p)?;
    let speed = u.hypot(v);
    (speed > still && speed > 0.0).then(|| (u / speed, v / speed))
}

/// One classical RK4 step of length `h` along the unit direction field.
fn rk4(field: &Field, (x, y): (f64, f64), h: f64, still: f64) -> Option<(f64, f64)> {
    let k1 = unit(field, (x, y), still)?;
    let k2 = unit(field, (x + 0.5 * h * k1.0, y + 0.5 * h * k1.1), still)?;
    let k3 = unit(field, (x + 0.5 * h * k2.0, y + 0.5 * h * k2.1), still)?;
    let k4 = unit(field, (x + h * k3.0, y + h * k3.1), still)?;
    let dx = h * (k1.0 + 2.0 * k2.0 + 2.0 * k3.0 + k4.0) / 6.0;
    let dy = h * (k1.1 + 2.0 * k2.1 + 2.0 * k3.1 + k4.1) / 6.0;
    let next = (x + dx, y + dy);
    field.sample(next).map(|_| next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(n: usize, lo: f64, hi: f64) -> Vec<f64> {
        (0..n)
            .map(|i| lo + (hi - lo) * i as f64 / (n - 1) as f64)
            .collect()
    }

    /// u = −y, v = x: circles about the origin.
    fn vortex(x: &[f64], y: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let n = x.len() * y.len();
        let u = (0..n).map(|k| -y[k / x.len()]).collect();
        let v = (0..n).map(|k| x[k % x.len()]).collect();
        (u, v)
    }

    #[test]
    fn samples_interpolate_and_stop_outside_or_at_nan() {
        let x = [0.0, 1.0];
        let y = [0.0, 2.0];
        let u = [0.0, 1.0, 2.0, 3.0];
        let mut v = [1.0; 4];
        let field = Field {
            x: &x,
            y: &y,
            u: &u,
            v: &v,
        };
        assert_eq!(field.sample((0.5, 1.0)), Some((1.5, 1.0)));
        assert_eq!(field.sample((1.0, 2.0)), Some((3.0, 1.0)));
        assert_eq!(field.sample((1.5, 1.0)), None);
        v[3] = f64::NAN;
        let field = Field {
            x: &x,
            y: &y,
            u: &u,
            v: &v,
        };
        assert_eq!(field.sample((0.5, 1.0)), None);
    }

    #[test]
    fn a_vortex_trace_closes_on_a_circle() {
        let x = axis(41, -5.0, 5.0);
        let (u, v) = vortex(&x, &x);
        let field = Field {
            x: &x,
            y: &x,
            u: &u,
            v: &v,
        };
        let line = trace(&field, (3.0, 0.0), default_step(&x, &x), None);
        for &(px, py) in &line {
            assert!((px.hypot(py) - 3.0).abs() < 0.02, "({px}, {py})");
        }
        // One turn of arc 6π at steps of 0.05, split between both directions.
        assert!(line.len() > 300 && line.len() < 420, "{}", line.len());
    }

    #[test]
    fn a_uniform_flow_runs_from_edge_to_edge_in_its_direction() {
        let x = axis(11, 0.0, 10.0);
        let u = vec![2.0; 121];
        let v = vec![0.0; 121];
        let field = Field {
            x: &x,
            y: &x,
            u: &u,
            v: &v,
        };
        let line = trace(&field, (5.0, 5.0), 0.2, None);
        let (first, last) = (line[0], line[line.len() - 1]);
        assert!(first.0 < 0.25 && last.0 > 9.75, "{first:?} {last:?}");
        assert!(line.iter().all(|p| (p.1 - 5.0).abs() < 1e-12));
        let still = vec![0.0; 121];
        let calm = Field {
            x: &x,
            y: &x,
            u: &still,
            v: &still,
        };
        assert_eq!(trace(&calm, (5.0, 5.0), 0.2, None), vec![(5.0, 5.0)]);
        assert!(trace(&field, (50.0, 5.0), 0.2, None).is_empty());
        // Crowded: a parallel line through the same cells stops at once; one a cell away runs.
        let mut crowd = Crowding::new(&x, &x, 10);
        assert!(trace(&field, (5.0, 5.0), 0.2, Some((&mut crowd, 0))).len() > 40);
        assert!(trace(&field, (5.2, 5.1), 0.2, Some((&mut crowd, 1))).is_empty());
        assert!(trace(&field, (5.0, 7.5), 0.2, Some((&mut crowd, 2))).len() > 40);
    }

    #[test]
    fn seeds_fill_the_domain_evenly() {
        let x = axis(3, 0.0, 10.0);
        let seeds = seed_grid(&x, &x, 0.2);
        assert_eq!(seeds, vec![(2.5, 2.5), (7.5, 2.5), (2.5, 7.5), (7.5, 7.5)]);
        assert_eq!(seed_grid(&x, &x, 1.0).len(), 100);
        assert_eq!(seed_grid(&x, &x, 1e9).len(), 10_000);
        assert!(seed_grid(&[], &x, 1.0).is_empty());
        assert_eq!(default_step(&x, &axis(6, 0.0, 1.0)), 0.2 * 0.2);
    }
}
