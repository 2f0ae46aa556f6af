//! One Markdown page (a lesson or a script page) becomes Typst markup. Every construct is
//! written as a function call with content blocks (`#strong[…];`, `#list([…], […]);`,
//! `#table(…);`) rather than Typst's own markup shorthands, so that nothing depends on
//! where a line starts, and text goes through [`escape::markup`]. The template
//! (`template.typ`) defines the `rl…` functions used here and styles everything.
//!
//! What each construct becomes:
//! * the chapter heading (level 1, numbered with the page's number, titled with the page's
//!   title) replaces the page's first `# ` heading; `##`/`###` are numbered sections; a
//!   script page is an unnumbered section of its lesson's chapter;
//! * rlab code is highlighted with the rlab grammar; inside an output region a ```` text
//!   ```` fence is a printed output (`rlout`) and an image a figure (`rlfig`, its SVG a
//!   virtual file);
//! * formulas are included from their own files ([`super::math`]);
//! * footnotes are placed where they are referenced; HTML comments are dropped,
//!   `<details>` shows its summary as a bold line, other tags keep their text only;
//! * links go where [`Targets`] says.

use super::escape::{self, markup, string};
use super::events::{code_lang, quote_kind, split_footnotes, table_start};
use super::html::{Piece, Scanner};
use super::links::{Doc, Target, Targets};
use super::math::Formula;
use crate::diagnostic::{Diagnostic, Kind};
use crate::render::common::markers::{OutputMarker, output_marker};
use crate::render::markdown::MarkdownFigure;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Parser, Tag, TagEnd};
use std::collections::{HashMap, HashSet};

/// What the conversion of all pages collects besides the markup.
#[derive(Debug, Default)]
pub(crate) struct Sink {
    pub formulas: Vec<Formula>,
    /// Virtual path and SVG text of every figure shown.
    pub figures: Vec<(String, String)>,
    pub warnings: Vec<Diagnostic>,
}

/// One page to convert.
pub(crate) struct Page<'a> {
    pub doc: Doc<'a>,
    /// Index of the lesson page (its formulas are reported against that lesson).
    pub index: usize,
    /// The chapter number (a lesson; none for a back-matter page, an unnumbered chapter).
    pub number: Option<u32>,
    /// The chapter title (a lesson, the back matter) or the section title (a script page).
    pub title: &'a str,
    pub figures: &'a [MarkdownFigure],
    /// The lesson file, as messages name it.
    pub display: &'a str,
}

/// The page as Typst markup.
pub(crate) fn convert(page: &Page, targets: &Targets, sink: &mut Sink) -> String {
    let events: Vec<Event> = Parser::new_ext(page.doc.text, super::links::options()).collect();
    let (body, definitions) = split_footnotes(events);
    let mut footnotes = HashMap::new();
    for (label, events) in definitions {
        let mut writer = Writer::new(page, targets, sink, Vec::new());
        writer.run(events);
        footnotes.insert(label, writer.finish().trim().to_string());
    }
    let mut writer = Writer::new(page, targets, sink, page.doc.headings());
    writer.footnotes = footnotes;
    writer.chapter_heading();
    writer.run(body);
    writer.finish()
}

/// The state of converting one page.
struct Writer<'a, 's> {
    page: &'a Page<'a>,
    targets: &'a Targets,
    sink: &'s mut Sink,
    out: String,
    /// Labels of the page's headings, in order.
    headings: std::vec::IntoIter<(String, String)>,
    seen_headings: usize,
    /// What each open tag writes when it ends.
    closers: Vec<String>,
    /// Events are dropped until the end of this heading (the page's own title).
    skipping: bool,
    code: Option<(String, String)>,
    /// An image being read: its target and alt text.
    image: Option<(String, String)>,
    in_output: bool,
    in_summary: bool,
    html: Scanner,
    footnotes: HashMap<String, String>,
    footnotes_used: HashSet<String>,
}

impl<'a, 's> Writer<'a, 's> {
    fn new(
        page: &'a Page<'a>,
        targets: &'a Targets,
        sink: &'s mut Sink,
        headings: Vec<(String, String)>,
    ) -> Writer<'a, 's> {
        Writer {
            page,
            targets,
            sink,
            out: String::new(),
            headings: headings.into_iter(),
            seen_headings: 0,
            closers: Vec::new(),
            skipping: false,
            code: None,
            image: None,
            in_output: false,
            in_summary: false,
            html: Scanner::default(),
            footnotes: HashMap::new(),
            footnotes_used: HashSet::new(),
        }
    }

    fn run(&mut self, events: Vec<Event>) {
        for event in events {
            self.event(event);
        }
    }

    /// The markup, with anything left open closed.
    fn finish(mut self) -> String {
        if self.in_summary {
            self.out.push_str("];\n\n");
        }
        while let Some(closer) = self.closers.pop() {
            self.out.push_str(&closer);
        }
        self.out
    }

    /// The heading the page starts with: the chapter of a lesson, a section for a script.
    fn chapter_heading(&mut self) {
        let label = self.page.doc.label();
        let title = markup(self.page.title);
        if self.page.doc.script.is_some() {
            self.out.push_str(&format!(
                "#heading(level: 2, numbering: none)[{title}]<{label}>\n\n"
            ));
        } else if let Some(number) = self.page.number {
            let before = number.saturating_sub(1);
            self.out.push_str(&format!(
                "#counter(heading).update({before});\n#heading(level: 1)[{title}]<{label}>\n\n"
            ));
        } else {
            self.out.push_str(&format!(
                "#heading(level: 1, numbering: none)[{title}]<{label}>\n\n"
            ));
        }
    }

    fn event(&mut self, event: Event) {
        if self.skipping {
            if matches!(event, Event::End(TagEnd::Heading(_))) {
                self.skipping = false;
            }
            return;
        }
        if let Some((_, text)) = self.code.as_mut() {
            match event {
                Event::Text(t) => text.push_str(&t),
                Event::End(TagEnd::CodeBlock) => self.end_code(),
                _ => {}
            }
            return;
        }
        if let Some((_, alt)) = self.image.as_mut() {
            match event {
                Event::End(TagEnd::Image) => self.end_image(),
                Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => alt.push_str(&t),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(_) => {
                let closer = self.closers.pop().unwrap_or_default();
                self.out.push_str(&closer);
            }
            other => self.leaf(other),
        }
    }

    /// An event that is not a tag.
    fn leaf(&mut self, event: Event) {
        match event {
            Event::Text(text) => self.out.push_str(&markup(&text)),
            Event::Code(code) => self.out.push_str(&format!("#raw({});", string(&code))),
            Event::InlineMath(tex) => self.formula(&tex, false),
            Event::DisplayMath(tex) => self.formula(&tex, true),
            Event::Html(html) | Event::InlineHtml(html) => self.html(&html),
            Event::FootnoteReference(label) => self.footnote(&label),
            Event::SoftBreak => self.out.push('\n'),
            Event::HardBreak => self.out.push_str("\\\n"),
            Event::Rule => self.out.push_str("#line(length: 100%);\n\n"),
            Event::TaskListMarker(done) => self.out.push_str(if done { "☑ " } else { "☐ " }),
            Event::Start(_) | Event::End(_) => {}
        }
    }

    fn start(&mut self, tag: Tag) {
        let (open, close): (String, &str) = match tag {
            Tag::Paragraph => (String::new(), "\n\n"),
            Tag::Heading { level, .. } => return self.heading(level),
            Tag::BlockQuote(kind) => (format!("#rlquote({})[", quote_kind(kind)), "];\n\n"),
            Tag::CodeBlock(kind) => {
                self.code = Some((code_lang(&kind), String::new()));
                return;
            }
            Tag::HtmlBlock => (String::new(), "\n\n"),
            Tag::List(Some(start)) => (format!("#enum(start: {start},\n"), ");\n\n"),
            Tag::List(None) => ("#list(\n".to_string(), ");\n\n"),
            Tag::Item => ("[".to_string(), "],\n"),
            Tag::Table(aligns) => (table_start(&aligns), ");\n\n"),
            Tag::TableHead => ("table.header(".to_string(), "),\n"),
            Tag::TableRow => (String::new(), "\n"),
            Tag::TableCell => ("[".to_string(), "],"),
            Tag::Emphasis => ("#emph[".to_string(), "];"),
            Tag::Strong => ("#strong[".to_string(), "];"),
            Tag::Strikethrough => ("#strike[".to_string(), "];"),
            Tag::Link { dest_url, .. } => return self.link(&dest_url),
            Tag::Image { dest_url, .. } => {
                self.image = Some((dest_url.to_string(), String::new()));
                return;
            }
            _ => (String::new(), ""),
        };
        self.out.push_str(&open);
        self.closers.push(close.to_string());
    }

    fn heading(&mut self, level: HeadingLevel) {
        let (_, label) = self.headings.next().unwrap_or_default();
        let first = self.seen_headings == 0;
        self.seen_headings += 1;
        if first && level == HeadingLevel::H1 {
            self.skipping = true;
            return;
        }
        let level = match (self.page.doc.script.is_some(), level as usize) {
            (true, n) => (n + 1).clamp(3, 6),
            (false, n) => n.max(2),
        };
        let numbering = if self.page.doc.script.is_some() {
            ", numbering: none"
        } else {
            ""
        };
        self.out
            .push_str(&format!("#heading(level: {level}{numbering})["));
        self.closers.push(if label.is_empty() {
            "];\n\n".to_string()
        } else {
            format!("]<{label}>\n\n")
        });
    }

    fn link(&mut self, href: &CowStr) {
        let close = match self.targets.resolve(&self.page.doc, href) {
            Target::External(url) => {
                self.out.push_str(&format!("#link({})[", string(&url)));
                "];"
            }
            Target::Internal(label) => {
                self.out.push_str(&format!("#link(<{label}>)["));
                "];"
            }
            Target::Plain => "",
        };
        self.closers.push(close.to_string());
    }

    fn end_code(&mut self) {
        let Some((lang, text)) = self.code.take() else {
            return;
        };
        let text = string(text.strip_suffix('\n').unwrap_or(&text));
        let call = match lang.as_str() {
            "text" | "" if self.in_output => format!("#rlout({text});"),
            "rlab" | "rustlab" => format!("#rlcode({text}, lang: \"rlab\");"),
            "" => format!("#rlcode({text}, lang: none);"),
            other => format!("#rlcode({text}, lang: {});", string(other)),
        };
        self.out.push_str(&call);
        self.out.push_str("\n\n");
    }

    fn end_image(&mut self) {
        let Some((href, alt)) = self.image.take() else {
            return;
        };
        let page = self.page;
        let found = super::links::join(&page.doc.folder(), &href)
            .and_then(|path| page.figures.iter().find(|f| f.path == path));
        let Some(figure) = found else {
            self.warn(format!("image '{href}' is not one of the page's figures"));
            self.out.push_str(&format!("#emph[{}];", markup(&alt)));
            return;
        };
        let path = format!("/fig/{}.svg", self.sink.figures.len());
        self.sink.figures.push((path.clone(), figure.svg.clone()));
        self.out.push_str(&format!(
            "#rlfig({}, alt: {});\n",
            string(&path),
            string(&alt)
        ));
    }

    fn formula(&mut self, tex: &str, block: bool) {
        let index = self.sink.formulas.len();
        self.sink
            .formulas
            .push(Formula::new(tex, block, self.page.index));
        let path = Formula::path(index);
        self.out.push_str(&format!("#include {};", string(&path)));
    }

    fn footnote(&mut self, name: &str) {
        let doc = &self.page.doc;
        let label = escape::label(&[doc.slug, doc.script.unwrap_or(""), "fn", name]);
        match self.footnotes.get(name) {
            Some(_) if self.footnotes_used.contains(name) => {
                self.out.push_str(&format!("#footnote(<{label}>);"));
            }
            Some(body) => {
                self.out.push_str(&format!("#footnote[{body}]<{label}>"));
                self.footnotes_used.insert(name.to_string());
            }
            None => self.out.push_str(&markup(&format!("[^{name}]"))),
        }
    }

    fn html(&mut self, html: &str) {
        for id in crate::render::common::html::anchor_ids(html) {
            let label = self.page.doc.anchor_label(&id);
            self.out.push_str(&format!("#metadata(none)<{label}>"));
        }
        for piece in self.html.feed(html) {
            match piece {
                Piece::Text(text) => self.out.push_str(&markup(&text)),
                Piece::Comment(comment) => match output_marker(&comment) {
                    Some(OutputMarker::Start) => self.in_output = true,
                    Some(OutputMarker::End) => self.in_output = false,
                    None => {}
                },
                Piece::Tag { name, closing } => self.tag(&name, closing),
            }
        }
    }

    fn tag(&mut self, name: &str, closing: bool) {
        match (name, closing) {
            ("summary", false) if !self.in_summary => {
                self.in_summary = true;
                self.out.push_str("\n\n#strong[");
            }
            ("summary", true) if self.in_summary => {
                self.in_summary = false;
                self.out.push_str("];\n\n");
            }
            ("details" | "p" | "div", _) => self.out.push_str("\n\n"),
            ("br", _) => self.out.push_str("\\\n"),
            _ => {}
        }
    }

    fn warn(&mut self, message: String) {
        let d = Diagnostic::warning(Kind::Render, message).in_file(self.page.display);
        self.sink.warnings.push(d);
    }
}
