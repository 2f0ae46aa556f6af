//! Exercise checks (docs/exercises.md): a checked variable's value as the build recorded it
//! and the page ships it ([`Expected`], captured from a session by [`capture`]; an answer
//! box's number, [`Answer`]), and the
//! verdict on a reader's value ([`verdict`]): a match with its largest error, or what is
//! wrong (missing, another shape or kind, the entries that differ). The build and the page's
//! module both compare through here, with the record's rule `|got − expected| ≤ atol +
//! rtol·|expected|`.

use rlab::value::{NumArray, Value};
use serde::{Deserialize, Serialize};

/// A numeric tolerance: `|got − expected| ≤ atol + rtol·|expected|`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
}

/// The record's default: `rtol = 1e-9`, `atol = 1e-12`.
impl Default for Tolerance {
    fn default() -> Self {
        Tolerance {
            rtol: 1e-9,
            atol: 1e-12,
        }
    }
}

impl Tolerance {
    /// Whether `got` is within tolerance of `expected` (NaN matches NaN, an infinity only
    /// itself).
    pub fn accepts(self, expected: f64, got: f64) -> bool {
        if expected.is_nan() || got.is_nan() {
            return expected.is_nan() && got.is_nan();
        }
        if expected.is_infinite() || got.is_infinite() {
            return expected == got;
        }
        (got - expected).abs() <= self.atol + self.rtol * expected.abs()
    }
}

/// A value as recorded: numbers by shape, column-major (the imaginary parts only when some
/// entry has one), or text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Expected {
    Numbers {
        rows: usize,
        cols: usize,
        #[serde(with = "numbers")]
        re: Vec<f64>,
        #[serde(with = "optional_numbers", default)]
        im: Option<Vec<f64>>,
    },
    Text {
        text: String,
    },
}

/// A checked variable's name and recorded value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checked {
    pub name: String,
    #[serde(flatten)]
    pub value: Expected,
}

/// An answer box's expected number as the page ships it (its checking is the page's own,
/// with the same rule): `k`, its place among the exercise's answers; `value`, none when the
/// answer failed at build time.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    pub k: usize,
    #[serde(serialize_with = "numbers::serialize_one")]
    pub value: Option<f64>,
    pub rtol: f64,
    pub atol: f64,
}

/// The verdict on one checked variable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub name: String,
    pub ok: bool,
    /// What the reader is told: `✓ A matches (largest error 2.2e-16)`, or what differs.
    pub text: String,
}

/// `value` as a check records it: a number, boolean, vector or matrix of any numeric class
/// (real or complex, dense or sparse), or text. Anything else cannot be checked.
pub fn capture(value: &Value) -> Result<Expected, String> {
    let numbers = |rows, cols, entries: Vec<rlab::value::C64>| {
        let im = entries.iter().any(|z| z.im != 0.0);
        Expected::Numbers {
            rows,
            cols,
            re: entries.iter().map(|z| z.re).collect(),
            im: im.then(|| entries.iter().map(|z| z.im).collect()),
        }
    };
    let array = |a: &NumArray| {
        let (rows, cols) = a.shape();
        numbers(rows, cols, (0..a.len()).map(|k| a.col_major(k)).collect())
    };
    Ok(match value.plain() {
        Value::Bool(b) => numbers(1, 1, vec![f64::from(u8::from(*b)).into()]),
        Value::Scalar(x) => numbers(1, 1, vec![(*x).into()]),
        Value::Complex(z) => numbers(1, 1, vec![*z]),
        Value::Vector(a) | Value::Matrix(a) => array(a),
        Value::Int(i) => return capture(&i.to_double()),
        Value::Sparse(s) => {
            let (rows, cols) = (s.rows, s.cols);
            let entries = (0..cols)
                .flat_map(|c| (0..rows).map(move |r| (r, c)))
                .map(|(r, c)| s.get(r, c))
                .collect();
            numbers(rows, cols, entries)
        }
        Value::Str(s) => Expected::Text { text: s.clone() },
        other => {
            return Err(format!(
                "holds a {}, which cannot be checked (a number, vector, matrix or text can)",
                other.type_name()
            ));
        }
    })
}

/// The verdict on the reader's value `got` of `name` (`None`: the code did not set it).
pub fn verdict(name: &str, expected: &Expected, got: Option<&Value>, tol: Tolerance) -> Verdict {
    let fail = |text: String| Verdict {
        name: name.to_string(),
        ok: false,
        text: format!("✗ {text}"),
    };
    let Some(got) = got else {
        return fail(format!("{name} is missing: your code does not set it"));
    };
    let got = match capture(got) {
        Ok(v) => v,
        Err(why) => return fail(format!("{name} {why}")),
    };
    match (expected, &got) {
        (Expected::Text { text: e }, Expected::Text { text: g }) if e == g => Verdict {
            name: name.to_string(),
            ok: true,
            text: format!("✓ {name} matches"),
        },
        (Expected::Text { text: e }, Expected::Text { text: g }) => {
            fail(format!("{name} is \"{g}\", expected \"{e}\""))
        }
        (Expected::Numbers { .. }, Expected::Numbers { .. }) => numbers(name, expected, &got, tol),
        _ => fail(format!(
            "{name}: expected {}, got {}",
            shape_text(expected),
            shape_text(&got)
        )),
    }
}

/// The verdict on two numeric values.
fn numbers(name: &str, expected: &Expected, got: &Expected, tol: Tolerance) -> Verdict {
    let (Some((er, ec, e)), Some((gr, gc, g))) = (entries(expected), entries(got)) else {
        unreachable!("numbers() is called with two numeric values")
    };
    if (er, ec) != (gr, gc) {
        return Verdict {
            name: name.to_string(),
            ok: false,
            text: format!(
                "✗ {name}: expected {}, got {}",
                shape_text(expected),
                shape_text(got)
            ),
        };
    }
    let mut report = Differences::default();
    for (k, (e, g)) in e.iter().zip(&g).enumerate() {
        report.add(k, *e, *g, tol);
    }
    report.verdict(name, er)
}

/// An entry as (real, imaginary) parts.
type Entry = (f64, f64);

/// The shape and entries of a numeric value.
type Entries = (usize, usize, Vec<Entry>);

fn entries(value: &Expected) -> Option<Entries> {
    let Expected::Numbers { rows, cols, re, im } = value else {
        return None;
    };
    let im = |k: usize| im.as_ref().map_or(0.0, |im| im[k]);
    Some((
        *rows,
        *cols,
        re.iter().enumerate().map(|(k, &x)| (x, im(k))).collect(),
    ))
}

/// The entries that differ, as a verdict reports them.
#[derive(Default)]
struct Differences {
    count: usize,
    total: usize,
    largest_abs: f64,
    largest_rel: f64,
    /// The first differing entries: (column-major index, expected, got).
    first: Vec<(usize, Entry, Entry)>,
}

impl Differences {
    fn add(&mut self, k: usize, e: Entry, g: Entry, tol: Tolerance) {
        self.total += 1;
        let abs = (g.0 - e.0).hypot(g.1 - e.1);
        let magnitude = e.0.hypot(e.1);
        if abs.is_finite() {
            self.largest_abs = self.largest_abs.max(abs);
            if magnitude > 0.0 {
                self.largest_rel = self.largest_rel.max(abs / magnitude);
            }
        }
        if !(tol.accepts(e.0, g.0) && tol.accepts(e.1, g.1)) {
            self.count += 1;
            if self.first.len() < 3 {
                self.first.push((k, e, g));
            }
        }
    }

    fn verdict(self, name: &str, rows: usize) -> Verdict {
        if self.count == 0 {
            return Verdict {
                name: name.to_string(),
                ok: true,
                text: format!(
                    "✓ {name} matches (largest error {})",
                    short(self.largest_abs)
                ),
            };
        }
        let listed: Vec<String> = (self.first.iter())
            .map(|(k, e, g)| {
                let at = if self.total == 1 {
                    name.to_string()
                } else {
                    format!("{name}({},{})", k % rows.max(1) + 1, k / rows.max(1) + 1)
                };
                let (e, g) = readable_pair(*e, *g);
                format!("{at}: expected {e}, got {g}")
            })
            .collect();
        let text = format!(
            "✗ {name} differs in {} of {} {} (largest absolute error {}, relative {}): {}",
            self.count,
            self.total,
            if self.total == 1 { "entry" } else { "entries" },
            short(self.largest_abs),
            short(self.largest_rel),
            listed.join("; ")
        );
        Verdict {
            name: name.to_string(),
            ok: false,
            text,
        }
    }
}

/// `4×4 matrix`, `scalar`, `1×3 vector`, `text`.
fn shape_text(value: &Expected) -> String {
    match value {
        Expected::Text { .. } => "text".into(),
        Expected::Numbers {
            rows: 1, cols: 1, ..
        } => "a scalar (1×1)".into(),
        Expected::Numbers { rows, cols, .. } => format!("{rows}×{cols}"),
    }
}

/// Two entries as the reader reads them: to 6 significant digits (`0.244728`), or in full
/// where that would show them the same.
fn readable_pair(e: Entry, g: Entry) -> (String, String) {
    let short = (entry(e, Some(6)), entry(g, Some(6)));
    if short.0 != short.1 {
        return short;
    }
    (entry(e, None), entry(g, None))
}

/// An entry: `0.25`, `1+2i`, to `digits` significant digits or in full.
fn entry((re, im): Entry, digits: Option<usize>) -> String {
    let number = |x: f64| match digits {
        Some(d) if x.is_finite() && x != 0.0 => {
            let scale = d as i32 - 1 - x.abs().log10().floor() as i32;
            let text = format!("{:.*}", scale.max(0) as usize, x);
            if scale < 0 || text.len() > 12 {
                format!("{x:.*e}", d - 1)
            } else {
                text.parse::<f64>().map_or(text, |v| format!("{v}"))
            }
        }
        _ => format!("{x}"),
    };
    if im == 0.0 {
        return number(re);
    }
    let sign = if im < 0.0 { '-' } else { '+' };
    format!("{}{sign}{}i", number(re), number(im.abs()))
}

/// A size of an error: `0`, `2.2e-16`, `0.05`.
fn short(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if (1e-3..1e4).contains(&x.abs()) {
        format!("{}", (x * 1e4).round() / 1e4)
    } else {
        format!("{x:.1e}")
    }
}

/// Serde of numbers that may not be finite: a JSON number, or `"NaN"`, `"Inf"`, `"-Inf"`.
mod numbers {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    pub(super) enum Number {
        Finite(f64),
        Named(String),
    }

    pub(super) fn to_json(x: f64) -> Number {
        match x {
            x if x.is_finite() => Number::Finite(x),
            x if x.is_nan() => Number::Named("NaN".into()),
            x if x > 0.0 => Number::Named("Inf".into()),
            _ => Number::Named("-Inf".into()),
        }
    }

    pub(super) fn from_json<E: serde::de::Error>(n: Number) -> Result<f64, E> {
        match n {
            Number::Finite(x) => Ok(x),
            Number::Named(name) => match name.as_str() {
                "NaN" => Ok(f64::NAN),
                "Inf" => Ok(f64::INFINITY),
                "-Inf" => Ok(f64::NEG_INFINITY),
                other => Err(E::custom(format!("not a number: {other}"))),
            },
        }
    }

    pub(super) fn serialize_one<S: Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        x.map(to_json).serialize(s)
    }

    pub(super) fn serialize<S: Serializer>(xs: &[f64], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(xs.iter().map(|&x| to_json(x)))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
        Vec::<Number>::deserialize(d)?
            .into_iter()
            .map(from_json)
            .collect()
    }
}

/// [`numbers`] for an optional list.
mod optional_numbers {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(xs: &Option<Vec<f64>>, s: S) -> Result<S::Ok, S::Error> {
        match xs {
            Some(xs) => super::numbers::serialize(xs, s),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<f64>>, D::Error> {
        let raw = Option::<Vec<super::numbers::Number>>::deserialize(d)?;
        raw.map(|xs| xs.into_iter().map(super::numbers::from_json).collect())
            .transpose()
    }
}

#[cfg(test)]
mod tests;
