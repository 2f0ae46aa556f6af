//! Unit tests of the tensor3 builtins against hand-computed values (the stencil values are
//! NumPy's `np.gradient(f, edge_order=2)` of `f = y²`, `[0, 1, 4, 9] → [0, 2, 4, 6]`).

use super::super::numeric::testing::*;
use super::*;

fn tensor(v: &Value) -> &Tensor3 {
    match v {
        Value::Tensor3(t) => t,
        other => panic!("expected a tensor, got {other:?}"),
    }
}

fn re(t: &Tensor3) -> Vec<f64> {
    t.data.iter().map(|z| z.re).collect()
}

/// A `rows×cols×pages` tensor whose element (i, j, k) is `f(i, j, k)`.
fn field(shape: (usize, usize, usize), f: impl Fn(f64, f64, f64) -> f64) -> Value {
    let t = Tensor3::from_fn(shape.0, shape.1, shape.2, |i, j, k| {
        C64::new(f(i as f64, j as f64, k as f64), 0.0)
    });
    Value::Tensor3(Arc::new(t.unwrap()))
}

fn items(v: Value) -> Vec<Value> {
    match v {
        Value::Tuple(items) => items.to_vec(),
        other => panic!("expected a tuple, got {other:?}"),
    }
}

#[test]
fn constructors_take_three_sizes_or_a_size_vector() {
    let z = call(TABLE, "zeros3", vec![s(2.0), s(3.0), s(4.0)]).unwrap();
    assert_eq!(tensor(&z).shape(), (2, 3, 4));
    let o = call(TABLE, "ones3", vec![v(&[1.0, 2.0, 2.0])]).unwrap();
    assert_eq!(re(tensor(&o)), [1.0; 4]);
    assert_eq!(
        error(TABLE, "zeros3", vec![s(1.0), s(2.0)]),
        "type error: zeros3: expected 1 or 3 arguments, got 2"
    );
    assert_eq!(
        error(TABLE, "ones3", vec![v(&[1.0, 2.0])]),
        "type error: ones3: expected (m, n, p) or a 3-element vector"
    );
    assert!(error(TABLE, "zeros3", vec![s(1e6), s(1e6), s(1e6)]).contains("exceeds the limit"));
}

#[test]
fn random_tensors_fill_pages_fastest_from_the_session_stream() {
    let mut it = interp();
    it.rng.reseed(42);
    let t = call_in(&mut it, TABLE, "randn3", vec![s(2.0), s(1.0), s(2.0)], 1).unwrap();
    let t = tensor(&t);
    let mut r = Rng::seeded(42);
    let d: Vec<f64> = r.fill(4, Rng::normal);
    assert_eq!(t.at(0, 0, 0).re, d[0]);
    assert_eq!(t.at(0, 0, 1).re, d[1]);
    assert_eq!(t.at(1, 0, 0).re, d[2]);
    assert_eq!(d[0], 0.06942791836196335);
    let u = call(TABLE, "rand3", vec![s(2.0), s(2.0), s(2.0)]).unwrap();
    assert!(re(tensor(&u)).iter().all(|x| (0.0..1.0).contains(x)));
}

#[test]
fn permute_reorders_axes() {
    let t = field((2, 3, 4), |i, j, k| i + 10.0 * j + 100.0 * k);
    let p = call(TABLE, "permute", vec![t.clone(), v(&[2.0, 1.0, 3.0])]).unwrap();
    assert_eq!(tensor(&p).shape(), (3, 2, 4));
    assert_eq!(tensor(&p).at(2, 1, 3).re, 321.0);
    let q = call(TABLE, "permute", vec![t.clone(), v(&[3.0, 1.0, 2.0])]).unwrap();
    assert_eq!(tensor(&q).shape(), (4, 2, 3));
    assert_eq!(tensor(&q).at(3, 1, 2).re, 321.0);
    assert_eq!(
        error(TABLE, "permute", vec![t.clone(), v(&[1.0, 1.0, 3.0])]),
        "type error: permute: order must be a permutation of [1, 2, 3], got [1, 1, 3]"
    );
    assert_eq!(
        error(TABLE, "permute", vec![s(1.0), v(&[1.0, 2.0, 3.0])]),
        "type error: permute: expected tensor3, got scalar"
    );
}

#[test]
fn squeeze_drops_singleton_axes() {
    let t = field((1, 2, 3), |_, j, k| 1.0 + j + 2.0 * k);
    let m2 = call(TABLE, "squeeze", vec![t]).unwrap();
    assert_eq!(m2, m(&[&[1.0, 3.0, 5.0], &[2.0, 4.0, 6.0]]));
    let tube = field((1, 1, 3), |_, _, k| k);
    assert_eq!(
        call(TABLE, "squeeze", vec![tube]).unwrap(),
        v(&[0.0, 1.0, 2.0])
    );
    let one = field((1, 1, 1), |_, _, _| 7.0);
    assert_eq!(call(TABLE, "squeeze", vec![one]).unwrap(), s(7.0));
    assert_eq!(call(TABLE, "squeeze", vec![s(2.0)]).unwrap(), s(2.0));
}

#[test]
fn cat_stacks_rows_columns_or_pages() {
    let (a, b) = (
        m(&[&[1.0, 2.0], &[3.0, 4.0]]),
        m(&[&[5.0, 6.0], &[7.0, 8.0]]),
    );
    let t = call(TABLE, "cat", vec![s(3.0), a.clone(), b.clone()]).unwrap();
    assert_eq!(re(tensor(&t)), [1.0, 3.0, 2.0, 4.0, 5.0, 7.0, 6.0, 8.0]);
    let more = call(TABLE, "cat", vec![s(3.0), t, a.clone()]).unwrap();
    assert_eq!(tensor(&more).shape(), (2, 2, 3));
    let v2 = call(TABLE, "cat", vec![s(1.0), a.clone(), b.clone()]).unwrap();
    assert_eq!(arr(&v2).shape(), (4, 2));
    let h = call(TABLE, "cat", vec![s(2.0), a.clone(), b]).unwrap();
    assert_eq!(arr(&h).shape(), (2, 4));
    assert_eq!(
        error(TABLE, "cat", vec![s(3.0), a.clone(), v(&[1.0])]),
        "type error: cat(3, ...): argument 3 is 1×1, expected 2×2"
    );
    assert_eq!(
        error(TABLE, "cat", vec![s(4.0), a]),
        "type error: cat: dim must be 1, 2, or 3, got 4"
    );
    assert!(error(TABLE, "cat", vec![]).contains("got no arguments"));
}

#[test]
fn gradient3_uses_second_order_stencils_everywhere() {
    let f = field((4, 3, 3), |i, _, _| i * i);
    let g = items(call(TABLE, "gradient3", vec![f]).unwrap());
    let fy = tensor(&g[1]);
    let column: Vec<f64> = (0..4).map(|i| fy.at(i, 1, 2).re).collect();
    assert_eq!(column, [0.0, 2.0, 4.0, 6.0]);
    assert!(re(tensor(&g[0])).iter().all(|&x| x == 0.0));
    let lin = field((3, 4, 5), |i, j, k| 1.0 + i + 3.0 * j + 12.0 * k);
    let args = vec![lin, s(0.1), s(0.1), s(0.1)];
    let g = items(call(TABLE, "gradient3", args).unwrap());
    let close = |t: &Value, want: f64| re(tensor(t)).iter().all(|x| (x - want).abs() < 1e-9);
    assert!(close(&g[0], 30.0) && close(&g[1], 10.0) && close(&g[2], 120.0));
}

#[test]
fn divergence3_and_curl3_of_known_fields() {
    // F = (x, y, z) has divergence 3 and no curl; F = (-y, x, 0) has curl (0, 0, 2).
    let shape = (3, 4, 5);
    let (x, y, z) = (
        field(shape, |_, j, _| j),
        field(shape, |i, _, _| i),
        field(shape, |_, _, k| k),
    );
    let d = call(TABLE, "divergence3", vec![x.clone(), y.clone(), z.clone()]).unwrap();
    assert!(re(tensor(&d)).iter().all(|&v| (v - 3.0).abs() < 1e-12));
    let neg_y = field(shape, |i, _, _| -i);
    let zero = field(shape, |_, _, _| 0.0);
    let c = items(call(TABLE, "curl3", vec![neg_y, x, zero]).unwrap());
    assert!(re(tensor(&c[0])).iter().all(|&v| v == 0.0));
    assert!(re(tensor(&c[2])).iter().all(|&v| (v - 2.0).abs() < 1e-12));
    let small = field((2, 4, 5), |_, _, _| 0.0);
    assert_eq!(
        error(TABLE, "divergence3", vec![small, y.clone(), z.clone()]),
        "runtime error: divergence3: Fx shape (2, 4, 5) ≠ Fy shape (3, 4, 5)"
    );
    assert_eq!(
        error(
            TABLE,
            "curl3",
            vec![y.clone(), y.clone(), z.clone(), s(1.0)]
        ),
        "type error: curl3: expected dx, dy and dz together (or none), got 1 extra args"
    );
    assert_eq!(
        error(TABLE, "gradient3", vec![y.clone(), s(1.0), s(-1.0), s(1.0)]),
        "runtime error: gradient3: dy must be a positive finite number, got -1"
    );
    assert_eq!(
        error(TABLE, "gradient3", vec![field((3, 2, 3), |_, _, _| 0.0)]),
        "runtime error: gradient3: axis x (cols) length 2 < 3 (need at least 3 samples for 2nd-order stencils)"
    );
    assert_eq!(
        error(TABLE, "gradient3", vec![s(1.0)]),
        "type error: gradient3: F must be a tensor3, got scalar"
    );
}
