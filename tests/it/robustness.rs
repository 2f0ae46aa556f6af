//! No input may panic the interpreter: every corpus script, every corpus notebook (its blocks
//! as one program) and the seed program are run truncated at every line and with many
//! deterministic single-byte edits, each in a fresh session with a short time limit. Every
//! run must end with output or a clean error, never a panic.

use crate::common;

use rlab::{Config, Limits, Mode, Session};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::Duration;

const EDITS_PER_SOURCE: usize = 40;
const EDIT_BYTES: &[u8] = b"()[]{}'\"\n;,.:=+-*/^@!&|%#\t 0123456789e_axnd";

fn sources(shared: &Path) -> Vec<(String, String)> {
    let course = shared.join("corpus/rustlab_llm");
    let mut out = Vec::new();
    let mut files: Vec<_> = walk(&course.join("lessons"));
    files.push(shared.join("seed/lesson-12-program.rlab"));
    for f in files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rlab"))
    {
        out.push((
            f.display().to_string(),
            std::fs::read_to_string(&f).expect("read"),
        ));
    }
    for nb in walk(&course.join("notebooks")) {
        let text = std::fs::read_to_string(&nb).expect("read");
        let program: String = common::code_blocks(&text)
            .into_iter()
            .map(|b| b.code)
            .collect();
        out.push((nb.display().to_string(), program));
    }
    out
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if e.path().is_dir() {
            v.extend(walk(&e.path()));
        } else {
            v.push(e.path());
        }
    }
    v.sort();
    v
}

/// Run `code` in a fresh session; a panic fails the test with the input.
fn run_without_panic(code: &str, what: &str, dir: &Path) {
    let config = Config {
        mode: Mode::Script,
        base_dir: dir.to_path_buf(),
        limits: Limits {
            time: Some(Duration::from_secs(2)),
            max_alloc_bytes: 64 << 20,
            max_call_depth: 64,
        },
        ..Config::default()
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut session = Session::new(config, Some(1));
        let out = session.run_block("input.rlab", 1, code);
        (out.text.len(), out.error.map(|e| e.rendered()))
    }));
    assert!(result.is_ok(), "panic on {what}:\n{code}");
}

#[test]
fn truncated_and_edited_programs_never_panic() {
    let Some(shared) = common::shared(
        "the robustness test",
        &[
            "corpus/rustlab_llm/lessons",
            "corpus/rustlab_llm/notebooks",
            "seed/lesson-12-program.rlab",
        ],
    ) else {
        return;
    };
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut rng = common::XorShift(0x2545_f491_4f6c_dd1d);
    let mut runs = 0;
    for (name, text) in sources(&shared) {
        let mut end = 0;
        for line in text.split_inclusive('\n') {
            end += line.len();
            run_without_panic(&text[..end], &format!("{name} truncated"), scratch.path());
            runs += 1;
        }
        for k in 0..EDITS_PER_SOURCE {
            if let Some(edited) = common::edit(&text, &mut rng, EDIT_BYTES) {
                run_without_panic(&edited, &format!("{name} edit {k}"), scratch.path());
                runs += 1;
            }
        }
    }
    assert!(runs > 1000, "only {runs} runs");
}
