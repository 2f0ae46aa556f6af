//! Tests of the higher-order builtins with handles of other builtins and a hand-built lambda.

use super::*;
use crate::ast::{Expr, ExprKind, LambdaDef, Span};
use crate::builtins::lookup;
use crate::eval::Config;
use crate::value::{Lambda, Workspace};
use std::sync::Arc;

fn interp() -> Interp {
    Interp::new(Config::default(), Rng::seeded(0))
}

fn call_in(interp: &mut Interp, name: &str, args: Vec<Value>) -> LangResult<Value> {
    let b = lookup(name).ok_or_else(|| LangError::undefined_function(name))?;
    (b.func)(interp, Args::new(b.name, args, 1))
}

fn call(name: &str, args: Vec<Value>) -> LangResult<Value> {
    call_in(&mut interp(), name, args)
}

fn message(result: LangResult<Value>) -> String {
    result
        .map(|v| format!("unexpected {v:?}"))
        .unwrap_or_else(|e| e.message)
}

fn handle(name: &str) -> Value {
    Value::Handle(name.to_string())
}

fn expr(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}

/// `@(x) relu(x)`, built by hand (the parser is written elsewhere).
fn relu_lambda() -> Value {
    let arg = expr(ExprKind::Ident("x".into()));
    let body = expr(ExprKind::CallOrIndex {
        name: "relu".into(),
        args: vec![arg],
    });
    let def = LambdaDef {
        params: vec!["x".into()],
        body,
        text: "relu(x)".to_string(),
    };
    Value::Lambda(Arc::new(Lambda {
        def: Arc::new(def),
        captured: Arc::new(Workspace::default()),
    }))
}

#[test]
fn task_seeds_are_splitmix64_outputs() {
    assert_eq!(task_seed(0, 0), 0);
    // The first output of SplitMix64 seeded with 0.
    assert_eq!(task_seed(0, 1), 0xE220_A839_7B1D_CDAF);
    assert_ne!(task_seed(42, 0), task_seed(42, 1));
    assert_eq!(
        task_seed(u64::MAX, usize::MAX),
        task_seed(u64::MAX, usize::MAX)
    );
}

#[test]
fn tasks_draw_from_their_own_stream_and_the_caller_stream_is_untouched() {
    let mut i = interp();
    i.last_seed = Some(7);
    let seed = task_seed(7, 3);
    let drawn = with_stream(&mut i, seed, |inner| {
        // Inside the call its own seed is the last one (a nested parmap derives from it).
        assert_eq!(inner.last_seed, Some(seed));
        inner.last_seed = Some(99);
        inner.rng.normal()
    });
    assert_eq!(drawn, Rng::seeded(seed).normal());
    assert_eq!(i.rng.normal(), Rng::seeded(0).normal());
    assert_eq!(i.last_seed, Some(7));
}

#[test]
fn parmap_of_scalars_gives_a_vector() {
    let xs = Value::row(vec![-1.0, 2.0, -3.0]);
    let mut i = interp();
    let out = call_in(&mut i, "parmap", vec![handle("relu"), xs.clone()]).unwrap();
    assert_eq!(out, Value::row(vec![0.0, 2.0, 0.0]));
    assert_eq!(
        i.rng.normal(),
        Rng::seeded(0).normal(),
        "caller stream advanced"
    );
    let lambda = call("parmap", vec![relu_lambda(), xs]).unwrap();
    assert_eq!(lambda, Value::row(vec![0.0, 2.0, 0.0]));
    let single = call("parmap", vec![handle("relu"), Value::Scalar(4.0)]).unwrap();
    assert_eq!(single, Value::row(vec![4.0]));
    let empty = call("parmap", vec![handle("relu"), Value::row(vec![])]).unwrap();
    assert_eq!(empty, Value::row(vec![]));
}

#[test]
fn vector_results_become_rows_of_a_matrix() {
    let xs = Value::matrix_rows(2, 1, vec![3.0, -4.0]);
    let out = call("arrayfun", vec![handle("svd"), xs]).unwrap();
    assert_eq!(out, Value::matrix_rows(2, 1, vec![3.0, 4.0]));
    let eig = call("parmap", vec![handle("eig"), Value::row(vec![1.0, 2.0])]).unwrap();
    assert_eq!(eig, Value::matrix_rows(2, 1, vec![1.0, 2.0]));
}

#[test]
fn errors_are_wrapped_with_the_trial_number() {
    let xs = Value::row(vec![1.0, 0.0, 2.0]);
    assert_eq!(
        message(call("parmap", vec![handle("inv"), xs.clone()])),
        "parmap: trial 2 of 2 errored: runtime error: inv: matrix is singular to working precision"
    );
    assert_eq!(
        message(call("arrayfun", vec![handle("inv"), xs])),
        "arrayfun: trial 2 of 3 errored: runtime error: inv: matrix is singular to working precision"
    );
    assert_eq!(
        message(call("parmap", vec![handle("nope"), Value::Scalar(1.0)])),
        "parmap: trial 1 of 1 errored: undefined function 'nope'"
    );
}

#[test]
fn results_that_do_not_combine_are_errors() {
    let xs = Value::row(vec![1.0, 2.0]);
    assert_eq!(
        message(call("parmap", vec![handle("causal_mask"), xs])),
        "parmap: call 2 returned a 2×2 matrix, but the earlier calls returned 1×1 matrices"
    );
    assert_eq!(
        message(combine(
            "parmap",
            vec![Value::Scalar(1.0), Value::row(vec![1.0])]
        )),
        "parmap: call 2 returned a vector, but the earlier calls returned scalars"
    );
    let rows = vec![Value::row(vec![1.0, 2.0]), Value::row(vec![1.0])];
    assert_eq!(
        message(combine("arrayfun", rows)),
        "arrayfun: call 2 returned a vector of length 1, but the earlier calls returned vectors of length 2"
    );
    let rows = vec![Value::row(vec![1.0]), Value::Bool(true)];
    assert_eq!(
        message(combine("parmap", rows)),
        "parmap: call 2 returned a scalar, but the earlier calls returned vectors"
    );
    let bools = combine("parmap", vec![Value::Bool(true), Value::Bool(false)]).unwrap();
    assert_eq!(bools, Value::row(vec![1.0, 0.0]));
}

#[test]
fn argument_errors() {
    assert_eq!(
        message(call("parmap", vec![Value::Scalar(1.0), Value::Scalar(1.0)])),
        "parmap: first argument must be a lambda or function handle, got scalar"
    );
    let grid = Value::matrix_rows(2, 2, vec![1.0; 4]);
    assert_eq!(
        message(call("arrayfun", vec![handle("relu"), grid])),
        "arrayfun: inputs must be a vector or scalar, got matrix"
    );
    assert_eq!(
        message(call("parmap", vec![handle("relu")])),
        "wrong number of arguments for 'parmap': expected 2, got 1"
    );
}

#[test]
fn feval_calls_handles_lambdas_and_names() {
    let args = vec![Value::str("relu"), Value::Scalar(-2.0)];
    assert_eq!(call("feval", args).unwrap(), Value::Scalar(0.0));
    assert_eq!(
        call("feval", vec![handle("gelu"), Value::Scalar(0.0)]).unwrap(),
        Value::Scalar(0.0)
    );
    assert_eq!(
        call("feval", vec![relu_lambda(), Value::Scalar(5.0)]).unwrap(),
        Value::Scalar(5.0)
    );
    let b = lookup("feval").unwrap();
    let three = Args::new(b.name, vec![handle("svd"), Value::Scalar(2.0)], 3);
    let out = (b.func)(&mut interp(), three).unwrap();
    assert_eq!(out.type_name(), "tuple");
    assert_eq!(
        message(call("feval", vec![Value::Scalar(1.0)])),
        "feval: first argument must be a lambda, function handle or function name, got scalar"
    );
    assert_eq!(
        message(call("feval", vec![])),
        "wrong number of arguments for 'feval': expected at least 1, got 0"
    );
}

#[test]
fn tasks_may_not_plot_or_reseed() {
    let mut i = interp();
    i.in_parallel_task = true;
    let plot = crate::builtins::check_pure(&i, "plot").unwrap_err();
    assert_eq!(
        plot.message,
        "parmap: cannot plot from a parallel lambda — the lambda must be pure"
    );
    assert!(crate::builtins::check_pure(&i, "seed").is_err());
    assert!(crate::builtins::check_pure(&i, "sum").is_ok());
    i.in_parallel_task = false;
    assert!(crate::builtins::check_pure(&i, "plot").is_ok());
}
