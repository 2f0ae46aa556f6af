//! Tests of the integer operators: saturation, wrapping, rounding division, powers,
//! broadcasting, mixing with doubles and the errors.

use super::*;
use crate::value::IntClass;

fn int(class: IntClass, x: i128) -> Value {
    Value::Int(Arc::new(IntArray::scalar(class, false, x)))
}

fn wrapping(class: IntClass, x: i128) -> Value {
    Value::Int(Arc::new(IntArray::scalar(class, true, x)))
}

fn row(class: IntClass, xs: &[i128]) -> Value {
    let a = IntArray::new(
        class,
        false,
        IntKind::Vector,
        (1, xs.len()),
        xs.iter().copied(),
    );
    Value::Int(Arc::new(a))
}

fn values(v: &Value) -> Vec<i128> {
    match v {
        Value::Int(a) => a.values().collect(),
        other => panic!("not an integer: {other:?}"),
    }
}

#[test]
fn same_class_arithmetic_saturates() {
    let s = binary(BinOp::Add, &int(IntClass::U8, 200), &int(IntClass::U8, 100)).unwrap();
    assert_eq!(s, int(IntClass::U8, 255));
    let d = binary(BinOp::Sub, &int(IntClass::U8, 5), &int(IntClass::U8, 9)).unwrap();
    assert_eq!(d, int(IntClass::U8, 0));
    let big = int(IntClass::U64, i128::from(u64::MAX));
    let p = binary(BinOp::Mul, &big, &big).unwrap();
    assert_eq!(values(&p), vec![i128::from(u64::MAX)]);
    let low = int(IntClass::I64, i128::from(i64::MIN));
    assert_eq!(values(&negate_value(&low)), vec![i128::from(i64::MAX)]);
}

fn negate_value(v: &Value) -> Value {
    match v {
        Value::Int(a) => negate(a),
        _ => unreachable!(),
    }
}

#[test]
fn wrap_policy_wraps_in_twos_complement() {
    let w = binary(
        BinOp::Add,
        &wrapping(IntClass::I8, 100),
        &wrapping(IntClass::I8, 50),
    )
    .unwrap();
    assert_eq!(values(&w), vec![-106]);
    let p = binary(
        BinOp::Pow,
        &wrapping(IntClass::U8, 3),
        &wrapping(IntClass::U8, 200),
    )
    .unwrap();
    assert_eq!(values(&p), vec![i128::from(3u8.wrapping_pow(200))]);
    assert_eq!(
        values(&negate_value(&wrapping(IntClass::I8, -128))),
        vec![-128]
    );
}

#[test]
fn division_rounds_half_away_and_saturates_at_zero() {
    let div = |p, q| {
        values(&binary(BinOp::Div, &int(IntClass::I8, p), &int(IntClass::I8, q)).unwrap())[0]
    };
    assert_eq!(div(7, 2), 4);
    assert_eq!(div(-7, 2), -4);
    assert_eq!(div(5, 3), 2);
    assert_eq!(div(1, 0), 127);
    assert_eq!(div(-1, 0), -128);
    assert_eq!(div(0, 0), 0);
    assert_eq!(div(-128, -1), 127);
}

#[test]
fn powers_are_exact_or_rounded() {
    let pow = |p, q| {
        values(&binary(BinOp::Pow, &int(IntClass::I32, p), &int(IntClass::I32, q)).unwrap())[0]
    };
    assert_eq!(pow(3, 4), 81);
    assert_eq!(pow(2, 40), i128::from(i32::MAX));
    assert_eq!(pow(-2, 41), i128::from(i32::MIN));
    assert_eq!(pow(2, -1), 1);
    assert_eq!(pow(4, -1), 0);
    assert_eq!(pow(0, -1), i128::from(i32::MAX));
    assert_eq!(pow(5, i128::from(i32::MAX)), i128::from(i32::MAX));
}

#[test]
fn broadcasting_keeps_the_class() {
    let v = row(IntClass::I16, &[10, 20, 30]);
    let w = binary(BinOp::Add, &v, &int(IntClass::I16, 5)).unwrap();
    assert_eq!(w, row(IntClass::I16, &[15, 25, 35]));
    let col = transpose(match &v {
        Value::Int(a) => a,
        _ => unreachable!(),
    });
    let grid = binary(BinOp::ElemMul, &v, &col).unwrap();
    let Value::Int(g) = &grid else { panic!() };
    assert_eq!((g.kind, g.rows, g.cols), (IntKind::Matrix, 3, 3));
    assert_eq!(g.get(8), 900);
    let err = binary(BinOp::Mul, &v, &v).unwrap_err();
    assert!(
        err.message.contains("needs a scalar side"),
        "{}",
        err.message
    );
    let short = row(IntClass::I16, &[1, 2]);
    assert!(binary(BinOp::Add, &v, &short).is_err());
}

#[test]
fn doubles_promote_and_classes_must_match() {
    let p = binary(BinOp::Add, &int(IntClass::I32, 5), &Value::Scalar(2.7)).unwrap();
    assert_eq!(p, Value::Scalar(7.7));
    let err = binary(BinOp::Add, &int(IntClass::I8, 1), &int(IntClass::I16, 1)).unwrap_err();
    assert_eq!(
        err.message,
        "cannot combine int8 and int16: convert one operand first (e.g. int8(x) or double(x))"
    );
}

#[test]
fn comparisons_are_exact() {
    let max = int(IntClass::I64, i128::from(i64::MAX));
    let below = int(IntClass::I64, i128::from(i64::MAX) - 1);
    assert_eq!(binary(BinOp::Gt, &max, &below).unwrap(), Value::Bool(true));
    assert_eq!(binary(BinOp::Eq, &max, &below).unwrap(), Value::Bool(false));
    let flags = binary(BinOp::Lt, &row(IntClass::U8, &[1, 3]), &Value::Scalar(2.0)).unwrap();
    assert_eq!(flags, Value::row(vec![1.0, 0.0]));
}
