//! The one reader of raw HTML for every renderer and the link checker: the author's HTML
//! blocks, highlighted code, MathML, the page templates. [`tokens`] takes HTML apart into
//! text (entities decoded: the numeric ones, and the named ones through pulldown-cmark's
//! own table), start tags with their attributes (quoted, unquoted or bare; values decoded),
//! end tags and comments; `<script>`/`<style>` content, declarations and processing
//! instructions give nothing, and anything that is not well-formed markup stays text.
//! [`ids`] and [`anchor_ids`] read the ids a page really has from it.

use std::collections::BTreeSet;

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

/// The tokens of `html` (a comment it leaves open runs to its end).
pub(crate) fn tokens(html: &str) -> Vec<Token> {
    let (mut out, open) = tokens_to_open_comment(html);
    if let Some(comment) = open {
        out.push(Token::Comment(comment.to_string()));
    }
    out
}

/// The tokens of `html` up to a comment it opens and does not close, and the text of that
/// comment so far (for HTML that comes in pieces, a comment spanning several).
pub(crate) fn tokens_to_open_comment(html: &str) -> (Vec<Token>, Option<&str>) {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut rest = html;
    let mut open = None;
    while let Some(at) = rest.find(['<', '&']) {
        text.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with('&') {
            let (decoded, used) = entity(rest);
            text.push_str(&decoded);
            rest = &rest[used..];
            continue;
        }
        if let Some(body) = rest.strip_prefix("<!--").filter(|b| !b.contains("-->")) {
            (open, rest) = (Some(body), "");
            break;
        }
        match markup(rest) {
            Some((token, used)) => {
                push_text(&mut out, &mut text);
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
    push_text(&mut out, &mut text);
    (out, open)
}

fn push_text(out: &mut Vec<Token>, text: &mut String) {
    if !text.is_empty() {
        out.push(Token::Text(std::mem::take(text)));
    }
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

/// Characters XML 1.0 allows.
pub(crate) fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        || c >= '\u{10000}'
}

/// Every `id` of the elements of `html` (the ids a page has), decoded. Values holding
/// template syntax (`{{`, `{%`) are skipped.
pub(crate) fn ids(html: &str) -> BTreeSet<String> {
    (tokens(html).into_iter())
        .filter_map(|token| match token {
            Token::Start { attrs, .. } => attribute_value(attrs, "id"),
            _ => None,
        })
        .filter(|id| !id.contains("{{") && !id.contains("{%"))
        .collect()
}

/// The ids of the `<a id="…">` anchors of `html` (what the Markdown book puts before its
/// labelled targets), in order.
pub(crate) fn anchor_ids(html: &str) -> Vec<String> {
    (tokens(html).into_iter())
        .filter_map(|token| match token {
            Token::Start { name, attrs, .. } if name.eq_ignore_ascii_case("a") => {
                attribute_value(attrs, "id").filter(|id| !id.is_empty())
            }
            _ => None,
        })
        .collect()
}

/// The value of the first attribute `name` (ASCII case ignored).
fn attribute_value(attrs: Vec<(String, String)>, name: &str) -> Option<String> {
    (attrs.into_iter())
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn start(name: &str, attrs: &[(&str, &str)]) -> Token {
        let attrs = attrs.iter().map(|(k, v)| (k.to_string(), v.to_string()));
        Token::Start {
            name: name.into(),
            attrs: attrs.collect(),
            self_closing: false,
        }
    }

    #[test]
    fn raw_html_tokens() {
        let t = tokens("a<b x='1' y=2 z>c</b><!-- c --><?pi?><x <y>&amp;&lt");
        assert_eq!(
            t,
            vec![
                Token::Text("a".into()),
                start("b", &[("x", "1"), ("y", "2"), ("z", "z")]),
                Token::Text("c".into()),
                Token::End("b".into()),
                Token::Comment(" c ".into()),
                Token::Text("<x ".into()),
                start("y", &[]),
                Token::Text("&&lt".into()),
            ]
        );
        assert_eq!(
            tokens("<script>x = '<b>'</script>t"),
            [Token::Text("t".into())]
        );
        assert_eq!(decode("&#65;&#x42;&eacute;&bogus; &"), "ABé&bogus; &");
    }

    #[test]
    fn a_comment_left_open_is_handed_back() {
        let (t, open) = tokens_to_open_comment("a<br><!-- one\ntwo");
        assert_eq!(t, [Token::Text("a".into()), start("br", &[])]);
        assert_eq!(open, Some(" one\ntwo"));
        assert_eq!(tokens("<!-- x")[0], Token::Comment(" x".into()));
        assert_eq!(tokens_to_open_comment("<!-- x -->").1, None);
    }

    #[test]
    fn ids_of_html_are_every_id_attribute_decoded() {
        let html = "<h2 id=\"a-b\">A</h2><section class=\"x\" ID='block-1'>\
                    <div data-id=\"no\" id=\"q&amp;a\"></div><p>id=\"text\"</p>\
                    <a id=\"{{ page.id }}\"></a><!-- <p id=\"gone\"> -->";
        let found: Vec<String> = ids(html).into_iter().collect();
        assert_eq!(found, ["a-b", "block-1", "q&a"]);
        assert!(ids("<p id=\"open").is_empty());
        assert!(ids("id=").is_empty());
    }

    #[test]
    fn anchors_are_the_ids_of_a_elements() {
        let html = "<a id=\"fig-x\"></a> <A  ID=\"tbl-y\" class=\"k\"></A><a href=\"#z\">z</a>\
                    <span id=\"no\"></span><a id=\"\"></a>";
        assert_eq!(anchor_ids(html), ["fig-x", "tbl-y"]);
    }
}
