//! The Q-format value (`qfmt`): word and fraction bits, a rounding mode and an overflow
//! mode; how it snaps a number to its grid; its display
//! `QFmt<16-bit Q0.15, round=round_even, overflow=saturate>` and its fields.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{Obj, Object, Value};
use std::any::Any;

/// How a scaled value becomes an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Round {
    /// Toward −∞ (drop the LSBs; the hardware default).
    Floor,
    /// Toward +∞.
    Ceil,
    /// Toward zero.
    Zero,
    /// Nearest, halves away from zero.
    Nearest,
    /// Nearest, halves to the even neighbour (convergent).
    Even,
}

impl Round {
    fn parse(s: &str) -> Option<Round> {
        Some(match s {
            "floor" => Round::Floor,
            "ceil" => Round::Ceil,
            "zero" => Round::Zero,
            "round" => Round::Nearest,
            "round_even" => Round::Even,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Round::Floor => "floor",
            Round::Ceil => "ceil",
            Round::Zero => "zero",
            Round::Nearest => "round",
            Round::Even => "round_even",
        }
    }

    fn apply(self, x: f64) -> f64 {
        match self {
            Round::Floor => x.floor(),
            Round::Ceil => x.ceil(),
            Round::Zero => x.trunc(),
            Round::Nearest => x.round(),
            Round::Even => x.round_ties_even(),
        }
    }
}

/// What happens to an integer outside the word's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overflow {
    Saturate,
    /// Two's-complement wrap-around.
    Wrap,
}

impl Overflow {
    fn parse(s: &str) -> Option<Overflow> {
        match s {
            "saturate" => Some(Overflow::Saturate),
            "wrap" => Some(Overflow::Wrap),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Overflow::Saturate => "saturate",
            Overflow::Wrap => "wrap",
        }
    }
}

/// A signed fixed-point format: `word` bits in all (sign included), `frac` of them after
/// the binary point. Representable: `[-2^(word-1-frac), 2^(word-1-frac) - 2^-frac]`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct QFmt {
    pub word: u32,
    pub frac: u32,
    pub round: Round,
    pub overflow: Overflow,
}

impl QFmt {
    /// The value nearest `x` on the format's grid (by its rounding and overflow modes).
    /// NaN stays NaN; ±Inf saturate to the ends of the range (in either overflow mode, as
    /// an infinite integer has no wrapped value).
    pub(crate) fn quantize(&self, x: f64) -> f64 {
        if x.is_nan() {
            return f64::NAN;
        }
        let scale = (self.frac as f64).exp2();
        let lo = -((self.word - 1) as f64).exp2();
        let hi = ((self.word - 1) as f64).exp2() - 1.0;
        let n = self.round.apply(x * scale);
        let bounded = if !n.is_finite() || self.overflow == Overflow::Saturate {
            n.clamp(lo, hi)
        } else {
            let range = (self.word as f64).exp2();
            (n - lo).rem_euclid(range) + lo
        };
        // `+ 0.0` turns −0 (a negative value rounded to zero) into 0.
        bounded / scale + 0.0
    }
}

impl Object for QFmt {
    fn type_name(&self) -> &'static str {
        "qfmt"
    }

    fn display(&self) -> String {
        format!(
            "QFmt<{}-bit Q{}.{}, round={}, overflow={}>",
            self.word,
            self.word - 1 - self.frac,
            self.frac,
            self.round.name(),
            self.overflow.name()
        )
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    /// `fmt.word_bits`, `fmt.frac_bits`, `fmt.int_bits`, `fmt.round_mode`,
    /// `fmt.overflow_mode`, `fmt.lsb`, `fmt.min`, `fmt.max`.
    fn field(&self, name: &str) -> Option<Value> {
        let scale = (self.frac as f64).exp2();
        Some(match name {
            "word_bits" => Value::Scalar(self.word as f64),
            "frac_bits" => Value::Scalar(self.frac as f64),
            "int_bits" => Value::Scalar((self.word - 1 - self.frac) as f64),
            "round_mode" => Value::str(self.round.name()),
            "overflow_mode" => Value::str(self.overflow.name()),
            "lsb" => Value::Scalar(1.0 / scale),
            "min" => Value::Scalar(-((self.word - 1) as f64).exp2() / scale),
            "max" => Value::Scalar((((self.word - 1) as f64).exp2() - 1.0) / scale),
            _ => return None,
        })
    }

    fn same(&self, other: &dyn Object) -> bool {
        other.as_any().downcast_ref::<QFmt>() == Some(self)
    }
}

/// A whole number of bits from argument `i`.
fn bits(args: &Args, i: usize, what: &str) -> LangResult<u32> {
    let x = args.f64(i)?;
    if !x.is_finite() || x.fract() != 0.0 || !(0.0..=64.0).contains(&x) {
        return Err(LangError::runtime(format!(
            "qfmt: {what} must be a whole number of bits, got {}",
            crate::display::scalar(x)
        )));
    }
    Ok(x as u32)
}

/// `qfmt(word_bits, frac_bits[, round_mode[, overflow_mode]])`.
pub(super) fn qfmt(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 4)?;
    let word = bits(&args, 0, "word_bits")?;
    let frac = bits(&args, 1, "frac_bits")?;
    if !(2..=32).contains(&word) {
        return Err(LangError::runtime(format!(
            "qfmt: word_bits must be in 2..32, got {word}"
        )));
    }
    if frac >= word {
        return Err(LangError::runtime(format!(
            "qfmt: frac_bits ({frac}) must be < word_bits ({word})"
        )));
    }
    let round = match args.get(2) {
        None => Round::Floor,
        Some(_) => {
            let s = args.str(2)?;
            Round::parse(s).ok_or_else(|| {
                LangError::runtime(format!(
                    "qfmt: unknown rounding mode '{s}'; valid: floor, ceil, zero, round, round_even"
                ))
            })?
        }
    };
    let overflow = match args.get(3) {
        None => Overflow::Saturate,
        Some(_) => {
            let s = args.str(3)?;
            Overflow::parse(s).ok_or_else(|| {
                LangError::runtime(format!(
                    "qfmt: unknown overflow mode '{s}'; valid: saturate, wrap"
                ))
            })?
        }
    };
    Ok(Value::Object(Obj::new(QFmt {
        word,
        frac,
        round,
        overflow,
    })))
}

/// Argument `i` as a Q format (`quantize: expected qfmt spec (from qfmt()), got scalar`).
pub(super) fn fmt_arg(args: &Args, i: usize) -> LangResult<&QFmt> {
    let v = args.value(i)?;
    if let Value::Object(o) = v.plain()
        && let Some(q) = o.downcast::<QFmt>()
    {
        return Ok(q);
    }
    Err(LangError::type_error(format!(
        "{}: expected qfmt spec (from qfmt()), got {}",
        args.name,
        v.type_name()
    )))
}
