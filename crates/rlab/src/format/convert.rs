//! Rendering one conversion of the format language (spec §11.2): `%d %i` (truncated toward
//! zero, printed in full), `%f` (Rust fixed point: exact decimal rounding, ties to even),
//! `%e` (Rust scientific with the exponent normalised to C style, `e+04`), `%g` (rustlab's
//! own rule, not C's), `%s`; then thousands separators (`,` flag) and padding to the width
//! (`-` flag pads on the right).

use super::{Item, Spec};
use crate::display;
use crate::error::{LangError, LangResult};

const DEFAULT_PRECISION: usize = 6;

/// The text of `item` converted by `spec`, padded to the width.
pub(super) fn render(spec: &Spec, item: &Item) -> LangResult<String> {
    let body = match spec.conversion {
        's' => text(spec, item)?.to_string(),
        conversion => {
            let x = number(spec, item)?;
            let p = spec.precision.unwrap_or(DEFAULT_PRECISION);
            let digits = match conversion {
                'd' | 'i' => integer(x),
                'f' => format!("{x:.p$}"),
                'e' => c_exponent(&format!("{x:.p$e}")),
                _ => general(x, p),
            };
            if spec.commas {
                thousands(&digits)
            } else {
                digits
            }
        }
    };
    Ok(pad(spec, body))
}

fn number(spec: &Spec, item: &Item) -> LangResult<f64> {
    match item {
        Item::Number(x, _) => Ok(*x),
        Item::Text(_) => Err(wrong_type(spec, "string")),
        Item::Unusable(type_name) => Err(wrong_type(spec, type_name)),
    }
}

fn text<'a>(spec: &Spec, item: &Item<'a>) -> LangResult<&'a str> {
    match item {
        Item::Text(s) => Ok(s),
        Item::Number(_, type_name) | Item::Unusable(type_name) => Err(wrong_type(spec, type_name)),
    }
}

fn wrong_type(spec: &Spec, got: &str) -> LangError {
    let wanted = if spec.conversion == 's' {
        "a string"
    } else {
        "a real scalar"
    };
    LangError::runtime(format!(
        "format: '%{}' needs {wanted}, got {got}",
        spec.conversion
    ))
}

/// `%d`: truncated toward zero, every digit printed (`1e20` gives 21 digits); `-0` prints
/// as `0`; NaN and infinities as the display does.
fn integer(x: f64) -> String {
    if !x.is_finite() {
        return display::scalar(x);
    }
    let t = x.trunc();
    let t = if t == 0.0 { 0.0 } else { t };
    format!("{t:.0}")
}

/// Rust's `1.23e4` / `3.54e-6` as C writes them: `1.23e+04`, `3.54e-06`.
pub(super) fn c_exponent(rust: &str) -> String {
    let Some((mantissa, exponent)) = rust.split_once('e') else {
        return rust.to_string();
    };
    let (sign, digits) = match exponent.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exponent),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

/// `%g` (rustlab's rule): for 0 and 1e-4 <= |x| < 1e6 fixed point with trailing zeros and
/// a trailing `.` removed; otherwise Rust scientific without exponent normalisation.
fn general(x: f64, p: usize) -> String {
    let magnitude = x.abs();
    if x == 0.0 || (1e-4..1e6).contains(&magnitude) {
        let fixed = format!("{x:.p$}");
        if fixed.contains('.') {
            fixed
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string()
        } else {
            fixed
        }
    } else {
        format!("{x:.p$e}")
    }
}

/// Thousands separators in the leading run of digits: `-12345.68` → `-12,345.68`.
pub(super) fn thousands(s: &str) -> String {
    let unsigned = s.trim_start_matches(['-', '+']);
    let sign = &s[..s.len() - unsigned.len()];
    let int_len = unsigned.chars().take_while(char::is_ascii_digit).count();
    let (int_part, rest) = unsigned.split_at(int_len);
    let mut grouped = String::with_capacity(s.len() + int_len / 3);
    for (k, digit) in int_part.chars().enumerate() {
        if k > 0 && (int_len - k) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped}{rest}")
}

fn pad(spec: &Spec, body: String) -> String {
    let w = spec.width;
    if spec.left {
        format!("{body:<w$}")
    } else {
        format!("{body:>w$}")
    }
}
