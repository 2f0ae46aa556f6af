//! Streaming FIR filtering: the `fir_state` value (the last `M − 1` input samples of an
//! `M`-tap filter, displayed `<fir_state N>`) and `filter_stream`, which filters one frame
//! as if all frames were one signal. As in rustlab the state is a handle: `filter_stream`
//! updates it in place and returns the same handle, so `[y, st] = filter_stream(x, h, st)`
//! and `filter_stream(x, h, st)` both advance `st` (and every copy of it).

use super::signal;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Obj, Object, Value};
use std::any::Any;
use std::sync::Mutex;

/// The longest history allocated.
const MAX_HISTORY: usize = 1 << 20;

/// The most multiply-adds one call does (a bound on work).
const MAX_WORK: usize = 400_000_000;

/// The history of a streaming FIR filter.
#[derive(Debug)]
pub(crate) struct FirState {
    history: Mutex<Vec<C64>>,
}

impl FirState {
    fn len(&self) -> usize {
        self.history.lock().map_or(0, |h| h.len())
    }
}

impl Object for FirState {
    fn type_name(&self) -> &'static str {
        "fir_state"
    }

    fn display(&self) -> String {
        format!("<fir_state {}>", self.len())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    /// `st.length`: the history length.
    fn field(&self, name: &str) -> Option<Value> {
        (name == "length").then(|| Value::Scalar(self.len() as f64))
    }
}

/// `state_init(n)`: `n` zeros.
pub(super) fn state_init(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = args.size(0)?;
    if n > MAX_HISTORY {
        return Err(LangError::limit(format!(
            "state_init: at most {MAX_HISTORY} history samples are supported, got {n}"
        )));
    }
    Ok(Value::Object(Obj::new(FirState {
        history: Mutex::new(vec![C64::new(0.0, 0.0); n]),
    })))
}

/// `[y, state] = filter_stream(frame, h, state)`.
pub(super) fn filter_stream(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let frame = signal::numbers(&args, 0, "frame")?;
    let h = signal::numbers(&args, 1, "h")?;
    let state_value = args.value(2)?.plain().clone();
    let Value::Object(obj) = &state_value else {
        return Err(state_type_error(&state_value));
    };
    let Some(state) = obj.downcast::<FirState>() else {
        return Err(state_type_error(&state_value));
    };
    if interp.in_parallel_task {
        return Err(LangError::runtime(
            "parmap: cannot call filter_stream from a parallel lambda — the lambda must be pure",
        ));
    }
    if h.is_empty() {
        return Err(LangError::runtime("filter_stream: h must be non-empty"));
    }
    if frame.len().saturating_mul(h.len()) > MAX_WORK {
        return Err(LangError::limit(format!(
            "filter_stream: at most {MAX_WORK} multiply-adds per frame are supported"
        )));
    }
    let mut history = state
        .history
        .lock()
        .map_err(|_| LangError::runtime("filter_stream: the state is unusable"))?;
    if history.len() != h.len() - 1 {
        return Err(LangError::runtime(format!(
            "filter_stream: state length {} does not match length(h) - 1 = {}",
            history.len(),
            h.len() - 1
        )));
    }
    let y = overlap_save(&mut history, &h, &frame);
    drop(history);
    let out = Value::vector(NumArray::complex(ndarray::Array2::from_shape_fn(
        (1, y.len()),
        |(_, j)| y[j],
    )));
    Ok(Value::tuple(vec![out, state_value.clone()]))
}

/// `y[i] = Σ h[k]·ext[i + M − 1 − k]` over `ext = [history, frame]`; the history becomes the
/// last `M − 1` samples of `ext`.
fn overlap_save(history: &mut Vec<C64>, h: &[C64], frame: &[C64]) -> Vec<C64> {
    let m = h.len();
    let mut ext = Vec::with_capacity(history.len() + frame.len());
    ext.extend_from_slice(history);
    ext.extend_from_slice(frame);
    let y = (0..frame.len())
        .map(|i| (0..m).map(|k| h[k] * ext[i + m - 1 - k]).sum())
        .collect();
    let keep = ext.len() - (m - 1);
    history.clear();
    history.extend_from_slice(&ext[keep..]);
    y
}

fn state_type_error(v: &Value) -> LangError {
    LangError::type_error(format!(
        "filter_stream: expected fir_state (from state_init()), got {}",
        v.type_name()
    ))
}
