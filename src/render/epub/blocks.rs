//! The parts of a page that are not plain Markdown structure: code blocks (highlighted, or
//! a printed-output block inside an output region), math (MathML from the cache, or the TeX
//! as code when KaTeX rejects it), images (a figure of the book, or their alt text), the
//! author's raw HTML (output-region markers become `<div class="output">`), and footnotes
//! (`noteref` links and `footnote` asides, numbered in order of first reference).

use super::content::Renderer;
use super::html::{self, RawHooks};
use super::links::Index;
use super::xml::{Origin, Xhtml, is_ncname};
use crate::render::common::markers::{OutputMarker, output_marker};
use crate::render::highlight::highlight;
use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};
use std::collections::{HashMap, HashSet};

/// A code block being collected.
pub(crate) struct CodeBlock {
    lang: String,
    code: String,
}

impl CodeBlock {
    pub(crate) fn new(kind: &CodeBlockKind<'_>) -> CodeBlock {
        let lang = match kind {
            CodeBlockKind::Fenced(info) => info
                .split(|c: char| c.is_whitespace() || c == ',')
                .next()
                .unwrap_or("")
                .to_string(),
            CodeBlockKind::Indented => String::new(),
        };
        CodeBlock {
            lang,
            code: String::new(),
        }
    }
}

/// An image's destination and the alt text collected so far.
pub(crate) struct ImageAlt {
    url: String,
    alt: String,
    depth: usize,
}

impl ImageAlt {
    pub(crate) fn new(url: &str) -> ImageAlt {
        ImageAlt {
            url: url.to_string(),
            alt: String::new(),
            depth: 0,
        }
    }
}

/// Footnotes: each defined label's number and ids.
#[derive(Default)]
pub(crate) struct Notes {
    by_label: HashMap<String, Note>,
}

struct Note {
    number: usize,
    id: String,
    /// Its definition was written (a repeated one gets no id).
    written: bool,
}

impl Notes {
    /// Number the defined footnotes in order of first reference (unreferenced ones last)
    /// and reserve their ids in `used`.
    pub(crate) fn number(events: &[Event<'_>], used: &mut HashSet<String>) -> Notes {
        let defined: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Start(Tag::FootnoteDefinition(label)) => Some(label.as_ref()),
                _ => None,
            })
            .collect();
        let references = events.iter().filter_map(|e| match e {
            Event::FootnoteReference(label) => Some(label.as_ref()),
            _ => None,
        });
        let mut order: Vec<&str> = Vec::new();
        for label in references.chain(defined.iter().copied()) {
            if defined.contains(&label) && !order.contains(&label) {
                order.push(label);
            }
        }
        let mut notes = Notes::default();
        for label in order {
            let number = notes.by_label.len() + 1;
            let id = fresh_id(used, &format!("fn-{number}"));
            let note = Note {
                number,
                id,
                written: false,
            };
            notes.by_label.insert(label.to_string(), note);
        }
        notes
    }
}

/// `base`, or `base-2`, `base-3` … whichever is not used yet; now used.
pub(crate) fn fresh_id(used: &mut HashSet<String>, base: &str) -> String {
    let mut id = base.to_string();
    let mut n = 1;
    while used.contains(&id) {
        n += 1;
        id = format!("{base}-{n}");
    }
    used.insert(id.clone());
    id
}

impl Renderer<'_> {
    /// Events inside a code block, an image or an HTML block are collected, not written.
    pub(crate) fn collecting(&mut self, event: &Event<'_>) -> bool {
        if let Some(code) = &mut self.code {
            if let Event::Text(text) = event {
                code.code.push_str(text);
                return true;
            }
            return !matches!(event, Event::End(TagEnd::CodeBlock));
        }
        if let Some(block) = &mut self.html_block {
            match event {
                Event::Html(html) | Event::Text(html) => block.push_str(html),
                Event::End(TagEnd::HtmlBlock | TagEnd::MetadataBlock(_)) => return false,
                _ => {}
            }
            return true;
        }
        let Some(image) = &mut self.image else {
            return false;
        };
        match event {
            Event::Start(Tag::Image { .. }) => image.depth += 1,
            Event::End(TagEnd::Image) if image.depth == 0 => return false,
            Event::End(TagEnd::Image) => image.depth -= 1,
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                image.alt.push_str(t);
            }
            _ => {}
        }
        true
    }

    pub(crate) fn code_block(&mut self) {
        let Some(block) = self.code.take() else {
            return;
        };
        let md = Origin::Markdown;
        if self.w.inside(Origin::Output) && block.lang == "text" {
            self.w.start("pre", &[("class", "output")], md);
            self.w.text(&block.code);
            self.w.end("pre", md);
        } else if matches!(block.lang.as_str(), "" | "text" | "plain" | "txt") {
            self.w.start("pre", &[("class", "code")], md);
            self.w.start("code", &[], md);
            self.w.text(&block.code);
            self.w.end("pre", md);
        } else {
            let html = highlight(&block.code, &block.lang);
            self.raw_html(&html);
        }
        self.w.text("\n");
    }

    pub(crate) fn html_block(&mut self) {
        if let Some(html) = self.html_block.take() {
            self.raw_html(&html);
        }
    }

    pub(crate) fn raw_html(&mut self, html: &str) {
        let mut hooks = Hooks {
            index: self.index,
            from: self.from,
            used: &mut self.used,
        };
        html::write(&mut self.w, html::tokens(html), &mut hooks);
    }

    pub(crate) fn formula(&mut self, tex: &str, display: bool) {
        match self.math.get(tex, display) {
            Ok(mathml) => {
                self.mathml = true;
                self.raw_html(&mathml);
            }
            Err(message) => {
                let class = if display {
                    "math-error display"
                } else {
                    "math-error"
                };
                let attrs = [("class", class), ("title", message.as_str())];
                self.w.start("code", &attrs, Origin::Markdown);
                let delimiter = if display { "$$" } else { "$" };
                self.w.text(&format!("{delimiter}{tex}{delimiter}"));
                self.w.end("code", Origin::Markdown);
            }
        }
    }

    pub(crate) fn image_end(&mut self) {
        let Some(image) = self.image.take() else {
            return;
        };
        match self.index.image(self.from, &image.url) {
            Some(src) => {
                let attrs = [("src", src.as_str()), ("alt", image.alt.as_str())];
                self.w.empty("img", &attrs);
            }
            None => {
                self.w
                    .start("span", &[("class", "missing-image")], Origin::Markdown);
                self.w.text(&image.alt);
                self.w.end("span", Origin::Markdown);
            }
        }
    }

    pub(crate) fn note_reference(&mut self, label: &str) {
        let Some(note) = self.notes.by_label.get(label) else {
            self.w.text(&format!("[^{label}]"));
            return;
        };
        let base = format!("fnref-{}", note.number);
        let (href, number) = (format!("#{}", note.id), note.number.to_string());
        let id = fresh_id(&mut self.used, &base);
        self.w.start("sup", &[], Origin::Markdown);
        let attrs = [
            ("epub:type", "noteref"),
            ("class", "noteref"),
            ("id", id.as_str()),
            ("href", href.as_str()),
        ];
        self.w.start("a", &attrs, Origin::Markdown);
        self.w.text(&number);
        self.w.end("sup", Origin::Markdown);
    }

    pub(crate) fn note_definition(&mut self, label: &str) {
        let md = Origin::Markdown;
        let note = self.notes.by_label.get_mut(label);
        let Some(note) = note.filter(|n| !n.written) else {
            self.w.start("aside", &[("class", "footnote")], md);
            return;
        };
        note.written = true;
        let attrs = [
            ("epub:type", "footnote"),
            ("class", "footnote"),
            ("id", note.id.as_str()),
        ];
        let number = format!("{}. ", note.number);
        self.w.start("aside", &attrs, md);
        self.w.start("span", &[("class", "footnote-number")], md);
        self.w.text(&number);
        self.w.end("span", md);
    }
}

/// Raw HTML of a page: its links and images resolved like Markdown ones, its ids unique,
/// output-region markers turned into the output `div`, other comments dropped.
struct Hooks<'a> {
    index: &'a Index,
    from: &'a str,
    used: &'a mut HashSet<String>,
}

impl RawHooks for Hooks<'_> {
    fn attribute(&mut self, element: &str, name: &str, value: &str) -> Option<String> {
        match name {
            "id" if is_ncname(value) && !self.used.contains(value) => {
                self.used.insert(value.to_string());
                Some(value.to_string())
            }
            "id" => None,
            "src" if element == "img" => self.index.image(self.from, value),
            "src" => None,
            _ => self.index.link(self.from, value),
        }
    }

    fn comment(&mut self, w: &mut Xhtml, comment: &str) {
        match output_marker(comment) {
            Some(OutputMarker::Start) => w.start("div", &[("class", "output")], Origin::Output),
            Some(OutputMarker::End) => {
                w.end("div", Origin::Output);
            }
            None => {}
        }
    }
}
