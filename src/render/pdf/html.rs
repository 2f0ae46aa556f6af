//! Raw HTML in a Markdown page, taken apart for the PDF: comments (which may span several
//! HTML events), tags and the text between them, with the common character references
//! decoded. The converter decides what each piece becomes: the output markers and the
//! `<details>`/`<summary>` structure are kept, every other tag is dropped and its text
//! stays.

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
        while !rest.is_empty() {
            if let Some(open) = self.comment.as_mut() {
                match rest.find("-->") {
                    Some(end) => {
                        open.push_str(&rest[..end]);
                        pieces.push(Piece::Comment(std::mem::take(open)));
                        self.comment = None;
                        rest = &rest[end + 3..];
                    }
                    None => {
                        open.push_str(rest);
                        rest = "";
                    }
                }
                continue;
            }
            rest = self.outside(rest, &mut pieces);
        }
        pieces
    }

    /// Scans text outside a comment up to the next comment or tag; returns what is left.
    fn outside<'h>(&mut self, rest: &'h str, pieces: &mut Vec<Piece>) -> &'h str {
        let Some(lt) = rest.find('<') else {
            push_text(pieces, rest);
            return "";
        };
        push_text(pieces, &rest[..lt]);
        let after = &rest[lt..];
        if let Some(body) = after.strip_prefix("<!--") {
            self.comment = Some(String::new());
            return body;
        }
        match tag(after) {
            Some((piece, len)) => {
                pieces.push(piece);
                &after[len..]
            }
            None => {
                push_text(pieces, "<");
                &after[1..]
            }
        }
    }

    /// Whether a comment is still open.
    #[cfg(test)]
    pub(crate) fn in_comment(&self) -> bool {
        self.comment.is_some()
    }
}

/// The tag at the start of `text` (which starts with `<`) and its length in bytes.
fn tag(text: &str) -> Option<(Piece, usize)> {
    let end = text.find('>')?;
    let inner = &text[1..end];
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(inner) => (true, inner),
        None => (false, inner),
    };
    let name: String = inner
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    let first = inner.chars().next()?;
    if name.is_empty() || !first.is_ascii_alphabetic() {
        return None;
    }
    let name = name.to_ascii_lowercase();
    Some((Piece::Tag { name, closing }, end + 1))
}

fn push_text(pieces: &mut Vec<Piece>, text: &str) {
    if text.is_empty() {
        return;
    }
    let text = decode_entities(text);
    match pieces.last_mut() {
        Some(Piece::Text(last)) => last.push_str(&text),
        _ => pieces.push(Piece::Text(text)),
    }
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&nbsp;` and numeric references decoded.
pub(crate) fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp..];
        let decoded = after
            .find(';')
            .filter(|&semi| semi <= 10)
            .and_then(|semi| entity(&after[1..semi]).map(|c| (c, semi + 1)));
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &after[len..];
            }
            None => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some('\u{a0}'),
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(name: &str, closing: bool) -> Piece {
        Piece::Tag {
            name: name.into(),
            closing,
        }
    }

    #[test]
    fn pieces_of_html() {
        let mut s = Scanner::default();
        let pieces = s.feed("<details><summary>A &amp; B</summary>x < y</details>");
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
        assert_eq!(
            s.feed("two -->b"),
            [Piece::Comment(" one\ntwo ".into()), Piece::Text("b".into())]
        );
        assert_eq!(decode_entities("&#65;&#x42;&bogus; &"), "AB&bogus; &");
    }
}
