//! Bounded execution: a run that loops forever stops at its time limit, a cancelled run stops
//! at the next statement or loop iteration, a huge allocation and runaway recursion end in
//! clear errors; the session stays usable afterwards.

use rlab::{Config, ErrorKind, Limits, Session};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn session(limits: Limits, cancel: Option<Arc<AtomicBool>>) -> Session {
    let config = Config {
        limits,
        cancel,
        ..Config::default()
    };
    Session::new(config, Some(0))
}

fn short_limit() -> Limits {
    Limits {
        time: Some(Duration::from_millis(200)),
        ..Limits::default()
    }
}

#[test]
fn an_endless_loop_stops_at_the_time_limit() {
    let mut s = session(short_limit(), None);
    let out = s.run_block("loop.rlab", 1, "k = 0;\nwhile true\n  k = k + 1;\nend\n");
    let err = out.error.expect("the loop must be stopped");
    assert_eq!(err.error.kind, ErrorKind::Limit);
    assert_eq!(err.error.message, "time limit of 0.2 s exceeded");
    assert!(
        err.rendered()
            .starts_with("loop.rlab:3:3: limit exceeded: time limit"),
        "{}",
        err.rendered()
    );
    let next = s.run_block("loop.rlab", 5, "print(k > 0)\n");
    assert_eq!(next.text, "true\n", "the session is usable after the limit");
}

#[test]
fn an_endless_recursion_stops_at_the_depth_limit() {
    let mut s = session(short_limit(), None);
    let out = s.run_block(
        "r.rlab",
        1,
        "function r = f(n)\n  r = f(n + 1);\nend\nf(1)\n",
    );
    let err = out.error.expect("recursion must be stopped");
    assert!(
        err.error.message.contains("recursion depth limit"),
        "{}",
        err.error.message
    );
}

#[test]
fn a_cancelled_run_stops() {
    let flag = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        time: None,
        ..Limits::default()
    };
    let mut s = session(limits, Some(Arc::clone(&flag)));
    let out = s.run_block("c.rlab", 1, "while true\nend\n");
    assert_eq!(out.error.expect("cancelled").error.message, "run cancelled");
    flag.store(false, Ordering::Relaxed);
    assert!(s.run_block("c.rlab", 3, "x = 1;\n").error.is_none());
}

#[test]
fn huge_allocations_fail_cleanly() {
    let mut s = session(Limits::default(), None);
    for code in [
        "zeros(1e6, 1e6)",
        "ones(1e5, 1e5)",
        "x = 1:1e12;",
        "v = []; v(1e12) = 1;",
        "randn(1e6, 1e6)",
        "repmat(1, 1e6, 1e6)",
        "[1:1e5]' * [1:1e5]",
    ] {
        let out = s.run_block("a.rlab", 1, code);
        let err = out.error.unwrap_or_else(|| panic!("{code} must fail"));
        assert_eq!(
            err.error.kind,
            ErrorKind::Limit,
            "{code}: {}",
            err.rendered()
        );
    }
}
