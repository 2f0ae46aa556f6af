//! The offline search index: `assets/search-index.js`, a script that sets
//! `window.RLBOOK_SEARCH` to one entry per lesson and back-matter page (title, page,
//! headings, text). A script
//! rather than JSON because pages opened from `file://` cannot `fetch` a JSON file but can
//! load a script; `theme/search.js` loads it on first use and ranks the matches.

use super::Pages;
use super::links;
use crate::render::TocEntry;
use anyhow::{Context, Result};
use serde::Serialize;

/// Where the index is written, relative to the site root.
pub(crate) const INDEX_PATH: &str = "assets/search-index.js";

#[derive(Serialize)]
struct Heading<'a> {
    id: &'a str,
    text: &'a str,
}

#[derive(Serialize)]
struct Entry<'a> {
    title: &'a str,
    /// The page relative to the site root, percent-encoded.
    page: String,
    headings: Vec<Heading<'a>>,
    /// The page's text with runs of white space collapsed.
    text: String,
}

/// The text of `assets/search-index.js` for these pages.
pub(crate) fn index_script(pages: Pages) -> Result<String> {
    let lessons = (pages.lessons.iter()).map(|p| {
        entry(
            &p.title,
            &links::lesson_page(&p.slug),
            &p.toc,
            &p.search_text,
        )
    });
    let matter =
        (pages.matter.iter()).map(|m| entry(m.kind.title(), &m.path(), &m.toc, &m.search_text));
    let entries: Vec<Entry> = lessons.chain(matter).collect();
    let json = serde_json::to_string(&entries).context("cannot serialise the search index")?;
    // JSON allows U+2028/U+2029 raw; older JavaScript engines do not.
    let json = json
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029");
    Ok(format!("window.RLBOOK_SEARCH = {json};\n"))
}

fn entry<'a>(title: &'a str, path: &str, toc: &'a [TocEntry], text: &str) -> Entry<'a> {
    Entry {
        title,
        page: crate::render::common::urls::encode_path(path),
        headings: (toc.iter())
            .map(|e| Heading {
                id: &e.id,
                text: &e.text,
            })
            .collect(),
        text: collapse_whitespace(text),
    }
}

fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::LessonHtml;

    fn site(lessons: &[LessonHtml]) -> Pages<'_> {
        Pages {
            lessons,
            matter: &[],
        }
    }

    fn page(slug: &str, title: &str, text: &str) -> LessonHtml {
        LessonHtml {
            cites: false,
            terms: false,
            slug: slug.into(),
            title: title.into(),
            body: String::new(),
            toc: vec![TocEntry {
                level: 2,
                id: "the-idea".into(),
                text: "The idea".into(),
            }],
            search_text: text.into(),
            figures: vec![],
            scripts: vec![],
            warnings: vec![],
            linked: Vec::new(),
            live: None,
        }
    }

    fn parse(script: &str) -> serde_json::Value {
        let json = script
            .strip_prefix("window.RLBOOK_SEARCH = ")
            .and_then(|s| s.strip_suffix(";\n"))
            .expect("the index assigns window.RLBOOK_SEARCH");
        serde_json::from_str(json).expect("valid JSON")
    }

    #[test]
    fn one_entry_per_lesson_with_headings_and_text() {
        let pages = [
            page("01-tokens", "Tokens", "Text is\n\n split   into tokens."),
            page("02 soft max", "Softmax", "exp & normalise"),
        ];
        let value = parse(&index_script(site(&pages)).unwrap());
        let entries = value.as_array().unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0]["title"], "Tokens");
        assert_eq!(entries[0]["page"], "01-tokens.html");
        assert_eq!(entries[0]["text"], "Text is split into tokens.");
        assert_eq!(entries[0]["headings"][0]["id"], "the-idea");
        assert_eq!(entries[0]["headings"][0]["text"], "The idea");
        assert_eq!(entries[1]["page"], "02%20soft%20max.html");
    }

    #[test]
    fn hostile_text_stays_inside_the_string() {
        let pages = [page(
            "a",
            "</script><b>\"x\"\u{2028}",
            "line\u{2029}sep \\ end",
        )];
        let script = index_script(site(&pages)).unwrap();
        assert!(!script.contains(['\u{2028}', '\u{2029}']));
        let value = parse(&script);
        assert_eq!(value[0]["title"], "</script><b>\"x\"\u{2028}");
        assert_eq!(value[0]["text"], "line sep \\ end");
    }
}
