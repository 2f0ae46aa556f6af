//! `image`: a matrix shown pixel for pixel, as rustlab's `image` shows it. The values are
//! intensities already: clamped to `[0, 255]` and never rescaled (`imagesc` rescales).
//! `image(M)` is grey, `image(M, colormap)` runs the same clamped values through a colormap,
//! and `image(R, G, B)` is a true-colour picture from three real matrices of one size.

use super::content_panel;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::Image;
use crate::value::{NumArray, Value};

/// The colormap of a one-channel image when the program names none.
const GREY: &str = "gray";

/// `image(M)`, `image(M, colormap)` or `image(R, G, B)`.
pub(super) fn image(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    let image = match args.len() {
        3 => true_colour(&args)?,
        _ => {
            let colormap = match args.get(1) {
                Some(_) => args.str(1)?,
                None => GREY,
            };
            let (rows, cols, values) = channel(&args, 0, "M")?;
            Image {
                rows,
                cols,
                values,
                rgb: false,
                colormap: colormap.to_string(),
            }
        }
    };
    content_panel(interp).image = Some(image);
    Ok(Value::None)
}

/// The three channels of `image(R, G, B)`, interleaved pixel by pixel.
fn true_colour(args: &Args) -> LangResult<Image> {
    let r = channel(args, 0, "R")?;
    let g = channel(args, 1, "G")?;
    let b = channel(args, 2, "B")?;
    if (r.0, r.1) != (g.0, g.1) || (r.0, r.1) != (b.0, b.1) {
        return Err(LangError::runtime(format!(
            "image: R, G and B must have the same size (got {}×{}, {}×{}, {}×{})",
            r.0, r.1, g.0, g.1, b.0, b.1
        )));
    }
    let values = (0..r.2.len())
        .flat_map(|i| [r.2[i], g.2[i], b.2[i]])
        .collect();
    Ok(Image {
        rows: r.0,
        cols: r.1,
        values,
        rgb: true,
        colormap: "rgb".into(),
    })
}

/// Argument `i` as a real, non-empty matrix clamped to `[0, 255]`: rows, columns and the
/// values row-major (NaN stays NaN: that pixel is not drawn). A vector is one column, as
/// `imagesc` shows it.
fn channel(args: &Args, i: usize, name: &str) -> LangResult<(usize, usize, Vec<f64>)> {
    let (rows, cols, array) = match args.value(i)? {
        Value::Matrix(a) => (a.rows(), a.cols(), a),
        Value::Vector(a) => (a.len(), 1, a),
        Value::Scalar(x) => return Ok((1, 1, vec![clamp(*x)])),
        other => {
            return Err(LangError::type_error(format!(
                "image: {name} must be a real matrix, got {}",
                other.type_name()
            )));
        }
    };
    if array.is_empty() {
        return Err(LangError::runtime(format!("image: {name} is empty")));
    }
    if let NumArray::Complex(c) = &**array
        && c.iter().any(|z| z.im != 0.0)
    {
        return Err(LangError::type_error(format!(
            "image: {name} must be real, got complex values"
        )));
    }
    Ok((
        rows,
        cols,
        array.to_re_vec().into_iter().map(clamp).collect(),
    ))
}

/// An intensity within `[0, 255]` (infinities at the ends; NaN kept).
fn clamp(v: f64) -> f64 {
    v.clamp(0.0, 255.0)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    fn shown(it: &crate::eval::Interp) -> crate::plot::model::Image {
        it.figures.current.panels[0].image.clone().unwrap()
    }

    #[test]
    fn values_are_clamped_never_rescaled() {
        let mut it = interp();
        let m = crate::value::Value::matrix_rows(2, 2, vec![-5.0, 0.0, 100.0, 300.0]);
        call(&mut it, "image", vec![m.clone()]).unwrap();
        let img = shown(&it);
        assert_eq!((img.rows, img.cols, img.rgb), (2, 2, false));
        assert_eq!(img.values, vec![0.0, 0.0, 100.0, 255.0]);
        assert_eq!(img.colormap, "gray");
        call(&mut it, "image", vec![m, s("viridis")]).unwrap();
        assert_eq!(shown(&it).colormap, "viridis");
        call(&mut it, "image", vec![row(&[f64::NAN, f64::INFINITY])]).unwrap();
        let img = shown(&it);
        assert_eq!((img.rows, img.cols), (2, 1), "a vector is a column");
        assert!(img.values[0].is_nan() && img.values[1] == 255.0);
    }

    #[test]
    fn three_channels_make_a_true_colour_image() {
        let mut it = interp();
        let r = crate::value::Value::matrix_rows(1, 2, vec![255.0, 0.0]);
        let g = crate::value::Value::matrix_rows(1, 2, vec![0.0, 128.0]);
        let b = crate::value::Value::matrix_rows(1, 2, vec![10.0, 999.0]);
        call(&mut it, "image", vec![r.clone(), g, b]).unwrap();
        let img = shown(&it);
        assert!(img.rgb && img.colormap == "rgb");
        assert_eq!(img.values, vec![255.0, 0.0, 10.0, 0.0, 128.0, 255.0]);
        let small = crate::value::Value::matrix_rows(1, 1, vec![1.0]);
        assert_eq!(
            err(call(&mut it, "image", vec![r.clone(), small, r])),
            "runtime error: image: R, G and B must have the same size (got 1×2, 1×1, 1×2)"
        );
    }

    #[test]
    fn bad_inputs_are_clear_errors() {
        let mut it = interp();
        let empty = crate::value::Value::matrix_rows(0, 0, vec![]);
        assert_eq!(
            err(call(&mut it, "image", vec![empty])),
            "runtime error: image: M is empty"
        );
        assert_eq!(
            err(call(&mut it, "image", vec![s("x")])),
            "type error: image: M must be a real matrix, got string"
        );
        let z = crate::value::Value::Complex(crate::value::C64::new(1.0, 2.0));
        assert!(call(&mut it, "image", vec![z]).is_err());
        let m = crate::value::Value::matrix_rows(1, 1, vec![1.0]);
        assert!(call(&mut it, "image", vec![m.clone(), m.clone()]).is_err());
        assert!(call(&mut it, "image", vec![]).is_err());
        assert!(it.figures.current.panels[0].image.is_none());
    }
}
