//! One lesson source: frontmatter, title, its rlab code blocks (with byte spans, fence
//! attributes and directives), its inline values, its scripts. Code blocks are found with
//! pulldown-cmark (so fences inside lists and quotes count, and code inside other fences does
//! not); everything else is plain text scanning around them.

use super::embed::{self, Embed};
use super::fence::{self, BlockAttrs, Directives};
use super::frontmatter::{self, Frontmatter};
use super::inline::{self, InlineValue};
use super::origins::Origins;
use super::script::Script;
use super::widget::{self, Widget};
use crate::diagnostic::{Diagnostic, Kind};
use anyhow::Result;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;
use std::path::PathBuf;

/// An rlab code block of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct CodeBlock {
    /// 0-based position among the lesson's rlab blocks.
    pub index: usize,
    pub lang: String,
    pub attrs: BlockAttrs,
    pub directives: Directives,
    pub code: String,
    /// Bytes of the whole fence (opening line through closing line) in the source.
    pub span: Range<usize>,
    /// Line of the opening fence, and of the first code line.
    pub fence_line: u32,
    pub first_line: u32,
}

/// A fenced block of another language (```` ```mermaid ````, ```` ```text ````) with fence
/// directives above it: `<!-- hide -->` leaves it out of every output, `<!-- details: T -->`
/// folds it. (`grid` lays out an rlab block's figures, so it has no meaning here.)
#[derive(Clone, Debug, PartialEq)]
pub struct OtherFence {
    /// Bytes of the whole fence in the source.
    pub span: Range<usize>,
    pub directives: Directives,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    pub path: PathBuf,
    /// The path shown in messages, relative to the book root (`content/12-x.md`).
    pub display: String,
    pub slug: String,
    pub title: String,
    /// Sort key: frontmatter `order`, else the file name's numeric prefix.
    pub order: Option<i64>,
    pub frontmatter: Frontmatter,
    pub source: String,
    /// Byte offset of the body (after frontmatter).
    pub body_start: usize,
    pub blocks: Vec<CodeBlock>,
    /// The other fenced blocks that have directives, in document order.
    pub other_fences: Vec<OtherFence>,
    pub inlines: Vec<InlineValue>,
    pub scripts: Vec<Script>,
    /// Its `<!-- output: script.rlab -->` directives, in document order.
    pub embeds: Vec<Embed>,
    /// The file and line each line of `source` comes from, when it embeds other notes.
    pub origins: Origins,
    /// Its controls (```` ```rustlab-widget ```` fences), in document order.
    pub widgets: Vec<Widget>,
    /// Its exercises, in order (docs/exercises.md).
    pub exercises: Vec<super::exercise::Exercise>,
}

/// Markdown extensions rlbook renders (math is handled separately).
pub fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_GFM
}

impl Lesson {
    /// An error of `kind` at byte `at` of the source, `width` characters wide: the file, line
    /// and column, the source line and a caret under the place.
    pub(crate) fn error_at(
        &self,
        kind: crate::diagnostic::Kind,
        at: usize,
        width: usize,
        message: String,
    ) -> crate::diagnostic::Diagnostic {
        let (line, col) = super::inline::line_col(&self.source, at);
        let text = self.source.lines().nth(line as usize - 1).unwrap_or("");
        crate::diagnostic::Diagnostic::error(kind, message)
            .in_file(self.display.clone())
            .at(line, col)
            .with_excerpt(text, width)
    }

    /// Parse a lesson source. `display` names the file in messages.
    pub fn parse(
        path: PathBuf,
        display: String,
        source: String,
        scripts: Vec<Script>,
    ) -> Result<Lesson> {
        let slug = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let (frontmatter, body_start) = frontmatter::split(&source, &display)?;
        let Code {
            blocks,
            other_fences,
            widgets,
            ranges: code_ranges,
        } = scan_code(&source, body_start, &display)?;
        let mut directed: Vec<usize> = (blocks.iter().map(|b| b.span.start))
            .chain(other_fences.iter().map(|f| f.span.start))
            .collect();
        directed.sort_unstable();
        check_stray_directives(&source, body_start, &code_ranges, &directed, &display)?;
        let embeds = embed::scan(&source, body_start, &code_ranges, &scripts, &display)?;
        let exercises = super::exercise::scan(&source, body_start, &blocks, &display)?;
        // An answer box's `${…}` is evaluated by its exercise's check, not where it stands.
        let answers = exercises.iter().flat_map(|e| &e.answers);
        let unscanned: Vec<Range<usize>> = (code_ranges.iter().cloned())
            .chain(answers.map(|a| a.span.clone()))
            .collect();
        let inlines = inline::scan(&source, body_start, &unscanned).map_err(|(at, msg)| {
            let (line, col) = inline::line_col(&source, at);
            load_error(&display, msg).at(line, col)
        })?;
        let title = frontmatter
            .title
            .clone()
            .or_else(|| first_heading(&source[body_start..]))
            .unwrap_or_else(|| slug.clone());
        let order = frontmatter.order.or_else(|| numeric_prefix(&slug));
        Ok(Lesson {
            path,
            display,
            slug,
            title,
            order,
            frontmatter,
            source,
            body_start,
            blocks,
            other_fences,
            inlines,
            scripts,
            embeds,
            origins: Origins::default(),
            widgets,
            exercises,
        })
    }

    /// The file (this lesson's, or a note it embeds) and line that line `line` of its
    /// source comes from.
    pub fn place(&self, line: u32) -> (&str, u32) {
        let (file, line, _) = self.origins.locate(line);
        (file.unwrap_or(&self.display), line)
    }

    /// The page file name of this lesson in the site (`12-layer-norm.html`).
    pub fn page(&self) -> String {
        format!("{}.html", self.slug)
    }
}

/// What the scan of a lesson's code finds.
struct Code {
    blocks: Vec<CodeBlock>,
    other_fences: Vec<OtherFence>,
    widgets: Vec<Widget>,
    /// The byte ranges of all code: blocks of every language and code spans.
    ranges: Vec<Range<usize>>,
}

impl Code {
    /// The code block at `span` (`info`: its info string, `None` when indented): an rlab
    /// block, or another fenced block with directives, or only code.
    fn add_block(
        &mut self,
        lines: &inline::LineIndex,
        span: Range<usize>,
        info: Option<&str>,
        text: String,
        display: &str,
    ) -> Result<()> {
        self.ranges.push(span.clone());
        if info.is_some_and(widget::is_widget) {
            return self.add_widget(lines, span, &text, display);
        }
        let index = self.blocks.len();
        let block = make_block(
            lines,
            span.clone(),
            info.unwrap_or(""),
            text,
            index,
            display,
        )?;
        match (block, info) {
            (Some(block), _) => self.blocks.push(block),
            (None, Some(info)) => self
                .other_fences
                .extend(other_fence(lines, span, info, display)?),
            (None, None) => {}
        }
        Ok(())
    }

    /// The control the fence at `span` declares; its name is the lesson's only one of it.
    fn add_widget(
        &mut self,
        lines: &inline::LineIndex,
        span: Range<usize>,
        text: &str,
        display: &str,
    ) -> Result<()> {
        let (line, _) = lines.line_col(span.start);
        let w = Widget::parse(text, span, line, display)?;
        if let Some(first) = self.widgets.iter().find(|o| o.name == w.name) {
            let message = format!(
                "widget: a control named '{}' is already declared at line {}",
                w.name, first.line
            );
            return Err(load_error(display, message).on_line(line, 1).into());
        }
        self.widgets.push(w);
        Ok(())
    }
}

/// The rlab blocks of the body, the other fenced blocks with directives, the controls, and
/// the byte ranges of all code.
fn scan_code(source: &str, start: usize, display: &str) -> Result<Code> {
    let body = &source[start..];
    let lines = inline::LineIndex::new(source);
    let mut code = Code {
        blocks: Vec::new(),
        other_fences: Vec::new(),
        widgets: Vec::new(),
        ranges: Vec::new(),
    };
    let mut open: Option<(Range<usize>, Option<String>, String)> = None;
    for (event, range) in Parser::new_ext(body, markdown_options()).into_offset_iter() {
        let range = range.start + start..range.end + start;
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => Some(info.to_string()),
                    CodeBlockKind::Indented => None,
                };
                open = Some((range, info, String::new()));
            }
            Event::Text(text) if open.is_some() => {
                if let Some((_, _, text_so_far)) = open.as_mut() {
                    text_so_far.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((span, info, text)) = open.take() {
                    code.add_block(&lines, span, info.as_deref(), text, display)?;
                }
            }
            Event::Code(_) => code.ranges.push(range),
            _ => {}
        }
    }
    Ok(code)
}

/// The fenced block of another language at `span`, if directives stand above it.
fn other_fence(
    lines: &inline::LineIndex,
    span: Range<usize>,
    info: &str,
    display: &str,
) -> Result<Option<OtherFence>> {
    let source = lines.source();
    let (fence_line, _) = lines.line_col(span.start);
    let at_line = |above: u32, msg: String| {
        directive_error(source, display, fence_line.saturating_sub(above), msg)
    };
    let directives = directives_before(source, span.start).map_err(|(a, m)| at_line(a, m))?;
    if directives.grid.is_some() {
        let above = directive_lines_above(source, span.start)
            .find(|(_, name, _)| *name == "grid")
            .map_or(1, |(above, _, _)| above);
        let lang = info.split([',', ' ', '\t', '{']).next().unwrap_or("");
        let message = format!(
            "directive 'grid' lays out the figures of an rlab block; this is a ```{lang} block"
        );
        return Err(at_line(above, message).into());
    }
    Ok((directives != Directives::default()).then_some(OtherFence { span, directives }))
}

fn make_block(
    lines: &inline::LineIndex,
    span: Range<usize>,
    info: &str,
    code: String,
    index: usize,
    display: &str,
) -> Result<Option<CodeBlock>> {
    let source = lines.source();
    let (fence_line, fence_col) = lines.line_col(span.start);
    let at = |msg: String| load_error(display, msg).on_line(fence_line, fence_col);
    let Some((lang, attrs)) = fence::parse_info(info).map_err(at)? else {
        return Ok(None);
    };
    if !closes_fence(&source[span.clone()]) {
        return Err(at(format!(
            "unclosed code fence: the ```{lang} block opened here is never closed"
        ))
        .into());
    }
    let directives = directives_before(source, span.start).map_err(|(above, msg)| {
        directive_error(source, display, fence_line.saturating_sub(above), msg)
    })?;
    Ok(Some(CodeBlock {
        index,
        lang,
        attrs,
        directives,
        code,
        span,
        fence_line,
        first_line: fence_line + 1,
    }))
}

/// An error in the lesson `display`.
fn load_error(display: &str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Kind::Load, message).in_file(display)
}

/// A load error at the directive comment on line `line` (1-based) of `source`: its line
/// and column, the line, and a caret under the comment.
fn directive_error(source: &str, display: &str, line: u32, message: String) -> Diagnostic {
    let text = (source.lines())
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    let indent = text.chars().take_while(|c| c.is_whitespace()).count() as u32;
    let width = text.trim().chars().count().max(1);
    (load_error(display, message).at(line, indent + 1)).with_excerpt(text, width)
}

/// Whether a fenced block's text ends with a closing fence line (same character, at least as
/// long as the opening run; quote markers and indentation ignored).
fn closes_fence(text: &str) -> bool {
    fn strip(l: &str) -> &str {
        l.trim_start_matches([' ', '>']).trim_end()
    }
    let mut lines = text.trim_end().lines();
    let opening = lines.next().map_or("", strip);
    let Some(ch) = opening.chars().next().filter(|c| *c == '`' || *c == '~') else {
        return false;
    };
    let width = opening.chars().take_while(|c| *c == ch).count();
    lines
        .last()
        .map(strip)
        .is_some_and(|l| l.chars().count() >= width && l.chars().all(|c| c == ch))
}

/// Directive comment lines directly above the fence starting at `at`. An error says how
/// many lines above the fence's line the bad directive is. The lines are walked upwards from
/// the fence, only as far as the directives go (collecting every line before each block
/// made large lessons quadratic).
fn directives_before(source: &str, at: usize) -> Result<Directives, (u32, String)> {
    let mut d = Directives::default();
    for (above, name, arg) in directive_lines_above(source, at) {
        fence::apply_directive(&mut d, name, arg).map_err(|m| (above, m))?;
    }
    Ok(d)
}

/// The directive comment lines directly above the fence starting at `at`, nearest first:
/// how many lines above the fence's line each is, its name and argument.
fn directive_lines_above(
    source: &str,
    at: usize,
) -> impl Iterator<Item = (u32, &str, Option<&str>)> {
    let before = source.get(..at).unwrap_or("");
    let mut lines = before.lines().rev();
    if !before.ends_with('\n') {
        lines.next(); // the start of the fence's own line (indentation, quote markers)
    }
    (1u32..)
        .zip(lines)
        .map_while(|(above, line)| fence::directive_of(line).map(|(n, a)| (above, n, a)))
}

/// A fence directive that is not directly above an rlab block is a mistake.
fn check_stray_directives(
    source: &str,
    start: usize,
    code: &[Range<usize>],
    directed: &[usize],
    display: &str,
) -> Result<()> {
    // Lines start in increasing order, so code ranges (sorted by start) are walked with a
    // cursor, and the only block a directive can be attached to is the next one (any later
    // block has this one's fence between them). Searching every range and every block for
    // every line was quadratic: a large lesson took hours.
    let mut code: Vec<&Range<usize>> = code.iter().collect();
    code.sort_by_key(|r| r.start);
    let mut next_code = 0;
    let mut offset = start;
    for line in source[start..].split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        while code.get(next_code).is_some_and(|r| r.end <= here) {
            next_code += 1;
        }
        let in_code = code.get(next_code).is_some_and(|r| r.start <= here);
        if in_code || fence::directive_of(line).is_none() {
            continue;
        }
        let next_fence = directed.partition_point(|&at| at < offset);
        let attached = directed.get(next_fence).is_some_and(|&at| {
            let gap = source.get(offset..at).unwrap_or("");
            gap.lines().all(|l| fence::directive_of(l).is_some())
        });
        if !attached {
            let (line_no, _) = inline::line_col(source, here);
            let message = format!(
                "directive '{}' must be directly followed by a fenced code block",
                line.trim()
            );
            return Err(directive_error(source, display, line_no, message).into());
        }
    }
    Ok(())
}

/// The text of the first level-1 heading.
fn first_heading(body: &str) -> Option<String> {
    let mut in_heading = false;
    let mut title = String::new();
    for event in Parser::new_ext(body, markdown_options()) {
        match event {
            Event::Start(Tag::Heading {
                level: pulldown_cmark::HeadingLevel::H1,
                ..
            }) => in_heading = true,
            Event::End(TagEnd::Heading(_)) if in_heading => return Some(title.trim().to_string()),
            Event::Text(t) | Event::Code(t) if in_heading => title.push_str(&t),
            _ => {}
        }
    }
    None
}

/// `12-layer-norm` → 12.
fn numeric_prefix(slug: &str) -> Option<i64> {
    let digits: String = slug.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson(src: &str) -> Result<Lesson> {
        Lesson::parse(
            PathBuf::from("/b/content/03-x.md"),
            "content/03-x.md".into(),
            src.to_string(),
            vec![],
        )
    }

    #[test]
    fn blocks_directives_inlines_and_title() {
        let src = "---\norder: 5\n---\n# Softmax *basics*\n\nText ${n}.\n\n<!-- hide -->\n```rlab\nn = 3;\n```\n\n```python\nx\n```\n\n> quoted\n> ```rustlab,no_run\n> y = 2\n> ```\n\nNow ${n:%d}.\n";
        let l = lesson(src).unwrap();
        assert_eq!(l.title, "Softmax basics");
        assert_eq!(l.order, Some(5));
        assert_eq!(l.blocks.len(), 2);
        assert!(l.blocks[0].directives.hide);
        assert_eq!(l.blocks[0].code, "n = 3;\n");
        assert_eq!(l.blocks[0].fence_line, 9);
        assert_eq!(l.blocks[0].first_line, 10);
        assert!(l.blocks[1].attrs.no_run);
        assert_eq!(l.blocks[1].code, "y = 2\n");
        assert_eq!(l.inlines.len(), 2);
        assert_eq!(l.inlines[1].line, 22);
    }

    #[test]
    fn order_defaults_to_the_numeric_prefix() {
        let l = lesson("plain\n").unwrap();
        assert_eq!(
            (l.order, l.title.as_str(), l.slug.as_str()),
            (Some(3), "03-x", "03-x")
        );
    }

    #[test]
    fn directives_also_hide_or_fold_fenced_blocks_of_other_languages() {
        let src = "<!-- hide -->\n```python\nx\n```\n```rlab\nx\n```\n\n\
            <!-- details: Pipeline -->\n```mermaid\nflowchart LR\n```\n\n```text\nplain\n```\n";
        let l = lesson(src).unwrap();
        assert_eq!(l.blocks.len(), 1);
        assert!(
            l.blocks[0].directives == Directives::default(),
            "the python fence's"
        );
        let found: Vec<_> = (l.other_fences.iter())
            .map(|f| {
                (
                    &src[f.span.clone()][..9],
                    f.directives.hide,
                    f.directives.details.clone(),
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                ("```python", true, None),
                ("```mermai", false, Some("Pipeline".to_string()))
            ]
        );
        let err = lesson("# T\n\n<!-- grid: 2 -->\n<!-- hide -->\n```mermaid\nA\n```\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "content/03-x.md:3:1: directive 'grid' lays out the figures of an rlab block; \
             this is a ```mermaid block\n  3 | <!-- grid: 2 -->\n    | ^^^^^^^^^^^^^^^^"
        );
    }

    #[test]
    fn load_errors_have_file_and_line() {
        let err = lesson("# T\n\n```rlab\nx = 1\n").unwrap_err().to_string();
        assert_eq!(
            err,
            "content/03-x.md:3: unclosed code fence: the ```rlab block opened here is never closed"
        );
        let err = lesson("# T\n\n```rlab,bogus\nx\n```\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("content/03-x.md:3: unknown block attribute 'bogus'"),
            "{err}"
        );
        let err = lesson("# T\n<!-- grid: 0 -->\n```rlab\nx\n```\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("content/03-x.md:2:1: directive 'grid'"),
            "{err}"
        );
        let err = lesson("# T\n<!-- hide -->\nprose\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(
                "content/03-x.md:2:1: directive '<!-- hide -->' must be directly followed"
            ),
            "{err}"
        );
        let ok = "`<!-- hide -->` <!-- hide -->\n<!-- grid: 2 -->\n```rlab\nx\n```\n\n```\n<!-- hide -->\n```\n";
        assert!(lesson(ok).is_ok(), "stacked directives, directives in code");
        let many = "`a` and `b`\n\n<!-- hide -->\n```rlab\nx = 1;\n```\n\n".repeat(20_000);
        assert_eq!(lesson(&many).map(|l| l.blocks.len()).ok(), Some(20_000));
        let err = lesson("# T\nvalue ${x\n\nmore").unwrap_err().to_string();
        assert!(
            err.starts_with("content/03-x.md:2:7: unterminated"),
            "{err}"
        );
    }
}
