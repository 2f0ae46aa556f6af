//! The author's raw HTML (and the HTML of highlighted code and MathML) read as tokens and
//! written again as XHTML: names lowercased outside `math`/`svg`, void elements closed
//! (`<br>` → `<br/>`), attributes quoted and deduplicated, event handlers and `<script>` /
//! `<style>` dropped, entities decoded (the writer escapes the XML five again; named HTML
//! entities become characters, through pulldown-cmark's own entity table), comments handed
//! to the caller, anything that is not a tag kept as text; obsolete presentational HTML
//! is made current (`obsolete`).

use super::obsolete;
use super::xml::{Origin, Xhtml, is_ncname};
pub(crate) use crate::render::common::html::{Token, tokens};

/// HTML elements that never have content.
const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

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
