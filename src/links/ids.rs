//! The ids a page really has, read from what was rendered: every `id="…"` of a lesson's
//! HTML body (headings with their generated or `{#id}` ids, rlab blocks, figures, equations,
//! tables, footnotes, whatever a later pass adds) and of the page template; the anchors
//! GitHub gives the Markdown book's headings; and the closest existing id to a broken
//! fragment, to suggest it.

use std::collections::BTreeSet;

/// Every `id` attribute of an HTML text, unescaped. Values holding template syntax (`{{`,
/// `{%`) are skipped.
pub(crate) fn html_ids(html: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut rest = html;
    while let Some(at) = rest.find("id=") {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + 3..];
        rest = after;
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let Some(quote) = after.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
            continue;
        };
        let Some(end) = after[1..].find(quote) else {
            break;
        };
        let value = &after[1..=end];
        if !value.contains("{{") && !value.contains("{%") {
            ids.insert(unescape(value));
        }
        rest = &after[end + 1..];
    }
    ids
}

/// An attribute value with the entities an HTML writer uses turned back into characters.
fn unescape(value: &str) -> String {
    if !value.contains('&') {
        return value.to_string();
    }
    (value
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'"))
    .replace("&lt;", "<")
    .replace("&gt;", ">")
    .replace("&amp;", "&")
}

/// The id in `ids` closest to `wanted` (by edit distance, case folded), when it is close
/// enough to be the one meant: at most a third of the longer name's characters differ.
pub(crate) fn closest<'a>(
    ids: impl IntoIterator<Item = &'a String>,
    wanted: &str,
) -> Option<&'a str> {
    let wanted = wanted.to_lowercase();
    ids.into_iter()
        .map(|id| (distance(&id.to_lowercase(), &wanted), id))
        .filter(|(d, id)| *d * 3 <= id.chars().count().max(wanted.chars().count()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, id)| id.as_str())
}

/// Edit distance over characters, a swap of two neighbours counting as one edit (optimal
/// string alignment): `setpu` is one edit from `setup`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut before: Vec<usize> = Vec::new();
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j - 1] + cost).min(last[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_html_are_every_id_attribute_unescaped() {
        let html = "<h2 id=\"a-b\">A</h2><section class=\"x\" id='block-1'>\
                    <div data-id=\"no\" id=\"q&amp;a\"></div><p>id=\"text\"</p>\
                    <a id=\"{{ page.id }}\"></a>";
        let ids: Vec<String> = html_ids(html).into_iter().collect();
        assert_eq!(ids, ["a-b", "block-1", "q&a"]);
    }

    #[test]
    fn an_unterminated_attribute_ends_the_scan() {
        assert!(html_ids("<p id=\"open").is_empty());
        assert!(html_ids("id=").is_empty());
    }

    #[test]
    fn the_closest_id_is_suggested_only_when_close() {
        let ids: Vec<String> = ["theory", "layer-norm", "block-2"].map(String::from).into();
        assert_eq!(closest(&ids, "theroy"), Some("theory"));
        assert_eq!(closest(&ids, "Layer-Norms"), Some("layer-norm"));
        assert_eq!(closest(&ids, "block-3"), Some("block-2"));
        assert_eq!(closest(&ids, "something-else"), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "ab"), 2);
        assert_eq!(distance("setpu", "setup"), 1);
        assert_eq!(distance("ab", ""), 2);
    }
}
