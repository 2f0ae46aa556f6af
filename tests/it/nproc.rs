//! A book's output does not depend on the machine that builds it: `nproc()` reports the
//! book's `[exec] nproc` (1 by default, the threads rlbook's `parmap` uses), in the build and
//! in the page's live runs; changing it runs the lesson again, which then differs from the
//! record.

use crate::common::{rlbook, text_of};

const LESSON: &str = "# Cores\n\n```rlab\nprint(nproc())\n```\n";

fn book(toml: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/01-cores.md"), LESSON).unwrap();
    std::fs::write(dir.path().join("book.toml"), toml).unwrap();
    dir
}

fn built_output(dir: &std::path::Path) -> String {
    let run = rlbook(dir, &["build"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let html = std::fs::read_to_string(dir.join("site/01-cores.html")).unwrap();
    let start = html.find("<pre class=\"output").expect("an output block");
    let pre = html[start..].split("</pre>").next().unwrap();
    text_of(pre).trim().to_string()
}

#[test]
fn nproc_is_the_books_number_not_the_machines() {
    let dir = book("[book]\ntitle = \"Cores\"\n");
    assert_eq!(built_output(dir.path()), "1");
    std::fs::write(
        dir.path().join("book.toml"),
        "[book]\ntitle = \"Cores\"\n[exec]\nnproc = 6\n",
    )
    .unwrap();
    // The run is made again (not taken from the cache) and differs from the record.
    let run = rlbook(dir.path(), &["build"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains("content/01-cores.md:3 block 1 line 1: 1 → 6"),
        "{}",
        run.stderr
    );
    assert!(rlbook(dir.path(), &["bless"], &[]).ok);
    assert_eq!(built_output(dir.path()), "6");
    let live = std::fs::read_to_string(dir.path().join("site/live/01-cores.js")).unwrap();
    assert!(live.contains("\"nproc\":6"), "{live}");
}
