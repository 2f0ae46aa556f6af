//! Rank-3 arrays (rustlab's `Tensor3`): `rows × cols × pages` complex numbers, stored
//! column-major of pages (row index fastest, then column, then page), the order `reshape`
//! walks and `A(:)` reads.
//!
//! This file owns the kind and its display; indexing lives in [`index`] and indexed
//! assignment in [`assign`]. Arithmetic lives in `ops::tensor3`, the builtins in
//! `builtins::tensor3`.

mod assign;
mod index;

pub(crate) use assign::assign;
pub(crate) use index::read;

use super::C64;
use crate::display;
use crate::error::LangResult;
use crate::limits;

/// How many rows and columns of a page the display shows before eliding the rest.
const SHOWN: usize = 8;

/// A `rows × cols × pages` array.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor3 {
    pub rows: usize,
    pub cols: usize,
    pub pages: usize,
    /// `rows * cols * pages` elements; element `(i, j, k)` (0-based) is at
    /// `i + rows * (j + cols * k)`.
    pub data: Vec<C64>,
}

impl Tensor3 {
    /// A tensor of zeros (the caller has checked the allocation).
    pub fn zeros(rows: usize, cols: usize, pages: usize) -> Tensor3 {
        Tensor3 {
            rows,
            cols,
            pages,
            data: vec![C64::new(0.0, 0.0); rows * cols * pages],
        }
    }

    /// A tensor whose element `(i, j, k)` (0-based) is `f(i, j, k)`, after checking that
    /// `rows × cols × pages` complex numbers fit the allocation cap.
    pub fn from_fn(
        rows: usize,
        cols: usize,
        pages: usize,
        mut f: impl FnMut(usize, usize, usize) -> C64,
    ) -> LangResult<Tensor3> {
        check_alloc(rows, cols, pages)?;
        let mut data = Vec::with_capacity(rows * cols * pages);
        for k in 0..pages {
            for j in 0..cols {
                for i in 0..rows {
                    data.push(f(i, j, k));
                }
            }
        }
        Ok(Tensor3 {
            rows,
            cols,
            pages,
            data,
        })
    }

    /// `(rows, cols, pages)`.
    pub fn shape(&self) -> (usize, usize, usize) {
        (self.rows, self.cols, self.pages)
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// True when every imaginary part is exactly zero.
    pub fn is_real(&self) -> bool {
        self.data.iter().all(|z| z.im == 0.0)
    }

    /// The position of 0-based element `(i, j, k)` in `data`.
    pub fn offset(&self, i: usize, j: usize, k: usize) -> usize {
        i + self.rows * (j + self.cols * k)
    }

    /// Element `(i, j, k)`, 0-based.
    pub fn at(&self, i: usize, j: usize, k: usize) -> C64 {
        self.data[self.offset(i, j, k)]
    }

    /// A tensor of this shape holding `data` (which must have `len()` elements).
    pub fn with_data(&self, data: Vec<C64>) -> Tensor3 {
        debug_assert_eq!(data.len(), self.len());
        Tensor3 {
            rows: self.rows,
            cols: self.cols,
            pages: self.pages,
            data,
        }
    }

    /// The same shape with `f` applied to every element.
    pub fn map(&self, f: impl Fn(C64) -> C64) -> Tensor3 {
        Tensor3 {
            rows: self.rows,
            cols: self.cols,
            pages: self.pages,
            data: self.data.iter().map(|&z| f(z)).collect(),
        }
    }
}

/// Fail with the allocation cap's message unless `rows × cols × pages` complex numbers fit.
pub(crate) fn check_alloc(rows: usize, cols: usize, pages: usize) -> LangResult<()> {
    limits::check_alloc(rows, cols.saturating_mul(pages), std::mem::size_of::<C64>())
}

/// The display text of a tensor: a `tensor3 [m×n×p]` header, then the first and last page
/// (all pages when there are at most two), each as rows of `{:.6}` elements.
pub fn display(t: &Tensor3) -> String {
    let (m, n, p) = t.shape();
    let mut out = format!("tensor3 [{m}×{n}×{p}]");
    if t.is_empty() {
        return out;
    }
    let shown: Vec<usize> = if p <= 2 {
        (0..p).collect()
    } else {
        vec![0, p - 1]
    };
    for (nth, &k) in shown.iter().enumerate() {
        if nth > 0 && p > 2 {
            out.push_str(&format!("\n  ... ({} pages omitted)", p - 2));
        }
        out.push_str(&format!("\n  (:, :, {}) =", k + 1));
        push_page(&mut out, t, k);
    }
    out
}

/// The rows of page `k` as `    [a, b, ...]` lines.
fn push_page(out: &mut String, t: &Tensor3, k: usize) {
    let (m, n, _) = t.shape();
    for r in 0..m.min(SHOWN) {
        let cells: Vec<String> = (0..n.min(SHOWN))
            .map(|c| display::element(t.at(r, c, k)))
            .collect();
        out.push_str("\n    [");
        out.push_str(&cells.join(", "));
        if n > SHOWN {
            out.push_str(", ...");
        }
        out.push(']');
    }
    if m > SHOWN {
        out.push_str(&format!("\n    ... ({m} rows total)"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counting(rows: usize, cols: usize, pages: usize) -> Tensor3 {
        let mut next = 0.0;
        Tensor3::from_fn(rows, cols, pages, |_, _, _| {
            next += 1.0;
            C64::new(next, 0.0)
        })
        .unwrap()
    }

    #[test]
    fn storage_is_column_major_of_pages() {
        let t = counting(2, 3, 4);
        assert_eq!(t.at(0, 0, 0), C64::new(1.0, 0.0));
        assert_eq!(t.at(1, 0, 0), C64::new(2.0, 0.0));
        assert_eq!(t.at(0, 1, 0), C64::new(3.0, 0.0));
        assert_eq!(t.at(0, 0, 1), C64::new(7.0, 0.0));
        assert_eq!(t.at(1, 2, 3), C64::new(24.0, 0.0));
        assert!(t.is_real());
    }

    #[test]
    fn display_shows_first_and_last_page() {
        let text = display(&counting(2, 2, 3));
        assert_eq!(
            text,
            "tensor3 [2×2×3]\n  (:, :, 1) =\n    [1.000000, 3.000000]\n    [2.000000, 4.000000]\n  ... (1 pages omitted)\n  (:, :, 3) =\n    [9.000000, 11.000000]\n    [10.000000, 12.000000]"
        );
        assert_eq!(display(&Tensor3::zeros(0, 2, 3)), "tensor3 [0×2×3]");
    }

    #[test]
    fn display_elides_wide_and_tall_pages() {
        let text = display(&counting(9, 9, 1));
        assert!(text.contains(", 64.000000, ...]"), "{text}");
        assert!(text.ends_with("\n    ... (9 rows total)"), "{text}");
        let z = Tensor3::zeros(1, 1, 1).map(|_| C64::new(1.0, -2.0));
        assert_eq!(
            display(&z),
            "tensor3 [1×1×1]\n  (:, :, 1) =\n    [1.000000-2.000000j]"
        );
    }

    #[test]
    fn huge_shapes_fail_the_allocation_check() {
        assert!(Tensor3::from_fn(1 << 30, 1 << 30, 1 << 30, |_, _, _| C64::new(0.0, 0.0)).is_err());
    }
}
