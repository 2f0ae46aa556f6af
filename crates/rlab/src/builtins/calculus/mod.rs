//! Builtins: grid calculus and masks — `gradient`, `divergence`, `curl` on uniform 2-D grids
//! ([`grid`]) and the rasterised shape masks `rect_mask`, `disk_mask`, `polygon_mask`
//! ([`masks`]). Grids follow meshgrid's convention: rows index y, columns index x.

mod grid;
mod masks;

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "gradient",
        grid::gradient,
        "gradient(F) | gradient(F, dx, dy): [Fx, Fy], 2nd-order differences (NumPy edges)",
    ),
    Builtin::new(
        "divergence",
        grid::divergence,
        "divergence(Fx, Fy) | divergence(Fx, Fy, dx, dy): ∂Fx/∂x + ∂Fy/∂y on the grid",
    ),
    Builtin::new(
        "curl",
        grid::curl,
        "curl(Fx, Fy) | curl(Fx, Fy, dx, dy): z-component ∂Fy/∂x − ∂Fx/∂y on the grid",
    ),
    Builtin::new(
        "rect_mask",
        masks::rect_mask,
        "rect_mask(X, Y, x0, y0, w, h): 1 inside [x0, x0+w]×[y0, y0+h] (inclusive), else 0",
    ),
    Builtin::new(
        "disk_mask",
        masks::disk_mask,
        "disk_mask(X, Y, xc, yc, r): 1 where (X−xc)² + (Y−yc)² ≤ r², else 0",
    ),
    Builtin::new(
        "polygon_mask",
        masks::polygon_mask,
        "polygon_mask(X, Y, verts): 1 inside the polygon of the N×2 vertex rows (even-odd rule)",
    ),
];
