//! Series colours and line styles: what the `color`/`style` options of the plotting builtins
//! mean. (The automatic palette belongs to the renderer: `svg::style`.)
//!
//! Names follow rustlab where rustlab has them (the one-letter names `r g b c m y k w` and the
//! eight basic words, case-insensitive); on top of that every CSS colour name and `#rrggbb`
//! hex code works (parsed by `csscolorparser`). Anything else means "automatic", as in
//! rustlab: the renderer picks the colour by the series' index in its panel.

use super::model::{Color, LineStyle};

/// The one-letter colour names of rustlab and the words they stand for.
const LETTERS: [(&str, &str); 8] = [
    ("r", "red"),
    ("g", "green"),
    ("b", "blue"),
    ("c", "cyan"),
    ("m", "magenta"),
    ("y", "yellow"),
    ("k", "black"),
    ("w", "white"),
];

/// The colour a `color` option names, or `None` for "automatic" (unknown names, as rustlab).
pub(crate) fn parse_color(name: &str) -> Option<Color> {
    let trimmed = name.trim();
    let lower = trimmed.to_ascii_lowercase();
    let word = LETTERS
        .iter()
        .find(|(letter, _)| *letter == lower)
        .map_or(trimmed, |(_, word)| word);
    let parsed = csscolorparser::parse(word).ok()?;
    let [r, g, b, alpha] = parsed.to_rgba8();
    if alpha == 0 {
        // `transparent` would draw nothing at all: treat it as automatic.
        return None;
    }
    Some(Color::Rgb(r, g, b))
}

/// The line style a `style` option names: `dashed`/`--`, `dotted`/`:`, anything else solid.
pub(crate) fn parse_style(name: &str) -> LineStyle {
    match name.trim().to_ascii_lowercase().as_str() {
        "dashed" | "--" | "dash" => LineStyle::Dashed,
        "dotted" | ":" | "dot" => LineStyle::Dotted,
        _ => LineStyle::Solid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_letter_names_are_the_basic_colours() {
        assert_eq!(parse_color("r"), Some(Color::Rgb(255, 0, 0)));
        assert_eq!(parse_color("B"), Some(Color::Rgb(0, 0, 255)));
        assert_eq!(parse_color("k"), Some(Color::Rgb(0, 0, 0)));
        assert_eq!(parse_color("w"), Some(Color::Rgb(255, 255, 255)));
        assert_eq!(parse_color("c"), parse_color("cyan"));
        assert_eq!(parse_color("y"), parse_color("Yellow"));
    }

    #[test]
    fn css_names_and_hex_codes_work() {
        assert_eq!(parse_color("gray"), Some(Color::Rgb(128, 128, 128)));
        assert_eq!(parse_color("orange"), Some(Color::Rgb(255, 165, 0)));
        assert_eq!(parse_color("SteelBlue"), Some(Color::Rgb(70, 130, 180)));
        assert_eq!(parse_color("#1a2B3c"), Some(Color::Rgb(0x1a, 0x2b, 0x3c)));
        assert_eq!(parse_color(" green "), Some(Color::Rgb(0, 128, 0)));
    }

    #[test]
    fn unknown_names_mean_automatic() {
        assert_eq!(parse_color("blurple"), None);
        assert_eq!(parse_color(""), None);
        assert_eq!(parse_color("transparent"), None);
        assert_eq!(parse_color("#12"), None);
    }

    #[test]
    fn styles_have_words_and_symbols() {
        assert_eq!(parse_style("dashed"), LineStyle::Dashed);
        assert_eq!(parse_style("--"), LineStyle::Dashed);
        assert_eq!(parse_style("Dotted"), LineStyle::Dotted);
        assert_eq!(parse_style(":"), LineStyle::Dotted);
        assert_eq!(parse_style("solid"), LineStyle::Solid);
        assert_eq!(parse_style("-"), LineStyle::Solid);
        assert_eq!(parse_style("wavy"), LineStyle::Solid);
    }
}
