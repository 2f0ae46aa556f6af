//! Sparse matrices and vectors (rustlab's `SparseMatrix` / `SparseVector`): only the stored
//! entries are kept, keyed by 0-based `(row, col)`, so iteration runs in rustlab's storage
//! order (row-major). Entries whose modulus is below [`DROP_TOL`] are never stored.
//!
//! This file owns the kind: its construction helpers, display, indexing and indexed
//! assignment. Arithmetic lives in `ops::sparse`, the builtins in `builtins::sparse`.

use super::{C64, NumArray, Value};
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::index::Idx;
use crate::limits;
use ndarray::Array2;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Entries with `|v|` below this are dropped (rustlab's sparse zero tolerance).
pub const DROP_TOL: f64 = 1e-15;

/// How many entries a display lists before eliding the rest.
const SHOWN: usize = 8;

/// A sparse `rows × cols` matrix, or a sparse vector (`vector`, one row).
#[derive(Clone, Debug, PartialEq)]
pub struct Sparse {
    pub rows: usize,
    pub cols: usize,
    /// A sparse vector (`sparsevec`) rather than a matrix.
    pub vector: bool,
    /// Stored entries by 0-based `(row, col)`.
    pub entries: BTreeMap<(usize, usize), C64>,
}

impl Sparse {
    /// An empty `rows × cols` sparse matrix.
    pub fn matrix(rows: usize, cols: usize) -> Sparse {
        Sparse {
            rows,
            cols,
            vector: false,
            entries: BTreeMap::new(),
        }
    }

    /// An empty sparse vector of length `n`.
    pub fn vector(n: usize) -> Sparse {
        Sparse {
            vector: true,
            ..Sparse::matrix(1, n)
        }
    }

    /// Add `v` to entry `(r, c)` (duplicates sum), dropping it if the sum is ~0.
    pub fn accumulate(&mut self, r: usize, c: usize, v: C64) {
        let sum = self.get(r, c) + v;
        self.set(r, c, sum);
    }

    /// Entry `(r, c)`, 0 when absent.
    pub fn get(&self, r: usize, c: usize) -> C64 {
        self.entries
            .get(&(r, c))
            .copied()
            .unwrap_or(C64::new(0.0, 0.0))
    }

    /// Store `v` at `(r, c)`; a value below the drop tolerance removes the entry.
    pub fn set(&mut self, r: usize, c: usize, v: C64) {
        if v.norm() >= DROP_TOL || v.re.is_nan() || v.im.is_nan() {
            self.entries.insert((r, c), v);
        } else {
            self.entries.remove(&(r, c));
        }
    }

    pub fn nnz(&self) -> usize {
        self.entries.len()
    }

    /// True when every stored imaginary part is exactly zero.
    pub fn is_real(&self) -> bool {
        self.entries.values().all(|z| z.im == 0.0)
    }

    /// True when every stored value is finite.
    pub fn is_finite(&self) -> bool {
        self.entries
            .values()
            .all(|z| z.re.is_finite() && z.im.is_finite())
    }

    /// The same pattern with every value mapped (results below the tolerance are dropped).
    pub fn map(&self, f: impl Fn(C64) -> C64) -> Sparse {
        let mut out = Sparse {
            entries: BTreeMap::new(),
            ..*self
        };
        for (&(r, c), &v) in &self.entries {
            out.set(r, c, f(v));
        }
        out
    }

    /// `S.'` or `S'`: a sparse vector becomes an `n × 1` sparse matrix.
    pub fn transposed(&self, conjugate: bool) -> Sparse {
        let mut out = Sparse::matrix(self.cols, self.rows);
        for (&(r, c), &v) in &self.entries {
            out.entries
                .insert((c, r), if conjugate { v.conj() } else { v });
        }
        out
    }

    /// From a dense array, keeping the entries at or above the tolerance.
    pub fn from_dense(a: &NumArray, vector: bool) -> Sparse {
        let (rows, cols) = a.shape();
        let mut out = Sparse {
            vector,
            ..Sparse::matrix(rows, cols)
        };
        for r in 0..rows {
            for c in 0..cols {
                out.set(r, c, a.get(r, c));
            }
        }
        out
    }

    /// The dense array (checked against the allocation cap).
    pub fn to_dense(&self) -> LangResult<NumArray> {
        let real = self.is_real();
        let size = if real { 8 } else { std::mem::size_of::<C64>() };
        limits::check_alloc(self.rows, self.cols, size)?;
        Ok(if real {
            let mut a = Array2::<f64>::zeros((self.rows, self.cols));
            for (&(r, c), v) in &self.entries {
                a[[r, c]] = v.re;
            }
            NumArray::Real(a)
        } else {
            let mut a = Array2::<C64>::zeros((self.rows, self.cols));
            for (&(r, c), &v) in &self.entries {
                a[[r, c]] = v;
            }
            NumArray::complex(a)
        })
    }

    /// `full(S)`: a Vector for a sparse vector, a Matrix otherwise.
    pub fn to_value(&self) -> LangResult<Value> {
        let a = self.to_dense()?;
        Ok(if self.vector {
            Value::Vector(Arc::new(a))
        } else {
            Value::matrix(a)
        })
    }

    /// The dimensions as `R×C` for messages.
    pub fn dims(&self) -> String {
        format!("{}×{}", self.rows, self.cols)
    }
}

/// The type name used in error messages.
pub fn type_name(s: &Sparse) -> &'static str {
    if s.vector {
        "sparse_vector"
    } else {
        "sparse_matrix"
    }
}

/// The display text of a sparse value, as rustlab prints it:
/// `sparse [1×10, nnz=3]  (1)->1.000000  (5)->2.000000 ...` for a vector and
/// `sparse [3×3, nnz=2]` followed by one `  (r,c)->v` line per entry for a matrix, listing
/// at most 8 entries and then `... (N total)`.
pub fn display(s: &Sparse) -> String {
    let n = s.nnz();
    let mut out = format!("sparse [{}×{}, nnz={n}]", s.rows, s.cols);
    let sep = if s.vector { "  " } else { "\n  " };
    for (&(r, c), &v) in s.entries.iter().take(SHOWN) {
        let at = if s.vector {
            format!("({})", c + 1)
        } else {
            format!("({},{})", r + 1, c + 1)
        };
        out.push_str(&format!("{sep}{at}->{}", display::element(v)));
    }
    if n > SHOWN {
        out.push_str(&format!("{sep}... ({n} total)"));
    }
    out
}

/// The positions an index selects out of `n`, checked against `n`.
fn positions(i: &Idx, n: usize) -> LangResult<Vec<usize>> {
    i.check(n, |k| format!("index {k} out of bounds (size {n})"))?;
    limits::check_alloc(1, i.count(n), 16)?;
    Ok(i.positions(n))
}

/// `s(idx...)`: one element gives a number (0 for an absent entry); a range or `:` gives
/// the dense elements, shaped as the same read of the dense array would be.
pub(crate) fn read(s: &Sparse, idx: &[Idx]) -> LangResult<Value> {
    match idx {
        [i] if s.vector => {
            let n = s.cols;
            i.check(n, |k| format!("index {k} out of bounds (length {n})"))?;
            let cs = positions(i, n)?;
            if let Idx::One(k) = i {
                return Ok(Value::number_approx(s.get(0, *k)));
            }
            Ok(Value::vector(pick(s, cs.into_iter().map(|c| (0, c)))))
        }
        [i] => {
            let n = s.rows.saturating_mul(s.cols);
            i.check(n, |k| {
                format!(
                    "linear index {k} out of bounds ({}×{} = {n} elements)",
                    s.rows, s.cols
                )
            })?;
            let cell = |k: usize| (k % s.rows.max(1), k / s.rows.max(1));
            if let Idx::One(k) = i {
                let (r, c) = cell(*k);
                return Ok(Value::number_approx(s.get(r, c)));
            }
            Ok(Value::vector(pick(s, i.positions(n).into_iter().map(cell))))
        }
        [r, c] => read_two(s, r, c),
        _ => Err(LangError::runtime(format!(
            "too many indices ({}) for a {}",
            idx.len(),
            type_name(s)
        ))),
    }
}

/// `s(r, c)`.
fn read_two(s: &Sparse, r: &Idx, c: &Idx) -> LangResult<Value> {
    if let (Idx::One(i), Idx::One(j)) = (r, c)
        && (*i >= s.rows || *j >= s.cols)
    {
        return Err(LangError::runtime(format!(
            "index ({},{}) out of bounds for {} sparse matrix",
            i + 1,
            j + 1,
            s.dims()
        )));
    }
    let rs = positions(r, s.rows)?;
    let cs = positions(c, s.cols)?;
    limits::check_alloc(rs.len(), cs.len(), 16)?;
    if let (Idx::One(i), Idx::One(j)) = (r, c) {
        return Ok(Value::number_approx(s.get(*i, *j)));
    }
    let cells = rs.iter().flat_map(|&i| cs.iter().map(move |&j| (i, j)));
    let picked = pick(s, cells);
    if s.vector || rs.len() == 1 || cs.len() == 1 {
        return Ok(Value::vector(picked));
    }
    Ok(Value::matrix(picked.reshaped_row_major(rs.len(), cs.len())))
}

/// A `1×k` array of the values at `cells`.
fn pick(s: &Sparse, cells: impl Iterator<Item = (usize, usize)>) -> NumArray {
    let data: Vec<C64> = cells.map(|(r, c)| s.get(r, c)).collect();
    let n = data.len();
    NumArray::complex(Array2::from_shape_vec((1, n), data).unwrap_or_default())
}

/// `s(idx...) = rhs`: a number stored at every selected position (0 removes entries).
/// Only number right-hand sides are accepted, as in rustlab.
pub(crate) fn assign(s: &mut Arc<Sparse>, idx: &[Idx], rhs: &Value) -> LangResult<()> {
    let z = match rhs.plain() {
        Value::Scalar(x) => C64::new(*x, 0.0),
        Value::Complex(z) => *z,
        Value::Bool(b) => C64::new(f64::from(u8::from(*b)), 0.0),
        other => {
            return Err(LangError::type_error(format!(
                "sparse assignment: only S(i, j) = scalar is supported, got {}",
                other.type_name()
            )));
        }
    };
    let cells: Vec<(usize, usize)> = match idx {
        [i] if s.vector => positions(i, s.cols)?.into_iter().map(|c| (0, c)).collect(),
        [i] => {
            let rows = s.rows.max(1);
            positions(i, s.rows.saturating_mul(s.cols))?
                .into_iter()
                .map(|k| (k % rows, k / rows))
                .collect()
        }
        [r, c] => {
            let rs = positions(r, s.rows)?;
            let cs = positions(c, s.cols)?;
            limits::check_alloc(rs.len(), cs.len(), 16)?;
            rs.iter()
                .flat_map(|&i| cs.iter().map(move |&j| (i, j)))
                .collect()
        }
        _ => {
            return Err(LangError::runtime(format!(
                "index assignment: {} indices are not supported",
                idx.len()
            )));
        }
    };
    let target = Arc::make_mut(s);
    for (r, c) in cells {
        target.set(r, c, z);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(re: f64, im: f64) -> C64 {
        C64::new(re, im)
    }

    #[test]
    fn display_lists_eight_entries_then_the_total() {
        let mut v = Sparse::vector(12);
        for k in 0..10 {
            v.set(0, k, c(k as f64 + 1.0, 0.0));
        }
        let text = display(&v);
        assert!(text.starts_with("sparse [1×12, nnz=10]  (1)->1.000000  (2)->2.000000"));
        assert!(text.ends_with("(8)->8.000000  ... (10 total)"));
        let mut m = Sparse::matrix(2, 2);
        m.set(1, 0, c(1.5, -2.0));
        assert_eq!(
            display(&m),
            "sparse [2×2, nnz=1]\n  (2,1)->1.500000-2.000000j"
        );
    }

    #[test]
    fn tiny_values_are_not_stored_and_duplicates_sum() {
        let mut s = Sparse::matrix(2, 2);
        s.set(0, 0, c(1e-16, 0.0));
        assert_eq!(s.nnz(), 0);
        s.accumulate(0, 1, c(2.0, 0.0));
        s.accumulate(0, 1, c(3.0, 0.0));
        assert_eq!(s.get(0, 1), c(5.0, 0.0));
        s.accumulate(0, 1, c(-5.0, 0.0));
        assert_eq!(s.nnz(), 0);
    }

    #[test]
    fn reads_and_writes() {
        let mut s = Sparse::matrix(2, 3);
        s.set(1, 2, c(4.0, 0.0));
        assert_eq!(
            read(&s, &[Idx::One(1), Idx::One(2)]).unwrap(),
            Value::Scalar(4.0)
        );
        assert_eq!(read(&s, &[Idx::One(5)]).unwrap(), Value::Scalar(4.0));
        assert_eq!(
            read(&s, &[Idx::One(0), Idx::One(0)]).unwrap(),
            Value::Scalar(0.0)
        );
        let row = read(&s, &[Idx::One(1), Idx::All]).unwrap();
        assert_eq!(row, Value::row(vec![0.0, 0.0, 4.0]));
        assert!(read(&s, &[Idx::One(2), Idx::One(0)]).is_err());
        let mut shared = Arc::new(s);
        assign(
            &mut shared,
            &[Idx::One(1), Idx::One(2)],
            &Value::Scalar(0.0),
        )
        .unwrap();
        assert_eq!(shared.nnz(), 0);
        assign(&mut shared, &[Idx::All, Idx::One(0)], &Value::Scalar(7.0)).unwrap();
        assert_eq!(shared.nnz(), 2);
        assert!(assign(&mut shared, &[Idx::One(0)], &Value::row(vec![1.0])).is_err());
        assert!(
            assign(
                &mut shared,
                &[Idx::One(9), Idx::One(0)],
                &Value::Scalar(1.0)
            )
            .is_err()
        );
    }
}
