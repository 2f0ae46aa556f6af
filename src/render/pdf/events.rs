//! Helpers of the Markdown converter that look at pulldown-cmark's events and tags only:
//! footnote definitions taken out of the flow (Typst puts a footnote's text where it is
//! referenced), the language of a fence, the title of a callout, the head of a table.

use pulldown_cmark::{Alignment, BlockQuoteKind, CodeBlockKind, Event, Tag, TagEnd};

/// The page's events without its footnote definitions, and the definitions' events.
pub(super) fn split_footnotes(events: Vec<Event>) -> (Vec<Event>, Vec<(String, Vec<Event>)>) {
    let mut body = Vec::with_capacity(events.len());
    let mut definitions = Vec::new();
    let mut open: Option<(String, Vec<Event>, usize)> = None;
    for event in events {
        match (&event, open.as_mut()) {
            (Event::Start(Tag::FootnoteDefinition(label)), None) => {
                open = Some((label.to_string(), Vec::new(), 0));
            }
            (Event::Start(Tag::FootnoteDefinition(_)), Some((_, inner, depth))) => {
                *depth += 1;
                inner.push(event);
            }
            (Event::End(TagEnd::FootnoteDefinition), Some((_, inner, depth))) => {
                if *depth == 0 {
                    if let Some((label, inner, _)) = open.take() {
                        definitions.push((label, inner));
                    }
                } else {
                    *depth -= 1;
                    inner.push(event);
                }
            }
            (_, Some((_, inner, _))) => inner.push(event),
            (_, None) => body.push(event),
        }
    }
    (body, definitions)
}

/// The language of a fence: its first word (`rlab,no_run` → `rlab`).
pub(super) fn code_lang(kind: &CodeBlockKind) -> String {
    match kind {
        CodeBlockKind::Fenced(info) => info
            .split([',', ' ', '{'])
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase(),
        CodeBlockKind::Indented => String::new(),
    }
}

pub(super) fn quote_kind(kind: Option<BlockQuoteKind>) -> &'static str {
    match kind {
        None => "none",
        Some(BlockQuoteKind::Note) => "\"Note\"",
        Some(BlockQuoteKind::Tip) => "\"Tip\"",
        Some(BlockQuoteKind::Important) => "\"Important\"",
        Some(BlockQuoteKind::Warning) => "\"Warning\"",
        Some(BlockQuoteKind::Caution) => "\"Caution\"",
    }
}

pub(super) fn table_start(aligns: &[Alignment]) -> String {
    let align: Vec<&str> = aligns
        .iter()
        .map(|a| match a {
            Alignment::None | Alignment::Left => "left",
            Alignment::Center => "center",
            Alignment::Right => "right",
        })
        .collect();
    if align.is_empty() {
        return "#table(columns: 1,\n".to_string();
    }
    format!(
        "#table(columns: {}, align: ({},),\n",
        align.len(),
        align.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{CowStr, Parser};

    #[test]
    fn footnote_definitions_are_taken_out() {
        let events: Vec<Event> =
            Parser::new_ext("a[^x]\n\n[^x]: note\n", super::super::links::options()).collect();
        let (body, defs) = split_footnotes(events);
        assert_eq!(defs.len(), 1);
        assert_eq!(defs[0].0, "x");
        assert!(
            !body
                .iter()
                .any(|e| matches!(e, Event::Text(t) if t.as_ref() == "note"))
        );
    }

    #[test]
    fn fence_languages_and_tables() {
        let lang = |info: &'static str| code_lang(&CodeBlockKind::Fenced(CowStr::from(info)));
        assert_eq!(lang("rlab,no_run"), "rlab");
        assert_eq!(lang("Python {.x}"), "python");
        assert_eq!(table_start(&[]), "#table(columns: 1,\n");
        assert_eq!(
            table_start(&[Alignment::None, Alignment::Right]),
            "#table(columns: 2, align: (left, right,),\n"
        );
    }
}
