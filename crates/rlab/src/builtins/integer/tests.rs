//! Tests of the integer builtins: conversions, limits, class queries and the widening of
//! integer arguments for the rest of the library.

use super::*;
use crate::builtins::numeric::testing::call;

fn int(class: IntClass, x: i128) -> Value {
    Value::Int(Arc::new(IntArray::scalar(class, false, x)))
}

#[test]
fn conversions_round_saturate_and_wrap() {
    let c = |name: &str, args: Vec<Value>| call(TABLE, name, args).unwrap();
    assert_eq!(
        c("int8", vec![Value::Scalar(200.0)]),
        int(IntClass::I8, 127)
    );
    assert_eq!(c("int8", vec![Value::Scalar(2.5)]), int(IntClass::I8, 3));
    assert_eq!(c("uint8", vec![Value::Scalar(-5.0)]), int(IntClass::U8, 0));
    assert_eq!(
        c("int32", vec![Value::Scalar(f64::NAN)]),
        int(IntClass::I32, 0)
    );
    let w = c("int8", vec![Value::Scalar(150.0), Value::str("wrap")]);
    assert!(matches!(&w, Value::Int(a) if a.wrap && a.get(0) == -106));
    let back = c("uint8", vec![int(IntClass::I16, -3)]);
    assert_eq!(back, int(IntClass::U8, 0));
    let m = c("int16", vec![Value::matrix_rows(1, 2, vec![1.4, -1.5])]);
    assert!(matches!(&m, Value::Int(a) if a.kind == IntKind::Matrix && a.get(1) == -2));
}

#[test]
fn conversion_errors_are_clear() {
    let err = call(TABLE, "int8", vec![Value::Scalar(1.0), Value::str("clamp")]).unwrap_err();
    assert_eq!(
        err.message,
        "int8: overflow policy must be \"saturate\" or \"wrap\", got \"clamp\""
    );
    let err = call(TABLE, "uint16", vec![Value::str("a")]).unwrap_err();
    assert_eq!(
        err.message,
        "uint16: cannot convert a string (expected a real number or array)"
    );
}

#[test]
fn limits_and_their_errors() {
    let max = call(TABLE, "intmax", vec![Value::str("int8")]).unwrap();
    assert_eq!(max, int(IntClass::I8, 127));
    let min = call(TABLE, "intmin", vec![]).unwrap();
    assert_eq!(min, int(IntClass::I32, i128::from(i32::MIN)));
    let like = call(TABLE, "intmax", vec![int(IntClass::U16, 1)]).unwrap();
    assert_eq!(like, int(IntClass::U16, 65535));
    let err = call(TABLE, "intmax", vec![Value::str("foo")]).unwrap_err();
    assert!(
        err.message
            .starts_with("intmax: unknown integer class \"foo\"")
    );
}

#[test]
fn class_names_and_queries() {
    let class = |v: Value| call(TABLE, "class", vec![v]).unwrap();
    assert_eq!(class(int(IntClass::U32, 1)), Value::str("uint32"));
    assert_eq!(class(Value::Scalar(1.0)), Value::str("double"));
    assert_eq!(class(Value::Bool(true)), Value::str("logical"));
    assert_eq!(class(Value::str("x")), Value::str("string"));
    let yes = call(TABLE, "isinteger", vec![int(IntClass::I8, 1)]).unwrap();
    assert_eq!(yes, Value::Bool(true));
    let no = call(TABLE, "isinteger", vec![Value::Scalar(1.0)]).unwrap();
    assert_eq!(no, Value::Bool(false));
    let d = call(TABLE, "double", vec![int(IntClass::I16, 1000)]).unwrap();
    assert_eq!(d, Value::Scalar(1000.0));
}

#[test]
fn other_builtins_see_doubles() {
    let args = vec![int(IntClass::I8, 4), Value::Scalar(1.0)];
    assert_eq!(
        widen_args("sqrt", args.clone()),
        vec![Value::Scalar(4.0), Value::Scalar(1.0)]
    );
    assert_eq!(widen_args("disp", args.clone()), args);
    assert_eq!(widen_args("class", args.clone()), args);
}
