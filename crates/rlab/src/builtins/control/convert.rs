//! Conversions between the two system values: a tf to state space in observable canonical
//! form, and a SISO state space to a tf by the Faddeev–LeVerrier recursion (no eigenvalue
//! solves, no cancellation).

use super::dense::CMat;
use super::ss::{StateSpace, as_ss};
use super::tf::{TransferFn, as_tf};
use crate::error::{LangError, LangResult};
use crate::value::{C64, Value};
use ndarray::Array2;

/// Observable canonical form of a proper tf of order ≥ 1: A has −a₁…−aₙ down its first
/// column and ones on the superdiagonal, B the numerator after removing the feedthrough,
/// C = [1, 0, …], D the feedthrough.
pub(super) fn observable_form(g: &TransferFn) -> LangResult<StateSpace> {
    let Some(&lead) = g.den.first() else {
        return Err(LangError::runtime("ss: empty denominator"));
    };
    let n = g.den.len() - 1;
    if n == 0 {
        return Err(LangError::runtime(
            "ss: transfer function must have order >= 1",
        ));
    }
    if lead.abs() < 1e-15 {
        return Err(LangError::runtime(
            "ss: leading denominator coefficient is zero",
        ));
    }
    if g.num.len() > n + 1 {
        return Err(LangError::runtime(
            "ss: transfer function must be proper (numerator degree at most the denominator's)",
        ));
    }
    let a: Vec<f64> = g.den.iter().map(|x| x / lead).collect();
    let num: Vec<f64> = g.num.iter().map(|x| x / lead).collect();
    let (d, b) = if num.len() == n + 1 {
        let d = num[0];
        (d, (0..n).map(|i| num[i + 1] - d * a[i + 1]).collect())
    } else {
        let mut b = vec![0.0; n];
        b[n - num.len()..].copy_from_slice(&num);
        (0.0, b)
    };
    let re = |x: f64| C64::new(x, 0.0);
    Ok(StateSpace {
        a: Array2::from_shape_fn((n, n), |(i, j)| match j {
            0 => re(-a[i + 1]),
            j if j == i + 1 => re(1.0),
            _ => re(0.0),
        }),
        b: Array2::from_shape_fn((n, 1), |(i, _)| re(b[i])),
        c: Array2::from_shape_fn((1, n), |(_, j)| re(if j == 0 { 1.0 } else { 0.0 })),
        d: Array2::from_elem((1, 1), re(d)),
    })
}

/// `C (sI − A)⁻¹ B + D` of a SISO model as a tf (`name` prefixes the errors).
pub(super) fn to_tf(name: &str, sys: &StateSpace) -> LangResult<TransferFn> {
    let n = sys.a.nrows();
    let shape = |m: &CMat| format!("{}×{}", m.nrows(), m.ncols());
    if sys.b.ncols() != 1 {
        return Err(LangError::runtime(format!(
            "{name}: B must be {n}×1 for SISO, got {}",
            shape(&sys.b)
        )));
    }
    if sys.c.nrows() != 1 {
        return Err(LangError::runtime(format!(
            "{name}: C must be 1×{n} for SISO, got {}",
            shape(&sys.c)
        )));
    }
    let a = real_part(name, "A", &sys.a)?;
    let b = real_part(name, "B", &sys.b)?;
    let c = real_part(name, "C", &sys.c)?;
    let d = real_part(name, "D", &sys.d)?[[0, 0]];
    let (num, den) = faddeev_leverrier(&a, &b, &c, d);
    Ok(TransferFn { num, den })
}

fn real_part(name: &str, what: &str, m: &CMat) -> LangResult<Array2<f64>> {
    if m.iter().any(|z| z.im.abs() > 1e-12) {
        return Err(LangError::type_error(format!(
            "{name}: {what} must have real coefficients"
        )));
    }
    Ok(m.mapv(|z| z.re))
}

/// den = det(sI − A), num = C·adj(sI − A)·B + D·den, both descending.
fn faddeev_leverrier(
    a: &Array2<f64>,
    b: &Array2<f64>,
    c: &Array2<f64>,
    d: f64,
) -> (Vec<f64>, Vec<f64>) {
    let n = a.nrows();
    let mut den = vec![0.0; n + 1];
    den[0] = 1.0;
    let mut strict = vec![0.0; n];
    let mut m = Array2::<f64>::eye(n);
    for k in 1..=n {
        strict[k - 1] = c.dot(&m).dot(b)[[0, 0]];
        let am = a.dot(&m);
        // 0 − x rather than −x: no negative zeros in the coefficients.
        let coeff = (0.0 - am.diag().sum()) / k as f64;
        den[k] = coeff;
        m = am;
        for i in 0..n {
            m[[i, i]] += coeff;
        }
    }
    let mut num = vec![d * den[0]];
    num.extend((0..n).map(|i| strict[i] + d * den[i + 1]));
    while num.len() > 1 && num[0].abs() < 1e-15 {
        num.remove(0);
    }
    (num, den)
}

/// A tf, or a tf from a SISO state-space value (`NAME: expected tf or ss, got vector`).
pub(super) fn system_tf(name: &str, v: &Value) -> LangResult<TransferFn> {
    if let Some(g) = as_tf(v) {
        return Ok(g.clone());
    }
    if let Some(sys) = as_ss(v) {
        return to_tf(name, sys);
    }
    Err(LangError::type_error(format!(
        "{name}: expected tf or ss, got {}",
        v.type_name()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(num: &[f64], den: &[f64]) -> TransferFn {
        TransferFn {
            num: num.to_vec(),
            den: den.to_vec(),
        }
    }

    #[test]
    fn canonical_form_and_back() {
        // 10 / (s^2 + 2s + 10): A = [-2 1; -10 0], B = [0; 10], C = [1 0], D = 0.
        let sys = observable_form(&g(&[10.0], &[1.0, 2.0, 10.0])).unwrap();
        assert_eq!(
            sys.a.mapv(|z| z.re),
            ndarray::array![[-2.0, 1.0], [-10.0, 0.0]]
        );
        assert_eq!(sys.b.mapv(|z| z.re), ndarray::array![[0.0], [10.0]]);
        let back = to_tf("tf", &sys).unwrap();
        assert_eq!(back, g(&[10.0], &[1.0, 2.0, 10.0]));
    }

    #[test]
    fn feedthrough_is_split_off() {
        // (2s + 3) / (s + 1) = 2 + 1/(s + 1)
        let sys = observable_form(&g(&[2.0, 3.0], &[1.0, 1.0])).unwrap();
        assert_eq!((sys.b[[0, 0]].re, sys.d[[0, 0]].re), (1.0, 2.0));
        assert_eq!(to_tf("tf", &sys).unwrap(), g(&[2.0, 3.0], &[1.0, 1.0]));
    }

    #[test]
    fn physical_model_gives_its_tf() {
        // A = [0 1; -4 -0.5], B = [0; 1], C = [1 0]: 1 / (s^2 + 0.5s + 4)
        let re = |x: f64| C64::new(x, 0.0);
        let sys = StateSpace {
            a: ndarray::array![[re(0.0), re(1.0)], [re(-4.0), re(-0.5)]],
            b: ndarray::array![[re(0.0)], [re(1.0)]],
            c: ndarray::array![[re(1.0), re(0.0)]],
            d: ndarray::array![[re(0.0)]],
        };
        assert_eq!(to_tf("tf", &sys).unwrap(), g(&[1.0], &[1.0, 0.5, 4.0]));
    }

    #[test]
    fn improper_and_static_tfs_are_refused() {
        assert!(observable_form(&g(&[1.0, 0.0, 0.0], &[1.0, 1.0])).is_err());
        assert!(observable_form(&g(&[1.0], &[2.0])).is_err());
    }
}
