//! `sprintf`/`fprintf` format strings (spec §11.2). Placeholder until it lands.

use crate::lang::error::{LangError, LangResult};
use crate::lang::value::Value;

/// Format `args` with the printf-style `fmt`.
pub fn sprintf(fmt: &str, args: &[Value]) -> LangResult<String> {
    let _ = (fmt, args);
    Err(LangError::runtime("sprintf not available yet"))
}
