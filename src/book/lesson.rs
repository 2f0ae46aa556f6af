//! One lesson source: frontmatter, title, its rlab code blocks (with byte spans, fence
//! attributes and directives), its inline values, its scripts. Code blocks are found with
//! pulldown-cmark (so fences inside lists and quotes count, and code inside other fences does
//! not); everything else is plain text scanning around them.

use super::embed::{self, Embed};
use super::fence::{self, BlockAttrs, Directives};
use super::frontmatter::{self, Frontmatter};
use super::inline::{self, InlineValue};
use super::script::Script;
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
    pub inlines: Vec<InlineValue>,
    pub scripts: Vec<Script>,
    /// Its `<!-- output: script.rlab -->` directives, in document order.
    pub embeds: Vec<Embed>,
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
        let (blocks, code_ranges) = scan_code(&source, body_start, &display)?;
        check_stray_directives(&source, body_start, &code_ranges, &blocks, &display)?;
        let embeds = embed::scan(&source, body_start, &code_ranges, &scripts, &display)?;
        let inlines = inline::scan(&source, body_start, &code_ranges).map_err(|(at, msg)| {
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
            inlines,
            scripts,
            embeds,
        })
    }

    /// The page file name of this lesson in the site (`12-layer-norm.html`).
    pub fn page(&self) -> String {
        format!("{}.html", self.slug)
    }
}

/// The rlab blocks of the body and the byte ranges of all code (blocks and code spans).
fn scan_code(
    source: &str,
    start: usize,
    display: &str,
) -> Result<(Vec<CodeBlock>, Vec<Range<usize>>)> {
    let body = &source[start..];
    let lines = inline::LineIndex::new(source);
    let mut blocks = Vec::new();
    let mut ranges = Vec::new();
    let mut open: Option<(Range<usize>, String, String)> = None;
    for (event, range) in Parser::new_ext(body, markdown_options()).into_offset_iter() {
        let range = range.start + start..range.end + start;
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                open = Some((range, info, String::new()));
            }
            Event::Text(text) if open.is_some() => {
                if let Some((_, _, code)) = open.as_mut() {
                    code.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((span, info, code)) = open.take() {
                    ranges.push(span.clone());
                    if let Some(block) =
                        make_block(&lines, span, &info, code, blocks.len(), display)?
                    {
                        blocks.push(block);
                    }
                }
            }
            Event::Code(_) => ranges.push(range),
            _ => {}
        }
    }
    Ok((blocks, ranges))
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
        let line = fence_line.saturating_sub(above);
        load_error(display, msg).on_line(line, line_indent(source, line) + 1)
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

/// The number of blanks that start line `line` (1-based) of `source`.
fn line_indent(source: &str, line: u32) -> u32 {
    let text = source
        .lines()
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    text.chars().take_while(|c| c.is_whitespace()).count() as u32
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
    let before = source.get(..at).unwrap_or("");
    let mut lines = before.lines().rev();
    if !before.ends_with('\n') {
        lines.next(); // the start of the fence's own line (indentation, quote markers)
    }
    for (above, line) in (1u32..).zip(lines) {
        let Some((name, arg)) = fence::directive_of(line) else {
            break;
        };
        fence::apply_directive(&mut d, name, arg).map_err(|m| (above, m))?;
    }
    Ok(d)
}

/// A fence directive that is not directly above an rlab block is a mistake.
fn check_stray_directives(
    source: &str,
    start: usize,
    code: &[Range<usize>],
    blocks: &[CodeBlock],
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
        let next_block = blocks.partition_point(|b| b.span.start < offset);
        let attached = blocks.get(next_block).is_some_and(|b| {
            let gap = source.get(offset..b.span.start).unwrap_or("");
            gap.lines().all(|l| fence::directive_of(l).is_some())
        });
        if !attached {
            let (line_no, col) = inline::line_col(source, here);
            let message = format!(
                "directive '{}' must be directly followed by an rlab code block",
                line.trim()
            );
            let indent = line.chars().take_while(|c| c.is_whitespace()).count() as u32;
            return Err(load_error(display, message)
                .on_line(line_no, col + indent)
                .into());
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
            err.starts_with("content/03-x.md:2: directive 'grid'"),
            "{err}"
        );
        let err = lesson("# T\n<!-- hide -->\nprose\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("content/03-x.md:2: directive '<!-- hide -->' must be directly followed"),
            "{err}"
        );
        let err = lesson("<!-- hide -->\n```python\nx\n```\n```rlab\nx\n```\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("content/03-x.md:1: directive"), "{err}");
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
