//! Raw HTML in a Markdown page, taken apart for the PDF by the common reader of HTML
//! ([`crate::render::common::html`]): comments (which may span several HTML events), tags
//! and the text between them, its character references decoded. The converter decides what
//! each piece becomes: the output markers and the `<details>`/`<summary>` structure are
//! kept, every other tag is dropped and its text stays.

use crate::render::common::html::{Token, tokens_to_open_comment};

/// One piece of raw HTML.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Piece {
    Text(String),
    /// A whole comment's text, without `<!--` and `-->`.
    Comment(String),
    /// A tag: its lowercase name and whether it closes (`</x>`).
    Tag {
        name: String,
        closing: bool,
    },
}

/// Splits HTML text into pieces; a comment left open continues in the next call.
#[derive(Debug, Default)]
pub(crate) struct Scanner {
    comment: Option<String>,
}

impl Scanner {
    /// The pieces of `html` (one event's text).
    pub(crate) fn feed(&mut self, html: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut rest = html;
        if let Some(open) = self.comment.as_mut() {
            let Some(end) = rest.find("-->") else {
                open.push_str(rest);
                return pieces;
            };
            open.push_str(&rest[..end]);
            pieces.push(Piece::Comment(std::mem::take(open)));
            self.comment = None;
            rest = &rest[end + 3..];
        }
        let (tokens, open) = tokens_to_open_comment(rest);
        for token in tokens {
            match token {
                Token::Text(text) => push_text(&mut pieces, text),
                Token::Comment(comment) => pieces.push(Piece::Comment(comment)),
                Token::Start { name, .. } => pieces.push(tag(&name, false)),
                Token::End(name) => pieces.push(tag(&name, true)),
            }
        }
        self.comment = open.map(str::to_string);
        pieces
    }

    /// Whether a comment is still open.
    #[cfg(test)]
    pub(crate) fn in_comment(&self) -> bool {
        self.comment.is_some()
    }
}

fn tag(name: &str, closing: bool) -> Piece {
    Piece::Tag {
        name: name.to_ascii_lowercase(),
        closing,
    }
}

fn push_text(pieces: &mut Vec<Piece>, text: String) {
    match pieces.last_mut() {
        Some(Piece::Text(last)) => last.push_str(&text),
        _ => pieces.push(Piece::Text(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_of_html() {
        let mut s = Scanner::default();
        let pieces = s.feed("<details><Summary>A &amp; B</summary>x < y<!x></details>");
        assert_eq!(
            pieces,
            [
                tag("details", false),
                tag("summary", false),
                Piece::Text("A & B".into()),
                tag("summary", true),
                Piece::Text("x < y".into()),
                tag("details", true),
            ]
        );
    }

    #[test]
    fn comments_span_events() {
        let mut s = Scanner::default();
        assert_eq!(s.feed("a<!-- one\n"), [Piece::Text("a".into())]);
        assert!(s.in_comment());
        assert_eq!(s.feed("still"), []);
        assert_eq!(
            s.feed("two -->b&#65;"),
            [
                Piece::Comment(" one\nstilltwo ".into()),
                Piece::Text("bA".into())
            ]
        );
        assert!(!s.in_comment());
    }
}
