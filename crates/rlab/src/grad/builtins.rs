//! Builtins called with tracked arguments. The forward value is always the normal builtin's,
//! computed on the plain arguments; what is recorded depends on the builtin:
//!
//! * element-wise maps (`exp log log2 log10 sqrt sin cos tan tanh abs relu gelu`):
//!   dX = G.*f'(X), f' from X and Y (e.g. exp: Y, sqrt: 0.5./Y, tanh: 1 − Y.^2);
//! * `sum`/`mean`: G repeated over the reduced dimension (`mean` also divided by the count);
//! * `max`/`min`: G goes to the element each result came from (the first one on ties);
//!   `max(a, b)`: to the larger operand, element by element;
//! * `softmax`, `layernorm`: per normalised slice (see [`super::normalize`]);
//! * `dot(a, b)`: da = G·b, db = G·a;
//! * `reshape repmat transpose diag`: structural (see [`super::structural`]);
//! * sizes, searches and output (`size numel length len isempty argmax argmin any all print
//!   disp fprintf sprintf error`) see the plain values and give constants; `struct`,
//!   `feval` (and `grad`, to refuse nesting) pass tracked values through; every other builtin is an error
//!   (`grad: 'floor' has no derivative`).

use super::normalize;
use super::operators::unbroadcast;
use super::structural;
use super::tape::{Backward, Grad, Tape, real_or_error};
use crate::builtins::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;
use ndarray::{Array2, Zip};
use std::sync::Arc;

/// How `grad` treats a builtin.
enum Kind {
    /// Element-wise: the derivative from (x, y).
    Map(fn(f64, f64) -> f64),
    Reduce {
        mean: bool,
    },
    Extreme {
        max: bool,
    },
    Normalize(normalize::Which),
    Dot,
    /// Moves elements of its first argument (or of all arguments when `all`).
    Structural {
        all: bool,
    },
    /// Sees plain values; the result is a constant.
    Constant,
    /// Receives tracked values as they are.
    Transparent,
    NoDerivative,
}

fn kind(name: &str) -> Kind {
    match name {
        "exp" => Kind::Map(|_, y| y),
        "log" => Kind::Map(|x, _| 1.0 / x),
        "log2" => Kind::Map(|x, _| 1.0 / (x * std::f64::consts::LN_2)),
        "log10" => Kind::Map(|x, _| 1.0 / (x * std::f64::consts::LN_10)),
        "sqrt" => Kind::Map(|_, y| 0.5 / y),
        "sin" => Kind::Map(|x, _| x.cos()),
        "cos" => Kind::Map(|x, _| -x.sin()),
        "tan" => Kind::Map(|_, y| 1.0 + y * y),
        "tanh" => Kind::Map(|_, y| 1.0 - y * y),
        "abs" => Kind::Map(|x, _| if x == 0.0 { 0.0 } else { x.signum() }),
        "relu" => Kind::Map(|x, _| if x > 0.0 { 1.0 } else { 0.0 }),
        "gelu" => Kind::Map(|x, _| gelu_derivative(x)),
        "sum" => Kind::Reduce { mean: false },
        "mean" => Kind::Reduce { mean: true },
        "max" => Kind::Extreme { max: true },
        "min" => Kind::Extreme { max: false },
        "softmax" => Kind::Normalize(normalize::Which::Softmax),
        "layernorm" => Kind::Normalize(normalize::Which::Layernorm),
        "dot" => Kind::Dot,
        "reshape" | "repmat" | "transpose" | "diag" => Kind::Structural { all: false },
        "size" | "numel" | "length" | "len" | "isempty" | "argmax" | "argmin" | "any" | "all"
        | "print" | "disp" | "fprintf" | "sprintf" | "error" => Kind::Constant,
        "struct" | "feval" | "grad" | "value_and_grad" => Kind::Transparent,
        _ => Kind::NoDerivative,
    }
}

/// d/dx of 0.5·x·(1 + tanh(c·(x + 0.044715·x³))), c = √(2/π).
fn gelu_derivative(x: f64) -> f64 {
    let c = (2.0 / std::f64::consts::PI).sqrt();
    let t = (c * (x + 0.044715 * x * x * x)).tanh();
    0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * c * (1.0 + 3.0 * 0.044715 * x * x)
}

/// Call builtin `b` with arguments of which at least one is tracked.
pub(super) fn call(
    interp: &mut Interp,
    b: &'static Builtin,
    args: Vec<Value>,
    nargout: usize,
) -> LangResult<Value> {
    let kind = kind(b.name);
    if matches!(kind, Kind::Transparent) {
        return (b.func)(interp, Args::new(b.name, args, nargout));
    }
    let plain: Vec<Value> = args.iter().map(|v| v.plain().clone()).collect();
    if matches!(kind, Kind::Constant) || interp.grad.tape.is_none() {
        return (b.func)(interp, Args::new(b.name, plain, nargout));
    }
    if let Kind::Structural { all } = kind {
        return structural_call(interp, b, args, nargout, all);
    }
    if matches!(kind, Kind::NoDerivative) {
        return Err(no_derivative(b.name));
    }
    let y = (b.func)(interp, Args::new(b.name, plain.clone(), nargout))?;
    let Some(tape) = interp.grad.tape.as_mut() else {
        return Ok(y);
    };
    // Multiple results (`[m, k] = max(v)`): the first is followed, the others are constants.
    if let Value::Tuple(items) = &y {
        let mut items = (**items).clone();
        if let Some(first) = items.first_mut() {
            *first = follow(tape, &kind, b.name, &args, &plain, first.clone())?;
        }
        return Ok(Value::tuple(items));
    }
    follow(tape, &kind, b.name, &args, &plain, y)
}

/// `grad: 'NAME' has no derivative`.
pub(super) fn no_derivative(name: &str) -> LangError {
    LangError::runtime(format!("grad: '{name}' has no derivative"))
}

fn structural_call(
    interp: &mut Interp,
    b: &'static Builtin,
    args: Vec<Value>,
    nargout: usize,
    all: bool,
) -> LangResult<Value> {
    let data_count = if all { args.len() } else { 1.min(args.len()) };
    if args[data_count..]
        .iter()
        .any(|v| matches!(v, Value::Tracked(_)))
    {
        return Err(not_followed(b.name, data_count + 1));
    }
    let mut tape = interp.grad.tape.take().expect("a running grad");
    let data: Vec<&Value> = args[..data_count].iter().collect();
    let rest: Vec<Value> = args[data_count..].to_vec();
    let result = structural::record(&mut tape, b.name, &data, |mut values| {
        values.extend(rest.iter().cloned());
        (b.func)(interp, Args::new(b.name, values, nargout))
    });
    interp.grad.tape = Some(tape);
    result
}

/// `grad: 'NAME' is not differentiable in argument K`.
fn not_followed(name: &str, k: usize) -> LangError {
    LangError::runtime(format!(
        "grad: '{name}' is not differentiable in argument {k}"
    ))
}

/// Record `y = NAME(args)` on the tape by the rule of `kind`.
fn follow(
    tape: &mut Tape,
    kind: &Kind,
    name: &str,
    args: &[Value],
    plain: &[Value],
    y: Value,
) -> LangResult<Value> {
    let what = format!("'{name}'");
    let pairwise = matches!(kind, Kind::Extreme { .. }) && args.len() == 2;
    let followed = if matches!(kind, Kind::Dot) || pairwise {
        2
    } else {
        1
    };
    if let Some(k) = args
        .iter()
        .skip(followed)
        .position(|v| tape.node_of(v).is_some())
    {
        return Err(not_followed(name, followed + k + 1));
    }
    let nodes: Vec<Option<usize>> = args
        .iter()
        .take(followed)
        .map(|v| tape.node_of(v))
        .collect();
    let yv = real_or_error(&y, &what)?.into_owned();
    let x = real_or_error(&args[0], &what)?.into_owned();
    let rule = match kind {
        Kind::Map(f) => map_rule(nodes[0], x, yv, *f),
        Kind::Reduce { mean } => reduce_rule(nodes[0], x.dim(), yv.dim(), *mean),
        Kind::Extreme { max } if pairwise => {
            let b = real_or_error(&args[1], &what)?.into_owned();
            pairwise_rule(nodes[0], nodes[1], x, b, *max)
        }
        Kind::Extreme { .. } => extreme_rule(nodes[0], x, yv),
        Kind::Normalize(which) => normalize::rule(*which, nodes[0], plain, x, yv)?,
        Kind::Dot => {
            let b = real_or_error(&args[1], &what)?.into_owned();
            dot_rule(nodes[0], nodes[1], x, b)
        }
        _ => return Ok(y),
    };
    Ok(tape.record(y, rule))
}

fn map_rule(n: Option<usize>, x: Grad, y: Grad, f: fn(f64, f64) -> f64) -> Backward {
    Arc::new(move |g, out| {
        if let Some(n) = n {
            let dx = Zip::from(g)
                .and(&x)
                .and(&y)
                .map_collect(|&g, &x, &y| g * f(x, y));
            out.push((n, dx));
        }
    })
}

fn reduce_rule(n: Option<usize>, xs: (usize, usize), ys: (usize, usize), mean: bool) -> Backward {
    let scale = if mean && xs.0 * xs.1 > 0 {
        (ys.0 * ys.1) as f64 / (xs.0 * xs.1) as f64
    } else {
        1.0
    };
    Arc::new(move |g, out| {
        if let Some(n) = n {
            let spread = match g.broadcast(xs) {
                Some(b) => b.to_owned(),
                None => Array2::zeros(xs),
            };
            out.push((n, spread * scale));
        }
    })
}

/// `max`/`min` of one array: each result element came from the first input element of its
/// slice equal to it (slices are the elements that broadcast onto one result element).
fn extreme_rule(n: Option<usize>, x: Grad, y: Grad) -> Backward {
    let (xr, xc) = x.dim();
    let (yr, yc) = y.dim();
    let mut from = Array2::from_elem((yr, yc), None);
    for ((r, c), &v) in x.indexed_iter() {
        let at = if (yr, yc) == (xr, xc) {
            (r, c)
        } else {
            (if yr == 1 { 0 } else { r }, if yc == 1 { 0 } else { c })
        };
        if from[at].is_none() && v == y[at] {
            from[at] = Some((r, c));
        }
    }
    Arc::new(move |g, out| {
        if let Some(n) = n {
            let mut dx = Array2::zeros((xr, xc));
            for (at, src) in from.indexed_iter() {
                if let Some(src) = src {
                    dx[*src] += g[at];
                }
            }
            out.push((n, dx));
        }
    })
}

/// `max(a, b)` / `min(a, b)` element-wise: the adjoint goes to the chosen operand (`a` on
/// ties), summed over broadcast dimensions.
fn pairwise_rule(na: Option<usize>, nb: Option<usize>, a: Grad, b: Grad, max: bool) -> Backward {
    Arc::new(move |g, out| {
        let dim = g.dim();
        let (av, bv) = (a.broadcast(dim), b.broadcast(dim));
        let (Some(av), Some(bv)) = (av, bv) else {
            return;
        };
        let pick_a = Zip::from(&av)
            .and(&bv)
            .map_collect(|&x, &y| if max { x >= y } else { x <= y });
        if let Some(n) = na {
            let d = Zip::from(g)
                .and(&pick_a)
                .map_collect(|&g, &p| if p { g } else { 0.0 });
            out.push((n, unbroadcast(d, a.dim())));
        }
        if let Some(n) = nb {
            let d = Zip::from(g)
                .and(&pick_a)
                .map_collect(|&g, &p| if p { 0.0 } else { g });
            out.push((n, unbroadcast(d, b.dim())));
        }
    })
}

/// `dot(a, b)` = Σ a(k)·b(k): da = G·b, db = G·a (elements paired in order).
fn dot_rule(na: Option<usize>, nb: Option<usize>, a: Grad, b: Grad) -> Backward {
    Arc::new(move |g, out| {
        let g0 = g.iter().next().copied().unwrap_or(0.0);
        let paired = |from: &Grad, like: &Grad| {
            let data: Vec<f64> = from.iter().map(|v| v * g0).collect();
            Array2::from_shape_vec(like.dim(), data).unwrap_or_else(|_| Array2::zeros(like.dim()))
        };
        if let Some(n) = na {
            out.push((n, paired(&b, &a)));
        }
        if let Some(n) = nb {
            out.push((n, paired(&a, &b)));
        }
    })
}
