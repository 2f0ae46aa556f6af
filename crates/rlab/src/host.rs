//! What the language asks of the place it runs in: the text of the files `run` and `import`
//! name, writing the files `savefig` saves, a file's identity (so two spellings of one file
//! are one file), how a path is named in messages, a clock for the time limit, and the
//! entropy an unseeded random stream starts from.
//!
//! Nothing else of the outside world is reachable from rlab: no network, no processes, no
//! environment variables. A session gets its host through [`crate::Config`]; [`NativeHost`]
//! is the machine's file system and clock, and an embedder can confine it (rlbook reads only
//! inside the book) or replace it where there is no file system.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The services a session uses. Implementations must be cheap to call: `elapsed` is read
/// between statements (at one check in many).
pub trait Host: Send + Sync + fmt::Debug {
    /// The text of the source file at `path` (already joined to the session's folder).
    fn read_source(&self, path: &Path) -> Result<String, HostError>;
    /// The bytes of the data file at `path` (`load` of `.npy`, `.npz`, Touchstone files).
    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, HostError>;
    /// Write `contents` to `path` (already joined to the session's folder).
    fn write_file(&self, path: &Path, contents: &[u8]) -> Result<(), HostError>;
    /// Wait for `sleep`. A host whose runs only record their output may return at once.
    fn pause(&self, wait: Duration);
    /// Text for the person running the session, outside the printed output (the profile
    /// report, which rustlab writes to stderr). A host may drop it.
    fn report(&self, text: &str);
    /// The same value for every spelling of one file (`a/../b.rlab`, a symlink); `path` itself
    /// where that cannot be told.
    fn identity(&self, path: &Path) -> PathBuf;
    /// How `path` is named in messages and in the names of sources.
    fn display_path(&self, path: &Path) -> String;
    /// Time since the host was made, the clock of the time limit; `None` where there is no
    /// clock (runs are then bounded by cancellation only).
    fn elapsed(&self) -> Option<Duration>;
    /// A fresh unpredictable number, the seed of an unseeded stream (a session made without
    /// a seed, `seed()`). The default draws it from std's per-process random hash keys,
    /// which come from the operating system where there is one.
    fn entropy(&self) -> u64 {
        os_entropy()
    }
    /// The number `nproc()` reports: the logical CPUs this process may use (cgroup and
    /// affinity limits included); 1 where that cannot be told. An embedder that wants the
    /// same output on every machine may return a fixed number.
    fn cpu_count(&self) -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// 64 unpredictable bits from std's randomly keyed hasher (seeded from the operating system's
/// entropy; each `RandomState` differs), mixed with a process-wide counter.
pub fn os_entropy() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static DRAWS: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(DRAWS.fetch_add(1, Ordering::Relaxed));
    hasher.finish()
}

/// Why a host could not read or write a file. The language words the message; the host
/// gives the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostError {
    /// The file system's own message (`No such file or directory (os error 2)`).
    Io(String),
    /// A directory, device or FIFO: reading it could block or never end.
    NotRegularFile,
    /// The host does not let a run reach this path; the text says what it allows.
    Denied(String),
}

impl HostError {
    /// The message of a failed `verb` (`run`, `import`, `savefig`) on `path` as written.
    pub fn message(&self, verb: &str, action: &str, path: &str) -> String {
        match self {
            HostError::Io(e) => format!("{verb}: cannot {action} '{path}': {e}"),
            HostError::NotRegularFile => format!("{verb}: '{path}' is not a regular file"),
            HostError::Denied(why) => format!("{verb}: cannot {action} '{path}': {why}"),
        }
    }
}

/// The shared handle a [`crate::Config`] holds.
pub type SharedHost = Arc<dyn Host>;

/// The machine's own file system and monotonic clock: any file the process can read.
#[derive(Debug)]
pub struct NativeHost {
    start: Instant,
}

impl NativeHost {
    pub fn new() -> NativeHost {
        NativeHost {
            start: Instant::now(),
        }
    }

    /// A new native host behind the shared handle.
    pub fn shared() -> SharedHost {
        Arc::new(NativeHost::new())
    }
}

impl Default for NativeHost {
    fn default() -> Self {
        NativeHost::new()
    }
}

impl Host for NativeHost {
    fn read_source(&self, path: &Path) -> Result<String, HostError> {
        read_regular_file(path)
    }

    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, HostError> {
        read_regular_bytes(path)
    }

    fn write_file(&self, path: &Path, contents: &[u8]) -> Result<(), HostError> {
        std::fs::write(path, contents).map_err(|e| HostError::Io(e.to_string()))
    }

    fn pause(&self, wait: Duration) {
        std::thread::sleep(wait);
    }

    fn report(&self, text: &str) {
        eprint!("{text}");
    }

    fn identity(&self, path: &Path) -> PathBuf {
        path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
    }

    fn display_path(&self, path: &Path) -> String {
        relative_to_working_dir(path)
    }

    fn elapsed(&self) -> Option<Duration> {
        Some(self.start.elapsed())
    }
}

/// Read `path` as text if it is a regular file (a device or FIFO would be read forever or
/// block).
pub fn read_regular_file(path: &Path) -> Result<String, HostError> {
    let bytes = read_regular_bytes(path)?;
    String::from_utf8(bytes).map_err(|_| HostError::Io("stream did not contain valid UTF-8".into()))
}

/// Read `path` if it is a regular file.
pub fn read_regular_bytes(path: &Path) -> Result<Vec<u8>, HostError> {
    let io = |e: std::io::Error| HostError::Io(e.to_string());
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(HostError::NotRegularFile);
    }
    std::fs::read(path).map_err(io)
}

/// `path` with `.` components dropped, relative to the working directory when it lies below
/// it.
pub fn relative_to_working_dir(path: &Path) -> String {
    let clean: PathBuf = path.components().collect();
    let relative = std::env::current_dir()
        .ok()
        .and_then(|cwd| clean.strip_prefix(cwd).ok().map(PathBuf::from));
    relative.unwrap_or(clean).display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_native_host_reads_regular_files_only_and_words_each_failure() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.rlab");
        std::fs::write(&file, "x = 1;\n").unwrap();
        let host = NativeHost::new();
        assert_eq!(host.read_source(&file).unwrap(), "x = 1;\n");
        let not_file = host.read_source(dir.path()).unwrap_err();
        assert_eq!(not_file, HostError::NotRegularFile);
        assert_eq!(
            not_file.message("run", "read", "d"),
            "run: 'd' is not a regular file"
        );
        let missing = host.read_source(&dir.path().join("no.rlab")).unwrap_err();
        assert!(
            missing
                .message("import", "read", "no.rlab")
                .starts_with("import: cannot read 'no.rlab': No such file"),
            "{missing:?}"
        );
    }

    #[test]
    fn one_file_has_one_identity_however_it_is_spelled() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("a.rlab"), "").unwrap();
        let host = NativeHost::new();
        assert_eq!(
            host.identity(&dir.path().join("sub/../a.rlab")),
            host.identity(&dir.path().join("a.rlab"))
        );
        let missing = dir.path().join("missing.rlab");
        assert_eq!(host.identity(&missing), missing);
    }

    #[test]
    fn the_clock_moves_forward() {
        let host = NativeHost::new();
        let a = host.elapsed().unwrap();
        std::thread::sleep(Duration::from_millis(2));
        assert!(host.elapsed().unwrap() > a);
    }
}
