//! Number-aware comparison of printed text: words and spacing must match exactly, numbers
//! must agree within `|a - b| <= atol + rtol·|b|`, and a number printed with a fixed number of
//! decimals (`0.566235`) also matches within 1.5 units of its last printed digit. This is the
//! rule of `numcmp.py` in the shared seed, and the drift check of the record.
//!
//! Lines are compared pairwise in order; each difference names the line, and for numbers the
//! two values and their relative difference.

use std::fmt;

pub use crate::config::Tolerance;

/// One line that does not match.
#[derive(Clone, Debug, PartialEq)]
pub enum LineDiff {
    /// Same words, but a number moved beyond the tolerance (the first such number).
    Number {
        line: usize,
        expected: String,
        actual: String,
        rel: f64,
    },
    /// The words differ.
    Text {
        line: usize,
        expected: String,
        actual: String,
    },
    /// An expected line has no counterpart.
    Missing { line: usize, expected: String },
    /// Output has more lines than expected.
    Extra { line: usize, actual: String },
}

impl fmt::Display for LineDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineDiff::Number {
                line,
                expected,
                actual,
                rel,
            } => write!(f, "line {line}: {expected} → {actual} (rel {rel:.1e})"),
            LineDiff::Text {
                line,
                expected,
                actual,
            } => write!(
                f,
                "line {line}:\n  expected: {expected}\n  actual:   {actual}"
            ),
            LineDiff::Missing { line, expected } => {
                write!(f, "line {line}: missing (expected: {expected})")
            }
            LineDiff::Extra { line, actual } => write!(f, "line {line}: extra output: {actual}"),
        }
    }
}

/// Compare two lists of lines pairwise.
pub fn compare_lines(expected: &[&str], actual: &[&str], tol: Tolerance) -> Vec<LineDiff> {
    let mut diffs = Vec::new();
    for (i, e) in expected.iter().enumerate() {
        let line = i + 1;
        match actual.get(i) {
            None => diffs.push(LineDiff::Missing {
                line,
                expected: e.to_string(),
            }),
            Some(a) => diffs.extend(compare_line(line, e, a, tol)),
        }
    }
    for (i, a) in actual.iter().enumerate().skip(expected.len()) {
        diffs.push(LineDiff::Extra {
            line: i + 1,
            actual: a.to_string(),
        });
    }
    diffs
}

/// Compare one line; `None` when it matches.
pub fn compare_line(line: usize, expected: &str, actual: &str, tol: Tolerance) -> Option<LineDiff> {
    let (e, a) = (expected.trim_end(), actual.trim_end());
    if e == a {
        return None;
    }
    let text = || LineDiff::Text {
        line,
        expected: e.to_string(),
        actual: a.to_string(),
    };
    let (te, ta) = (tokens(e), tokens(a));
    if te.len() != ta.len() {
        return Some(text());
    }
    for (x, y) in te.iter().zip(&ta) {
        if x == y {
            continue;
        }
        match (parse_number(x), parse_number(y)) {
            (Some(fx), Some(fy)) => {
                if !numbers_match(x, fx, fy, tol) {
                    return Some(LineDiff::Number {
                        line,
                        expected: x.to_string(),
                        actual: y.to_string(),
                        rel: relative(fx, fy),
                    });
                }
            }
            _ => return Some(text()),
        }
    }
    None
}

/// `|a - b| / |b|` (or `|a - b|` when b is 0).
pub fn relative(expected: f64, actual: f64) -> f64 {
    let d = (actual - expected).abs();
    if expected == 0.0 {
        d
    } else {
        d / expected.abs()
    }
}

/// Whether `actual` is an acceptable rendering of the number printed as `text` (= `expected`).
pub fn numbers_match(text: &str, expected: f64, actual: f64, tol: Tolerance) -> bool {
    if let Some(decimals) = fixed_decimals(text)
        && decimals <= 8
        && (expected - actual).abs() <= 1.5 * 10f64.powi(-(decimals as i32))
    {
        return true;
    }
    (expected - actual).abs() <= tol.atol + tol.rtol * expected.abs()
}

/// Decimals of a fixed-point number text (`0.566235` → 6); `None` for integers or exponents.
fn fixed_decimals(text: &str) -> Option<usize> {
    if text.contains(['e', 'E']) {
        return None;
    }
    text.split_once('.').map(|(_, frac)| frac.len())
}

/// Split into alternating words and separators: whitespace runs and `[ ] ( ) , | × :` are
/// separate tokens, so spacing and punctuation must match exactly.
pub fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let sep_kind = separator_kind(c);
        if sep_kind == 0 {
            continue;
        }
        if start < i {
            out.push(&line[start..i]);
        }
        let mut end = i + c.len_utf8();
        if sep_kind == 1 {
            while let Some(&(j, d)) = chars.peek() {
                if separator_kind(d) != 1 {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
        }
        out.push(&line[i..end]);
        start = end;
    }
    if start < line.len() {
        out.push(&line[start..]);
    }
    out
}

/// 0: part of a word; 1: whitespace (runs merge); 2: single punctuation token.
fn separator_kind(c: char) -> u8 {
    if c.is_whitespace() {
        1
    } else if matches!(c, '[' | ']' | '(' | ')' | ',' | '|' | '×' | ':') {
        2
    } else {
        0
    }
}

/// A plain decimal number (`-1.5`, `.5`, `3.`, `2e-5`); `NaN`/`inf` are words.
pub fn parse_number(text: &str) -> Option<f64> {
    let body = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(k) => (&body[..k], Some(&body[k + 1..])),
        None => (body, None),
    };
    let digits_ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((int, frac)) => {
            (digits_ok(int) && (frac.is_empty() || digits_ok(frac)))
                || (int.is_empty() && digits_ok(frac))
        }
        None => digits_ok(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| digits_ok(e.strip_prefix(['-', '+']).unwrap_or(e)));
    if mantissa_ok && exponent_ok {
        text.parse().ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOL: Tolerance = Tolerance {
        rtol: 1e-9,
        atol: 1e-12,
    };

    #[test]
    fn identical_and_within_tolerance_lines_match() {
        assert_eq!(compare_line(1, "x: 1.5", "x: 1.5", TOL), None);
        assert_eq!(
            compare_line(
                1,
                "a 0.0000002401454556791171",
                "a 0.00000024014545567911705",
                TOL
            ),
            None
        );
        assert_eq!(
            compare_line(
                1,
                "[1×2]  0.566235  -0.000000",
                "[1×2]  0.566236  0.000000",
                TOL
            ),
            None
        );
    }

    #[test]
    fn moved_numbers_are_reported_with_relative_error() {
        let d = compare_line(57, "s 6.0085136977", "s 6.0085139001", TOL).unwrap();
        match d {
            LineDiff::Number {
                line,
                expected,
                actual,
                rel,
            } => {
                assert_eq!(
                    (line, expected.as_str(), actual.as_str()),
                    (57, "6.0085136977", "6.0085139001")
                );
                assert!((rel - 3.37e-8).abs() < 1e-9);
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn words_and_spacing_must_match() {
        assert!(matches!(
            compare_line(1, "a  1", "a 1", TOL),
            Some(LineDiff::Text { .. })
        ));
        assert!(matches!(
            compare_line(1, "max 1", "min 1", TOL),
            Some(LineDiff::Text { .. })
        ));
        assert!(matches!(
            compare_line(1, "NaN", "inf", TOL),
            Some(LineDiff::Text { .. })
        ));
    }

    #[test]
    fn missing_and_extra_lines() {
        let d = compare_lines(&["a", "b"], &["a"], TOL);
        assert_eq!(
            d,
            vec![LineDiff::Missing {
                line: 2,
                expected: "b".into()
            }]
        );
        let d = compare_lines(&["a"], &["a", "c"], TOL);
        assert_eq!(
            d,
            vec![LineDiff::Extra {
                line: 2,
                actual: "c".into()
            }]
        );
    }

    #[test]
    fn tokenizer_and_number_grammar() {
        assert_eq!(
            tokens("[1×3]  a,b"),
            vec!["[", "1", "×", "3", "]", "  ", "a", ",", "b"]
        );
        for good in ["1", "-1.5", ".5", "3.", "2e-5", "+1E+3"] {
            assert!(parse_number(good).is_some(), "{good}");
        }
        for bad in ["NaN", "inf", "1.2.3", "e5", "-", "1e", "0x10"] {
            assert!(parse_number(bad).is_none(), "{bad}");
        }
    }
}
