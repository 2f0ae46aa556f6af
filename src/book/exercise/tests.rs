//! Unit tests of finding exercises.

use crate::book::Lesson;

fn lesson(source: &str) -> anyhow::Result<Lesson> {
    let path = std::path::PathBuf::from("/book/content/03-x.md");
    Lesson::parse(path, "content/03-x.md".into(), source.into(), Vec::new())
}

const SOURCE: &str = "# T\n\n```rlab\nQ = 1;\n```\n\n## Exercises\n\n\
<!-- exercise: Scale -->\nDo it.\n\n```rlab,check=\"A, b\",rtol=1e-6\nA = Q;\n```\n\n\
Count: <!-- answer: ${sum(A(:) > 0.5)} rtol=0.1 -->\n\n<!-- hint -->\nOne.\n\n<!-- hint -->\nTwo.\n\n\
<!-- solution -->\n```rlab\nA = 2 * Q;\nb = 1;\n```\n<!-- end -->\n\nAfter ${b}.\n\n\
<!-- exercise -->\nNo check.\n\n## Next\n";

#[test]
fn exercises_hold_their_starter_answers_hints_and_solution() {
    let l = lesson(SOURCE).unwrap();
    assert_eq!(l.exercises.len(), 2);
    let e = &l.exercises[0];
    assert_eq!(
        (e.number, e.title.as_deref(), e.line),
        (1, Some("Scale"), 9)
    );
    assert_eq!(e.starter, Some(1));
    assert_eq!(e.checked(&l.blocks), ["A", "b"]);
    assert!(l.blocks[1].attrs.no_run);
    assert_eq!(e.hints.len(), 2);
    assert!(SOURCE[e.hints[1]..].starts_with("<!-- hint -->\nTwo."));
    assert_eq!(e.solution_blocks, [2]);
    assert!(SOURCE[e.span.end..].starts_with("<!-- end -->"));
    let a = &e.answers[0];
    assert_eq!(a.expr, "sum(A(:) > 0.5)");
    assert_eq!((a.line, a.col, a.rtol, a.atol), (16, 21, Some(0.1), None));
    assert!(SOURCE[a.span.clone()].starts_with("<!-- answer"));
    assert!(SOURCE[a.span.clone()].ends_with("-->"));
    // The answer's `${…}` is not an inline value of the prose; the one after the exercise is.
    assert_eq!(l.inlines.len(), 1);
    assert_eq!(l.inlines[0].expr, "b");
    let second = &l.exercises[1];
    assert!(!second.checks_anything());
    assert!(SOURCE[second.span.end..].starts_with("## Next"));
}

fn error(source: &str) -> String {
    lesson(source).unwrap_err().to_string()
}

#[test]
fn misplaced_parts_and_bad_starters_are_load_errors() {
    let stray = error("# T\n\n<!-- hint -->\nH.\n");
    assert!(
        stray.starts_with("content/03-x.md:3:1: hints and answer boxes belong in an exercise"),
        "{stray}"
    );
    let late = error("<!-- exercise -->\nQ.\n\n<!-- solution -->\nS.\n\n<!-- hint -->\nH.\n");
    assert!(
        late.contains(":7:1: hints and answer boxes come before"),
        "{late}"
    );
    let outside = error("```rlab,check=A\nA = 1;\n```\n");
    assert!(
        outside.contains(":1:1: a check block belongs in an exercise"),
        "{outside}"
    );
    let two =
        error("<!-- exercise -->\n```rlab,check=A\nA = 1;\n```\n\n```rlab,check=B\nB = 1;\n```\n");
    assert!(
        two.contains(":6:1: an exercise has one check block"),
        "{two}"
    );
    let syntax = error("<!-- exercise -->\n```rlab,check=A\nx = 1;\nA = (1 + ;\n```\n");
    assert!(
        syntax.starts_with("content/03-x.md:4:10: the starter code of exercise 1 does not parse"),
        "{syntax}"
    );
    let answer = error("<!-- exercise -->\nN: <!-- answer: 42 -->\n");
    assert!(
        answer.contains("an answer box is <!-- answer: ${expr} -->"),
        "{answer}"
    );
    let setting = error("<!-- exercise -->\n<!-- answer: ${1} tol=2 -->\n");
    assert!(
        setting.contains("unknown answer setting 'tol=2'"),
        "{setting}"
    );
}
