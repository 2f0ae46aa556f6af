//! Text in figures: user text cleaned for SVG, its width estimated without a font file,
//! and long titles fitted to the room they have (wrapped onto a second line, then set
//! smaller) instead of being clipped.
//!
//! Widths use the advance widths of DejaVu Sans (the widest common sans-serif, so text sized
//! for it also fits Arial, Helvetica or Roboto), in ems.

/// Advance widths in ems of the printable ASCII characters, from `' '` to `'~'`.
const ASCII_EM: [f32; 95] = [
    0.3179, 0.400, 0.460, 0.838, 0.636, 0.950, 0.780, 0.275, 0.390, 0.390, 0.500, 0.838, 0.3179,
    0.361, 0.3179, 0.337, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636,
    0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1.000, 0.684, 0.686, 0.698, 0.770, 0.632, 0.575,
    0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695, 0.635,
    0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.390, 0.337, 0.390, 0.838, 0.500, 0.500,
    0.613, 0.635, 0.550, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974,
    0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525,
    0.636, 0.337, 0.636, 0.838,
];

/// Titles are never set smaller than this fraction of their size.
const MIN_SHRINK: f64 = 0.7;

/// User text made safe for one line of SVG text: characters XML 1.0 forbids are dropped,
/// line breaks become spaces, and very long strings are cut.
pub(crate) fn clean(text: &str) -> String {
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

/// Estimated width of `text` set in `size`-pixel sans-serif.
pub(crate) fn width(text: &str, size: f64) -> f64 {
    text.chars().map(char_em).sum::<f64>() * size
}

fn char_em(c: char) -> f64 {
    let u = u32::from(c);
    match u {
        0x20..=0x7E => f64::from(ASCII_EM[(u - 0x20) as usize]),
        // Superscript digits and signs (log-axis decades).
        0x2070..=0x207F | 0xB2 | 0xB3 | 0xB9 => 0.42,
        // East Asian wide characters.
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFF00..=0xFF60 => {
            1.0
        }
        _ => 0.7,
    }
}

/// A title fitted into `room` pixels: its lines (one or two) and the font size to set them
/// in, starting from `size`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Fitted {
    pub lines: Vec<String>,
    pub size: f64,
}

/// Fit `text` into `room` pixels: one line if it fits, else two lines broken at the space
/// nearest the middle, then a smaller size (down to [`MIN_SHRINK`]), then the longest line
/// cut with an ellipsis as a last resort.
pub(crate) fn fit(text: &str, size: f64, room: f64) -> Fitted {
    if text.is_empty() || width(text, size) <= room {
        return Fitted {
            lines: vec![text.to_string()],
            size,
        };
    }
    let lines = split_in_two(text);
    let widest = lines.iter().map(|l| width(l, size)).fold(0.0, f64::max);
    let scale = (room / widest).clamp(MIN_SHRINK, 1.0);
    let size = size * scale;
    let lines = lines.into_iter().map(|l| cut_to(&l, size, room)).collect();
    Fitted { lines, size }
}

/// `text` broken at the space nearest its middle (one line when it has no space).
fn split_in_two(text: &str) -> Vec<String> {
    let middle = text.len() / 2;
    let best = text
        .char_indices()
        .filter(|&(_, c)| c == ' ')
        .map(|(i, _)| i)
        .min_by_key(|&i| i.abs_diff(middle));
    match best {
        Some(i) => vec![text[..i].trim().to_string(), text[i..].trim().to_string()],
        None => vec![text.to_string()],
    }
}

/// `line`, shortened with an ellipsis until it fits `room` pixels.
fn cut_to(line: &str, size: f64, room: f64) -> String {
    if width(line, size) <= room {
        return line.to_string();
    }
    let mut kept: Vec<char> = line.chars().collect();
    while !kept.is_empty() && width(&kept.iter().collect::<String>(), size) + size > room {
        kept.pop();
    }
    let mut out: String = kept.into_iter().collect();
    out = out.trim_end().to_string();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cleaned_for_xml() {
        assert_eq!(clean("a\u{1}b\nc"), "ab c");
        assert_eq!(clean("  x ≈ 1  "), "x ≈ 1");
        assert_eq!(clean(&"y".repeat(500)).len(), 200);
        assert_eq!(clean("\u{FFFE}ok"), "ok");
    }

    #[test]
    fn widths_follow_the_glyphs() {
        assert!(width("iiii", 10.0) < width("MMMM", 10.0));
        assert!((width("0", 10.0) - 6.36).abs() < 1e-6);
        assert!(width("10⁻⁶", 12.0) > width("10", 12.0));
        assert_eq!(width("", 12.0), 0.0);
    }

    #[test]
    fn long_titles_wrap_then_shrink_and_are_never_clipped() {
        let short = fit("Loss", 18.0, 300.0);
        assert_eq!(short.lines, ["Loss"]);
        let title = "Activation magnitude vs. depth (24 random GELU sublayers, d = 32)";
        let fitted = fit(title, 18.0, 400.0);
        assert_eq!(fitted.lines.len(), 2);
        assert_eq!(fitted.lines.join(" "), title);
        assert!(fitted.lines.iter().all(|l| width(l, fitted.size) <= 400.0));
        let tight = fit(title, 18.0, 120.0);
        assert!((tight.size - 18.0 * MIN_SHRINK).abs() < 1e-9);
        assert!(tight.lines.iter().all(|l| width(l, tight.size) <= 120.0));
        assert!(tight.lines[0].ends_with('…'));
        let unbroken = fit(&"x".repeat(80), 18.0, 200.0);
        assert_eq!(unbroken.lines.len(), 1);
    }
}
