//! The host a book's runs get: files are read only inside the book (its root and the folders
//! its lessons and scripts come from) and the folders `[exec] allow_read` adds; nothing is
//! written. A path is judged after `..` and symlinks are resolved, so neither leads out, and a
//! refused path is never opened: its contents cannot reach a message or a build log.
//!
//! With rlab's lack of network, process and environment access, this is what makes building
//! an untrusted pull request safe (README, "Building untrusted books").

use crate::config::Config;
use rlab::host::{Host, HostError, NativeHost, SharedHost};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The native host confined to a set of readable folders.
#[derive(Debug)]
pub(crate) struct BookHost {
    /// Canonical folders (or files) that may be read.
    readable: Vec<PathBuf>,
    /// The book's root as given and as resolved: messages name files relative to it.
    root: [PathBuf; 2],
    /// What `nproc()` reports (`[exec] nproc`).
    nproc: usize,
    native: NativeHost,
}

impl BookHost {
    /// The host of `config`'s book.
    pub(crate) fn shared(config: &Config) -> SharedHost {
        let paths = &config.paths;
        let mut roots = vec![config.root.clone(), paths.lessons.clone()];
        roots.push(paths.scripts.clone());
        roots.extend(config.exec.allow_read.iter().cloned());
        let mut host = BookHost::new(&roots);
        host.nproc = config.exec.nproc;
        Arc::new(host)
    }

    /// A host that reads inside `roots`, the first of which is the book's root.
    pub(crate) fn new(roots: &[PathBuf]) -> BookHost {
        let readable: Vec<PathBuf> = roots.iter().map(|r| resolve(r)).collect();
        let given = roots.first().cloned().unwrap_or_default();
        let real = readable.first().cloned().unwrap_or_default();
        BookHost {
            root: [given.components().collect(), real],
            readable,
            nproc: 1,
            native: NativeHost::new(),
        }
    }

    /// Whether `path`, with `..` and symlinks resolved, lies inside a readable folder.
    fn may_read(&self, path: &Path) -> bool {
        let real = resolve(path);
        self.readable.iter().any(|root| real.starts_with(root))
    }
}

impl BookHost {
    /// Refuse a path outside the readable folders.
    fn check_read(&self, path: &Path) -> Result<(), HostError> {
        if self.may_read(path) {
            return Ok(());
        }
        Err(HostError::Denied(
            "it is outside the book (a book reads files inside its own folder only; \
             `[exec] allow_read` in book.toml can add folders)"
                .into(),
        ))
    }
}

impl Host for BookHost {
    fn read_source(&self, path: &Path) -> Result<String, HostError> {
        self.check_read(path)?;
        self.native.read_source(path)
    }

    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, HostError> {
        self.check_read(path)?;
        self.native.read_bytes(path)
    }

    fn write_file(&self, _path: &Path, _contents: &[u8]) -> Result<(), HostError> {
        Err(HostError::Denied(
            "a book build writes no files (figures are kept with the block's output, \
             saved data with the session)"
                .into(),
        ))
    }

    /// A book build records output; waiting would only slow it.
    fn pause(&self, _wait: Duration) {}

    /// Reports (the profile) vary from run to run and are not part of a book.
    fn report(&self, _text: &str) {}

    fn identity(&self, path: &Path) -> PathBuf {
        self.native.identity(path)
    }

    /// Relative to the book's root (`content/shared/lib.rlab`), as lessons are named, so a
    /// message reads the same wherever rlbook was started; else as the native host says.
    fn display_path(&self, path: &Path) -> String {
        let clean: PathBuf = path.components().collect();
        let inside = self
            .root
            .iter()
            .find_map(|root| clean.strip_prefix(root).ok());
        match inside {
            Some(relative) if !relative.as_os_str().is_empty() => relative.display().to_string(),
            _ => self.native.display_path(path),
        }
    }

    fn elapsed(&self) -> Option<Duration> {
        self.native.elapsed()
    }

    /// The book's fixed number, not the machine's: a record holds on every machine.
    fn cpu_count(&self) -> usize {
        self.nproc
    }
}

/// Where `path` really leads: made absolute, then walked component by component as the
/// file system would, each existing step with its symlinks resolved and `..` leaving the
/// folder reached so far (not the folder a symlink was spelled in). Past a missing step the
/// rest is applied by name (the file system could not walk it either).
fn resolve(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut real = PathBuf::new();
    let mut exists = true;
    for c in absolute.components() {
        match c {
            Component::ParentDir => {
                real.pop();
            }
            Component::CurDir => {}
            Component::Normal(name) => {
                real.push(name);
                if exists {
                    match real.canonicalize() {
                        Ok(resolved) => real = resolved,
                        Err(_) => exists = false,
                    }
                }
            }
            other => real.push(other),
        }
    }
    real
}

#[cfg(test)]
mod tests;
