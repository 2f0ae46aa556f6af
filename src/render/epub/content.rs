//! One page's Markdown → the body of its XHTML content document: the Markdown structure
//! (paragraphs, headings with their ids, lists, tables, quotes and callouts, emphasis,
//! links resolved over the book) written through [`Xhtml`]; code, math, images, footnotes
//! and raw HTML are in `blocks`.

use super::blocks::{CodeBlock, ImageAlt, Notes};
use super::links::{Anchors, Index};
use super::xml::{Origin, Xhtml};
use crate::render::math::MathCache;
use pulldown_cmark::{Alignment, BlockQuoteKind, Event, LinkType, Tag, TagEnd};
use std::collections::HashSet;

/// A page to render.
pub(crate) struct PageInput<'a> {
    /// Its Markdown path in the book, `05-x.md` or `scripts/05-x/a.md`.
    pub(crate) path: &'a str,
    pub(crate) text: &'a str,
}

/// A rendered body and whether it holds MathML.
pub(crate) struct Body {
    pub(crate) xhtml: String,
    pub(crate) mathml: bool,
}

/// The body of a page's content document.
pub(crate) fn render(page: &PageInput<'_>, index: &Index, math: &MathCache) -> Body {
    let empty = Anchors::default();
    let anchors = index.pages.get(page.path).unwrap_or(&empty);
    let events: Vec<Event<'_>> =
        pulldown_cmark::Parser::new_ext(page.text, super::options()).collect();
    let mut r = Renderer {
        w: Xhtml::default(),
        from: page.path,
        index,
        anchors,
        math,
        headings: 0,
        used: anchors.ids.clone(),
        notes: Notes::default(),
        code: None,
        image: None,
        html_block: None,
        table: Table::default(),
        mathml: false,
    };
    r.notes = Notes::number(&events, &mut r.used);
    for event in events {
        r.event(event);
    }
    Body {
        xhtml: r.w.finish(),
        mathml: r.mathml,
    }
}

#[derive(Default)]
struct Table {
    aligns: Vec<Alignment>,
    in_head: bool,
    cell: usize,
    body_open: bool,
}

/// The renderer's state while it walks a page's events.
pub(crate) struct Renderer<'a> {
    pub(crate) w: Xhtml,
    pub(crate) from: &'a str,
    pub(crate) index: &'a Index,
    anchors: &'a Anchors,
    pub(crate) math: &'a MathCache,
    headings: usize,
    /// Every id of the page so far.
    pub(crate) used: HashSet<String>,
    pub(crate) notes: Notes,
    pub(crate) code: Option<CodeBlock>,
    pub(crate) image: Option<ImageAlt>,
    pub(crate) html_block: Option<String>,
    table: Table,
    pub(crate) mathml: bool,
}

impl Renderer<'_> {
    fn event(&mut self, event: Event<'_>) {
        if self.collecting(&event) {
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(end) => self.end(end),
            Event::Text(text) => self.w.text(&text),
            Event::Code(code) => {
                self.w.start("code", &[], Origin::Markdown);
                self.w.text(&code);
                self.w.end("code", Origin::Markdown);
            }
            Event::InlineMath(tex) => self.formula(&tex, false),
            Event::DisplayMath(tex) => self.formula(&tex, true),
            Event::Html(html) | Event::InlineHtml(html) => self.raw_html(&html),
            Event::FootnoteReference(label) => self.note_reference(&label),
            Event::SoftBreak => self.w.text("\n"),
            Event::HardBreak => self.w.empty("br", &[]),
            Event::Rule => self.w.empty("hr", &[]),
            Event::TaskListMarker(done) => {
                self.w.start("span", &[("class", "task")], Origin::Markdown);
                self.w.text(if done { "\u{2611} " } else { "\u{2610} " });
                self.w.end("span", Origin::Markdown);
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        let md = Origin::Markdown;
        if let Some(name) = simple_element(&tag) {
            self.w.start(name, &[], md);
            return;
        }
        match tag {
            Tag::Heading { level, .. } => self.heading(level as u8),
            Tag::BlockQuote(kind) => self.block_quote(kind),
            Tag::CodeBlock(kind) => self.code = Some(CodeBlock::new(&kind)),
            Tag::HtmlBlock | Tag::MetadataBlock(_) => self.html_block = Some(String::new()),
            Tag::List(Some(first)) if first != 1 => {
                self.w.start("ol", &[("start", &first.to_string())], md);
            }
            Tag::List(Some(_)) => self.w.start("ol", &[], md),
            Tag::FootnoteDefinition(label) => self.note_definition(&label),
            Tag::Table(aligns) => {
                self.table = Table {
                    aligns,
                    ..Table::default()
                };
                self.w.start("table", &[], md);
            }
            Tag::TableHead => self.table_head(),
            Tag::TableRow => self.table_row(),
            Tag::TableCell => self.table_cell(),
            Tag::Link {
                link_type,
                dest_url,
                title,
                ..
            } => self.link(link_type, &dest_url, &title),
            Tag::Image { dest_url, .. } => self.image = Some(ImageAlt::new(&dest_url)),
            _ => {}
        }
    }

    fn heading(&mut self, level: u8) {
        let name = format!("h{level}");
        let id = self
            .anchors
            .headings
            .get(self.headings)
            .map(|h| h.id.clone());
        self.headings += 1;
        match id {
            Some(id) => self.w.start(&name, &[("id", &id)], Origin::Markdown),
            None => self.w.start(&name, &[], Origin::Markdown),
        }
    }

    fn end(&mut self, end: TagEnd) {
        let name = match end {
            TagEnd::CodeBlock => return self.code_block(),
            TagEnd::HtmlBlock => return self.html_block(),
            TagEnd::MetadataBlock(_) => return self.html_block = None,
            TagEnd::Image => return self.image_end(),
            TagEnd::TableHead => {
                self.table.in_head = false;
                self.table.cell = 0;
                "thead"
            }
            TagEnd::TableRow => {
                self.table.cell = 0;
                "tr"
            }
            TagEnd::TableCell => {
                self.table.cell += 1;
                if self.table.in_head { "th" } else { "td" }
            }
            other => end_element(other),
        };
        if self.w.end(name, Origin::Markdown) && is_block(name) {
            self.w.text("\n");
        }
    }

    fn block_quote(&mut self, kind: Option<BlockQuoteKind>) {
        let Some(kind) = kind else {
            self.w.start("blockquote", &[], Origin::Markdown);
            return;
        };
        let (class, label) = match kind {
            BlockQuoteKind::Note => ("callout note", "Note"),
            BlockQuoteKind::Tip => ("callout tip", "Tip"),
            BlockQuoteKind::Important => ("callout important", "Important"),
            BlockQuoteKind::Warning => ("callout warning", "Warning"),
            BlockQuoteKind::Caution => ("callout caution", "Caution"),
        };
        self.w
            .start("blockquote", &[("class", class)], Origin::Markdown);
        self.w
            .start("p", &[("class", "callout-title")], Origin::Markdown);
        self.w.text(label);
        self.w.end("p", Origin::Markdown);
        self.w.text("\n");
    }

    fn table_head(&mut self) {
        self.table.in_head = true;
        self.w.start("thead", &[], Origin::Markdown);
        self.w.start("tr", &[], Origin::Markdown);
    }

    fn table_row(&mut self) {
        if !self.table.body_open {
            self.table.body_open = true;
            self.w.start("tbody", &[], Origin::Markdown);
        }
        self.w.start("tr", &[], Origin::Markdown);
    }

    fn table_cell(&mut self) {
        let name = if self.table.in_head { "th" } else { "td" };
        let style = match self.table.aligns.get(self.table.cell) {
            Some(Alignment::Left) => Some("text-align: left"),
            Some(Alignment::Center) => Some("text-align: center"),
            Some(Alignment::Right) => Some("text-align: right"),
            Some(Alignment::None) | None => None,
        };
        match style {
            Some(style) => self.w.start(name, &[("style", style)], Origin::Markdown),
            None => self.w.start(name, &[], Origin::Markdown),
        }
    }

    fn link(&mut self, link_type: LinkType, url: &str, title: &str) {
        let url = if link_type == LinkType::Email && !url.starts_with("mailto:") {
            format!("mailto:{url}")
        } else {
            url.to_string()
        };
        let href = self.index.link(self.from, &url);
        let mut attrs: Vec<(&str, &str)> = Vec::new();
        if let Some(href) = &href {
            attrs.push(("href", href));
        }
        if !title.is_empty() {
            attrs.push(("title", title));
        }
        self.w.start("a", &attrs, Origin::Markdown);
    }
}

/// The element of a tag written with no attributes.
fn simple_element(tag: &Tag<'_>) -> Option<&'static str> {
    Some(match tag {
        Tag::Paragraph => "p",
        Tag::List(None) => "ul",
        Tag::Item => "li",
        Tag::Emphasis => "em",
        Tag::Strong => "strong",
        Tag::Strikethrough => "del",
        Tag::Superscript => "sup",
        Tag::Subscript => "sub",
        Tag::DefinitionList => "dl",
        Tag::DefinitionListTitle => "dt",
        Tag::DefinitionListDefinition => "dd",
        _ => return None,
    })
}

/// The element a Markdown end closes (for the ends with no state of their own).
fn end_element(end: TagEnd) -> &'static str {
    match end {
        TagEnd::Heading(level) => ["h1", "h2", "h3", "h4", "h5", "h6"]
            .get(usize::from(level as u8).saturating_sub(1))
            .copied()
            .unwrap_or("h6"),
        TagEnd::BlockQuote(_) => "blockquote",
        TagEnd::List(true) => "ol",
        TagEnd::List(false) => "ul",
        TagEnd::Item => "li",
        TagEnd::FootnoteDefinition => "aside",
        TagEnd::Table => "table",
        TagEnd::Emphasis => "em",
        TagEnd::Strong => "strong",
        TagEnd::Strikethrough => "del",
        TagEnd::Superscript => "sup",
        TagEnd::Subscript => "sub",
        TagEnd::Link => "a",
        TagEnd::DefinitionList => "dl",
        TagEnd::DefinitionListTitle => "dt",
        TagEnd::DefinitionListDefinition => "dd",
        TagEnd::Paragraph => "p",
        // Handled by the renderer; an empty name closes nothing.
        _ => "",
    }
}

/// Block elements: a line break follows their end tag.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "blockquote"
            | "ol"
            | "ul"
            | "li"
            | "aside"
            | "table"
            | "thead"
            | "tr"
            | "dl"
            | "dt"
            | "dd"
    )
}
