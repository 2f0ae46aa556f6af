//! The pieces of Markdown an embed works with, read line by line: fences (so code is left
//! alone), code spans, headings and their sections, `^block-id` markers and their blocks, and
//! the file an embed names.

use crate::book::frontmatter;
use crate::diagnostic::suggest::closest;
use anyhow::Result;
use std::path::{Path, PathBuf};

/// The fence a line opens (its character and run length), if it opens one.
pub(super) fn fence_opening(line: &str) -> Option<(char, usize)> {
    let t = line.trim_start();
    let c = t.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let run = t.chars().take_while(|&x| x == c).count();
    let info_ok = c == '~' || !t[run..].contains('`');
    (run >= 3 && info_ok).then_some((c, run))
}

/// Whether `line` closes the fence `(c, run)`.
pub(super) fn closes(line: &str, (c, run): (char, usize)) -> bool {
    let t = line.trim();
    t.chars().count() >= run && t.chars().all(|x| x == c)
}

/// Where the `^block-id` marker that ends `line` starts (with the spaces before it), if one
/// does: a `^` after a space (or at the line's start) and then at least two letters, digits
/// and `-`, one a letter (so that `x ^2` or `e ^-1` at a line's end stay text).
pub(super) fn block_marker(line: &str) -> Option<usize> {
    let t = line.trim_end();
    let caret = t.rfind('^')?;
    let id = &t[caret + 1..];
    let is_id = id.len() >= 2
        && id.chars().any(|c| c.is_ascii_alphabetic())
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let before = &t[..caret];
    let spaced = before.is_empty() || before.ends_with([' ', '\t']);
    (is_id && spaced).then(|| before.trim_end().len())
}

/// The id of the marker that ends `line`.
fn marker_id(line: &str) -> Option<&str> {
    let t = line.trim_end();
    block_marker(line).map(|_| &t[t.rfind('^').unwrap_or(0) + 1..])
}

/// How many `#`s demote the heading `line` by `by` levels (none past level 6, none for a
/// line that is not an ATX heading at the line's start).
pub(super) fn demote_by(line: &str, by: usize) -> usize {
    match heading_level(line) {
        Some(level) if by > 0 => (level + by).min(6) - level,
        _ => 0,
    }
}

/// The level of the ATX heading `line` (`## x` is 2), if it is one.
fn heading_level(line: &str) -> Option<usize> {
    let hashes = line.chars().take_while(|&c| c == '#').count();
    let rest = &line[hashes..];
    let spaced = rest.is_empty() || rest.starts_with([' ', '\t']);
    ((1..=6).contains(&hashes) && spaced).then_some(hashes)
}

/// Whether byte `at` of `line` is inside a code span.
pub(super) fn in_code_span(line: &str, at: usize) -> bool {
    let bytes = line.as_bytes();
    let mut k = 0;
    while k < at {
        if bytes[k] != b'`' {
            k += 1;
            continue;
        }
        let run = bytes[k..].iter().take_while(|&&b| b == b'`').count();
        let close = "`".repeat(run);
        let after = k + run;
        match find_run(&line[after..], &close) {
            Some(end) if after + end > at => return true,
            Some(end) => k = after + end + run,
            None => k = after,
        }
    }
    false
}

/// Where a run of exactly `close` backticks starts in `text`.
fn find_run(text: &str, close: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(k) = text[from..].find(close) {
        let start = from + k;
        let end = start + close.len();
        let longer = bytes.get(end) == Some(&b'`') || (start > 0 && bytes[start - 1] == b'`');
        if !longer {
            return Some(start);
        }
        from = end;
    }
    None
}

/// The file note `name` is: in `dir`, then in `lessons`, by exact name and then without
/// regard to case; `.md` is implied.
pub(super) fn resolve(name: &str, dir: &Path, lessons: &Path) -> Option<PathBuf> {
    let has_md = Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("md"));
    let file = if has_md {
        name.to_string()
    } else {
        format!("{name}.md")
    };
    let bases = [dir, lessons];
    let exact = bases.iter().map(|b| b.join(&file)).find(|p| p.is_file());
    exact.or_else(|| bases.iter().find_map(|b| without_case(&b.join(&file))))
}

/// The file in `path`'s folder whose name is `path`'s without regard to case.
fn without_case(path: &Path) -> Option<PathBuf> {
    let wanted = path.file_name()?.to_string_lossy().to_lowercase();
    let entries = std::fs::read_dir(path.parent()?).ok()?;
    (entries.flatten())
        .find(|e| e.file_name().to_string_lossy().to_lowercase() == wanted)
        .map(|e| e.path())
        .filter(|p| p.is_file())
}

/// The body of a note (after its frontmatter) and its first line's number.
pub(super) fn body(text: &str, display: &str) -> Result<(String, u32)> {
    let (_, start) = frontmatter::split(text, display)?;
    Ok((text[start..].to_string(), line_of(text, start)))
}

fn line_of(text: &str, at: usize) -> u32 {
    text[..at].matches('\n').count() as u32 + 1
}

/// The lines of a note's body outside code, numbered from 0 in the whole text.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let start = frontmatter::split(text, "").map_or(0, |(_, s)| s);
    let skip = line_of(text, start) as usize - 1;
    let mut fence = None;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().skip(skip) {
        match fence {
            Some(open) if closes(line, open) => fence = None,
            Some(_) => {}
            None => match fence_opening(line) {
                Some(open) => fence = Some(open),
                None => out.push((i, line)),
            },
        }
    }
    out
}

/// A heading's text as an embed names it: without closing `#`s and a `{#id}`.
fn heading_text(line: &str) -> String {
    let t = line.trim_start_matches('#').trim();
    let t = match t.rfind("{#") {
        Some(k) if t.ends_with('}') => t[..k].trim(),
        _ => t,
    };
    t.trim_end_matches('#').trim().to_string()
}

/// The headings of a note, as embeds name them.
pub(super) fn headings(text: &str) -> Vec<String> {
    (prose_lines(text).into_iter())
        .filter(|(_, l)| heading_level(l).is_some())
        .map(|(_, l)| heading_text(l))
        .collect()
}

/// The section under the heading named `wanted` (case folded), up to the next heading of its
/// level or above, and its first line's number.
pub(super) fn section(text: &str, wanted: &str) -> Option<(String, u32)> {
    let prose = prose_lines(text);
    let (at, level) = prose.iter().find_map(|(i, l)| {
        let level = heading_level(l)?;
        heading_text(l)
            .eq_ignore_ascii_case(wanted.trim())
            .then_some((*i, level))
    })?;
    let end = (prose.iter())
        .filter(|(i, l)| *i > at && heading_level(l).is_some_and(|k| k <= level))
        .map(|(i, _)| *i)
        .next();
    Some((lines_between(text, at, end), at as u32 + 1))
}

/// The paragraph or list item that ends with the marker `^id`, and its first line's number.
pub(super) fn block(text: &str, id: &str) -> Option<(String, u32)> {
    let prose = prose_lines(text);
    let k = prose.iter().position(|(_, l)| marker_id(l) == Some(id))?;
    let (end, line) = prose[k];
    let start = if is_list_item(line) {
        end
    } else {
        let above = prose[..k].iter().rev();
        let mut start = end;
        for (i, l) in above {
            if *i + 1 != start || l.trim().is_empty() || is_list_item(l) {
                break;
            }
            start = *i;
        }
        start
    };
    Some((lines_between(text, start, Some(end + 1)), start as u32 + 1))
}

fn is_list_item(line: &str) -> bool {
    let t = line.trim_start();
    let numbered = t
        .split_once(". ")
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") || numbered
}

/// Lines `from..to` (0-based; to the end without `to`) of `text`, each ending in a newline.
fn lines_between(text: &str, from: usize, to: Option<usize>) -> String {
    let take = to.map_or(usize::MAX, |t| t.saturating_sub(from));
    (text.split_inclusive('\n').skip(from).take(take)).collect()
}

/// A block's text inside a sentence: one line, without its list marker and block marker.
pub(super) fn inline_text(block: &str) -> String {
    let words: Vec<&str> = (block.lines())
        .map(|l| {
            let l = &l[..block_marker(l).unwrap_or(l.len())];
            strip_list_marker(l.trim())
        })
        .filter(|l| !l.is_empty())
        .collect();
    words.join(" ")
}

fn strip_list_marker(line: &str) -> &str {
    if !is_list_item(line) {
        return line;
    }
    line.split_once(' ')
        .map_or(line, |(_, rest)| rest.trim_start())
}

/// "no heading 'Setpu' in '_setup' (did you mean 'Setup'?)".
pub(super) fn no_such(kind: &str, wanted: &str, note: &str, found: &[String]) -> String {
    let mut message = format!("no {kind} '{wanted}' in '{note}'");
    if let Some(near) = closest(found, wanted) {
        message.push_str(&format!(" (did you mean '{near}'?)"));
    }
    message
}
