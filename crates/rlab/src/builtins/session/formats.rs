//! The file formats of `save` and `load`: NumPy's `.npy` (float64 or complex128, C order,
//! rank 1–3), `.npz` (a zip of `.npy` entries), `.csv` (complex as `a+bi`) and `.toml` (a
//! struct). Pure functions from values to bytes and back; `files` does the I/O.

use crate::display;
use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Tensor3, Value};
use std::collections::BTreeMap;
#[cfg(feature = "npz")]
use std::io::{Read, Write};
use std::sync::Arc;

/// The shape and elements (row-major, C order) of an array value.
fn shape_and_data(v: &Value) -> LangResult<(Vec<usize>, Vec<C64>)> {
    match v.plain() {
        Value::Scalar(x) => Ok((vec![], vec![C64::new(*x, 0.0)])),
        Value::Complex(z) => Ok((vec![], vec![*z])),
        Value::Bool(b) => Ok((vec![], vec![C64::new(f64::from(u8::from(*b)), 0.0)])),
        Value::Vector(a) => Ok((vec![a.len()], a.to_c_vec())),
        Value::Matrix(a) => Ok((vec![a.rows(), a.cols()], a.to_c_vec())),
        Value::Tensor3(t) => {
            let mut data = Vec::with_capacity(t.len());
            for i in 0..t.rows {
                for j in 0..t.cols {
                    data.extend((0..t.pages).map(|k| t.at(i, j, k)));
                }
            }
            Ok((vec![t.rows, t.cols, t.pages], data))
        }
        other => Err(LangError::type_error(format!(
            "save: cannot store a {} in an array file",
            other.type_name()
        ))),
    }
}

/// The value an array file holds: a Scalar, Vector, Matrix or Tensor3.
fn value_of(shape: &[usize], data: Vec<C64>) -> LangResult<Value> {
    let complex = |rows, cols, data: Vec<C64>| {
        NumArray::complex(ndarray::Array2::from_shape_vec((rows, cols), data).unwrap_or_default())
    };
    match *shape {
        [] => Ok(Value::number(data[0])),
        [n] => Ok(Value::vector(complex(1, n, data))),
        [rows, cols] => Ok(Value::matrix(complex(rows, cols, data))),
        [rows, cols, pages] => {
            let mut t = Tensor3::zeros(rows, cols, pages);
            let mut it = data.into_iter();
            for i in 0..rows {
                for j in 0..cols {
                    for k in 0..pages {
                        let at = t.offset(i, j, k);
                        t.data[at] = it.next().unwrap_or_default();
                    }
                }
            }
            Ok(Value::Tensor3(Arc::new(t)))
        }
        _ => Err(LangError::runtime(format!(
            "load: arrays of rank {} are not supported (rank 0 to 3 are)",
            shape.len()
        ))),
    }
}

/// A `.npy` file (format 1.0) of `v`: `<f8` when every element is real, else `<c16`.
pub(super) fn npy_bytes(v: &Value) -> LangResult<Vec<u8>> {
    let (shape, data) = shape_and_data(v)?;
    let real = data.iter().all(|z| z.im == 0.0);
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    let shape_text = match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let descr = if real { "<f8" } else { "<c16" };
    let mut header =
        format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_text}, }}");
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    for z in &data {
        out.extend_from_slice(&z.re.to_le_bytes());
        if !real {
            out.extend_from_slice(&z.im.to_le_bytes());
        }
    }
    Ok(out)
}

/// The header dictionary's value for `key` (`'<f8'`, `False`, `(3, 4)`).
fn header_field<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    let start = header.find(&format!("'{key}'"))? + key.len() + 2;
    let rest = header[start..].trim_start().strip_prefix(':')?.trim_start();
    let end = if rest.starts_with('(') {
        rest.find(')')? + 1
    } else {
        rest.find([',', '}'])?
    };
    Some(rest[..end].trim())
}

/// The value of a `.npy` file.
pub(super) fn npy_value(bytes: &[u8]) -> LangResult<Value> {
    let bad = |why: &str| LangError::runtime(format!("load: not a valid .npy file ({why})"));
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err(bad("no NUMPY magic"));
    }
    let (len, start) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => {
            let n = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
            (n as usize, 12)
        }
        _ => return Err(bad("unknown version")),
    };
    let header = bytes
        .get(start..start + len)
        .and_then(|h| std::str::from_utf8(h).ok())
        .ok_or_else(|| bad("short header"))?;
    let descr = header_field(header, "descr").ok_or_else(|| bad("no descr"))?;
    let fortran = header_field(header, "fortran_order") == Some("True");
    let shape: Vec<usize> = header_field(header, "shape")
        .ok_or_else(|| bad("no shape"))?
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .filter(|d| !d.trim().is_empty())
        .map(|d| d.trim().parse().map_err(|_| bad("bad shape")))
        .collect::<LangResult<_>>()?;
    let count = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
    let count = count.ok_or_else(|| bad("shape too large"))?;
    let body = &bytes[start + len..];
    let data = decode_elements(descr.trim_matches('\''), body, count).ok_or_else(|| {
        bad("only little-endian float64 and complex128 data with the stated shape can be read")
    })?;
    let data = if fortran { c_order(&shape, data) } else { data };
    value_of(&shape, data)
}

/// `count` elements of type `descr` from `body`.
fn decode_elements(descr: &str, body: &[u8], count: usize) -> Option<Vec<C64>> {
    let width = match descr {
        "<f8" => 8,
        "<c16" => 16,
        _ => return None,
    };
    if body.len() < count.checked_mul(width)? {
        return None;
    }
    let f = |at: usize| f64::from_le_bytes(body[at..at + 8].try_into().unwrap_or([0; 8]));
    let data = (0..count).map(|k| {
        let at = k * width;
        C64::new(f(at), if width == 16 { f(at + 8) } else { 0.0 })
    });
    Some(data.collect())
}

/// Fortran-order elements rearranged into C order.
fn c_order(shape: &[usize], data: Vec<C64>) -> Vec<C64> {
    let strides: Vec<usize> = (0..shape.len())
        .map(|d| shape[..d].iter().product())
        .collect();
    let mut out = Vec::with_capacity(data.len());
    let mut index = vec![0usize; shape.len()];
    for _ in 0..data.len() {
        let at: usize = index.iter().zip(&strides).map(|(i, s)| i * s).sum();
        out.push(data[at]);
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            if index[d] < shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    out
}

/// A `.npz` archive of named values.
#[cfg(feature = "npz")]
pub(super) fn npz_bytes(entries: &[(String, Value)]) -> LangResult<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let io = |e: String| LangError::runtime(format!("save: cannot write the archive: {e}"));
    for (name, value) in entries {
        let bytes = npy_bytes(value)?;
        zip.start_file(format!("{name}.npy"), options)
            .map_err(|e| io(e.to_string()))?;
        zip.write_all(&bytes).map_err(|e| io(e.to_string()))?;
    }
    let cursor = zip.finish().map_err(|e| io(e.to_string()))?;
    Ok(cursor.into_inner())
}

/// The named values of a `.npz` archive, in archive order.
#[cfg(feature = "npz")]
pub(super) fn npz_values(bytes: &[u8]) -> LangResult<Vec<(String, Value)>> {
    let bad = |e: String| LangError::runtime(format!("load: not a valid .npz archive ({e})"));
    let mut zip =
        zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| bad(e.to_string()))?;
    let mut out = Vec::new();
    for k in 0..zip.len() {
        let mut entry = zip.by_index(k).map_err(|e| bad(e.to_string()))?;
        let name = entry
            .name()
            .map_err(|e| bad(e.to_string()))?
            .trim_end_matches(".npy")
            .to_string();
        let mut data = Vec::new();
        entry
            .read_to_end(&mut data)
            .map_err(|e| bad(e.to_string()))?;
        out.push((name, npy_value(&data)?));
    }
    Ok(out)
}

/// Why a build without the `npz` feature (the page's interpreter) has no `.npz` archives.
#[cfg(not(feature = "npz"))]
fn npz_unavailable(verb: &str) -> LangError {
    LangError::runtime(format!(
        "{verb}: .npz archives are not available in this build of rlab (the page's \
         interpreter); use .npy, .csv or .toml"
    ))
}

#[cfg(not(feature = "npz"))]
pub(super) fn npz_bytes(_entries: &[(String, Value)]) -> LangResult<Vec<u8>> {
    Err(npz_unavailable("save"))
}

#[cfg(not(feature = "npz"))]
pub(super) fn npz_values(_bytes: &[u8]) -> LangResult<Vec<(String, Value)>> {
    Err(npz_unavailable("load"))
}

/// CSV text of a number, vector or matrix: one line per row, complex as `a+bi`.
pub(super) fn csv_text(v: &Value) -> LangResult<String> {
    let a = match v.plain() {
        Value::Scalar(_) | Value::Complex(_) | Value::Vector(_) | Value::Matrix(_) => {
            v.to_num_array().unwrap_or_else(|| NumArray::zeros(0, 0))
        }
        other => {
            return Err(LangError::type_error(format!(
                "save: cannot write a {} as CSV",
                other.type_name()
            )));
        }
    };
    let cell = |z: C64| match z.im {
        0.0 => display::scalar(z.re),
        im if im < 0.0 => format!("{}{}i", display::scalar(z.re), display::scalar(im)),
        im => format!("{}+{}i", display::scalar(z.re), display::scalar(im)),
    };
    let mut out = String::new();
    for r in 0..a.rows() {
        let cells: Vec<String> = (0..a.cols()).map(|c| cell(a.get(r, c))).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    Ok(out)
}

/// The value of CSV text: a Scalar (one cell), a Vector (one row) or a Matrix.
pub(super) fn csv_value(text: &str) -> LangResult<Value> {
    let mut rows: Vec<Vec<C64>> = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let cells = line.split(',').map(|c| parse_number(c.trim()));
        let row: Option<Vec<C64>> = cells.collect();
        let row = row.ok_or_else(|| {
            LangError::runtime(format!(
                "load: line {} of the CSV is not all numbers",
                n + 1
            ))
        })?;
        if rows.first().is_some_and(|first| first.len() != row.len()) {
            return Err(LangError::runtime(format!(
                "load: line {} of the CSV has {} values, the first line {}",
                n + 1,
                row.len(),
                rows[0].len()
            )));
        }
        rows.push(row);
    }
    let cols = rows.first().map_or(0, Vec::len);
    let shape = match (rows.len(), cols) {
        (1, 1) => vec![],
        (1, n) => vec![n],
        (r, c) => vec![r, c],
    };
    value_of(&shape, rows.into_iter().flatten().collect())
}

/// `3`, `-2.5e3`, `1+2i`, `1-2j`, `NaN`, `Inf`.
fn parse_number(text: &str) -> Option<C64> {
    let real = |t: &str| match t.to_ascii_lowercase().as_str() {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        "nan" => Some(f64::NAN),
        _ => t.parse::<f64>().ok(),
    };
    if let Some(x) = real(text) {
        return Some(C64::new(x, 0.0));
    }
    let body = text.strip_suffix(['i', 'j'])?;
    let split = body
        .char_indices()
        .skip(1)
        .filter(|&(k, c)| (c == '+' || c == '-') && !matches!(body.as_bytes()[k - 1], b'e' | b'E'))
        .map(|(k, _)| k)
        .last()?;
    Some(C64::new(real(&body[..split])?, real(&body[split..])?))
}

/// TOML text of a struct (nested structs become tables).
pub(super) fn toml_text(v: &Value) -> LangResult<String> {
    match to_toml(v)? {
        toml::Value::Table(t) => Ok(toml::to_string(&t).unwrap_or_default()),
        _ => Err(LangError::type_error(format!(
            "save: a .toml file holds a struct, got {}",
            v.type_name()
        ))),
    }
}

fn to_toml(v: &Value) -> LangResult<toml::Value> {
    Ok(match v.plain() {
        Value::Scalar(x) if x.fract() == 0.0 && x.abs() < 9e15 => toml::Value::Integer(*x as i64),
        Value::Scalar(x) => toml::Value::Float(*x),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Str(s) => toml::Value::String(s.clone()),
        Value::StrArray(items) => {
            toml::Value::Array(items.iter().cloned().map(toml::Value::String).collect())
        }
        Value::Vector(a) if a.is_real() => {
            let xs = a.to_c_vec().into_iter().map(|z| toml::Value::Float(z.re));
            toml::Value::Array(xs.collect())
        }
        Value::Struct(fields) => {
            let mut table = toml::Table::new();
            for (k, field) in fields.iter() {
                table.insert(k.clone(), to_toml(field)?);
            }
            toml::Value::Table(table)
        }
        other => {
            return Err(LangError::type_error(format!(
                "save: a {} cannot be written to TOML",
                other.type_name()
            )));
        }
    })
}

/// The struct of TOML text.
pub(super) fn toml_value(text: &str) -> LangResult<Value> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        LangError::runtime(format!("load: invalid TOML: {}", e.message()))
    })?;
    Ok(from_toml(&toml::Value::Table(table)))
}

fn from_toml(v: &toml::Value) -> Value {
    match v {
        toml::Value::Integer(n) => Value::Scalar(*n as f64),
        toml::Value::Float(x) => Value::Scalar(*x),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::String(s) => Value::Str(s.clone()),
        toml::Value::Datetime(d) => Value::Str(d.to_string()),
        toml::Value::Array(items) => array_from_toml(items),
        toml::Value::Table(t) => {
            let fields: BTreeMap<String, Value> =
                t.iter().map(|(k, v)| (k.clone(), from_toml(v))).collect();
            Value::Struct(Arc::new(fields))
        }
    }
}

/// A TOML array: numbers make a Vector, strings a string array; anything else a tuple.
fn array_from_toml(items: &[toml::Value]) -> Value {
    let values: Vec<Value> = items.iter().map(from_toml).collect();
    if values.iter().all(|v| matches!(v, Value::Scalar(_))) {
        return Value::row(values.iter().filter_map(|v| v.to_f64().ok()).collect());
    }
    if values.iter().all(|v| matches!(v, Value::Str(_))) {
        let strings = values.into_iter().map(|v| match v {
            Value::Str(s) => s,
            _ => String::new(),
        });
        return Value::StrArray(Arc::new(strings.collect()));
    }
    Value::tuple(values)
}
