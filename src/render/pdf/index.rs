//! The PDF's subject index: the same entries as the other formats' index page, each place a
//! page number rather than a section name, so it is set from the glossary's index itself
//! (not from the Markdown index page). Every place is the label of its mark's anchor
//! `<a id="ix-N">` in the lesson's chapter; `rlpages` (template.typ) turns a list of them
//! into the pages they fall on, each number once, each a link.

use super::escape::markup;
use super::links::Targets;
use crate::gloss::{IndexEntry, Place, letter};

/// The index chapter's markup (after its heading).
pub(crate) fn chapter(entries: &[IndexEntry], targets: &Targets) -> String {
    let mut out = String::from("#columns(2, gutter: 1.6em)[\n");
    let mut current: Option<String> = None;
    for entry in entries {
        let l = letter(&entry.heading);
        if current.as_ref() != Some(&l) {
            out.push_str(&format!("#rlindex-letter[{}]\n", markup(&l)));
            current = Some(l);
        }
        out.push_str(&line(&entry.heading, &entry.places, false, targets));
        for (sub, places) in &entry.subs {
            out.push_str(&line(sub, places, true, targets));
        }
    }
    out.push_str("]\n\n");
    out
}

/// One entry or sub-entry: its heading and the labels of its places that exist.
fn line(heading: &str, places: &[Place], sub: bool, targets: &Targets) -> String {
    let labels: Vec<String> = (places.iter())
        .filter_map(|p| targets.label_of(&format!("{}.md", p.slug), &p.anchor))
        .map(|l| format!("<{l}>,"))
        .collect();
    format!(
        "#rlindex([{}], ({}), sub: {sub})\n",
        markup(heading),
        labels.concat(),
    )
}
