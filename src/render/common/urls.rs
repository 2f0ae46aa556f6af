//! Links as the renderers and the link checker read them: whether a URL has a scheme
//! (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`), its path and
//! fragment, percent-decoding, the lesson a `.md` link or a wikilink names, and paths
//! between the files of a book (`/`-separated, relative to the book's folder) joined,
//! normalised and made relative.

/// Whether `url` starts with a scheme (`https:`, `mailto:`, `javascript:` …).
pub(crate) fn has_scheme(url: &str) -> bool {
    let Some((scheme, _)) = url.split_once(':') else {
        return false;
    };
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && (scheme.chars()).all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The scheme of `url`, lowercased, when it has one.
pub(crate) fn scheme(url: &str) -> Option<String> {
    has_scheme(url).then(|| url.split(':').next().unwrap_or("").to_ascii_lowercase())
}

/// `path#fragment` split at the first `#`.
pub(crate) fn split_fragment(url: &str) -> (&str, Option<&str>) {
    match url.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (url, None),
    }
}

/// The path of a link without its query and fragment.
pub(crate) fn link_path(url: &str) -> &str {
    let (path, _) = split_fragment(url);
    path.split('?').next().unwrap_or("")
}

/// `%20` and the like decoded; a sequence that is not UTF-8 becomes U+FFFD.
pub(crate) fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

/// Percent-encode one segment of a URL path, or a fragment: every byte but the unreserved
/// characters, so that slugs and ids with spaces, `#` or `/` still make valid links.
pub(crate) fn encode_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Percent-encode a relative path for a URL: each segment as [`encode_segment`] does, `/`
/// kept.
pub(crate) fn encode_path(path: &str) -> String {
    (path.split('/').map(encode_segment))
        .collect::<Vec<_>>()
        .join("/")
}

/// The lesson slug and fragment a link names, whether or not the book has that lesson: a
/// wikilink's `02-slug`, `02-slug.md`, `02-slug#frag`; a relative link whose path ends in
/// `.md`, by its file stem. `None` for any other link.
pub(crate) fn named_lesson(dest: &str, wiki: bool) -> Option<(&str, Option<&str>)> {
    let (path, frag) = split_fragment(dest);
    if wiki {
        return Some((path.trim().trim_end_matches(".md"), frag));
    }
    let path = path.split('?').next().unwrap_or("");
    if has_scheme(path) || path.starts_with('/') || !path.ends_with(".md") {
        return None;
    }
    let stem = path.rsplit('/').next().unwrap_or(path);
    Some((stem.trim_end_matches(".md"), frag))
}

/// The folder of a book path (`scripts/05-x/a.md` → `scripts/05-x`, `05-x.md` → ``).
pub(crate) fn folder(path: &str) -> &str {
    path.rfind('/').map_or("", |at| &path[..at])
}

/// `rel` from the book folder `dir` (with or without a trailing `/`), normalised; `None`
/// when it is absolute or leaves the book.
pub(crate) fn join(dir: &str, rel: &str) -> Option<String> {
    if rel.starts_with('/') {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in rel.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// The path of the book file `target` as seen from the book folder `dir`.
pub(crate) fn relative(dir: &str, target: &str) -> String {
    let from: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    let to: Vec<&str> = target.split('/').filter(|p| !p.is_empty()).collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from.len() - common];
    parts.extend(&to[common..]);
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_follow_rfc_3986() {
        for url in [
            "https://x.org",
            "mailto:a@b",
            "JavaScript:alert(1)",
            "svn+ssh://h",
            "c:x",
        ] {
            assert!(has_scheme(url), "{url}");
        }
        for url in [
            "02-b.md#x:y",
            "#a:b",
            "a b:c",
            "1x:y",
            ":x",
            "plain.md",
            "./a:b",
        ] {
            assert!(!has_scheme(url), "{url}");
        }
        assert_eq!(scheme("HTTPS://x").as_deref(), Some("https"));
        assert_eq!(scheme("x.md"), None);
    }

    #[test]
    fn paths_fragments_and_decoding() {
        assert_eq!(split_fragment("a.md#b#c"), ("a.md", Some("b#c")));
        assert_eq!(split_fragment("a.md"), ("a.md", None));
        assert_eq!(link_path("a%20b.html?x=1#f"), "a%20b.html");
        assert_eq!(percent_decode("a%20b%C3%A9"), "a bé");
        assert_eq!(percent_decode("bad%FF"), "bad\u{FFFD}");
        assert_eq!(percent_decode("100%"), "100%");
    }

    #[test]
    fn segments_and_paths_are_percent_encoded() {
        assert_eq!(encode_segment("a b/ü"), "a%20b%2F%C3%BC");
        assert_eq!(encode_path("a b#c?.html"), "a%20b%23c%3F.html");
        assert_eq!(encode_path("ünï/x.svg"), "%C3%BCn%C3%AF/x.svg");
        assert_eq!(encode_segment("a/b c"), "a%2Fb%20c");
    }

    #[test]
    fn lesson_links_name_a_slug() {
        assert_eq!(
            named_lesson("../n/02-b.md#f", false),
            Some(("02-b", Some("f")))
        );
        assert_eq!(named_lesson(" 03-c.md ", true), Some(("03-c", None)));
        assert_eq!(named_lesson("https://x/02-b.md", false), None);
        assert_eq!(named_lesson("/02-b.md", false), None);
        assert_eq!(named_lesson("02-b.html", false), None);
    }

    #[test]
    fn book_paths_join_and_relate() {
        assert_eq!(folder("scripts/05-x/a.md"), "scripts/05-x");
        assert_eq!(folder("05-x.md"), "");
        assert_eq!(
            join("scripts/05-x", "../../plots/a.svg").as_deref(),
            Some("plots/a.svg")
        );
        assert_eq!(
            join("scripts/05-x/", "./b.md").as_deref(),
            Some("scripts/05-x/b.md")
        );
        assert_eq!(join("", "../x"), None);
        assert_eq!(join("a", "/x"), None);
        assert_eq!(relative("scripts/05-x", "05-x.xhtml"), "../../05-x.xhtml");
        assert_eq!(relative("", "plots/a.svg"), "plots/a.svg");
        assert_eq!(relative("scripts/a", "scripts/a/b.svg"), "b.svg");
    }
}
