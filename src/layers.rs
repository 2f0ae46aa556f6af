//! The module graph's rule, checked: every top-level module of rlbook belongs to a layer
//! (see the crate's doc), and code may import from its own layer's module, from the layers
//! below it, and never from a layer above. The test reads every `crate::<module>` path in
//! the library's non-test code (comments and `#[cfg(test)]` modules left out: a unit test may
//! build its fixtures with whatever it needs), and names each import that goes up.

use std::path::Path;

/// The layers, lowest first. A module may use the modules of its own layer only when that
/// layer lists them as one group's parts (`build` and `serve` never use each other).
const LAYERS: &[&[&str]] = &[
    &["atomic", "markup", "diagnostic"],
    &["config"],
    &["book"],
    &["cache"],
    &["exec"],
    &["record"],
    &["xref", "cite", "gloss"],
    &["render"],
    &["edition", "links"],
    &["pipeline"],
    &["build", "serve"],
    &["init"],
    &["cli"],
];

/// The layer of a top-level module, if it is one.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every import of `from` (a top-level module) that goes up a layer or sideways within one:
/// `(file, line, imported module)`.
fn upward_imports(from: &str, file: &str, text: &str) -> Vec<(String, usize, String)> {
    let Some(own) = layer_of(from) else {
        return Vec::new();
    };
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("");
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            let Some(target) = layer_of(&name) else {
                continue;
            };
            if name != from && target >= own {
                found.push((file.to_string(), n + 1, name));
            }
        }
    }
    found
}

/// Whether a file is test code only (a `tests.rs`, a `tests/` folder, test helpers).
fn is_test_file(relative: &Path) -> bool {
    let text = relative.to_string_lossy();
    text.ends_with("tests.rs") || text.contains("tests/") || text.contains("testutil")
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut upward = Vec::new();
    let mut files = 0;
    for entry in walkdir::WalkDir::new(&src).into_iter().flatten() {
        let path = entry.path();
        let relative = path.strip_prefix(&src).unwrap_or(path);
        if path.extension().is_none_or(|e| e != "rs") || is_test_file(relative) {
            continue;
        }
        let top = relative
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy());
        let top = top.unwrap_or_default().trim_end_matches(".rs").to_string();
        let text = std::fs::read_to_string(path).unwrap_or_default();
        upward.extend(upward_imports(&top, &relative.display().to_string(), &text));
        files += 1;
    }
    assert!(
        files > 100,
        "only {files} source files found under {}",
        src.display()
    );
    let lines: Vec<String> = (upward.iter())
        .map(|(file, line, to)| format!("src/{file}:{line} imports crate::{to}"))
        .collect();
    assert!(
        lines.is_empty(),
        "imports that go up a layer:\n{}",
        lines.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib = include_str!("lib.rs");
    let modules: Vec<&str> = (lib.lines())
        .filter_map(|l| l.trim().strip_suffix(';'))
        .filter_map(|l| l.rsplit_once("mod ").map(|(_, name)| name))
        .filter(|name| *name != "test_support" && *name != "layers")
        .collect();
    assert!(modules.len() >= 15, "{modules:?}");
    let missing: Vec<&&str> = modules.iter().filter(|m| layer_of(m).is_none()).collect();
    assert!(missing.is_empty(), "modules without a layer: {missing:?}");
}

#[test]
fn an_import_from_above_is_named_and_one_from_below_is_not() {
    let text = "//! about crate::pipeline\nuse crate::config::Config;\nuse crate::pipeline::formats::Download;\n\
                #[cfg(test)]\nmod tests {\n    use crate::cli;\n}\n";
    let found = upward_imports("render", "render/site/mod.rs", text);
    assert_eq!(
        found,
        [("render/site/mod.rs".to_string(), 3, "pipeline".to_string())]
    );
    assert!(upward_imports("build", "build/mod.rs", "use crate::serve::x;").len() == 1);
    assert!(upward_imports("serve", "serve/mod.rs", "use crate::serve::x;").is_empty());
}
