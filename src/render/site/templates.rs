//! The page templates: tera 1.x templates embedded in the binary (`templates/*.html`),
//! overridden file by file by the `.html` files of the book's templates folder (which may also
//! add templates of its own for the others to include). Errors name the template file and, as
//! far as tera lets us know it, the line: `templates/lesson.html:12:5: …`.

use anyhow::{Context as _, Result, anyhow};
use std::collections::HashMap;
use std::error::Error as _;
use std::path::Path;
use tera::Tera;

/// The default templates, by name.
pub(crate) const EMBEDDED: &[(&str, &str)] = &[
    ("base.html", include_str!("../../../templates/base.html")),
    (
        "lesson.html",
        include_str!("../../../templates/lesson.html"),
    ),
    ("index.html", include_str!("../../../templates/index.html")),
    (
        "script.html",
        include_str!("../../../templates/script.html"),
    ),
];

/// Where a template came from and its text, for error messages.
struct Source {
    display: String,
    text: String,
}

/// The loaded, parsed templates.
pub(crate) struct Templates {
    tera: Tera,
    sources: HashMap<String, Source>,
}

impl Templates {
    /// The embedded defaults overridden by the `.html` files under `dir` (absent is fine).
    /// `display` turns a path into the form shown in messages.
    pub(crate) fn load(dir: &Path, display: &dyn Fn(&Path) -> String) -> Result<Templates> {
        let mut sources: HashMap<String, Source> = EMBEDDED
            .iter()
            .map(|(name, text)| {
                let source = Source {
                    display: format!("templates/{name} (built-in)"),
                    text: (*text).to_string(),
                };
                ((*name).to_string(), source)
            })
            .collect();
        for (name, path) in override_files(dir)? {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read template {}", display(&path)))?;
            let display = display(&path);
            sources.insert(name, Source { display, text });
        }
        let mut tera = Tera::default();
        tera.set_escape_fn(escape_html);
        tera.add_raw_templates(sources.iter().map(|(n, s)| (n.as_str(), s.text.as_str())))
            .map_err(|e| parse_error(&sources, &e))?;
        Ok(Templates { tera, sources })
    }

    /// Render the template `name`; an error names the template file (and line, when found).
    pub(crate) fn render(&self, name: &str, context: &tera::Context) -> Result<String> {
        self.tera
            .render(name, context)
            .map_err(|e| self.render_error(name, &e))
    }

    fn render_error(&self, name: &str, err: &tera::Error) -> anyhow::Error {
        let chain = messages(err);
        // tera says "(error happened in 'base.html')" when the failing node is inherited.
        let culprit = chain
            .first()
            .and_then(|m| quoted_after(m, "error happened in '", '\''))
            .unwrap_or(name);
        let detail = chain.get(1..).unwrap_or_default().join(": ");
        let detail = if detail.is_empty() {
            chain.join(": ")
        } else {
            detail
        };
        let Some(source) = self.sources.get(culprit) else {
            return anyhow!("template {culprit}: {detail}");
        };
        let line = quoted_after(&detail, "`", '`').and_then(|word| line_of(&source.text, word));
        match line {
            Some(line) => anyhow!("{}:{line}: {detail}", source.display),
            None => anyhow!("{}: {detail}", source.display),
        }
    }
}

/// HTML escaping for text and attribute values. Unlike tera's default it leaves `/` alone, so
/// links stay readable (`../../assets/style.css`).
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The `.html` files under `dir`, named by their path relative to it (`/`-separated).
fn override_files(dir: &Path) -> Result<Vec<(String, std::path::PathBuf)>> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        let is_html = entry.path().extension().is_some_and(|e| e == "html");
        if !entry.file_type().is_file() || hidden || !is_html {
            continue;
        }
        let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
        let name: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().to_string())
            .collect();
        files.push((name.join("/"), entry.into_path()));
    }
    Ok(files)
}

/// A parse (or inheritance) error as `file:line:col: message`.
fn parse_error(sources: &HashMap<String, Source>, err: &tera::Error) -> anyhow::Error {
    let chain = messages(err);
    let first = chain.first().map(String::as_str).unwrap_or_default();
    let name = quoted_after(first, "Failed to parse '", '\'');
    let Some(source) = name.and_then(|n| sources.get(n)) else {
        return anyhow!("template error: {}", chain.join(": "));
    };
    let detail = chain.get(1..).unwrap_or_default().join("\n");
    let (place, message) = match pest_position(&detail) {
        Some((line, col)) => (format!(":{line}:{col}"), pest_message(&detail)),
        None => (String::new(), detail.trim().to_string()),
    };
    anyhow!("{}{place}: {message}", source.display)
}

/// The messages of an error and its sources, outermost first.
fn messages(err: &tera::Error) -> Vec<String> {
    let mut out = vec![err.to_string()];
    let mut source = err.source();
    while let Some(e) = source {
        out.push(e.to_string());
        source = e.source();
    }
    out
}

/// The text between `start` and the next `end` in `text`.
fn quoted_after<'a>(text: &'a str, start: &str, end: char) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let rest = text.get(from..)?;
    rest.find(end).and_then(|to| rest.get(..to))
}

/// pest's ` --> 3:7` position marker.
fn pest_position(detail: &str) -> Option<(usize, usize)> {
    let marker = detail.find("--> ")? + 4;
    let rest = detail.get(marker..)?;
    let pos: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ':')
        .collect();
    let (line, col) = pos.split_once(':')?;
    Some((line.parse().ok()?, col.parse().ok()?))
}

/// pest's message after its source excerpt (`= expected …`), or the whole text.
fn pest_message(detail: &str) -> String {
    detail
        .lines()
        .find_map(|l| l.trim().strip_prefix("= "))
        .map_or_else(|| detail.trim().to_string(), str::to_string)
}

/// 1-based line of the first tag of `text` that mentions `word` (a variable, filter or test
/// name from a render error).
fn line_of(text: &str, word: &str) -> Option<usize> {
    let head = word.split(['.', '[']).next().unwrap_or(word);
    let in_tag = |line: &str| {
        (line.contains("{{") || line.contains("{%")) && (line.contains(word) || line.contains(head))
    };
    text.lines().position(in_tag).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn show(p: &Path) -> String {
        format!(
            "templates/{}",
            p.file_name().unwrap_or_default().to_string_lossy()
        )
    }

    fn book_with(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let templates = dir.path().join("templates");
        for (name, text) in files {
            let path = templates.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        (dir, templates)
    }

    #[test]
    fn defaults_load_without_a_folder() {
        let t = Templates::load(Path::new("/nonexistent/templates"), &show).unwrap();
        for (name, _) in EMBEDDED {
            assert!(t.tera.get_template(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn a_book_file_overrides_its_namesake_and_can_add_partials() {
        let (_dir, path) = book_with(&[
            (
                "index.html",
                "{% include \"parts/hello.html\" %} {{ book.title }}",
            ),
            ("parts/hello.html", "Hello from the book"),
            ("notes.txt", "{{ not a template"),
        ]);
        let t = Templates::load(&path, &show).unwrap();
        let mut ctx = tera::Context::new();
        ctx.insert("book", &serde_json::json!({"title": "T & U"}));
        let html = t.render("index.html", &ctx).unwrap();
        assert_eq!(html, "Hello from the book T &amp; U");
        assert!(t.tera.get_template("lesson.html").is_ok());
    }

    #[test]
    fn parse_errors_name_file_line_and_column() {
        let (_dir, path) = book_with(&[("lesson.html", "<p>\n\n  {{ title \n  {% endif %}\n")]);
        let err = Templates::load(&path, &show).err().unwrap().to_string();
        assert!(err.starts_with("templates/lesson.html:4:"), "{err}");
    }

    #[test]
    fn render_errors_name_the_file_and_line() {
        let (_dir, path) = book_with(&[(
            "index.html",
            "{% extends \"base.html\" %}\n{% block main %}\n<p>\n{{ nope.field }}\n{% endblock main %}\n",
        )]);
        let t = Templates::load(&path, &show).unwrap();
        let err = t.render("index.html", &tera::Context::new()).unwrap_err();
        let err = err.to_string();
        assert!(
            err.starts_with("templates/base.html (built-in):2: Variable `book.language` not found"),
            "{err}"
        );
        let mut ctx = tera::Context::new();
        ctx.insert("book", &serde_json::json!({"title": "T", "language": "en"}));
        for key in ["root", "page_title", "assets", "page_kind", "index_href"] {
            ctx.insert(key, "");
        }
        ctx.insert("nav", &Vec::<String>::new());
        let err = t.render("index.html", &ctx).unwrap_err().to_string();
        assert!(
            err.starts_with("templates/index.html:4: Variable `nope.field` not found"),
            "{err}"
        );
    }

    #[test]
    fn escaping_covers_markup_and_quotes_but_not_slashes() {
        assert_eq!(
            escape_html("<a href=\"x\">'&'</a> ../x"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; ../x"
        );
    }

    /// Every file in the repository's `templates/` must be embedded.
    #[test]
    fn every_template_of_the_repository_is_embedded() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            assert!(
                EMBEDDED.iter().any(|(n, _)| *n == name),
                "templates/{name} is not in templates::EMBEDDED"
            );
        }
    }

    #[test]
    fn pest_positions_are_read() {
        let detail = " --> 4:3\n  |\n4 |   {% endif %}\n  |   ^---\n  |\n  = expected a tag";
        assert_eq!(pest_position(detail), Some((4, 3)));
        assert_eq!(pest_message(detail), "expected a tag");
        assert_eq!(line_of("a\n{{ x.y }}\n", "x.y"), Some(2));
        assert_eq!(quoted_after("in 'b.html').", "in '", '\''), Some("b.html"));
    }
}
