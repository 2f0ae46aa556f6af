//! The book-wide table: numbering of every kind, lesson numbers, figures of several-figure
//! blocks, and the problems (defined twice, unknown, misplaced) at their places.

use super::*;
use crate::book::Lesson;
use crate::exec::BlockRun;
use crate::render::testutil::book_of;
use rlab::Figure;
use std::path::PathBuf;

fn lesson(name: &str, src: &str) -> Lesson {
    let path = PathBuf::from(format!("/b/content/{name}.md"));
    Lesson::parse(path, format!("content/{name}.md"), src.into(), vec![]).unwrap()
}

fn drew(n: u32) -> BlockRun {
    BlockRun {
        executed: true,
        figures: (0..n).map(|i| Figure::new(i + 1)).collect(),
        ..BlockRun::default()
    }
}

fn numbers(xrefs: &Xrefs, labels: &[&str]) -> Vec<String> {
    labels
        .iter()
        .map(|l| xrefs.get(l).map_or("-".into(), Target::text))
        .collect()
}

#[test]
fn every_kind_is_numbered_per_lesson_in_page_order() {
    let a = "---\ntitle: A\n---\n# A\n\n## One {#sec-one}\n\n### Sub {#sec-sub}\n\n## Two {#sec-two}\n\n\
             $$x$$ {#eq-x}\n\n$$y$$\n\n$$z$$ {#eq-z}\n\n| a |\n|---|\n| 1 |\n\nTable: Ones {#tbl-ones}\n\n\
             ```rlab,label=fig-a\nplot(1)\n```\n\n```rlab,label=fig-b,caption=\"Bs\"\nplot(1)\n```\n";
    let b = "# B\n\nSee @fig-a-1, @fig-b and @sec-one.\n";
    let book = book_of(vec![lesson("07-a", a), lesson("intro", b)]);
    let runs = vec![
        LessonRun {
            blocks: vec![drew(2), drew(1)],
            ..LessonRun::default()
        },
        LessonRun::default(),
    ];
    let (xrefs, problems) = Xrefs::collect(&book, &runs);
    assert!(problems.is_empty(), "{problems:?}");
    let labels = [
        "sec-one", "sec-sub", "sec-two", "eq-x", "eq-z", "tbl-ones", "fig-a-1", "fig-a-2", "fig-b",
    ];
    assert_eq!(
        numbers(&xrefs, &labels),
        [
            "Section 7.1",
            "Section 7.1.1",
            "Section 7.2",
            "Eq. (7.1)",
            "Eq. (7.2)",
            "Table 7.1",
            "Figure 7.1",
            "Figure 7.2",
            "Figure 7.3"
        ]
    );
    assert_eq!(
        xrefs.get("fig-a"),
        None,
        "a block of two figures numbers each"
    );
    assert_eq!(
        xrefs.get("fig-b").map(Target::caption).as_deref(),
        Some("Figure 7.3: Bs")
    );
    assert_eq!(
        xrefs.get("tbl-ones").map(Target::caption).as_deref(),
        Some("Table 7.1: Ones")
    );
    assert_eq!(
        xrefs.figure("07-a", 0, 1).map(|t| t.label.as_str()),
        Some("fig-a-2")
    );
    assert_eq!(
        lesson_number(&book, 1),
        2,
        "no number in the name: its place"
    );
    let refs = &xrefs.lesson("intro").unwrap().refs;
    assert_eq!(refs.len(), 3);
    assert_ne!(xrefs.digest_for("intro"), xrefs.digest_for("07-a"));
}

#[test]
fn problems_name_their_places() {
    let a = "# A\n\n## X {#sec-x}\n\n# Top {#sec-top}\n\n## Y {#fig-y}\n\nNot code: @tbl-none, `@tbl-code`, \\@tbl-esc.\n";
    let b = "# B\n\n## X again {#sec-x}\n\n[link @sec-in-link](x.md)\n";
    let book = book_of(vec![lesson("01-a", a), lesson("02-b", b)]);
    let (_, problems) = Xrefs::collect(&book, &[]);
    let texts: Vec<String> = problems.iter().map(Diagnostic::text).collect();
    assert_eq!(texts.len(), 4, "{texts:#?}");
    assert!(texts[0].starts_with("content/01-a.md:5:9: label 'sec-top' on a level-1 heading"));
    assert!(texts[1].starts_with(
        "content/01-a.md:7:8: label 'fig-y' on a heading: a heading's label starts with 'sec-'"
    ));
    assert_eq!(
        texts[2],
        "content/02-b.md:3:14: label 'sec-x' is defined twice (first at content/01-a.md:3:8)\n  3 | ## X again {#sec-x}\n    |              ^^^^^"
    );
    assert_eq!(
        texts[3],
        "content/01-a.md:9:11: unknown cross-reference '@tbl-none'\n  9 | Not code: @tbl-none, `@tbl-code`, \\@tbl-esc.\n    |           ^^^^^^^^^"
    );
    assert!(
        problems
            .iter()
            .all(|p| p.is_error() && p.kind == crate::diagnostic::Kind::Xref)
    );
}
