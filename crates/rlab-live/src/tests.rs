//! The request protocol, natively.

use super::*;
use serde_json::Value as Json;

fn ask(live: &mut Live, request: Json) -> Json {
    serde_json::from_str(&live.handle(&request.to_string())).unwrap()
}

fn run(live: &mut Live, block: usize, code: &str) -> Json {
    let req =
        serde_json::json!({"op": "run", "block": block, "file": "a.md", "line": 3, "code": code});
    ask(live, req)
}

#[test]
fn blocks_share_a_session_and_a_rerun_resumes_from_before_the_block() {
    let mut live = Live::default();
    ask(&mut live, serde_json::json!({"op": "start", "seed": 42}));
    assert_eq!(run(&mut live, 1, "x = 2;")["text"], "");
    assert_eq!(run(&mut live, 2, "x = x + 1; disp(x)")["text"], "3\n");
    // Block 2 again: from the state before it (x = 2), not after it.
    assert_eq!(run(&mut live, 2, "x = x * 10; disp(x)")["text"], "20\n");
    // Block 1 edited: later snapshots are dropped.
    run(&mut live, 1, "x = 5;");
    assert_eq!(run(&mut live, 2, "disp(x)")["text"], "5\n");
}

#[test]
fn nproc_is_the_books_number() {
    let mut live = Live::default();
    ask(
        &mut live,
        serde_json::json!({"op": "start", "seed": 1, "nproc": 6}),
    );
    assert_eq!(run(&mut live, 1, "disp(nproc())")["text"], "6\n");
    ask(&mut live, serde_json::json!({"op": "start", "seed": 1}));
    assert_eq!(run(&mut live, 1, "disp(nproc())")["text"], "1\n");
}

#[test]
fn errors_carry_their_position_and_figures_their_files() {
    let mut live = Live::default();
    ask(&mut live, serde_json::json!({"op": "start", "seed": 1}));
    let out = run(&mut live, 1, "y = 1;\nz = q + 1;");
    let error = out["error"].as_str().unwrap();
    assert!(
        error.starts_with("a.md:4:5: undefined variable 'q'\n"),
        "{error}"
    );
    assert!(
        error.contains("z = q + 1;") && error.contains('^'),
        "{error}"
    );
    assert!(
        out["html"]
            .as_str()
            .unwrap()
            .contains("<pre class=\"output error\"")
    );
    let out = run(&mut live, 2, "plot(1:3, [3 1 2]);");
    let html = out["html"].as_str().unwrap();
    assert!(
        html.contains("<figure class=\"plot\" id=\"rlf2-1\">"),
        "{html}"
    );
    assert!(
        html.contains("href=\"rlab-live:live/block-2-1.svg\""),
        "{html}"
    );
    assert_eq!(out["files"][0]["path"], "live/block-2-1.svg");
}

#[test]
fn the_seed_gives_the_builds_stream_and_faults_are_reported() {
    let mut live = Live::default();
    ask(&mut live, serde_json::json!({"op": "start", "seed": 42}));
    let mut session = Session::new(Config::default(), Some(42));
    let native = session.run_block("a.md", 3, "r = rand(1, 3)").text;
    assert_eq!(run(&mut live, 1, "r = rand(1, 3)")["text"], native);
    assert!(ask(&mut live, serde_json::json!({"op": "nope"}))["fault"].is_string());
    let mut fresh = Live::default();
    assert_eq!(run(&mut fresh, 1, "1")["fault"], "run before start");
}

#[test]
fn inline_values_are_steps_of_the_session_and_figures_take_the_builds_names() {
    let mut live = Live::default();
    ask(&mut live, serde_json::json!({"op": "start", "seed": 7}));
    run(&mut live, 1, "x = 0.5;");
    let inline = serde_json::json!({"op": "inline", "step": 2, "file": "a.md", "line": 9,
        "col": 3, "line_text": "v ${x * 2}", "expr": "x * 2"});
    assert_eq!(ask(&mut live, inline)["text"], "1");
    let req = serde_json::json!({"op": "run", "step": 3, "block": 2, "file": "a.md",
        "line": 12, "code": "plot(1:2, [x x]);", "cols": 1, "hide_output": true,
        "figures": [{"id": "fig-flat", "caption": "Figure 1.1: flat"}]});
    let html = ask(&mut live, req)["html"].as_str().unwrap().to_string();
    assert!(
        html.contains("id=\"fig-flat\"") && html.contains("Figure 1.1: flat"),
        "{html}"
    );
}

#[test]
fn the_books_limits_stop_a_runaway_block_and_a_script_runs_whole() {
    let mut live = Live::default();
    let start = serde_json::json!({"op": "start", "seed": 1, "time_ms": 50, "max_depth": 8});
    ask(&mut live, start);
    let out = run(&mut live, 1, "while true\nend");
    assert!(
        out["error"].as_str().unwrap().contains("time limit"),
        "{out}"
    );
    let out = run(&mut live, 2, "function r = f(n)\nr = f(n + 1);\nend\nf(1)");
    assert!(out["error"].as_str().unwrap().contains("depth"), "{out}");
    ask(
        &mut live,
        serde_json::json!({"op": "start", "seed": 1, "script": true}),
    );
    let out = ask(
        &mut live,
        serde_json::json!({"op": "script", "file": "s.rlab", "code": "disp(4)"}),
    );
    assert_eq!(out["text"], "4\n");
}

/// The `.npy` file rlab's own `save` writes for the rlab expression `value` (a native session
/// that writes files, in a folder of its own under the system's temporary folder).
fn saved_npy(value: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("rlab-live-npy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = Config {
        base_dir: dir.clone(),
        write_files: true,
        ..Config::default()
    };
    let code = format!("save(\"x.npy\", {value})\n");
    let saved = Session::new(config, Some(1)).run_block("t", 1, &code);
    assert!(saved.error.is_none(), "{:?}", saved.error);
    let bytes = std::fs::read(dir.join("x.npy")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    bytes
}

#[test]
fn binary_files_ship_in_base64_and_load_reads_them() {
    use base64::Engine as _;
    let bytes = saved_npy("[1.5, -2.0, 4.0]");
    assert!(std::str::from_utf8(&bytes).is_err(), "not text");
    let encoded = base64::engine::general_purpose::STANDARD.encode(&bytes);
    let mut live = Live::default();
    let start = serde_json::json!({"op": "start", "seed": 1,
        "files": {"data/t.csv": "1,2\n3,4\n"}, "binary": {"data/x.npy": encoded}});
    assert_eq!(ask(&mut live, start)["fault"], Json::Null);
    let out = run(
        &mut live,
        1,
        "x = load(\"data/x.npy\");\nprint(sum(x), x(2))\nt = load(\"./data/t.csv\");\nprint(t(2, 1))",
    );
    assert_eq!(out["error"], Json::Null, "{out}");
    let mut native = Session::new(Config::default(), Some(1));
    let expected = native
        .run_block(
            "a.md",
            3,
            "x = [1.5, -2.0, 4.0];\nprint(sum(x), x(2))\nprint(3)",
        )
        .text;
    assert_eq!(out["text"], expected);
    let bad = serde_json::json!({"op": "start", "seed": 1, "binary": {"x.npy": "**"}});
    let fault = ask(&mut live, bad)["fault"].as_str().unwrap().to_string();
    assert!(fault.contains("'x.npy' is not base64"), "{fault}");
}

#[test]
fn a_check_runs_the_readers_code_and_judges_each_variable() {
    let mut live = Live::default();
    ask(&mut live, serde_json::json!({"op": "start", "seed": 1}));
    run(&mut live, 1, "Q = [1 2; 3 4];");
    let expect = serde_json::json!([
        {"name": "A", "rows": 2, "cols": 2, "re": [2, 6, 4, 8], "im": null},
        {"name": "total", "rows": 1, "cols": 1, "re": [20], "im": null},
        {"name": "s", "text": "done"}
    ]);
    let check = |live: &mut Live, code: &str| {
        let req = serde_json::json!({"op": "check", "step": 2, "block": 2, "file": "a.md",
            "line": 9, "code": code, "expect": expect, "rtol": 1e-9, "atol": 0.0});
        ask(live, req)
    };
    let right = check(
        &mut live,
        "A = 2 * Q;\ntotal = sum(A(:));\ns = \"done\";\ndisp(total)",
    );
    assert_eq!(right["text"], "20\n");
    let verdicts: Vec<&str> = (right["checks"].as_array().unwrap().iter())
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "✓ A matches (largest error 0)",
            "✓ total matches (largest error 0)",
            "✓ s matches"
        ]
    );
    // Each check starts again from the session before the starter block.
    let wrong = check(&mut live, "A = 2 * Q';");
    let texts: Vec<&str> = (wrong["checks"].as_array().unwrap().iter())
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert!(
        texts[0].starts_with("✗ A differs in 2 of 4 entries"),
        "{texts:?}"
    );
    assert_eq!(texts[1], "✗ total is missing: your code does not set it");
    assert!(wrong["checks"][0]["ok"] == false);
    let failed = check(&mut live, "A = B;");
    assert!(
        failed["error"]
            .as_str()
            .unwrap()
            .starts_with("a.md:9:5: undefined variable 'B'")
    );
    assert!(failed.get("checks").is_none(), "{failed}");
}

#[test]
fn checks_leave_no_trace_and_steps_passed_over_keep_their_snapshots() {
    let mut live = Live::default();
    ask(&mut live, serde_json::json!({"op": "start", "seed": 1}));
    run(&mut live, 1, "a = 1;");
    // Step 2 (a starter) is passed over; step 3 runs after step 1.
    let req = |step: usize, code: &str| {
        serde_json::json!({"op": "run", "step": step,
        "block": step, "file": "a.md", "line": 1, "code": code})
    };
    ask(&mut live, req(3, "b = a + 1;"));
    let expect = serde_json::json!([{"name": "t", "rows": 1, "cols": 1, "re": [5], "im": null}]);
    let check = |live: &mut Live, code: &str| {
        let mut r = req(4, code);
        r["op"] = "check".into();
        r["expect"] = expect.clone();
        r["rtol"] = 0.0.into();
        r["atol"] = 0.0.into();
        ask(live, r)
    };
    assert_eq!(check(&mut live, "t = 5;")["checks"][0]["ok"], true);
    let again = check(&mut live, "u = 1;");
    assert_eq!(
        again["checks"][0]["text"],
        "✗ t is missing: your code does not set it"
    );
    // The next step sees the session without the reader's code, and step 2's snapshot is
    // the session after step 1.
    let next = ask(&mut live, req(5, "disp(10 * b)\ndisp(u)"));
    assert_eq!(next["text"], "20\n");
    assert!(
        next["error"]
            .as_str()
            .unwrap()
            .contains("undefined variable 'u'"),
        "{next}"
    );
    let second = ask(&mut live, req(2, "disp(a)\ndisp(b)"));
    assert_eq!(second["text"], "1\n");
    assert!(
        second["error"]
            .as_str()
            .unwrap()
            .contains("undefined variable 'b'"),
        "{second}"
    );
}
