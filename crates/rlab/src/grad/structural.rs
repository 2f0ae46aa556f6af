//! Operations that only move, copy or drop elements: index reads, indexed assignment,
//! concatenation, `reshape`, `repmat`, `transpose`, `diag`. Their backward rule comes from
//! running the same operation a second time on *position codes*: each tracked input is
//! replaced by an array of the same kind and shape whose elements are distinct positive
//! integers (its element positions, offset per input), every other data input by zeros.
//! The result then says, element by element, which input element it was copied from (0: none,
//! e.g. a zero a growing assignment filled in), and the adjoint is routed back along it.
//! This reuses the operation's own rules (kinds, `end`, growth, deletion, broadcasting of a
//! scalar right-hand side) instead of restating them.

use super::tape::{Backward, Grad, Tape, real_or_error, shape};
use crate::error::LangResult;
use crate::value::{NumArray, Value};
use std::sync::Arc;

/// Where each input's codes start (1-based), and the input's node and shape.
struct Source {
    first: usize,
    len: usize,
    node: usize,
    shape: (usize, usize),
}

/// Run `op` on the plain data values and on their codes; record how the output's elements
/// came from the tracked inputs. `op` gets the data values in order; `what` names it.
pub(super) fn record(
    tape: &mut Tape,
    what: &str,
    data: &[&Value],
    mut op: impl FnMut(Vec<Value>) -> LangResult<Value>,
) -> LangResult<Value> {
    let plain: Vec<Value> = data.iter().map(|v| v.plain().clone()).collect();
    let y = op(plain)?;
    let mut sources = Vec::new();
    let mut coded = Vec::with_capacity(data.len());
    let mut next = 1;
    for v in data {
        let node = tape.node_of(v);
        if node.is_some() {
            real_or_error(v, what)?;
        }
        let (value, len) = match node {
            // A lone input's codes start at 1 and are reused (reads in a loop).
            Some(n) if data.len() == 1 => tape.codes_of(n, || codes(v.plain(), Some(1))),
            _ => codes(v.plain(), node.map(|_| next)),
        };
        if let Some(node) = node {
            let shape = shape(v);
            sources.push(Source {
                first: next,
                len,
                node,
                shape,
            });
            next += len;
        }
        coded.push(value);
    }
    if sources.is_empty() {
        return Ok(y);
    }
    real_or_error(&y, what)?;
    let routes = route_codes(&op(coded)?);
    Ok(tape.record(y, route_rule(routes, sources)))
}

/// A value of `v`'s kind and shape holding `first, first+1, …` (row-major), or zeros when
/// `first` is `None`; non-numeric values are passed unchanged. Also the element count.
fn codes(v: &Value, first: Option<usize>) -> (Value, usize) {
    let code = |k: usize| first.map_or(0.0, |f| (f + k) as f64);
    match v {
        Value::Scalar(_) => (Value::Scalar(code(0)), 1),
        Value::Vector(a) | Value::Matrix(a) => {
            let (r, c) = a.shape();
            let data = (0..r * c).map(code).collect();
            let arr = Arc::new(NumArray::from_row_major(r, c, data));
            let value = match v {
                Value::Vector(_) => Value::Vector(arr),
                _ => Value::Matrix(arr),
            };
            (value, r * c)
        }
        other => (other.clone(), 0),
    }
}

/// The code of every output element, row-major (0 where none).
fn route_codes(coded: &Value) -> Vec<usize> {
    match coded {
        Value::Scalar(x) => vec![*x as usize],
        Value::Vector(a) | Value::Matrix(a) => a.iter_re().map(|x| x as usize).collect(),
        _ => Vec::new(),
    }
}

fn route_rule(routes: Vec<usize>, sources: Vec<Source>) -> Backward {
    Arc::new(move |g: &Grad, out| {
        let mut entries: Vec<Vec<(usize, f64)>> = vec![Vec::new(); sources.len()];
        for (&code, &gk) in routes.iter().zip(g.iter()) {
            let found = sources
                .iter()
                .position(|s| code >= s.first && code < s.first + s.len);
            if let Some(k) = found {
                entries[k].push((code - sources[k].first, gk));
            }
        }
        for (s, e) in sources.iter().zip(entries) {
            out.sparse(s.node, s.shape, e);
        }
    })
}
