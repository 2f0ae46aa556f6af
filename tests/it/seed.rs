//! The user's lesson 12 as one program: `rlbook run` must print the seed's 29 lines within
//! tolerance (the acceptance of the numeric core). Also checked with the seed's own
//! `numcmp.py` when Python is available.

use crate::common;

use std::process::Command;

#[test]
fn lesson_12_program_prints_the_seed_outputs() {
    let Some(shared) = common::shared(
        "the seed test",
        &[
            "seed/lesson-12-program.rlab",
            "seed/lesson-12-outputs.txt",
            "seed/numcmp.py",
        ],
    ) else {
        return;
    };
    let seed = shared.join("seed");
    let output = Command::new(env!("CARGO_BIN_EXE_rlbook"))
        .arg("run")
        .arg(seed.join("lesson-12-program.rlab"))
        .output()
        .expect("run rlbook");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "rlbook run failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = std::fs::read_to_string(seed.join("lesson-12-outputs.txt")).expect("outputs");
    let diffs = common::numcmp(&expected, &stdout);
    assert!(diffs.is_empty(), "seed mismatches:\n{}", diffs.join("\n"));
    assert_eq!(common::numcmp_lines(&expected).len(), 29);

    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.txt");
    std::fs::write(&out, stdout.as_bytes()).expect("write out.txt");
    match Command::new("python3")
        .arg(seed.join("numcmp.py"))
        .arg(seed.join("lesson-12-outputs.txt"))
        .arg(&out)
        .output()
    {
        Ok(py) => assert!(
            py.status.success(),
            "numcmp.py failed:\n{}",
            String::from_utf8_lossy(&py.stdout)
        ),
        Err(_) => println!("notice: python3 unavailable; numcmp.py not run"),
    }
}
