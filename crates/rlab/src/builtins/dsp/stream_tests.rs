//! Tests of the streaming forms (`stream`): a whole stream gives the batch numbers, states
//! are handles, and odd input fails cleanly or gives empty results, never a panic.

use crate::value::Value;
use crate::{Config, Session};

/// A session after running `program` (panics on an error).
fn session_after(program: &str) -> Session {
    let mut session = Session::new(Config::default(), Some(7));
    let out = session.run_block("t.rlab", 1, program);
    if let Some(e) = out.error {
        panic!("{program}: {}", e.rendered());
    }
    session
}

/// The value of variable `name` after `program`.
fn value_after(program: &str, name: &str) -> Value {
    session_after(program)
        .variable(name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} undefined"))
}

/// The error message of `program` (panics when it runs).
fn error_of(program: &str) -> String {
    let mut session = Session::new(Config::default(), Some(7));
    let out = session.run_block("t.rlab", 1, program);
    out.error.expect("an error").message()
}

#[test]
fn a_whole_stream_is_bit_identical_to_one_stft() {
    // Uneven chunk sizes (1 to 97 samples), a hop of 24, a window shorter than nfft.
    let program = "x = randn(1, 3000) + 0.3*sin(0.2*(1:3000));\n\
        [S, f, t] = stft(x, 500, window(\"hamming\", 40), 16, 60);\n\
        st = stft_stream_init(500, window(\"hamming\", 40), 16, 60);\n\
        cols = zeros(33, 0); at = 0; k = 1;\n\
        while at < 3000\n  n = min(mod(k * 37, 97) + 1, 3000 - at);\n\
          [C, st] = stft_stream(x(at + 1 : at + n), st);\n  cols = [cols, C];\n\
          at = at + n; k = k + 1;\nend\n\
        same = numel(S) == numel(cols) && max(max(abs(S - cols))) == 0;\n";
    assert_eq!(value_after(program, "same"), Value::Bool(true));
}

#[test]
fn a_two_sided_complex_stream_matches_a_two_sided_stft() {
    let program = "x = randn(1, 200) + j*randn(1, 200);\n\
        S = stft(x, 10, window(\"hann\", 16), 8, 16, \"twosided\");\n\
        st = stft_stream_init(10, window(\"hann\", 16), 8, 16, \"twosided\");\n\
        [A, st] = stft_stream(x(1:77), st); [B, st] = stft_stream(x(78:200), st);\n\
        C = [A, B]; same = numel(S) == numel(C) && max(max(abs(S - C))) == 0;\n";
    assert_eq!(value_after(program, "same"), Value::Bool(true));
}

#[test]
fn the_cumulative_welch_stream_converges_to_pwelch() {
    let program = "x = randn(1, 4096);\n\
        P = pwelch(x, 100, window(\"hamming\", 128), 64, 128);\n\
        st = pwelch_stream_init(100, window(\"hamming\", 128), 64, 128);\n\
        for k = 0:31\n  [Q, st] = pwelch_stream(x(k*128 + 1 : (k+1)*128), st);\nend\n\
        err = max(abs(P - Q)) / max(P);\n";
    match value_after(program, "err") {
        Value::Scalar(e) => assert!(e < 1e-12, "relative error {e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_cwt_stream_transforms_its_latest_window() {
    let program = "x = randn(1, 300);\n\
        st = cwt_stream_init(50, 128, 8);\n\
        [W, st] = cwt_stream(x(1:100), st); empty = size(W, 2);\n\
        [W, st] = cwt_stream(x(101:300), st);\n\
        V = cwt(x(173:300), 50, \"morlet\", 8); same = numel(W) == numel(V) && max(max(abs(W - V))) == 0;\n";
    let session = session_after(program);
    assert_eq!(session.variable("empty"), Some(&Value::Scalar(0.0)));
    assert_eq!(session.variable("same"), Some(&Value::Bool(true)));
}

#[test]
fn odd_frames_and_states_fail_cleanly() {
    // Empty, NaN and infinite frames are data: they complete columns or not, no panic.
    let program = "st = stft_stream_init(8, [1, 1], 1, 2);\n\
        [A, st] = stft_stream([], st); [B, st] = stft_stream([NaN, Inf, 1], st);\n\
        p = pwelch_stream_init(8, [1, 1], 0, 2); [P, p] = pwelch_stream(zeros(1, 0), p);\n\
        c = cwt_stream_init(8, 2, [1, 2]); [W, c] = cwt_stream([NaN, 1, 2, 3], c);\n";
    let session = session_after(program);
    assert!(session.variable("B").is_some() && session.variable("W").is_some());
    let cases = [
        (
            "stft_stream([1, 2], cwt_stream_init(8, 4))",
            "expected a stft stream state",
        ),
        (
            "stft_stream(ones(2, 2), stft_stream_init(8, 2, 0, 2))",
            "expected vector",
        ),
        (
            "stft_stream_init(8, [1, NaN], 0, 2)",
            "window values must be finite",
        ),
        ("stft_stream_init(8, [], 0, 2)", "window is empty"),
        ("stft_stream_init(8, 4, 0, 1e30)", "too large"),
        ("pwelch_stream_init(8, [0, 0], 0, 2)", "zero energy"),
        ("cwt_stream_init(8, 4, [1, -1])", "scales must be positive"),
        ("cwt_stream_init(8, 1e12)", "n_samples must be between"),
        (
            "parmap(@(k) stft_stream(k, stft_stream_init(8, 1, 0, 1)), 1:2)",
            "parallel lambda",
        ),
    ];
    for (program, expected) in cases {
        let message = error_of(program);
        assert!(message.contains(expected), "{program}: {message}");
    }
}
