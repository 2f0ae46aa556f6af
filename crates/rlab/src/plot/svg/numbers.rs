//! Tick numbers as people read them: "nice" steps (1, 2, 5 × 10ⁿ), values with as many
//! decimals as the step needs, compact exponents for very large or small magnitudes, and
//! Unicode superscripts for the decades of log axes. Pure functions, the same text on every
//! run.

/// A "nice" step (1, 2 or 5 times a power of ten) of at least `raw`.
pub(crate) fn nice_step(raw: f64) -> f64 {
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let exponent = raw.log10().floor();
    let base = 10f64.powf(exponent);
    let fraction = raw / base;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    let step = nice * base;
    if step > 0.0 && step.is_finite() {
        step
    } else {
        1.0
    }
}

/// A tick value with as many decimals as the step needs: `0.25`, `10`, `-3.5`, `2e6`.
pub(crate) fn format_number(value: f64, step: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    let step = step.abs();
    let magnitude = value.abs();
    if magnitude >= 1e6 || (magnitude > 0.0 && magnitude < 1e-4) || step < 1e-5 {
        return compact_exponent(value);
    }
    let decimals = if step >= 1.0 || step == 0.0 {
        0
    } else {
        (-(step.log10() + 1e-9).floor()).clamp(0.0, 12.0) as usize
    };
    let text = format!("{value:.decimals$}");
    if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        format!("{:.decimals$}", 0.0)
    } else {
        text
    }
}

/// A value with at most four significant digits and no trailing zeros: `2`, `0.3`, `2.5e7`.
pub(crate) fn short_number(value: f64) -> String {
    let magnitude = value.abs();
    if magnitude >= 1e6 || (magnitude > 0.0 && magnitude < 1e-4) {
        return compact_exponent(value);
    }
    let rounded: f64 = format!("{value:.3e}").parse().unwrap_or(value);
    format!("{rounded}")
}

/// `1.5e-5`, `2e6`: three significant decimals at most, trailing zeros dropped.
fn compact_exponent(value: f64) -> String {
    if value == 0.0 {
        return "0".to_string();
    }
    let text = format!("{value:.3e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) => {
            let mantissa = if mantissa.contains('.') {
                mantissa.trim_end_matches('0').trim_end_matches('.')
            } else {
                mantissa
            };
            format!("{mantissa}e{exponent}")
        }
        None => text,
    }
}

/// An integer in Unicode superscript digits: `-6` → `⁻⁶`.
pub(crate) fn superscript(n: i64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::new();
    if n < 0 {
        out.push('⁻');
    }
    for c in n.unsigned_abs().to_string().chars() {
        let digit = c.to_digit(10).unwrap_or(0) as usize;
        out.push(DIGITS[digit % 10]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_format_by_step() {
        assert_eq!(format_number(0.30000000000000004, 0.1), "0.3");
        assert_eq!(format_number(-0.0, 0.5), "0.0");
        assert_eq!(format_number(-0.01, 1.0), "0");
        assert_eq!(format_number(-0.00001, 0.1), "-1e-5");
        assert_eq!(format_number(2_000_000.0, 500_000.0), "2e6");
        assert_eq!(format_number(12.5, 0.5), "12.5");
        assert_eq!(short_number(0.30000000000000004), "0.3");
        assert_eq!(short_number(2.5e7), "2.5e7");
        assert_eq!(format_number(1.5e-5, 5e-6), "1.5e-5");
        assert_eq!(format_number(f64::NAN, 1.0), "");
        assert_eq!(nice_step(0.0), 1.0);
        assert_eq!(nice_step(0.13), 0.2);
        assert_eq!(nice_step(3.0), 5.0);
        assert_eq!(nice_step(7.0), 10.0);
    }

    #[test]
    fn superscripts_cover_signs_and_digits() {
        assert_eq!(superscript(-12), "⁻¹²");
        assert_eq!(superscript(0), "⁰");
        assert_eq!(superscript(305), "³⁰⁵");
    }
}
