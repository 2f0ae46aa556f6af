//! Tests of the lexer: every lexical rule and example of spec §2. Token lists are compared
//! in a compact rendering: operators as written, `⏎` for a newline, `"s"` for strings,
//! `run<path>` for a run path, the end of input omitted.

mod context;
mod literals;

use super::{LexMode, Tok, tokenize};
use crate::error::LangError;

/// The tokens of `text`, rendered and separated by spaces.
fn lex(text: &str) -> String {
    let tokens = tokenize(text, 0, LexMode::Program)
        .unwrap_or_else(|e| panic!("lex error in {text:?}: {e}"));
    let shown: Vec<String> = tokens.iter().filter_map(|t| render(&t.tok)).collect();
    shown.join(" ")
}

/// The lex error of `text` (panics when it lexes).
fn lex_err(text: &str) -> LangError {
    match tokenize(text, 0, LexMode::Program) {
        Ok(tokens) => panic!("expected a lex error for {text:?}, got {tokens:?}"),
        Err(e) => e,
    }
}

fn render(tok: &Tok) -> Option<String> {
    let fixed = match tok {
        Tok::Number(x) => return Some(format!("{x}")),
        Tok::Radix(x) => return Some(format!("{x}u")),
        Tok::Str(s) => return Some(format!("{s:?}")),
        Tok::Ident(name) => return Some(name.clone()),
        Tok::RunPath(path) => return Some(format!("run<{path}>")),
        Tok::ImportPath(path) => return Some(format!("import<{path}>")),
        Tok::Eof => return None,
        Tok::Newline => "⏎",
        other => symbol(other),
    };
    Some(fixed.to_string())
}

fn symbol(tok: &Tok) -> &'static str {
    match tok {
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Star => "*",
        Tok::Slash => "/",
        Tok::Caret => "^",
        Tok::DotStar => ".*",
        Tok::DotSlash => "./",
        Tok::DotCaret => ".^",
        Tok::Colon => ":",
        Tok::Apostrophe => "'",
        Tok::DotApostrophe => ".'",
        Tok::EqEq => "==",
        Tok::BangEq => "!=",
        Tok::Lt => "<",
        Tok::LtEq => "<=",
        Tok::Gt => ">",
        Tok::GtEq => ">=",
        Tok::AmpAmp => "&&",
        Tok::PipePipe => "||",
        Tok::Bang => "!",
        Tok::At => "@",
        Tok::PlusEq => "+=",
        Tok::MinusEq => "-=",
        Tok::StarEq => "*=",
        Tok::SlashEq => "/=",
        Tok::Eq => "=",
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::LBracket => "[",
        Tok::RBracket => "]",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::Comma => ",",
        Tok::Semicolon => ";",
        Tok::Dot => ".",
        Tok::Function => "function",
        Tok::End => "end",
        Tok::Return => "return",
        Tok::If => "if",
        Tok::ElseIf => "elseif",
        Tok::Else => "else",
        Tok::For => "for",
        Tok::While => "while",
        Tok::Switch => "switch",
        Tok::Case => "case",
        Tok::Otherwise => "otherwise",
        _ => "?",
    }
}
