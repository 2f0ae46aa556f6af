//! Cross-references on the HTML page (the book's table is [`crate::xref`]):
//! * `@label` in text becomes `<a class="xref" href="…#label">Figure 12.3</a>` followed by
//!   its preview, a `<span class="xref-preview" role="tooltip">` the theme shows while the
//!   link is hovered or focused (the figure's image and caption, the equation, the table's
//!   caption, the section's title); the link names it with `aria-describedby`;
//! * a table with a caption paragraph `Table: … {#tbl-x}` after it goes into
//!   `<figure class="table-figure" id="tbl-x">` with the caption as its `<figcaption>`;
//! * display math followed by `{#eq-x}` loses the attribute and is numbered by the math
//!   pass ([`Doc::equations`]).
//!
//! Labelled figures are captioned where they are drawn (`blocks`).

use super::{Doc, Ev};
use crate::markup::escape;
use crate::render::site::links;
use crate::xref::{Kind, Piece, Place, Preview, Target};
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

/// Rewrite the references, table captions and equation labels of `events` (over the
/// prepared `text`).
pub(crate) fn apply<'t>(doc: &mut Doc, text: &str, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let events = table_captions(doc, events);
    let mut out: Vec<Ev<'t>> = Vec::with_capacity(events.len());
    let (mut link_depth, mut in_code, mut after_math) = (0usize, false, None);
    for (event, range) in events {
        let math_at = after_math.take();
        match event {
            Event::DisplayMath(_) => after_math = Some(range.start),
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => link_depth += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => link_depth = link_depth.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(t) if link_depth == 0 && !in_code => {
                let t = match math_at {
                    Some(at) => equation_label(doc, at, t),
                    None => t,
                };
                for piece in crate::xref::split(&t, text, range.clone()) {
                    let event = match piece {
                        Piece::Text(s) => Event::Text(CowStr::from(s.to_string())),
                        Piece::Ref { label, .. } => reference(doc, &label),
                    };
                    out.push((event, range.clone()));
                }
                continue;
            }
            _ => {}
        }
        out.push((event, range));
    }
    out
}

/// `t` (the text right after display math at `at`) without a leading `{#eq-…}` of this
/// lesson, which the math pass then numbers.
fn equation_label<'t>(doc: &mut Doc, at: usize, t: CowStr<'t>) -> CowStr<'t> {
    let rest = t.trim_start_matches([' ', '\t']);
    let Some(label) = rest.strip_prefix("{#").and_then(|r| r.split('}').next()) else {
        return t;
    };
    let ours = (doc.ctx.tables.xrefs.get(label))
        .is_some_and(|target| target.kind == Kind::Equation && target.slug == doc.lesson.slug);
    if !ours {
        return t;
    }
    let after = rest[label.len() + 3..].to_string();
    doc.equations.push((at, label.to_string()));
    CowStr::from(after)
}

/// The link and preview of a reference to `label` (the text as written when no lesson
/// defines it: that error is reported with the table).
fn reference<'t>(doc: &mut Doc, label: &str) -> Event<'t> {
    let Some(target) = doc.ctx.tables.xrefs.get(label) else {
        return Event::Text(CowStr::from(format!("@{label}")));
    };
    let page = links::lesson_page(&doc.lesson.slug);
    let mut href = String::new();
    if target.slug != doc.lesson.slug {
        href = links::href(&page, &links::lesson_page(&target.slug));
    }
    href.push('#');
    href.push_str(&crate::render::common::urls::encode_segment(
        target.anchor(),
    ));
    doc.previews += 1;
    let id = format!("xref-preview-{}", doc.previews);
    let html = format!(
        "<a class=\"xref\" href=\"{}\" aria-describedby=\"{id}\">{}</a>\
         <span class=\"xref-preview\" id=\"{id}\" role=\"tooltip\">{}</span>",
        escape(&href),
        escape(&target.text()),
        preview(doc, target, &page),
    );
    Event::InlineHtml(CowStr::from(html))
}

/// What the preview of `target` shows, as phrasing content.
fn preview(doc: &Doc, target: &Target, page: &str) -> String {
    let caption = |text: &str| format!("<span class=\"xref-caption\">{}</span>", escape(text));
    match &target.preview {
        Preview::Figure { block, index, .. } => {
            let file = super::blocks::figure_file(&target.slug, block + 1, index + 1);
            format!(
                "<img src=\"{}\" alt=\"\">{}",
                escape(&links::href(page, &file)),
                caption(&target.caption())
            )
        }
        Preview::Equation { tex } => {
            let math = (doc.ctx.math.get(tex, true))
                .unwrap_or_else(|_| format!("<code>{}</code>", escape(tex)));
            format!(
                "<span class=\"xref-math\">{math}</span>{}",
                caption(&target.text())
            )
        }
        Preview::Table { .. } => caption(&target.caption()),
        Preview::Section { title } => caption(&format!("{}: {title}", target.text())),
    }
}

/// Tables followed by a caption paragraph of this lesson's: the table and caption in a
/// `<figure>`, the paragraph's `Table:` and `{#tbl-…}` taken off.
fn table_captions<'t>(doc: &Doc, mut events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let mut i = 0;
    let mut table_start = 0;
    while i < events.len() {
        match &events[i].0 {
            Event::Start(Tag::Table(_)) => table_start = i,
            Event::End(TagEnd::Table) => {
                if let Some((target, end)) = caption_paragraph(doc, &events, i + 1) {
                    let open = format!(
                        "<figure class=\"table-figure\" id=\"{}\">\n",
                        escape(target.anchor())
                    );
                    let head = format!("<figcaption>{}", escape(&target.caption()));
                    let range = events[i].1.clone();
                    events.splice(
                        i + 1..=end,
                        [
                            (Event::Html(CowStr::from(head)), range.clone()),
                            (
                                Event::Html(CowStr::from("</figcaption>\n</figure>\n")),
                                range.clone(),
                            ),
                        ],
                    );
                    events.insert(table_start, (Event::Html(CowStr::from(open)), range));
                    i += 3;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    events
}

/// The target of the caption paragraph starting at event `i`, when the book's table of
/// cross-references took it for one (`Table: … {#tbl-…}` right after a table: the caption
/// is read there, once), and the index of the paragraph's end.
fn caption_paragraph<'a>(doc: &Doc<'a>, events: &[Ev], i: usize) -> Option<(&'a Target, usize)> {
    let (Event::Start(Tag::Paragraph), range) = events.get(i)? else {
        return None;
    };
    let at = doc.map.to_source(range.start);
    let found = doc.ctx.tables.xrefs.lesson(&doc.lesson.slug)?;
    let label = found.defs.iter().find_map(|def| match &def.place {
        Place::Table { paragraph, .. } if paragraph.start == at => Some(&def.target.label),
        _ => None,
    })?;
    let target = doc.ctx.tables.xrefs.get(label)?;
    let end = (i..events.len()).find(|&k| matches!(events[k].0, Event::End(TagEnd::Paragraph)))?;
    (target.kind == Kind::Table && target.slug == doc.lesson.slug).then_some((target, end))
}

#[cfg(test)]
mod tests;
