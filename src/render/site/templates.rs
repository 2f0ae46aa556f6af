//! The page templates: tera 1.x templates embedded in the binary (`templates/*.html`),
//! overridden file by file by the `.html` files of the book's templates folder (which may also
//! add templates of its own for the others to include). Errors name the template file and, as
//! far as tera lets us know it, the line: `templates/lesson.html:12:5: …`.

use super::template_error::{self, Source};
use crate::markup::escape;
use anyhow::{Context as _, Result};
use regex::Regex;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::OnceLock;
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
    (
        "matter.html",
        include_str!("../../../templates/matter.html"),
    ),
    ("pager.html", include_str!("../../../templates/pager.html")),
];

/// The loaded, parsed templates.
pub(crate) struct Templates {
    tera: Tera,
    sources: HashMap<String, Source>,
}

impl Templates {
    /// The embedded defaults overridden by the `.html` files under `dir` (absent is fine).
    /// `display` turns a path into the form shown in messages.
    pub(crate) fn load(dir: &Path, display: &dyn Fn(&Path) -> String) -> Result<Templates> {
        let sources = sources(dir, display)?;
        let mut tera = Tera::default();
        // HTML escaping that, unlike tera's default, leaves `/` alone so links stay readable
        // (`../../assets/style.css`).
        tera.set_escape_fn(escape);
        tera.add_raw_templates(sources.iter().map(|(n, s)| (n.as_str(), s.text.as_str())))
            .map_err(|e| template_error::load_error(&sources, &e))?;
        Ok(Templates { tera, sources })
    }

    /// Render the template `name`; an error names the template file (and line, when found).
    pub(crate) fn render(&self, name: &str, context: &tera::Context) -> Result<String> {
        self.tera.render(name, context).map_err(|e| {
            let mut candidates = vec![name.to_string()];
            if let Ok(template) = self.tera.get_template(name) {
                candidates.extend(template.parents.iter().cloned());
            }
            template_error::render_error(&self.sources, &candidates, &e)
        })
    }
}

/// The embedded templates overridden by the `.html` files under `dir`, by name.
fn sources(dir: &Path, display: &dyn Fn(&Path) -> String) -> Result<HashMap<String, Source>> {
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
    Ok(sources)
}

/// The ids a page made with the template `name` has from its templates: those written by
/// `name`, by the templates it extends and by those any of them includes, the book's own
/// templates under `dir` overriding the embedded ones. (Ids inside `{{ … }}` are not known
/// before rendering and are left out.)
pub(crate) fn template_ids(dir: &Path, name: &str) -> Result<BTreeSet<String>> {
    static USED: OnceLock<Regex> = OnceLock::new();
    let used = USED.get_or_init(|| {
        Regex::new(r#"\{%-?\s*(?:extends|include)\s+"([^"]+)""#).expect("a valid pattern")
    });
    let sources = sources(dir, &|p| p.display().to_string())?;
    let mut ids = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut todo = vec![name.to_string()];
    while let Some(name) = todo.pop() {
        let Some(source) = sources.get(&name).filter(|_| seen.insert(name.clone())) else {
            continue;
        };
        ids.extend(crate::render::common::html::ids(&source.text));
        todo.extend(used.captures_iter(&source.text).map(|c| c[1].to_string()));
    }
    Ok(ids)
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
    fn errors_in_a_parent_or_of_inheritance_name_the_right_file() {
        let (_dir, path) = book_with(&[(
            "base.html",
            "<html>\n{% block main %}{% endblock main %}\n{{ book.title | truncate(length=\"x\") }}\n",
        )]);
        let t = Templates::load(&path, &show).unwrap();
        let mut ctx = tera::Context::new();
        ctx.insert("book", &serde_json::json!({"title": "T"}));
        ctx.insert("lesson", &serde_json::json!({"body": "", "toc": []}));
        let err = t.render("lesson.html", &ctx).unwrap_err().to_string();
        assert!(
            err.starts_with("templates/base.html:3: Filter call 'truncate' failed"),
            "{err}"
        );
        let (_dir, path) = book_with(&[("lesson.html", "\n{% extends \"gone.html\" %}")]);
        let err = Templates::load(&path, &show).err().unwrap().to_string();
        assert!(
            err.starts_with(
                "templates/lesson.html:2: Template 'lesson.html' is inheriting from 'gone.html'"
            ),
            "{err}"
        );
    }

    #[test]
    fn escaping_covers_markup_and_quotes_but_not_slashes() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a> ../x"),
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
}
