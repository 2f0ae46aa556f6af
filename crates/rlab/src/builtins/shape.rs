//! Builtins about shape and size (spec §10.2): `size`, `length` / `len`, `numel`,
//! `isempty`, and `reshape` (column-major refill; a Vector when either dimension is 1).

use super::numeric::{ArrayKind, complex_array, expected};
use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{NumArray, Value};

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "size",
        func: size,
        doc: "size(A) | size(A, dim): Vector [rows, cols], or one of them",
    },
    Builtin {
        name: "length",
        func: length,
        doc: "length(A): elements of a Vector, max(rows, cols) of a Matrix, bytes of a string",
    },
    Builtin {
        name: "len",
        func: length,
        doc: "len(A): same as length(A)",
    },
    Builtin {
        name: "numel",
        func: numel,
        doc: "numel(A): number of elements (rows·cols)",
    },
    Builtin {
        name: "isempty",
        func: isempty,
        doc: "isempty(A): true when A has no elements (or no characters)",
    },
    Builtin {
        name: "reshape",
        func: reshape,
        doc: "reshape(A, m, n): A's elements column-major into m×n (a Vector if m or n is 1)",
    },
];

/// `(rows, cols)` of the kinds `size` knows: Vector `1×N`, Scalar `1×1`, StringArray `1×N`.
fn dimensions(name: &str, v: &Value) -> LangResult<(usize, usize)> {
    match v {
        Value::Vector(a) | Value::Matrix(a) => Ok(a.shape()),
        Value::Scalar(_) | Value::Complex(_) => Ok((1, 1)),
        Value::StrArray(items) => Ok((1, items.len())),
        other => Err(expected(name, "a number, array or string array", other)),
    }
}

fn size(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
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

/// Vector → N; Matrix → max(rows, cols); numbers and Bools → 1; Str → byte length;
/// StringArray and Tuple → their element count.
fn length(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = match args.value(0)? {
        Value::Vector(a) => a.len(),
        Value::Matrix(a) => a.rows().max(a.cols()),
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
        Value::Scalar(_) | Value::Complex(_) => 1,
        Value::StrArray(items) => items.len(),
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

/// Flatten A column-major (a Vector in order, a Matrix column by column), refill m×n
/// column-major.
fn reshape(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let source = args.value(0)?;
    let Some(a) = source.to_num_array() else {
        return Err(LangError::type_error(format!(
            "reshape: cannot reshape {}",
            source.type_name()
        )));
    };
    let (rows, cols) = (args.size(1)?, args.size(2)?);
    let count = a.len();
    if rows.checked_mul(cols) != Some(count) {
        return Err(LangError::type_error(format!(
            "reshape: cannot reshape {count} elements into {rows}×{cols} (= {} elements)",
            rows as u128 * cols as u128
        )));
    }
    let kind = if rows == 1 || cols == 1 {
        ArrayKind::Vector
    } else {
        ArrayKind::Matrix
    };
    Ok(kind.wrap(refill_column_major(&a, rows, cols)))
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
        assert!(error(TABLE, "reshape", vec![s(1.0), s(1.0)]).contains("expected 3, got 2"));
    }
}
