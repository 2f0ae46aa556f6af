//! Tests of the format language: every rule and example of spec §11.2 and the formats the
//! course interpolates (`%.2f %.3f %.4f %.6f %.2e %.4e %.0f %d`).

use super::convert::{c_exponent, thousands};
use super::{Piece, parse, sprintf};
use crate::value::{C64, Value};

fn s(x: f64) -> Value {
    Value::Scalar(x)
}

fn fmt(format: &str, args: &[Value]) -> String {
    sprintf(format, args).unwrap_or_else(|e| format!("<{}>", e.message))
}

#[test]
fn escapes_and_percent_signs() {
    assert_eq!(fmt("a\\nb\\tc\\\\d", &[]), "a\nb\tc\\d");
    assert_eq!(fmt("keep \\q and \\", &[]), "keep \\q and \\");
    assert_eq!(fmt("100%%", &[]), "100%");
    assert_eq!(fmt("%d%%\\n", &[s(5.0)]), "5%\n");
}

#[test]
fn integers_truncate_toward_zero_in_full() {
    assert_eq!(fmt("%d", &[s(3.7)]), "3");
    assert_eq!(fmt("%i", &[s(-3.7)]), "-3");
    assert_eq!(fmt("%d", &[s(-0.5)]), "0");
    assert_eq!(fmt("%d", &[s(1e20)]), "100000000000000000000");
    assert_eq!(fmt("%d", &[s(f64::NAN)]), "NaN");
    assert_eq!(fmt("%d", &[s(f64::NEG_INFINITY)]), "-inf");
    assert_eq!(fmt("%d", &[Value::Bool(true)]), "1");
}

#[test]
fn fixed_point_rounds_exactly_with_ties_to_even() {
    assert_eq!(fmt("%f", &[s(std::f64::consts::PI)]), "3.141593");
    assert_eq!(fmt("%.0f", &[s(2.5)]), "2");
    assert_eq!(fmt("%.0f", &[s(3.5)]), "4");
    assert_eq!(fmt("%.2f", &[s(0.125)]), "0.12");
    assert_eq!(fmt("%.2f", &[s(0.375)]), "0.38");
    // 0.15 is slightly below the tie in binary, so exact rounding goes down.
    assert_eq!(fmt("%.1f", &[s(0.15)]), "0.1");
    assert_eq!(fmt("%.3f", &[s(0.4286)]), "0.429");
    assert_eq!(fmt("%.4f", &[s(3.0f64.ln())]), "1.0986");
    assert_eq!(fmt("%.6f", &[s(-1e-9)]), "-0.000000");
    assert_eq!(fmt("%.f", &[s(1.5)]), "1.500000");
}

#[test]
fn scientific_uses_c_exponents() {
    assert_eq!(fmt("%.2e", &[s(3.5355e-6)]), "3.54e-06");
    assert_eq!(fmt("%.2e", &[s(0.0)]), "0.00e+00");
    assert_eq!(fmt("%.2e", &[s(1.23e4)]), "1.23e+04");
    assert_eq!(fmt("%.4e", &[s(1.1e-11)]), "1.1000e-11");
    assert_eq!(fmt("%e", &[s(1e100)]), "1.000000e+100");
    assert_eq!(fmt("%e", &[s(f64::INFINITY)]), "inf");
    assert_eq!(c_exponent("1e-3"), "1e-03");
    assert_eq!(c_exponent("NaN"), "NaN");
}

#[test]
fn general_format_is_rustlabs_not_cs() {
    assert_eq!(fmt("%g", &[s(-0.5)]), "-0.5");
    assert_eq!(fmt("%g", &[s(1e-5)]), "1.000000e-5");
    assert_eq!(fmt("%g", &[s(123456789.0)]), "1.234568e8");
    assert_eq!(fmt("%g", &[s(100.0)]), "100");
    assert_eq!(fmt("%g", &[s(0.0)]), "0");
    assert_eq!(fmt("%g", &[s(0.0001)]), "0.0001");
    assert_eq!(fmt("%.0g", &[s(100.0)]), "100");
    assert_eq!(fmt("%.2g", &[s(2.0 / 3.0)]), "0.67");
}

#[test]
fn strings_and_type_errors() {
    assert_eq!(fmt("<%s>", &[Value::str("hi")]), "<hi>");
    assert_eq!(
        fmt("%s", &[s(1.0)]),
        "<format: '%s' needs a string, got scalar>"
    );
    assert_eq!(
        fmt("%d", &[Value::str("x")]),
        "<format: '%d' needs a real scalar, got string>"
    );
    let z = Value::Complex(C64::new(1.0, 2.0));
    assert_eq!(
        fmt("%f", &[z]),
        "<format: '%f' needs a real scalar, got complex>"
    );
    assert_eq!(
        fmt("%g", &[Value::None]),
        "<format: '%g' needs a real scalar, got none>"
    );
}

#[test]
fn width_flags_and_thousands() {
    assert_eq!(fmt("[%5d]", &[s(3.0)]), "[    3]");
    assert_eq!(fmt("[%-5d]", &[s(3.0)]), "[3    ]");
    assert_eq!(fmt("[%8.3f]", &[s(2.0)]), "[   2.000]");
    assert_eq!(fmt("[%-6s]", &[Value::str("ab")]), "[ab    ]");
    assert_eq!(
        fmt("[%+05d|%#d|% d]", &[s(5.0), s(6.0), s(7.0)]),
        "[    5|6|7]"
    );
    assert_eq!(fmt("%,.2f", &[s(12345.678)]), "12,345.68");
    assert_eq!(fmt("%,d", &[s(1234567.0)]), "1,234,567");
    assert_eq!(fmt("%,.1f", &[s(-1234.5)]), "-1,234.5");
    assert_eq!(fmt("%,d", &[s(999.0)]), "999");
    assert_eq!(thousands("+1234"), "+1,234");
    assert_eq!(thousands("NaN"), "NaN");
}

#[test]
fn arrays_supply_elements_and_the_format_repeats() {
    let v = Value::row(vec![1.0, 2.0, 3.0]);
    assert_eq!(fmt("%d,", std::slice::from_ref(&v)), "1,2,3,");
    let m = Value::matrix_rows(2, 2, vec![1.0, 2.0, 3.0, 4.0]);
    assert_eq!(fmt("%d ", &[m]), "1 3 2 4 ");
    assert_eq!(fmt("%d %d\\n", &[s(1.0), s(2.0), s(3.0)]), "1 2\n3 ");
    assert_eq!(fmt("x=%d;", &[s(1.0), v]), "x=1;x=1;x=2;x=3;");
    let names = Value::StrArray(vec!["a".to_string(), "b".to_string()].into());
    assert_eq!(fmt("%s.", &[names]), "a.b.");
    assert_eq!(fmt("no conversions", &[s(1.0), s(2.0)]), "no conversions");
}

#[test]
fn format_errors() {
    assert_eq!(
        fmt("%d %d", &[s(1.0)]),
        "<format: not enough arguments for '%d'>"
    );
    assert_eq!(fmt("%.3f", &[]), "<format: not enough arguments for '%f'>");
    assert_eq!(fmt("%q", &[s(1.0)]), "<format: unknown conversion '%q'>");
    assert_eq!(fmt("50%", &[]), "<format: trailing '%'>");
    assert_eq!(
        fmt("%-5", &[s(1.0)]),
        "<format: incomplete format specifier>"
    );
    assert_eq!(
        fmt("%99999d", &[s(1.0)]),
        "<format: width or precision 99999 is too large (at most 10000)>"
    );
    assert_eq!(
        fmt("%.123456789012345678901234567890f", &[s(1.0)]),
        "<format: width or precision 123456789012345678901234567890 is too large (at most 10000)>"
    );
}

#[test]
fn parse_splits_text_and_conversions() {
    let pieces = parse("a%%b%-3.2fc").unwrap();
    assert_eq!(pieces.len(), 3);
    assert_eq!(pieces[0], Piece::Text("a%b".to_string()));
    let Piece::Conversion(spec) = &pieces[1] else {
        panic!("{pieces:?}")
    };
    assert!(spec.left && !spec.commas);
    assert_eq!(
        (spec.width, spec.precision, spec.conversion),
        (3, Some(2), 'f')
    );
    assert_eq!(pieces[2], Piece::Text("c".to_string()));
}
