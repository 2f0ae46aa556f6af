//! Where links and images lead inside the EPUB. The EPUB keeps the Markdown book's layout
//! (`<slug>.xhtml`, `scripts/<slug>/<name>.xhtml`, `plots/…svg`), so a relative path keeps
//! its meaning once `.md` becomes `.xhtml`; [`Index`] knows every page's anchors and every
//! figure, and resolves a link to an existing target or to nothing: a link to an unknown
//! heading leads to the page, a link to a file outside the EPUB is dropped, and so is one
//! whose scheme is not `http`, `https`, `mailto`, `ftp` or `tel` (no `javascript:`).
//!
//! Headings get their `{#id}`, else GitHub's anchor of their text (`-1`, `-2` … for
//! repeats: [`crate::render::common::anchors`], the rule the link checker holds links to),
//! made a valid XML id. A fragment matches an id exactly, or the slug it was made from, or
//! loosely (letters and digits only, lowercased), so links written for GitHub or for the
//! site both resolve. The `<a id="…">` anchors the Markdown book puts before labelled
//! headings, figures, equations and tables are targets too.

use super::xml::is_ncname;
use crate::render::common::anchors::GithubAnchors;
use crate::render::common::outline::push_heading_text;
use crate::render::common::urls::{
    folder, join, link_path, percent_decode, relative, scheme, split_fragment,
};
use pulldown_cmark::{Event, Tag, TagEnd};
use std::collections::{HashMap, HashSet};

/// A heading of a page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Heading {
    pub(crate) level: u8,
    pub(crate) text: String,
    pub(crate) id: String,
}

/// The ids of one page.
#[derive(Clone, Debug, Default)]
pub(crate) struct Anchors {
    /// In document order.
    pub(crate) headings: Vec<Heading>,
    pub(crate) ids: HashSet<String>,
    /// The slug each id was made from.
    aliases: HashMap<String, String>,
    /// The first id of each loose form.
    loose: HashMap<String, String>,
    /// The ids of the page's `<a id="…">` anchors (labels of figures, equations, tables).
    raw: HashSet<String>,
}

impl Anchors {
    /// The headings of a page's Markdown and their ids.
    pub(crate) fn of(text: &str) -> Anchors {
        let mut anchors = Anchors::default();
        let mut github = GithubAnchors::default();
        let mut current: Option<(u8, Option<String>, String)> = None;
        for event in pulldown_cmark::Parser::new_ext(text, super::options()) {
            if let Some((_, _, text)) = &mut current {
                push_heading_text(text, &event);
            }
            match event {
                Event::Start(Tag::Heading { level, id, .. }) => {
                    current = Some((level as u8, id.map(|i| i.to_string()), String::new()));
                }
                Event::End(TagEnd::Heading(_)) => {
                    if let Some((level, id, text)) = current.take() {
                        let anchor = github.next(&text);
                        anchors.add(level, id, anchor, text);
                    }
                }
                Event::Html(html) | Event::InlineHtml(html) => anchors.add_raw(&html),
                _ => {}
            }
        }
        anchors
    }

    /// A heading with GitHub's `anchor` (and an `explicit` id, if it has one): its XML id,
    /// made from the explicit id or the anchor and unique among the page's, known also by
    /// both.
    fn add(&mut self, level: u8, explicit: Option<String>, anchor: String, text: String) {
        let slug = explicit.unwrap_or_else(|| anchor.clone());
        let base = if slug.is_empty() {
            "section".to_string()
        } else {
            xml_id(&slug)
        };
        let mut id = base.clone();
        let mut n = 0;
        while self.ids.contains(&id) {
            n += 1;
            id = format!("{base}-{n}");
        }
        self.ids.insert(id.clone());
        for name in [slug, anchor] {
            self.loose.entry(loose(&name)).or_insert_with(|| id.clone());
            self.aliases.entry(name).or_insert_with(|| id.clone());
        }
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        self.headings.push(Heading { level, text, id });
    }

    /// Remember the ids of the `<a id="…">` anchors in `html`.
    fn add_raw(&mut self, html: &str) {
        for id in crate::render::common::html::anchor_ids(html) {
            if is_ncname(&id) {
                self.raw.insert(id);
            }
        }
    }

    /// The id a fragment names, if any.
    pub(crate) fn resolve(&self, fragment: &str) -> Option<&str> {
        if let Some(id) = self.ids.get(fragment).or_else(|| self.raw.get(fragment)) {
            return Some(id);
        }
        let exact = self.aliases.get(fragment);
        exact
            .or_else(|| self.loose.get(&loose(fragment)))
            .map(String::as_str)
    }
}

/// `raw` as a valid XML id: characters a name may not hold become `-`, and a name that may
/// not start as it does gets `h-` in front.
pub(crate) fn xml_id(raw: &str) -> String {
    let mapped: String = raw
        .chars()
        .map(|c| if is_ncname(&format!("a{c}")) { c } else { '-' })
        .collect();
    if is_ncname(&mapped) {
        return mapped;
    }
    let id = format!("h-{mapped}");
    if is_ncname(&id) { id } else { "section".into() }
}

fn loose(fragment: &str) -> String {
    fragment
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every page's anchors by its Markdown path, and every figure path.
pub(crate) struct Index {
    pub(crate) pages: HashMap<String, Anchors>,
    pub(crate) figures: HashSet<String>,
}

impl Index {
    /// Where a link of the page at `from` (a book path, `05-x.md`) leads: an `href`, or
    /// `None` when its target is not in the EPUB.
    pub(crate) fn link(&self, from: &str, url: &str) -> Option<String> {
        let url = url.trim();
        if let Some(scheme) = scheme(url) {
            let kept = ["http", "https", "mailto", "ftp", "tel"].contains(&scheme.as_str());
            return kept.then(|| url.to_string());
        }
        let (path, fragment) = (link_path(url), split_fragment(url).1);
        let target = if path.is_empty() {
            from.to_string()
        } else {
            join(folder(from), &percent_decode(path))?
        };
        let anchors = self.pages.get(&target)?;
        let mut href = if target == from {
            String::new()
        } else {
            encode(&relative(folder(from), &xhtml_path(&target)))
        };
        let id = fragment.and_then(|f| anchors.resolve(&percent_decode(f)));
        match id {
            Some(id) => href = format!("{href}#{id}"),
            None if href.is_empty() => return None,
            None => {}
        }
        Some(href)
    }

    /// The `src` of an image of the page at `from`, if it is one of the book's figures.
    pub(crate) fn image(&self, from: &str, url: &str) -> Option<String> {
        let target = join(folder(from), &percent_decode(url.trim()))?;
        self.figures
            .contains(&target)
            .then(|| encode(&relative(folder(from), &target)))
    }
}

/// `05-x.md` → `05-x.xhtml`.
pub(crate) fn xhtml_path(md: &str) -> String {
    match md.strip_suffix(".md") {
        Some(stem) => format!("{stem}.xhtml"),
        None => format!("{md}.xhtml"),
    }
}

/// Characters a path in a URL may not hold as they are.
const PATH: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// A book path as a URL path (spaces and the like percent-encoded).
pub(crate) fn encode(path: &str) -> String {
    percent_encoding::utf8_percent_encode(path, PATH).to_string()
}
