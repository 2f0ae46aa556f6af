//! Products of small real matrices without matrixmultiply's packing, bit for bit as
//! matrixmultiply computes them.
//!
//! For a product whose inner dimension fits one of matrixmultiply's depth blocks (`k ≤ 256`,
//! its `KC` for f64), every kernel it has computes each element the same way: an
//! accumulator starting at `+0.0` takes `a[i,k]·b[k,j]` for `k = 0, 1, …` in order, and is
//! stored multiplied by α = 1. Only whether the multiply and the add are fused depends on the
//! machine: the AVX-512, FMA+AVX2 and NEON kernels fuse, the AVX and portable kernels do
//! not. [`kernel_fuses`] makes the same choice matrixmultiply makes at run time, so this
//! loop gives the same bits. Packing the operands into panels costs more than the
//! arithmetic for the matrices the course's scripts multiply (8 to 64 wide); past
//! [`MAX_WORK`] multiply-adds the blocked kernel wins and is used.

use ndarray::{Array2, ArrayView2};

/// The deepest product computed here: one of matrixmultiply's f64 depth blocks.
const MAX_DEPTH: usize = 256;
/// The most multiply-adds (`m·k·n`) computed here.
const MAX_WORK: usize = 64 * 64 * 64;

/// `x · y` when both are small, `y` is in standard (row-major) layout and `x` is in
/// standard layout or is the transpose of an array that is (`A' * B`, read down `A`'s
/// columns); else `None`.
pub(super) fn product(x: ArrayView2<f64>, y: ArrayView2<f64>) -> Option<Array2<f64>> {
    let ((m, k), n) = (x.dim(), y.ncols());
    if k > MAX_DEPTH || m.saturating_mul(k).saturating_mul(n) > MAX_WORK {
        return None;
    }
    if k == 0 {
        return Some(Array2::zeros((m, n)));
    }
    let left = match x.as_slice() {
        Some(cells) => Left::Rows(cells),
        None => Left::Columns(x.t().to_slice()?),
    };
    let b = y.to_slice()?;
    let mut c = vec![0.0; m * n];
    if kernel_fuses() {
        fused(left, b, &mut c, (m, k, n));
    } else {
        accumulate::<false>(left, b, &mut c, (m, k, n));
    }
    Array2::from_shape_vec((m, n), c).ok()
}

/// The left factor's cells: its rows one after another, or (for the transpose of an array
/// in standard layout) its columns one after another.
#[derive(Clone, Copy)]
enum Left<'a> {
    Rows(&'a [f64]),
    Columns(&'a [f64]),
}

/// `c = left · b` (`m×k` times `k×n`). Columns go in blocks of 16, 8, 4 and 1, rows in
/// blocks of 2, 4, 8 and 8 with them: a tile's `R·W` sums stay in registers (eight of
/// AVX2's sixteen for the wide blocks, enough independent additions to keep both FMA units
/// busy), and each `b` row slice loaded serves `R` rows.
#[inline(always)]
fn accumulate<const FUSED: bool>(left: Left, b: &[f64], c: &mut [f64], dims: Dims) {
    // Plain loops: a closure passed to `for_each` would be compiled outside the SIMD
    // dispatch, without the instruction set that makes `mul_add` one instruction.
    let n = dims.2;
    let mut j = 0;
    while j + 16 <= n {
        column_block::<2, 16, FUSED>(left, b, c, dims, j);
        j += 16;
    }
    if j + 8 <= n {
        column_block::<4, 8, FUSED>(left, b, c, dims, j);
        j += 8;
    }
    if j + 4 <= n {
        column_block::<8, 4, FUSED>(left, b, c, dims, j);
        j += 4;
    }
    while j < n {
        column_block::<8, 1, FUSED>(left, b, c, dims, j);
        j += 1;
    }
}

/// `(m, k, n)`: the product's rows, depth and columns.
type Dims = (usize, usize, usize);

/// Columns `j..j+W` of the product, `R` rows at a time and the last few one by one.
#[inline(always)]
fn column_block<const R: usize, const W: usize, const FUSED: bool>(
    left: Left,
    b: &[f64],
    c: &mut [f64],
    (m, k, n): Dims,
    j: usize,
) {
    let mut i = 0;
    while i + R <= m {
        let sums = match left {
            Left::Rows(a) => {
                let rows = std::array::from_fn(|r| &a[(i + r) * k..(i + r + 1) * k]);
                tile::<R, W, FUSED>(RowCells(rows), b, n, j)
            }
            Left::Columns(a) => tile::<R, W, FUSED>(ColumnCells { a, m, i }, b, n, j),
        };
        for (r, row) in sums.iter().enumerate() {
            c[(i + r) * n + j..][..W].copy_from_slice(row);
        }
        i += R;
    }
    while i < m {
        let [row] = match left {
            Left::Rows(a) => tile::<1, W, FUSED>(RowCells([&a[i * k..(i + 1) * k]]), b, n, j),
            Left::Columns(a) => tile::<1, W, FUSED>(ColumnCells { a, m, i }, b, n, j),
        };
        c[i * n + j..][..W].copy_from_slice(&row);
        i += 1;
    }
}

/// One tile of the product, rows `i..i+R` and columns `j..j+W`: each sum starts at `+0.0`
/// and takes `a[i,p]·b[p,j]` for `p` in order (matrixmultiply's order for every element).
#[inline(always)]
fn tile<const R: usize, const W: usize, const FUSED: bool>(
    left: impl LeftCells<R>,
    b: &[f64],
    n: usize,
    j: usize,
) -> [[f64; W]; R] {
    let mut sums = [[0.0; W]; R];
    for (p, b_row) in b.chunks_exact(n).enumerate() {
        let b_part = &b_row[j..j + W];
        let a = left.at(p);
        for (row, &aip) in sums.iter_mut().zip(&a) {
            for (sum, &bpj) in row.iter_mut().zip(b_part) {
                *sum = if FUSED {
                    aip.mul_add(bpj, *sum)
                } else {
                    *sum + aip * bpj
                };
            }
        }
    }
    sums
}

/// The left factor's cells `a[i..i+R, p]` of one tile, at depth `p`.
trait LeftCells<const R: usize>: Copy {
    fn at(self, p: usize) -> [f64; R];
}

/// A tile's rows of a left factor stored by rows, each `k` long.
#[derive(Clone, Copy)]
struct RowCells<'a, const R: usize>([&'a [f64]; R]);

impl<const R: usize> LeftCells<R> for RowCells<'_, R> {
    #[inline(always)]
    fn at(self, p: usize) -> [f64; R] {
        std::array::from_fn(|r| self.0[r][p])
    }
}

/// A left factor stored by columns (each `m` long), read from row `i`.
#[derive(Clone, Copy)]
struct ColumnCells<'a> {
    a: &'a [f64],
    m: usize,
    i: usize,
}

impl<const R: usize> LeftCells<R> for ColumnCells<'_> {
    #[inline(always)]
    fn at(self, p: usize) -> [f64; R] {
        let start = p * self.m + self.i;
        std::array::from_fn(|r| self.a[start + r])
    }
}

/// Whether matrixmultiply's f64 kernel on this machine fuses the multiply and the add (its
/// run-time kernel selection).
fn kernel_fuses() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            || (std::arch::is_x86_feature_detected!("fma")
                && std::arch::is_x86_feature_detected!("avx2"))
    }
    #[cfg(target_arch = "aarch64")]
    {
        std::arch::is_aarch64_feature_detected!("neon")
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}

/// The fused loop, compiled for the best instruction set the machine has (pulp's
/// dispatch), where `mul_add` is one FMA instruction.
fn fused(left: Left, b: &[f64], c: &mut [f64], dims: Dims) {
    struct Fused<'a> {
        left: Left<'a>,
        b: &'a [f64],
        c: &'a mut [f64],
        dims: Dims,
    }
    impl pulp::WithSimd for Fused<'_> {
        type Output = ();
        #[inline(always)]
        fn with_simd<S: pulp::Simd>(self, _: S) {
            accumulate::<true>(self.left, self.b, self.c, self.dims);
        }
    }
    let work = Fused { left, b, c, dims };
    pulp::Arch::new().dispatch(work);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random(rows: usize, cols: usize, rng: &mut Rng) -> Array2<f64> {
        Array2::from_shape_fn((rows, cols), |_| {
            rng.normal() * 10f64.powi((rng.uniform() * 6.0) as i32 - 3)
        })
    }

    #[test]
    fn products_are_bit_identical_to_matrixmultiplys() {
        let mut rng = Rng::seeded(7);
        let shapes = [
            (1, 1, 1),
            (3, 5, 2),
            (12, 16, 16),
            (64, 8, 16),
            (17, 33, 9),
            (13, 7, 29),
            (9, 3, 12),
            (64, 64, 64),
            (2, 256, 3),
            (5, 0, 4),
            (0, 3, 2),
        ];
        for &(m, k, n) in &shapes {
            let (x, y) = (random(m, k, &mut rng), random(k, n, &mut rng));
            let general = x.dot(&y);
            // The left factor as it is, and as the transpose of an array in standard layout.
            let stored_transposed = x.t().as_standard_layout().into_owned();
            for left in [x.view(), stored_transposed.t()] {
                let fast = product(left, y.view()).expect("small enough");
                let same = fast
                    .iter()
                    .zip(general.iter())
                    .all(|(p, q)| p.to_bits() == q.to_bits());
                assert!(same && fast.dim() == general.dim(), "{m}×{k}·{k}×{n}");
            }
        }
    }

    #[test]
    fn large_deep_or_strided_operands_are_left_to_the_general_product() {
        let mut rng = Rng::seeded(1);
        let (x, y) = (random(2, 257, &mut rng), random(257, 2, &mut rng));
        assert!(product(x.view(), y.view()).is_none());
        let (x, y) = (random(65, 64, &mut rng), random(64, 64, &mut rng));
        assert!(product(x.view(), y.view()).is_none());
        let (x, y) = (random(4, 3, &mut rng), random(3, 4, &mut rng));
        assert!(
            product(x.view(), y.t()).is_none(),
            "a transposed right factor"
        );
        let every_other = x.slice(ndarray::s![.., ..;2]);
        assert!(product(every_other, random(2, 2, &mut rng).view()).is_none());
    }
}
