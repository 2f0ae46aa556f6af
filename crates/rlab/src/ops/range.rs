//! Ranges `start:stop` and `start:step:stop` (spec §4.1, §15): a Vector built by repeated
//! addition (`cur += step` from `start`) while `cur <= stop + |step|·1e-10` (mirrored for a
//! negative step), exactly as rustlab does, so `0:0.1:1` has 11 elements ending in
//! `0.9999999999999999`. A wrong direction or a NaN bound gives an empty Vector.
//!
//! Unlike rustlab, a range never runs away: its length is estimated and checked against the
//! allocation cap before anything is allocated (`1:1e12`, `1:Inf` fail cleanly), and a step
//! too small to move `cur` at all is reported instead of looping forever.

use crate::error::{LangError, LangResult};
use crate::limits;
use crate::value::Value;

/// `start:step:stop` as a Vector.
pub(crate) fn range(start: f64, step: f64, stop: f64) -> LangResult<Value> {
    let mut values = Vec::new();
    range_into(start, step, stop, &mut values)?;
    Ok(Value::row(values))
}

/// `start:step:stop`'s elements in `values` (emptied first, its allocation reused): what
/// compiled loops iterate over without building a Value.
pub(crate) fn range_into(
    start: f64,
    step: f64,
    stop: f64,
    values: &mut Vec<f64>,
) -> LangResult<()> {
    values.clear();
    if step == 0.0 {
        return Err(LangError::runtime("range step cannot be zero"));
    }
    let slack = step.abs() * 1e-10;
    let keep_going = |cur: f64| {
        if step > 0.0 {
            cur <= stop + slack
        } else {
            cur >= stop - slack
        }
    };
    if !keep_going(start) {
        return Ok(());
    }
    let estimate = estimated_len(start, step, stop + slack.copysign(step));
    limits::check_real(1, estimate)?;
    // One spare slot: rounding in the repeated addition can add an element.
    values.reserve(estimate.saturating_add(1));
    let mut cur = start;
    while keep_going(cur) {
        if values.len() >= estimate {
            grow_or_fail(values.len(), estimate, cur, step)?;
        }
        values.push(cur);
        cur += step;
    }
    Ok(())
}

/// How many elements `start, start+step, ...` up to `end` has in exact arithmetic;
/// saturates for infinite or enormous ranges (which then fail the cap).
fn estimated_len(start: f64, step: f64, end: f64) -> usize {
    let steps = ((end - start) / step).floor();
    if steps.is_finite() && steps < (usize::MAX / 2) as f64 {
        steps as usize + 1
    } else {
        usize::MAX
    }
}

/// Called when repeated addition has produced more elements than estimated. Rounding can
/// make a range up to about twice as long as its exact count (a step just under 1.5 ulp of
/// `cur` rounds to 1 ulp); beyond that `cur` is not moving and the range would never end.
fn grow_or_fail(len: usize, estimate: usize, cur: f64, step: f64) -> LangResult<()> {
    if cur + step == cur || len >= estimate.saturating_mul(2).saturating_add(16) {
        return Err(LangError::limit(format!(
            "range does not advance: adding step {step} to {cur} leaves it (nearly) unchanged"
        )));
    }
    limits::check_real(1, len + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::limits::AllocScope;

    fn elements(v: Value) -> Vec<f64> {
        v.as_array().map(|a| a.to_re_vec()).unwrap_or_default()
    }

    #[test]
    fn integer_ranges() {
        assert_eq!(
            elements(range(1.0, 1.0, 5.0).unwrap()),
            vec![1.0, 2.0, 3.0, 4.0, 5.0]
        );
        assert_eq!(elements(range(1.0, 2.0, 6.0).unwrap()), vec![1.0, 3.0, 5.0]);
        assert_eq!(
            elements(range(3.0, -1.0, 1.0).unwrap()),
            vec![3.0, 2.0, 1.0]
        );
        assert_eq!(elements(range(1.0, 0.5, 2.0).unwrap()), vec![1.0, 1.5, 2.0]);
        assert_eq!(elements(range(2.0, 1.0, 2.0).unwrap()), vec![2.0]);
    }

    #[test]
    fn ranges_are_built_by_repeated_addition() {
        let r = elements(range(0.0, 0.1, 1.0).unwrap());
        assert_eq!(r.len(), 11);
        assert_eq!(r[3], 0.30000000000000004);
        assert_eq!(r[10], 0.9999999999999999);
        let down = elements(range(1.0, -0.1, 0.0).unwrap());
        assert_eq!(down.len(), 11);
    }

    #[test]
    fn wrong_direction_and_nan_give_empty_vectors() {
        let empty = Value::row(Vec::new());
        assert_eq!(range(5.0, 1.0, 1.0).unwrap(), empty);
        assert_eq!(range(1.0, -1.0, 5.0).unwrap(), empty);
        assert_eq!(range(f64::NAN, 1.0, 5.0).unwrap(), empty);
        assert_eq!(range(1.0, 1.0, f64::NAN).unwrap(), empty);
        assert_eq!(range(1.0, f64::NAN, 5.0).unwrap(), empty);
    }

    #[test]
    fn zero_step_is_an_error() {
        let err = range(1.0, 0.0, 5.0).unwrap_err();
        assert_eq!(err.message, "range step cannot be zero");
        assert_eq!(err.kind, ErrorKind::Runtime);
    }

    #[test]
    fn huge_and_infinite_ranges_fail_before_allocating() {
        let err = range(1.0, 1.0, 1e12).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Limit);
        assert!(
            err.message
                .starts_with("allocation of 1×1000000000000 elements")
        );
        assert_eq!(
            range(1.0, 1.0, f64::INFINITY).unwrap_err().kind,
            ErrorKind::Limit
        );
        assert_eq!(
            range(1.0, f64::INFINITY, 5.0).unwrap_err().kind,
            ErrorKind::Limit
        );
        let _cap = AllocScope::new(8 * 20);
        assert!(range(1.0, 1.0, 20.0).is_ok());
        assert_eq!(range(1.0, 1.0, 21.0).unwrap_err().kind, ErrorKind::Limit);
        assert_eq!(range(1.0, 1.0, 100.0).unwrap_err().kind, ErrorKind::Limit);
    }

    #[test]
    fn a_step_that_cannot_move_is_reported() {
        let err = range(1e16, 1.0, 1e16 + 10.0).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Limit);
        assert!(err.message.starts_with("range does not advance"));
    }

    #[test]
    fn estimates_cover_the_count() {
        assert_eq!(estimated_len(1.0, 1.0, 5.0), 5);
        assert_eq!(estimated_len(0.0, 0.1, 1.0 + 1e-11), 11);
        assert_eq!(estimated_len(1.0, 1.0, f64::INFINITY), usize::MAX);
        assert_eq!(estimated_len(0.0, 1.0, 1e300), usize::MAX);
    }

    #[test]
    fn growth_beyond_the_estimate_is_bounded() {
        assert!(grow_or_fail(10, 10, 5.0, 1.0).is_ok());
        assert!(grow_or_fail(36, 10, 5.0, 1.0).is_err());
        assert!(grow_or_fail(10, 10, 1e16, 1.0).is_err());
    }
}
