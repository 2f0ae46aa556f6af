//! Obsolete HTML that Markdown authors still write (the GitHub README idiom
//! `<p align="center">`, `<center>`, `<font>`, `<a name="…">`, `<table border="1">`) made
//! current, so that the HTML schema epubcheck applies accepts it: obsolete elements are
//! renamed, presentational attributes become a `style` or are dropped, and an `img` always
//! has an `alt`.

/// The current element for `name`, and the style the obsolete one implied.
pub(crate) fn element(name: &str) -> (&str, Option<&'static str>) {
    match name {
        "center" => ("div", Some("text-align: center")),
        "font" | "big" | "blink" | "marquee" | "nobr" => ("span", None),
        "tt" => ("code", None),
        "strike" => ("s", None),
        "acronym" => ("abbr", None),
        "dir" => ("ul", None),
        "listing" | "xmp" | "plaintext" => ("pre", None),
        other => (other, None),
    }
}

/// Presentational attributes dropped wherever they appear.
const DROPPED: [&str; 20] = [
    "background",
    "bgcolor",
    "border",
    "cellpadding",
    "cellspacing",
    "char",
    "charoff",
    "clear",
    "color",
    "compact",
    "face",
    "frame",
    "hspace",
    "language",
    "longdesc",
    "nowrap",
    "rules",
    "valign",
    "vspace",
    "axis",
];

/// Elements whose `width` and `height` are current.
const SIZED: [&str; 9] = [
    "img", "video", "canvas", "iframe", "embed", "object", "input", "source", "svg",
];

/// The attributes of the (current) element `element`, obsolete ones made current; `style`
/// is the style the obsolete element implied.
pub(crate) fn attributes(
    element: &str,
    style: Option<&str>,
    attrs: Vec<(String, String)>,
) -> Vec<(String, String)> {
    let mut styles: Vec<String> = style.map(str::to_string).into_iter().collect();
    let mut kept: Vec<(String, String)> = Vec::new();
    for (name, value) in attrs {
        match name.as_str() {
            "align" => styles.extend(align(element, &value)),
            "style" => styles.insert(0, value.trim().trim_end_matches(';').to_string()),
            "name" if element == "a" => kept.push(("id".into(), value)),
            "width" | "height" if !SIZED.contains(&element) => {}
            "size" if !matches!(element, "input" | "select") => {}
            "type" if matches!(element, "ul" | "li") => {}
            "summary" if element == "table" => {}
            "scope" | "abbr" if element == "td" => {}
            "name" if element == "img" => {}
            other if DROPPED.contains(&other) => {}
            _ => kept.push((name, value)),
        }
    }
    styles.retain(|s| !s.is_empty());
    if !styles.is_empty() {
        kept.push(("style".into(), styles.join("; ")));
    }
    if element == "img" && !kept.iter().any(|(k, _)| k == "alt") {
        kept.push(("alt".into(), String::new()));
    }
    kept
}

/// The style of `align="value"` on `element`, if it has one.
fn align(element: &str, value: &str) -> Option<String> {
    let value = value.trim().to_ascii_lowercase();
    match (element, value.as_str()) {
        ("img" | "iframe" | "object" | "embed", _) => None,
        ("table", "center") => Some("margin-left: auto; margin-right: auto".into()),
        ("table", "left" | "right") => Some(format!("float: {value}")),
        (_, "left" | "right" | "center" | "justify") => Some(format!("text-align: {value}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn readme_idioms_become_current_html() {
        assert_eq!(element("center"), ("div", Some("text-align: center")));
        assert_eq!(element("tt"), ("code", None));
        assert_eq!(element("p"), ("p", None));
        let p = attributes(
            "p",
            None,
            pairs(&[("align", "CENTER"), ("style", "color: red;")]),
        );
        assert_eq!(p, pairs(&[("style", "color: red; text-align: center")]));
        let img = attributes("img", None, pairs(&[("src", "x.svg"), ("align", "left")]));
        assert_eq!(img, pairs(&[("src", "x.svg"), ("alt", "")]));
        let a = attributes("a", None, pairs(&[("name", "top")]));
        assert_eq!(a, pairs(&[("id", "top")]));
        let table = attributes(
            "table",
            None,
            pairs(&[("border", "1"), ("width", "80%"), ("align", "center")]),
        );
        assert_eq!(
            table,
            pairs(&[("style", "margin-left: auto; margin-right: auto")])
        );
        let div = attributes("div", Some("text-align: center"), pairs(&[("id", "x")]));
        assert_eq!(div, pairs(&[("id", "x"), ("style", "text-align: center")]));
    }
}
