//! `save` and `load`: values to and from `.npy`, `.npz`, `.csv` and `.toml` files.
//!
//! Paths are relative to the session's folder. Where the session may write files
//! (`Config::write_files`, as `rlab run` does) `save` writes through the host; otherwise (a
//! book build, which writes nothing) the file is kept with the session, so a later `load` of
//! the same path in the same session reads it back. `load` reads kept files first, then the
//! host. Every read from the host is reported with the run's files (`Session::take_files_run`),
//! so that a book's cache knows what a run depended on and its page can ship the file.

use super::formats;
use super::workspace::size_text;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;
use std::path::PathBuf;

/// The extension of `name`, lower-cased (`npy`, `npz`, `csv`, `toml`).
fn extension(name: &str) -> String {
    std::path::Path::new(name)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

fn unsupported(verb: &str, name: &str) -> LangError {
    LangError::runtime(format!(
        "{verb}: unsupported file type '{name}' (use .npy, .npz, .csv or .toml)"
    ))
}

/// `save(file, x)` or `save(file.npz, "name", x, ...)`; an S-parameter network is written
/// as Touchstone by the RF domain.
pub(crate) fn save(interp: &mut Interp, args: Args) -> LangResult<Value> {
    if args.len() < 2 {
        return Err(LangError::arity(args.name, 2, usize::MAX, args.len()));
    }
    if args.values.iter().any(|v| matches!(v, Value::Object(_))) {
        return crate::builtins::rf::save_network(interp, args);
    }
    let name = args.str(0)?.to_string();
    let bytes = match extension(&name).as_str() {
        "npz" => formats::npz_bytes(&named_values(&args)?)?,
        ext @ ("npy" | "csv" | "toml") if args.len() == 2 => {
            let v = args.value(1)?;
            match ext {
                "npy" => formats::npy_bytes(v)?,
                "csv" => formats::csv_text(v)?.into_bytes(),
                _ => formats::toml_text(v)?.into_bytes(),
            }
        }
        "npy" | "csv" | "toml" => {
            return Err(LangError::runtime(
                "save: several named values need an .npz file: save(\"f.npz\", \"a\", a, ...)",
            ));
        }
        _ => return Err(unsupported("save", &name)),
    };
    write(interp, &name, bytes)?;
    Ok(Value::None)
}

/// Write `name` (relative to the script's folder): through the host where files may be
/// written, else kept in the session, so a later read in the same run sees it.
pub(crate) fn write(interp: &mut Interp, name: &str, bytes: Vec<u8>) -> LangResult<()> {
    let path = interp.config.base_dir.join(name);
    if interp.config.write_files {
        (interp.config.host.write_file(&path, &bytes))
            .map_err(|e| LangError::runtime(e.message("save", "write", name)))?;
    } else {
        interp.session.kept_files.insert(path, bytes);
    }
    Ok(())
}

/// The `"name", value` pairs after the file name.
fn named_values(args: &Args) -> LangResult<Vec<(String, Value)>> {
    if args.len().is_multiple_of(2) {
        return Err(LangError::runtime(
            "save: an .npz file takes \"name\", value pairs after the file name",
        ));
    }
    (1..args.len())
        .step_by(2)
        .map(|k| Ok((args.str(k)?.to_string(), args.value(k + 1)?.clone())))
        .collect()
}

/// The bytes of `name`: a file `save` kept in this session, else the host's. A read from the
/// host (or its failure) is reported with the run's files ([`crate::FileRun`]); a kept file
/// is the session's own, not a file the run depends on.
pub(crate) fn read(interp: &mut Interp, verb: &str, name: &str) -> LangResult<Vec<u8>> {
    let path: PathBuf = interp.config.base_dir.join(name);
    if let Some(bytes) = interp.session.kept_files.get(&path) {
        return Ok(bytes.clone());
    }
    let read = interp.config.host.read_bytes(&path);
    interp.files_run.push(crate::FileRun {
        path,
        contents: read.as_ref().ok().cloned(),
    });
    read.map_err(|e| LangError::runtime(e.message(verb, "read", name)))
}

fn text(bytes: Vec<u8>, name: &str) -> LangResult<String> {
    String::from_utf8(bytes)
        .map_err(|_| LangError::runtime(format!("load: '{name}' is not UTF-8 text")))
}

/// `load(file)`; `load(file.npz, "name")` one array of an archive; `load(file.npz)` defines
/// every array of the archive as a variable.
pub(crate) fn load(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let name = args.str(0)?.to_string();
    let ext = extension(&name);
    if args.len() == 2 && ext != "npz" {
        return Err(LangError::runtime(
            "load: a variable name is only taken with an .npz file",
        ));
    }
    let bytes = read(interp, "load", &name)?;
    match ext.as_str() {
        "npy" => formats::npy_value(&bytes),
        "csv" => formats::csv_value(&text(bytes, &name)?),
        "toml" => formats::toml_value(&text(bytes, &name)?),
        "npz" => {
            let entries = formats::npz_values(&bytes)?;
            if args.len() == 2 {
                let wanted = args.str(1)?;
                let found = entries.into_iter().find(|(n, _)| n == wanted);
                return found.map(|(_, v)| v).ok_or_else(|| {
                    LangError::runtime(format!("load: '{name}' has no array named '{wanted}'"))
                });
            }
            for (var, value) in entries {
                interp.vars.insert(var.as_str().into(), value);
            }
            Ok(Value::None)
        }
        _ => Err(unsupported("load", &name)),
    }
}

/// (name, `real`/`complex`, size) of every array in an `.npz` archive.
pub(crate) fn npz_listing(
    interp: &mut Interp,
    name: &str,
) -> LangResult<Vec<(String, String, String)>> {
    if extension(name) != "npz" {
        return Err(LangError::type_error(
            "whos: only .npz files are supported (e.g. whos(\"data.npz\"))",
        ));
    }
    let entries = formats::npz_values(&read(interp, "whos", name)?)?;
    let rows = entries.into_iter().map(|(var, v)| {
        let kind = match v.as_array().map(|a| a.is_real()) {
            Some(false) => "complex",
            _ if matches!(v, Value::Complex(_)) => "complex",
            _ => "real",
        };
        let size = match &v {
            Value::Vector(a) => a.len().to_string(),
            other => size_text(other),
        };
        (var, kind.to_string(), size)
    });
    Ok(rows.collect())
}
