//! Where links go in the PDF. Every document of the book (a lesson page `<slug>.md`, a
//! script page `scripts/<slug>/<name>.md`) and every heading in it gets a Typst label; a
//! link to another page (`<slug>.md`, `../../<slug>.md#frag`, relative to the linking
//! page's folder as on GitHub) or to a heading (`#frag`) becomes an internal link when the
//! label exists, an external URL stays a URL, and anything else is shown as plain text, so
//! a link can never make the compilation fail.
//!
//! Heading ids are the ones the HTML pages give (`render::common::headings`), so a
//! fragment that works on the site works here. The `<a id="…">` anchors of a page (before
//! labelled figures, equations, tables and headings) get labels too, so a cross-reference
//! `[Figure 12.3](12-x.md#fig-x)` is an internal link.

use super::escape;
use crate::render::common::headings;
use crate::render::common::urls;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag};
use std::collections::{HashMap, HashSet};

/// One document of the book, as the converter and the link table see it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Doc<'a> {
    /// The lesson's slug.
    pub slug: &'a str,
    /// The script's name, for a script page.
    pub script: Option<&'a str>,
    pub text: &'a str,
    /// How many rlab blocks the lesson has (their `block-N` ids are reserved).
    pub blocks: usize,
}

impl Doc<'_> {
    /// The document's path relative to the book folder.
    pub(crate) fn file(&self) -> String {
        match self.script {
            Some(name) => format!("scripts/{}/{name}.md", self.slug),
            None => format!("{}.md", self.slug),
        }
    }

    /// The folder its relative links start from (empty or ending in `/`).
    pub(crate) fn folder(&self) -> String {
        match self.script {
            Some(_) => format!("scripts/{}/", self.slug),
            None => String::new(),
        }
    }

    /// The label of the document itself (its first heading).
    pub(crate) fn label(&self) -> String {
        match self.script {
            Some(name) => escape::label(&[self.slug, "script", name]),
            None => escape::label(&[self.slug]),
        }
    }

    /// The label of one heading: the document's own for a first heading of level 1 (the
    /// chapter heading takes its place).
    fn heading_label(&self, index: usize, level: HeadingLevel, id: &str) -> String {
        if index == 0 && level == HeadingLevel::H1 {
            return self.label();
        }
        match self.script {
            Some(name) => escape::label(&[self.slug, "script", name, id]),
            None => escape::label(&[self.slug, id]),
        }
    }

    /// The label of the anchor `<a id="id">` of the document.
    pub(crate) fn anchor_label(&self, id: &str) -> String {
        match self.script {
            Some(name) => escape::label(&[self.slug, "script", name, id]),
            None => escape::label(&[self.slug, id]),
        }
    }

    /// The ids of the document's `<a id="…">` anchors (labelled figures, equations,
    /// tables, headings of the Markdown book), with their labels.
    pub(crate) fn anchors(&self) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for event in Parser::new_ext(self.text, options()) {
            if let Event::Html(html) | Event::InlineHtml(html) = event {
                for id in crate::render::common::html::anchor_ids(&html) {
                    let label = self.anchor_label(&id);
                    found.push((id, label));
                }
            }
        }
        found
    }

    /// The heading ids of the document, in order, with their labels.
    pub(crate) fn headings(&self) -> Vec<(String, String)> {
        let events: Vec<_> = Parser::new_ext(self.text, options())
            .into_offset_iter()
            .collect();
        let mut found = Vec::new();
        let (events, _) = headings::assign(events, self.blocks, &mut found);
        let ids = events.iter().filter_map(|(event, _)| match event {
            Event::Start(Tag::Heading {
                id: Some(id),
                level,
                ..
            }) => Some((id.to_string(), *level)),
            _ => None,
        });
        ids.enumerate()
            .map(|(i, (id, level))| {
                let label = self.heading_label(i, level, &id);
                (id, label)
            })
            .collect()
    }
}

/// The Markdown options the PDF writer parses pages with.
pub(crate) fn options() -> Options {
    crate::book::lesson::markdown_options() | Options::ENABLE_MATH
}

/// What a link becomes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Target {
    /// A URL with a scheme.
    External(String),
    /// A label of the document.
    Internal(String),
    /// Nothing: the link text is shown as text.
    Plain,
}

/// The labels of every document and heading of the book, by `file#id` (`file` for the
/// document itself).
#[derive(Debug, Default)]
pub(crate) struct Targets {
    labels: HashMap<String, String>,
}

impl Targets {
    /// The labels of `docs`. A label made twice (ids chosen to collide) is left out: a
    /// link to it would not compile.
    pub(crate) fn new(docs: &[Doc]) -> Targets {
        let mut labels = HashMap::new();
        let mut made = HashSet::new();
        let mut twice = HashSet::new();
        for doc in docs {
            let file = doc.file();
            let mut own = vec![(file.clone(), doc.label())];
            for (id, label) in doc.headings().into_iter().chain(doc.anchors()) {
                own.push((format!("{file}#{id}"), label));
            }
            for (key, label) in own {
                if !made.insert(label.clone()) && label != doc.label() {
                    twice.insert(label.clone());
                }
                labels.entry(key).or_insert(label);
            }
        }
        labels.retain(|_, label| !twice.contains(label));
        Targets { labels }
    }

    /// The label of anchor `id` of the document `file` (`12-x.md`), if it has one.
    pub(crate) fn label_of(&self, file: &str, id: &str) -> Option<&str> {
        self.labels.get(&format!("{file}#{id}")).map(String::as_str)
    }

    /// Where `href`, written in `doc`, goes.
    pub(crate) fn resolve(&self, doc: &Doc, href: &str) -> Target {
        let href = href.trim();
        if urls::has_scheme(href) {
            return Target::External(href.to_string());
        }
        let (path, frag) = urls::split_fragment(href);
        let file = if path.is_empty() {
            Some(doc.file())
        } else {
            join(&doc.folder(), &urls::percent_decode(path))
        };
        let key = match (file, frag) {
            (Some(file), Some(frag)) if !frag.is_empty() => {
                format!("{file}#{}", urls::percent_decode(frag))
            }
            (Some(file), _) => file,
            (None, _) => return Target::Plain,
        };
        match self.labels.get(&key) {
            Some(label) => Target::Internal(label.clone()),
            None => Target::Plain,
        }
    }
}

/// `rel` from `folder` (empty or ending in `/`), or from the book folder when it starts
/// with `/`; normalised, `None` when it leaves the book folder.
pub(crate) fn join(folder: &str, rel: &str) -> Option<String> {
    match rel.strip_prefix('/') {
        Some(absolute) => urls::join("", absolute.trim_start_matches('/')),
        None => urls::join(folder, rel),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc<'a>(slug: &'a str, script: Option<&'a str>, text: &'a str) -> Doc<'a> {
        Doc {
            slug,
            script,
            text,
            blocks: 0,
        }
    }

    #[test]
    fn links_resolve_to_labels_or_plain_text() {
        let a = doc(
            "01-a",
            None,
            "# A\n\n## Some Part\n\n## Twin {#x}\n\n## Twin {#x}\n",
        );
        let s = doc("01-a", Some("demo"), "# demo\n");
        let b = doc("02-b", None, "# B\n");
        let targets = Targets::new(&[a, s, b]);
        let internal = |l: &str| Target::Internal(l.to_string());
        assert_eq!(targets.resolve(&b, "01-a.md"), internal("rl--01-a"));
        assert_eq!(
            targets.resolve(&b, "01-a.md#some-part"),
            internal("rl--01-a--some-part")
        );
        assert_eq!(targets.resolve(&a, "#a"), internal("rl--01-a"));
        assert_eq!(
            targets.resolve(&a, "scripts/01-a/demo.md"),
            internal("rl--01-a--script--demo")
        );
        assert_eq!(targets.resolve(&s, "../../02-b.md"), internal("rl--02-b"));
        assert_eq!(targets.resolve(&a, "01-a.md#nope"), Target::Plain);
        assert_eq!(targets.resolve(&a, "#x"), Target::Plain);
        let h2_first = doc("03-c", None, "## Not a title\n");
        assert_eq!(h2_first.headings()[0].1, "rl--03-c--not-a-title");
        assert_eq!(targets.resolve(&a, "../../../x.md"), Target::Plain);
        assert_eq!(
            targets.resolve(&a, "https://x.org/a"),
            Target::External("https://x.org/a".into())
        );
    }

    #[test]
    fn anchors_of_labelled_targets_are_link_targets() {
        let a = doc(
            "12-a",
            None,
            "# A\n\n<a id=\"fig-depth\"></a>\n\n![Figure 12.1](plots/x.svg)\n\nSee <a id=\"eq-ln\"></a>$$x \\tag{12.1}$$\n",
        );
        let b = doc("13-b", None, "# B\n");
        assert_eq!(
            a.anchors(),
            [
                ("fig-depth".to_string(), "rl--12-a--fig-depth".to_string()),
                ("eq-ln".to_string(), "rl--12-a--eq-ln".to_string())
            ]
        );
        let targets = Targets::new(&[a, b]);
        let internal = |l: &str| Target::Internal(l.to_string());
        assert_eq!(
            targets.resolve(&b, "12-a.md#fig-depth"),
            internal("rl--12-a--fig-depth")
        );
        assert_eq!(targets.resolve(&a, "#eq-ln"), internal("rl--12-a--eq-ln"));
    }
}
