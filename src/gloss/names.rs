//! How the glossary compares, names and orders its words: the folded form two names are equal
//! in (case and whitespace aside), a term's id (its anchor on the glossary page), the lookup of
//! a written use among the names and aliases (with a plural's ending dropped), and the order
//! and letter groups of the glossary and index pages.

use std::collections::{HashMap, HashSet};

/// `text` lowercased, trimmed, with every run of whitespace one space: two names are the same
/// term when their folded forms are equal.
pub(crate) fn fold(text: &str) -> String {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    words.join(" ")
}

/// The id of a term named `name`: lowercase ASCII letters and digits, every run of anything
/// else one `-`, no `-` at either end (`"Causal mask (GPT)"` → `causal-mask-gpt`); `term`
/// when nothing is left.
fn id_base(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    let id = id.trim_end_matches('-');
    if id.is_empty() {
        "term".into()
    } else {
        id.into()
    }
}

/// The ids of terms named `names`, in order, each unique: a later name whose id is taken gets
/// `-2`, `-3`, … (the first free one).
pub(super) fn unique_ids<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut taken = HashSet::new();
    let mut ids = Vec::new();
    for name in names {
        let base = id_base(name);
        let mut id = base.clone();
        let mut n = 2;
        while !taken.insert(id.clone()) {
            id = format!("{base}-{n}");
            n += 1;
        }
        ids.push(id);
    }
    ids
}

/// The order of the glossary and the index: by the heading lowercased with its leading
/// characters that are neither letters nor digits skipped (`"‘quoted’"` sorts under q), ties
/// by the heading itself.
pub(crate) fn sort_key(heading: &str) -> (String, String) {
    let start = heading.trim_start_matches(|c: char| !c.is_alphanumeric());
    (start.to_lowercase(), heading.to_string())
}

/// The letter group of `heading` on the index page: its first letter uppercased (`"é"` →
/// `"É"`), or `"#"` when it starts with a digit or has no letter or digit.
pub(crate) fn letter(heading: &str) -> String {
    match heading.chars().find(|c| c.is_alphanumeric()) {
        Some(c) if c.is_alphabetic() => c.to_uppercase().collect(),
        _ => "#".into(),
    }
}

/// The names and aliases of the glossary by folded form, each to its term's id.
#[derive(Debug, Default)]
pub(super) struct Lookup(HashMap<String, String>);

impl Lookup {
    /// Adds `name` (a name or an alias) of the term `id`, unless the folded name is taken.
    pub(super) fn insert(&mut self, name: &str, id: &str) {
        self.0.entry(fold(name)).or_insert_with(|| id.to_string());
    }

    /// The term whose name or alias `written` is (folded).
    pub(super) fn get(&self, written: &str) -> Option<&str> {
        self.0.get(&fold(written)).map(String::as_str)
    }

    /// The term a use written `written` names: folded, it is a name or an alias, or it is one
    /// without a plural's ending (`s`, then `es`: "masks" is "mask", "boxes" is "box").
    pub(super) fn find(&self, written: &str) -> Option<&str> {
        let folded = fold(written);
        let exact = self.0.get(&folded);
        let singular = || {
            ["s", "es"]
                .iter()
                .filter_map(|end| folded.strip_suffix(end))
                .find_map(|stem| self.0.get(stem))
        };
        exact.or_else(singular).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_over_case_and_whitespace() {
        assert_eq!(fold("  Causal\n  MASK "), "causal mask");
        assert_eq!(fold("Ünïcode"), "ünïcode");
    }

    #[test]
    fn ids_are_ascii_words_and_unique() {
        let ids = unique_ids([
            "Causal mask (GPT)",
            "causal-mask gpt",
            "  Ω ",
            "Causal mask: GPT",
            "causal mask gpt 2",
        ]);
        assert_eq!(
            ids,
            [
                "causal-mask-gpt",
                "causal-mask-gpt-2",
                "term",
                "causal-mask-gpt-3",
                "causal-mask-gpt-2-2",
            ]
        );
    }

    #[test]
    fn headings_sort_by_their_first_letter_or_digit_and_group_by_letter() {
        let mut headings = [
            "softmax",
            "\"Attention\"",
            "attention",
            "Bias",
            "2-norm",
            "éclair",
        ];
        headings.sort_by_key(|h| sort_key(h));
        assert_eq!(
            headings,
            [
                "2-norm",
                "attention",
                "\"Attention\"",
                "Bias",
                "softmax",
                "éclair"
            ]
        );
        let letters: Vec<String> = headings.iter().map(|h| letter(h)).collect();
        assert_eq!(letters, ["#", "A", "A", "B", "S", "É"]);
        assert_eq!(letter("--"), "#");
    }

    #[test]
    fn a_use_finds_its_term_by_name_alias_or_singular() {
        let mut lookup = Lookup::default();
        lookup.insert("Causal mask", "causal-mask");
        lookup.insert("look-ahead mask", "causal-mask");
        lookup.insert("box", "box");
        lookup.insert("causal  MASK", "other");
        assert_eq!(lookup.find("causal masks"), Some("causal-mask"));
        assert_eq!(lookup.find("Look-ahead\nmask"), Some("causal-mask"));
        assert_eq!(lookup.find("boxes"), Some("box"));
        assert_eq!(lookup.find("causl mask"), None);
        assert_eq!(lookup.get("CAUSAL mask"), Some("causal-mask"));
        assert_eq!(lookup.get("causal masks"), None);
    }
}
