//! Citations in the Markdown book (the book's table is [`crate::cite::Citations`]), and so
//! in the EPUB and PDF made from it: a citation becomes its rendering in the book's style,
//! linked to the work's entry, `[(Vaswani et al., 2017)](#ref-vaswani2017)`; the lesson ends
//! with a `## References` list of the works it cites, each entry after its anchor
//! `<a id="ref-key"></a>`, as the HTML page has them.

use super::Page;
use super::edits::Edits;
use crate::cite::entry_id;
use crate::render::common::urls::encode_segment;

/// The edits that write the lesson's citations and its references.
pub(crate) fn edit(page: &Page, edits: &mut Edits) {
    let citations = &page.tables.citations;
    for citation in citations.of_lesson(&page.lesson.slug) {
        let (Some(forms), Some(first)) = (citations.get(citation), citation.items.first()) else {
            continue;
        };
        let href = encode_segment(&entry_id(&first.key));
        edits.replace(
            citation.span.clone(),
            format!("[{}](#{href})", forms.markdown),
        );
    }
    let entries = citations.references(&page.lesson.slug);
    if entries.is_empty() {
        return;
    }
    let source = &page.lesson.source;
    let mut list = String::from(if source.ends_with('\n') { "\n" } else { "\n\n" });
    list.push_str("## References\n\n");
    for entry in entries {
        let label = (entry.label.as_ref())
            .map(|l| format!("{} ", l.markdown))
            .unwrap_or_default();
        let anchor = crate::xref::anchor_html(&entry_id(&entry.key));
        list.push_str(&format!("- {anchor}{label}{}\n", entry.text.markdown));
    }
    edits.insert(source.len(), list);
}
