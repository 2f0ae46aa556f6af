//! The glossary setting of `book.toml` (docs/glossary.md): `[book] glossary`, one TOML file
//! of terms, definitions and aliases, relative to the book's root. Only the path is checked
//! here; the file itself is read with the lessons (`crate::gloss`), so that its errors name
//! its own lines.

use std::path::{Path, PathBuf};

/// The glossary file resolved against `root`: none when `book.toml` names none, an error
/// when the name is empty or not a `.toml` file.
pub(super) fn resolve(root: &Path, file: Option<&Path>) -> Result<Option<PathBuf>, String> {
    let Some(file) = file else {
        return Ok(None);
    };
    if file.as_os_str().is_empty() {
        return Err("[book] glossary is empty: name a .toml file (\"glossary.toml\")".into());
    }
    let is_toml =
        (file.extension().and_then(|e| e.to_str())).is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    if !is_toml {
        return Err(format!(
            "[book] glossary: '{}' is not a .toml file",
            file.display()
        ));
    }
    Ok(Some(root.join(file)))
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use std::path::Path;

    fn parse(text: &str) -> anyhow::Result<Config> {
        Config::parse(Path::new("/book"), text, "book.toml")
    }

    #[test]
    fn the_glossary_resolves_against_the_root_and_is_optional() {
        let c = parse("[book]\nglossary = \"terms/glossary.toml\"\n").unwrap();
        assert_eq!(
            c.glossary.as_deref(),
            Some(Path::new("/book/terms/glossary.toml"))
        );
        assert_eq!(
            c.book.glossary.as_deref(),
            Some(Path::new("terms/glossary.toml"))
        );
        assert_eq!(parse("").unwrap().glossary, None);
    }

    #[test]
    fn a_glossary_that_is_no_toml_file_is_an_error() {
        let e = parse("[book]\nglossary = \"terms.yaml\"\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "book.toml: [book] glossary: 'terms.yaml' is not a .toml file"
        );
        let e = parse("[book]\nglossary = \"\"\n").unwrap_err().to_string();
        assert!(e.contains("[book] glossary is empty"), "{e}");
        let e = parse("[book]\nglossary = [\"a.toml\"]\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("book.toml:2:12:"), "{e}");
    }
}
