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
    pub(crate) fn f64(&self, i: usize) -> LangResult<f64> {
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
    pub(crate) fn size(&self, i: usize) -> LangResult<usize> {
        let x = self.f64(i)?;
        if !x.is_finite() || x < 0.0 || x.fract() != 0.0 {
            return Err(LangError::runtime(format!(
                "{}: size must be a non-negative integer, got {}",
                self.name,
                crate::display::scalar(x)
            )));
        }
        Ok(x as usize)
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
}
