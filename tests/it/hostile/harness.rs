//! The machinery of the hostile-input matrix: small books in temporary folders, runs of the
//! binary (plain, under a file-size limit, measured for peak memory, interrupted by SIGINT
//! through a pseudo-terminal), snapshots of a site, and guards for an immutable folder and a
//! tiny tmpfs that undo themselves when dropped.

// Limits (setrlimit), resource usage (wait4) and signals need libc calls in the child.
#![allow(unsafe_code)]

use std::collections::BTreeMap;
use std::ffi::CStr;
use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

const LESSON_A: &str =
    "# Lesson A\n\nSome prose about $x^2$.\n\n```rlab\nx = 2;\nprint(\"x:\", x)\n```\n";
const LESSON_B: &str =
    "# Lesson B\n\nSee [the first lesson](01-a.md).\n\n```rlab\ny = 3;\nprint(\"y:\", y)\n```\n";

/// A two-lesson book in a temporary folder: `content/01-a.md`, `content/02-b.md`.
pub(super) struct TestBook {
    dir: tempfile::TempDir,
}

impl TestBook {
    /// The book, with `toml` appended to its `book.toml`.
    pub(super) fn new(toml: &str) -> TestBook {
        let book = TestBook {
            dir: tempfile::tempdir().expect("temp dir"),
        };
        book.write("book.toml", &format!("[book]\ntitle = \"Hostile\"\n{toml}"));
        book.write("content/01-a.md", LESSON_A);
        book.write("content/02-b.md", LESSON_B);
        book
    }

    /// The book, built once: it has a site (and a record).
    pub(super) fn with_site(toml: &str) -> TestBook {
        let book = TestBook::new(toml);
        let out = build(book.path());
        assert_eq!(out.code, Some(0), "the first build fails:\n{}", out.stderr);
        book
    }

    pub(super) fn path(&self) -> &Path {
        self.dir.path()
    }

    pub(super) fn write(&self, rel: &str, text: &str) {
        self.write_bytes(rel, text.as_bytes());
    }

    pub(super) fn write_bytes(&self, rel: &str, bytes: &[u8]) {
        let path = self.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create folder");
        }
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    pub(super) fn read(&self, rel: &str) -> String {
        let path = self.path().join(rel);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    pub(super) fn append(&self, rel: &str, text: &str) {
        let old = self.read(rel);
        self.write(rel, &format!("{old}{text}"));
    }

    /// Replace `from` (which must be there) by `to` in a file.
    pub(super) fn edit(&self, rel: &str, from: &str, to: &str) {
        let old = self.read(rel);
        assert!(old.contains(from), "{rel} does not contain {from:?}");
        self.write(rel, &old.replacen(from, to, 1));
    }

    /// Every file under `rel`, recursively, sorted.
    pub(super) fn files_under(&self, rel: &str) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = walkdir::WalkDir::new(self.path().join(rel))
            .sort_by_file_name()
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .collect();
        files.sort();
        files
    }

    /// The site at `site/`: every file's relative path and bytes.
    pub(super) fn site_snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        self.site_snapshot_at("site")
    }

    pub(super) fn site_snapshot_at(&self, rel: &str) -> BTreeMap<String, Vec<u8>> {
        let root = self.path().join(rel);
        let snapshot: BTreeMap<String, Vec<u8>> = self
            .files_under(rel)
            .into_iter()
            .map(|p| {
                let bytes = std::fs::read(&p).expect("read site file");
                let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
                (name, bytes)
            })
            .collect();
        assert!(
            snapshot.contains_key("index.html"),
            "no site at {rel}: {:?}",
            snapshot.keys()
        );
        snapshot
    }
}

/// How a run of the binary ended.
pub(super) struct Outcome {
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    /// True when the run was interrupted by SIGINT as planned and ended by it.
    pub interrupted: bool,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    fn of(status: ExitStatus, stdout: &[u8], stderr: &[u8]) -> Outcome {
        Outcome {
            code: status.code(),
            interrupted: false,
            stdout: String::from_utf8_lossy(stdout).to_string(),
            stderr: String::from_utf8_lossy(stderr).to_string(),
        }
    }
}

/// `rlbook build` in `dir`, with `CI` unset (new records are written, not refused).
fn command(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rlbook"));
    cmd.current_dir(dir)
        .arg("build")
        .env_remove("CI")
        .stdin(Stdio::null());
    cmd
}

pub(super) fn build(dir: &Path) -> Outcome {
    let out = command(dir).output().expect("run rlbook");
    Outcome::of(out.status, &out.stdout, &out.stderr)
}

/// `rlbook build` with `setup` run in the child before it starts (see [`file_size_limit`]).
pub(super) fn build_with(
    dir: &Path,
    setup: impl FnMut() -> std::io::Result<()> + Send + Sync + 'static,
) -> Outcome {
    let mut cmd = command(dir);
    // SAFETY: `setup` only makes async-signal-safe calls (signal, setrlimit).
    unsafe { cmd.pre_exec(setup) };
    let out = cmd.output().expect("run rlbook");
    Outcome::of(out.status, &out.stdout, &out.stderr)
}

/// A child setup that caps the size of any file the process writes at `bytes` (a disk that
/// fills up), with SIGXFSZ ignored so that the write fails with EFBIG instead of killing it.
pub(super) fn file_size_limit(bytes: u64) -> impl FnMut() -> std::io::Result<()> + Send + Sync {
    move || {
        let limit = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        // SAFETY: plain system calls on this process's own settings.
        unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
        Ok(())
    }
}

/// `rlbook build`, and its peak resident memory in bytes (from `wait4`'s usage report).
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
pub(super) fn build_measured(dir: &Path) -> (Outcome, u64) {
    let mut child = command(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rlbook");
    let stdout = reader(child.stdout.take());
    let stderr = reader(child.stderr.take());
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, which `child` will never wait for again.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    let (stdout, stderr) = (joined(stdout), joined(stderr));
    let out = Outcome::of(ExitStatus::from_raw(status), &stdout, &stderr);
    let max_rss_bytes = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
    (out, max_rss_bytes)
}

type Reader = std::thread::JoinHandle<Vec<u8>>;

fn reader(stream: Option<impl Read + Send + 'static>) -> Reader {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut s) = stream {
            let _ = s.read_to_end(&mut bytes);
        }
        bytes
    })
}

fn joined(reader: Reader) -> Vec<u8> {
    reader.join().unwrap_or_default()
}

/// `rlbook build` with its stderr on a pseudo-terminal (so it shows progress, as for a
/// person), sent SIGINT (Ctrl-C) as soon as its stderr shows `cue`.
pub(super) fn build_interrupted(dir: &Path, cue: &str) -> Outcome {
    let (mut master, slave) = open_pty();
    let mut cmd = command(dir);
    cmd.stdout(Stdio::piped()).stderr(Stdio::from(slave));
    let child = cmd.spawn().expect("run rlbook");
    drop(cmd); // the parent's copy of the terminal's slave side
    let mut seen = Vec::new();
    let sent = read_until(&mut master, &mut seen, cue.as_bytes());
    if sent {
        // SAFETY: a signal to our own child, which has not been waited for.
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    }
    let out = child.wait_with_output().expect("wait for rlbook");
    read_until(&mut master, &mut seen, b"\0never\0");
    let mut outcome = Outcome::of(out.status, &out.stdout, &seen);
    let by_sigint = out.status.signal() == Some(libc::SIGINT);
    outcome.interrupted = sent && (by_sigint || matches!(out.status.code(), Some(1 | 130)));
    outcome
}

/// Read the terminal into `seen` until it contains `cue` (true) or closes (false).
fn read_until(master: &mut File, seen: &mut Vec<u8>, cue: &[u8]) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        if seen.windows(cue.len()).any(|w| w == cue) {
            return true;
        }
        match master.read(&mut buf) {
            Ok(0) | Err(_) => return false,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
        }
    }
}

/// A pseudo-terminal: its master side (to read) and slave side (for the child).
fn open_pty() -> (File, OwnedFd) {
    // SAFETY: standard pty calls; every descriptor is owned exactly once.
    unsafe {
        let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(
            master >= 0,
            "posix_openpt: {}",
            std::io::Error::last_os_error()
        );
        let master = File::from(OwnedFd::from_raw_fd(master));
        let fd = std::os::fd::AsRawFd::as_raw_fd(&master);
        assert!(
            libc::grantpt(fd) == 0 && libc::unlockpt(fd) == 0,
            "grantpt/unlockpt"
        );
        let mut name = [0 as libc::c_char; 256];
        assert_eq!(
            libc::ptsname_r(fd, name.as_mut_ptr(), name.len()),
            0,
            "ptsname_r"
        );
        let name = CStr::from_ptr(name.as_ptr());
        let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
        assert!(
            slave >= 0,
            "open {name:?}: {}",
            std::io::Error::last_os_error()
        );
        (master, OwnedFd::from_raw_fd(slave))
    }
}

/// Names in `dir` that are rlbook staging or old-site folders (`.site.rlbook-new-…`).
pub(super) fn staging_leftovers(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.contains(".rlbook-"))
        .collect();
    names.sort();
    names
}

/// About `bytes` of Markdown prose: paragraphs of plain sentences.
pub(super) fn prose(bytes: usize) -> String {
    const SENTENCES: [&str; 4] = [
        "The residual stream carries every layer's contribution forward unchanged.",
        "Normalisation keeps the scale of activations steady from one layer to the next.",
        "A softmax turns scores into weights that are positive and sum to one.",
        "Each head attends to a different pattern in the same sequence of tokens.",
    ];
    let mut text = String::with_capacity(bytes + 128);
    text.push_str("\n## Long prose\n\n");
    let mut i = 0;
    while text.len() < bytes {
        text.push_str(SENTENCES[i % SENTENCES.len()]);
        i += 1;
        text.push_str(if i % 5 == 0 { "\n\n" } else { "\n" });
    }
    text.push('\n');
    text
}

/// About `bytes` of a lesson as dense as a real one: per part a heading, prose with code
/// spans, emphasis, inline math `$…$` and `\(…\)` (few distinct formulas), an inline value,
/// a lesson link and a broken one (a warning), a repeated "Notes" heading, a callout and a
/// list; every 25th part a hidden rlab block.
pub(super) fn rich_lesson(bytes: usize) -> String {
    let mut text = String::with_capacity(bytes + 1024);
    text.push_str("# Big\n\n```rlab\nx = 2;\nprint(\"x:\", x)\n```\n");
    let mut k = 0;
    while text.len() < bytes {
        k += 1;
        text.push_str(&format!(
            "\n## Part {k}\n\nThe `residual` stream carries *every* layer's contribution \
             $x_{{{}}}$ forward, as [the first lesson](01-a.md) showed; here $x$ is ${{x}}.\n\
             Normalisation keeps the scale of activations steady from one layer to the next, \
             and a softmax turns scores into weights that are **positive** and sum to one.\n\n\
             ### Notes\n\n> [!NOTE]\n> Each head attends to a different pattern \
             (`softmax(QK')`) in the same sequence of tokens.\n\n\
             - one item with `code`\n- another with \\(\\sqrt{{d}}\\), see [later](99-later.md)\n\n",
            k % 10
        ));
        if k % 25 == 0 {
            text.push_str("<!-- hide -->\n```rlab\ny = x + 1;\n```\n");
        }
    }
    text
}

/// A folder made immutable with `chattr +i` (no entry can be added, removed or renamed in
/// it, even by root) until dropped.
pub(super) struct Immutable(PathBuf);

impl Immutable {
    /// `None` when `chattr` is missing or not allowed here.
    pub(super) fn set(dir: &Path) -> Option<Immutable> {
        let ok = Command::new("chattr")
            .arg("+i")
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        let guard = ok.then(|| Immutable(dir.to_path_buf()))?;
        // Check that the flag really stops writes on this file system.
        let probe = dir.join("probe");
        if std::fs::create_dir(&probe).is_ok() {
            let _ = std::fs::remove_dir(&probe);
            return None;
        }
        Some(guard)
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
    }
}

/// A tmpfs of a given size mounted on a folder until dropped.
pub(super) struct TinyDisk(PathBuf);

impl TinyDisk {
    /// `None` when mounting is not allowed here (not root, no mount namespace rights).
    pub(super) fn mount(dir: &Path, size: &str) -> Option<TinyDisk> {
        std::fs::create_dir_all(dir).expect("create mount point");
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| TinyDisk(dir.to_path_buf()))
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}
