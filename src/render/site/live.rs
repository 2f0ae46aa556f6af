//! The files of live code (docs/live-code.md), written only when some page lets the reader
//! run its blocks: each such page's script `live/<slug>.js` (made by the lesson renderer;
//! a standalone script's page: `live/<slug>/<name>.js`), and under `assets/live/`: the
//! loader every such page links (`loader.js`, small: it only adds the Run and Edit buttons),
//! and what the loader fetches on the first press, by `<script>` so that it works from
//! `file://`: the controller and its worker (`runtime.js`), the editor (`editor.js`,
//! CodeMirror 6, bundled by `scripts/build-web`), and the interpreter (`module.js`:
//! `crates/rlab-live`'s WebAssembly module, gzipped and in base64, which the worker unpacks
//! with `DecompressionStream`). Pages with exercises (docs/exercises.md) also link
//! `exercises.js` and `exercises.css`. A book's theme folder may replace or add files of `live/`
//! like any theme file; they too are written only with live pages.

use super::theme::Asset;
use crate::render::LessonHtml;
use anyhow::Result;
use base64::Engine as _;
use std::collections::BTreeMap;
use std::io::Write as _;

/// The WebAssembly module, as `scripts/build-wasm` made and committed it.
const MODULE: &[u8] = include_bytes!("../../../crates/rlab-live/dist/rlab-live.wasm");

/// The live-code files of the theme, by their path under `assets/`.
const SCRIPTS: &[(&str, &str)] = &[
    (
        "live/loader.js",
        include_str!("../../../theme/live/loader.js"),
    ),
    (
        "live/runtime.js",
        include_str!("../../../theme/live/runtime.js"),
    ),
    (
        "live/editor.js",
        include_str!("../../../theme/live/editor.js"),
    ),
    (
        "live/exercises.js",
        include_str!("../../../theme/live/exercises.js"),
    ),
    (
        "live/exercises.css",
        include_str!("../../../theme/live/exercises.css"),
    ),
];

/// Whether a theme file belongs to live code (`live/…`): written only with live pages.
pub(crate) fn is_live(asset: &Asset) -> bool {
    asset.name.starts_with("live/")
}

/// The site path of the live script of the lesson `slug`.
pub(crate) fn page_script(slug: &str) -> String {
    format!("live/{slug}.js")
}

/// The site path of the live script of the page of script `name` of the lesson `slug`.
pub(crate) fn script_page_script(slug: &str, name: &str) -> String {
    format!("live/{slug}/{name}.js")
}

/// The live files of `pages` and their scripts' pages: none when no page runs live. The
/// book's own theme files under `live/` (`theme`) replace or join the embedded scripts.
pub(crate) fn files(pages: &[LessonHtml], theme: &[Asset]) -> Result<Vec<(String, Vec<u8>)>> {
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    for page in pages {
        out.extend((page.live.clone()).map(|s| (page_script(&page.slug), s.into_bytes())));
        for script in &page.scripts {
            let path = script_page_script(&page.slug, &script.name);
            out.extend(script.live.clone().map(|s| (path, s.into_bytes())));
        }
    }
    if out.is_empty() {
        return Ok(out);
    }
    let mut scripts: BTreeMap<&str, &[u8]> = SCRIPTS
        .iter()
        .map(|(name, text)| (*name, text.as_bytes()))
        .collect();
    scripts.extend(theme.iter().map(|a| (a.name.as_str(), a.bytes.as_slice())));
    for (name, bytes) in scripts {
        out.push((format!("assets/{name}"), bytes.to_vec()));
    }
    out.push(("assets/live/module.js".into(), module_script()?));
    Ok(out)
}

/// `self.rlabLiveModule = "<base64 of the gzipped module>";`
fn module_script() -> Result<Vec<u8>> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(MODULE)?;
    let packed = gz.finish()?;
    let text = base64::engine::general_purpose::STANDARD.encode(packed);
    Ok(format!("self.rlabLiveModule=\"{text}\";\n").into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    #[test]
    fn the_module_script_unpacks_to_the_committed_module() {
        let script = String::from_utf8(module_script().unwrap()).unwrap();
        let b64 = script
            .strip_prefix("self.rlabLiveModule=\"")
            .and_then(|s| s.strip_suffix("\";\n"))
            .unwrap();
        let packed = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .unwrap();
        let mut module = Vec::new();
        flate2::read::GzDecoder::new(packed.as_slice())
            .read_to_end(&mut module)
            .unwrap();
        assert_eq!(module, MODULE);
        assert_eq!(&module[..4], b"\0asm");
    }

    /// Every file of the repository's `theme/live/` is written, or pages would miss it.
    #[test]
    fn every_live_script_of_the_repository_is_written() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("theme/live");
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let name = entry.file_name().to_string_lossy().to_string();
            assert!(
                SCRIPTS.iter().any(|(_, t)| *t == text),
                "theme/live/{name} is not written"
            );
        }
    }

    #[test]
    fn a_site_without_live_pages_has_no_live_files() {
        assert!(files(&[], &[]).unwrap().is_empty());
    }
}
