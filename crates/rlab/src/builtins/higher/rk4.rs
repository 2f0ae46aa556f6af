//! `rk4(f, x0, t)`: the classical fixed-step 4th-order Runge-Kutta integrator for
//! dx/dt = f(x, t) over the time points `t` (step t(k+1) − t(k)). `f` is a lambda, handle or
//! function name and is called with the state in the kind of `x0` (a Scalar, a Vector or a
//! column/row Matrix) and the time. The result is an nx×nt Matrix whose column k is the
//! state at t(k).

use crate::builtins::Args;
use crate::builtins::numeric::{check_alloc, complex_array, vector_elements};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

/// The kind the state is handed to `f` in.
#[derive(Clone, Copy)]
enum Shape {
    Number,
    Row,
    Matrix(usize, usize),
}

impl Shape {
    fn of(v: &Value) -> LangResult<Shape> {
        match v {
            Value::Scalar(_) | Value::Complex(_) => Ok(Shape::Number),
            Value::Vector(_) => Ok(Shape::Row),
            Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => {
                Ok(Shape::Matrix(a.rows(), a.cols()))
            }
            other => Err(LangError::type_error(format!(
                "rk4: x0 must be a scalar or vector, got {}",
                other.type_name()
            ))),
        }
    }

    fn value(self, x: &[C64]) -> Value {
        match self {
            Shape::Number => Value::number(x[0]),
            Shape::Row => Value::vector(complex_array(1, x.len(), x.to_vec())),
            Shape::Matrix(r, c) => Value::matrix(complex_array(r, c, x.to_vec())),
        }
    }
}

/// One evaluation f(x, t), checked to return a state of the same length.
fn slope(interp: &mut Interp, f: &Value, shape: Shape, x: &[C64], t: f64) -> LangResult<Vec<C64>> {
    let out = interp.call_value(f, vec![shape.value(x), Value::Scalar(t)], 1)?;
    let dx = match &out {
        Value::Matrix(a) if a.rows() != 1 && a.cols() != 1 => None,
        other => vector_elements("rk4", other).ok(),
    };
    match dx {
        Some(dx) if dx.len() == x.len() => Ok(dx),
        _ => Err(LangError::runtime(format!(
            "rk4: f must return a state of length {}, got {}",
            x.len(),
            describe(&out)
        ))),
    }
}

fn describe(v: &Value) -> String {
    match v.as_array() {
        Some(a) => format!("{} of {} elements", v.type_name(), a.len()),
        None => v.type_name().to_string(),
    }
}

/// x + c·k, element-wise.
fn axpy(x: &[C64], c: f64, k: &[C64]) -> Vec<C64> {
    x.iter().zip(k).map(|(&x, &k)| x + k * c).collect()
}

/// One RK4 step of size h from (x, t).
fn step(
    interp: &mut Interp,
    f: &Value,
    shape: Shape,
    x: &[C64],
    t: f64,
    h: f64,
) -> LangResult<Vec<C64>> {
    let k1 = slope(interp, f, shape, x, t)?;
    let k2 = slope(interp, f, shape, &axpy(x, h / 2.0, &k1), t + h / 2.0)?;
    let k3 = slope(interp, f, shape, &axpy(x, h / 2.0, &k2), t + h / 2.0)?;
    let k4 = slope(interp, f, shape, &axpy(x, h, &k3), t + h)?;
    Ok((0..x.len())
        .map(|i| x[i] + (k1[i] + k2[i] * 2.0 + k3[i] * 2.0 + k4[i]) * (h / 6.0))
        .collect())
}

pub(super) fn rk4(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let f = match args.value(0)? {
        f @ (Value::Lambda(_) | Value::Handle(_) | Value::Str(_)) => f.clone(),
        other => {
            return Err(LangError::type_error(format!(
                "rk4: f must be a lambda, function handle or function name, got {}",
                other.type_name()
            )));
        }
    };
    let x0 = args.value(1)?;
    let shape = Shape::of(x0)?;
    let mut x = vector_elements("rk4", x0)?;
    let times: Vec<f64> = vector_elements("rk4", args.value(2)?)?
        .iter()
        .map(|z| z.re)
        .collect();
    if times.len() < 2 {
        return Err(LangError::runtime(
            "rk4: t must have at least 2 time points",
        ));
    }
    let (nx, nt) = (x.len(), times.len());
    check_alloc(nx, nt, true)?;
    let mut columns = Array2::<C64>::zeros((nx, nt));
    columns
        .column_mut(0)
        .assign(&ndarray::Array1::from(x.clone()));
    for k in 0..nt - 1 {
        interp.check_time()?;
        x = step(interp, &f, shape, &x, times[k], times[k + 1] - times[k])?;
        columns
            .column_mut(k + 1)
            .assign(&ndarray::Array1::from(x.clone()));
    }
    Ok(Value::matrix(NumArray::complex(columns)))
}

#[cfg(test)]
mod tests {
    use crate::{Config, Session};

    fn run(code: &str) -> String {
        let mut session = Session::new(Config::default(), Some(1));
        let out = session.run_block("t.rlab", 1, code);
        match out.error {
            Some(e) => format!("error: {}", e.message()),
            None => out.text,
        }
    }

    #[test]
    fn exponential_decay_is_fourth_order_accurate() {
        // One step h = 0.1 of x' = −x: 1 − h + h²/2 − h³/6 + h⁴/24 = 0.9048375.
        let out = run("X = rk4(@(x, t) -x, 1, [0, 0.1]);\nprint(X(1, 2))\nprint(size(X))\n");
        let first: f64 = out.lines().next().unwrap().parse().unwrap();
        assert!((first - 0.9048375).abs() < 1e-15, "{out}");
        assert!(out.contains("[1×2]  1.000000  2.000000"), "{out}");
    }

    #[test]
    fn oscillator_with_column_state() {
        let out = run(
            "f = @(x, t) [x(2); -x(1)];\nX = rk4(f, [1; 0], linspace(0, 1, 101));\nprint(size(X), X(1, 101), X(2, 101))\n",
        );
        let parts: Vec<&str> = out.split_whitespace().collect();
        let (c, s): (f64, f64) = (parts[3].parse().unwrap(), parts[4].parse().unwrap());
        assert!(out.starts_with("[1×2]  2.000000  101.000000"), "{out}");
        assert!(
            (c - 1f64.cos()).abs() < 1e-9 && (s + 1f64.sin()).abs() < 1e-9,
            "{out}"
        );
    }

    #[test]
    fn rk4_errors() {
        assert!(run("rk4(@(x, t) x, 1, [0])").contains("at least 2 time points"));
        assert!(run("rk4(@(x, t) [x, x], 1, [0, 1])").contains("length 1, got vector of 2"));
        assert!(run("rk4(3, 1, [0, 1])").contains("f must be a lambda"));
    }
}
