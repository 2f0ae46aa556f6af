//! Scanning of the individual token shapes: numbers, the several meanings of `.`, string
//! literals, words (identifiers, keywords and the raw path of `run`) and operators.

use super::{LexMode, Lexer, Mark, Tok};
use crate::error::{LangError, LangResult};

impl Lexer<'_> {
    /// A number: digits and `_` separators, an optional `.` fraction, an optional exponent.
    /// A `.` that begins `.*`, `./`, `.^`, `.'` or `...` is not part of the number.
    pub(super) fn number(&mut self) -> LangResult<()> {
        let start = self.mark();
        if self.peek() == Some('0')
            && let Some(radix) = self.peek_nth(1).and_then(radix_of)
        {
            return self.radix_number(radix, start);
        }
        self.eat_digits();
        if self.peek() == Some('.') && self.dot_continues_number() {
            self.bump();
            self.eat_digits();
        }
        if self.peek() == Some('.') && self.dot_continues_number() {
            return Err(self.malformed_number(start));
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            self.bump();
            if matches!(self.peek(), Some('+' | '-')) {
                self.bump();
            }
            self.eat_digits();
        }
        let written = self.text.get(start.pos..self.at.pos).unwrap_or("");
        let digits: String = written.chars().filter(|&c| c != '_').collect();
        match digits.parse::<f64>() {
            Ok(value) => {
                self.push(Tok::Number(value), start);
                Ok(())
            }
            Err(_) => Err(self.number_error(&digits, start)),
        }
    }

    /// `0x…`, `0b…`, `0o…` (after the prefix: digits of the radix and `_` separators); the
    /// value must fit in 64 bits. A letter or digit run on is part of the (invalid) number.
    fn radix_number(&mut self, radix: u32, start: Mark) -> LangResult<()> {
        self.bump();
        self.bump();
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let written = self.text.get(start.pos..self.at.pos).unwrap_or("");
        let digits: String = written[2..].chars().filter(|&c| c != '_').collect();
        match u64::from_str_radix(&digits, radix) {
            Ok(value) if !digits.starts_with('+') => {
                self.push(Tok::Radix(value), start);
                Ok(())
            }
            _ => Err(self.number_error(&written.replace('_', ""), start)),
        }
    }

    fn eat_digits(&mut self) {
        while self.byte().is_some_and(|b| b.is_ascii_digit() || b == b'_') {
            self.bump_ascii();
        }
    }

    /// At a `.` after digits: true unless it starts an operator or a continuation.
    fn dot_continues_number(&self) -> bool {
        let rest = self.rest();
        !(rest.starts_with(".*")
            || rest.starts_with("./")
            || rest.starts_with(".^")
            || rest.starts_with(".'")
            || rest.starts_with("..."))
    }

    /// A second `.` inside a number (`1..2`, `1.2.3`): report the whole run of digits and dots.
    fn malformed_number(&mut self, start: Mark) -> LangError {
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_digit() || c == '_' || c == '.')
        {
            self.bump();
        }
        let written = self.text.get(start.pos..self.at.pos).unwrap_or("");
        let digits: String = written.chars().filter(|&c| c != '_').collect();
        self.number_error(&digits, start)
    }

    fn number_error(&self, digits: &str, start: Mark) -> LangError {
        LangError::lex(format!("invalid number: {digits}"), self.span_from(start))
    }

    /// A `.` not starting `...`: an element-wise operator, a leading-dot number, or field
    /// access.
    pub(super) fn dot(&mut self) -> LangResult<()> {
        let start = self.mark();
        let tok = match self.peek_nth(1) {
            Some('*') => Tok::DotStar,
            Some('/') => Tok::DotSlash,
            Some('^') => Tok::DotCaret,
            Some('\'') => Tok::DotApostrophe,
            Some(c) if c.is_ascii_digit() => return self.number(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                self.bump();
                self.push(Tok::Dot, start);
                return Ok(());
            }
            _ => return Err(self.unexpected_char(start)),
        };
        self.bump();
        self.bump();
        self.push(tok, start);
        Ok(())
    }

    /// A string literal delimited by `quote`; no escapes, no line breaks.
    pub(super) fn string(&mut self, quote: char) -> LangResult<()> {
        let start = self.mark();
        let content = self.string_content(quote)?;
        self.push(Tok::Str(content), start);
        Ok(())
    }

    fn string_content(&mut self, quote: char) -> LangResult<String> {
        let start = self.mark();
        self.bump();
        let body = self.mark();
        loop {
            match self.peek() {
                Some(c) if c == quote => break,
                None | Some('\n') => {
                    let mut opening = self.span_from(start);
                    opening.end = opening.start + 1;
                    return Err(LangError::lex("unterminated string literal", opening));
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
        let content = self
            .text
            .get(body.pos..self.at.pos)
            .unwrap_or("")
            .to_string();
        self.bump();
        Ok(content)
    }

    /// An identifier or keyword; `run` at the start of a statement followed by a path
    /// becomes [`Tok::RunPath`], `import` followed by a quoted path [`Tok::ImportPath`].
    pub(super) fn word(&mut self) -> LangResult<()> {
        let start = self.mark();
        loop {
            match self.byte() {
                Some(b) if b.is_ascii_alphanumeric() || b == b'_' => self.bump_ascii(),
                Some(b) if b.is_ascii() => break,
                _ if self.peek().is_some_and(char::is_alphanumeric) => {
                    self.bump();
                }
                _ => break,
            }
        }
        let word = self.text.get(start.pos..self.at.pos).unwrap_or("");
        let statement = self.mode == LexMode::Program && self.at_statement_start();
        if word == "run"
            && statement
            && let Some(path) = self.run_path()?
        {
            self.push(Tok::RunPath(path), start);
            return Ok(());
        }
        if word == "cache"
            && statement
            && let Some(words) = self.command_words()
        {
            self.push(Tok::CacheCommand(words), start);
            return Ok(());
        }
        if word == "import"
            && statement
            && let Some(path) = self.import_path()?
        {
            self.push(Tok::ImportPath(path), start);
            return Ok(());
        }
        let tok = Tok::keyword(word).unwrap_or_else(|| Tok::Ident(word.to_string()));
        self.push(tok, start);
        Ok(())
    }

    /// After the word `run`: a quoted path, or blanks then a bare path up to `;` or a
    /// comment. `None` (nothing consumed) when `run` is used as an ordinary name, as in
    /// `run = 3`, `run(x)` or a bare `run`.
    fn run_path(&mut self) -> LangResult<Option<String>> {
        let after_word = self.mark();
        if let Some(q @ ('"' | '\'')) = self.peek() {
            return self.string_content(q).map(Some);
        }
        self.skip_blanks();
        let starts_path = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '/' | '~');
        match self.peek() {
            Some(q @ ('"' | '\'')) if self.at.pos > after_word.pos => {
                self.string_content(q).map(Some)
            }
            Some(c) if self.at.pos > after_word.pos && starts_path(c) => {
                let path_start = self.at.pos;
                while self
                    .peek()
                    .is_some_and(|c| !matches!(c, ';' | '%' | '#' | '\n'))
                {
                    self.bump();
                }
                let raw = self.text.get(path_start..self.at.pos).unwrap_or("");
                Ok(Some(raw.trim().to_string()))
            }
            _ => {
                self.restore(after_word);
                Ok(None)
            }
        }
    }

    /// After a command word: blanks, then words starting with a letter, up to `;`, a comment
    /// or the end of the line. `None` (nothing consumed) otherwise, so the word stays an
    /// ordinary name (`cache = 3`, `cache(x)`, a bare `cache`).
    fn command_words(&mut self) -> Option<String> {
        let after_word = self.mark();
        self.skip_blanks();
        if self.at.pos == after_word.pos || !self.peek().is_some_and(char::is_alphabetic) {
            self.restore(after_word);
            return None;
        }
        let start = self.at.pos;
        let rest = self.text.get(start..).unwrap_or("");
        let first: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if Tok::keyword(&first).is_some() {
            self.restore(after_word);
            return None;
        }
        while self
            .peek()
            .is_some_and(|c| !matches!(c, ';' | '%' | '#' | '\n'))
        {
            self.bump();
        }
        Some(
            self.text
                .get(start..self.at.pos)
                .unwrap_or("")
                .trim()
                .to_string(),
        )
    }

    /// After the word `import`: blanks, then a quoted path. `None` (nothing consumed)
    /// otherwise, so that `import` stays an ordinary name (`import = 3`, `import(x)`).
    fn import_path(&mut self) -> LangResult<Option<String>> {
        let after_word = self.mark();
        self.skip_blanks();
        match self.peek() {
            Some(q @ ('"' | '\'')) => self.string_content(q).map(Some),
            _ => {
                self.restore(after_word);
                Ok(None)
            }
        }
    }

    /// Operators and punctuation; anything else is an unexpected character.
    pub(super) fn operator(&mut self) -> LangResult<()> {
        let start = self.mark();
        let bytes = self.rest().as_bytes();
        let two = match (bytes.first(), bytes.get(1)) {
            (Some(b'+'), Some(b'=')) => Some(Tok::PlusEq),
            (Some(b'-'), Some(b'=')) => Some(Tok::MinusEq),
            (Some(b'*'), Some(b'=')) => Some(Tok::StarEq),
            (Some(b'/'), Some(b'=')) => Some(Tok::SlashEq),
            (Some(b'='), Some(b'=')) => Some(Tok::EqEq),
            (Some(b'!'), Some(b'=')) => Some(Tok::BangEq),
            (Some(b'<'), Some(b'=')) => Some(Tok::LtEq),
            (Some(b'>'), Some(b'=')) => Some(Tok::GtEq),
            (Some(b'&'), Some(b'&')) => Some(Tok::AmpAmp),
            (Some(b'|'), Some(b'|')) => Some(Tok::PipePipe),
            _ => None,
        };
        if let Some(tok) = two {
            self.bump_ascii();
            self.bump_ascii();
            self.push(tok, start);
            return Ok(());
        }
        let Some(tok) = self.peek().and_then(single_char_token) else {
            return Err(self.unexpected_char(start));
        };
        self.bump();
        self.push(tok, start);
        Ok(())
    }

    fn unexpected_char(&mut self, start: Mark) -> LangError {
        let c = self.bump().unwrap_or(' ');
        LangError::lex(
            format!("unexpected character: {c:?}"),
            self.span_from(start),
        )
    }
}

fn single_char_token(c: char) -> Option<Tok> {
    let tok = match c {
        '+' => Tok::Plus,
        '-' => Tok::Minus,
        '*' => Tok::Star,
        '/' => Tok::Slash,
        '^' => Tok::Caret,
        ':' => Tok::Colon,
        '=' => Tok::Eq,
        '!' => Tok::Bang,
        '<' => Tok::Lt,
        '>' => Tok::Gt,
        '@' => Tok::At,
        '(' => Tok::LParen,
        ')' => Tok::RParen,
        '[' => Tok::LBracket,
        ']' => Tok::RBracket,
        '{' => Tok::LBrace,
        '}' => Tok::RBrace,
        ',' => Tok::Comma,
        ';' => Tok::Semicolon,
        _ => return None,
    };
    Some(tok)
}

/// The radix a literal's prefix letter (after `0`) names.
fn radix_of(letter: char) -> Option<u32> {
    match letter {
        'x' | 'X' => Some(16),
        'b' | 'B' => Some(2),
        'o' | 'O' => Some(8),
        _ => None,
    }
}
