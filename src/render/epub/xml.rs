//! An XHTML writer that is well-formed by construction: text and attribute values are
//! escaped (characters XML forbids are dropped), every element it opens is on a stack and
//! is closed exactly once, and end tags that match nothing open are ignored.
//!
//! Elements remember who opened them ([`Origin`]): an end tag from the author's raw HTML
//! closes only an element the raw HTML opened and never reaches past an element of the
//! Markdown structure, while a Markdown end closes its element and whatever the raw HTML
//! left open inside it. `math` and `svg` elements get their namespace; inside them names
//! keep their case ([`Xhtml::in_foreign`]). A block element closes the paragraphs and
//! phrasing elements open around it, as an HTML parser would; a `details` always starts
//! with its `summary` (one reading "Details" is added when the author gave none), and a
//! `summary` anywhere else becomes a `span`.

use crate::render::common::html::xml_char;

/// Who opened an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The Markdown structure (paragraphs, lists, headings, …).
    Markdown,
    /// The author's raw HTML, highlighted code, MathML.
    Raw,
    /// An output region (`<!-- rustlab:output-start -->` … `-end -->`).
    Output,
}

struct Open {
    name: String,
    origin: Origin,
    foreign: bool,
}

/// The document being written.
#[derive(Default)]
pub(crate) struct Xhtml {
    out: String,
    stack: Vec<Open>,
    /// A `details` was just opened: unless its first content is a `summary`, one is added.
    summary_due: bool,
}

impl Xhtml {
    /// Escaped element content.
    pub(crate) fn text(&mut self, text: &str) {
        if !text.trim().is_empty() {
            self.settle_details(false);
        }
        push_escaped(&mut self.out, text, false);
    }

    /// Open an element.
    pub(crate) fn start(&mut self, name: &str, attrs: &[(&str, &str)], origin: Origin) {
        let summary_first = name == "summary" && self.summary_due;
        self.settle_details(name == "summary");
        self.close_phrasing_before(name);
        let stray_summary = name == "summary" && !summary_first;
        let name = if stray_summary { "span" } else { name };
        let foreign = self.tag(name, attrs);
        self.out.push('>');
        self.summary_due = name == "details" && !foreign;
        self.stack.push(Open {
            name: name.to_string(),
            origin,
            foreign,
        });
    }

    /// An element with no content, `<br/>`.
    pub(crate) fn empty(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.settle_details(false);
        self.close_phrasing_before(name);
        self.tag(name, attrs);
        self.out.push_str("/>");
    }

    /// The `summary` a `details` needs first, unless `summary` comes next.
    fn settle_details(&mut self, summary_next: bool) {
        if std::mem::take(&mut self.summary_due) && !summary_next {
            self.out.push_str("<summary>Details</summary>");
        }
    }

    /// `<name attrs` with the namespace a `math` or `svg` root needs; whether the element
    /// is foreign content.
    fn tag(&mut self, name: &str, attrs: &[(&str, &str)]) -> bool {
        let inherited = self.in_foreign();
        self.out.push('<');
        self.out.push_str(name);
        let namespace = match name {
            _ if inherited => None,
            "math" => Some("http://www.w3.org/1998/Math/MathML"),
            "svg" => Some("http://www.w3.org/2000/svg"),
            _ => None,
        };
        if let Some(ns) = namespace {
            self.attr("xmlns", ns);
        }
        for (key, value) in attrs {
            self.attr(key, value);
        }
        inherited || namespace.is_some()
    }

    fn attr(&mut self, key: &str, value: &str) {
        self.out.push(' ');
        self.out.push_str(key);
        self.out.push_str("=\"");
        push_escaped(&mut self.out, value, true);
        self.out.push('"');
    }

    /// Close the innermost open `name` that `origin` may close (see the module doc); does
    /// nothing when there is none. Returns whether it closed one.
    pub(crate) fn end(&mut self, name: &str, origin: Origin) -> bool {
        self.settle_details(false);
        let found = self
            .stack
            .iter()
            .rposition(|open| open.name == name && open.origin == origin);
        let Some(at) = found else { return false };
        let barrier = origin != Origin::Markdown
            && self.stack[at + 1..]
                .iter()
                .any(|open| open.origin == Origin::Markdown);
        if barrier {
            return false;
        }
        while self.stack.len() > at {
            self.close_top();
        }
        true
    }

    /// Before a block element, close the paragraphs and phrasing elements open at the top
    /// (as an HTML parser does for `<p>`), so that no block ends up inside them.
    fn close_phrasing_before(&mut self, name: &str) {
        if self.in_foreign() || !BLOCKS.contains(&name) {
            return;
        }
        while let Some(top) = self.stack.last() {
            if top.name != "p" && !PHRASING.contains(&top.name.as_str()) {
                break;
            }
            self.close_top();
        }
    }

    fn close_top(&mut self) {
        if let Some(open) = self.stack.pop() {
            self.out.push_str("</");
            self.out.push_str(&open.name);
            self.out.push('>');
        }
    }

    /// Inside `math` or `svg`.
    pub(crate) fn in_foreign(&self) -> bool {
        self.stack.last().is_some_and(|open| open.foreign)
    }

    /// Whether an element of this origin is open.
    pub(crate) fn inside(&self, origin: Origin) -> bool {
        self.stack.iter().any(|open| open.origin == origin)
    }

    /// The document so far with every open element closed.
    pub(crate) fn finish(mut self) -> String {
        self.settle_details(false);
        while !self.stack.is_empty() {
            self.close_top();
        }
        self.out
    }
}

/// Elements that may not stand inside a paragraph.
const BLOCKS: [&str; 28] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "dialog",
    "div",
    "dl",
    "fieldset",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "ul",
];

/// Elements that may hold only phrasing content.
const PHRASING: [&str; 26] = [
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
    "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "u", "var",
];

/// `text` escaped for element content, or for a double-quoted attribute value.
pub(crate) fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text, attribute);
    out
}

fn push_escaped(out: &mut String, text: &str, attribute: bool) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\n' if attribute => out.push_str("&#10;"),
            c if xml_char(c) => out.push(c),
            _ => {}
        }
    }
}

/// An XML name without a colon (element and attribute names, ids).
pub(crate) fn is_ncname(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(name_start_char) && chars.all(name_char)
}

/// XML 1.0's `NameStartChar` without `:`.
fn name_start_char(c: char) -> bool {
    matches!(c,
        'A'..='Z' | '_' | 'a'..='z' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}'
        | '\u{F8}'..='\u{2FF}' | '\u{370}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}'
        | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}'
        | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

/// XML 1.0's `NameChar` without `:` (combining marks included: `x̄` is a name).
fn name_char(c: char) -> bool {
    name_start_char(c)
        || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}
