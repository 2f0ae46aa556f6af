//! Grid operators and index maps: the finite-difference Laplacians `laplacian_1d/2d/3d`,
//! the variable-coefficient `laplacian_eps_2d` (harmonic-mean face coefficients), and the
//! column-major flat-index helpers `ij2k`, `k2ij`, `ijk2k`, `k2ijk`.
//!
//! Node ordering is column-major (rows = y fastest): `V(i, j) → k = (j-1)*ny + i` and
//! `V(i, j, kk) → k = ((kk-1)*nx + (j-1))*ny + i`, so `reshape(v, ny, nx)` round-trips.

use super::sparse_value;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::sparse::Sparse;
use crate::value::{C64, NumArray, Value};

/// The boundary condition of a Laplacian.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bc {
    Dirichlet,
    Neumann,
    Periodic,
}

fn bc_of(name: &str, v: &Value) -> LangResult<Bc> {
    match v.plain() {
        Value::Str(s) => match s.to_ascii_lowercase().as_str() {
            "dirichlet" => Ok(Bc::Dirichlet),
            "neumann" => Ok(Bc::Neumann),
            "periodic" => Ok(Bc::Periodic),
            other => Err(LangError::type_error(format!(
                "{name}: unknown boundary condition \"{other}\"; expected \"dirichlet\", \"neumann\", or \"periodic\""
            ))),
        },
        other => Err(LangError::type_error(format!(
            "{name}: bc must be a string (\"dirichlet\"|\"neumann\"|\"periodic\"), got {}",
            other.type_name()
        ))),
    }
}

/// A grid count (at least 1).
fn count(args: &Args, i: usize, what: &str) -> LangResult<usize> {
    let n = args.size(i)?;
    if n == 0 {
        return Err(LangError::runtime(format!(
            "{}: {what} must be at least 1",
            args.name
        )));
    }
    Ok(n)
}

/// A grid spacing (positive and finite).
fn spacing(args: &Args, i: usize, what: &str) -> LangResult<f64> {
    let h = args.f64(i)?;
    if !(h.is_finite() && h > 0.0) {
        return Err(LangError::runtime(format!(
            "{}: {what} must be positive and finite, got {}",
            args.name,
            crate::display::scalar(h)
        )));
    }
    Ok(h)
}

/// Refuse grids whose entries would pass the allocation cap (about 64 bytes an entry).
fn check_size(nodes: usize, per_node: usize) -> LangResult<()> {
    crate::limits::check_alloc(nodes, per_node, 64)
}

/// The `+∇²` stencil on a box grid. `axes` lists `(n, h)` fastest axis first; node
/// `(p0, p1, …)` has flat index `p0 + n0·(p1 + n1·(…))`.
fn laplacian(axes: &[(usize, f64)], bc: Bc) -> LangResult<Sparse> {
    let nodes = axes
        .iter()
        .try_fold(1usize, |acc, &(n, _)| acc.checked_mul(n))
        .ok_or_else(|| LangError::runtime("laplacian: grid too large"))?;
    check_size(nodes, 2 * axes.len() + 1)?;
    let mut s = Sparse::matrix(nodes, nodes);
    let mut stride = 1;
    for &(n, h) in axes {
        let w = 1.0 / (h * h);
        for k in 0..nodes {
            let p = (k / stride) % n;
            let base = k - p * stride;
            let at = |q: usize| base + q * stride;
            let mut diag = -2.0 * w;
            let link = |q: usize, s: &mut Sparse| s.accumulate(k, at(q), C64::new(w, 0.0));
            let (lo, hi) = (p.checked_sub(1), (p + 1 < n).then_some(p + 1));
            match bc {
                Bc::Periodic => {
                    link(lo.unwrap_or(n - 1), &mut s);
                    link(hi.unwrap_or(0), &mut s);
                }
                Bc::Dirichlet | Bc::Neumann => {
                    for q in [lo, hi].into_iter().flatten() {
                        link(q, &mut s);
                    }
                    if bc == Bc::Neumann {
                        diag += w * f64::from(u8::from(lo.is_none()) + u8::from(hi.is_none()));
                    }
                }
            }
            s.accumulate(k, k, C64::new(diag, 0.0));
        }
        stride *= n;
    }
    Ok(s)
}

/// `laplacian_1d(n [, dx] [, bc])`: the n×n tridiagonal `+d²/dx²`.
pub(super) fn laplacian_1d(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    let n = count(&args, 0, "n")?;
    let (dx, bc) = match args.len() {
        1 => (1.0, Bc::Dirichlet),
        2 if matches!(args.value(1)?, Value::Str(_)) => (1.0, bc_of(args.name, args.value(1)?)?),
        2 => (spacing(&args, 1, "dx")?, Bc::Dirichlet),
        _ => (spacing(&args, 1, "dx")?, bc_of(args.name, args.value(2)?)?),
    };
    Ok(sparse_value(laplacian(&[(n, dx)], bc)?))
}

/// `laplacian_2d(nx, ny [, dx, dy] [, bc])`: the 5-point `+∇²` on an nx×ny grid.
pub(super) fn laplacian_2d(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 5)?;
    let (nx, ny) = (count(&args, 0, "nx")?, count(&args, 1, "ny")?);
    let (dx, dy, bc) = match args.len() {
        2 => (1.0, 1.0, Bc::Dirichlet),
        3 => (1.0, 1.0, bc_of(args.name, args.value(2)?)?),
        n => {
            let bc = if n == 5 {
                bc_of(args.name, args.value(4)?)?
            } else {
                Bc::Dirichlet
            };
            (spacing(&args, 2, "dx")?, spacing(&args, 3, "dy")?, bc)
        }
    };
    Ok(sparse_value(laplacian(&[(ny, dy), (nx, dx)], bc)?))
}

/// `laplacian_3d(nx, ny, nz [, dx, dy, dz] [, bc])`: the 7-point `+∇²`.
pub(super) fn laplacian_3d(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 7)?;
    let nx = count(&args, 0, "nx")?;
    let ny = count(&args, 1, "ny")?;
    let nz = count(&args, 2, "nz")?;
    let (h, bc) = match args.len() {
        3 => ([1.0; 3], Bc::Dirichlet),
        4 => ([1.0; 3], bc_of(args.name, args.value(3)?)?),
        6 | 7 => {
            let h = [
                spacing(&args, 3, "dx")?,
                spacing(&args, 4, "dy")?,
                spacing(&args, 5, "dz")?,
            ];
            let bc = match args.get(6) {
                Some(v) => bc_of(args.name, v)?,
                None => Bc::Dirichlet,
            };
            (h, bc)
        }
        n => {
            return Err(LangError::type_error(format!(
                "laplacian_3d: expected (nx, ny, nz), (nx, ny, nz, bc), (nx, ny, nz, dx, dy, dz), or (nx, ny, nz, dx, dy, dz, bc); got {n} args"
            )));
        }
    };
    let axes = [(ny, h[1]), (nx, h[0]), (nz, h[2])];
    Ok(sparse_value(laplacian(&axes, bc)?))
}

/// The harmonic mean `2ab/(a+b)` (0 when `a + b` is 0).
fn harmonic(a: C64, b: C64) -> C64 {
    let sum = a + b;
    if sum.norm() == 0.0 {
        C64::new(0.0, 0.0)
    } else {
        2.0 * a * b / sum
    }
}

/// `laplacian_eps_2d(eps [, dx, dy] [, bc])`: `∇·(ε∇)` for an ny×nx map ε, with
/// harmonic-mean face coefficients; a Dirichlet edge uses the cell's own ε, a Neumann edge
/// carries no flux. ε ≡ 1 gives `laplacian_2d`.
pub(super) fn laplacian_eps_2d(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 4)?;
    let eps = match args.value(0)?.plain() {
        Value::Matrix(a) => a.clone(),
        other => {
            return Err(LangError::type_error(format!(
                "laplacian_eps_2d: eps_map must be a matrix (ny x nx), got {}",
                other.type_name()
            )));
        }
    };
    let (dx, dy, bc) = match args.len() {
        1 => (1.0, 1.0, Bc::Dirichlet),
        2 => (1.0, 1.0, bc_of(args.name, args.value(1)?)?),
        n => {
            let bc = if n == 4 {
                bc_of(args.name, args.value(3)?)?
            } else {
                Bc::Dirichlet
            };
            (spacing(&args, 1, "dx")?, spacing(&args, 2, "dy")?, bc)
        }
    };
    Ok(sparse_value(eps_stencil(&eps, dx, dy, bc)?))
}

fn eps_stencil(eps: &NumArray, dx: f64, dy: f64, bc: Bc) -> LangResult<Sparse> {
    let (ny, nx) = eps.shape();
    if eps
        .iter_c()
        .any(|z| !(z.re.is_finite() && z.im.is_finite()))
    {
        return Err(LangError::runtime(
            "laplacian_eps_2d: eps_map must be finite",
        ));
    }
    let nodes = ny * nx;
    check_size(nodes, 5)?;
    let mut s = Sparse::matrix(nodes, nodes);
    let step = |p: usize, d: i64, n: usize| -> Option<usize> {
        let q = p as i64 + d;
        if (0..n as i64).contains(&q) {
            Some(q as usize)
        } else if bc == Bc::Periodic {
            Some(q.rem_euclid(n as i64) as usize)
        } else {
            None
        }
    };
    for j in 0..nx {
        for i in 0..ny {
            let k = j * ny + i;
            let e = eps.get(i, j);
            let moves = [(-1, 0, dy), (1, 0, dy), (0, -1, dx), (0, 1, dx)];
            for (di, dj, h) in moves {
                let w = 1.0 / (h * h);
                let target = match (di, dj) {
                    (0, d) => step(j, d, nx).map(|q| (i, q)),
                    (d, _) => step(i, d, ny).map(|q| (q, j)),
                };
                match target {
                    Some((qi, qj)) => {
                        let face = harmonic(e, eps.get(qi, qj)) * w;
                        s.accumulate(k, qj * ny + qi, face);
                        s.accumulate(k, k, -face);
                    }
                    None if bc == Bc::Dirichlet => s.accumulate(k, k, -e * w),
                    None => {}
                }
            }
        }
    }
    Ok(s)
}

/// `ij2k(i, j, ny)`: `(j-1)*ny + i`.
pub(super) fn ij2k(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let (i, j, ny) = (args.size(0)?, args.size(1)?, args.size(2)?);
    if i < 1 || i > ny || j < 1 {
        return Err(LangError::type_error(format!(
            "ij2k: out of range (i={i}, j={j}, ny={ny})"
        )));
    }
    Ok(Value::Scalar(((j - 1) * ny + i) as f64))
}

/// `[i, j] = k2ij(k, ny)`: the inverse of `ij2k`.
pub(super) fn k2ij(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let (k, ny) = (args.size(0)?, args.size(1)?);
    if k < 1 || ny == 0 {
        return Err(LangError::type_error(format!(
            "k2ij: out of range (k={k}, ny={ny})"
        )));
    }
    let k0 = k - 1;
    Ok(Value::tuple(vec![
        Value::Scalar((k0 % ny + 1) as f64),
        Value::Scalar((k0 / ny + 1) as f64),
    ]))
}

/// `ijk2k(i, j, kk, ny, nx)`: `((kk-1)*nx + (j-1))*ny + i`.
pub(super) fn ijk2k(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(5, 5)?;
    let (i, j, kk) = (args.size(0)?, args.size(1)?, args.size(2)?);
    let (ny, nx) = (args.size(3)?, args.size(4)?);
    if i < 1 || i > ny || j < 1 || j > nx || kk < 1 {
        return Err(LangError::type_error(format!(
            "ijk2k: out of range (i={i}, j={j}, kk={kk}, ny={ny}, nx={nx})"
        )));
    }
    Ok(Value::Scalar((((kk - 1) * nx + (j - 1)) * ny + i) as f64))
}

/// `[i, j, kk] = k2ijk(k, ny, nx)`: the inverse of `ijk2k`.
pub(super) fn k2ijk(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let (k, ny, nx) = (args.size(0)?, args.size(1)?, args.size(2)?);
    if k < 1 || ny == 0 || nx == 0 {
        return Err(LangError::type_error(format!(
            "k2ijk: out of range (k={k}, ny={ny}, nx={nx})"
        )));
    }
    let k0 = k - 1;
    let rest = k0 / ny;
    Ok(Value::tuple(vec![
        Value::Scalar((k0 % ny + 1) as f64),
        Value::Scalar((rest % nx + 1) as f64),
        Value::Scalar((rest / nx + 1) as f64),
    ]))
}
