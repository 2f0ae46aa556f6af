//! The locator of a citation item, the text after its comma (`p. 5`, `pp. 3-4`, `chap. 2`,
//! `sec. 1`, `§ 4`), as a CSL locator: the label Pandoc and citeproc know, in English, full
//! or abbreviated, singular or plural and in any case (`page`, `pages`, `p.`, `pp.`), mapped
//! to its CSL term, the rest being the value the style prints after the term it chooses.
//!
//! As in Pandoc, a locator without a label (`[@key, 33]`, `[@key, 3-4]`) is a page. A text
//! whose first word is no label (`[@key, slide 12]`) is kept whole and printed as written,
//! with no term of the style's before it (CSL's custom locator). In page-like values a
//! hyphen between digits becomes an en dash, as page ranges are printed (`3–4`).

use hayagriva::citationberg::taxonomy::Locator;

/// A locator: the CSL term and the value printed after it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ParsedLocator {
    pub(crate) label: Locator,
    pub(crate) value: String,
}

/// The labels, each with its CSL term. Longer spellings come first among those that share a
/// beginning, so that `pp.` is tried before `p.`.
const LABELS: &[(&[&str], Locator)] = &[
    (&["appendices", "appendix", "app."], Locator::Appendix),
    (&["books", "book", "bks.", "bk."], Locator::Book),
    (&["canon"], Locator::Canon),
    (
        &["chapters", "chapter", "chaps.", "chap.", "chs.", "ch."],
        Locator::Chapter,
    ),
    (&["columns", "column", "cols.", "col."], Locator::Column),
    (&["equations", "equation", "eqs.", "eq."], Locator::Equation),
    (&["figures", "figure", "figs.", "fig."], Locator::Figure),
    (&["folios", "folio", "fols.", "fol."], Locator::Folio),
    (
        &["issues", "issue", "numbers", "number", "nos.", "no."],
        Locator::Issue,
    ),
    (&["lines", "line", "ll.", "l."], Locator::Line),
    (&["notes", "note", "nn.", "n."], Locator::Note),
    (&["opera", "opus", "opp.", "op."], Locator::Opus),
    (&["pages", "page", "pp.", "p."], Locator::Page),
    (
        &["paragraphs", "paragraph", "paras.", "para.", "¶¶", "¶"],
        Locator::Paragraph,
    ),
    (&["parts", "part", "pts.", "pt."], Locator::Part),
    (&["rules", "rule"], Locator::Rule),
    (&["scenes", "scene", "sc."], Locator::Scene),
    (
        &["sections", "section", "secs.", "sec.", "§§", "§"],
        Locator::Section,
    ),
    (
        &["sub verbis", "sub verbo", "s.vv.", "s.v."],
        Locator::SubVerbo,
    ),
    (&["supplements", "supplement", "supp."], Locator::Supplement),
    (
        &["tables", "table", "tbls.", "tbl.", "tab."],
        Locator::Table,
    ),
    (&["timestamps", "timestamp"], Locator::Timestamp),
    (&["acts", "act"], Locator::Act),
    (&["verses", "verse", "vv.", "v."], Locator::Verse),
    (&["volumes", "volume", "vols.", "vol."], Locator::Volume),
];

/// The locator `text` writes; none when it is empty.
pub(crate) fn parse_locator(text: &str) -> Option<ParsedLocator> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let labelled = LABELS.iter().find_map(|(spellings, label)| {
        let value = spellings.iter().find_map(|s| after_label(text, s))?;
        Some((*label, value))
    });
    let (label, value) = match labelled {
        Some((label, value)) => (label, value.to_string()),
        None if text.starts_with(|c: char| c.is_ascii_digit()) => (Locator::Page, text.into()),
        None => (Locator::Custom, text.into()),
    };
    let value = match label {
        Locator::Page
        | Locator::Column
        | Locator::Folio
        | Locator::Line
        | Locator::Paragraph
        | Locator::Verse => en_dashed(&value),
        _ => value,
    };
    Some(ParsedLocator { label, value })
}

/// The value after `label` when `text` starts with it (case ignored): a word label must be
/// followed by a space, an abbreviation or sign may touch its value (`p.5`, `§4`); a label
/// with nothing after it is no locator label (`[@key, chapter]` is kept whole).
fn after_label<'t>(text: &'t str, label: &str) -> Option<&'t str> {
    let head = text.get(..label.len())?;
    if !head.eq_ignore_ascii_case(label) {
        return None;
    }
    let rest = &text[label.len()..];
    let touches = label.ends_with('.') || !label.is_ascii();
    if !touches && !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let value = rest.trim_start();
    (!value.is_empty()).then_some(value)
}

/// `text` with `--` and a hyphen between digits as an en dash (`3-4`, `3--4` → `3–4`).
fn en_dashed(text: &str) -> String {
    let text = text.replace("--", "–");
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let digit_at = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(char::is_ascii_digit)
        };
        if c == '-' && digit_at(i.checked_sub(1)) && digit_at(Some(i + 1)) {
            out.push('–');
        } else {
            out.push(c);
        }
    }
    out
}
