//! A small SVG writer: elements with attributes appended to a string, text escaped for
//! XML, coordinates written with at most two decimals (`12.5`, `-3`, never `-0`). The same
//! calls always give the same bytes.

use std::fmt::Write as _;

/// An attribute value: a coordinate or length, or text.
#[derive(Clone)]
pub(crate) enum Attr<'a> {
    Num(f64),
    Str(&'a str),
    Owned(String),
}

impl From<f64> for Attr<'_> {
    fn from(v: f64) -> Self {
        Attr::Num(v)
    }
}

impl<'a> From<&'a str> for Attr<'a> {
    fn from(v: &'a str) -> Self {
        Attr::Str(v)
    }
}

impl From<String> for Attr<'_> {
    fn from(v: String) -> Self {
        Attr::Owned(v)
    }
}

/// `(name, value)` pairs of one element.
pub(crate) type Attrs<'a> = [(&'a str, Attr<'a>)];

/// An SVG document being written.
#[derive(Default)]
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    /// `<name attrs>`; close it with [`Svg::close`].
    pub(crate) fn open(&mut self, name: &str, attrs: &Attrs) {
        self.start(name, attrs);
        self.out.push_str(">\n");
    }

    /// `<name attrs/>`.
    pub(crate) fn leaf(&mut self, name: &str, attrs: &Attrs) {
        self.start(name, attrs);
        self.out.push_str("/>\n");
    }

    /// `<name attrs>text</name>` with the text escaped.
    pub(crate) fn text(&mut self, name: &str, attrs: &Attrs, text: &str) {
        self.start(name, attrs);
        self.out.push('>');
        self.out.push_str(&escape(text));
        let _ = writeln!(self.out, "</{name}>");
    }

    pub(crate) fn close(&mut self, name: &str) {
        let _ = writeln!(self.out, "</{name}>");
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }

    fn start(&mut self, name: &str, attrs: &Attrs) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            self.out.push(' ');
            self.out.push_str(key);
            self.out.push_str("=\"");
            match value {
                Attr::Num(v) => self.out.push_str(&num(*v)),
                Attr::Str(s) => self.out.push_str(&escape(s)),
                Attr::Owned(s) => self.out.push_str(&escape(s)),
            }
            self.out.push('"');
        }
    }
}

/// A coordinate with at most two decimals and no trailing zeros; non-finite values are 0.
pub(crate) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_string();
    }
    let rounded = (v * 100.0).round() / 100.0;
    if rounded == 0.0 {
        return "0".to_string();
    }
    let text = format!("{rounded:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Path data through `points`: `M x y L x y …` (empty for no points).
pub(crate) fn path_data(points: &[(f64, f64)]) -> String {
    let mut d = String::with_capacity(points.len() * 12);
    for (i, &(x, y)) in points.iter().enumerate() {
        d.push(if i == 0 { 'M' } else { 'L' });
        d.push_str(&num(x));
        d.push(' ');
        d.push_str(&num(y));
    }
    d
}

pub(crate) use crate::markup::escape;

/// `#rrggbb` of an RGB colour.
pub(crate) fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.23456), "1.23");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(path_data(&[(1.0, 2.0), (3.5, 4.0)]), "M1 2L3.5 4");
        assert_eq!(hex((255, 0, 16)), "#ff0010");
    }

    #[test]
    fn elements_escape_text_and_attributes() {
        let mut svg = Svg::default();
        svg.open("g", &[("class", "a\"b".into())]);
        svg.text("text", &[("x", 1.5.into())], "x < y & z");
        svg.leaf("rect", &[("width", 3.0.into())]);
        svg.close("g");
        assert_eq!(
            svg.finish(),
            "<g class=\"a&quot;b\">\n<text x=\"1.5\">x &lt; y &amp; z</text>\n\
             <rect width=\"3\"/>\n</g>\n"
        );
    }
}
