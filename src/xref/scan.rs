//! One lesson's labels and references, read from its source (the body, after the front
//! matter) with pulldown-cmark, so that every offset is a place in the lesson file:
//! headings with a `{#sec-…}` id, display math followed by `{#eq-…}`, a paragraph
//! `Table: caption {#tbl-…}` right after a table, rlab blocks with `label=fig-…` (one
//! target per figure the block drew), and `@label` references in text (not in code, math,
//! HTML or the text of a link).

use super::refs;
use super::{Kind, LessonXrefs, Preview, Target, located};
use crate::book::Lesson;
use crate::book::label::PREFIXES;
use crate::diagnostic::Diagnostic;
use crate::exec::LessonRun;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// A label's definition in its lesson.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Def {
    pub target: Target,
    /// Byte offset of the label in the lesson source.
    pub at: usize,
    pub place: Place,
}

/// Where a definition is written, for the writers that rewrite the source.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Place {
    Heading,
    /// The `$$…$$` and the ` {#eq-…}` after it.
    Equation {
        math: Range<usize>,
        attr: Range<usize>,
    },
    /// The table, the caption paragraph, and the caption's own Markdown in it.
    Table {
        table: Range<usize>,
        paragraph: Range<usize>,
        caption: Range<usize>,
    },
    Figure,
}

/// The events of the lesson body, with offsets into the whole source.
type Events<'s> = Vec<(Event<'s>, Range<usize>)>;

/// Counters of a lesson's targets.
struct Numbering {
    lesson: u32,
    figures: usize,
    equations: usize,
    tables: usize,
    /// `##`, `###`, … counts.
    sections: [usize; 5],
}

impl Numbering {
    fn next(&mut self, kind: Kind) -> String {
        let counter = match kind {
            Kind::Figure => &mut self.figures,
            Kind::Equation => &mut self.equations,
            Kind::Table => &mut self.tables,
            Kind::Section => return String::new(),
        };
        *counter += 1;
        format!("{}.{counter}", self.lesson)
    }

    /// Count a heading of `level` (2–6); its number.
    fn heading(&mut self, level: usize) -> String {
        let depth = level.clamp(2, 6) - 2;
        self.sections[depth] += 1;
        self.sections[depth + 1..].fill(0);
        let mut number = self.lesson.to_string();
        for n in &self.sections[..=depth] {
            number.push_str(&format!(".{n}"));
        }
        number
    }
}

/// The labels and references of `lesson` (number `number`, run `run`), and its misplaced
/// labels.
pub(crate) fn scan(
    lesson: &Lesson,
    number: u32,
    run: &LessonRun,
) -> (LessonXrefs, Vec<Diagnostic>) {
    let body = lesson.body_start.min(lesson.source.len());
    let options = crate::book::lesson::markdown_options() | Options::ENABLE_MATH;
    let events: Events = Parser::new_ext(&lesson.source[body..], options)
        .into_offset_iter()
        .map(|(e, r)| (e, r.start + body..r.end + body))
        .collect();
    let mut numbering = Numbering {
        lesson: number,
        figures: 0,
        equations: 0,
        tables: 0,
        sections: [0; 5],
    };
    let mut out = LessonXrefs::default();
    let mut problems = Vec::new();
    let mut link_depth = 0usize;
    let mut table_start = None;
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        let target = |kind, label: &str, number, preview| Target {
            label: label.to_string(),
            kind,
            number,
            slug: lesson.slug.clone(),
            preview,
        };
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let level = *level as usize;
                let title = heading_text(&events, i);
                let number = (level >= 2).then(|| numbering.heading(level));
                if let Some(id) = id.as_deref().filter(|id| labelled(id)) {
                    let at = lesson.source[range.clone()]
                        .rfind(id)
                        .map_or(range.start, |k| range.start + k);
                    match number.filter(|_| id.starts_with("sec-")) {
                        Some(number) => out.defs.push(Def {
                            target: target(Kind::Section, id, number, Preview::Section { title }),
                            at,
                            place: Place::Heading,
                        }),
                        None => problems.push(misplaced(lesson, at, id, level)),
                    }
                }
            }
            Event::Start(Tag::CodeBlock(_)) => {
                i = figures(lesson, run, &events, i, &mut numbering, &mut out);
                continue;
            }
            Event::Start(Tag::Table(_)) => table_start = Some(range.start),
            Event::End(TagEnd::Table) => {
                let table = table_start.take().unwrap_or(range.start)..range.end;
                out.defs
                    .extend(table_caption(lesson, &events, i + 1, table, &mut numbering));
            }
            Event::DisplayMath(tex) => {
                if let Some(def) = equation(lesson, &events, i, tex, &mut numbering) {
                    out.defs.push(def);
                }
            }
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => link_depth += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => link_depth = link_depth.saturating_sub(1),
            Event::Text(_) if link_depth == 0 => {
                let found = refs::find(&lesson.source, range.clone());
                out.refs.extend(
                    found
                        .into_iter()
                        .filter(|f| !f.escaped)
                        .map(|f| (f.at, f.label)),
                );
            }
            _ => {}
        }
        i += 1;
    }
    (out, problems)
}

/// Whether `id` has one of the cross-reference prefixes.
fn labelled(id: &str) -> bool {
    PREFIXES.iter().any(|p| id.starts_with(p))
}

fn misplaced(lesson: &Lesson, at: usize, id: &str, level: usize) -> Diagnostic {
    let message = if level < 2 {
        format!("label '{id}' on a level-1 heading: sections are numbered from '##' headings")
    } else {
        format!("label '{id}' on a heading: a heading's label starts with 'sec-'")
    };
    located(lesson, at, id.len(), message)
}

/// The plain text of the heading that starts at event `i`.
fn heading_text(events: &Events, i: usize) -> String {
    let mut text = String::new();
    for (event, _) in &events[i + 1..] {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => text.push_str(t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            _ => {}
        }
    }
    text.trim().to_string()
}

/// The figures of the code block that starts at event `i`, if it is a labelled rlab block;
/// returns the index after its end.
fn figures(
    lesson: &Lesson,
    run: &LessonRun,
    events: &Events,
    i: usize,
    numbering: &mut Numbering,
    out: &mut LessonXrefs,
) -> usize {
    let start = events[i].1.start;
    let end = (i..events.len())
        .find(|&k| matches!(events[k].0, Event::End(TagEnd::CodeBlock)))
        .map_or(events.len(), |k| k + 1);
    let Some(block) = lesson.blocks.iter().position(|b| b.span.start == start) else {
        return end;
    };
    let attrs = &lesson.blocks[block].attrs;
    let Some(label) = &attrs.label else {
        return end;
    };
    let drawn = (run.blocks.get(block))
        .filter(|_| !attrs.no_run)
        .map_or(0, |r| r.figures.len());
    let fence = &lesson.source[start..];
    let at = start + fence.find(label.as_str()).unwrap_or(0);
    for index in 0..drawn {
        let label = if drawn == 1 {
            label.clone()
        } else {
            format!("{label}-{}", index + 1)
        };
        let preview = Preview::Figure {
            block,
            index,
            caption: attrs.caption.clone(),
        };
        let target = Target {
            label,
            kind: Kind::Figure,
            number: numbering.next(Kind::Figure),
            slug: lesson.slug.clone(),
            preview,
        };
        out.defs.push(Def {
            target,
            at,
            place: Place::Figure,
        });
    }
    end
}

/// The caption paragraph `Table: caption {#tbl-…}` at event `i`, right after `table`.
fn table_caption(
    lesson: &Lesson,
    events: &Events,
    i: usize,
    table: Range<usize>,
    numbering: &mut Numbering,
) -> Option<Def> {
    let (Event::Start(Tag::Paragraph), paragraph) = events.get(i)? else {
        return None;
    };
    let written = lesson.source.get(paragraph.clone())?.trim_end();
    let inner = written.strip_prefix("Table:")?;
    let open = inner.rfind("{#")?;
    let label = inner[open + 2..].strip_suffix('}')?;
    if !crate::book::label::is_label_of("tbl-", label) {
        return None;
    }
    let end = (i..events.len()).find(|&k| matches!(events[k].0, Event::End(TagEnd::Paragraph)))?;
    let mut caption = String::new();
    for (event, _) in &events[i + 1..end] {
        match event {
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => caption.push_str(t),
            Event::SoftBreak | Event::HardBreak => caption.push(' '),
            _ => {}
        }
    }
    let caption = caption.trim();
    let caption = caption.strip_prefix("Table:").unwrap_or(caption);
    let caption = caption
        .rsplit_once("{#")
        .map_or(caption, |(c, _)| c)
        .trim()
        .to_string();
    let start = paragraph.start + "Table:".len();
    let target = Target {
        label: label.to_string(),
        kind: Kind::Table,
        number: numbering.next(Kind::Table),
        slug: lesson.slug.clone(),
        preview: Preview::Table { caption },
    };
    let place = Place::Table {
        table,
        paragraph: paragraph.clone(),
        caption: start..start + open,
    };
    let at = start + open + 2;
    Some(Def { target, at, place })
}

/// The equation at event `i` when the text right after it is ` {#eq-…}`.
fn equation(
    lesson: &Lesson,
    events: &Events,
    i: usize,
    tex: &str,
    numbering: &mut Numbering,
) -> Option<Def> {
    let math = events[i].1.clone();
    let (Event::Text(_), next) = events.get(i + 1)? else {
        return None;
    };
    if next.start != math.end {
        return None;
    }
    let text = lesson.source.get(next.clone())?;
    let rest = text.trim_start_matches([' ', '\t']);
    let label = rest.strip_prefix("{#")?.split('}').next()?;
    if !crate::book::label::is_label_of("eq-", label) {
        return None;
    }
    let at = next.start + (text.len() - rest.len()) + 2;
    let target = Target {
        label: label.to_string(),
        kind: Kind::Equation,
        number: numbering.next(Kind::Equation),
        slug: lesson.slug.clone(),
        preview: Preview::Equation {
            tex: tex.to_string(),
        },
    };
    let attr = next.start..at + label.len() + 1;
    Some(Def {
        target,
        at,
        place: Place::Equation { math, attr },
    })
}
