//! From a request path to the file of the site it names, safely: the path is split into
//! segments, each percent-decoded on its own; a segment that decodes to `.` or `..`, holds a
//! slash or backslash (`%2f`, `%5c`) or a NUL, starts with a dot (hidden files, the site
//! marker), or is not UTF-8 names nothing. What remains is a `/`-separated key of the site's
//! files, which can only name a file under the output directory.

/// The site file a request path names: `/` → `index.html`, `/a/` → `a/index.html`,
/// `/12-x.html?y` → `12-x.html`. `None` for anything unsafe or malformed.
pub(crate) fn site_key(raw: &str) -> Option<String> {
    let path = raw.split(['?', '#']).next().unwrap_or("");
    let rest = path.strip_prefix('/')?;
    let mut segments = Vec::new();
    let parts: Vec<&str> = rest.split('/').collect();
    let last = parts.len().saturating_sub(1);
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() {
            if i == last {
                break;
            }
            return None;
        }
        segments.push(checked_segment(part)?);
    }
    if path.ends_with('/') {
        segments.push("index.html".to_string());
    }
    Some(segments.join("/"))
}

/// One decoded segment, or `None` when it could step out of the site or name a hidden file.
fn checked_segment(raw: &str) -> Option<String> {
    let bytes = percent_decode(raw)?;
    let text = String::from_utf8(bytes).ok()?;
    let bad = text.starts_with('.') || text.contains(['/', '\\', '\0']) || text.contains(':');
    (!bad).then_some(text)
}

/// `%XX` escapes decoded; a `%` not followed by two hex digits is malformed.
fn percent_decode(raw: &str) -> Option<Vec<u8>> {
    let escape_ok = |at: usize| {
        raw.get(at + 1..at + 3)
            .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
    };
    raw.match_indices('%')
        .all(|(at, _)| escape_ok(at))
        .then(|| percent_encoding::percent_decode_str(raw).collect())
}

/// The content type of a site file, by its extension.
pub(crate) fn content_type(key: &str) -> &'static str {
    let ext = key
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "txt" | "rlab" | "md" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "epub" => "application/epub+zip",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_paths_name_site_files() {
        assert_eq!(site_key("/").as_deref(), Some("index.html"));
        assert_eq!(site_key("/12-x.html").as_deref(), Some("12-x.html"));
        assert_eq!(
            site_key("/scripts/12-x/demo.html?v=3#top").as_deref(),
            Some("scripts/12-x/demo.html")
        );
        assert_eq!(site_key("/scripts/").as_deref(), Some("scripts/index.html"));
        assert_eq!(
            site_key("/figures/a%20b.svg").as_deref(),
            Some("figures/a b.svg")
        );
        assert_eq!(site_key("/%C3%A9t%C3%A9.html").as_deref(), Some("été.html"));
    }

    #[test]
    fn traversal_in_every_spelling_names_nothing() {
        for raw in [
            "/../Cargo.toml",
            "/..",
            "/a/../../Cargo.toml",
            "/%2e%2e/Cargo.toml",
            "/%2E%2E/Cargo.toml",
            "/.%2e/Cargo.toml",
            "/%2e./Cargo.toml",
            "/..%2fCargo.toml",
            "/..%2FCargo.toml",
            "/a%2f..%2f..%2fCargo.toml",
            "/..%5cCargo.toml",
            "/..\\Cargo.toml",
            "/a\\..\\..\\Cargo.toml",
            "/%5c%5cserver%5cshare",
            "/./index.html",
            "//etc/passwd",
            "/a//b",
            "/C:%5cWindows",
            "/x%00.html",
            "/.rlbook-site",
            "/assets/.hidden",
            "/%ff.html",
            "/%zz",
            "/%2",
            "relative.html",
            "",
        ] {
            assert_eq!(site_key(raw), None, "{raw}");
        }
    }

    #[test]
    fn double_encoding_stays_a_literal_name() {
        assert_eq!(
            site_key("/%252e%252e/Cargo.toml").as_deref(),
            Some("%2e%2e/Cargo.toml")
        );
    }

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("assets/style.CSS"), "text/css; charset=utf-8");
        assert_eq!(
            content_type("assets/rlbook.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("figures/a/b.svg"), "image/svg+xml");
        assert_eq!(content_type("assets/fonts/m.woff2"), "font/woff2");
        assert_eq!(content_type("assets/search-index.json"), "application/json");
        assert_eq!(content_type("noext"), "application/octet-stream");
        assert_eq!(content_type("a.weird"), "application/octet-stream");
    }
}
