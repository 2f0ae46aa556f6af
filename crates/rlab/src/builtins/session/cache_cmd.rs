//! The `cache` command, rustlab's forms of it over the session's in-memory call cache.
//!
//! `cache enable [path]` turns it on (rustlab opens a database at the path; rlbook keeps
//! results in memory only, and its build cache already skips lessons whose inputs did not
//! change), `cache off` turns it off, `cache clear` forgets every stored result, `cache
//! status` reports, `cache list [limit=N]` lists the stored calls, `cache add function f, g`
//! / `cache remove function f` set the scope, `cache add file "helpers.rlab"` runs a file
//! (as `run` does) and adds every function it defines to the scope, and `cache prune …` is
//! accepted (memory is freed with the session).

use super::cache::Entry;
use crate::ast::FunctionDef;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;
use std::fmt::Write;
use std::sync::Arc;

/// The forms named by the unknown-command error (the words of the first forms rlbook had).
const FORMS: &str = "enable, off, status, clear, add function f, remove function f, prune";

/// Run the `cache` command with its words.
pub(crate) fn cache_command(interp: &mut Interp, words: &[String]) -> LangResult<()> {
    let verb = words.first().map(String::as_str).unwrap_or("status");
    let object = words.get(1).map(String::as_str);
    let cache = &mut interp.session.cache;
    match (verb, object) {
        ("enable" | "on", _) => cache.reset(true),
        ("off" | "disable", _) => cache.reset(false),
        ("clear", _) => {
            cache.entries.clear();
            cache.tallies.clear();
        }
        ("prune", _) => {}
        ("add", Some("function" | "functions")) => {
            for name in names(words, 2) {
                cache.removed.remove(&name);
                cache.explicit.insert(name);
            }
        }
        ("remove", Some("function" | "functions")) => {
            for name in names(words, 2) {
                cache.explicit.remove(&name);
                cache.removed.insert(name);
            }
        }
        ("add", Some("file")) => add_file(interp, words)?,
        ("status", _) => {
            let text = cache.status();
            interp.print_line(&text);
        }
        ("list", _) => {
            let text = list(interp, limit(words)?);
            interp.print_line(&text);
        }
        _ => {
            return Err(LangError::runtime(format!(
                "cache: unknown command '{}' (try {FORMS})",
                words.join(" ")
            )));
        }
    }
    Ok(())
}

/// The comma- or blank-separated names from word `from` on.
fn names(words: &[String], from: usize) -> Vec<String> {
    words[from.min(words.len())..]
        .iter()
        .flat_map(|w| w.split(','))
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// `limit=N` of `cache list` (every entry when absent).
fn limit(words: &[String]) -> LangResult<usize> {
    let Some(word) = words.get(1) else {
        return Ok(usize::MAX);
    };
    word.strip_prefix("limit=")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| {
            LangError::runtime(format!(
                "cache list: expected limit=N (a whole number), got '{word}'"
            ))
        })
}

/// `cache add file PATH`: run the file and add each function it (re)defines to the scope.
fn add_file(interp: &mut Interp, words: &[String]) -> LangResult<()> {
    let path = words[2..].join(" ");
    let path = path.trim().trim_matches(|c| c == '"' || c == '\'');
    if path.is_empty() {
        return Err(LangError::runtime("cache add file: expected a path"));
    }
    let before = interp.functions.clone();
    interp.run_file(path)?;
    let defined: Vec<String> = interp
        .functions
        .iter()
        .filter(|(name, def)| before.get(*name).is_none_or(|old| !Arc::ptr_eq(old, def)))
        .map(|(name, _)| name.clone())
        .collect();
    let cache = &mut interp.session.cache;
    for name in defined {
        cache.removed.remove(&name);
        cache.explicit.insert(name);
    }
    Ok(())
}

/// The `cache list` table: each stored call, whether its function is the one defined now.
fn list(interp: &Interp, limit: usize) -> String {
    let cache = &interp.session.cache;
    if !cache.is_active() {
        return "cache: off".to_string();
    }
    let entries: Vec<(&String, &Entry)> = cache
        .entries
        .iter()
        .flat_map(|((name, _), list)| list.iter().map(move |e| (name, e)))
        .collect();
    let mut out = format!("cache: {} entries (in memory, this session)", entries.len());
    if entries.is_empty() {
        return out;
    }
    let _ = write!(out, "\n  {:<24}  {:<16}  call", "function", "status");
    for (name, entry) in entries.into_iter().take(limit) {
        let status = status(interp.functions.get(name), entry);
        let _ = write!(
            out,
            "\n  {name:<24}  {status:<16}  {name}({})",
            call_args(&entry.args)
        );
    }
    out
}

/// rustlab's status column: the function defined now computed it, another definition of
/// the name did, or no function of that name is defined.
fn status(current: Option<&Arc<FunctionDef>>, entry: &Entry) -> &'static str {
    match current {
        Some(def) if def.span == entry.defined_at => "loaded",
        Some(_) => "loaded (variant)",
        None => "not loaded",
    }
}

/// A call's arguments, short: numbers and strings as written, arrays by kind and size.
fn call_args(args: &[Value]) -> String {
    let one = |v: &Value| match v {
        Value::Scalar(x) => crate::display::scalar(*x),
        Value::Bool(b) => b.to_string(),
        Value::Str(s) => format!("\"{s}\""),
        Value::Vector(a) | Value::Matrix(a) => {
            format!("<{} {}×{}>", v.type_name(), a.rows(), a.cols())
        }
        other => format!("<{}>", other.type_name()),
    };
    args.iter().map(one).collect::<Vec<_>>().join(", ")
}
