//! Integer values (rustlab's tagged-width integers): the eight classes `int8` … `uint64`,
//! their limits, the conversion of real numbers into a class (round half away from zero,
//! then saturate, or wrap in two's complement for values made with `"wrap"`), and
//! [`IntArray`], the packed storage of an integer scalar, Vector or Matrix.
//!
//! Arithmetic on the elements happens in `i128`, where every value of every class and every
//! sum or difference of two of them is exact; products that leave `i128` saturate there
//! first, which gives the same class result as exact arithmetic would.

use super::{NumArray, Value};
use std::sync::Arc;

/// The class of an integer value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntClass {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
}

/// Every class, in the order the error messages list them.
pub const INT_CLASSES: [IntClass; 8] = [
    IntClass::I8,
    IntClass::I16,
    IntClass::I32,
    IntClass::I64,
    IntClass::U8,
    IntClass::U16,
    IntClass::U32,
    IntClass::U64,
];

impl IntClass {
    /// The class's name, as `class(x)` reports it.
    pub fn name(self) -> &'static str {
        match self {
            IntClass::I8 => "int8",
            IntClass::I16 => "int16",
            IntClass::I32 => "int32",
            IntClass::I64 => "int64",
            IntClass::U8 => "uint8",
            IntClass::U16 => "uint16",
            IntClass::U32 => "uint32",
            IntClass::U64 => "uint64",
        }
    }

    /// The class called `name`, if any.
    pub fn named(name: &str) -> Option<IntClass> {
        INT_CLASSES.into_iter().find(|c| c.name() == name)
    }

    pub fn bits(self) -> u32 {
        match self {
            IntClass::I8 | IntClass::U8 => 8,
            IntClass::I16 | IntClass::U16 => 16,
            IntClass::I32 | IntClass::U32 => 32,
            IntClass::I64 | IntClass::U64 => 64,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            IntClass::I8 | IntClass::I16 | IntClass::I32 | IntClass::I64
        )
    }

    /// The smallest value of the class (`intmin`).
    pub fn min(self) -> i128 {
        if self.signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    /// The largest value of the class (`intmax`).
    pub fn max(self) -> i128 {
        if self.signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    /// `x` clamped into the class's range.
    pub fn saturate(self, x: i128) -> i128 {
        x.clamp(self.min(), self.max())
    }

    /// `x` modulo 2^bits, read back as the class (two's complement for signed classes).
    pub fn wrap(self, x: i128) -> i128 {
        let bits = self.bits();
        let low = x & ((1i128 << bits) - 1);
        if self.signed() && low >= 1i128 << (bits - 1) {
            low - (1i128 << bits)
        } else {
            low
        }
    }

    /// `x` fitted into the class by the overflow policy (`wrap` or saturate).
    pub fn fit(self, x: i128, wrap: bool) -> i128 {
        if wrap { self.wrap(x) } else { self.saturate(x) }
    }

    /// A real number as the class: NaN is 0, the rest rounds half away from zero and then
    /// saturates (or wraps when `wrap` is set and the number is finite).
    pub fn from_f64(self, x: f64, wrap: bool) -> i128 {
        if x.is_nan() {
            return 0;
        }
        let r = x.round();
        if wrap && r.is_finite() && r.abs() < 1.7e38 {
            return self.wrap(r as i128);
        }
        if r <= self.min() as f64 {
            self.min()
        } else if r >= self.max() as f64 {
            self.max()
        } else {
            r as i128
        }
    }

    /// The smallest unsigned class holding `v` (the class of a radix literal).
    pub fn smallest_unsigned(v: u64) -> IntClass {
        [IntClass::U8, IntClass::U16, IntClass::U32]
            .into_iter()
            .find(|c| i128::from(v) <= c.max())
            .unwrap_or(IntClass::U64)
    }
}

/// Which rlab kind an integer value displays and indexes as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntKind {
    Scalar,
    Vector,
    Matrix,
}

/// The elements, packed in their class's own width.
#[derive(Clone, Debug, PartialEq)]
enum IntData {
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// Apply `$body` to the vector inside an [`IntData`], whatever its element type.
macro_rules! each_width {
    ($data:expr, $v:ident => $body:expr) => {
        match $data {
            IntData::I8($v) => $body,
            IntData::I16($v) => $body,
            IntData::I32($v) => $body,
            IntData::I64($v) => $body,
            IntData::U8($v) => $body,
            IntData::U16($v) => $body,
            IntData::U32($v) => $body,
            IntData::U64($v) => $body,
        }
    };
}

impl IntData {
    /// Pack values that are already in `class`'s range.
    fn pack(class: IntClass, values: impl Iterator<Item = i128>) -> IntData {
        // Every value was fitted into the class, so the casts keep it.
        match class {
            IntClass::I8 => IntData::I8(values.map(|x| x as i8).collect()),
            IntClass::I16 => IntData::I16(values.map(|x| x as i16).collect()),
            IntClass::I32 => IntData::I32(values.map(|x| x as i32).collect()),
            IntClass::I64 => IntData::I64(values.map(|x| x as i64).collect()),
            IntClass::U8 => IntData::U8(values.map(|x| x as u8).collect()),
            IntClass::U16 => IntData::U16(values.map(|x| x as u16).collect()),
            IntClass::U32 => IntData::U32(values.map(|x| x as u32).collect()),
            IntClass::U64 => IntData::U64(values.map(|x| x as u64).collect()),
        }
    }

    fn len(&self) -> usize {
        each_width!(self, v => v.len())
    }

    fn get(&self, k: usize) -> i128 {
        each_width!(self, v => i128::from(v[k]))
    }
}

/// An integer scalar, Vector (`1×N`) or Matrix; elements in row-major order.
#[derive(Clone, Debug, PartialEq)]
pub struct IntArray {
    pub class: IntClass,
    /// Overflow wraps (two's complement) instead of saturating.
    pub wrap: bool,
    pub kind: IntKind,
    pub rows: usize,
    pub cols: usize,
    data: IntData,
}

impl IntArray {
    /// An array of `rows×cols` values (row-major), fitted into the class by its policy.
    pub fn new(
        class: IntClass,
        wrap: bool,
        kind: IntKind,
        (rows, cols): (usize, usize),
        values: impl Iterator<Item = i128>,
    ) -> IntArray {
        let data = IntData::pack(class, values.map(|x| class.fit(x, wrap)));
        debug_assert_eq!(data.len(), rows * cols);
        IntArray {
            class,
            wrap,
            kind,
            rows,
            cols,
            data,
        }
    }

    /// One value of the class.
    pub fn scalar(class: IntClass, wrap: bool, x: i128) -> IntArray {
        IntArray::new(class, wrap, IntKind::Scalar, (1, 1), std::iter::once(x))
    }

    /// The numbers of a real Scalar, Vector or Matrix converted into the class.
    pub fn from_reals(class: IntClass, wrap: bool, kind: IntKind, a: &NumArray) -> IntArray {
        let values = a.iter_re().map(|x| class.from_f64(x, wrap));
        IntArray::new(class, wrap, kind, a.shape(), values)
    }

    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `k` in row-major order.
    pub fn get(&self, k: usize) -> i128 {
        self.data.get(k)
    }

    /// The elements in row-major order.
    pub fn values(&self) -> impl Iterator<Item = i128> + '_ {
        (0..self.len()).map(|k| self.get(k))
    }

    /// The same values as doubles, in the same kind (`double(x)`).
    pub fn to_double(&self) -> Value {
        let data: Vec<f64> = self.values().map(|x| x as f64).collect();
        match self.kind {
            IntKind::Scalar => Value::Scalar(data.first().copied().unwrap_or(0.0)),
            IntKind::Vector => Value::row(data),
            IntKind::Matrix => Value::matrix_rows(self.rows, self.cols, data),
        }
    }

    /// A new array of the same class and policy.
    pub fn like(
        &self,
        kind: IntKind,
        shape: (usize, usize),
        values: impl Iterator<Item = i128>,
    ) -> Value {
        Value::Int(Arc::new(IntArray::new(
            self.class, self.wrap, kind, shape, values,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_of_every_class() {
        assert_eq!((IntClass::I8.min(), IntClass::I8.max()), (-128, 127));
        assert_eq!(IntClass::U64.max(), i128::from(u64::MAX));
        assert_eq!(IntClass::I64.min(), i128::from(i64::MIN));
        assert_eq!(IntClass::named("uint16"), Some(IntClass::U16));
        assert_eq!(IntClass::named("int128"), None);
    }

    #[test]
    fn conversion_rounds_half_away_and_saturates() {
        let c = IntClass::I8;
        assert_eq!(c.from_f64(2.5, false), 3);
        assert_eq!(c.from_f64(-2.5, false), -3);
        assert_eq!(c.from_f64(200.0, false), 127);
        assert_eq!(c.from_f64(f64::NEG_INFINITY, false), -128);
        assert_eq!(c.from_f64(f64::NAN, false), 0);
        assert_eq!(IntClass::U8.from_f64(-5.0, false), 0);
        assert_eq!(c.from_f64(200.0, true), -56);
        assert_eq!(c.from_f64(f64::INFINITY, true), 127);
        assert_eq!(IntClass::U64.from_f64(1e30, false), i128::from(u64::MAX));
    }

    #[test]
    fn wrapping_is_twos_complement() {
        assert_eq!(IntClass::I8.wrap(150), -106);
        assert_eq!(IntClass::U8.wrap(-1), 255);
        assert_eq!(
            IntClass::I64.wrap(i128::from(i64::MAX) + 1),
            i128::from(i64::MIN)
        );
    }

    #[test]
    fn radix_literals_take_the_smallest_unsigned_class() {
        assert_eq!(IntClass::smallest_unsigned(255), IntClass::U8);
        assert_eq!(IntClass::smallest_unsigned(256), IntClass::U16);
        assert_eq!(IntClass::smallest_unsigned(0xdead_beef), IntClass::U32);
        assert_eq!(IntClass::smallest_unsigned(u64::MAX), IntClass::U64);
    }

    #[test]
    fn storage_is_packed_and_exact() {
        let a = IntArray::new(
            IntClass::U64,
            false,
            IntKind::Vector,
            (1, 2),
            [0, i128::from(u64::MAX)].into_iter(),
        );
        assert_eq!(a.get(1), i128::from(u64::MAX));
        assert_eq!(a.to_double(), Value::row(vec![0.0, u64::MAX as f64]));
    }
}
