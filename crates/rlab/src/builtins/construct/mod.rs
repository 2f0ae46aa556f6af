//! Builtins that construct values (spec §10.1): filled arrays (`zeros`, `ones`, `eye`,
//! `linspace`, `logspace`) and `struct` here; struct and cell queries in [`structs`]; random arrays and `seed` in [`random`]; arrays built
//! from other arrays (`repmat`, `outer`, `diag`, `transpose`, `meshgrid`) in [`layout`].
//!
//! The kind rule that matters most: `zeros(n)` is a Vector of n, `zeros(m, n)` and
//! `zeros([m, n])` are Matrices even when m or n is 1.

mod layout;
mod random;
mod structs;

use super::numeric::{ArrayKind, check_alloc, expected};
use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{NumArray, Value};
use ndarray::Array2;
use std::collections::BTreeMap;
use std::sync::Arc;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "zeros",
        func: zeros,
        doc: "zeros(n) | zeros(m, n) | zeros([m, n]): array of zeros (Vector for one size)",
    },
    Builtin {
        name: "ones",
        func: ones,
        doc: "ones(n) | ones(m, n) | ones([m, n]): array of ones (Vector for one size)",
    },
    Builtin {
        name: "eye",
        func: eye,
        doc: "eye(n): n×n identity Matrix",
    },
    Builtin {
        name: "linspace",
        func: linspace,
        doc: "linspace(a, b, n): Vector of n points a + k·(b − a)/(n − 1)",
    },
    Builtin {
        name: "logspace",
        func: logspace,
        doc: "logspace(a, b, n): Vector of n points from 10^a to 10^b, evenly spaced in the exponent",
    },
    Builtin::new(
        "isstruct",
        structs::isstruct,
        "isstruct(x): true when x is a struct",
    ),
    Builtin::new(
        "fieldnames",
        structs::fieldnames,
        "fieldnames(s): print the field names of a struct, sorted, one per line (returns none)",
    ),
    Builtin::new(
        "isfield",
        structs::isfield,
        "isfield(s, \"name\"): true when the struct has that field",
    ),
    Builtin::new(
        "rmfield",
        structs::rmfield,
        "rmfield(s, \"name\"): a copy of the struct without that field (error if absent)",
    ),
    Builtin::new(
        "iscell",
        structs::iscell,
        "iscell(x): true when x is a string array ({\"a\", \"b\"})",
    ),
    Builtin {
        name: "rand",
        func: random::rand,
        doc: "rand() | rand(n) | rand(m, n): uniform draws in [0, 1), matrices filled by rows",
    },
    Builtin {
        name: "randn",
        func: random::randn,
        doc: "randn() | randn(n) | randn(m, n): standard normal draws, matrices filled by rows",
    },
    Builtin {
        name: "randi",
        func: random::randi,
        doc: "randi(imax) | randi(imax, n) | randi([lo, hi], n): uniform random integers",
    },
    Builtin {
        name: "seed",
        func: random::seed,
        doc: "seed(N) | seed(): restart the random stream from N (or from fresh entropy)",
    },
    Builtin {
        name: "repmat",
        func: layout::repmat,
        doc: "repmat(A, m, n): Matrix tiling A m times down and n times across",
    },
    Builtin {
        name: "outer",
        func: layout::outer,
        doc: "outer(a, b): Matrix with (i, j) = a(i)·b(j)",
    },
    Builtin {
        name: "diag",
        func: layout::diag,
        doc: "diag(v) | diag(v, k) | diag(M) | diag(M, k): diagonal Matrix from v, or diagonal of M",
    },
    Builtin {
        name: "transpose",
        func: layout::transpose,
        doc: "transpose(A): A.' (no conjugation); a Vector becomes an N×1 Matrix",
    },
    Builtin {
        name: "meshgrid",
        func: layout::meshgrid,
        doc: "[X, Y] = meshgrid(x, y): grids with X(i, j) = x(j), Y(i, j) = y(i)",
    },
    Builtin {
        name: "struct",
        func: make_struct,
        doc: "struct(\"k1\", v1, \"k2\", v2, ...): struct with those fields",
    },
];

/// The shape asked for by `f(n)` (a Vector of n), `f(m, n)` or `f([m, n])` (a Matrix):
/// `(kind, rows, cols)`, checked against the allocation cap.
fn requested_shape(args: &Args) -> LangResult<(ArrayKind, usize, usize)> {
    let shape = if args.len() >= 2 {
        (ArrayKind::Matrix, args.size(0)?, args.size(1)?)
    } else {
        match args.value(0)? {
            Value::Vector(a) if a.len() == 2 => {
                let pair = vec![Value::Scalar(a.get_re(0, 0)), Value::Scalar(a.get_re(0, 1))];
                let sizes = Args::new(args.name, pair, 1);
                (ArrayKind::Matrix, sizes.size(0)?, sizes.size(1)?)
            }
            Value::Vector(a) => {
                return Err(LangError::type_error(format!(
                    "{}: expected scalar or 2-element vector, got {}-element vector",
                    args.name,
                    a.len()
                )));
            }
            _ => (ArrayKind::Vector, 1, args.size(0)?),
        }
    };
    check_alloc(shape.1, shape.2, false)?;
    Ok(shape)
}

/// An array of the requested shape with every element `value`.
fn filled(args: &Args, value: f64) -> LangResult<Value> {
    args.arity(1, 2)?;
    let (kind, rows, cols) = requested_shape(args)?;
    Ok(kind.wrap(NumArray::filled(rows, cols, value)))
}

fn zeros(_: &mut Interp, args: Args) -> LangResult<Value> {
    filled(&args, 0.0)
}

fn ones(_: &mut Interp, args: Args) -> LangResult<Value> {
    filled(&args, 1.0)
}

fn eye(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = args.size(0)?;
    check_alloc(n, n, false)?;
    Ok(Value::matrix(NumArray::real(Array2::eye(n))))
}

/// Element k is `a + step·k` with `step = (b − a)/(n − 1)`; n = 1 gives `[b]`.
fn linspace(_: &mut Interp, args: Args) -> LangResult<Value> {
    Ok(Value::row(spaced(&args)?))
}

/// The `n` points `a + step·k` (k = 0..n−1, step = (b − a)/(n − 1)) of `(a, b, n)`; one
/// point is `[b]`, none is empty.
fn spaced(args: &Args) -> LangResult<Vec<f64>> {
    args.arity(3, 3)?;
    let (a, b, n) = (args.f64(0)?, args.f64(1)?, args.size(2)?);
    check_alloc(1, n, false)?;
    Ok(match n {
        0 => Vec::new(),
        1 => vec![b],
        _ => {
            let step = (b - a) / (n - 1) as f64;
            (0..n).map(|k| a + step * k as f64).collect()
        }
    })
}

/// `logspace(a, b, n)`: 10 to the power of each point of `linspace(a, b, n)`.
fn logspace(_: &mut Interp, args: Args) -> LangResult<Value> {
    let exponents = spaced(&args)?;
    Ok(Value::row(
        exponents.into_iter().map(|x| 10f64.powf(x)).collect(),
    ))
}

/// `struct("k1", v1, ...)`: later duplicates of a key replace earlier ones.
fn make_struct(_: &mut Interp, args: Args) -> LangResult<Value> {
    if !args.len().is_multiple_of(2) {
        return Err(LangError::runtime(
            "struct() requires an even number of arguments: (field, value, ...)",
        ));
    }
    let mut fields = BTreeMap::new();
    for pair in args.values.chunks(2) {
        if let [key, value] = pair {
            let Value::Str(key) = key else {
                return Err(expected("struct", "a string field name", key));
            };
            fields.insert(key.clone(), value.clone());
        }
    }
    Ok(Value::Struct(Arc::new(fields)))
}

#[cfg(test)]
mod tests {
    use super::super::numeric::testing::*;
    use super::*;

    fn call_t(name: &str, args: Vec<Value>) -> LangResult<Value> {
        call(TABLE, name, args)
    }

    #[test]
    fn one_size_gives_a_vector_two_sizes_a_matrix() {
        let z = call_t("zeros", vec![s(3.0)]).unwrap();
        assert_eq!(z, Value::row(vec![0.0; 3]));
        let z = call_t("zeros", vec![s(1.0), s(3.0)]).unwrap();
        assert!(matches!(&z, Value::Matrix(a) if a.shape() == (1, 3)));
        let o = call_t("ones", vec![s(2.0), s(1.0)]).unwrap();
        assert_eq!(o, m(&[&[1.0], &[1.0]]));
        let o = call_t("ones", vec![v(&[2.0, 3.0])]).unwrap();
        assert!(matches!(&o, Value::Matrix(a) if a.shape() == (2, 3)));
        assert_eq!(call_t("ones", vec![s(0.0)]).unwrap(), v(&[]));
    }

    #[test]
    fn size_errors() {
        assert_eq!(
            error(TABLE, "zeros", vec![s(-1.0)]),
            "runtime error: zeros: size must be a non-negative integer, got -1"
        );
        assert_eq!(
            error(TABLE, "ones", vec![v(&[2.0, 0.5])]),
            "runtime error: ones: size must be a non-negative integer, got 0.5"
        );
        assert_eq!(
            error(TABLE, "zeros", vec![v(&[1.0, 2.0, 3.0])]),
            "type error: zeros: expected scalar or 2-element vector, got 3-element vector"
        );
        assert_eq!(
            error(TABLE, "zeros", vec![Value::str("a")]),
            "type error: zeros: expected scalar, got string"
        );
        assert_eq!(
            error(TABLE, "zeros", vec![]),
            "wrong number of arguments for 'zeros': expected 1..2, got 0"
        );
    }

    #[test]
    fn huge_sizes_fail_with_the_cap_message() {
        let e = error(TABLE, "zeros", vec![s(1e6), s(1e6)]);
        assert_eq!(
            e,
            "limit exceeded: allocation of 1000000×1000000 elements (7.3 TiB) exceeds the limit of 2.0 GiB"
        );
        assert!(error(TABLE, "eye", vec![s(1e10)]).starts_with("limit exceeded"));
        assert!(error(TABLE, "linspace", vec![s(0.0), s(1.0), s(1e12)]).starts_with("limit"));
    }

    #[test]
    fn eye_is_an_identity_matrix() {
        let i = call_t("eye", vec![s(2.0)]).unwrap();
        assert_eq!(i, m(&[&[1.0, 0.0], &[0.0, 1.0]]));
        assert!(matches!(call_t("eye", vec![s(0.0)]).unwrap(), Value::Matrix(a) if a.is_empty()));
        assert_eq!(
            error(TABLE, "eye", vec![s(1.0), s(2.0)]),
            "wrong number of arguments for 'eye': expected 1, got 2"
        );
    }

    #[test]
    fn linspace_uses_a_plus_step_times_k() {
        let x = call_t("linspace", vec![s(0.0), s(1.0), s(11.0)]).unwrap();
        let xs = re(&x);
        assert_eq!(xs.len(), 11);
        assert_eq!(xs[3], 0.1 * 3.0);
        assert_eq!(xs[10], 1.0);
        assert_eq!(
            call_t("linspace", vec![s(2.0), s(5.0), s(1.0)]).unwrap(),
            v(&[5.0])
        );
        assert_eq!(
            call_t("linspace", vec![s(2.0), s(5.0), s(0.0)]).unwrap(),
            v(&[])
        );
        let g = call_t("linspace", vec![s(-5.0), s(5.0), s(2001.0)]).unwrap();
        assert_eq!(re(&g)[2000], 5.0);
        assert!(error(TABLE, "linspace", vec![s(0.0), s(1.0)]).contains("expected 3, got 2"));
        let nan = call_t("linspace", vec![s(f64::NAN), s(1.0), s(2.0)]).unwrap();
        assert!(re(&nan).iter().all(|x| x.is_nan()));
    }

    #[test]
    fn struct_pairs_keys_and_values() {
        let st = call_t(
            "struct",
            vec![Value::str("b"), s(2.0), Value::str("a"), v(&[1.0])],
        );
        let Value::Struct(fields) = st.unwrap() else {
            panic!("not a struct")
        };
        assert_eq!(fields.keys().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(fields["b"], s(2.0));
        let empty = call_t("struct", vec![]).unwrap();
        assert!(matches!(empty, Value::Struct(f) if f.is_empty()));
        assert_eq!(
            error(TABLE, "struct", vec![Value::str("a")]),
            "runtime error: struct() requires an even number of arguments: (field, value, ...)"
        );
        assert_eq!(
            error(TABLE, "struct", vec![s(1.0), s(2.0)]),
            "type error: struct: expected a string field name, got scalar"
        );
    }

    #[test]
    fn every_entry_is_documented_with_its_forms() {
        for b in TABLE {
            assert!(
                b.doc.starts_with(b.name) || b.doc.starts_with('['),
                "{}",
                b.name
            );
        }
    }
}
