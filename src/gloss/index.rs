//! The subject index, gathered in book order: every resolved term use adds its place under
//! the term's name; every entry of an index marker adds the marker's place under its heading
//! (a sub-entry under its main one). Headings that fold alike (case and whitespace aside) are
//! one entry shown as first written, and a heading that is a term's name or alias is that
//! term's entry, shown by the term's name. Places keep book order, each once; entries and
//! sub-entries are sorted at the end ([`super::names::sort_key`]).

use super::names::{Lookup, fold, sort_key};
use super::{IndexEntry, Place, Term};
use crate::book::term::IndexTerm;
use std::collections::HashMap;

/// The index being gathered.
pub(super) struct IndexBuilder<'a> {
    terms: HashMap<&'a str, &'a Term>,
    lookup: &'a Lookup,
    entries: Vec<IndexEntry>,
    /// Each entry's position, by folded heading (a term's name and aliases all lead to it).
    by_heading: HashMap<String, usize>,
    /// Each term's entry, by id.
    by_term: HashMap<String, usize>,
}

impl<'a> IndexBuilder<'a> {
    pub(super) fn new(terms: &'a [Term], lookup: &'a Lookup) -> IndexBuilder<'a> {
        IndexBuilder {
            terms: terms.iter().map(|t| (t.id.as_str(), t)).collect(),
            lookup,
            entries: Vec::new(),
            by_heading: HashMap::new(),
            by_term: HashMap::new(),
        }
    }

    /// A use of the term with id `term` at `place`.
    pub(super) fn add_use(&mut self, term: &str, place: &Place) {
        if let Some(i) = self.term_entry(term) {
            push_place(&mut self.entries[i].places, place);
        }
    }

    /// A marker with `entries` at `place`.
    pub(super) fn add_marker(&mut self, entries: &[IndexTerm], place: &Place) {
        for entry in entries {
            let i = self.heading_entry(&entry.main);
            let found = &mut self.entries[i];
            match &entry.sub {
                None => push_place(&mut found.places, place),
                Some(sub) => push_sub(&mut found.subs, sub, place),
            }
        }
    }

    /// The entries, sorted, each one's sub-entries sorted.
    pub(super) fn finish(self) -> Vec<IndexEntry> {
        let mut entries = self.entries;
        for entry in &mut entries {
            entry
                .subs
                .sort_by_cached_key(|(heading, _)| sort_key(heading));
        }
        entries.sort_by_cached_key(|e| sort_key(&e.heading));
        entries
    }

    /// The entry of term `id` (made on its first use or mention).
    fn term_entry(&mut self, id: &str) -> Option<usize> {
        if let Some(&i) = self.by_term.get(id) {
            return Some(i);
        }
        let term = *self.terms.get(id)?;
        let i = self.entries.len();
        self.entries.push(IndexEntry {
            heading: term.name.clone(),
            places: Vec::new(),
            subs: Vec::new(),
            term: Some(term.id.clone()),
        });
        self.by_term.insert(term.id.clone(), i);
        Some(i)
    }

    /// The entry headed `heading`: a term's when it is a name or alias, else the one whose
    /// heading folds alike, else a new one.
    fn heading_entry(&mut self, heading: &str) -> usize {
        let term = self.lookup.get(heading).map(str::to_string);
        if let Some(i) = term.and_then(|id| self.term_entry(&id)) {
            return i;
        }
        let folded = fold(heading);
        if let Some(&i) = self.by_heading.get(&folded) {
            return i;
        }
        let i = self.entries.len();
        self.entries.push(IndexEntry {
            heading: heading.to_string(),
            places: Vec::new(),
            subs: Vec::new(),
            term: None,
        });
        self.by_heading.insert(folded, i);
        i
    }
}

/// `place` at the end of `places`, unless it is the last one already (places come in book
/// order, so a repeat is the same mark's).
fn push_place(places: &mut Vec<Place>, place: &Place) {
    let repeat = places
        .last()
        .is_some_and(|p| p.slug == place.slug && p.anchor == place.anchor);
    if !repeat {
        places.push(place.clone());
    }
}

/// `place` under the sub-entry `sub` (one that folds alike, or a new one).
fn push_sub(subs: &mut Vec<(String, Vec<Place>)>, sub: &str, place: &Place) {
    let folded = fold(sub);
    match subs.iter_mut().find(|(heading, _)| fold(heading) == folded) {
        Some((_, places)) => push_place(places, place),
        None => subs.push((sub.to_string(), vec![place.clone()])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(slug: &str, n: usize) -> Place {
        Place {
            slug: slug.into(),
            anchor: format!("ix-{n}"),
            at: n * 10,
        }
    }

    fn entry(main: &str, sub: Option<&str>) -> IndexTerm {
        IndexTerm {
            main: main.into(),
            sub: sub.map(String::from),
            at: 0,
        }
    }

    #[test]
    fn markers_merge_with_terms_and_alike_headings_and_sort() {
        let terms = [Term {
            id: "causal-mask".into(),
            name: "causal mask".into(),
            definition: "d".into(),
            aliases: vec!["look-ahead mask".into()],
        }];
        let mut lookup = Lookup::default();
        lookup.insert("causal mask", "causal-mask");
        lookup.insert("look-ahead mask", "causal-mask");
        let mut index = IndexBuilder::new(&terms, &lookup);
        index.add_marker(
            &[entry("Softmax", None), entry("Look-ahead  Mask", None)],
            &place("a", 1),
        );
        index.add_use("causal-mask", &place("a", 2));
        let attention = [
            entry("attention", Some("scaled")),
            entry("Attention", Some("Causal")),
        ];
        index.add_marker(&attention, &place("b", 1));
        index.add_marker(
            &[entry("softmax", None), entry("SOFTMAX", None)],
            &place("b", 2),
        );
        index.add_marker(&[entry("attention", Some("SCALED"))], &place("b", 3));
        let found = index.finish();
        let headings: Vec<(&str, Option<&str>, usize)> = (found.iter())
            .map(|e| (e.heading.as_str(), e.term.as_deref(), e.places.len()))
            .collect();
        assert_eq!(
            headings,
            [
                ("attention", None, 0),
                ("causal mask", Some("causal-mask"), 2),
                ("Softmax", None, 2),
            ]
        );
        let subs: Vec<(&str, Vec<&str>)> = (found[0].subs.iter())
            .map(|(h, p)| (h.as_str(), p.iter().map(|p| p.anchor.as_str()).collect()))
            .collect();
        assert_eq!(
            subs,
            [("Causal", vec!["ix-1"]), ("scaled", vec!["ix-1", "ix-3"])]
        );
    }
}
