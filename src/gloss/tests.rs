//! The glossary of a small book: marks and anchors, uses, the index merged and sorted, the
//! digest, and the errors of uses (unknown term, no glossary) and markers.

use super::*;
use crate::test_support::{book, write};

const GLOSSARY: &str = r#"[[term]]
name = "softmax"
definition = "Exponentiate, then normalise."

[[term]]
name = "causal mask"
definition = "A mask that hides every later position from a token."
aliases = ["look-ahead mask"]

[[term]]
name = "Attention"
definition = "Weights over positions."
"#;

const FIRST: &str = "# A\n\nThe [causal mask]{.term} hides; [look-ahead masks]{.term} too.\n\n\
                     <!-- index: attention; Causal Mask; attention!scaled dot-product -->\n\n\
                     Then [the weights]{term=\"softmax\"}, not `[code]{.term}`.\n";
const SECOND: &str =
    "# B\n\n<!-- index: Zeta; attention -->\n\n[attention]{.term} and [causal masks]{.term}.\n";

/// A book of `lessons` (`01-l.md`, `02-l.md`, …) with `glossary` as its glossary file.
fn book_of(glossary: Option<&str>, lessons: &[&str]) -> (tempfile::TempDir, Book) {
    let dir = tempfile::tempdir().unwrap();
    if let Some(text) = glossary {
        write(
            dir.path(),
            "book.toml",
            "[book]\nglossary = \"glossary.toml\"\n",
        );
        write(dir.path(), "glossary.toml", text);
    }
    for (i, text) in lessons.iter().enumerate() {
        write(dir.path(), &format!("content/0{}-l.md", i + 1), text);
    }
    let book = book(dir.path());
    (dir, book)
}

/// `(slug anchor)` of each place.
fn places<'a>(found: impl IntoIterator<Item = &'a Place>) -> Vec<String> {
    (found.into_iter())
        .map(|p| format!("{} {}", p.slug, p.anchor))
        .collect()
}

/// The problems as the terminal shows them.
fn texts(problems: &[Diagnostic]) -> String {
    let texts: Vec<String> = problems.iter().map(Diagnostic::text).collect();
    texts.join("\n")
}

#[test]
fn every_use_and_marker_is_a_mark_with_an_anchor_in_source_order() {
    let (_dir, book) = book_of(Some(GLOSSARY), &[FIRST, SECOND]);
    let (glossary, problems) = Glossary::collect(&book);
    assert!(problems.is_empty(), "{}", texts(&problems));
    assert!(glossary.has_glossary());
    let marks: Vec<(&str, &str, String)> = (glossary.marks("01-l").iter())
        .map(|m| {
            let kind = match &m.kind {
                MarkKind::Use { term, text } => format!("{term}: {text}"),
                MarkKind::Index => "index".into(),
            };
            (m.anchor.as_str(), &FIRST[m.span.clone()], kind)
        })
        .collect();
    let index_marker = "<!-- index: attention; Causal Mask; attention!scaled dot-product -->";
    assert_eq!(
        marks,
        [
            (
                "ix-1",
                "[causal mask]{.term}",
                "causal-mask: causal mask".into()
            ),
            (
                "ix-2",
                "[look-ahead masks]{.term}",
                "causal-mask: look-ahead masks".into()
            ),
            ("ix-3", index_marker, "index".into()),
            (
                "ix-4",
                "[the weights]{term=\"softmax\"}",
                "softmax: the weights".into()
            ),
        ]
    );
    assert!(glossary.marks("nope").is_empty());
    assert_eq!(glossary.marks("02-l").len(), 3);
}

#[test]
fn terms_are_sorted_and_each_lists_where_it_is_used() {
    let (_dir, book) = book_of(Some(GLOSSARY), &[FIRST, SECOND]);
    let (glossary, _) = Glossary::collect(&book);
    let names: Vec<&str> = glossary.terms().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Attention", "causal mask", "softmax"]);
    assert_eq!(glossary.term("attention").unwrap().name, "Attention");
    assert!(glossary.term("Attention").is_none());
    assert_eq!(
        places(glossary.uses("causal-mask")),
        ["01-l ix-1", "01-l ix-2", "02-l ix-3"]
    );
    assert_eq!(places(glossary.uses("attention")), ["02-l ix-2"]);
    assert!(glossary.uses("nope").is_empty());
    let at = glossary.uses("softmax")[0].at;
    assert!(FIRST[at..].starts_with("[the weights]"));
}

#[test]
fn the_index_merges_terms_markers_and_alike_headings_and_is_sorted() {
    let (_dir, book) = book_of(Some(GLOSSARY), &[FIRST, SECOND]);
    let (glossary, _) = Glossary::collect(&book);
    let entries: Vec<String> = (glossary.index().iter())
        .map(|e| {
            let subs: Vec<String> = (e.subs.iter())
                .map(|(h, p)| format!("{h}: {}", places(p).join(", ")))
                .collect();
            format!(
                "{} [{}] {} {{{}}}",
                e.heading,
                e.term.as_deref().unwrap_or("-"),
                places(&e.places).join(", "),
                subs.join("; ")
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            "Attention [attention] 01-l ix-3, 02-l ix-1, 02-l ix-2 {scaled dot-product: 01-l ix-3}",
            "causal mask [causal-mask] 01-l ix-1, 01-l ix-2, 01-l ix-3, 02-l ix-3 {}",
            "softmax [softmax] 01-l ix-4 {}",
            "Zeta [-] 02-l ix-1 {}",
        ]
    );
    assert_eq!(letter(&glossary.index()[3].heading), "Z");
}

#[test]
fn a_page_s_digest_follows_its_marks_and_the_terms_it_uses() {
    let (_dir, book) = book_of(Some(GLOSSARY), &[FIRST, SECOND]);
    let (glossary, _) = Glossary::collect(&book);
    let (again, _) = Glossary::collect(&book);
    assert_eq!(glossary.digest_for("01-l"), again.digest_for("01-l"));
    assert_ne!(glossary.digest_for("01-l"), glossary.digest_for("02-l"));
    let changed = GLOSSARY.replace("Exponentiate, then normalise.", "Normalised exponentials.");
    let (_dir, other) = book_of(Some(&changed), &[FIRST, SECOND]);
    let (other, _) = Glossary::collect(&other);
    assert_ne!(glossary.digest_for("01-l"), other.digest_for("01-l"));
    assert_eq!(glossary.digest_for("02-l"), other.digest_for("02-l"));
}

#[test]
fn an_unknown_term_is_an_error_at_its_name_with_the_closest() {
    let lesson = "# C\n\nA [causl mask]{.term}, [it]{term=\"sofmax\"}, [qwerty]{.term}.\n";
    let (_dir, book) = book_of(Some(GLOSSARY), &[lesson]);
    let (glossary, problems) = Glossary::collect(&book);
    insta::assert_snapshot!(texts(&problems));
    assert!(glossary.marks("01-l").is_empty());
    assert!(glossary.index().is_empty());
}

#[test]
fn a_use_in_a_book_without_a_glossary_is_an_error_and_markers_still_index() {
    let lesson = "# C\n\nThe [causal mask]{.term}.\n\n<!-- index: masks -->\n";
    let (_dir, book) = book_of(None, &[lesson]);
    let (glossary, problems) = Glossary::collect(&book);
    insta::assert_snapshot!(texts(&problems));
    assert!(!glossary.has_glossary() && glossary.terms().is_empty());
    let marks = glossary.marks("01-l");
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].anchor, "ix-1");
    assert_eq!(glossary.index()[0].heading, "masks");
}

#[test]
fn a_broken_glossary_file_is_reported_once_not_at_every_use() {
    let broken = "[[term]]\nname = \"softmax\"\n";
    let (_dir, book) = book_of(Some(broken), &["# C\n\n[softmax]{.term} [other]{.term}\n"]);
    let (glossary, problems) = Glossary::collect(&book);
    assert_eq!(problems.len(), 1, "{}", texts(&problems));
    assert!(
        problems[0]
            .text()
            .starts_with("glossary.toml:1:1: glossary term 'softmax' has no definition")
    );
    assert!(glossary.has_glossary() && glossary.marks("01-l").is_empty());
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "book.toml",
        "[book]\nglossary = \"missing.toml\"\n",
    );
    write(dir.path(), "content/01-l.md", "# C\n\n[softmax]{.term}\n");
    let (_, problems) = Glossary::collect(&crate::test_support::book(dir.path()));
    assert_eq!(problems.len(), 1);
    let text = problems[0].text();
    assert!(
        text.starts_with("missing.toml: cannot read the glossary file missing.toml: "),
        "{text}"
    );
}

#[test]
fn a_marker_without_an_entry_is_a_warning_and_no_mark() {
    let (_dir, book) = book_of(None, &["# C\n\nText <!-- index: ; --> and more.\n"]);
    let (glossary, problems) = Glossary::collect(&book);
    assert_eq!(problems.len(), 1);
    assert!(!problems[0].is_error());
    let text = problems[0].text();
    assert!(
        text.starts_with("warning: content/01-l.md:3:6: index marker without an entry"),
        "{text}"
    );
    assert!(glossary.marks("01-l").is_empty() && glossary.index().is_empty());
    let empty = Glossary::default();
    assert!(!empty.has_glossary() && empty.terms().is_empty() && empty.index().is_empty());
}
