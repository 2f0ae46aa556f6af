//! Writing one file atomically: into a fresh temporary file beside it, then renamed over it,
//! so that a reader (or a concurrent build) sees the old file or the new one, whole. The cache
//! and the record are written this way; the site, a whole folder, is swapped in as one
//! (`render::site::output`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Write `bytes` at `path` atomically: into a fresh temporary file beside it, then renamed
/// over it, so a reader (or a concurrent build) sees the old file or the new one, whole.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temp = temp_path(path);
    let result = (|| {
        let mut file = std::fs::File::create_new(&temp)?;
        file.write_all(bytes)?;
        drop(file);
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// The marker in the names of temporary files (swept when stale).
pub(crate) const TEMP_MARKER: &str = ".tmp-";

/// `.<name>.tmp-<pid>-<n>` beside `path`: unique within this process and across processes.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let temp = format!(".{name}{TEMP_MARKER}{}-{n}", std::process::id());
    path.with_file_name(temp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_replace_whole_files_and_leave_no_temporaries() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.bin");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        assert_eq!(names, ["a.bin"]);
        let missing = dir.path().join("no/such/dir/a.bin");
        assert!(write_atomic(&missing, b"x").is_err());
        assert!(temp_path(&path).to_string_lossy().contains(TEMP_MARKER));
        assert_ne!(temp_path(&path), temp_path(&path));
    }
}
