//! Integer types (rustlab's `int8` … `uint64`): the conversions into each class and back
//! to `double`, the class limits `intmax`/`intmin`, and the type queries `class` and
//! `isinteger`. Other builtins see integers widened to double ([`widen_args`]), which is
//! how rustlab lets integers "flow through the wider builtin surface".

use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{IntArray, IntClass, IntKind, Value, integer::INT_CLASSES};
use std::sync::Arc;

/// Generate one conversion builtin per class.
macro_rules! conversions {
    ($($name:ident => $class:expr),* $(,)?) => {
        $(fn $name(_: &mut Interp, args: Args) -> LangResult<Value> {
            convert($class, &args)
        })*
    };
}

conversions! {
    int8 => IntClass::I8,
    int16 => IntClass::I16,
    int32 => IntClass::I32,
    int64 => IntClass::I64,
    uint8 => IntClass::U8,
    uint16 => IntClass::U16,
    uint32 => IntClass::U32,
    uint64 => IntClass::U64,
}

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "int8",
        int8,
        "int8(x) | int8(x, \"wrap\"): x rounded half away from zero into int8, saturating (or wrapping) at -128..127",
    ),
    Builtin::new(
        "int16",
        int16,
        "int16(x) | int16(x, \"wrap\"): x rounded into int16 (-32768..32767)",
    ),
    Builtin::new(
        "int32",
        int32,
        "int32(x) | int32(x, \"wrap\"): x rounded into int32",
    ),
    Builtin::new(
        "int64",
        int64,
        "int64(x) | int64(x, \"wrap\"): x rounded into int64",
    ),
    Builtin::new(
        "uint8",
        uint8,
        "uint8(x) | uint8(x, \"wrap\"): x rounded into uint8 (0..255); negatives saturate to 0",
    ),
    Builtin::new(
        "uint16",
        uint16,
        "uint16(x) | uint16(x, \"wrap\"): x rounded into uint16 (0..65535)",
    ),
    Builtin::new(
        "uint32",
        uint32,
        "uint32(x) | uint32(x, \"wrap\"): x rounded into uint32",
    ),
    Builtin::new(
        "uint64",
        uint64,
        "uint64(x) | uint64(x, \"wrap\"): x rounded into uint64",
    ),
    Builtin::new(
        "double",
        double,
        "double(x): an integer value as double (numbers pass unchanged, true/false give 1/0)",
    ),
    Builtin::new(
        "intmax",
        intmax,
        "intmax() | intmax(\"class\") | intmax(x): largest value of an integer class (default int32)",
    ),
    Builtin::new(
        "intmin",
        intmin,
        "intmin() | intmin(\"class\") | intmin(x): smallest value of an integer class (default int32)",
    ),
    Builtin::new(
        "class",
        class,
        "class(x): the class name of x: \"double\", \"int8\" … \"uint64\", \"logical\", \"string\", …",
    ),
    Builtin::new(
        "isinteger",
        isinteger,
        "isinteger(x): true when x is of an integer class",
    ),
];

/// Builtins that take integers as they are; every other builtin gets them as doubles.
const TAKE_INTEGERS: &[&str] = &["disp", "print", "transpose"];

/// The arguments a builtin receives: integers widened to double unless it takes them.
pub(crate) fn widen_args(name: &str, args: Vec<Value>) -> Vec<Value> {
    if !args.iter().any(|v| matches!(v, Value::Int(_)))
        || TAKE_INTEGERS.contains(&name)
        || TABLE.iter().any(|b| b.name == name)
    {
        return args;
    }
    args.iter().map(crate::ops::widened).collect()
}

/// `CLASS(x)` or `CLASS(x, policy)`.
fn convert(class: IntClass, args: &Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let x = args.value(0)?;
    let wrap = match args.len() {
        1 => matches!(x, Value::Int(a) if a.wrap),
        _ => match args.str(1)? {
            "wrap" => true,
            "saturate" => false,
            other => {
                return Err(LangError::runtime(format!(
                    "{}: overflow policy must be \"saturate\" or \"wrap\", got \"{other}\"",
                    args.name
                )));
            }
        },
    };
    let array = match x {
        Value::Scalar(v) => IntArray::scalar(class, wrap, class.from_f64(*v, wrap)),
        Value::Bool(b) => IntArray::scalar(class, wrap, i128::from(*b)),
        Value::Vector(a) if a.is_real() => IntArray::from_reals(class, wrap, IntKind::Vector, a),
        Value::Matrix(a) if a.is_real() => IntArray::from_reals(class, wrap, IntKind::Matrix, a),
        Value::Int(a) => {
            let values = a.values().map(|v| class.fit(v, wrap));
            IntArray::new(class, wrap, a.kind, (a.rows, a.cols), values)
        }
        other => {
            return Err(LangError::type_error(format!(
                "{}: cannot convert a {} (expected a real number or array)",
                args.name,
                other.type_name()
            )));
        }
    };
    Ok(Value::Int(Arc::new(array)))
}

/// `double(x)`.
fn double(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    match args.value(0)? {
        Value::Int(a) => Ok(a.to_double()),
        Value::Bool(b) => Ok(Value::Scalar(f64::from(u8::from(*b)))),
        v @ (Value::Scalar(_)
        | Value::Complex(_)
        | Value::Vector(_)
        | Value::Matrix(_)
        | Value::Tensor3(_)
        | Value::Sparse(_)) => Ok(v.clone()),
        other => Err(LangError::type_error(format!(
            "double: cannot convert a {}",
            other.type_name()
        ))),
    }
}

/// The class `intmax`/`intmin` ask about: a name, an integer value, or int32.
fn asked_class(args: &Args) -> LangResult<IntClass> {
    args.arity(0, 1)?;
    match args.get(0) {
        None => Ok(IntClass::I32),
        Some(Value::Int(a)) => Ok(a.class),
        Some(Value::Str(name)) => IntClass::named(name).ok_or_else(|| {
            let names: Vec<&str> = INT_CLASSES.iter().map(|c| c.name()).collect();
            LangError::runtime(format!(
                "{}: unknown integer class \"{name}\" (expected one of {})",
                args.name,
                names.join(", ")
            ))
        }),
        Some(other) => Err(LangError::type_error(format!(
            "{}: expected a class name or an integer value, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

fn intmax(_: &mut Interp, args: Args) -> LangResult<Value> {
    let class = asked_class(&args)?;
    Ok(Value::Int(Arc::new(IntArray::scalar(
        class,
        false,
        class.max(),
    ))))
}

fn intmin(_: &mut Interp, args: Args) -> LangResult<Value> {
    let class = asked_class(&args)?;
    Ok(Value::Int(Arc::new(IntArray::scalar(
        class,
        false,
        class.min(),
    ))))
}

/// The class name of a value (MATLAB's names where rlab has the kind).
pub(crate) fn class_name(v: &Value) -> &'static str {
    match v.plain() {
        Value::Int(a) => a.class.name(),
        Value::Scalar(_)
        | Value::Complex(_)
        | Value::Vector(_)
        | Value::Matrix(_)
        | Value::Tensor3(_)
        | Value::Sparse(_) => "double",
        Value::Bool(_) => "logical",
        Value::Str(_) => "string",
        Value::StrArray(_) => "cell",
        Value::Struct(_) => "struct",
        Value::Lambda(_) | Value::Handle(_) => "function_handle",
        other => other.type_name(),
    }
}

fn class(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::str(class_name(args.value(0)?)))
}

fn isinteger(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Bool(matches!(args.value(0)?.plain(), Value::Int(_))))
}

#[cfg(test)]
mod tests;
