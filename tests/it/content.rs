//! The course rlbook ships (`content/`, `book.toml`, `expected/`) builds as a test: against
//! its committed record (locked, as in CI), with every block, inline value, script and figure.

use crate::common;

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
    check_lesson_page(&page);
    let (figures, over) = common::figures_over_budget(&dir.path().join("site"));
    assert_eq!(figures, 8, "4 on the lesson page, 4 on script pages");
    assert!(over.is_empty(), "{over:#?}");
}

/// The acceptance of the book issue for the lesson-12 page: ten blocks whose outputs match the
/// seed's (numcmp tolerance), four figures, highlighted code, both generated tables filled.
fn check_lesson_page(page: &str) {
    assert_eq!(page.matches("<section class=\"rlab-block\"").count(), 10);
    assert_eq!(page.matches("<figure class=\"plot\"").count(), 4);
    assert!(
        page.matches("class=\"hl-").count() > 100,
        "highlighted code"
    );
    let table = |class: &str| {
        let start = page
            .find(&format!("<table class=\"generated {class}\">"))
            .expect(class);
        page[start..]
            .find("</table>")
            .map(|end| page[start..start + end].matches("<tr>").count())
    };
    assert_eq!(table("scripts-table"), Some(8), "header + 7 scripts");
    assert!(
        table("outputs-summary").unwrap_or(0) > 25,
        "labelled values of every block"
    );
    let Some(shared) = common::shared_or_notice("the seed comparison of the lesson page") else {
        return;
    };
    let printed: Vec<String> = page
        .split("<pre class=\"output\" tabindex=\"0\">")
        .skip(1)
        .filter_map(|rest| rest.split("</pre>").next())
        .map(common::unescape)
        .collect();
    let expected =
        std::fs::read_to_string(shared.join("seed/lesson-12-outputs.txt")).expect("seed");
    let diffs = common::numcmp(&expected, &printed.join("\n"));
    assert!(
        diffs.is_empty(),
        "page outputs differ from the seed:\n{}",
        diffs.join("\n")
    );
}
