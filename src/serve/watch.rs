//! Watching the book (notify): the root folder for `book.toml` and new folders, and the
//! lessons, scripts, templates, theme and record folders recursively, and the folders of the
//! bibliography, style and glossary files. Events are debounced
//! (a batch ends after a short quiet spell, or at the latest a little later so that a stream
//! of saves still rebuilds), turned into [`Changes`], and handed on. Folders created while
//! serving, or named by an edited `book.toml`, are watched from the next batch on.

use super::changes::{BookDirs, Changes};
use anyhow::{Context, Result};
use notify::{EventKind, RecursiveMode, Watcher};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A batch ends after this long without events…
const QUIET: Duration = Duration::from_millis(25);
/// …or this long after its first event.
const LONGEST: Duration = Duration::from_millis(300);

/// What the notify thread passes on.
enum Raw {
    Paths(Vec<PathBuf>),
    /// Events were lost: look at everything again.
    Rescan,
    Stop,
}

/// A running watch; [`Watch::stop`] ends it.
pub(crate) struct Watch {
    stop: Sender<Raw>,
    thread: Option<JoinHandle<()>>,
}

/// Watch the book at `root` (its generated site ignored) and call
/// `on_changes` with each batch of changes that matter.
pub(crate) fn start(root: &Path, on_changes: impl Fn(Changes) + Send + 'static) -> Result<Watch> {
    let (tx, rx) = mpsc::channel();
    let events = tx.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let raw = match event {
            Ok(e) if e.need_rescan() => Raw::Rescan,
            Ok(e) if matches!(e.kind, EventKind::Access(_)) => return,
            Ok(e) => Raw::Paths(e.paths),
            Err(_) => Raw::Rescan,
        };
        let _ = events.send(raw);
    })
    .context("cannot watch the book's files")?;
    let mut watched = Watched::default();
    for warning in watched.sync(&mut watcher, &BookDirs::of(root), &[]) {
        eprintln!("{warning}");
    }
    let root = root.to_path_buf();
    let thread = std::thread::Builder::new()
        .name("rlbook-watch".into())
        .spawn(move || {
            while let Some(batch) = next_batch(&rx) {
                let dirs = BookDirs::of(&root);
                for warning in watched.sync(&mut watcher, &dirs, &touched_paths(&batch)) {
                    eprintln!("{warning}");
                }
                let changes = meaning(&dirs, &batch);
                if !changes.is_empty() {
                    on_changes(changes);
                }
            }
        })
        .context("cannot start the watching thread")?;
    Ok(Watch {
        stop: tx,
        thread: Some(thread),
    })
}

impl Watch {
    /// Stop watching and wait for the thread to end.
    pub(crate) fn stop(mut self) {
        let _ = self.stop.send(Raw::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The next debounced batch of events; `None` once told to stop.
fn next_batch(rx: &Receiver<Raw>) -> Option<Vec<Raw>> {
    let first = rx.recv().ok()?;
    if matches!(first, Raw::Stop) {
        return None;
    }
    let started = Instant::now();
    let mut batch = vec![first];
    loop {
        let left = LONGEST.saturating_sub(started.elapsed());
        if left.is_zero() {
            return Some(batch);
        }
        match rx.recv_timeout(QUIET.min(left)) {
            Ok(Raw::Stop) | Err(RecvTimeoutError::Disconnected) => return None,
            Ok(raw) => batch.push(raw),
            Err(RecvTimeoutError::Timeout) => return Some(batch),
        }
    }
}

/// Every path the events of a batch name.
fn touched_paths(batch: &[Raw]) -> Vec<PathBuf> {
    let paths = batch.iter().filter_map(|raw| match raw {
        Raw::Paths(p) => Some(p.iter().cloned()),
        _ => None,
    });
    paths.flatten().collect()
}

/// Files inside a new folder may be written before the folder is watched: a folder stands
/// for the files below it too (at most this many).
const FILES_PER_FOLDER: usize = 1000;

/// `paths` and, for each that is a folder, the files below it.
fn with_files_below(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut all = paths.to_vec();
    for path in paths.iter().filter(|p| p.is_dir()) {
        let files = walkdir::WalkDir::new(path)
            .min_depth(1)
            .max_depth(4)
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .take(FILES_PER_FOLDER)
            .map(walkdir::DirEntry::into_path);
        all.extend(files);
    }
    all
}

/// What a batch of events means for the book.
fn meaning(dirs: &BookDirs, batch: &[Raw]) -> Changes {
    let mut changes = Changes::default();
    for raw in batch {
        match raw {
            Raw::Paths(paths) => {
                let paths = with_files_below(paths);
                changes.merge(dirs.changes(paths.iter().map(PathBuf::as_path)));
            }
            Raw::Rescan => changes.merge(Changes::everything()),
            Raw::Stop => {}
        }
    }
    changes
}

/// The folders being watched.
#[derive(Default)]
struct Watched {
    paths: BTreeMap<PathBuf, RecursiveMode>,
}

/// The folders to watch: the root on its own, each existing book folder with what is below
/// it (unless it is the root, or inside a folder already watched that way), and the folder
/// of each file `book.toml` names on its own.
fn wanted(dirs: &BookDirs) -> BTreeMap<PathBuf, RecursiveMode> {
    let mut want = BTreeMap::new();
    want.insert(dirs.root.clone(), RecursiveMode::NonRecursive);
    let mut folders = [
        &dirs.lessons,
        &dirs.scripts,
        &dirs.templates,
        &dirs.theme,
        &dirs.record,
    ];
    folders.sort_by_key(|p| p.components().count());
    for dir in folders {
        let covered = want
            .iter()
            .any(|(p, m)| *m == RecursiveMode::Recursive && dir.starts_with(p));
        if dir.is_dir() && !dirs.root.starts_with(dir) && !covered {
            want.insert(dir.clone(), RecursiveMode::Recursive);
        }
    }
    // The folder of each file book.toml names (a bibliography, a style, the glossary), on its own.
    for folder in dirs.named.iter().filter_map(|f| f.parent()) {
        let covered = (want.iter())
            .any(|(p, m)| p == folder || (*m == RecursiveMode::Recursive && folder.starts_with(p)));
        if folder.is_dir() && !covered {
            want.insert(folder.to_path_buf(), RecursiveMode::NonRecursive);
        }
    }
    want
}

impl Watched {
    /// Watch what [`wanted`] names and nothing else; folders among `touched` (created,
    /// removed or renamed) are watched afresh. Returns warnings for folders that cannot be.
    fn sync(
        &mut self,
        watcher: &mut dyn Watcher,
        dirs: &BookDirs,
        touched: &[PathBuf],
    ) -> Vec<String> {
        let want = wanted(dirs);
        let stale: Vec<PathBuf> = self
            .paths
            .iter()
            .filter(|(p, m)| want.get(*p) != Some(*m) || touched.contains(*p))
            .map(|(p, _)| p.clone())
            .collect();
        for path in stale {
            let _ = watcher.unwatch(&path);
            self.paths.remove(&path);
        }
        let mut warnings = Vec::new();
        for (path, mode) in want {
            if self.paths.contains_key(&path) {
                continue;
            }
            match watcher.watch(&path, mode) {
                Ok(()) => {
                    self.paths.insert(path, mode);
                }
                Err(e) => warnings.push(format!("warning: cannot watch {}: {e}", path.display())),
            }
        }
        warnings
    }
}

#[cfg(test)]
mod tests;
