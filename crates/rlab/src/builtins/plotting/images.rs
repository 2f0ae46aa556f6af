//! Colour-mapped matrices: `imagesc` (real values; moduli for complex data), `heatmap`
//! (moduli, optional row/column labels, title and colormap) and `surf` (a 3-D surface over
//! an x/y grid from vectors or `meshgrid` matrices).

use super::{content_panel, shown_values};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Heatmap, Surface};
use crate::value::{NumArray, Value};

const DEFAULT_COLORMAP: &str = "viridis";

/// `imagesc(M[, colormap])`: a Vector is shown as a column.
pub(super) fn imagesc(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let (rows, cols, values) = match args.value(0)? {
        Value::Matrix(a) => (a.rows(), a.cols(), shown_values(a)),
        Value::Vector(a) => (a.len(), 1, shown_values(a)),
        Value::Scalar(x) => (1, 1, vec![*x]),
        other => {
            return Err(LangError::type_error(format!(
                "imagesc: expected matrix, got {}",
                other.type_name()
            )));
        }
    };
    let colormap = optional_str(&args, 1)?.unwrap_or(DEFAULT_COLORMAP);
    let heatmap = Heatmap {
        rows,
        cols,
        values,
        xlabels: None,
        ylabels: None,
        colormap: colormap.to_string(),
        extent: None,
    };
    content_panel(interp).heatmap = Some(heatmap);
    Ok(Value::None)
}

/// `heatmap(xlabels, ylabels, M[, title[, colormap]])` or `heatmap(M[, title[, colormap]])`:
/// the moduli of M, row 1 at the top. A Vector is one row.
pub(super) fn heatmap(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 5)?;
    let labelled = matches!(args.value(0)?, Value::StrArray(_));
    let data = if labelled { 2 } else { 0 };
    if labelled && args.len() < 3 {
        return Err(LangError::type_error(
            "heatmap: expected heatmap(xlabels, ylabels, M[, title[, colormap]])",
        ));
    }
    if !labelled && args.len() > 3 {
        return Err(LangError::arity(args.name, 1, 3, args.len()));
    }
    let matrix = match args.value(data)? {
        Value::Matrix(a) | Value::Vector(a) => a,
        other => {
            return Err(LangError::type_error(format!(
                "heatmap: expected matrix, got {}",
                other.type_name()
            )));
        }
    };
    let (rows, cols) = matrix.shape();
    let (xlabels, ylabels) = if labelled {
        let x = labels(&args, 0, cols, "columns")?;
        (Some(x), Some(labels(&args, 1, rows, "rows")?))
    } else {
        (None, None)
    };
    let title = optional_str(&args, data + 1)?.map(str::to_string);
    let colormap = optional_str(&args, data + 2)?.unwrap_or(DEFAULT_COLORMAP);
    let values = matrix.iter_c().map(num_complex::Complex::norm).collect();
    let heatmap = Heatmap {
        rows,
        cols,
        values,
        xlabels,
        ylabels,
        colormap: colormap.to_string(),
        extent: None,
    };
    let panel = content_panel(interp);
    panel.heatmap = Some(heatmap);
    if let Some(title) = title {
        panel.title = title;
    }
    Ok(Value::None)
}

/// Argument `i` as a string array of length `n` (labels of the heatmap's rows or columns).
fn labels(args: &Args, i: usize, n: usize, what: &str) -> LangResult<Vec<String>> {
    match args.value(i)? {
        Value::StrArray(items) if items.len() == n => Ok(items.to_vec()),
        Value::StrArray(items) => Err(LangError::runtime(format!(
            "heatmap: {} labels for {n} {what}",
            items.len()
        ))),
        other => Err(LangError::type_error(format!(
            "heatmap: labels must be a string array, got {}",
            other.type_name()
        ))),
    }
}

/// Argument `i` as a string when present.
fn optional_str(args: &Args, i: usize) -> LangResult<Option<&str>> {
    match args.get(i) {
        Some(_) => args.str(i).map(Some),
        None => Ok(None),
    }
}

/// `surf(X, Y, Z[, colormap])` or `surf(Z[, colormap])`: X and Y are vectors matching Z's
/// columns and rows, or matrices (full `meshgrid` grids, or their first row / column).
pub(super) fn surf(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 4)?;
    let (z_index, colormap_index) = match args.len() {
        1 | 2 => (0, 1),
        3 | 4 => (2, 3),
        _ => (0, 1),
    };
    let z = match args.value(z_index)? {
        Value::Matrix(a) => a,
        other => {
            return Err(LangError::type_error(format!(
                "surf: expected matrix Z, got {}",
                other.type_name()
            )));
        }
    };
    let (rows, cols) = z.shape();
    if rows == 0 || cols == 0 {
        return Err(LangError::runtime("surf: Z is empty"));
    }
    let (x, y) = if z_index == 0 {
        let x = (0..rows * cols).map(|i| (i % cols + 1) as f64).collect();
        let y = (0..rows * cols).map(|i| (i / cols + 1) as f64).collect();
        (x, y)
    } else {
        (
            grid(args.value(0)?, z, Axis::X)?,
            grid(args.value(1)?, z, Axis::Y)?,
        )
    };
    let colormap = optional_str(&args, colormap_index)?.unwrap_or(DEFAULT_COLORMAP);
    let surface = Surface {
        rows,
        cols,
        x,
        y,
        z: shown_values(z),
        colormap: colormap.to_string(),
    };
    content_panel(interp).surface = Some(surface);
    Ok(Value::None)
}

#[derive(Clone, Copy, PartialEq)]
enum Axis {
    X,
    Y,
}

/// One coordinate of every grid point (row-major, Z's shape) from a `surf` argument.
fn grid(value: &Value, z: &NumArray, axis: Axis) -> LangResult<Vec<f64>> {
    let (rows, cols) = z.shape();
    let name = if axis == Axis::X { "X" } else { "Y" };
    let expected = if axis == Axis::X { cols } else { rows };
    let line: Vec<f64> = match value {
        Value::Matrix(a) if a.shape() == (rows, cols) => return Ok(a.to_re_vec()),
        Value::Matrix(a) if axis == Axis::X => (0..a.cols()).map(|c| a.get_re(0, c)).collect(),
        Value::Matrix(a) => (0..a.rows()).map(|r| a.get_re(r, 0)).collect(),
        Value::Vector(a) => a.to_re_vec(),
        other => {
            return Err(LangError::type_error(format!(
                "surf: {name} must be a vector or matrix, got {}",
                other.type_name()
            )));
        }
    };
    if line.len() != expected {
        return Err(LangError::runtime(format!(
            "surf: {name} has {} values but Z has {expected} {}",
            line.len(),
            if axis == Axis::X { "columns" } else { "rows" }
        )));
    }
    let pick = |i: usize| {
        let k = if axis == Axis::X { i % cols } else { i / cols };
        line.get(k).copied().unwrap_or(f64::NAN)
    };
    Ok((0..rows * cols).map(pick).collect())
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use std::sync::Arc;

    fn names(items: &[&str]) -> Value {
        Value::StrArray(Arc::new(items.iter().map(|s| s.to_string()).collect()))
    }

    #[test]
    fn imagesc_keeps_signs_and_shows_vectors_as_columns() {
        let mut it = interp();
        let m = Value::matrix_rows(2, 2, vec![-1.0, 2.0, 3.0, -4.0]);
        call(&mut it, "imagesc", vec![m, s("plasma")]).unwrap();
        let map = it.figures.current.panels[0].heatmap.clone().unwrap();
        assert_eq!(
            (map.rows, map.cols, map.values),
            (2, 2, vec![-1.0, 2.0, 3.0, -4.0])
        );
        assert_eq!(map.colormap, "plasma");
        call(&mut it, "imagesc", vec![row(&[1.0, 2.0, 3.0])]).unwrap();
        let map = it.figures.current.panels[0].heatmap.clone().unwrap();
        assert_eq!(
            (map.rows, map.cols, map.colormap.as_str()),
            (3, 1, "viridis")
        );
        assert_eq!(
            err(call(&mut it, "imagesc", vec![s("M")])),
            "type error: imagesc: expected matrix, got string"
        );
    }

    #[test]
    fn labelled_heatmaps_take_moduli_titles_and_colormaps() {
        let mut it = interp();
        let m = Value::matrix_rows(2, 3, vec![1.0, -2.0, 3.0, 4.0, 5.0, -6.0]);
        let args = vec![
            names(&["a", "b", "c"]),
            names(&["r1", "r2"]),
            m,
            s("T"),
            s("viridis"),
        ];
        call(&mut it, "heatmap", args).unwrap();
        let panel = &it.figures.current.panels[0];
        let map = panel.heatmap.clone().unwrap();
        assert_eq!(map.values, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(map.ylabels, Some(vec!["r1".to_string(), "r2".to_string()]));
        assert_eq!(panel.title, "T");
        call(&mut it, "heatmap", vec![row(&[1.0, 2.0]), s("one row")]).unwrap();
        let map = it.figures.current.panels[0].heatmap.clone().unwrap();
        assert_eq!((map.rows, map.cols, map.xlabels), (1, 2, None));
    }

    #[test]
    fn heatmap_label_counts_must_match() {
        let mut it = interp();
        let m = Value::matrix_rows(2, 2, vec![1.0; 4]);
        let args = vec![names(&["a"]), names(&["r1", "r2"]), m.clone()];
        assert_eq!(
            err(call(&mut it, "heatmap", args)),
            "runtime error: heatmap: 1 labels for 2 columns"
        );
        let args = vec![names(&["a", "b"]), s("r"), m.clone()];
        assert_eq!(
            err(call(&mut it, "heatmap", args)),
            "type error: heatmap: labels must be a string array, got string"
        );
        assert!(call(&mut it, "heatmap", vec![names(&["a"]), m.clone()]).is_err());
        assert!(call(&mut it, "heatmap", vec![s("x")]).is_err());
        let too_many = vec![m.clone(), s("t"), s("viridis"), s("extra")];
        assert!(call(&mut it, "heatmap", too_many).is_err());
    }

    #[test]
    fn surf_expands_vectors_and_meshgrids() {
        let mut it = interp();
        let z = Value::matrix_rows(2, 3, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let x = row(&[10.0, 20.0, 30.0]);
        let y = Value::matrix_rows(2, 3, vec![7.0, 7.0, 7.0, 8.0, 8.0, 8.0]);
        call(&mut it, "surf", vec![x, y, z.clone(), s("viridis")]).unwrap();
        let surface = it.figures.current.panels[0].surface.clone().unwrap();
        assert_eq!(surface.x, vec![10.0, 20.0, 30.0, 10.0, 20.0, 30.0]);
        assert_eq!(surface.y, vec![7.0, 7.0, 7.0, 8.0, 8.0, 8.0]);
        assert_eq!(surface.z, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        call(&mut it, "surf", vec![z.clone()]).unwrap();
        let surface = it.figures.current.panels[0].surface.clone().unwrap();
        assert_eq!(surface.y, vec![1.0, 1.0, 1.0, 2.0, 2.0, 2.0]);
        assert_eq!(
            err(call(
                &mut it,
                "surf",
                vec![row(&[1.0, 2.0]), row(&[1.0, 2.0]), z.clone()]
            )),
            "runtime error: surf: X has 2 values but Z has 3 columns"
        );
        assert_eq!(
            err(call(&mut it, "surf", vec![row(&[1.0])])),
            "type error: surf: expected matrix Z, got vector"
        );
        let empty = Value::matrix_rows(0, 0, vec![]);
        assert_eq!(
            err(call(&mut it, "surf", vec![empty])),
            "runtime error: surf: Z is empty"
        );
        assert!(call(&mut it, "surf", vec![s("x"), row(&[1.0, 2.0]), z]).is_err());
    }
}
