//! Builtins: higher-order functions (spec §10.7, §9): `parmap`, `arrayfun`, `feval`; the
//! ODE integrator `rk4` in [`rk4`].
//!
//! `parmap(f, xs)` runs sequentially (the results equal rustlab's parallel ones) but gives
//! call k (0-based) its own random stream, seeded with the SplitMix64 finaliser of
//! `master + k·0x9E3779B97F4A7C15` where master is the last `seed(N)` (or one entropy draw);
//! the caller's stream is restored afterwards, not advanced. Results combine into a Vector
//! (all scalars/bools), a Matrix with one row per call (all vectors of one length) or, for
//! parmap, a Tensor3 with one page per call (all matrices of one size). `nproc()` reports
//! the host's count ([`crate::host::Host::cpu_count`]): the machine's logical CPUs natively,
//! a fixed number where output must not depend on the machine (rlbook's books).

use super::{Args, Builtin};
use crate::error::{ErrorKind, LangError, LangResult};
use crate::eval::Interp;
use crate::limits;
use crate::rng::Rng;
use crate::value::{C64, NumArray, Tensor3, Value};
use ndarray::Array2;

mod rk4;
#[cfg(test)]
mod tests;

/// The golden-ratio increment of SplitMix64.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "parmap",
        func: parmap,
        doc: "parmap(f, xs): [f(x1), f(x2), ...], each call with its own random stream derived from the last seed",
    },
    Builtin {
        name: "nproc",
        func: nproc,
        doc: "nproc(): the number of logical CPUs the host reports (a fixed number in a book, so output holds on every machine)",
    },
    Builtin {
        name: "arrayfun",
        func: arrayfun,
        doc: "arrayfun(f, xs): [f(x1), f(x2), ...] (scalars give a Vector, vectors a Matrix of rows)",
    },
    Builtin {
        name: "rk4",
        func: rk4::rk4,
        doc: "rk4(f, x0, t): fixed-step RK4 solution of dx/dt = f(x, t); column k is the state at t(k)",
    },
    Builtin {
        name: "feval",
        func: feval,
        doc: "feval(f, args...): call a lambda, handle or function name with the arguments",
    },
];

/// The seed of parmap task `k`: the SplitMix64 finaliser of `master + k·gamma`.
pub(crate) fn task_seed(master: u64, k: usize) -> u64 {
    let mut z = master.wrapping_add((k as u64).wrapping_mul(GOLDEN_GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Run `body` with a random stream seeded by `seed`, then give the caller its own stream
/// (and last seed) back untouched.
fn with_stream<T>(interp: &mut Interp, seed: u64, body: impl FnOnce(&mut Interp) -> T) -> T {
    let caller_rng = std::mem::replace(&mut interp.rng, Rng::seeded(seed));
    // Inside the call its own seed is the last one, as in rustlab (a nested parmap derives
    // its streams from it).
    let caller_seed = interp.last_seed.replace(seed);
    let caller_parallel = std::mem::replace(&mut interp.in_parallel_task, true);
    let out = body(interp);
    interp.rng = caller_rng;
    interp.last_seed = caller_seed;
    interp.in_parallel_task = caller_parallel;
    out
}

/// Argument 0 as a lambda or handle.
fn function_arg(args: &Args) -> LangResult<Value> {
    match args.value(0)? {
        f @ (Value::Lambda(_) | Value::Handle(_)) => Ok(f.clone()),
        other => Err(LangError::type_error(format!(
            "{}: first argument must be a lambda or function handle, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// Argument 1 as the list of inputs: a Scalar or Bool, or the elements of a Vector or 1-D
/// Matrix (each a Scalar, or Complex when its imaginary part is not zero).
fn inputs_arg(args: &Args) -> LangResult<Vec<Value>> {
    match args.value(1)? {
        v @ (Value::Scalar(_) | Value::Bool(_) | Value::Complex(_)) => Ok(vec![v.clone()]),
        Value::Vector(a) => Ok(a.iter_c().map(Value::number).collect()),
        v @ Value::Matrix(a) if v.is_one_d_matrix() => Ok(a.iter_c().map(Value::number).collect()),
        other => Err(LangError::type_error(format!(
            "{}: inputs must be a vector or scalar, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// Wrap the error of call `k` (1-based) of `total`; limits (time, cancellation) pass through.
fn call_failed(name: &str, k: usize, total: usize, inner: LangError) -> LangError {
    if inner.kind == ErrorKind::Limit {
        return inner;
    }
    LangError::runtime(format!("{name}: trial {k} of {total} errored: {inner}"))
}

fn parmap(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let f = function_arg(&args)?;
    let inputs = inputs_arg(&args)?;
    let master = match interp.last_seed {
        Some(seed) => seed,
        None => interp.config.host.entropy(),
    };
    let mut results = Vec::with_capacity(inputs.len());
    for (k, x) in inputs.into_iter().enumerate() {
        interp.check_time()?;
        let result = with_stream(interp, task_seed(master, k), |i| {
            i.call_value(&f, vec![x], 1)
        });
        // rustlab reports "trial k of k": both numbers are the failing trial's (a quirk).
        results.push(result.map_err(|e| call_failed("parmap", k + 1, k + 1, e))?);
    }
    match results.first() {
        Some(Value::Matrix(first)) => stack_pages(first.shape(), &results),
        _ => combine("parmap", results),
    }
}

/// parmap's matrix results (each `rows × cols`) as the pages of a `rows × cols × N` Tensor3,
/// so `result(:, :, k)` is call k's matrix.
fn stack_pages((rows, cols): (usize, usize), results: &[Value]) -> LangResult<Value> {
    let mut pages = Vec::with_capacity(results.len());
    for (k, v) in results.iter().enumerate() {
        match v {
            Value::Matrix(m) if m.shape() == (rows, cols) => pages.push(m),
            other => {
                let got = match other {
                    Value::Matrix(m) => format!("a {}×{} matrix", m.rows(), m.cols()),
                    other => format!("a {}", other.type_name()),
                };
                let earlier = format!("{rows}×{cols} matrices");
                return Err(mixed("parmap", k + 1, &got, &earlier));
            }
        }
    }
    let t = Tensor3::from_fn(rows, cols, pages.len(), |i, j, k| pages[k].get(i, j))?;
    Ok(Value::Tensor3(std::sync::Arc::new(t)))
}

fn nproc(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 0)?;
    Ok(Value::Scalar(interp.config.host.cpu_count().max(1) as f64))
}

fn arrayfun(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let f = function_arg(&args)?;
    let inputs = inputs_arg(&args)?;
    let total = inputs.len();
    let mut results = Vec::with_capacity(total);
    for (k, x) in inputs.into_iter().enumerate() {
        interp.check_time()?;
        let result = interp.call_value(&f, vec![x], 1);
        results.push(result.map_err(|e| call_failed("arrayfun", k + 1, total, e))?);
    }
    combine("arrayfun", results)
}

fn feval(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let Some((f, rest)) = args.values.split_first() else {
        return Err(LangError::name(
            "wrong number of arguments for 'feval': expected at least 1, got 0",
        ));
    };
    match f {
        Value::Lambda(_) | Value::Handle(_) | Value::Str(_) => {
            interp.call_value(f, rest.to_vec(), args.nargout)
        }
        other => Err(LangError::type_error(format!(
            "feval: first argument must be a lambda, function handle or function name, got {}",
            other.type_name()
        ))),
    }
}

/// One call's result as numbers: a scalar (Bools count 0/1) or a vector row.
enum Part {
    Number(C64),
    Row(Vec<C64>),
}

fn part(name: &str, k: usize, v: &Value) -> LangResult<Part> {
    match v {
        Value::Scalar(x) => Ok(Part::Number(C64::new(*x, 0.0))),
        Value::Bool(b) => Ok(Part::Number(C64::new(f64::from(u8::from(*b)), 0.0))),
        Value::Complex(z) => Ok(Part::Number(*z)),
        Value::Vector(a) => Ok(Part::Row(a.to_c_vec())),
        other => Err(LangError::runtime(format!(
            "{name}: call {k} returned a {}; every call must return a scalar, or every call a vector of one length",
            other.type_name()
        ))),
    }
}

/// All scalars → Vector; all vectors of one length → Matrix, one row per call.
fn combine(name: &str, results: Vec<Value>) -> LangResult<Value> {
    let parts = results
        .iter()
        .enumerate()
        .map(|(i, v)| part(name, i + 1, v))
        .collect::<LangResult<Vec<Part>>>()?;
    let Some(first) = parts.first() else {
        return Ok(Value::row(Vec::new()));
    };
    match first {
        Part::Number(_) => combine_numbers(name, parts),
        Part::Row(row) => {
            let width = row.len();
            combine_rows(name, parts, width)
        }
    }
}

fn combine_numbers(name: &str, parts: Vec<Part>) -> LangResult<Value> {
    let mut numbers = Vec::with_capacity(parts.len());
    for (i, p) in parts.into_iter().enumerate() {
        match p {
            Part::Number(z) => numbers.push(z),
            Part::Row(_) => return Err(mixed(name, i + 1, "a vector", "scalars")),
        }
    }
    let n = numbers.len();
    let row = Array2::from_shape_vec((1, n), numbers).unwrap_or_else(|_| Array2::zeros((1, 0)));
    Ok(Value::vector(NumArray::complex(row)))
}

fn combine_rows(name: &str, parts: Vec<Part>, width: usize) -> LangResult<Value> {
    let rows = parts.len();
    limits::check_alloc(rows, width, std::mem::size_of::<C64>())?;
    let mut data = Vec::with_capacity(rows * width);
    for (i, p) in parts.into_iter().enumerate() {
        match p {
            Part::Row(row) if row.len() == width => data.extend(row),
            Part::Row(row) => {
                let got = format!("a vector of length {}", row.len());
                return Err(mixed(
                    name,
                    i + 1,
                    &got,
                    &format!("vectors of length {width}"),
                ));
            }
            Part::Number(_) => return Err(mixed(name, i + 1, "a scalar", "vectors")),
        }
    }
    let m = Array2::from_shape_vec((rows, width), data).unwrap_or_else(|_| Array2::zeros((0, 0)));
    Ok(Value::matrix(NumArray::complex(m)))
}

fn mixed(name: &str, k: usize, got: &str, earlier: &str) -> LangError {
    LangError::runtime(format!(
        "{name}: call {k} returned {got}, but the earlier calls returned {earlier}"
    ))
}
