//! `[output]` of `book.toml`: which formats a build writes and where. `formats` lists any of
//! `html`, `markdown`, `epub`, `pdf` (default `["html"]`); each format has its own table:
//! `[output.html] dir` (default `site`, also settable as `[paths] output`),
//! `[output.markdown] dir` (default `book`), `[output.epub] file` and `[output.pdf] file`
//! (default: one file each in the HTML folder, named after the book), `[output.pdf] paper`
//! (`a4` or `us-letter`).

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A publishing format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Html,
    Markdown,
    Epub,
    Pdf,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Markdown => "markdown",
            Format::Epub => "epub",
            Format::Pdf => "pdf",
        }
    }

    /// The format called `name` (`md` is Markdown).
    pub fn parse(name: &str) -> Result<Format, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "html" => Ok(Format::Html),
            "markdown" | "md" => Ok(Format::Markdown),
            "epub" => Ok(Format::Epub),
            "pdf" => Ok(Format::Pdf),
            other => Err(format!(
                "unknown output format '{other}' (known: html, markdown, epub, pdf)"
            )),
        }
    }
}

/// Paper of the PDF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Paper {
    #[default]
    A4,
    UsLetter,
}

/// Where every format goes, resolved against the book root.
#[derive(Clone, Debug, PartialEq)]
pub struct Outputs {
    /// The formats a build writes, in a fixed order, each once.
    pub formats: Vec<Format>,
    pub markdown_dir: PathBuf,
    pub epub_file: PathBuf,
    pub pdf_file: PathBuf,
    pub paper: Paper,
}

/// `[output]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawOutput {
    formats: Option<Vec<Format>>,
    html: RawDir,
    markdown: RawDir,
    epub: RawFile,
    pdf: RawPdf,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawDir {
    dir: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawFile {
    file: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawPdf {
    file: Option<PathBuf>,
    paper: Paper,
}

impl RawOutput {
    /// The HTML folder `[output.html] dir` names, when it does.
    pub(super) fn html_dir(&self) -> Option<&Path> {
        self.html.dir.as_deref()
    }

    /// The outputs of the book at `root` titled `title`, its HTML in `html_dir`.
    pub(super) fn resolve(&self, root: &Path, html_dir: &Path, title: &str) -> Outputs {
        let mut formats = self.formats.clone().unwrap_or_else(|| vec![Format::Html]);
        formats.sort();
        formats.dedup();
        let name = file_name_of(title);
        let file = |given: &Option<PathBuf>, ext: &str| match given {
            Some(path) => root.join(path),
            None => html_dir.join(format!("{name}.{ext}")),
        };
        Outputs {
            formats,
            markdown_dir: root.join(self.markdown.dir.as_deref().unwrap_or(Path::new("book"))),
            epub_file: file(&self.epub.file, "epub"),
            pdf_file: file(&self.pdf.file, "pdf"),
            paper: self.pdf.paper,
        }
    }
}

/// A file name made of the book's title: letters, digits, `-`, `_` and `.` kept, runs of
/// anything else one `-` (`"Deep Learning: A Course"` → `Deep-Learning-A-Course`).
pub fn file_name_of(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.trim().chars() {
        if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let name = out.trim_matches(['-', '.']).to_string();
    if name.is_empty() { "book".into() } else { name }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_defaults() {
        assert_eq!(
            file_name_of("Deep Learning: A Course"),
            "Deep-Learning-A-Course"
        );
        assert_eq!(file_name_of("  "), "book");
        assert_eq!(Format::parse("MD"), Ok(Format::Markdown));
        assert!(Format::parse("docx").unwrap_err().contains("known: html"));
        let o = RawOutput::default().resolve(Path::new("/b"), Path::new("/b/site"), "rustlab_llm");
        assert_eq!(o.formats, [Format::Html]);
        assert_eq!(o.markdown_dir, Path::new("/b/book"));
        assert_eq!(o.epub_file, Path::new("/b/site/rustlab_llm.epub"));
        assert_eq!(o.pdf_file, Path::new("/b/site/rustlab_llm.pdf"));
    }
}
