//! The look shared by every rendered figure: sizes, the light colours written into the SVG
//! as presentation attributes, and the classes a page's stylesheet uses to recolour a figure
//! for its theme.
//!
//! A figure file is complete on its own: every colour is an attribute, on an opaque light
//! background. Inside a page, the theme's CSS (rules on these classes win over attributes)
//! gives the same figure dark colours. Series colours the code did not set come from an
//! Okabe–Ito palette (colour-blind safe), darkened where needed for 3:1 contrast on white;
//! each automatic series carries the class `rlf-c<k>` so a theme can swap the palette.
//! Colours the code set are kept in every theme. Fonts are named, never loaded.

use crate::plot::model::Color;

/// Class of the root `<svg>`.
pub(crate) const ROOT: &str = "rlf";

/// A role in the figure: its class, the property it colours (`fill` or `stroke`), its light
/// colour and the theme's CSS custom property for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Role {
    pub class: &'static str,
    pub paint: &'static str,
    pub light: &'static str,
    pub property: &'static str,
}

/// The figure's background.
pub(crate) const BACKGROUND: Role = Role {
    class: "rlf-bg",
    paint: "fill",
    light: "#ffffff",
    property: "--fig-bg",
};
/// Titles, axis labels, tick labels, legend text.
pub(crate) const TEXT: Role = Role {
    class: "rlf-fg",
    paint: "fill",
    light: "#222222",
    property: "--fig-fg",
};
/// Axis lines, tick marks, legend and colour-bar borders.
pub(crate) const AXIS: Role = Role {
    class: "rlf-axis",
    paint: "stroke",
    light: "#5a5a5a",
    property: "--fig-axis",
};
pub(crate) const GRID_MAJOR: Role = Role {
    class: "rlf-grid",
    paint: "stroke",
    light: "#dedede",
    property: "--fig-grid",
};
pub(crate) const GRID_MINOR: Role = Role {
    class: "rlf-grid2",
    paint: "stroke",
    light: "#f0f0f0",
    property: "--fig-grid2",
};
/// The legend's box (drawn over the data with a little transparency).
pub(crate) const LEGEND: Role = Role {
    class: "rlf-key-bg",
    paint: "fill",
    light: "#ffffff",
    property: "--fig-key",
};
/// The thin edge between neighbouring bars (the background colour).
pub(crate) const EDGE: Role = Role {
    class: "rlf-edge",
    paint: "stroke",
    light: "#ffffff",
    property: "--fig-bg",
};
/// The walls of a surface's axis box.
pub(crate) const WALL: Role = Role {
    class: "rlf-wall",
    paint: "fill",
    light: "#f6f6f6",
    property: "--fig-wall",
};

/// The automatic series colours, in order.
pub(crate) const PALETTE: [(u8, u8, u8); 8] = [
    (0x00, 0x72, 0xb2), // blue
    (0xd5, 0x5e, 0x00), // vermillion
    (0x00, 0x9e, 0x73), // bluish green
    (0xcc, 0x79, 0xa7), // reddish purple
    (0xc2, 0x7c, 0x00), // orange, darkened
    (0x2e, 0x8b, 0xc0), // sky blue, darkened
    (0x8c, 0x7e, 0x00), // yellow, darkened
    (0x33, 0x33, 0x33), // black, softened
];

/// The light colours as the theme's CSS custom properties (`--fig-fg: #222222`, …,
/// `--fig-c0` … for the palette): the stylesheet must say the same, so a page in the light
/// theme shows a figure as its file does.
pub fn light_properties() -> Vec<(String, String)> {
    let roles = [BACKGROUND, TEXT, AXIS, GRID_MAJOR, GRID_MINOR, LEGEND, WALL];
    let mut out: Vec<(String, String)> = roles
        .iter()
        .map(|r| (r.property.to_string(), r.light.to_string()))
        .collect();
    out.extend(
        PALETTE
            .iter()
            .enumerate()
            .map(|(k, &c)| (format!("--fig-c{k}"), super::writer::hex(c))),
    );
    out
}

pub(crate) const TITLE_SIZE: f64 = 17.0;
pub(crate) const LABEL_SIZE: f64 = 14.0;
pub(crate) const TICK_SIZE: f64 = 12.5;
pub(crate) const FONT_FAMILY: &str =
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif";

/// Width of data lines, in pixels.
pub(crate) const LINE_WIDTH: f64 = 2.0;
/// Radius of scatter and stem markers.
pub(crate) const MARKER_RADIUS: f64 = 4.0;

/// How a series is coloured: the attribute value of `color` (its shapes draw with
/// `currentColor`) and, for automatic colours, the palette class.
pub(crate) struct SeriesPaint {
    pub color: String,
    pub class: Option<String>,
}

pub(crate) fn series_paint(c: Color) -> SeriesPaint {
    match c {
        Color::Auto(index) => {
            let k = index % PALETTE.len();
            SeriesPaint {
                color: super::writer::hex(PALETTE[k]),
                class: Some(format!("rlf-c{k}")),
            }
        }
        Color::Rgb(r, g, b) => SeriesPaint {
            color: super::writer::hex((r, g, b)),
            class: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance of an sRGB colour.
    pub(crate) fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    #[test]
    fn palette_colours_stand_out_from_the_light_background() {
        for (k, &c) in PALETTE.iter().enumerate() {
            let contrast = 1.05 / (luminance(c) + 0.05);
            assert!(
                contrast >= 3.0,
                "palette colour {k} has contrast {contrast}"
            );
        }
    }

    #[test]
    fn automatic_colours_carry_a_class_and_given_colours_do_not() {
        let auto = series_paint(Color::Auto(9));
        assert_eq!(auto.class.as_deref(), Some("rlf-c1"));
        assert_eq!(auto.color, "#d55e00");
        let given = series_paint(Color::Rgb(255, 0, 0));
        assert_eq!((given.color.as_str(), given.class), ("#ff0000", None));
    }
}
