//! `import "file.rlab"` (rlab 2): run a file once per session, in a workspace of its own,
//! and keep the functions it defines. The rules (documented in `docs/language.md`):
//!
//! - the path is relative to the importing file: the session's base directory for a lesson
//!   block or a script, the imported file's own directory for the statements of an imported
//!   file (its `run`, `import` and `savefig` paths);
//! - a file's top-level statements run once per session, keyed by canonical path: importing
//!   it again is a no-op. They run in a fresh workspace (the constants only), and only
//!   functions are exported: its variables are dropped when it ends. What it prints is
//!   printed, as with `run`;
//! - a function name has one definition once an import is involved: an imported file may
//!   not define a name that is already defined (by the session or another import), and the
//!   session may not redefine a name an import defined. The session redefining its own
//!   functions stays allowed, as in rustlab;
//! - an import that fails leaves no function behind (importing it again runs it again); its
//!   error points into the imported file and notes, import by import, how it was reached;
//! - every import, also a no-op one, is reported with the file's text like a `run`
//!   ([`super::FileRun`]), so that caches re-run what depends on the file;
//! - `clear` forgets the imported functions and the imports.

use super::{FileRun, Interp, constants};
use crate::ast::{FunctionDef, Span};
use crate::error::{LangError, LangResult};
use crate::parser;
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a session knows about its imports.
#[derive(Clone, Debug, Default)]
pub(crate) struct Imports {
    /// Files whose top-level statements have run, by canonical path, with the text read.
    done: FxHashMap<PathBuf, Arc<str>>,
    /// Imports in progress, outermost first.
    active: Vec<Active>,
    /// The names of the functions imported files defined.
    functions: FxHashSet<String>,
}

/// An import in progress.
#[derive(Clone, Debug)]
struct Active {
    /// The file's canonical path.
    key: PathBuf,
    /// The file's name in messages.
    name: String,
    /// The import statement that started it, as `file:line:col`.
    site: String,
}

/// A file an import statement names, resolved.
struct Target {
    /// The path as opened (the base directory joined with the name given).
    full: PathBuf,
    /// The canonical path (the full path when it cannot be resolved).
    key: PathBuf,
    /// The file's name in messages.
    name: String,
}

impl Interp {
    /// `import "path"` at `span`: run the file unless this session already did.
    pub(crate) fn import_file(&mut self, path: &str, span: Span) -> LangResult<()> {
        let target = self.import_target(path);
        if let Some(text) = self.imports.done.get(&target.key) {
            let contents = Some(text.as_bytes().to_vec());
            self.files_run.push(FileRun {
                path: target.full,
                contents,
            });
            return Ok(());
        }
        if let Some(error) = self.import_cycle(&target, span) {
            return Err(error);
        }
        let limit = self.config.limits.max_call_depth;
        if self.imports.active.len() >= limit {
            let message = format!("import depth limit of {limit} nested imports exceeded");
            return Err(LangError::limit(message));
        }
        let read = self.read_source("import", &target.full, path);
        self.files_run.push(FileRun {
            path: target.full.clone(),
            contents: read.as_ref().ok().map(|t| t.as_bytes().to_vec()),
        });
        let text = read?;
        let site = self.place(span);
        let note = format!("\n  note: {} is imported at {site}", target.name);
        let (functions, imports) = (self.functions.clone(), self.imports.clone());
        let result = self.run_import(&target, site, &text);
        match result {
            Ok(()) => {
                self.imports.done.insert(target.key, text.into());
                Ok(())
            }
            Err(mut error) => {
                (self.functions, self.imports) = (functions, imports);
                error.message.push_str(&note);
                Err(error)
            }
        }
    }

    fn import_target(&self, path: &str) -> Target {
        let full = self.config.base_dir.join(path);
        let key = self.config.host.identity(&full);
        let name = self.config.host.display_path(&key);
        Target { full, key, name }
    }

    /// The error when `target` is being imported already: `span` closes a cycle.
    fn import_cycle(&self, target: &Target, span: Span) -> Option<LangError> {
        let active = &self.imports.active;
        let k = active.iter().position(|a| a.key == target.key)?;
        // Where the file being imported stands: at the import that leads on to the next one.
        let paused = match active.get(k + 1) {
            Some(next) => next.site.clone(),
            None => self.place(span),
        };
        Some(LangError::runtime(format!(
            "import cycle: {} imports {}, which is being imported at {paused}",
            self.place(span),
            active[k].name
        )))
    }

    /// Parse and run an imported file's statements in a fresh workspace, with paths relative
    /// to the file's directory.
    fn run_import(&mut self, target: &Target, site: String, text: &str) -> LangResult<()> {
        let source = self.sources.add(&target.name, text, 1);
        let program = parser::parse_program(text, source)?;
        let dir = target.full.parent().unwrap_or(Path::new(".")).to_path_buf();
        let base_dir = std::mem::replace(&mut self.config.base_dir, dir);
        let vars = std::mem::replace(&mut self.vars, constants());
        self.imports.active.push(Active {
            key: target.key.clone(),
            name: target.name.clone(),
            site,
        });
        let result = self.exec_block(&program.stmts);
        self.imports.active.pop();
        self.vars = vars;
        self.config.base_dir = base_dir;
        result.map(|_| ())
    }

    /// Register a function (a `function ... end` statement), refusing a second definition
    /// of a name when an import is involved (see the module doc).
    pub(crate) fn define_function(&mut self, def: &Arc<FunctionDef>) -> LangResult<()> {
        let importing = !self.imports.active.is_empty();
        if let Some(old) = self.functions.get(&def.name)
            && (importing || self.imports.functions.contains(&def.name))
        {
            let message = format!(
                "function '{}' defined at {} is already defined at {}",
                def.name,
                self.place(def.span),
                self.place(old.span)
            );
            return Err(LangError::runtime(message).at(def.span));
        }
        if importing {
            self.imports.functions.insert(def.name.clone());
        }
        self.functions.insert(def.name.clone(), Arc::clone(def));
        Ok(())
    }

    /// `file:line:col` of a span, as error messages start.
    fn place(&self, span: Span) -> String {
        let name = self
            .sources
            .get(span.source)
            .map_or("?", |s| s.name.as_str());
        let (line, col) = (self.sources.file_line(span), self.sources.file_col(span));
        format!("{name}:{line}:{col}")
    }
}

#[cfg(test)]
mod tests;
