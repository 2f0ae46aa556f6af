//! The author's raw HTML (and the HTML of highlighted code and MathML) read as tokens and
//! written again as XHTML: names lowercased outside `math`/`svg`, void elements closed
//! (`<br>` → `<br/>`), attributes quoted and deduplicated, event handlers and `<script>` /
//! `<style>` dropped, entities decoded (the writer escapes the XML five again; named HTML
//! entities become characters, through pulldown-cmark's own entity table), comments handed
//! to the caller, anything that is not a tag kept as text; obsolete presentational HTML
//! is made current (`obsolete`).

use super::obsolete;
use super::xml::{Origin, Xhtml, is_ncname, xml_char};

/// One piece of raw HTML.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    Text(String),
    Start {
        name: String,
        attrs: Vec<(String, String)>,
        self_closing: bool,
    },
    End(String),
    Comment(String),
}

/// HTML elements that never have content.
const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// The tokens of `html`.
pub(crate) fn tokens(html: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut rest = html;
    while let Some(at) = rest.find(['<', '&']) {
        text.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with('&') {
            let (decoded, used) = entity(rest);
            text.push_str(&decoded);
            rest = &rest[used..];
            continue;
        }
        match markup(rest) {
            Some((token, used)) => {
                if !text.is_empty() {
                    out.push(Token::Text(std::mem::take(&mut text)));
                }
                rest = &rest[used..];
                if let Some(Token::Start { name, .. }) = &token
                    && matches!(name.to_ascii_lowercase().as_str(), "script" | "style")
                {
                    rest = skip_raw_text(rest, name);
                    continue;
                }
                out.extend(token);
            }
            None => {
                text.push('<');
                rest = &rest[1..];
            }
        }
    }
    text.push_str(rest);
    if !text.is_empty() {
        out.push(Token::Text(text));
    }
    out
}

/// What follows the `<</` of `</name ...>`, up to and past the end tag.
fn skip_raw_text<'h>(rest: &'h str, name: &str) -> &'h str {
    let lower = rest.to_ascii_lowercase();
    let close = format!("</{}", name.to_ascii_lowercase());
    match lower.find(&close) {
        Some(at) => match rest[at..].find('>') {
            Some(gt) => &rest[at + gt + 1..],
            None => "",
        },
        None => "",
    }
}

/// The markup at the start of `rest` (which starts with `<`) and its length in bytes; a
/// declaration or processing instruction gives no token; `None` when it is not markup.
fn markup(rest: &str) -> Option<(Option<Token>, usize)> {
    if let Some(body) = rest.strip_prefix("<!--") {
        let (comment, used) = match body.find("-->") {
            Some(end) => (&body[..end], end + 3),
            None => (body, body.len()),
        };
        return Some((Some(Token::Comment(comment.to_string())), 4 + used));
    }
    if let Some(body) = rest.strip_prefix("<![CDATA[") {
        let end = body.find("]]>").unwrap_or(body.len());
        let used = 9 + (end + 3).min(body.len());
        return Some((Some(Token::Text(body[..end].to_string())), used));
    }
    if rest.starts_with("<!") || rest.starts_with("<?") {
        return rest.find('>').map(|gt| (None, gt + 1));
    }
    if let Some(body) = rest.strip_prefix("</") {
        let name_len = name_length(body);
        let gt = body.find('>')?;
        if name_len == 0 || gt < name_len {
            return None;
        }
        return Some((Some(Token::End(body[..name_len].to_string())), 2 + gt + 1));
    }
    start_tag(&rest[1..]).map(|(token, used)| (Some(token), used + 1))
}

/// Bytes of the tag name at the start of `s` (ASCII letter, then letters, digits, `-`, `:`).
fn name_length(s: &str) -> usize {
    if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return 0;
    }
    s.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | ':' | '_' | '.')))
        .unwrap_or(s.len())
}

/// `name attr="v" …>` after the `<`.
fn start_tag(s: &str) -> Option<(Token, usize)> {
    let name_len = name_length(s);
    if name_len == 0 {
        return None;
    }
    let name = s[..name_len].to_string();
    let mut attrs = Vec::new();
    let mut pos = name_len;
    loop {
        let rest = &s[pos..];
        let trimmed = rest.trim_start();
        pos += rest.len() - trimmed.len();
        if trimmed.starts_with('>') {
            return Some((start(name, attrs, false), pos + 1));
        }
        if trimmed.starts_with("/>") {
            return Some((start(name, attrs, true), pos + 2));
        }
        if trimmed.is_empty() || trimmed.starts_with('<') {
            return None;
        }
        if let Some(after) = trimmed.strip_prefix('/') {
            pos += trimmed.len() - after.len();
            continue;
        }
        let (attr, used) = attribute(trimmed)?;
        attrs.push(attr);
        pos += used;
    }
}

fn start(name: String, attrs: Vec<(String, String)>, self_closing: bool) -> Token {
    Token::Start {
        name,
        attrs,
        self_closing,
    }
}

/// One attribute, `name`, `name=value`, `name="value"` or `name='value'`, and its length.
fn attribute(s: &str) -> Option<((String, String), usize)> {
    let name_end = s
        .find(|c: char| c.is_whitespace() || matches!(c, '=' | '>' | '/' | '<'))
        .unwrap_or(s.len());
    let name = s[..name_end].to_string();
    let after_name = &s[name_end..];
    let trimmed = after_name.trim_start();
    let Some(value_part) = trimmed.strip_prefix('=') else {
        let value = name.clone();
        return Some(((name, value), name_end.max(1)));
    };
    let value_part_trimmed = value_part.trim_start();
    let skipped = s.len() - value_part_trimmed.len();
    let (raw, used) = match value_part_trimmed.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let body = &value_part_trimmed[1..];
            let end = body.find(q)?;
            (&body[..end], end + 2)
        }
        _ => {
            let end = value_part_trimmed
                .find(|c: char| c.is_whitespace() || c == '>')
                .unwrap_or(value_part_trimmed.len());
            (&value_part_trimmed[..end], end)
        }
    };
    Some(((name, decode(raw)), skipped + used))
}

/// Text with its entities decoded.
pub(crate) fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let (decoded, used) = entity(&rest[at..]);
        out.push_str(&decoded);
        rest = &rest[at + used..];
    }
    out.push_str(rest);
    out
}

/// The entity at the start of `s` (which starts with `&`): its text and length; a lone `&`
/// when it is none. Numeric references to characters XML forbids give U+FFFD.
fn entity(s: &str) -> (String, usize) {
    let body = &s[1..];
    let end = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#'))
        .unwrap_or(body.len());
    if !body[end..].starts_with(';') || end == 0 || end > 40 {
        return ("&".into(), 1);
    }
    let name = &body[..end];
    let used = end + 2;
    let number = if let Some(hex) = name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
        Some(u32::from_str_radix(hex, 16).ok())
    } else {
        name.strip_prefix('#').map(|dec| dec.parse::<u32>().ok())
    };
    match number {
        Some(code) => {
            let c = code.and_then(char::from_u32).filter(|c| xml_char(*c));
            (c.unwrap_or('\u{FFFD}').to_string(), used)
        }
        None => match named_entity(name) {
            Some(text) => (text, used),
            None => ("&".into(), 1),
        },
    }
}

/// A named HTML entity's text, as pulldown-cmark decodes `&name;` in Markdown text.
fn named_entity(name: &str) -> Option<String> {
    let source = format!("&{name};");
    let mut text = String::new();
    for event in pulldown_cmark::Parser::new(&source) {
        if let pulldown_cmark::Event::Text(t) = event {
            text.push_str(&t);
        }
    }
    (text != source && !text.is_empty()).then_some(text)
}

/// How raw tags are written: rewrites of `href`, `src` and `id` values (`None` drops the
/// attribute)
/// and comments.
pub(crate) trait RawHooks {
    fn attribute(&mut self, element: &str, name: &str, value: &str) -> Option<String>;
    fn comment(&mut self, w: &mut Xhtml, comment: &str);
}

/// Write raw HTML tokens (see the module documentation).
pub(crate) fn write(w: &mut Xhtml, tokens: Vec<Token>, hooks: &mut dyn RawHooks) {
    for token in tokens {
        match token {
            Token::Text(text) => w.text(&text),
            Token::Comment(comment) => hooks.comment(w, &comment),
            Token::End(name) => {
                let (name, _) = element_name(w, &name);
                if !VOID.contains(&name.as_str()) {
                    w.end(&name, Origin::Raw);
                }
            }
            Token::Start {
                name,
                attrs,
                self_closing,
            } => start_element(w, &name, &attrs, self_closing, hooks),
        }
    }
}

/// The element a raw tag writes: lowercased outside foreign content, obsolete ones made
/// current; and the style an obsolete element implied.
fn element_name(w: &Xhtml, name: &str) -> (String, Option<&'static str>) {
    if w.in_foreign() {
        return (name.to_string(), None);
    }
    let lower = name.to_ascii_lowercase();
    let (current, style) = obsolete::element(&lower);
    (current.to_string(), style)
}

fn start_element(
    w: &mut Xhtml,
    name: &str,
    attrs: &[(String, String)],
    self_closing: bool,
    hooks: &mut dyn RawHooks,
) {
    let (name, style) = element_name(w, name);
    if !is_ncname(&name) {
        return;
    }
    let foreign = w.in_foreign() || matches!(name.as_str(), "math" | "svg");
    let kept = attributes(&name, attrs, foreign, style, hooks);
    let pairs: Vec<(&str, &str)> = kept.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    if name == "img" && !foreign && !kept.iter().any(|(k, _)| k == "src") {
        let alt = kept.iter().find(|(k, _)| k == "alt");
        w.text(alt.map_or("", |(_, v)| v.as_str()));
    } else if (VOID.contains(&name.as_str()) && !foreign) || self_closing {
        w.empty(&name, &pairs);
    } else {
        w.start(&name, &pairs, Origin::Raw);
    }
}

/// The attributes kept, in order, each once.
fn attributes(
    element: &str,
    attrs: &[(String, String)],
    foreign: bool,
    style: Option<&str>,
    hooks: &mut dyn RawHooks,
) -> Vec<(String, String)> {
    let named = attrs.iter().filter_map(|(name, value)| {
        let name = if foreign {
            name.clone()
        } else {
            name.to_ascii_lowercase()
        };
        let allowed = is_ncname(&name) || matches!(name.as_str(), "xml:lang" | "epub:type");
        let dropped = name.starts_with("on") || name.starts_with("xmlns");
        (allowed && !dropped).then(|| (name, value.clone()))
    });
    let named: Vec<(String, String)> = if foreign {
        named.collect()
    } else {
        obsolete::attributes(element, style, named.collect())
    };
    let mut kept: Vec<(String, String)> = Vec::new();
    for (name, value) in named {
        if kept.iter().any(|(k, _)| *k == name) {
            continue;
        }
        let value = if matches!(name.as_str(), "href" | "src" | "id") && !foreign {
            hooks.attribute(element, &name, &value)
        } else {
            Some(value)
        };
        if let Some(value) = value {
            kept.push((name, value));
        }
    }
    kept
}
