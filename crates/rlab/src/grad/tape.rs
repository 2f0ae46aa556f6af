//! The tape of one running `grad`: a list of nodes in the order the forward pass made them,
//! each with the rule that turns its adjoint into contributions to the adjoints of the nodes
//! it was computed from. Leaves (the variables differentiated) have no rule. The reverse
//! sweep visits the nodes from last to first, accumulating adjoints as real arrays.
//!
//! Also here: the conversions between values and the real 2-D arrays adjoints are kept in
//! (a Scalar is 1×1, a Vector 1×N), and back to a gradient of the variable's own kind.

use crate::error::{LangError, LangResult};
use crate::value::{NumArray, Tracked, Value};
use ndarray::Array2;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::Arc;

/// An adjoint: a real array shaped like the value it belongs to (a Scalar is 1×1).
pub(crate) type Grad = Array2<f64>;

/// A backward rule: given the node's adjoint, push contributions to its parents' adjoints.
pub(crate) type Backward = Arc<dyn Fn(&Grad, &mut Sink) + Send + Sync>;

/// Where a rule puts its contributions: dense arrays, or a few elements of a parent
/// (index reads of a large array in a loop touch only what they read).
#[derive(Default)]
pub(crate) struct Sink {
    parts: Vec<(usize, Part)>,
}

enum Part {
    Dense(Grad),
    /// (shape of the parent, (row-major position, value) pairs).
    Sparse((usize, usize), Vec<(usize, f64)>),
}

impl Sink {
    /// Add `g` to the adjoint of `node`.
    pub(crate) fn push(&mut self, (node, g): (usize, Grad)) {
        self.parts.push((node, Part::Dense(g)));
    }

    /// Add `entries` to elements of the adjoint of `node`, an array of `shape`.
    pub(crate) fn sparse(
        &mut self,
        node: usize,
        shape: (usize, usize),
        entries: Vec<(usize, f64)>,
    ) {
        self.parts.push((node, Part::Sparse(shape, entries)));
    }
}

/// The nodes of one `grad` call; `id` tells this tape from those of earlier calls.
#[derive(Clone)]
pub(crate) struct Tape {
    id: u64,
    rules: Vec<Option<Backward>>,
    /// Position codes of tracked values already made (see `structural`), by node.
    codes: FxHashMap<usize, (Value, usize)>,
}

impl Tape {
    pub(crate) fn new(id: u64) -> Tape {
        Tape {
            id,
            rules: Vec::new(),
            codes: FxHashMap::default(),
        }
    }

    /// The codes of node `n`, made by `make` the first time.
    pub(crate) fn codes_of(
        &mut self,
        n: usize,
        make: impl FnOnce() -> (Value, usize),
    ) -> (Value, usize) {
        self.codes.entry(n).or_insert_with(make).clone()
    }

    /// A new leaf holding `value`.
    pub(crate) fn leaf(&mut self, value: Value) -> Value {
        self.push(value, None)
    }

    /// A new node holding `value`, computed by `rule` from earlier nodes.
    pub(crate) fn record(&mut self, value: Value, rule: Backward) -> Value {
        self.push(value, Some(rule))
    }

    fn push(&mut self, value: Value, rule: Option<Backward>) -> Value {
        self.rules.push(rule);
        Value::Tracked(Arc::new(Tracked {
            value,
            node: self.rules.len() - 1,
            tape: self.id,
        }))
    }

    /// The node of `v` when it is tracked on this tape.
    pub(crate) fn node_of(&self, v: &Value) -> Option<usize> {
        match v {
            Value::Tracked(t) if t.tape == self.id => Some(t.node),
            _ => None,
        }
    }

    /// Reverse sweep from `root` (seeded with `seed`): the adjoints of `leaves`. Inner
    /// nodes' adjoints are dropped as soon as their rule has run.
    pub(crate) fn leaf_adjoints(&self, root: usize, seed: Grad, leaves: &[usize]) -> Vec<Grad> {
        let mut adj: Vec<Option<Grad>> = vec![None; self.rules.len().max(root + 1)];
        adj[root] = Some(seed);
        let mut sink = Sink::default();
        for node in (0..=root).rev() {
            let Some(rule) = &self.rules[node] else {
                continue;
            };
            let Some(g) = adj[node].take() else { continue };
            rule(&g, &mut sink);
            for (parent, part) in sink.parts.drain(..) {
                accumulate(&mut adj[parent], part);
            }
        }
        leaves
            .iter()
            .map(|&n| adj[n].take().unwrap_or_else(|| Array2::zeros((0, 0))))
            .collect()
    }
}

fn accumulate(slot: &mut Option<Grad>, part: Part) {
    match (slot.as_mut(), part) {
        (Some(total), Part::Dense(g)) => *total += &g,
        (None, Part::Dense(g)) => *slot = Some(g),
        (_, Part::Sparse(shape, entries)) => {
            let total = slot.get_or_insert_with(|| Array2::zeros(shape));
            let cols = shape.1.max(1);
            for (pos, v) in entries {
                total[[pos / cols, pos % cols]] += v;
            }
        }
    }
}

/// The real numbers of a plain Scalar, Vector or Matrix as a 2-D array (borrowed when
/// possible); `None` for anything else, complex data included.
pub(crate) fn real_array(v: &Value) -> Option<Cow<'_, Array2<f64>>> {
    match v.plain() {
        Value::Scalar(x) => Some(Cow::Owned(Array2::from_elem((1, 1), *x))),
        Value::Vector(a) | Value::Matrix(a) => match &**a {
            NumArray::Real(m) => Some(Cow::Borrowed(m)),
            NumArray::Complex(_) => None,
        },
        _ => None,
    }
}

/// The 2-D shape of a numeric value (a Scalar is 1×1).
pub(crate) fn shape(v: &Value) -> (usize, usize) {
    match v.plain() {
        Value::Vector(a) | Value::Matrix(a) => a.shape(),
        _ => (1, 1),
    }
}

/// `real_array`, or the error of a value `grad` cannot follow (`what` names the operation).
pub(crate) fn real_or_error<'a>(v: &'a Value, what: &str) -> LangResult<Cow<'a, Array2<f64>>> {
    real_array(v).ok_or_else(|| match v.plain() {
        Value::Complex(_) | Value::Vector(_) | Value::Matrix(_) => LangError::runtime(format!(
            "grad: {what} gave a complex value; grad differentiates real values only"
        )),
        other => LangError::runtime(format!(
            "grad: {what} gave a {}; grad follows real numbers and arrays only",
            other.type_name()
        )),
    })
}

/// An adjoint as a gradient of the same kind and shape as `like` (Scalar, Vector, Matrix);
/// a missing adjoint (the loss does not depend on the variable) is zero.
pub(crate) fn gradient_like(like: &Value, g: Grad) -> Value {
    let (r, c) = shape(like);
    let g = if g.dim() == (r, c) {
        g
    } else {
        Array2::zeros((r, c))
    };
    match like.plain() {
        Value::Scalar(_) => Value::Scalar(g[[0, 0]]),
        Value::Vector(_) => Value::Vector(Arc::new(NumArray::Real(g))),
        _ => Value::Matrix(Arc::new(NumArray::Real(g))),
    }
}
