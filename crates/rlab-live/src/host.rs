//! The page's host: the book's files shipped with the page (read-only, in memory), the
//! page's clock and its entropy, and the book's `nproc()`. `savefig` writes nowhere (a live run shows figures, it
//! does not save them).

use rlab::host::{Host, HostError};
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// The files a page ships (site paths → bytes) and the clock of its runs.
#[derive(Debug, Default)]
pub(crate) struct PageHost {
    files: BTreeMap<PathBuf, Vec<u8>>,
    start_ms: f64,
    /// What `nproc()` reports: the book's fixed number, so a live run prints what the build did.
    nproc: usize,
}

impl PageHost {
    pub(crate) fn new(files: BTreeMap<String, Vec<u8>>, nproc: usize) -> PageHost {
        PageHost {
            files: files
                .into_iter()
                .map(|(k, v)| (clean(Path::new(&k)), v))
                .collect(),
            start_ms: clock::now_ms(),
            nproc: nproc.max(1),
        }
    }

    fn file(&self, path: &Path) -> Result<&Vec<u8>, HostError> {
        self.files
            .get(&clean(path))
            .ok_or_else(|| HostError::Io("No such file in the book's shipped files".into()))
    }
}

/// `path` without `.` components and with `..` applied.
fn clean(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(p) => out.push(p),
            _ => {}
        }
    }
    out
}

impl Host for PageHost {
    fn read_source(&self, path: &Path) -> Result<String, HostError> {
        String::from_utf8(self.file(path)?.clone())
            .map_err(|_| HostError::Io("stream did not contain valid UTF-8".into()))
    }

    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, HostError> {
        self.file(path).cloned()
    }

    fn write_file(&self, _path: &Path, _contents: &[u8]) -> Result<(), HostError> {
        Err(HostError::Denied(
            "a run in the page writes no files".into(),
        ))
    }

    fn pause(&self, _wait: Duration) {}

    fn report(&self, _text: &str) {}

    fn identity(&self, path: &Path) -> PathBuf {
        clean(path)
    }

    fn display_path(&self, path: &Path) -> String {
        clean(path).display().to_string()
    }

    fn elapsed(&self) -> Option<Duration> {
        Some(Duration::from_secs_f64(
            ((clock::now_ms() - self.start_ms) / 1000.0).max(0.0),
        ))
    }

    fn entropy(&self) -> u64 {
        clock::entropy()
    }

    fn cpu_count(&self) -> usize {
        self.nproc
    }
}

/// The clock and entropy: the page's (`performance.now()`, `crypto.getRandomValues`) in the
/// module, the machine's natively (tests).
#[cfg(target_arch = "wasm32")]
mod clock {
    pub(super) fn now_ms() -> f64 {
        crate::abi::now_ms()
    }
    pub(super) fn entropy() -> u64 {
        crate::abi::entropy()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod clock {
    use std::sync::OnceLock;
    use std::time::Instant;
    pub(super) fn now_ms() -> f64 {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
    pub(super) fn entropy() -> u64 {
        rlab::host::os_entropy()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_files_resolve_however_the_path_is_spelled() {
        let host = PageHost::new(
            BTreeMap::from([("lessons/a.rlab".into(), b"x = 1;".to_vec())]),
            1,
        );
        assert_eq!(
            host.read_source(Path::new("./lessons/b/../a.rlab"))
                .unwrap(),
            "x = 1;"
        );
        assert!(host.read_source(Path::new("lessons/none.rlab")).is_err());
        assert!(host.write_file(Path::new("a.svg"), b"").is_err());
    }
}
