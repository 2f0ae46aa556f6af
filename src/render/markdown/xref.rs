//! Cross-references in the Markdown book (the book's table is [`crate::xref`]), written so
//! that GitHub shows them well: `@label` becomes `[Figure 12.3](12-slug.md#fig-x)` (`#fig-x`
//! on its own page); every labelled target gets an anchor `<a id="label"></a>` (headings
//! get theirs in [`super::links`], figures in [`super::blocks`]); a table's caption
//! paragraph `Table: … {#tbl-x}` becomes `**Table 12.1:** …`; labelled display math loses
//! its `{#eq-x}` and carries its number as `\tag{12.1}`.

use super::Page;
use super::edits::{self, Edits};
use crate::render::common::urls::encode_segment;
use crate::xref::{Place, Preview, Target};
use rlab::Figure;

/// The edits that write the lesson's references and labelled targets.
pub(crate) fn edit(page: &Page, edits: &mut Edits) {
    let Some(found) = page.tables.xrefs.lesson(&page.lesson.slug) else {
        return;
    };
    for (at, label) in &found.refs {
        if let Some(target) = page.tables.xrefs.get(label) {
            let link = format!("[{}]({})", target.text(), href(page, target));
            edits.replace(*at..at + 1 + label.len(), link);
        }
    }
    let source = page.lesson.source.as_str();
    for def in &found.defs {
        // A label defined twice keeps its first definition (the second is an error).
        if page.tables.xrefs.get(&def.target.label) != Some(&def.target) {
            continue;
        }
        let target = &def.target;
        let anchor = crate::xref::anchor_html(target.anchor());
        match &def.place {
            Place::Equation { math, attr } => {
                edits.insert(math.start, anchor);
                if source.get(math.end.saturating_sub(2)..math.end) == Some("$$") {
                    let tag = format!("\\tag{{{}}}", target.number);
                    let own_line = source[..math.end - 2].ends_with('\n');
                    let tag = if own_line {
                        format!("{tag}\n")
                    } else {
                        format!(" {tag} ")
                    };
                    edits.insert(math.end - 2, tag);
                }
                edits.replace(attr.clone(), "");
            }
            Place::Table {
                table,
                paragraph,
                caption,
            } => {
                let prefix = edits::continuation(source, table.start);
                let at = edits::line_start(source, table.start);
                edits.insert(at, format!("{prefix}{anchor}\n\n"));
                let text = source.get(caption.clone()).unwrap_or("").trim();
                let bold = format!("**{}:**", target.text());
                let line = if text.is_empty() {
                    bold
                } else {
                    format!("{bold} {text}")
                };
                let end = paragraph.start + source[paragraph.clone()].trim_end().len();
                edits.replace(paragraph.start..end, line);
            }
            Place::Heading | Place::Figure => {}
        }
    }
}

/// The link to `target` from the page.
fn href(page: &Page, target: &Target) -> String {
    let fragment = crate::render::common::urls::encode_segment(target.anchor());
    if target.slug == page.lesson.slug {
        format!("#{fragment}")
    } else {
        format!("{}{}.md#{fragment}", page.up, encode_segment(&target.slug))
    }
}

impl Page<'_> {
    /// The labelled figure `index` of the lesson's block `block`, if it is one.
    pub(crate) fn figure_target(&self, block: Option<usize>, index: usize) -> Option<&Target> {
        self.tables.xrefs.figure(&self.lesson.slug, block?, index)
    }

    /// A labelled figure: its anchor, its image (the caption leading its alternative
    /// text) and its caption line, a paragraph each.
    pub(crate) fn labelled_figure(&self, target: &Target, fig: &Figure, src: &str) -> String {
        let caption = target.caption();
        let title = rlab::plot::svg::title(fig);
        let alt = match title.trim() {
            "" | "Figure" => caption.clone(),
            title => format!("{caption}. {title}"),
        };
        let alt = super::escape_text(&crate::render::common::prepare::one_line(&alt));
        let text = match &target.preview {
            Preview::Figure {
                caption: Some(c), ..
            } => c.trim(),
            _ => "",
        };
        let mut line = format!("**{}**", target.text());
        if !text.is_empty() {
            line = format!("**{}:** {}", target.text(), super::escape_text(text));
        }
        let anchor = crate::xref::anchor_html(target.anchor());
        format!("{anchor}\n\n![{alt}]({src})\n\n{line}\n\n")
    }
}
