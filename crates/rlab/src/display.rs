//! The display text of every value kind (spec §8.1), byte-exact with rustlab. This is the
//! one place that formats values for `print`, `disp`, bare expression statements, script echo
//! and `${expr}` interpolation; no caller formats values on its own.
//!
//! Scalars use Rust's `f64` Display (shortest round-trip digits, never an exponent); array
//! elements use `{:.6}`; there is no column alignment anywhere.

use super::value::{C64, IntArray, IntKind, NumArray, Value};

/// How many elements or rows a display shows before eliding the rest.
const SHOWN: usize = 8;

/// A real number as rustlab prints it: `3`, `0.30000000000000004`, `0.0000001`, `-0`,
/// `NaN`, `inf`, `-inf`.
pub fn scalar(x: f64) -> String {
    format!("{x}")
}

/// A complex number: `3+4j`, `3-4j` (both parts in scalar display).
pub fn complex(z: C64) -> String {
    if z.im >= 0.0 {
        format!("{}+{}j", scalar(z.re), scalar(z.im))
    } else {
        format!("{}{}j", scalar(z.re), scalar(z.im))
    }
}

/// One array element: `{:.6}` of the real part when `|im| < 1e-12`, else both parts.
pub fn element(z: C64) -> String {
    if z.im.abs() < 1e-12 {
        format!("{:.6}", z.re)
    } else if z.im >= 0.0 {
        format!("{:.6}+{:.6}j", z.re, z.im)
    } else {
        format!("{:.6}{:.6}j", z.re, z.im)
    }
}

/// `[1×N]  e1  e2 ... (N total)`.
pub fn vector(a: &NumArray) -> String {
    let n = a.len();
    let mut out = format!("[1×{n}]");
    for z in a.iter_c().take(SHOWN) {
        out.push_str("  ");
        out.push_str(&element(z));
    }
    if n > SHOWN {
        out.push_str(&format!("  ... ({n} total)"));
    }
    out
}

/// `Matrix(RxC)` then one `  [a, b, ...]` line per shown row.
pub fn matrix(a: &NumArray) -> String {
    matrix_with(a, element)
}

/// [`matrix`] with the elements written by `cell`.
fn matrix_with(a: &NumArray, cell: impl Fn(C64) -> String) -> String {
    let (rows, cols) = a.shape();
    let mut out = format!("Matrix({rows}x{cols})");
    for r in 0..rows.min(SHOWN) {
        let cells: Vec<String> = (0..cols.min(SHOWN)).map(|c| cell(a.get(r, c))).collect();
        out.push_str("\n  [");
        out.push_str(&cells.join(", "));
        if cols > SHOWN {
            out.push_str(", ...");
        }
        out.push(']');
    }
    if rows > SHOWN {
        out.push_str(&format!("\n  ... ({rows} rows total)"));
    }
    out
}

/// An integer value: a scalar as its digits (`127`), a Vector as `[1×3]  15  25  35`, a
/// Matrix as `Matrix(2x2)` rows `[1, 3]`, each element written by `cell`; the same
/// elision as real arrays.
pub fn integer(a: &IntArray, cell: impl Fn(i128) -> String) -> String {
    match a.kind {
        IntKind::Scalar => cell(a.get(0)),
        IntKind::Vector => {
            let n = a.len();
            let mut out = format!("[1×{n}]");
            for x in a.values().take(SHOWN) {
                out.push_str("  ");
                out.push_str(&cell(x));
            }
            if n > SHOWN {
                out.push_str(&format!("  ... ({n} total)"));
            }
            out
        }
        IntKind::Matrix => {
            let mut out = format!("Matrix({}x{})", a.rows, a.cols);
            for r in 0..a.rows.min(SHOWN) {
                let cells: Vec<String> = (0..a.cols.min(SHOWN))
                    .map(|c| cell(a.get(r * a.cols + c)))
                    .collect();
                out.push_str(&format!("\n  [{}", cells.join(", ")));
                out.push_str(if a.cols > SHOWN { ", ...]" } else { "]" });
            }
            if a.rows > SHOWN {
                out.push_str(&format!("\n  ... ({} rows total)", a.rows));
            }
            out
        }
    }
}

/// `{1×2} "a", "b"`.
pub fn string_array(items: &[String]) -> String {
    let n = items.len();
    let shown: Vec<String> = items
        .iter()
        .take(SHOWN)
        .map(|s| format!("\"{s}\""))
        .collect();
    let mut out = format!("{{1×{n}}} {}", shown.join(", "));
    if n > SHOWN {
        out.push_str(&format!(", ... ({n} total)"));
    }
    out
}

/// The numeric display mode the `format` command sets: `short` (the default, the text of
/// [`value`]), `long` (15 decimals), `hex` (the IEEE-754 bits) or `commas` (thousands
/// separators).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NumberFormat {
    #[default]
    Short,
    Long,
    Hex,
    Commas,
}

impl NumberFormat {
    /// The mode `format NAME` selects (`default` is `short`).
    pub fn named(name: &str) -> Option<NumberFormat> {
        match name {
            "short" | "default" => Some(NumberFormat::Short),
            "long" => Some(NumberFormat::Long),
            "hex" => Some(NumberFormat::Hex),
            "commas" => Some(NumberFormat::Commas),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            NumberFormat::Short => "short",
            NumberFormat::Long => "long",
            NumberFormat::Hex => "hex",
            NumberFormat::Commas => "commas",
        }
    }

    /// A number on its own (a Scalar, or a part of a Complex).
    fn number(self, x: f64) -> String {
        match self {
            NumberFormat::Short => scalar(x),
            NumberFormat::Long => format!("{x:.15}"),
            NumberFormat::Hex => format!("{:016x}", x.to_bits()),
            NumberFormat::Commas => with_commas(&scalar(x)),
        }
    }

    /// A number inside an array (`{:.6}` in the default mode).
    fn cell(self, x: f64) -> String {
        match self {
            NumberFormat::Commas => with_commas(&format!("{x:.6}")),
            NumberFormat::Short => format!("{x:.6}"),
            other => other.number(x),
        }
    }

    fn pair(re: String, im: String, im_negative: bool) -> String {
        if im_negative {
            format!("{re}{im}j")
        } else {
            format!("{re}+{im}j")
        }
    }

    fn complex(self, z: C64) -> String {
        if self == NumberFormat::Hex && z.im == 0.0 {
            return self.number(z.re);
        }
        let negative = z.im < 0.0 && self != NumberFormat::Hex;
        NumberFormat::pair(self.number(z.re), self.number(z.im), negative)
    }

    fn element(self, z: C64) -> String {
        if self == NumberFormat::Hex {
            return self.complex(z);
        }
        if z.im.abs() < 1e-12 {
            return self.cell(z.re);
        }
        NumberFormat::pair(self.cell(z.re), self.cell(z.im), z.im < 0.0)
    }
}

/// Thousands separators in the integer part of a number's text: `1234567.89` ⟶
/// `1,234,567.89`, `-1234` ⟶ `-1,234`.
pub fn with_commas(text: &str) -> String {
    let (sign, rest) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let split = rest.find(['.', 'e', 'E']).unwrap_or(rest.len());
    let (digits, tail) = rest.split_at(split);
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}{tail}")
}

/// The display text of a value in the given numeric mode: numbers, vectors and matrices
/// follow the mode; every other kind, and the default mode, is [`value`].
pub fn value_in(v: &Value, mode: NumberFormat) -> String {
    if mode == NumberFormat::Short {
        return value(v);
    }
    match v {
        Value::Scalar(x) => mode.number(*x),
        Value::Complex(z) => mode.complex(*z),
        Value::Vector(a) => {
            let mut out = format!("[1×{}]", a.len());
            for z in a.iter_c().take(SHOWN) {
                out.push_str("  ");
                out.push_str(&mode.element(z));
            }
            if a.len() > SHOWN {
                out.push_str(&format!("  ... ({} total)", a.len()));
            }
            out
        }
        Value::Matrix(a) => matrix_with(a, |z| mode.element(z)),
        Value::Int(a) if mode == NumberFormat::Commas => {
            integer(a, |x| with_commas(&x.to_string()))
        }
        Value::Tracked(t) => value_in(&t.value, mode),
        other => value(other),
    }
}

/// The display text of any value.
pub fn value(v: &Value) -> String {
    match v {
        Value::None => "None".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Scalar(x) => scalar(*x),
        Value::Complex(z) => complex(*z),
        Value::Str(s) => s.clone(),
        Value::Vector(a) => vector(a),
        Value::Matrix(a) => matrix(a),
        Value::Int(a) => integer(a, |x| x.to_string()),
        Value::StrArray(items) => string_array(items),
        Value::Tensor3(t) => crate::value::tensor3::display(t),
        Value::Sparse(s) => crate::value::sparse::display(s),
        Value::Object(o) => o.0.display(),
        Value::Struct(fields) => {
            let parts: Vec<String> = fields
                .iter()
                .map(|(k, v)| format!("{k}: {}", value(v)))
                .collect();
            format!("struct {{{}}}", parts.join(", "))
        }
        Value::Tuple(items) => {
            let parts: Vec<String> = items.iter().map(value).collect();
            format!("({})", parts.join(", "))
        }
        Value::Lambda(l) => format!(
            "@({}) {}",
            l.def
                .params
                .iter()
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            l.def.text
        ),
        Value::Handle(name) => format!("@{name}"),
        Value::Tracked(t) => value(&t.value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_are_positional_shortest_round_trip() {
        let cases = [
            (3.0, "3"),
            (-24.2082394987112, "-24.2082394987112"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e-7, "0.0000001"),
            (1e20, "100000000000000000000"),
            (123456789012345678.0, "123456789012345680"),
            (1e15, "1000000000000000"),
            (-0.0, "-0"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
        ];
        for (x, text) in cases {
            assert_eq!(scalar(x), text);
        }
        assert_eq!(
            scalar(0.00000030999937929016566),
            "0.00000030999937929016566"
        );
    }

    #[test]
    fn complex_and_elements() {
        assert_eq!(complex(C64::new(3.0, 4.0)), "3+4j");
        assert_eq!(complex(C64::new(3.0, -4.0)), "3-4j");
        assert_eq!(element(C64::new(-1e-9, 0.0)), "-0.000000");
        assert_eq!(element(C64::new(1.0, 1e-13)), "1.000000");
        assert_eq!(element(C64::new(1.0, -0.5)), "1.000000-0.500000j");
        assert_eq!(element(C64::new(1e20, 0.0)), "100000000000000000000.000000");
    }

    #[test]
    fn vector_display_elides_after_eight() {
        let v = NumArray::row((1..=12).map(f64::from).collect());
        assert_eq!(
            vector(&v),
            "[1×12]  1.000000  2.000000  3.000000  4.000000  5.000000  6.000000  7.000000  8.000000  ... (12 total)"
        );
        assert_eq!(vector(&NumArray::row(vec![])), "[1×0]");
    }

    #[test]
    fn matrix_display_rows_and_elision() {
        let m = NumArray::from_row_major(2, 2, vec![f64::NAN, f64::INFINITY, 1.0, 0.0]);
        assert_eq!(
            matrix(&m),
            "Matrix(2x2)\n  [NaN, inf]\n  [1.000000, 0.000000]"
        );
        let big = NumArray::zeros(9, 9);
        let text = matrix(&big);
        assert!(text.ends_with(", ...]\n  ... (9 rows total)"));
        assert_eq!(text.lines().count(), 10);
    }

    #[test]
    fn number_formats() {
        let big = Value::Scalar(1234567.0);
        assert_eq!(value_in(&big, NumberFormat::Commas), "1,234,567");
        assert_eq!(value_in(&big, NumberFormat::Short), "1234567");
        assert_eq!(with_commas("-9876543.5"), "-9,876,543.5");
        assert_eq!(with_commas("123"), "123");
        assert_eq!(with_commas("NaN"), "NaN");
        assert_eq!(
            value_in(&Value::Scalar(0.5), NumberFormat::Long),
            "0.500000000000000"
        );
        assert_eq!(
            value_in(&Value::Scalar(1.0), NumberFormat::Hex),
            "3ff0000000000000"
        );
        let v = Value::row(vec![1234.5, -2.0]);
        assert_eq!(
            value_in(&v, NumberFormat::Commas),
            "[1×2]  1,234.500000  -2.000000"
        );
        let z = Value::Complex(C64::new(1.0, -2.0));
        assert_eq!(
            value_in(&z, NumberFormat::Long),
            "1.000000000000000-2.000000000000000j"
        );
    }

    #[test]
    fn other_kinds() {
        assert_eq!(
            string_array(&["a".into(), "b".into()]),
            "{1×2} \"a\", \"b\""
        );
        let mut fields = std::collections::BTreeMap::new();
        fields.insert("b".to_string(), Value::Scalar(2.0));
        fields.insert("a".to_string(), Value::row(vec![1.0, 2.0]));
        assert_eq!(
            value(&Value::Struct(fields.into())),
            "struct {a: [1×2]  1.000000  2.000000, b: 2}"
        );
        assert_eq!(value(&Value::Handle("sin".into())), "@sin");
        assert_eq!(value(&Value::None), "None");
        assert_eq!(
            value(&Value::tuple(vec![Value::Scalar(1.0), Value::Bool(true)])),
            "(1, true)"
        );
    }
}
