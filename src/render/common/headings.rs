//! The HTML site's heading ids and the table of contents (the PDF gives its headings the
//! same ids, so that a fragment that works on the site works there). A heading keeps the
//! id it was given (`{#id}`);
//! others get a slug of their text (lowercase letters and digits, words joined by `-`),
//! made unique with `-1`, `-2` … suffixes. Ids never collide with the `block-N` ids of the
//! rlab blocks. Levels 2 and 3 go into the TOC.

use super::Ev;
use super::outline::{collapse_spaces, level_number};
use crate::render::TocEntry;
use pulldown_cmark::{Event, Tag, TagEnd};
use std::collections::{HashMap, HashSet};

/// A heading of the page: where its events are, its level and plain text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Heading {
    /// Index of its `Start` event.
    pub start: usize,
    /// Index of its `End` event.
    pub end: usize,
    pub level: u8,
    pub text: String,
}

/// Give every heading an id, collect the headings into `found` and return the TOC.
/// `blocks` is the number of rlab blocks (whose ids are reserved).
pub(crate) fn assign<'t>(
    mut events: Vec<Ev<'t>>,
    blocks: usize,
    found: &mut Vec<Heading>,
) -> (Vec<Ev<'t>>, Vec<TocEntry>) {
    let mut used: HashSet<String> = (1..=blocks).map(|n| format!("block-{n}")).collect();
    for (event, _) in &events {
        if let Event::Start(Tag::Heading { id: Some(id), .. }) = event {
            used.insert(id.to_string());
        }
    }
    let mut suffixes = HashMap::new();
    let mut toc = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let Some(heading) = heading_at(&events, i) {
            let ids = (&mut used, &mut suffixes);
            let id = set_id(&mut events[heading.start].0, &heading.text, ids);
            if matches!(heading.level, 2 | 3) {
                toc.push(TocEntry {
                    level: heading.level,
                    id,
                    text: heading.text.clone(),
                });
            }
            i = heading.end + 1;
            found.push(heading);
        } else {
            i += 1;
        }
    }
    (events, toc)
}

/// The heading whose `Start` event is at `i`, if any.
fn heading_at(events: &[Ev], i: usize) -> Option<Heading> {
    let Some((Event::Start(Tag::Heading { level, .. }), _)) = events.get(i) else {
        return None;
    };
    let level = level_number(*level);
    let mut text = String::new();
    for (k, (event, _)) in events.iter().enumerate().skip(i + 1) {
        match event {
            Event::End(TagEnd::Heading(_)) => {
                return Some(Heading {
                    start: i,
                    end: k,
                    level,
                    text: collapse_spaces(&text),
                });
            }
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                text.push_str(t);
            }
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            _ => {}
        }
    }
    None
}

/// Put the heading's id into its `Start` event (keeping a given one); returns the id.
/// `suffixes` remembers the last suffix taken for each slug, so that n headings of the same
/// text cost O(n), not O(n²) (ids are never freed, so the next free suffix is never lower).
fn set_id(
    event: &mut Event,
    text: &str,
    (used, suffixes): (&mut HashSet<String>, &mut HashMap<String, usize>),
) -> String {
    let Event::Start(Tag::Heading { id, .. }) = event else {
        return String::new();
    };
    if let Some(given) = id {
        return given.to_string();
    }
    let base = slug(text);
    let mut chosen = base.clone();
    let mut n = suffixes.get(&base).copied().unwrap_or(0);
    while used.contains(&chosen) {
        n += 1;
        chosen = format!("{base}-{n}");
    }
    suffixes.insert(base, n);
    used.insert(chosen.clone());
    *id = Some(chosen.clone().into());
    chosen
}

/// `Example — LN of a vector (by hand)` → `example-ln-of-a-vector-by-hand`.
pub(crate) fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if (c.is_whitespace() || c == '-' || c == '_') && !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches('-');
    if trimmed.is_empty() {
        "section".to_string()
    } else {
        trimmed.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::common::parse;

    fn ids(src: &str, blocks: usize) -> (Vec<TocEntry>, Vec<Heading>) {
        let mut found = Vec::new();
        let (_, toc) = assign(parse(src), blocks, &mut found);
        (toc, found)
    }

    #[test]
    fn slugs() {
        assert_eq!(
            slug("Example — LN of a vector (by hand)"),
            "example-ln-of-a-vector-by-hand"
        );
        assert_eq!(slug("Pre-LN vs Post-LN"), "pre-ln-vs-post-ln");
        assert_eq!(slug("Größe_und Maß"), "größe-und-maß");
        assert_eq!(slug("???"), "section");
    }

    #[test]
    fn ids_are_unique_and_toc_has_levels_2_and_3() {
        let src = "# Title\n\n## Theory\n\n### Theory\n\n#### Deep\n\n## Block 1\n\n## Given {#theory}\n\n## `x` and $y$\n";
        let (toc, found) = ids(src, 1);
        let got: Vec<(u8, &str, &str)> = toc
            .iter()
            .map(|t| (t.level, t.id.as_str(), t.text.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (2, "theory-1", "Theory"),
                (3, "theory-2", "Theory"),
                (2, "block-1-1", "Block 1"),
                (2, "theory", "Given"),
                (2, "x-and-y", "x and y"),
            ]
        );
        assert_eq!(found.len(), 7);
        assert_eq!((found[0].level, found[0].text.as_str()), (1, "Title"));
    }

    #[test]
    fn many_identical_headings_get_consecutive_suffixes() {
        let src = "## A\n\n## A-2 {#a-2}\n\n".to_string() + &"## A\n\n".repeat(5000);
        let (toc, _) = ids(&src, 0);
        let got: Vec<&str> = toc.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(got.len(), 5002);
        assert_eq!(got[..6], ["a", "a-2", "a-1", "a-3", "a-4", "a-5"]);
        assert_eq!(got[5001], "a-5001", "suffix 2 was taken by the given id");
        let unique: HashSet<&str> = got.iter().copied().collect();
        assert_eq!(unique.len(), got.len());
    }

    #[test]
    fn ids_are_written_into_the_html() {
        let mut found = Vec::new();
        let (events, _) = assign(parse("## A b\n"), 0, &mut found);
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, events.into_iter().map(|(e, _)| e));
        assert_eq!(html, "<h2 id=\"a-b\">A b</h2>\n");
    }
}
