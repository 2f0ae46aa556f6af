//! Small dense complex matrices (one per frequency of a network): products, inverses by
//! Gauss-Jordan elimination with partial pivoting, and moving slabs in and out of a
//! [`Tensor3`]. Networks have a handful of ports, so nothing here needs a blocked kernel.

use crate::value::{C64, Tensor3};

/// An `n×n` complex matrix, row-major.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Mat {
    pub n: usize,
    pub data: Vec<C64>,
}

impl Mat {
    pub(crate) fn zeros(n: usize) -> Mat {
        Mat {
            n,
            data: vec![C64::new(0.0, 0.0); n * n],
        }
    }

    pub(crate) fn identity(n: usize) -> Mat {
        let mut m = Mat::zeros(n);
        for i in 0..n {
            m.data[i * n + i] = C64::new(1.0, 0.0);
        }
        m
    }

    /// A 2×2 matrix `[a b; c d]`.
    pub(crate) fn two(a: C64, b: C64, c: C64, d: C64) -> Mat {
        Mat {
            n: 2,
            data: vec![a, b, c, d],
        }
    }

    pub(crate) fn get(&self, i: usize, j: usize) -> C64 {
        self.data[i * self.n + j]
    }

    /// The slab of frequency `k` of `t`.
    pub(crate) fn slab(t: &Tensor3, k: usize) -> Mat {
        let n = t.cols;
        let mut m = Mat::zeros(n);
        for i in 0..n {
            for j in 0..n {
                m.data[i * n + j] = t.at(k, i, j);
            }
        }
        m
    }

    /// Write this matrix as the slab of frequency `k` of `t`.
    pub(crate) fn store(&self, t: &mut Tensor3, k: usize) {
        for i in 0..self.n {
            for j in 0..self.n {
                let at = t.offset(k, i, j);
                t.data[at] = self.get(i, j);
            }
        }
    }

    pub(crate) fn mul(&self, other: &Mat) -> Mat {
        let n = self.n;
        let mut out = Mat::zeros(n);
        for i in 0..n {
            for l in 0..n {
                let a = self.data[i * n + l];
                for j in 0..n {
                    out.data[i * n + j] += a * other.data[l * n + j];
                }
            }
        }
        out
    }

    /// `self + s·other`.
    pub(crate) fn add_scaled(&self, other: &Mat, s: f64) -> Mat {
        Mat {
            n: self.n,
            data: (self.data.iter().zip(&other.data))
                .map(|(a, b)| a + b * s)
                .collect(),
        }
    }

    pub(crate) fn scale(&self, s: f64) -> Mat {
        Mat {
            n: self.n,
            data: self.data.iter().map(|a| a * s).collect(),
        }
    }

    pub(crate) fn transpose(&self) -> Mat {
        let n = self.n;
        let mut out = Mat::zeros(n);
        for i in 0..n {
            for j in 0..n {
                out.data[j * n + i] = self.data[i * n + j];
            }
        }
        out
    }

    /// The inverse, or `None` when the matrix is singular (or holds NaN/inf).
    pub(crate) fn inverse(&self) -> Option<Mat> {
        let n = self.n;
        let mut a = self.clone();
        let mut inv = Mat::identity(n);
        let scale = a.data.iter().map(|z| z.norm()).fold(0.0, f64::max);
        if !scale.is_finite() || scale == 0.0 || a.data.iter().any(|z| !z.is_finite()) {
            return None;
        }
        for col in 0..n {
            let pivot = (col..n).max_by(|&p, &q| {
                let (x, y) = (a.get(p, col).norm(), a.get(q, col).norm());
                x.total_cmp(&y)
            })?;
            if a.get(pivot, col).norm() <= scale * 1e-14 {
                return None;
            }
            swap_rows(&mut a, pivot, col);
            swap_rows(&mut inv, pivot, col);
            let p = a.get(col, col);
            for j in 0..n {
                a.data[col * n + j] /= p;
                inv.data[col * n + j] /= p;
            }
            for r in (0..n).filter(|&r| r != col) {
                let f = a.get(r, col);
                for j in 0..n {
                    let (x, y) = (a.data[col * n + j], inv.data[col * n + j]);
                    a.data[r * n + j] -= f * x;
                    inv.data[r * n + j] -= f * y;
                }
            }
        }
        Some(inv)
    }
}

fn swap_rows(m: &mut Mat, a: usize, b: usize) {
    if a != b {
        for j in 0..m.n {
            m.data.swap(a * m.n + j, b * m.n + j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(re: f64, im: f64) -> C64 {
        C64::new(re, im)
    }

    #[test]
    fn inverse_times_matrix_is_identity() {
        let m = Mat {
            n: 3,
            data: vec![
                c(0.0, 1.0),
                c(2.0, 0.0),
                c(1.0, 1.0),
                c(1.0, 0.0),
                c(0.0, 0.0),
                c(3.0, -1.0),
                c(4.0, 0.0),
                c(1.0, 2.0),
                c(0.0, 0.0),
            ],
        };
        let prod = m.mul(&m.inverse().unwrap());
        for (a, b) in prod.data.iter().zip(&Mat::identity(3).data) {
            assert!((a - b).norm() < 1e-12);
        }
    }

    #[test]
    fn singular_matrices_have_no_inverse() {
        let one = c(1.0, 0.0);
        assert!(Mat::two(one, one, one, one).inverse().is_none());
        assert!(Mat::zeros(2).inverse().is_none());
        let nan = c(f64::NAN, 0.0);
        assert!(Mat::two(nan, one, one, one).inverse().is_none());
    }
}
