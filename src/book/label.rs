//! The syntax of a cross-reference label, which a lesson's source uses in fence attributes
//! (`label=fig-x`), heading ids, equation and table captions, and `@references`: a known
//! prefix, then letters, digits, `-` and `_`, not ending in `-` or `_`.

/// The prefixes a label starts with, one per kind of target.
pub(crate) const PREFIXES: [&str; 4] = ["fig-", "eq-", "tbl-", "sec-"];

/// Whether `label` is a label of the kind whose prefix is `prefix` (and a valid label).
pub(crate) fn is_label_of(prefix: &str, label: &str) -> bool {
    label.len() > prefix.len() && label.starts_with(prefix) && label_len(label) == label.len()
}

/// The length of the label that `text` starts with (letters, digits, `-`, `_`, without the
/// trailing `-` and `_`).
pub(crate) fn label_len(text: &str) -> usize {
    let len = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(text.len());
    text[..len].trim_end_matches(['-', '_']).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_has_its_prefix_a_name_and_no_trailing_dash() {
        assert!(is_label_of("fig-", "fig-depth-2"));
        assert!(!is_label_of("fig-", "fig-"));
        assert!(!is_label_of("fig-", "eq-x"));
        assert!(!is_label_of("sec-", "sec-a b"));
        assert_eq!(label_len("fig-a-. more"), "fig-a".len());
    }
}
