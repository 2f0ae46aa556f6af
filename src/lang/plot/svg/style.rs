//! The look shared by every rendered figure: fonts, text and grid colours, stroke widths,
//! and the clean-up of user text before it becomes SVG `<text>`.
//!
//! Figures carry their own opaque white background and dark text, so they read the same on a
//! light or a dark page. Fonts are named, never loaded: the browser picks the glyphs.

use crate::lang::plot::color;
use crate::lang::plot::model::Color;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{
    Color as _, FontDesc, FontFamily, FontStyle, RGBColor, ShapeStyle, TextStyle,
};

pub(crate) const BACKGROUND: RGBColor = RGBColor(255, 255, 255);
pub(crate) const TEXT: RGBColor = RGBColor(34, 34, 34);
pub(crate) const AXIS: RGBColor = RGBColor(90, 90, 90);
pub(crate) const GRID_MAJOR: RGBColor = RGBColor(222, 222, 222);
pub(crate) const GRID_MINOR: RGBColor = RGBColor(240, 240, 240);

pub(crate) const TITLE_SIZE: f64 = 18.0;
pub(crate) const LABEL_SIZE: f64 = 15.0;
pub(crate) const TICK_SIZE: f64 = 13.0;

/// Width of data lines, in pixels.
pub(crate) const LINE_WIDTH: u32 = 2;

/// A sans-serif font of `size` pixels in the text colour.
pub(crate) fn font(size: f64) -> TextStyle<'static> {
    font_colored(size, TEXT)
}

/// A sans-serif font of `size` pixels in `color`.
pub(crate) fn font_colored(size: f64, color: RGBColor) -> TextStyle<'static> {
    TextStyle {
        font: FontDesc::new(FontFamily::SansSerif, size, FontStyle::Normal),
        color: color.to_backend_color(),
        pos: Pos::new(HPos::Left, VPos::Top),
    }
}

/// The plotters colour of a series colour.
pub(crate) fn series_rgb(c: Color) -> RGBColor {
    let (r, g, b) = color::rgb(c);
    RGBColor(r, g, b)
}

/// A stroke of `width` pixels.
pub(crate) fn stroke(color: RGBColor, width: u32) -> ShapeStyle {
    ShapeStyle {
        color: color.into(),
        filled: false,
        stroke_width: width,
    }
}

/// A filled shape.
pub(crate) fn fill(color: RGBColor) -> ShapeStyle {
    ShapeStyle {
        color: color.into(),
        filled: true,
        stroke_width: 1,
    }
}

/// User text made safe for one line of SVG text: characters XML 1.0 forbids are dropped,
/// line breaks become spaces, and very long strings are cut.
pub(crate) fn clean_text(text: &str) -> String {
    const MAX_CHARS: usize = 200;
    let mut out = String::new();
    for c in text.chars().take(MAX_CHARS) {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if is_xml_char(c) => out.push(c),
            _ => {}
        }
    }
    out.trim().to_string()
}

fn is_xml_char(c: char) -> bool {
    let u = u32::from(c);
    u >= 0x20 && !(0xD800..=0xDFFF).contains(&u) && u != 0xFFFE && u != 0xFFFF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cleaned_for_xml() {
        assert_eq!(clean_text("a\u{1}b\nc"), "ab c");
        assert_eq!(clean_text("  x ≈ 1  "), "x ≈ 1");
        assert_eq!(clean_text(&"y".repeat(500)).len(), 200);
        assert_eq!(clean_text("\u{FFFE}ok"), "ok");
    }

    #[test]
    fn styles_carry_colour_and_width() {
        let s = stroke(AXIS, 3);
        assert_eq!(s.stroke_width, 3);
        assert!(!s.filled);
        assert!(fill(TEXT).filled);
        assert_eq!(series_rgb(Color::Rgb(1, 2, 3)), RGBColor(1, 2, 3));
        let _ = font(12.0);
    }
}
