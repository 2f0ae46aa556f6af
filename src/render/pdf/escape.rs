//! Escaping for Typst: text that must stay text in markup ([`markup`]), Typst string
//! literals ([`string`]) and label names ([`label`]).
//!
//! In markup a backslash before any character makes that character literal, so [`markup`]
//! puts one before every character that could start markup: `\ # $ * _ @ < > ` [ ] ~ "`,
//! `'`, `=`, `-`, `+` and `/` (headings, lists, term lists and comments; escaping them
//! everywhere is simpler than knowing where a line starts), and `.` after a digit (`1.` at
//! the start of a line is a numbered list). Line breaks become spaces: the converter decides
//! where lines end.

/// `text` as literal Typst markup.
pub(crate) fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut after_digit = false;
    for c in text.chars() {
        match c {
            '\\' | '#' | '$' | '*' | '_' | '@' | '<' | '>' | '`' | '[' | ']' | '~' | '"' | '\''
            | '=' | '-' | '+' | '/' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '.' if after_digit => out.push_str("\\."),
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
        after_digit = c.is_ascii_digit();
    }
    out
}

/// `text` as a Typst string literal, quotes included.
pub(crate) fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A Typst label name made of `parts` (joined by `--`), with only ASCII letters, digits,
/// `-` and `_`: other characters become `_xHEX_`, so different ids stay different.
pub(crate) fn label(parts: &[&str]) -> String {
    let mut out = String::from("rl");
    for part in parts {
        out.push_str("--");
        for c in part.chars() {
            if c.is_ascii_alphanumeric() || c == '-' {
                out.push(c);
            } else {
                out.push_str(&format!("_x{:x}_", u32::from(c)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_escapes_every_special() {
        assert_eq!(markup("a#b"), "a\\#b");
        assert_eq!(markup("1. x"), "1\\. x");
        assert_eq!(markup("v1.2"), "v1\\.2");
        assert_eq!(markup("end."), "end.");
        assert_eq!(markup("a\nb"), "a b");
    }

    #[test]
    fn strings_and_labels() {
        assert_eq!(string("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(label(&["01-x", "a b"]), "rl--01-x--a_x20_b");
    }
}
