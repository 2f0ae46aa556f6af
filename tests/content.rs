//! The course rlbook ships (`content/`, `book.toml`, `expected/`) builds as a test: against
//! its committed record (locked, as in CI), with every block, inline value, script and figure.

mod common;

use std::path::Path;

#[test]
fn the_shipped_course_builds_against_its_record() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("temp dir");
    for part in ["content", "expected"] {
        common::copy_tree(&repo.join(part), &dir.path().join(part));
    }
    std::fs::copy(repo.join("book.toml"), dir.path().join("book.toml")).expect("book.toml");
    let run = common::rlbook(dir.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("built 1 lesson (10 blocks, 7 scripts,"),
        "{}",
        run.stdout
    );
    let page = std::fs::read_to_string(dir.path().join("site/12-layer-norm-and-residuals.html"))
        .expect("lesson page");
    for expected in [
        "layer 0 magnitude (all): 6.008513697733318",
        "geometric-mean ratio of",
        "class=\"generated outputs-summary\"",
        "jacobian_product.rlab",
    ] {
        assert!(page.contains(expected), "page lacks {expected:?}");
    }
    let scripts = std::fs::read_dir(dir.path().join("site/scripts/12-layer-norm-and-residuals"))
        .expect("script pages")
        .count();
    assert_eq!(scripts, 7);
}
