//! Where each line of a lesson's text comes from. A lesson that embeds other Markdown files
//! (`![[_setup]]`, see [`super::transclude`]) is read as one text; its origins name, for
//! every line of that text, the file and line it was copied from, so that every message about
//! an embedded line (a load error, an rlab error, drift, a broken link) names the embedded
//! file and its own line, as if the author had opened that file.

use crate::diagnostic::Diagnostic;

/// One line of a lesson's text: the file it comes from (an index into the files) and its
/// 1-based line there, with the characters the embedding added at its start (a demoted
/// heading's `#`s), which columns skip; and the lesson's own line it stands at (the line of
/// the embed that brought it in, or its own line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub file: u16,
    pub line: u32,
    pub added: u16,
    pub own: u32,
}

/// The origins of a lesson's lines. Empty for a lesson that embeds nothing: then every line is
/// its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origins {
    /// The embedded files as messages name them (index 0 is the lesson itself, unnamed here).
    files: Vec<String>,
    /// The origin of each line of the text, in order.
    lines: Vec<Origin>,
}

impl Origins {
    /// Origins of a text whose lines are `lines`, from the lesson (file 0) and `files`
    /// (1, 2, …).
    pub fn new(files: Vec<String>, lines: Vec<Origin>) -> Origins {
        let files = std::iter::once(String::new()).chain(files).collect();
        Origins { files, lines }
    }

    /// Whether every line is the lesson's own.
    pub fn is_own(&self) -> bool {
        self.files.len() <= 1
    }

    /// The files the lesson embeds, as messages name them.
    pub fn embedded(&self) -> &[String] {
        self.files.get(1..).unwrap_or_default()
    }

    /// The file (`None`: the lesson itself) and line that line `line` (1-based) of the text
    /// comes from, and how many characters the embedding added at its start.
    pub fn locate(&self, line: u32) -> (Option<&str>, u32, u32) {
        let at = (line as usize)
            .checked_sub(1)
            .and_then(|i| self.lines.get(i));
        match at {
            Some(o) if o.file > 0 => {
                let file = self.files.get(o.file as usize).map(String::as_str);
                (file, o.line, u32::from(o.added))
            }
            Some(o) => (None, o.line, u32::from(o.added)),
            None => (None, line, 0),
        }
    }

    /// The line of the lesson file that line `line` of the text is, or that embeds it.
    pub fn own_line(&self, line: u32) -> u32 {
        let at = (line as usize)
            .checked_sub(1)
            .and_then(|i| self.lines.get(i));
        at.map_or(line, |o| o.own)
    }

    /// The same message, at the place it names in the file its line came from: `d` names the
    /// lesson `display` at a line of the text.
    pub fn relocate(&self, display: &str, mut d: Diagnostic) -> Diagnostic {
        if self.is_own() || d.file.as_deref() != Some(display) {
            return d;
        }
        let Some(line) = d.line else { return d };
        let (file, own_line, added) = self.locate(line);
        if let Some(file) = file {
            d.file = Some(file.to_string());
        }
        d.line = Some(own_line);
        d.column = d.column.map(|c| c.saturating_sub(added).max(1));
        d.excerpt = d.excerpt.map(|e| regutter(&e, own_line, added as usize));
        d
    }
}

/// An excerpt (`  57 | text` over `     |   ^^^`, then any further lines) with the line
/// number `line` in its gutter and `added` characters taken off the start of its line.
fn regutter(excerpt: &str, line: u32, added: usize) -> String {
    let mut lines = excerpt.split('\n');
    let (Some(first), Some(second)) = (lines.next(), lines.next()) else {
        return excerpt.to_string();
    };
    let (Some((_, text)), Some((_, caret))) = (first.split_once(" | "), second.split_once(" | "))
    else {
        return excerpt.to_string();
    };
    let skip = |s: &str| s.chars().skip(added).collect::<String>();
    let gutter = line.to_string();
    let pad = " ".repeat(gutter.len());
    let mut out = format!("  {gutter} | {}\n  {pad} | {}", skip(text), skip(caret));
    for rest in lines {
        out.push('\n');
        out.push_str(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Kind;

    fn origins() -> Origins {
        let o = |file, line, added, own| Origin {
            file,
            line,
            added,
            own,
        };
        Origins::new(
            vec!["content/_setup.md".into()],
            vec![o(0, 1, 0, 1), o(1, 5, 1, 2), o(1, 6, 0, 2), o(0, 3, 0, 3)],
        )
    }

    #[test]
    fn lines_are_found_in_their_files() {
        let origins = origins();
        assert_eq!(origins.locate(1), (None, 1, 0));
        assert_eq!(origins.locate(2), (Some("content/_setup.md"), 5, 1));
        assert_eq!(origins.locate(4), (None, 3, 0));
        assert_eq!((origins.own_line(3), origins.own_line(4)), (2, 3));
        assert_eq!(origins.locate(9), (None, 9, 0));
        assert_eq!(origins.embedded(), ["content/_setup.md"]);
        assert!(Origins::default().is_own());
    }

    #[test]
    fn a_message_moves_to_the_embedded_file_with_its_excerpt() {
        let excerpt = rlab::source::excerpt("## Setup q", 2, 10, 1);
        let d = Diagnostic::error(Kind::Load, "bad")
            .in_file("content/01-a.md")
            .at(2, 10)
            .with_excerpt("## Setup q", 1);
        assert_eq!(d.excerpt.as_deref(), Some(excerpt.as_str()));
        let moved = origins().relocate("content/01-a.md", d);
        assert_eq!(
            moved.text().lines().next(),
            Some("content/_setup.md:5:9: bad")
        );
        assert_eq!(
            moved.excerpt.as_deref(),
            Some(rlab::source::excerpt("# Setup q", 5, 9, 1).as_str())
        );
    }

    #[test]
    fn other_files_and_own_lines_stay() {
        let d = Diagnostic::error(Kind::Load, "x")
            .in_file("content/02-b.md")
            .at(2, 1);
        assert_eq!(origins().relocate("content/01-a.md", d.clone()), d);
        let own = Diagnostic::error(Kind::Load, "x")
            .in_file("content/01-a.md")
            .at(4, 3);
        let moved = origins().relocate("content/01-a.md", own);
        assert_eq!((moved.line, moved.column), (Some(3), Some(3)));
    }
}
