//! A whole book's citations rendered in one go, in the order they appear in the book, by one
//! hayagriva `BibliographyDriver`: so numbers are the same on every page (IEEE's `[3]` is the
//! third work cited in the book), and names and years are disambiguated book-wide (`2017a`).
//!
//! Each group (one bracket `[@a, p. 5; -@b]`, or one narrative `@a`) becomes one citation:
//! a narrative one in hayagriva's prose form ("Vaswani et al. (2017)"; in a note style, the
//! note's text, hayagriva's prose form there being broken), a bracket in the style's form. Hayagriva's form for `[-@key]`, `CitePurpose::Year`, drops the
//! locator and the parentheses (and prints a year in a numeric style), so a suppressed author
//! is rendered in the prose form instead and its names cut off ("(2017, p. 5)"); in styles
//! whose citations name no author (numbers, labels, notes) the `-` changes nothing, as in
//! Pandoc. A key the bibliography lacks is left out of its group and shown as `key?` in bold
//! (the caller reports it as an error). A panic inside hayagriva becomes an error.

use super::library::Bibliography;
use super::locator::{ParsedLocator, parse_locator};
use super::style::{CitationKind, CitationStyle};
use super::text::{Forms, Run, flatten, forms, tidy};
use crate::book::citation::Citation;
use crate::diagnostic::{Diagnostic, Kind};
use hayagriva::citationberg::FontWeight;
use hayagriva::{
    BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, CitePurpose, Entry,
    LocatorPayload, Rendered, SpecificLocator,
};
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// One entry of the bibliography.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RenderedEntry {
    pub(crate) key: String,
    /// What stands in the margin before the entry in styles that align it (IEEE's `[1]`).
    pub(crate) label: Option<Forms>,
    pub(crate) text: Forms,
}

/// A book's citations and bibliography.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RenderedBook {
    /// One per group, in the order given.
    pub(crate) citations: Vec<Forms>,
    /// The entries, in the style's order.
    pub(crate) bibliography: Vec<RenderedEntry>,
    /// Whether the style sets the bibliography with a hanging indent.
    pub(crate) hanging_indent: bool,
}

impl RenderedBook {
    /// The entries of `keys` (a lesson's cited works), in the bibliography's order.
    pub(crate) fn entries_of<'k>(
        &self,
        keys: impl IntoIterator<Item = &'k str>,
    ) -> Vec<&RenderedEntry> {
        let keys: HashSet<&str> = keys.into_iter().collect();
        (self.bibliography.iter())
            .filter(|e| keys.contains(e.key.as_str()))
            .collect()
    }
}

/// Renders `groups` (the book's citations in reading order) and the bibliography of the
/// works they cite, in `style`. (A work no lesson cites is listed nowhere, so it is not
/// rendered: on the public course with 200 entries that was most of the time.)
pub(crate) fn render_book(
    bibliography: &Bibliography,
    style: &CitationStyle,
    groups: &[Citation],
) -> Result<RenderedBook, Diagnostic> {
    let locators: Vec<Vec<Option<ParsedLocator>>> = (groups.iter())
        .map(|g| {
            let items = g.items.iter();
            items
                .map(|i| i.locator.as_deref().and_then(parse_locator))
                .collect()
        })
        .collect();
    let prepared: Vec<Prepared> = (groups.iter().zip(&locators))
        .map(|(group, locators)| prepare(bibliography, style, group, locators))
        .collect();
    let finished = drive(style, &prepared)?;
    let mut rendered = finished.citations.iter();
    let citations = (prepared.iter())
        .map(|p| {
            let children = if p.items.is_empty() {
                None
            } else {
                rendered.next()
            };
            let runs = children.map_or_else(Vec::new, |c| flatten(&c.citation));
            group_forms(runs, p, style)
        })
        .collect();
    let (bibliography, hanging_indent) = entries(&finished);
    Ok(RenderedBook {
        citations,
        bibliography,
        hanging_indent,
    })
}

/// One driver for the whole book: every group that cites a known work, in order.
fn drive(style: &CitationStyle, prepared: &[Prepared]) -> Result<Rendered, Diagnostic> {
    let mut driver = BibliographyDriver::new();
    for p in prepared.iter().filter(|p| !p.items.is_empty()) {
        driver.citation(request(style, p.items.clone()));
    }
    finish(driver, style)
}

/// A group as hayagriva's items, with what to do after.
struct Prepared<'a> {
    items: Vec<CitationItem<'a, Entry>>,
    /// Per item: its author is to be cut off the prose form.
    suppressed: Vec<bool>,
    /// Keys the bibliography lacks.
    unknown: Vec<&'a str>,
    narrative: bool,
}

fn prepare<'a>(
    bibliography: &'a Bibliography,
    style: &CitationStyle,
    group: &'a Citation,
    locators: &'a [Option<ParsedLocator>],
) -> Prepared<'a> {
    let mut p = Prepared {
        items: Vec::new(),
        suppressed: Vec::new(),
        unknown: Vec::new(),
        narrative: group.narrative,
    };
    for (item, locator) in group.items.iter().zip(locators) {
        let Some(entry) = bibliography.get(&item.key) else {
            p.unknown.push(&item.key);
            continue;
        };
        let locator = locator
            .as_ref()
            .map(|l| SpecificLocator(l.label, LocatorPayload::Str(&l.value)));
        let suppress = item.suppress_author && !group.narrative && style.kind().names_authors();
        let prose = group.narrative && style.kind() != CitationKind::Note;
        let purpose = (prose || suppress).then_some(CitePurpose::Prose);
        p.items
            .push(CitationItem::new(entry, locator, None, false, purpose));
        p.suppressed.push(suppress);
    }
    p
}

fn request<'a>(
    style: &'a CitationStyle,
    items: Vec<CitationItem<'a, Entry>>,
) -> CitationRequest<'a, Entry> {
    CitationRequest::new(
        items,
        style.csl(),
        style.locale().cloned(),
        style.locales(),
        None,
    )
}

/// The driver's result, or an error if hayagriva panicked.
fn finish(
    driver: BibliographyDriver<'_, Entry>,
    style: &CitationStyle,
) -> Result<Rendered, Diagnostic> {
    let request = BibliographyRequest::new(style.csl(), style.locale().cloned(), style.locales());
    catch_unwind(AssertUnwindSafe(|| driver.finish(request))).map_err(|_| {
        let message = format!(
            "the citation processor (hayagriva) failed on this bibliography in the style `{}`",
            style.title()
        );
        Diagnostic::error(Kind::Render, message)
    })
}

/// A group's runs cut and wrapped as its items ask, in the three forms.
fn group_forms(mut runs: Vec<Run>, p: &Prepared, style: &CitationStyle) -> Forms {
    let layout = &style.csl().citation.layout;
    let open = layout.prefix.as_deref().unwrap_or("(");
    let close = layout.suffix.as_deref().unwrap_or(")");
    for (i, _) in p.suppressed.iter().enumerate().filter(|(_, s)| **s) {
        cut_author(&mut runs, i, open, close);
    }
    if !p.narrative && p.suppressed.contains(&true) {
        runs.insert(0, Run::plain(layout.prefix.as_deref().unwrap_or("")));
        runs.push(Run::plain(layout.suffix.as_deref().unwrap_or("")));
    }
    for key in &p.unknown {
        if !runs.is_empty() {
            runs.push(Run::plain("; "));
        }
        let mut run = Run::plain(&format!("{key}?"));
        run.format.font_weight = FontWeight::Bold;
        runs.push(run);
    }
    tidy(&mut runs);
    forms(&runs)
}

/// Item `item`'s prose form ("Vaswani et al. (2017, p. 5)") without its names and its
/// parentheses ("2017, p. 5"); left whole if it is not of that shape.
fn cut_author(runs: &mut Vec<Run>, item: usize, open: &str, close: &str) {
    let own: Vec<usize> = (0..runs.len())
        .filter(|&i| runs[i].item == Some(item))
        .collect();
    let (Some(&first), Some(&last)) = (own.first(), own.last()) else {
        return;
    };
    let names_end = (first..=last)
        .skip_while(|&i| !runs[i].in_names)
        .take_while(|&i| runs[i].in_names)
        .last();
    let from = names_end.map_or(first, |i| i + 1);
    let Some(opening) = (from..=last).find(|&i| runs[i].text.trim_start().starts_with(open)) else {
        return;
    };
    let tail = &mut runs[last].text;
    if tail.trim_end().ends_with(close) {
        tail.truncate(tail.trim_end().len() - close.len());
    }
    let head = &mut runs[opening].text;
    *head = head
        .trim_start()
        .get(open.len()..)
        .unwrap_or_default()
        .to_string();
    runs.drain(first..opening);
}

/// The bibliography's entries, and whether it hangs.
fn entries(rendered: &Rendered) -> (Vec<RenderedEntry>, bool) {
    let Some(bibliography) = &rendered.bibliography else {
        return (Vec::new(), false);
    };
    let entries = (bibliography.items.iter())
        .map(|item| {
            let label = item.first_field.as_ref().map(|f| {
                let mut runs = flatten(&hayagriva::ElemChildren(vec![f.clone()]));
                tidy(&mut runs);
                forms(&runs)
            });
            let mut runs = flatten(&item.content);
            tidy(&mut runs);
            RenderedEntry {
                key: item.key.clone(),
                label,
                text: forms(&runs),
            }
        })
        .collect();
    (entries, bibliography.hanging_indent)
}
