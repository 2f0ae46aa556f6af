//! One lesson and its run become a [`LessonHtml`]: the article body, its table of contents,
//! figure files, script pages, search text and warnings.
//!
//! The passes, in order:
//! 1. text passes (`render::common::prepare`, shared with the Markdown writer): inline values `${…}` are substituted (math-aware) and
//!    `\(…\)` / `\[…\]` become `$…$` / `$$…$$`, keeping a map back to source offsets;
//! 2. pulldown-cmark parses the result (the book's options plus math and wikilinks);
//! 3. event passes: heading ids and the TOC (`render::common::headings`), the generated sections
//!    ([`sections`]), the search text ([`text`]), lesson links ([`links`]), callouts,
//!    embedded script outputs ([`embeds`]), exercises and solutions ([`containers`]),
//!    cross-references, table captions and equation labels ([`xref`]), code blocks with their
//!    outputs and figures ([`blocks`]), math ([`mathml`]); then pulldown-cmark writes the HTML.
//!
//! Author-facing conventions beyond CommonMark/GFM:
//! * Callouts: GitHub's `> [!NOTE]` (also TIP, IMPORTANT, WARNING, CAUTION), or the older
//!   form, an HTML comment line `<!-- note -->` (or `<!-- warning: Custom title -->`) directly
//!   before a blockquote. Both become `<aside class="callout callout-KIND">` with a
//!   `<p class="callout-title">`.
//! * Exercises: a top-level comment line `<!-- exercise -->` (optionally `<!-- exercise:
//!   Title -->`) opens `<div class="exercise">` around the blocks that follow; `<!-- solution
//!   -->` opens `<details class="solution"><summary>Solution</summary>` (inside the open
//!   exercise, if any). Both end at `<!-- end -->`, at the next heading, at the next
//!   `<!-- exercise -->` (a new solution ends only the previous solution), or at the end of
//!   the page. The directive comments themselves are not copied into the page.
//! * A heading "Expected Numerical Outputs Summary": its body is replaced by a table of every
//!   labelled value the lesson's blocks and scripts printed (rlab blocks in that body are
//!   kept). A heading "Standalone Scripts": a table of the lesson's scripts, then the
//!   author's prose of that section without its Markdown tables.
//! * Links to `other.md` (or `other.md#x`, in any folder) of a lesson of the book point to
//!   `other.html`; wikilinks `[[02-slug]]` / `[[02-slug|text]]` link to that lesson, with its
//!   title as the default text. Other `.md` links and wikilinks are warnings.
//! * `<!-- output: x.rlab -->` on its own line shows what the lesson's script `x.rlab`
//!   printed (`lines="REGEX"`, `region="NAME"`, or its figures with `figures`), captioned
//!   with a link to the script's page (see `book::embed`).
//! * An rlab block's printed text is hidden by `hide_output`, its code by `<!-- hide -->`;
//!   figures and errors are always shown.
//!
//! With `strict`, every warning is an error (all of them reported together).

mod blocks;
mod cite;
mod containers;
mod embeds;
pub(crate) mod exercises;
mod links;
mod live;
mod mathml;
mod scripts;
mod sections;
mod terms;
mod text;
pub(crate) mod widgets;
mod xref;

use crate::book::fence::Directives;
use crate::book::{Book, Lesson};
use crate::diagnostic::{Diagnostic, Diagnostics, Kind};
use crate::exec::LessonRun;
use crate::render::common::prepare;
use crate::render::common::{headings, parse};
use crate::render::math::{Formula, MathCache};
use crate::render::{FigureFile, LessonHtml};
use pulldown_cmark::Event;

/// What rendering a lesson needs besides the lesson and its run.
#[derive(Clone, Copy)]
pub struct RenderContext<'a> {
    pub book: &'a Book,
    /// Every formula of the book, prerendered.
    pub math: &'a MathCache,
    /// The book's cross-references, citations and glossary.
    pub tables: &'a crate::render::Tables,
    /// Turn warnings (broken links, math errors) into errors.
    pub strict: bool,
    /// The figure renderers: [`crate::render::figure::SVG`] in the build. Passed in rather
    /// than called directly so that rendering tests need no plotting.
    pub draw_figure: crate::render::figure::Draw,
}

pub(crate) use crate::render::common::Ev;

/// The lesson being rendered and what the passes accumulate.
pub(crate) struct Doc<'a> {
    pub ctx: &'a RenderContext<'a>,
    pub lesson: &'a Lesson,
    pub run: &'a LessonRun,
    pub map: prepare::SourceMap,
    /// Line starts of the lesson source, for the line numbers of warnings.
    pub lines: crate::book::inline::LineIndex<'a>,
    pub warnings: Vec<Diagnostic>,
    pub figures: Vec<FigureFile>,
    /// The lessons looked up by slug, with the title each had (`None`: not in the book).
    pub linked: Vec<(String, Option<String>)>,
    /// Labelled display math: the prepared-text offset of each formula and its label.
    pub equations: Vec<(usize, String)>,
    /// How many reference previews the page has (each needs an id).
    pub previews: usize,
    /// Whether the page cites a work.
    pub cites: bool,
    /// Whether the page uses a glossary term.
    pub terms: bool,
}

impl<'a> Doc<'a> {
    /// Record a warning at the prepared-text offset `at` (shown as `file:line: message`).
    pub(crate) fn warn(&mut self, at: usize, message: &str) {
        let (line, col) = self.lines.line_col(self.map.to_source(at));
        let warning = Diagnostic::warning(Kind::Render, message)
            .in_file(self.lesson.display.clone())
            .on_line(line, col);
        self.warnings.push(warning);
    }

    /// The lesson `slug` of the book, remembering that this page depends on it.
    pub(crate) fn lookup_lesson(&mut self, slug: &str) -> Option<&'a Lesson> {
        let found = self.ctx.book.lesson(slug);
        if !self.linked.iter().any(|(s, _)| s == slug) {
            self.linked
                .push((slug.to_string(), found.map(|l| l.title.clone())));
        }
        found
    }

    /// The index of the lesson's output directive on the line of prepared-text offset `at`.
    pub(crate) fn embed_at(&self, at: usize) -> Option<usize> {
        let here = self.map.to_source(at);
        (self.lesson.embeds.iter()).position(|e| e.span.start <= here && here < e.span.end)
    }

    /// The target of the labelled display math at prepared-text offset `at`.
    pub(crate) fn equation_at(&self, at: usize) -> Option<&'a crate::xref::Target> {
        let (_, label) = self.equations.iter().find(|(start, _)| *start == at)?;
        self.ctx.tables.xrefs.get(label)
    }

    /// The index of the lesson's rlab block whose fence starts at prepared-text offset `at`.
    pub(crate) fn block_at(&self, at: usize) -> Option<usize> {
        let start = self.map.to_source(at);
        self.lesson
            .blocks
            .iter()
            .position(|b| b.span.start == start)
    }

    /// The control declared by the fence that starts at prepared-text offset `at`, if any.
    pub(crate) fn widget_at(&self, at: usize) -> Option<&'a crate::book::widget::Widget> {
        let start = self.map.to_source(at);
        self.lesson.widgets.iter().find(|w| w.span.start == start)
    }

    /// The directives of the other fenced block (not rlab) that starts at `at`, if it has any.
    pub(crate) fn other_fence_at(&self, at: usize) -> Option<&Directives> {
        let start = self.map.to_source(at);
        (self.lesson.other_fences.iter())
            .find(|f| f.span.start == start)
            .map(|f| &f.directives)
    }
}

/// Render one lesson. `run` belongs to `lesson` (its vectors may be shorter, as for a lesson
/// that was not executed: missing outputs are simply absent).
pub fn render_lesson(
    ctx: &RenderContext,
    lesson: &Lesson,
    run: &LessonRun,
) -> anyhow::Result<LessonHtml> {
    let prepared = prepare::prepare(lesson, run);
    let mut doc = Doc {
        ctx,
        lesson,
        run,
        map: prepared.map,
        lines: crate::book::inline::LineIndex::new(&lesson.source),
        warnings: Vec::new(),
        figures: Vec::new(),
        linked: Vec::new(),
        equations: Vec::new(),
        previews: 0,
        cites: false,
        terms: false,
    };
    let (events, toc) = structure(&mut doc, parse(&prepared.text));
    let search_text = text::search_text(&doc, &events);
    let events = links::rewrite(&mut doc, events);
    let events = embeds::render(&mut doc, events);
    let events = cite::apply(&mut doc, &prepared.text, events);
    let events = terms::apply(&mut doc, events);
    let events = xref::apply(&mut doc, &prepared.text, events);
    let events = containers::apply(&mut doc, events);
    let events = blocks::render(&mut doc, events);
    let events = mathml::render(&mut doc, events);
    let mut body = String::with_capacity(prepared.text.len() * 2);
    pulldown_cmark::html::push_html(&mut body, events.into_iter().map(|(e, _)| e));
    if ctx.strict && !doc.warnings.is_empty() {
        let errors = doc
            .warnings
            .into_iter()
            .map(Diagnostic::into_error)
            .collect();
        return Err(Diagnostics(errors).into());
    }
    let live = live::script(&doc);
    Ok(LessonHtml {
        slug: lesson.slug.clone(),
        title: lesson.title.clone(),
        body,
        toc,
        search_text,
        figures: doc.figures,
        scripts: scripts::pages(ctx, lesson, run),
        warnings: doc.warnings,
        linked: doc.linked,
        live,
        cites: doc.cites,
        terms: doc.terms,
    })
}

/// The formulas the lesson's page will show, for [`MathCache::prerender`].
pub(crate) fn formulas(lesson: &Lesson, run: &LessonRun) -> Vec<Formula> {
    let prepared = prepare::prepare(lesson, run);
    let mut headings_only = Vec::new();
    let events = parse(&prepared.text);
    let (events, _) = headings::assign(events, lesson.blocks.len(), &mut headings_only);
    let events = sections::drop_replaced(events, &headings_only);
    events
        .into_iter()
        .filter_map(|(event, _)| match event {
            Event::InlineMath(tex) => Some(Formula {
                tex: tex.to_string(),
                display: false,
            }),
            Event::DisplayMath(tex) => Some(Formula {
                tex: tex.to_string(),
                display: true,
            }),
            _ => None,
        })
        .collect()
}

/// Heading ids and TOC, then the generated sections (the TOC keeps only the headings that
/// are still on the page).
fn structure<'t>(
    doc: &mut Doc,
    events: Vec<Ev<'t>>,
) -> (Vec<Ev<'t>>, Vec<crate::render::TocEntry>) {
    let mut found = Vec::new();
    let (events, mut toc) = headings::assign(events, doc.lesson.blocks.len(), &mut found);
    let events = sections::generate(doc, events, &found);
    let kept: std::collections::HashSet<&str> = events
        .iter()
        .filter_map(|(event, _)| match event {
            Event::Start(pulldown_cmark::Tag::Heading { id: Some(id), .. }) => Some(id.as_ref()),
            _ => None,
        })
        .collect();
    toc.retain(|entry| kept.contains(entry.id.as_str()));
    (events, toc)
}

#[cfg(test)]
mod tests;
