//! Template errors as `file:line: message`. tera reports parse errors with a pest position
//! and render errors with only the template's name (and, for inherited parts, the parent's);
//! the line of a render error is the first tag of that template that mentions the failing
//! variable, filter, test, function or template.

use crate::diagnostic::{Diagnostic, Kind};
use anyhow::anyhow;
use std::collections::HashMap;
use std::error::Error as _;
use tera::ErrorKind;

/// Where a template came from and its text.
pub(crate) struct Source {
    /// The file as shown in messages (`templates/lesson.html`).
    pub(crate) display: String,
    pub(crate) text: String,
}

/// An error of loading (parsing, inheritance) the templates.
pub(crate) fn load_error(sources: &HashMap<String, Source>, err: &tera::Error) -> anyhow::Error {
    let chain = chain(err);
    let culprit = chain.iter().find_map(|e| match &e.kind {
        ErrorKind::MissingParent { current, .. } => Some(current.as_str()),
        ErrorKind::CircularExtend { tpl, .. } => Some(tpl.as_str()),
        ErrorKind::Msg(m) => quoted_after(m, "Failed to parse '", '\''),
        _ => None,
    });
    let Some(source) = culprit.and_then(|n| sources.get(n)) else {
        return anyhow!("template error: {}", messages(err).join(": "));
    };
    let detail = messages(err).get(1..).unwrap_or_default().join("\n");
    if let Some((line, col)) = pest_position(&detail) {
        return in_template(source, pest_message(&detail))
            .at(n(line), n(col))
            .into();
    }
    let message = messages(err).join(": ");
    let error = in_template(source, message);
    match subject(err).and_then(|word| line_of(&source.text, &word)) {
        Some(line) => error.on_line(n(line), 1).into(),
        None => error.into(),
    }
}

/// An error of rendering; `candidates` are the rendered template and its parents, in order.
pub(crate) fn render_error(
    sources: &HashMap<String, Source>,
    candidates: &[String],
    err: &tera::Error,
) -> anyhow::Error {
    let all = messages(err);
    let detail = match all.get(1..) {
        Some(rest) if !rest.is_empty() => rest.join(": "),
        _ => all.join(": "),
    };
    // tera names the template when the failing node came from a parent ("error happened in
    // 'base.html'"); otherwise any of the candidates may hold it.
    let named = all
        .first()
        .and_then(|m| quoted_after(m, "error happened in '", '\''));
    let names: Vec<&str> = match named {
        Some(n) => vec![n],
        None => candidates.iter().map(String::as_str).collect(),
    };
    let word = subject(err);
    let located = names.iter().find_map(|n| {
        let source = sources.get(*n)?;
        let line = line_of(&source.text, word.as_deref()?)?;
        Some((source, line))
    });
    match (located, names.first().and_then(|n| sources.get(*n))) {
        (Some((source, line)), _) => in_template(source, detail).on_line(n(line), 1).into(),
        (None, Some(source)) => in_template(source, detail).into(),
        (None, None) => anyhow!("template error: {detail}"),
    }
}

/// A line or column as a diagnostic holds it.
fn n(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// An error in the template `source`.
fn in_template(source: &Source, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Kind::Site, message).in_file(source.display.clone())
}

/// The tera errors of the chain, outermost first.
fn chain(err: &tera::Error) -> Vec<&tera::Error> {
    let mut out = vec![err];
    let mut source = err.source();
    while let Some(e) = source {
        if let Some(t) = e.downcast_ref::<tera::Error>() {
            out.push(t);
        }
        source = e.source();
    }
    out
}

/// The messages of an error and its sources, outermost first.
fn messages(err: &tera::Error) -> Vec<String> {
    let mut out = vec![err.to_string()];
    let mut source = err.source();
    while let Some(e) = source {
        out.push(e.to_string());
        source = e.source();
    }
    out
}

/// The name the failing tag mentions: a variable, filter, test, function or template.
fn subject(err: &tera::Error) -> Option<String> {
    chain(err).iter().rev().find_map(|e| match &e.kind {
        ErrorKind::FilterNotFound(n)
        | ErrorKind::TestNotFound(n)
        | ErrorKind::FunctionNotFound(n)
        | ErrorKind::CallFilter(n)
        | ErrorKind::CallFunction(n)
        | ErrorKind::CallTest(n)
        | ErrorKind::TemplateNotFound(n) => Some(n.clone()),
        ErrorKind::MissingParent { parent, .. } => Some(parent.clone()),
        ErrorKind::Msg(m) => quoted_after(m, "`", '`').map(str::to_string),
        _ => None,
    })
}

/// The text between `start` and the next `end` in `text`.
pub(crate) fn quoted_after<'a>(text: &'a str, start: &str, end: char) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let rest = text.get(from..)?;
    rest.find(end).and_then(|to| rest.get(..to))
}

/// pest's ` --> 3:7` position marker.
fn pest_position(detail: &str) -> Option<(usize, usize)> {
    let marker = detail.find("--> ")? + 4;
    let rest = detail.get(marker..)?;
    let pos: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ':')
        .collect();
    let (line, col) = pos.split_once(':')?;
    Some((line.parse().ok()?, col.parse().ok()?))
}

/// pest's message after its source excerpt (`= expected …`), or the whole text.
fn pest_message(detail: &str) -> String {
    detail
        .lines()
        .find_map(|l| l.trim().strip_prefix("= "))
        .map_or_else(|| detail.trim().to_string(), str::to_string)
}

/// 1-based line of the first tag of `text` that mentions `word` (or, for `a.b.c`, `a`).
fn line_of(text: &str, word: &str) -> Option<usize> {
    let head = word.split(['.', '[']).next().unwrap_or(word);
    let tagged = |line: &str| line.contains("{{") || line.contains("{%");
    let lines: Vec<&str> = text.lines().collect();
    let find = |w: &str| lines.iter().position(|l| tagged(l) && l.contains(w));
    find(word).or_else(|| find(head)).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pest_positions_and_messages_are_read() {
        let detail = " --> 4:3\n  |\n4 |   {% endif %}\n  |   ^---\n  |\n  = expected a tag";
        assert_eq!(pest_position(detail), Some((4, 3)));
        assert_eq!(pest_message(detail), "expected a tag");
        assert_eq!(pest_position("no marker"), None);
        assert_eq!(pest_message(" plain "), "plain");
    }

    #[test]
    fn lines_are_found_by_the_full_name_first() {
        let text = "<p>lesson</p>\n{{ lesson.title }}\n{{ lesson.toc }}\n";
        assert_eq!(line_of(text, "lesson.toc"), Some(3));
        assert_eq!(line_of(text, "lesson.nope"), Some(2));
        assert_eq!(line_of(text, "other"), None);
        assert_eq!(quoted_after("in 'b.html').", "in '", '\''), Some("b.html"));
        assert_eq!(quoted_after("in 'b.html", "in '", '\''), None);
    }

    #[test]
    fn subjects_come_from_error_kinds_and_messages() {
        let err = tera::Error::chain("outer", tera::Error::call_filter("upper", "bad arg"));
        assert_eq!(subject(&err).as_deref(), Some("upper"));
        let err = tera::Error::msg("Variable `a.b` not found in context while rendering 'x'");
        assert_eq!(subject(&err).as_deref(), Some("a.b"));
        let err = tera::Error::missing_parent("child.html", "gone.html");
        assert_eq!(subject(&err).as_deref(), Some("gone.html"));
    }
}
