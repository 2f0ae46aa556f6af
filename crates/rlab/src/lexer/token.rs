//! The tokens of rlab source text and the small facts about them that the lexer's context
//! rules need (which tokens end an operand, after which tokens `'` is a transpose, which
//! words are keywords).
//!
//! Variant names are part of the user-visible error messages: the parser prints tokens in
//! their `Debug` form, as rustlab does (`expected RParen, got Newline`).

use crate::ast::Span;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Number(f64),
    /// A radix literal: `0x…`, `0b…` or `0o…` (an unsigned integer).
    Radix(u64),
    Str(String),
    Ident(String),
    /// `run PATH` at the start of a statement; the path is the string literal's content or
    /// the raw rest of the line (up to `;` or a comment), trimmed.
    RunPath(String),
    /// `cache WORDS…` at the start of a statement: the rest of the line (rustlab's cache
    /// command; its words may hold commas and `=`, as in `cache add function f, g`).
    CacheCommand(String),
    /// `import "PATH"` at the start of a statement; the path is the string literal's content.
    ImportPath(String),
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    DotStar,
    DotSlash,
    DotCaret,
    Colon,
    Apostrophe,
    DotApostrophe,
    EqEq,
    BangEq,
    Lt,
    LtEq,
    Gt,
    GtEq,
    AmpAmp,
    PipePipe,
    Bang,
    At,
    PlusEq,
    MinusEq,
    StarEq,
    SlashEq,
    Eq,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Semicolon,
    /// `.` followed by a letter or `_`: field access or method-call sugar.
    Dot,
    Function,
    End,
    Return,
    If,
    ElseIf,
    Else,
    For,
    While,
    Switch,
    Case,
    Otherwise,
    Newline,
    Eof,
}

impl Tok {
    /// The reserved word `word` stands for, if any. `run`, `hold`, `grid`, `close`, `format`,
    /// `viewer` and `cache` are not reserved in rlbook (their statement forms are recognised
    /// by context).
    pub(crate) fn keyword(word: &str) -> Option<Tok> {
        let tok = match word {
            "function" => Tok::Function,
            "end" => Tok::End,
            "return" => Tok::Return,
            "if" => Tok::If,
            "elseif" => Tok::ElseIf,
            "else" => Tok::Else,
            "for" => Tok::For,
            "while" => Tok::While,
            "switch" => Tok::Switch,
            "case" => Tok::Case,
            "otherwise" => Tok::Otherwise,
            _ => return None,
        };
        Some(tok)
    }

    /// True for tokens that can end an operand: inside brackets, whitespace after one of
    /// these followed by the start of another operand separates two elements.
    pub(crate) fn ends_operand(&self) -> bool {
        matches!(
            self,
            Tok::Number(_)
                | Tok::Radix(_)
                | Tok::Ident(_)
                | Tok::Str(_)
                | Tok::RParen
                | Tok::RBracket
                | Tok::RBrace
                | Tok::Apostrophe
                | Tok::DotApostrophe
                | Tok::End
        )
    }

    /// True when a `'` right after this token (whitespace allowed) is a transpose rather
    /// than the start of a single-quoted string.
    pub(crate) fn allows_transpose(&self) -> bool {
        matches!(
            self,
            Tok::Ident(_)
                | Tok::Number(_)
                | Tok::Radix(_)
                | Tok::RParen
                | Tok::RBracket
                | Tok::Apostrophe
                | Tok::DotApostrophe
        )
    }
}

/// A token and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) span: Span,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_the_block_words_only() {
        assert_eq!(Tok::keyword("elseif"), Some(Tok::ElseIf));
        assert_eq!(Tok::keyword("otherwise"), Some(Tok::Otherwise));
        for word in [
            "cache", "run", "hold", "grid", "close", "format", "break", "x",
        ] {
            assert_eq!(Tok::keyword(word), None, "{word}");
        }
    }

    #[test]
    fn operand_ends() {
        assert!(Tok::End.ends_operand());
        assert!(Tok::RBrace.ends_operand());
        assert!(Tok::Str("a".into()).ends_operand());
        assert!(!Tok::Plus.ends_operand());
        assert!(!Tok::Comma.ends_operand());
        assert!(!Tok::Newline.ends_operand());
    }

    #[test]
    fn transpose_contexts() {
        assert!(Tok::Ident("x".into()).allows_transpose());
        assert!(Tok::DotApostrophe.allows_transpose());
        assert!(Tok::RBracket.allows_transpose());
        assert!(!Tok::RBrace.allows_transpose());
        assert!(!Tok::End.allows_transpose());
        assert!(!Tok::Str("s".into()).allows_transpose());
        assert!(!Tok::LParen.allows_transpose());
    }

    #[test]
    fn debug_names_match_rustlab_messages() {
        assert_eq!(format!("{:?}", Tok::RParen), "RParen");
        assert_eq!(format!("{:?}", Tok::Number(3.0)), "Number(3.0)");
        assert_eq!(format!("{:?}", Tok::Ident("x".into())), "Ident(\"x\")");
    }
}
