use super::*;
use crate::render::testutil::{book_of, lesson};
use std::path::PathBuf;

fn other() -> Lesson {
    let path = PathBuf::from("/b/content/02-b.md");
    Lesson::parse(path, "content/02-b.md".into(), "# B\n".into(), Vec::new()).unwrap()
}

fn page(slug: &str, body: &str) -> LessonHtml {
    LessonHtml {
        cites: false,
        terms: false,
        slug: slug.into(),
        title: slug.into(),
        body: body.into(),
        toc: Vec::new(),
        search_text: String::new(),
        figures: Vec::new(),
        scripts: Vec::new(),
        warnings: Vec::new(),
        linked: Vec::new(),
        live: None,
    }
}

fn lesson_target(slug: &str, frag: Option<&str>) -> Target<'static> {
    Target::Lesson {
        slug: slug.into(),
        frag: frag.map(String::from),
    }
}

#[test]
fn destinations_resolve_to_what_they_lead_to() {
    let book = book_of(vec![other(), lesson("# X\n")]);
    let me = &book.lessons[1];
    let at = |dest: &'static str, wiki: bool| target(&book, me, dest, wiki);
    assert_eq!(at("#top", false), lesson_target("03-x", Some("top")));
    assert_eq!(
        at("02-b.md#caf%C3%A9", false),
        lesson_target("02-b", Some("café"))
    );
    assert_eq!(at("../notes/02-b.md", false), lesson_target("02-b", None));
    assert_eq!(at("02-b.html#x", false), lesson_target("02-b", Some("x")));
    assert_eq!(at("02-b#x", true), lesson_target("02-b", Some("x")));
    let script = Target::Script {
        slug: "02-b",
        name: "s",
        frag: Some("output".into()),
    };
    assert_eq!(at("scripts/02-b/s.html#output", false), script);
    assert_eq!(
        at("img/a%20b.png?v=1", false),
        Target::File("img/a b.png".into())
    );
    assert_eq!(at("other.html", false), Target::File("other.html".into()));
    for unchecked in [
        "https://x.org/#a",
        "mailto:a@b.c",
        "/abs.html",
        "",
        "09-none.md#x",
    ] {
        assert_eq!(at(unchecked, false), Target::Unchecked, "{unchecked}");
    }
    assert_eq!(at("09-none", true), Target::Unchecked);
}

#[test]
fn fragments_are_checked_against_the_rendered_ids_and_the_template() {
    let book = book_of(vec![
        other(),
        lesson("# X\n\n[a](02-b.md#b) [b](02-b.md#beta) [m](#main)\n"),
    ]);
    let b = page("02-b", "<h1 id=\"b\">B</h1><h2 id=\"bet\">");
    let x = page("03-x", "<h1 id=\"x\">X</h1>");
    let pages = [Some(&b), Some(&x)];
    let inputs = Inputs {
        book: &book,
        pages: &pages,
        markdown: false,
        strict: false,
    };
    let found: Vec<String> = check_internal(&inputs)
        .into_iter()
        .map(|d| d.message)
        .collect();
    assert_eq!(
        found,
        [
            "broken link: '02-b.md#beta' — 02-b.md has no heading or anchor 'beta' (did you mean '#bet'?)"
        ]
    );
    let unknown = [None, Some(&x)];
    let inputs = Inputs {
        pages: &unknown,
        ..inputs
    };
    assert!(
        check_internal(&inputs).is_empty(),
        "a page not rendered is not judged"
    );
}
