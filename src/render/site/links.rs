//! Paths and links of the site: where each page lives, the relative prefix back to the site
//! root from a page, percent-encoding of link targets, and the check that a path coming from
//! page data stays inside the site. Every link the site writes is relative, so the pages work
//! from `file://` and from any sub-path of a web server.

use crate::render::common::urls::encode_path;
use anyhow::{Result, bail};
use std::path::{Component, Path, PathBuf};

/// Path of a lesson page relative to the site root.
pub(crate) fn lesson_page(slug: &str) -> String {
    format!("{slug}.html")
}

/// Path of a script page relative to the site root.
pub(crate) fn script_page(slug: &str, name: &str) -> String {
    format!("scripts/{slug}/{name}.html")
}

/// The prefix that leads from the page at `page` (relative to the site root) back to the
/// root: `""` for `a.html`, `"../../"` for `scripts/a/b.html`.
pub(crate) fn root_prefix(page: &str) -> String {
    "../".repeat(page.matches('/').count())
}

/// A link from the page at `from` to the site path `to` (both relative to the site root),
/// percent-encoded for use in `href`/`src`.
pub(crate) fn href(from: &str, to: &str) -> String {
    format!("{}{}", root_prefix(from), encode_path(to))
}

/// Check that `rel` (a path from page data, e.g. a figure's) is a plain relative path inside
/// the site and return it as a `PathBuf`. Absolute paths, `..`, and empty paths are refused.
pub(crate) fn checked_relative(rel: &str) -> Result<PathBuf> {
    let path = Path::new(rel);
    if rel.is_empty() || rel.contains('\\') {
        bail!("invalid site path '{rel}'");
    }
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            _ => bail!("site path '{rel}' must stay inside the site"),
        }
    }
    if out.as_os_str().is_empty() {
        bail!("invalid site path '{rel}'");
    }
    Ok(out)
}

/// Check that a slug or script name can be a single file name component.
pub(crate) fn check_name(kind: &str, name: &str) -> Result<()> {
    let bad = name.is_empty()
        || name == "."
        || name == ".."
        || name.contains(['/', '\\', '\0'])
        || name.starts_with('.');
    if bad {
        bail!("{kind} '{name}' cannot be used as a file name in the site");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_lead_back_to_the_root() {
        assert_eq!(root_prefix("index.html"), "");
        assert_eq!(root_prefix("scripts/01-a/demo.html"), "../../");
        assert_eq!(href("index.html", "01-a.html"), "01-a.html");
        assert_eq!(
            href("scripts/01-a/demo.html", "figures/01-a/s-1.svg"),
            "../../figures/01-a/s-1.svg"
        );
        assert_eq!(
            href(&script_page("01-a", "demo"), &lesson_page("01-a")),
            "../../01-a.html"
        );
    }

    #[test]
    fn site_paths_stay_inside_the_site() {
        assert_eq!(
            checked_relative("figures/a/b.svg").unwrap(),
            Path::new("figures/a/b.svg")
        );
        assert_eq!(checked_relative("./x.svg").unwrap(), Path::new("x.svg"));
        for bad in [
            "",
            "/etc/passwd",
            "../x.svg",
            "figures/../../x",
            ".",
            "a\\b.svg",
        ] {
            assert!(checked_relative(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_must_be_single_components() {
        assert!(check_name("slug", "01-intro").is_ok());
        assert!(check_name("slug", "a b").is_ok());
        for bad in ["", "..", "a/b", ".hidden"] {
            assert!(check_name("slug", bad).is_err(), "{bad}");
        }
    }
}
