//! Real polynomials in descending powers (`[1, 2, 10]` is s² + 2s + 10): arithmetic,
//! evaluation at a complex point, roots, and the text rustlab shows inside a tf.

use super::dense::{self, CMat};
use crate::error::LangResult;
use crate::value::C64;
use ndarray::Array2;

/// `a · b`.
pub(super) fn mul(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return vec![0.0];
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// `a + k·b`, aligned by degree.
pub(super) fn add_scaled(a: &[f64], b: &[f64], k: f64) -> Vec<f64> {
    let n = a.len().max(b.len());
    let mut out = vec![0.0; n];
    for (i, x) in a.iter().enumerate() {
        out[i + n - a.len()] += x;
    }
    for (i, y) in b.iter().enumerate() {
        out[i + n - b.len()] += k * y;
    }
    out
}

/// `k·a`.
pub(super) fn scale(a: &[f64], k: f64) -> Vec<f64> {
    a.iter().map(|x| x * k).collect()
}

/// The value at `s` (Horner).
pub(super) fn eval(p: &[f64], s: C64) -> C64 {
    p.iter().fold(C64::new(0.0, 0.0), |acc, &c| acc * s + c)
}

/// The roots: none for a constant, `-b/a` for a line, the closed form for a quadratic
/// (`(tr ± √disc)/2`, the `+` root first, as rustlab), companion-matrix eigenvalues above.
/// Leading coefficients of modulus ≤ 1e-15 are dropped first.
pub(super) fn roots(name: &str, p: &[f64]) -> LangResult<Vec<C64>> {
    let Some(first) = p.iter().position(|c| c.abs() > 1e-15) else {
        return Ok(Vec::new());
    };
    let p = &p[first..];
    match p.len() {
        0 | 1 => Ok(Vec::new()),
        2 => Ok(vec![C64::new(-p[1] / p[0], 0.0)]),
        3 => Ok(quadratic_roots(p)),
        _ => dense::eigenvalues(name, &companion(p)),
    }
}

fn quadratic_roots(p: &[f64]) -> Vec<C64> {
    // Eigenvalues of the companion matrix [-b/a, -c/a; 1, 0]: trace -b/a, determinant c/a.
    let (tr, det) = (-p[1] / p[0], p[2] / p[0]);
    let disc = C64::new(tr * tr - 4.0 * det, 0.0).sqrt();
    vec![(tr + disc) / 2.0, (tr - disc) / 2.0]
}

/// The Frobenius companion matrix of a polynomial of degree ≥ 1 with a non-zero lead.
fn companion(p: &[f64]) -> CMat {
    let n = p.len() - 1;
    Array2::from_shape_fn((n, n), |(i, j)| {
        if i == 0 {
            C64::new(-p[j + 1] / p[0], 0.0)
        } else {
            C64::new(if j + 1 == i { 1.0 } else { 0.0 }, 0.0)
        }
    })
}

/// rustlab's polynomial text: `s^2 + 2s + 10`, `-s`, `0`; coefficients below 1e-12 are
/// skipped, unit coefficients are implied, whole numbers print without a decimal point.
pub(super) fn format(p: &[f64]) -> String {
    let degree = p.len().saturating_sub(1);
    let mut out = String::new();
    for (i, &c) in p.iter().enumerate() {
        if c.abs() < 1e-12 {
            continue;
        }
        let sign = if c < 0.0 { "-" } else { "+" };
        if out.is_empty() {
            if c < 0.0 {
                out.push('-');
            }
        } else {
            out.push_str(&format!(" {sign} "));
        }
        let power = degree - i;
        let magnitude = c.abs();
        if power == 0 || (magnitude - 1.0).abs() > 1e-12 {
            out.push_str(&coefficient(magnitude));
        }
        match power {
            0 => {}
            1 => out.push('s'),
            p => out.push_str(&format!("s^{p}")),
        }
    }
    if out.is_empty() { "0".to_string() } else { out }
}

fn coefficient(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        crate::display::scalar(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_aligns_by_degree() {
        assert_eq!(mul(&[1.0, 1.0], &[1.0, -1.0]), vec![1.0, 0.0, -1.0]);
        assert_eq!(
            add_scaled(&[1.0, 0.0, 0.0], &[2.0, 3.0], -1.0),
            vec![1.0, -2.0, -3.0]
        );
        assert_eq!(
            eval(&[1.0, 2.0, 10.0], C64::new(0.0, 1.0)),
            C64::new(9.0, 2.0)
        );
    }

    #[test]
    fn roots_of_low_and_high_degree() {
        assert!(roots("r", &[5.0]).unwrap().is_empty());
        assert_eq!(
            roots("r", &[0.0, 2.0, 4.0]).unwrap(),
            vec![C64::new(-2.0, 0.0)]
        );
        assert_eq!(
            roots("r", &[1.0, 2.0, 10.0]).unwrap(),
            vec![C64::new(-1.0, 3.0), C64::new(-1.0, -3.0)]
        );
        // (s+1)(s+2)(s+3) = s^3 + 6s^2 + 11s + 6
        let mut r: Vec<f64> = roots("r", &[1.0, 6.0, 11.0, 6.0])
            .unwrap()
            .iter()
            .map(|z| z.re)
            .collect();
        r.sort_by(f64::total_cmp);
        for (got, want) in r.iter().zip([-3.0, -2.0, -1.0]) {
            assert!((got - want).abs() < 1e-12);
        }
    }

    #[test]
    fn text_as_rustlab_writes_it() {
        assert_eq!(format(&[1.0, 2.0, 10.0]), "s^2 + 2s + 10");
        assert_eq!(format(&[1.0, 0.0]), "s");
        assert_eq!(format(&[-1.0, 0.5, -3.0]), "-s^2 + 0.5s - 3");
        assert_eq!(format(&[0.0, 0.0]), "0");
        assert_eq!(format(&[]), "0");
        assert_eq!(format(&[2.5, 1.0]), "2.5s + 1");
    }
}
