//! The arguments of a builtin call, with the checks every builtin needs: argument counts
//! (`wrong number of arguments for 'NAME': expected 1..2, got 3`), scalars, sizes, strings.

use crate::error::{LangError, LangResult};
use crate::value::Value;

/// Evaluated arguments and the number of outputs the caller asked for (1 for an ordinary
/// call, n for `[a, b, ...] = f(...)`).
#[derive(Clone, Debug)]
pub(crate) struct Args {
    pub name: &'static str,
    pub values: Vec<Value>,
    pub nargout: usize,
}

impl Args {
    pub(crate) fn new(name: &'static str, values: Vec<Value>, nargout: usize) -> Args {
        Args {
            name,
            values,
            nargout,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub(crate) fn get(&self, i: usize) -> Option<&Value> {
        self.values.get(i)
    }

    /// Argument `i`, taken out (`None` is left in its place), so that a builtin can reuse a
    /// temporary's memory; `arity` must have been checked.
    pub(crate) fn take(&mut self, i: usize) -> LangResult<Value> {
        let n = self.values.len();
        let slot = self.values.get_mut(i);
        slot.map(|v| std::mem::replace(v, Value::None))
            .ok_or_else(|| LangError::arity(self.name, i + 1, i + 1, n))
    }

    /// Fail unless `min <= len <= max`.
    pub(crate) fn arity(&self, min: usize, max: usize) -> LangResult<()> {
        let n = self.values.len();
        if n < min || n > max {
            return Err(LangError::arity(self.name, min, max, n));
        }
        Ok(())
    }

    /// Argument `i` (which must exist: check `arity` first).
    pub(crate) fn value(&self, i: usize) -> LangResult<&Value> {
        self.values
            .get(i)
            .ok_or_else(|| LangError::arity(self.name, i + 1, i + 1, self.values.len()))
    }

    /// Argument `i` as a real number (`expected scalar, got vector`).
    /// (A Scalar is read inline; everything else, and every error, out of line.)
    #[inline]
    pub(crate) fn f64(&self, i: usize) -> LangResult<f64> {
        match self.values.get(i) {
            Some(Value::Scalar(x)) => Ok(*x),
            _ => self.f64_other(i),
        }
    }

    #[cold]
    fn f64_other(&self, i: usize) -> LangResult<f64> {
        match self.value(i)? {
            Value::Scalar(x) => Ok(*x),
            Value::Bool(b) => Ok(f64::from(u8::from(*b))),
            other => Err(LangError::type_error(format!(
                "{}: expected scalar, got {}",
                self.name,
                other.type_name()
            ))),
        }
    }

    /// Argument `i` as a size or count: a finite non-negative integer.
    #[inline]
    pub(crate) fn size(&self, i: usize) -> LangResult<usize> {
        let x = self.f64(i)?;
        match whole_count(x) {
            Some(count) => Ok(count),
            None => Err(self.size_error(x)),
        }
    }

    #[cold]
    fn size_error(&self, x: f64) -> LangError {
        LangError::runtime(format!(
            "{}: size must be a non-negative integer, got {}",
            self.name,
            crate::display::scalar(x)
        ))
    }

    /// Argument `i` as a string (`expected string, got scalar`).
    pub(crate) fn str(&self, i: usize) -> LangResult<&str> {
        match self.value(i)? {
            Value::Str(s) => Ok(s),
            other => Err(LangError::type_error(format!(
                "{}: expected string, got {}",
                self.name,
                other.type_name()
            ))),
        }
    }
}

/// `x` as a count when it is a finite, non-negative whole number (saturating at `usize::MAX`,
/// as a cast does). Below 2^53 a number is whole when it survives the trip through an integer
/// (a conversion, not the C library's `trunc`); from 2^53 on every finite number is whole.
#[inline]
fn whole_count(x: f64) -> Option<usize> {
    const EVERY_FINITE_IS_WHOLE: f64 = 9_007_199_254_740_992.0;
    if (0.0..EVERY_FINITE_IS_WHOLE).contains(&x) {
        ((x as u64) as f64 == x).then_some(x as usize)
    } else {
        (x >= EVERY_FINITE_IS_WHOLE && x.is_finite()).then_some(x as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arity_errors_name_the_builtin() {
        let a = Args::new("zeros", vec![Value::Scalar(1.0); 3], 1);
        assert_eq!(
            a.arity(1, 2).unwrap_err().message,
            "wrong number of arguments for 'zeros': expected 1..2, got 3"
        );
    }

    #[test]
    fn sizes_must_be_whole_and_non_negative() {
        let a = Args::new("zeros", vec![Value::Scalar(-1.0), Value::Scalar(2.0)], 1);
        assert!(a.size(0).is_err());
        assert_eq!(a.size(1).unwrap(), 2);
        let s = Args::new("f", vec![Value::str("x")], 1);
        assert_eq!(
            s.f64(0).unwrap_err().message,
            "f: expected scalar, got string"
        );
    }

    #[test]
    fn whole_counts_are_the_finite_non_negative_integers() {
        let big = 2f64.powi(60);
        for (x, count) in [
            (0.0, Some(0)),
            (-0.0, Some(0)),
            (7.0, Some(7)),
            (big, Some(1 << 60)),
        ] {
            assert_eq!(whole_count(x), count, "{x}");
        }
        assert_eq!(whole_count(1e300), Some(usize::MAX));
        for x in [
            0.5,
            2.0f64.powi(51) + 0.5,
            -1.0,
            -0.5,
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(whole_count(x), None, "{x}");
        }
        let message = Args::new("ones", vec![Value::Scalar(2.5)], 1)
            .size(0)
            .unwrap_err()
            .message;
        assert_eq!(
            message,
            "ones: size must be a non-negative integer, got 2.5"
        );
    }
}
