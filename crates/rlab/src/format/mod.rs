//! The `sprintf`/`fprintf` format language (spec §11.2), also used for prose interpolation
//! `${expr:%.3f}`: a format is parsed into literal text and conversions (`parse`), the
//! arguments are flattened into a list of items (Vectors and Matrices supply their elements,
//! MATLAB style), and the format is applied repeatedly while items remain (`sprintf`).
//! Rendering one conversion is [`convert`]'s job. Every error says `format: ...`.

mod convert;
#[cfg(test)]
mod tests;

use crate::error::{LangError, LangResult};
use crate::value::Value;

/// Widths and precisions above this are refused (they would only waste memory).
const MAX_FIELD: usize = 10_000;

/// `%[flags][width][.precision]conversion`.
#[derive(Clone, Debug, PartialEq)]
struct Spec {
    /// `-`: pad on the right.
    left: bool,
    /// `,`: thousands separators in the integer part.
    commas: bool,
    width: usize,
    precision: Option<usize>,
    conversion: char,
}

#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Text(String),
    Conversion(Spec),
}

/// One argument item as a conversion sees it.
#[derive(Clone, Debug, PartialEq)]
enum Item<'a> {
    /// A real number (Bools count as 0/1), with the type name it came from.
    Number(f64, &'static str),
    Text(&'a str),
    /// Anything a conversion cannot use (complex numbers, structs, ...).
    Unusable(&'static str),
}

/// Format `args` with the printf-style `fmt`.
pub fn sprintf(fmt: &str, args: &[Value]) -> LangResult<String> {
    let pieces = parse(fmt)?;
    let items = flatten(args);
    let conversions = pieces
        .iter()
        .filter(|p| matches!(p, Piece::Conversion(_)))
        .count();
    let mut out = String::new();
    let mut next = 0;
    let mut first_pass = true;
    loop {
        for piece in &pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Conversion(spec) => match items.get(next) {
                    Some(item) => {
                        out.push_str(&convert::render(spec, item)?);
                        next += 1;
                    }
                    None if first_pass => return Err(not_enough(spec)),
                    None => return Ok(out),
                },
            }
        }
        if conversions == 0 || next >= items.len() {
            return Ok(out);
        }
        first_pass = false;
    }
}

fn not_enough(spec: &Spec) -> LangError {
    LangError::runtime(format!(
        "format: not enough arguments for '%{}'",
        spec.conversion
    ))
}

/// Split a format into literal text (escapes `\n \t \\` and `%%` resolved) and conversions.
fn parse(fmt: &str) -> LangResult<Vec<Piece>> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match (c, chars.get(i + 1).copied()) {
            ('\\', Some(e @ ('n' | 't' | '\\'))) => {
                text.push(match e {
                    'n' => '\n',
                    't' => '\t',
                    _ => '\\',
                });
                i += 2;
            }
            ('%', Some('%')) => {
                text.push('%');
                i += 2;
            }
            ('%', _) => {
                let (spec, end) = parse_spec(&chars, i + 1)?;
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Conversion(spec));
                i = end;
            }
            _ => {
                text.push(c);
                i += 1;
            }
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// Parse the conversion starting after a `%` at `start`; returns it and the index after it.
fn parse_spec(chars: &[char], start: usize) -> LangResult<(Spec, usize)> {
    if start >= chars.len() {
        return Err(LangError::runtime("format: trailing '%'"));
    }
    let mut i = start;
    let (mut left, mut commas) = (false, false);
    while let Some(&c) = chars.get(i).filter(|c| "-+ 0#,".contains(**c)) {
        left |= c == '-';
        commas |= c == ',';
        i += 1;
    }
    let (width, after_width) = parse_number(chars, i)?;
    i = after_width;
    let mut precision = None;
    if chars.get(i) == Some(&'.') {
        // `%.f` keeps the default precision (rustlab's reading, not C's 0).
        let (p, after) = parse_number(chars, i + 1)?;
        precision = p;
        i = after;
    }
    let conversion = *chars
        .get(i)
        .ok_or_else(|| LangError::runtime("format: incomplete format specifier"))?;
    if !"dfiegs".contains(conversion) {
        return Err(LangError::runtime(format!(
            "format: unknown conversion '%{conversion}'"
        )));
    }
    let width = width.unwrap_or(0);
    let spec = Spec {
        left,
        commas,
        width,
        precision,
        conversion,
    };
    Ok((spec, i + 1))
}

/// A run of decimal digits at `start` (None if there is none), capped at [`MAX_FIELD`].
fn parse_number(chars: &[char], start: usize) -> LangResult<(Option<usize>, usize)> {
    let digits: String = chars[start.min(chars.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    if digits.is_empty() {
        return Ok((None, start));
    }
    match digits.parse::<usize>() {
        Ok(n) if n <= MAX_FIELD => Ok((Some(n), start + digits.len())),
        _ => Err(LangError::runtime(format!(
            "format: width or precision {digits} is too large (at most {MAX_FIELD})"
        ))),
    }
}

/// The items the arguments supply, in order: a Vector its elements, a Matrix its elements
/// column by column, a StringArray its strings; every other value is one item.
fn flatten(args: &[Value]) -> Vec<Item<'_>> {
    let mut items = Vec::new();
    for arg in args {
        match arg {
            Value::Scalar(x) => items.push(Item::Number(*x, "scalar")),
            Value::Bool(b) => items.push(Item::Number(f64::from(u8::from(*b)), "bool")),
            Value::Str(s) => items.push(Item::Text(s)),
            Value::Complex(z) if z.im == 0.0 => items.push(Item::Number(z.re, "complex")),
            Value::Vector(a) | Value::Matrix(a) => {
                items.extend((0..a.len()).map(|k| a.col_major(k)).map(|z| {
                    if z.im == 0.0 {
                        Item::Number(z.re, "scalar")
                    } else {
                        Item::Unusable("complex")
                    }
                }));
            }
            Value::StrArray(list) => items.extend(list.iter().map(|s| Item::Text(s))),
            other => items.push(Item::Unusable(other.type_name())),
        }
    }
    items
}
