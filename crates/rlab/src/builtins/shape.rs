//! Builtins about shape and size (spec §10.2): `size`, `length` / `len`, `numel`, `ndims`,
//! `isempty`, and `reshape` (column-major refill; a Vector when either dimension is 1, a
//! Tensor3 with a third size). Tensor3 values report three dimensions.

use super::numeric::{ArrayKind, complex_array, expected};
use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Tensor3, Value};
use std::sync::Arc;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "size",
        func: size,
        doc: "size(A) | size(A, dim): Vector [rows, cols] ([rows, cols, pages] for a tensor), or one of them",
    },
    Builtin {
        name: "ndims",
        func: ndims,
        doc: "ndims(A): 3 for a tensor, 2 for every other array, number or string",
    },
    Builtin {
        name: "length",
        func: length,
        doc: "length(A): elements of a Vector, max(rows, cols) of a Matrix, longest axis of a tensor, bytes of a string",
    },
    Builtin {
        name: "len",
        func: length,
        doc: "len(A): same as length(A)",
    },
    Builtin {
        name: "numel",
        func: numel,
        doc: "numel(A): number of elements (rows·cols, or rows·cols·pages)",
    },
    Builtin {
        name: "isempty",
        func: isempty,
        doc: "isempty(A): true when A has no elements (or no characters)",
    },
    Builtin {
        name: "reshape",
        func: reshape,
        doc: "reshape(A, m, n) | reshape(A, m, n, p): A's elements column-major into m×n (a Vector if m or n is 1) or an m×n×p tensor",
    },
];

/// `(rows, cols)` of the kinds `size` knows: Vector `1×N`, Scalar `1×1`, StringArray `1×N`.
fn dimensions(name: &str, v: &Value) -> LangResult<(usize, usize)> {
    match v {
        Value::Vector(a) | Value::Matrix(a) => Ok(a.shape()),
        Value::Scalar(_) | Value::Complex(_) => Ok((1, 1)),
        Value::StrArray(items) => Ok((1, items.len())),
        Value::Sparse(s) => Ok((s.rows, s.cols)),
        other => Err(expected(name, "a number, array or string array", other)),
    }
}

fn size(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    if let Value::Tensor3(t) = args.value(0)? {
        return tensor_size(&args, t);
    }
    let (rows, cols) = dimensions("size", args.value(0)?)?;
    if args.len() == 1 {
        return Ok(Value::row(vec![rows as f64, cols as f64]));
    }
    match args.size(1)? {
        1 => Ok(Value::Scalar(rows as f64)),
        2 => Ok(Value::Scalar(cols as f64)),
        dim => Err(LangError::type_error(format!(
            "size: dim must be 1 or 2, got {dim}"
        ))),
    }
}

/// `size(T)` is `[rows, cols, pages]`; `size(T, dim)` one of them.
fn tensor_size(args: &Args, t: &Tensor3) -> LangResult<Value> {
    let dims = [t.rows, t.cols, t.pages];
    if args.len() == 1 {
        return Ok(Value::row(dims.iter().map(|&d| d as f64).collect()));
    }
    match args.size(1)? {
        dim @ 1..=3 => Ok(Value::Scalar(dims[dim - 1] as f64)),
        dim => Err(LangError::type_error(format!(
            "size: dim must be 1, 2, or 3 for tensor3, got {dim}"
        ))),
    }
}

/// 3 for a tensor, 2 for everything with a shape (MATLAB: even a scalar is 1×1).
fn ndims(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = match args.value(0)? {
        Value::Tensor3(_) => 3.0,
        Value::Scalar(_)
        | Value::Complex(_)
        | Value::Vector(_)
        | Value::Matrix(_)
        | Value::Sparse(_)
        | Value::StrArray(_)
        | Value::Bool(_)
        | Value::Str(_) => 2.0,
        other => return Err(expected("ndims", "an array, number or string", other)),
    };
    Ok(Value::Scalar(n))
}

/// Vector → N; Matrix → max(rows, cols); Tensor3 → its longest axis; numbers and Bools → 1; Str → byte length;
/// StringArray and Tuple → their element count.
fn length(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = match args.value(0)? {
        Value::Vector(a) => a.len(),
        Value::Matrix(a) => a.rows().max(a.cols()),
        Value::Tensor3(t) => t.rows.max(t.cols).max(t.pages),
        Value::Scalar(_) | Value::Complex(_) | Value::Bool(_) => 1,
        Value::Str(s) => s.len(),
        Value::StrArray(items) => items.len(),
        Value::Tuple(items) => items.len(),
        other => return Err(expected(args.name, "a value with a length", other)),
    };
    Ok(Value::Scalar(n as f64))
}

fn numel(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = match args.value(0)? {
        Value::Vector(a) | Value::Matrix(a) => a.len(),
        Value::Tensor3(t) => t.len(),
        Value::Scalar(_) | Value::Complex(_) => 1,
        Value::StrArray(items) => items.len(),
        Value::Sparse(s) => s.rows.saturating_mul(s.cols),
        other => return Err(expected("numel", "a number, array or string array", other)),
    };
    Ok(Value::Scalar(n as f64))
}

/// True for arrays without elements, empty strings, string arrays and tuples; false for
/// numbers, Bools and structs.
fn isempty(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let empty = match args.value(0)? {
        Value::Vector(a) | Value::Matrix(a) => a.is_empty(),
        Value::Str(s) => s.is_empty(),
        Value::StrArray(items) => items.is_empty(),
        Value::Tuple(items) => items.is_empty(),
        Value::Scalar(_) | Value::Complex(_) | Value::Bool(_) | Value::Struct(_) => false,
        other => return Err(expected("isempty", "a value with elements", other)),
    };
    Ok(Value::Bool(empty))
}

/// Flatten A column-major (a Vector in order, a Matrix column by column, a tensor in
/// storage order), refill m×n column-major, or m×n×p with a fourth argument.
fn reshape(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 4)?;
    let a = reshape_source(args.value(0)?)?;
    let (rows, cols) = (args.size(1)?, args.size(2)?);
    let pages = if args.len() == 4 {
        Some(args.size(3)?)
    } else {
        None
    };
    let count = a.len();
    let wanted = (rows as u128)
        .saturating_mul(cols as u128)
        .saturating_mul(pages.unwrap_or(1) as u128);
    if wanted != count as u128 {
        let shape = match pages {
            Some(p) => format!("{rows}×{cols}×{p}"),
            None => format!("{rows}×{cols}"),
        };
        return Err(LangError::type_error(format!(
            "reshape: cannot reshape {count} elements into {shape} (= {wanted} elements)"
        )));
    }
    if let Some(pages) = pages {
        let data: Vec<C64> = (0..count).map(|k| a.col_major(k)).collect();
        let t = Tensor3 {
            rows,
            cols,
            pages,
            data,
        };
        return Ok(Value::Tensor3(Arc::new(t)));
    }
    let kind = if rows == 1 || cols == 1 {
        ArrayKind::Vector
    } else {
        ArrayKind::Matrix
    };
    Ok(kind.wrap(refill_column_major(&a, rows, cols)))
}

/// The numbers `reshape` walks, as an array whose column-major order is theirs (a tensor
/// becomes one column).
fn reshape_source(source: &Value) -> LangResult<NumArray> {
    if let Value::Tensor3(t) = source {
        return Ok(complex_array(t.len(), 1, t.data.clone()));
    }
    source.to_num_array().ok_or_else(|| {
        LangError::type_error(format!("reshape: cannot reshape {}", source.type_name()))
    })
}

/// The elements of `a` in column-major order, placed column-major into `rows×cols`
/// (`rows·cols` equals `a.len()`).
fn refill_column_major(a: &NumArray, rows: usize, cols: usize) -> NumArray {
    let at = |r: usize, c: usize| a.col_major(r + c * rows);
    match a {
        NumArray::Real(_) => {
            let data = (0..rows * cols)
                .map(|k| at(k / cols, k % cols).re)
                .collect();
            NumArray::from_row_major(rows, cols, data)
        }
        NumArray::Complex(_) => {
            let data = (0..rows * cols).map(|k| at(k / cols, k % cols)).collect();
            complex_array(rows, cols, data)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::numeric::testing::*;
    use super::*;
    use crate::value::C64;

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn size_of_each_kind() {
        assert_eq!(call_t("size", vec![v(&[1.0, 2.0, 3.0])]), v(&[1.0, 3.0]));
        let a = m(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]]);
        assert_eq!(call_t("size", vec![a.clone()]), v(&[2.0, 3.0]));
        assert_eq!(call_t("size", vec![a.clone(), s(1.0)]), s(2.0));
        assert_eq!(call_t("size", vec![a, s(2.0)]), s(3.0));
        assert_eq!(call_t("size", vec![s(5.0)]), v(&[1.0, 1.0]));
        let names = Value::StrArray(vec!["a".to_string(), "b".to_string()].into());
        assert_eq!(call_t("size", vec![names]), v(&[1.0, 2.0]));
        assert_eq!(call_t("size", vec![v(&[])]), v(&[1.0, 0.0]));
    }

    #[test]
    fn size_errors() {
        assert_eq!(
            error(TABLE, "size", vec![s(1.0), s(3.0)]),
            "type error: size: dim must be 1 or 2, got 3"
        );
        assert_eq!(
            error(TABLE, "size", vec![Value::str("abc")]),
            "type error: size: expected a number, array or string array, got string"
        );
        assert!(error(TABLE, "size", vec![]).contains("expected 1..2, got 0"));
    }

    #[test]
    fn length_of_each_kind() {
        assert_eq!(call_t("length", vec![v(&[1.0, 2.0])]), s(2.0));
        assert_eq!(call_t("len", vec![m(&[&[1.0], &[2.0], &[3.0]])]), s(3.0));
        assert_eq!(call_t("length", vec![m(&[&[1.0, 2.0]])]), s(2.0));
        assert_eq!(call_t("length", vec![s(5.0)]), s(1.0));
        assert_eq!(call_t("length", vec![Value::Bool(true)]), s(1.0));
        assert_eq!(call_t("length", vec![Value::str("héllo")]), s(6.0));
        assert_eq!(
            call_t("length", vec![Value::tuple(vec![s(1.0); 3])]),
            s(3.0)
        );
        assert_eq!(
            error(TABLE, "len", vec![Value::None]),
            "type error: len: expected a value with a length, got none"
        );
    }

    #[test]
    fn numel_and_isempty() {
        assert_eq!(
            call_t("numel", vec![m(&[&[1.0, 2.0], &[3.0, 4.0]])]),
            s(4.0)
        );
        assert_eq!(call_t("numel", vec![s(1.0)]), s(1.0));
        assert_eq!(
            error(TABLE, "numel", vec![Value::str("a")]),
            "type error: numel: expected a number, array or string array, got string"
        );
        assert_eq!(call_t("isempty", vec![v(&[])]), Value::Bool(true));
        assert_eq!(call_t("isempty", vec![v(&[0.0])]), Value::Bool(false));
        assert_eq!(call_t("isempty", vec![Value::str("")]), Value::Bool(true));
        assert_eq!(call_t("isempty", vec![s(0.0)]), Value::Bool(false));
        assert_eq!(
            error(TABLE, "isempty", vec![Value::None]),
            "type error: isempty: expected a value with elements, got none"
        );
    }

    #[test]
    fn reshape_is_column_major_with_the_kind_rule() {
        let a = m(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]]);
        assert_eq!(
            call_t("reshape", vec![a.clone(), s(1.0), s(6.0)]),
            v(&[1.0, 4.0, 2.0, 5.0, 3.0, 6.0])
        );
        assert_eq!(
            call_t("reshape", vec![a.clone(), s(6.0), s(1.0)]),
            v(&[1.0, 4.0, 2.0, 5.0, 3.0, 6.0])
        );
        let r = call_t("reshape", vec![a, s(3.0), s(2.0)]);
        assert_eq!(r, m(&[&[1.0, 5.0], &[4.0, 3.0], &[2.0, 6.0]]));
        let r = call_t("reshape", vec![v(&[1.0, 2.0, 3.0, 4.0]), s(2.0), s(2.0)]);
        assert_eq!(r, m(&[&[1.0, 3.0], &[2.0, 4.0]]));
        assert_eq!(call_t("reshape", vec![s(7.0), s(1.0), s(1.0)]), v(&[7.0]));
        let z = cm(&[&[(1.0, 1.0), (2.0, 0.0)], &[(3.0, 0.0), (4.0, 0.0)]]);
        let r = call_t("reshape", vec![z, s(1.0), s(4.0)]);
        assert_eq!(arr(&r).get(0, 1), C64::new(3.0, 0.0));
        assert_eq!(arr(&r).get(0, 0), C64::new(1.0, 1.0));
        let e = call_t("reshape", vec![v(&[]), s(0.0), s(3.0)]);
        assert!(matches!(e, Value::Matrix(a) if a.shape() == (0, 3)));
    }

    #[test]
    fn reshape_errors() {
        let six = v(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(
            error(TABLE, "reshape", vec![six, s(4.0), s(2.0)]),
            "type error: reshape: cannot reshape 6 elements into 4×2 (= 8 elements)"
        );
        assert_eq!(
            error(TABLE, "reshape", vec![Value::str("ab"), s(1.0), s(2.0)]),
            "type error: reshape: cannot reshape string"
        );
        let huge = error(TABLE, "reshape", vec![s(1.0), s(1e19), s(1e19)]);
        assert!(
            huge.contains("(= 100000000000000000000000000000000000000 elements)"),
            "{huge}"
        );
        assert!(error(TABLE, "reshape", vec![s(1.0), s(1.0)]).contains("expected 3..4, got 2"));
    }
}
