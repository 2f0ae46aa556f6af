//! Random arrays and the stream's seed (spec §9): `rand`, `randn`, `randi`, `seed`.
//! Draws come from the session's [`Rng`]; matrices are filled row-major (row 1 left to
//! right, then row 2, ...) even when one dimension is 1, which is what makes `seed(42);
//! randn(2, 3)` reproduce rustlab's numbers.

use super::requested_shape;
use crate::builtins::Args;
use crate::builtins::numeric::check_alloc;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::rng::Rng;
use crate::value::{NumArray, Value};

/// `f()` one draw; `f(n)` a Vector; `f(m, n)` / `f([m, n])` a Matrix filled by rows.
/// Generic over the draw so that each generator is inlined into the fill loop.
fn draws(
    interp: &mut Interp,
    args: &Args,
    mut draw: impl FnMut(&mut Rng) -> f64,
) -> LangResult<Value> {
    args.arity(0, 2)?;
    if args.is_empty() {
        return Ok(Value::Scalar(draw(&mut interp.rng)));
    }
    let (kind, rows, cols) = requested_shape(args)?;
    let data = interp.rng.fill(rows * cols, draw);
    Ok(kind.wrap(NumArray::from_row_major(rows, cols, data)))
}

pub(super) fn rand(interp: &mut Interp, args: Args) -> LangResult<Value> {
    draws(interp, &args, Rng::uniform)
}

pub(super) fn randn(interp: &mut Interp, args: Args) -> LangResult<Value> {
    draws(interp, &args, Rng::normal)
}

/// `randi(imax)` a Scalar in 1..=imax; `randi(imax, n)` / `randi([lo, hi], n)` a Vector.
pub(super) fn randi(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let (lo, hi) = randi_bounds(&args)?;
    if args.len() == 1 {
        return Ok(Value::Scalar(interp.rng.int_inclusive(lo, hi) as f64));
    }
    let n = args.size(1)?;
    check_alloc(1, n, false)?;
    let data = interp.rng.fill(n, |r| r.int_inclusive(lo, hi) as f64);
    Ok(Value::row(data))
}

/// The inclusive range of `randi`: `[lo, hi]` from a Vector (a 1-element Vector is
/// `[1, hi]`), `[1, imax]` from a Scalar; bounds are truncated toward zero.
fn randi_bounds(args: &Args) -> LangResult<(i64, i64)> {
    let (lo, hi) = match args.value(0)? {
        Value::Vector(a) if a.len() >= 2 => (a.get_re(0, 0) as i64, a.get_re(0, 1) as i64),
        Value::Vector(a) if a.len() == 1 => (1, a.get_re(0, 0) as i64),
        Value::Vector(_) => {
            return Err(LangError::type_error(
                "randi: expected randi(imax) or randi(imax, n) or randi([lo,hi], n)",
            ));
        }
        _ => (1, args.f64(0)? as i64),
    };
    if lo > hi {
        return Err(LangError::type_error(format!(
            "randi: lo ({lo}) must be <= hi ({hi})"
        )));
    }
    Ok((lo, hi))
}

/// `seed(N)` restarts the stream from N and remembers N (for `parmap`); `seed()` restarts
/// from the host's entropy and forgets it.
pub(super) fn seed(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    if args.is_empty() {
        let fresh = interp.config.host.entropy();
        interp.rng.reseed(fresh);
        interp.last_seed = None;
        return Ok(Value::None);
    }
    let n = args.f64(0)?;
    if !n.is_finite() || n < 0.0 || n.fract() != 0.0 {
        return Err(LangError::type_error(format!(
            "seed: expected a non-negative integer, got {}",
            display::scalar(n)
        )));
    }
    let n = n as u64;
    interp.rng.reseed(n);
    interp.last_seed = Some(n);
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use crate::builtins::numeric::testing::*;
    use crate::value::Value;

    fn seeded(n: u64) -> crate::eval::Interp {
        let mut i = interp();
        call_in(&mut i, TABLE, "seed", vec![s(n as f64)], 1).unwrap();
        i
    }

    #[test]
    fn randn_vectors_of_section_9() {
        let mut i = seeded(42);
        let x = call_in(&mut i, TABLE, "randn", vec![s(3.0)], 1).unwrap();
        assert!(matches!(x, Value::Vector(_)));
        assert_eq!(
            re(&x),
            [0.06942791836196335, 0.13293812199412544, 0.2625763573739537]
        );
        let mut i = seeded(42);
        let x = call_in(&mut i, TABLE, "randn", vec![s(2.0), s(3.0)], 1).unwrap();
        let a = arr(&x);
        assert_eq!(a.shape(), (2, 3));
        assert_eq!(a.get_re(0, 2), 0.2625763573739537);
        assert_eq!(a.get_re(1, 0), -0.22530087839099155);
        let mut i = seeded(0);
        let x = call_in(&mut i, TABLE, "randn", vec![], 1).unwrap();
        assert_eq!(x, s(0.7128130103834549));
    }

    #[test]
    fn scaled_matrix_of_the_seed_lesson() {
        let mut i = seeded(12);
        let h = call_in(&mut i, TABLE, "randn", vec![s(4.0), s(6.0)], 1).unwrap();
        let a = arr(&h);
        assert_eq!(a.get_re(0, 0) * 3.0 + 1.5, 1.3188665536325714);
        assert_eq!(a.get_re(0, 1) * 3.0 + 1.5, 2.8424774238583095);
    }

    #[test]
    fn rand_vectors_of_section_9() {
        let mut i = seeded(7);
        let x = call_in(&mut i, TABLE, "rand", vec![s(3.0)], 1).unwrap();
        assert_eq!(
            re(&x),
            [
                0.030317360865101284,
                0.3070862833742407,
                0.14264215670077252
            ]
        );
        let mut i = seeded(7);
        let a = call_in(&mut i, TABLE, "rand", vec![], 1).unwrap();
        let b = call_in(&mut i, TABLE, "rand", vec![], 1).unwrap();
        assert_eq!((a, b), (s(0.030317360865101284), s(0.3070862833742407)));
        let mut i = seeded(7);
        let x = call_in(&mut i, TABLE, "rand", vec![s(1.0), s(2.0)], 1).unwrap();
        assert!(matches!(&x, Value::Matrix(a) if a.shape() == (1, 2)));
    }

    #[test]
    fn book_embedding_first_row() {
        let mut i = seeded(42);
        let e = call_in(&mut i, TABLE, "randn", vec![s(8.0), s(6.0)], 1).unwrap();
        let row: Vec<String> = (0..6)
            .map(|j| format!("{:.6}", arr(&e).get_re(0, j) * 0.1))
            .collect();
        assert_eq!(
            row,
            [
                "0.006943",
                "0.013294",
                "0.026258",
                "-0.022530",
                "-0.066422",
                "-0.021539"
            ]
        );
    }

    #[test]
    fn randi_forms() {
        let mut i = seeded(1);
        let x = call_in(&mut i, TABLE, "randi", vec![s(10.0), s(5.0)], 1).unwrap();
        assert_eq!(re(&x), [5.0, 3.0, 8.0, 6.0, 3.0]);
        let mut i = seeded(1);
        let x = call_in(&mut i, TABLE, "randi", vec![s(10.0)], 1).unwrap();
        assert_eq!(x, s(5.0));
        let x = call_in(&mut i, TABLE, "randi", vec![v(&[4.0, 4.0]), s(3.0)], 1).unwrap();
        assert_eq!(re(&x), [4.0, 4.0, 4.0]);
        let x = call_in(&mut i, TABLE, "randi", vec![v(&[1.0]), s(2.0)], 1).unwrap();
        assert_eq!(re(&x), [1.0, 1.0]);
    }

    #[test]
    fn randi_errors() {
        assert_eq!(
            error(TABLE, "randi", vec![s(0.0)]),
            "type error: randi: lo (1) must be <= hi (0)"
        );
        assert_eq!(
            error(TABLE, "randi", vec![s(f64::NAN)]),
            "type error: randi: lo (1) must be <= hi (0)"
        );
        assert_eq!(
            error(TABLE, "randi", vec![v(&[])]),
            "type error: randi: expected randi(imax) or randi(imax, n) or randi([lo,hi], n)"
        );
        assert!(error(TABLE, "randi", vec![s(3.0), s(1e12)]).starts_with("limit exceeded"));
    }

    #[test]
    fn seed_records_and_clears_the_last_seed() {
        let mut i = interp();
        let r = call_in(&mut i, TABLE, "seed", vec![s(5.0)], 1).unwrap();
        assert_eq!((r, i.last_seed), (Value::None, Some(5)));
        call_in(&mut i, TABLE, "seed", vec![], 1).unwrap();
        assert_eq!(i.last_seed, None);
    }

    #[test]
    fn seed_errors() {
        assert_eq!(
            error(TABLE, "seed", vec![s(-1.0)]),
            "type error: seed: expected a non-negative integer, got -1"
        );
        assert_eq!(
            error(TABLE, "seed", vec![s(1.5)]),
            "type error: seed: expected a non-negative integer, got 1.5"
        );
        assert_eq!(
            error(TABLE, "seed", vec![s(f64::INFINITY)]),
            "type error: seed: expected a non-negative integer, got inf"
        );
        assert_eq!(
            error(TABLE, "seed", vec![s(1.0), s(2.0)]),
            "wrong number of arguments for 'seed': expected 0..1, got 2"
        );
    }

    #[test]
    fn random_sizes_are_capped() {
        assert!(error(TABLE, "randn", vec![s(1e6), s(1e6)]).starts_with("limit exceeded"));
        assert!(error(TABLE, "rand", vec![s(-2.0)]).contains("non-negative integer"));
    }
}
