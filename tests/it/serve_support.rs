//! Driving `rlbook serve` from the tests: a server process on a temporary copy of the
//! `serve` fixture book (on a port the system chooses), raw HTTP requests (so that paths
//! such as `/../x` reach the server as written), a WebSocket client, and waits for events
//! with generous timeouts. Never measures time.

use crate::common;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one event may take before a test gives up (a slow machine is not a bug).
pub(crate) const PATIENCE: Duration = Duration::from_secs(120);

/// A copy of `tests/books/serve` in a temporary folder: (the folder, the book's root).
pub(crate) fn copy_fixture() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/books/serve");
    copy_dir(&fixture, &book);
    (dir, book)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of the book made of `parts` of `from` in a temporary folder: (the folder, the book).
fn copy_book(from: &Path, parts: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    std::fs::create_dir_all(&book).unwrap();
    for part in parts {
        let source = from.join(part);
        if source.is_dir() {
            copy_dir(&source, &book.join(part));
        } else {
            std::fs::copy(&source, book.join(part)).unwrap();
        }
    }
    (dir, book)
}

/// A copy of the shipped course (`book.toml`, `content/`, `expected/` of this repository).
pub(crate) fn shipped_course() -> (tempfile::TempDir, PathBuf) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_book(repo, &["book.toml", "content", "expected"])
}

/// A copy of the fixture book `tests/books/<name>`.
pub(crate) fn fixture(name: &str) -> (tempfile::TempDir, PathBuf) {
    let books = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/books");
    copy_book(&books.join(name), &["book.toml", "content", "expected"])
}

/// Call `probe` until it gives a value (with short pauses), or fail after [`PATIENCE`].
pub(crate) fn wait_until<T>(mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(value) = probe() {
            return value;
        }
        assert!(Instant::now() < deadline, "the awaited state never came");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A running `rlbook serve`; killed when dropped.
pub(crate) struct Served {
    child: Child,
    pub port: u16,
    pub root: PathBuf,
    stdout: Arc<Mutex<String>>,
    stderr: Arc<Mutex<String>>,
    /// The temporary folder the book is in, when the server owns it.
    _dir: Option<tempfile::TempDir>,
}

/// An HTTP reply.
pub(crate) struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// The body as sent.
    pub bytes: Vec<u8>,
}

impl Reply {
    pub(crate) fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map_or("", |(_, v)| v.as_str())
    }
}

impl Served {
    /// Serve a fresh copy of the fixture book and wait until its site is published.
    pub(crate) fn start() -> Served {
        Served::start_with(&[], &[])
    }

    /// As `start`, with more arguments for `rlbook serve` and environment variables.
    pub(crate) fn start_with(args: &[&str], envs: &[(&str, &std::ffi::OsStr)]) -> Served {
        let (dir, root) = copy_fixture();
        Served::start_on(dir, root, args, envs)
    }

    /// Serve the book at `root` (in `dir`, which the server keeps) and wait until its site is
    /// published.
    pub(crate) fn start_on(
        dir: tempfile::TempDir,
        root: PathBuf,
        args: &[&str],
        envs: &[(&str, &std::ffi::OsStr)],
    ) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_rlbook"));
        command
            .args(["serve", &root.display().to_string(), "--port", "0"])
            .args(args)
            .envs(envs.iter().copied());
        let served = Served::spawn(command, Some(dir), root);
        wait_until(|| (served.get("/").body.contains("Serve fixture")).then_some(()));
        served
    }

    /// Serve the book at `root` the way a user in the folder `cwd` does, `rlbook serve
    /// [BOOK]` (`book`: the argument, if any), and wait until its first pass is reported.
    /// The EPUB's date is fixed ([`common::SOURCE_DATE`]) so that a build can match it.
    pub(crate) fn start_in(root: &Path, cwd: &Path, book: Option<&str>) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_rlbook"));
        command
            .current_dir(cwd)
            .arg("serve")
            .args(book)
            .args(["--port", "0"])
            .env(common::SOURCE_DATE.0, common::SOURCE_DATE.1)
            .env_remove("CI");
        let served = Served::spawn(command, None, root.to_path_buf());
        served.first_pass();
        served
    }

    /// Start `command` (an `rlbook serve`) and wait until it says where it serves.
    fn spawn(mut command: Command, dir: Option<tempfile::TempDir>, root: PathBuf) -> Served {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = collect(child.stderr.take().unwrap());
        let (lines, stdout) = lines_of(child.stdout.take().unwrap());
        let url = next_line(&lines, "serving ");
        let port = url
            .rsplit(':')
            .next()
            .and_then(|p| p.trim_end_matches('/').parse().ok())
            .unwrap();
        next_line(&lines, "the site is served from memory");
        Served {
            child,
            port,
            root,
            stdout,
            stderr,
            _dir: dir,
        }
    }

    /// The line serve printed for its first pass (`rebuilt in …`), once it is there.
    pub(crate) fn first_pass(&self) -> String {
        wait_until(|| {
            let out = self.stdout();
            out.lines()
                .find(|l| l.starts_with("rebuilt in "))
                .map(str::to_string)
        })
    }

    pub(crate) fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root.join(rel)).unwrap()
    }

    /// Save a file the way many editors do: write a temporary file, rename it into place
    /// (so the server never reads half a file).
    pub(crate) fn write(&self, rel: &str, text: &str) {
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let temporary = path.with_extension("saving.tmp");
        std::fs::write(&temporary, text).unwrap();
        std::fs::rename(temporary, path).unwrap();
    }

    /// Save a file by overwriting it in place (truncate, then write).
    pub(crate) fn overwrite(&self, rel: &str, text: &str) {
        std::fs::write(self.root.join(rel), text).unwrap();
    }

    /// Rewrite a file of the book through `change`.
    pub(crate) fn edit(&self, rel: &str, change: impl FnOnce(&str) -> String) {
        let text = change(&self.read(rel));
        self.write(rel, &text);
    }

    pub(crate) fn get(&self, path: &str) -> Reply {
        self.request("GET", path)
    }

    /// One request with `path` sent exactly as given.
    pub(crate) fn request(&self, method: &str, path: &str) -> Reply {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        )
        .unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        parse_reply(&raw)
    }

    pub(crate) fn websocket(&self) -> Socket {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let url = format!("ws://127.0.0.1:{}/__rlbook/ws", self.port);
        let (socket, _) = tungstenite::client(url, stream).unwrap();
        Socket { socket }
    }

    pub(crate) fn stdout(&self) -> String {
        self.stdout.lock().unwrap().clone()
    }

    pub(crate) fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    pub(crate) fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Send SIGINT (Ctrl-C) and wait for the process to end.
    pub(crate) fn interrupt(&mut self) -> ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(sent.success());
        let status = wait_until(|| self.child.try_wait().ok().flatten());
        wait_until(|| self.stdout().contains("stopped").then_some(()));
        status
    }
}

impl Drop for Served {
    /// Stop the server the way a user does; kill it only if it does not stop.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let pid = self.child.id().to_string();
            let _ = Command::new("kill").args(["-INT", &pid]).status();
            let deadline = Instant::now() + PATIENCE;
            while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse_reply(raw: &[u8]) -> Reply {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n");
    let (head, bytes) = match end {
        Some(at) => (&raw[..at], raw[at + 4..].to_vec()),
        None => (raw, Vec::new()),
    };
    let head = String::from_utf8_lossy(head);
    let body = String::from_utf8_lossy(&bytes).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body,
        bytes,
    }
}

/// Collect everything a pipe says.
fn collect(mut pipe: impl Read + Send + 'static) -> Arc<Mutex<String>> {
    let text = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&text);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    text
}

/// The lines of stdout as they come, and all of it so far.
fn lines_of(stdout: ChildStdout) -> (Receiver<String>, Arc<Mutex<String>>) {
    let (tx, rx) = mpsc::channel();
    let text = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&text);
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            sink.lock().unwrap().push_str(&format!("{line}\n"));
            let _ = tx.send(line);
        }
    });
    (rx, text)
}

/// The first line starting with `prefix` (earlier lines are skipped).
fn next_line(lines: &Receiver<String>, prefix: &str) -> String {
    loop {
        let line = lines
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| panic!("serve never printed a line starting with '{prefix}'"));
        if line.starts_with(prefix) {
            return line;
        }
    }
}

/// A WebSocket connection to `/__rlbook/ws`.
pub(crate) struct Socket {
    socket: tungstenite::WebSocket<TcpStream>,
}

impl Socket {
    /// The next text message, as JSON.
    pub(crate) fn next_json(&mut self) -> serde_json::Value {
        loop {
            match self.socket.read() {
                Ok(tungstenite::Message::Text(text)) => {
                    return serde_json::from_str(text.as_str()).unwrap();
                }
                Ok(_) => continue,
                Err(e) => panic!("no message from serve: {e}"),
            }
        }
    }

    /// The next message for which `wanted` holds (others are skipped).
    pub(crate) fn next_matching(
        &mut self,
        wanted: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        loop {
            let message = self.next_json();
            if wanted(&message) {
                return message;
            }
        }
    }
}
