//! The interpreter benchmarks of `../shared/bench` print the same checksums as rustlab
//! (within tolerance). Their timing is measured by `scripts/bench-interpreter`, never here.

use crate::common;

#[test]
fn benchmark_scripts_print_rustlabs_checksums() {
    let Some(shared) = common::shared("the benchmark checksums", &["bench", "bench/expected"])
    else {
        return;
    };
    let bench = shared.join("bench");
    let mut scripts: Vec<_> = std::fs::read_dir(&bench)
        .expect("bench dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rlab"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 10, "{} benchmark scripts", scripts.len());
    let mut failures = Vec::new();
    for script in scripts {
        let name = script.file_stem().unwrap().to_string_lossy().to_string();
        let run = common::rlbook(&bench, &["run", &format!("{name}.rlab")], &[]);
        let expected =
            std::fs::read_to_string(bench.join(format!("expected/{name}.txt"))).expect("expected");
        let diffs = common::numcmp(&expected, &run.stdout);
        if !run.ok || !diffs.is_empty() {
            failures.push(format!("{name}: {}{}", run.stderr, diffs.join("\n")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
