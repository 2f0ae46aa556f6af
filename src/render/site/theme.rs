//! Theme assets: the stylesheets and scripts of `theme/`, embedded in the binary, overridden
//! file by file by the book's theme folder, whose other files (fonts, images, extra CSS) are
//! copied too. All of them land in the site's `assets/` folder under their relative names.
//! The live-code scripts of `theme/live/` are not among them: `site::live` writes them, with
//! the pages that run live.

use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::Path;

/// The default theme files, by name.
pub(crate) const EMBEDDED: &[(&str, &str)] = &[
    (
        "highlight.css",
        include_str!("../../../theme/highlight.css"),
    ),
    (
        "citations.css",
        include_str!("../../../theme/citations.css"),
    ),
    ("figures.js", include_str!("../../../theme/figures.js")),
    ("glossary.css", include_str!("../../../theme/glossary.css")),
    ("style.css", include_str!("../../../theme/style.css")),
    ("print.css", include_str!("../../../theme/print.css")),
    ("rlbook.js", include_str!("../../../theme/rlbook.js")),
    ("search.js", include_str!("../../../theme/search.js")),
];

/// One file of the theme: its name under `assets/` (`/`-separated) and its bytes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Asset {
    pub(crate) name: String,
    pub(crate) bytes: Vec<u8>,
}

/// The theme's files: the embedded defaults, replaced or joined by the files under `dir`
/// (absent is fine), in name order. Hidden files and folders are skipped.
pub(crate) fn assets(dir: &Path) -> Result<Vec<Asset>> {
    let mut files: BTreeMap<String, Vec<u8>> = EMBEDDED
        .iter()
        .map(|(name, text)| ((*name).to_string(), text.as_bytes().to_vec()))
        .collect();
    if dir.is_dir() {
        let own = super::files::read_visible_tree(dir)
            .with_context(|| format!("cannot read the theme folder {}", dir.display()))?;
        files.extend(own);
    }
    Ok(files
        .into_iter()
        .map(|(name, bytes)| Asset { name, bytes })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(assets: &[Asset]) -> Vec<&str> {
        assets.iter().map(|a| a.name.as_str()).collect()
    }

    #[test]
    fn defaults_without_a_theme_folder() {
        let assets = assets(Path::new("/nonexistent/theme")).unwrap();
        assert_eq!(
            names(&assets),
            [
                "citations.css",
                "figures.js",
                "glossary.css",
                "highlight.css",
                "print.css",
                "rlbook.js",
                "search.js",
                "style.css"
            ]
        );
        let style = assets.iter().find(|a| a.name == "style.css").unwrap();
        assert!(String::from_utf8_lossy(&style.bytes).contains("prefers-color-scheme: dark"));
    }

    #[test]
    fn book_files_override_and_extend_the_theme() {
        let dir = tempfile::tempdir().unwrap();
        let theme = dir.path();
        std::fs::write(theme.join("print.css"), "/* mine */").unwrap();
        std::fs::write(theme.join("highlight.css"), ".hl-keyword{}").unwrap();
        std::fs::create_dir_all(theme.join("fonts")).unwrap();
        std::fs::write(theme.join("fonts/math.woff2"), [0u8, 159, 146, 150]).unwrap();
        std::fs::write(theme.join(".DS_Store"), "junk").unwrap();
        let assets = assets(theme).unwrap();
        assert_eq!(
            names(&assets),
            [
                "citations.css",
                "figures.js",
                "fonts/math.woff2",
                "glossary.css",
                "highlight.css",
                "print.css",
                "rlbook.js",
                "search.js",
                "style.css"
            ]
        );
        let bytes = |name: &str| &assets.iter().find(|a| a.name == name).unwrap().bytes;
        assert_eq!(bytes("print.css"), b"/* mine */");
        assert_eq!(bytes("fonts/math.woff2"), &[0u8, 159, 146, 150]);
    }

    /// Every file in the repository's `theme/` must be embedded, or books would lose it
    /// (`theme/live/`'s files are written with the live pages, `site::live`).
    #[test]
    fn every_theme_file_of_the_repository_is_embedded() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("theme");
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name == "live" {
                continue;
            }
            assert!(
                EMBEDDED.iter().any(|(n, _)| *n == name),
                "theme/{name} is not in theme::EMBEDDED"
            );
        }
    }

    /// The `--fig-*` custom properties of the first block of `css` opened by `selector`.
    fn figure_properties(css: &str, selector: &str) -> Vec<(String, String)> {
        let start = css
            .find(selector)
            .unwrap_or_else(|| panic!("no {selector}"));
        let block = &css[start..start + css[start..].find('}').unwrap()];
        block
            .lines()
            .filter_map(|l| l.trim().strip_prefix("--fig-"))
            .filter_map(|l| l.trim_end_matches(';').split_once(':'))
            .map(|(k, v)| (format!("--fig-{k}"), v.trim().to_string()))
            .collect()
    }

    fn rgb(hex: &str) -> (u8, u8, u8) {
        let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
        ((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    /// WCAG contrast ratio of two `#rrggbb` colours.
    fn contrast(a: &str, b: &str) -> f64 {
        let luminance = |hex: &str| {
            let (r, g, b) = rgb(hex);
            let c = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b)
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// A figure in the light theme looks as its file does; the dark theme gives legible text
    /// (4.5:1), axes and every palette colour (3:1) on the dark figure background, and both
    /// dark blocks (the toggle and the system preference) agree; print is light.
    #[test]
    fn figure_colours_agree_with_the_renderer_and_read_well_in_both_themes() {
        let css = EMBEDDED.iter().find(|(n, _)| *n == "style.css").unwrap().1;
        let print = EMBEDDED.iter().find(|(n, _)| *n == "print.css").unwrap().1;
        let light = rlab::plot::svg::light_properties();
        assert_eq!(figure_properties(css, ":root {"), light);
        assert_eq!(figure_properties(print, "html, html[data-theme"), light);
        let dark = figure_properties(css, "html[data-theme=\"dark\"] {");
        assert_eq!(
            dark,
            figure_properties(css, "html:not([data-theme=\"light\"]) {")
        );
        let value = |k: &str| &dark.iter().find(|(name, _)| name == k).unwrap().1;
        let bg = value("--fig-bg");
        assert!(contrast(value("--fig-fg"), bg) >= 4.5);
        assert!(contrast(value("--fig-axis"), bg) >= 3.0);
        for k in 0..8 {
            let c = value(&format!("--fig-c{k}"));
            assert!(
                contrast(c, bg) >= 3.0,
                "--fig-c{k} {c}: {}",
                contrast(c, bg)
            );
        }
        assert!(contrast(&light[1].1, &light[0].1) >= 4.5, "light text");
    }
}
