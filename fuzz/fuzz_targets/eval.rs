//! Fuzz target: the evaluator on arbitrary text run as one notebook block, with a small
//! budget (a short time limit, a small allocation cap, a shallow call depth) and no file
//! writes. Any program must end (normally or with an error), never panic, abort or hang;
//! every figure it draws must render to well-formed SVG.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rlab::{Config, Limits, Mode, Session};
use std::path::PathBuf;
use std::time::Duration;

fuzz_target!(|code: &str| {
    let config = Config {
        mode: Mode::Notebook,
        // A folder that does not exist: `run "x.rlab"` fails instead of reading the
        // fuzzer's working directory.
        base_dir: PathBuf::from("/nonexistent/rlbook-fuzz"),
        limits: Limits {
            time: Some(Duration::from_millis(100)),
            max_alloc_bytes: 1 << 20,
            max_call_depth: 32,
        },
        stream_stdout: false,
        write_files: false,
        cancel: None,
        host: rlab::host::NativeHost::shared(),
    };
    let mut session = Session::new(config, Some(1));
    let out = session.run_block("fuzz.md", 1, code);
    if let Some(error) = &out.error {
        assert!(!error.rendered().is_empty(), "an error renders as text");
    }
    for figure in &out.figures {
        let drawing = rlab::plot::svg::draw(figure, "f");
        assert!(drawing.svg.starts_with("<svg") && drawing.svg.ends_with("</svg>\n"));
    }
});
