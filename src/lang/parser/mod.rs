//! The parser: tokens from [`crate::lang::lexer`] to the [`crate::lang::ast`] tree
//! (spec §2-§3). Placeholder until the parser lands.

use crate::lang::ast::{Expr, Program};
use crate::lang::error::{LangError, LangResult};

/// Parse a whole block or file; `source` goes into every span.
pub(crate) fn parse_program(text: &str, source: u32) -> LangResult<Program> {
    let _ = (text, source);
    Err(LangError::runtime("parser not available yet"))
}

/// Parse one expression (prose interpolation `${expr}`).
pub(crate) fn parse_expression(text: &str, source: u32) -> LangResult<Expr> {
    let _ = (text, source);
    Err(LangError::runtime("parser not available yet"))
}
