//! The bibliography settings of `book.toml` (docs/citations.md): `[book] bibliography` (the
//! BibTeX/BibLaTeX `.bib` and hayagriva `.yaml` files, relative to the book's root), `[book]
//! csl` (a style bundled with hayagriva by name, `"apa"` by default, or a `.csl` file) and
//! `[bibliography] only_cited` (an entry no lesson cites is an error).

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The `[bibliography]` table as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawBibliography {
    pub only_cited: bool,
}

/// The citation style: a bundled one by name, or a CSL file.
#[derive(Clone, Debug, PartialEq)]
pub enum CslStyle {
    Named(String),
    File(PathBuf),
}

/// Where the book's works come from and how they are cited.
#[derive(Clone, Debug, PartialEq)]
pub struct BibliographySettings {
    /// The bibliography files, absolute; none: the book has no citations.
    pub files: Vec<PathBuf>,
    pub style: CslStyle,
    pub only_cited: bool,
}

impl Default for BibliographySettings {
    fn default() -> Self {
        BibliographySettings {
            files: Vec::new(),
            style: CslStyle::Named("apa".into()),
            only_cited: false,
        }
    }
}

impl RawBibliography {
    /// The settings, with `files` and a `.csl` path resolved against `root`.
    pub(super) fn resolve(
        &self,
        root: &Path,
        files: &[PathBuf],
        csl: Option<&str>,
    ) -> Result<BibliographySettings, String> {
        if let Some(f) = files
            .iter()
            .find(|f| !has_extension(f, &["bib", "yaml", "yml"]))
        {
            return Err(format!(
                "[book] bibliography: '{}' is neither a .bib (BibTeX, BibLaTeX) nor a .yaml (hayagriva) file",
                f.display()
            ));
        }
        let style = match csl.map(str::trim) {
            None => CslStyle::Named("apa".into()),
            Some("") => {
                return Err("[book] csl is empty: name a style (\"apa\") or a .csl file".into());
            }
            Some(c) if has_extension(Path::new(c), &["csl"]) => CslStyle::File(root.join(c)),
            Some(c) => CslStyle::Named(c.to_string()),
        };
        if self.only_cited && files.is_empty() {
            return Err(
                "[bibliography] only_cited is set, but [book] bibliography names no file".into(),
            );
        }
        Ok(BibliographySettings {
            files: files.iter().map(|f| root.join(f)).collect(),
            style,
            only_cited: self.only_cited,
        })
    }
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    (path.extension().and_then(|e| e.to_str()))
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

#[cfg(test)]
mod tests {
    use crate::config::{Config, CslStyle};
    use std::path::Path;

    fn parse(text: &str) -> anyhow::Result<Config> {
        Config::parse(Path::new("/book"), text, "book.toml")
    }

    #[test]
    fn files_and_a_style_resolve_against_the_root() {
        let c = parse("[book]\nbibliography = [\"refs.bib\", \"more.yaml\"]\ncsl = \"ieee\"\n")
            .unwrap();
        let b = &c.bibliography;
        assert_eq!(
            b.files,
            [Path::new("/book/refs.bib"), Path::new("/book/more.yaml")]
        );
        assert_eq!(b.style, CslStyle::Named("ieee".into()));
        assert!(!b.only_cited);
        let c = parse("[book]\nbibliography = [\"r.bib\"]\ncsl = \"styles/x.csl\"\n[bibliography]\nonly_cited = true\n").unwrap();
        assert_eq!(
            c.bibliography.style,
            CslStyle::File("/book/styles/x.csl".into())
        );
        assert!(c.bibliography.only_cited);
        let c = parse("").unwrap();
        assert!(c.bibliography.files.is_empty());
        assert_eq!(c.bibliography.style, CslStyle::Named("apa".into()));
    }

    #[test]
    fn other_files_an_empty_style_and_only_cited_without_files_are_errors() {
        let e = parse("[book]\nbibliography = [\"refs.txt\"]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("'refs.txt' is neither a .bib"), "{e}");
        let e = parse("[book]\ncsl = \" \"\n").unwrap_err().to_string();
        assert!(e.contains("[book] csl is empty"), "{e}");
        let e = parse("[bibliography]\nonly_cited = true\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("names no file"), "{e}");
        let e = parse("[bibliography]\nonly = true\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown key 'only'"), "{e}");
    }
}
