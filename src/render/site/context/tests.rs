//! Unit tests of the templates' context: links encoded, prev and next, a script's way back.

use super::*;
use crate::config::Config;
use crate::render::TocEntry;
use std::path::Path;

fn book() -> Book {
    let config = Config::parse(Path::new("/b"), "[book]\ntitle = \"B\"\n", "book.toml");
    Book {
        config: config.unwrap(),
        lessons: vec![],
    }
}

fn page(slug: &str, toc: Vec<TocEntry>) -> LessonHtml {
    LessonHtml {
        cites: false,
        terms: false,
        slug: slug.into(),
        title: format!("Title of {slug}"),
        body: String::new(),
        toc,
        search_text: String::new(),
        figures: vec![],
        scripts: vec![],
        warnings: vec![],
        linked: Vec::new(),
        live: None,
    }
}

fn site(lessons: &[LessonHtml]) -> Pages<'_> {
    Pages {
        lessons,
        matter: &[],
    }
}

fn script() -> ScriptPage {
    ScriptPage {
        name: "run me".into(),
        file_name: "run me.rlab".into(),
        description: String::new(),
        source_html: String::new(),
        output: String::new(),
        error: None,
        figures: vec![],
        figures_html: String::new(),
        live: None,
    }
}

#[test]
fn odd_slugs_and_ids_are_encoded_in_links() {
    let toc = vec![TocEntry {
        level: 2,
        id: "a b/c".into(),
        text: "A".into(),
    }];
    let pages = [page("01 a#b", toc), page("02-c", vec![])];
    let ctx = lesson(&book(), site(&pages), 1).unwrap().into_json();
    assert_eq!(ctx["prev"]["href"], "01%20a%23b.html");
    assert_eq!(ctx["nav"][0]["href"], "01%20a%23b.html");
    assert_eq!(ctx["nav"][1]["current"], "page");
    assert_eq!(ctx["next"], serde_json::Value::Null);
    let ctx = lesson(&book(), site(&pages), 0).unwrap().into_json();
    assert_eq!(ctx["lesson"]["toc"][0]["href"], "a%20b%2Fc");
    assert_eq!(ctx["prev"]["href"], "index.html");
}

#[test]
fn a_script_links_to_its_lesson_and_the_scripts_section_when_there_is_one() {
    let pages = [page("01-a", vec![])];
    let ctx = super::script(&book(), site(&pages), 0, &script())
        .unwrap()
        .into_json();
    assert_eq!(ctx["lesson_link"]["href"], "../../01-a.html");
    assert_eq!(ctx["root"], "../../");
    assert_eq!(ctx["nav"][0]["current"], "true");
    let toc = vec![TocEntry {
        level: 2,
        id: "scripts-1".into(),
        text: " standalone Scripts ".into(),
    }];
    let pages = [page("01-a", toc)];
    let ctx = super::script(&book(), site(&pages), 0, &script())
        .unwrap()
        .into_json();
    assert_eq!(ctx["lesson_link"]["href"], "../../01-a.html#scripts-1");
    assert!(super::script(&book(), site(&pages), 3, &script()).is_err());
}
