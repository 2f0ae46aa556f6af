//! The builder thread: it owns the [`Project`], takes batches of changes from a queue,
//! rebuilds, prints what happened, and publishes the new site or problems. A batch that
//! arrives during a rebuild cancels it (the interpreter stops at its next statement); the
//! cancelled rebuild's changes are merged with the new ones and built together.

use super::changes::Changes;
use super::project::{Outcome, Project, Report};
use super::shared::Shared;
use super::site_files::SiteFiles;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

enum Order {
    Rebuild(Changes),
    Stop,
}

/// Where changes are sent; cloned into the watcher.
#[derive(Clone)]
pub(crate) struct BuildQueue {
    orders: Sender<Order>,
    /// The cancel flag of the rebuild running now.
    current: Arc<Mutex<Arc<AtomicBool>>>,
}

impl BuildQueue {
    /// Queue `changes` and cancel the rebuild in progress, which is now stale.
    pub(crate) fn push(&self, changes: Changes) {
        let _ = self.orders.send(Order::Rebuild(changes));
        self.cancel_current();
    }

    fn cancel_current(&self) {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        current.store(true, Ordering::Relaxed);
    }
}

/// The builder: its queue exists before its thread, so that the watcher can start first
/// and no change between the first build's reading and the watch's start is lost.
pub(crate) struct Builder {
    queue: BuildQueue,
    orders: Option<Receiver<Order>>,
    thread: Option<JoinHandle<()>>,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        let (orders, rx) = mpsc::channel();
        let queue = BuildQueue {
            orders,
            current: Arc::new(Mutex::new(Arc::new(AtomicBool::new(false)))),
        };
        Builder {
            queue,
            orders: Some(rx),
            thread: None,
        }
    }

    pub(crate) fn queue(&self) -> BuildQueue {
        self.queue.clone()
    }

    /// Start the thread: it builds everything first, then takes changes from the queue.
    pub(crate) fn start(
        &mut self,
        project: Project,
        shared: Arc<Shared>,
        site_dir: &Path,
    ) -> Result<()> {
        let rx = self
            .orders
            .take()
            .context("the builder was started twice")?;
        let current = Arc::clone(&self.queue.current);
        let site_dir = site_dir.to_path_buf();
        let thread = std::thread::Builder::new()
            .name("rlbook-build".into())
            .spawn(move || run(&rx, &current, project, &shared, &site_dir))
            .context("cannot start the build thread")?;
        self.thread = Some(thread);
        Ok(())
    }

    /// Cancel the rebuild in progress and wait for the thread to end.
    pub(crate) fn stop(mut self) {
        let _ = self.queue.orders.send(Order::Stop);
        self.queue.cancel_current();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(
    rx: &Receiver<Order>,
    current: &Mutex<Arc<AtomicBool>>,
    mut project: Project,
    shared: &Shared,
    site_dir: &Path,
) {
    let mut dirty = Changes::everything();
    loop {
        if dirty.is_empty() {
            match rx.recv() {
                Ok(Order::Rebuild(changes)) => dirty.merge(changes),
                Ok(Order::Stop) | Err(_) => return,
            }
        }
        let cancel = Arc::new(AtomicBool::new(false));
        *current.lock().unwrap_or_else(|e| e.into_inner()) = Arc::clone(&cancel);
        loop {
            match rx.try_recv() {
                Ok(Order::Rebuild(changes)) => dirty.merge(changes),
                Ok(Order::Stop) | Err(TryRecvError::Disconnected) => return,
                Err(TryRecvError::Empty) => break,
            }
        }
        match project.rebuild(&dirty, &cancel) {
            Outcome::Cancelled => {}
            Outcome::Done(report) => {
                dirty = Changes::default();
                print_report(&report);
                publish(shared, site_dir, report);
            }
        }
    }
}

/// What the terminal shows of a rebuild: notes, problems (as `rlbook build` prints them),
/// and one summary line.
fn print_report(report: &Report) {
    for note in &report.notes {
        eprintln!("{note}");
    }
    for (i, message) in report.problems.iter().enumerate() {
        if i + 1 < report.problems.len() {
            eprintln!("{message}\n");
        } else {
            eprintln!("{message}");
        }
    }
    println!("{}", report.line());
}

/// Publish the site just written, or only the problems when nothing was written.
fn publish(shared: &Shared, site_dir: &Path, report: Report) {
    if !report.wrote_site {
        shared.publish_problems(report.problems);
        return;
    }
    match SiteFiles::load(site_dir) {
        Ok(site) => shared.publish_site(site, report.problems),
        Err(e) => {
            let mut problems = report.problems;
            problems.insert(0, format!("{e:#}"));
            shared.publish_problems(problems);
        }
    }
}

/// The folder serve writes its site in (a fresh temporary one, private to the user, in
/// memory when the system offers a memory filesystem), removed when dropped.
pub(crate) struct OutputDir {
    dir: PathBuf,
}

/// Where temporary sites go: a memory filesystem (`$XDG_RUNTIME_DIR`, `/dev/shm`) when
/// there is one, because rewriting and deleting a site's files there costs a fraction of
/// what it costs on disk; else the system's temporary folder.
fn temporary_base() -> PathBuf {
    let candidates = [
        std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from),
        Some(PathBuf::from("/dev/shm")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|dir| cfg!(target_os = "linux") && dir.is_dir() && writable(dir))
        .unwrap_or_else(std::env::temp_dir)
}

fn writable(dir: &Path) -> bool {
    std::fs::metadata(dir).is_ok_and(|m| !m.permissions().readonly())
}

fn private_dir(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path)
}

/// Remove the output folders of serve runs that ended without cleaning up (killed), known
/// by a process id that is no longer running. Only where `/proc` tells which processes run.
fn remove_abandoned(base: &Path) {
    let proc = Path::new("/proc");
    if !cfg!(target_os = "linux") || !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let pid = name
            .strip_prefix("rlbook-serve-")
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !proc.join(pid.to_string()).exists()
        {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

impl OutputDir {
    pub(crate) fn create() -> Result<OutputDir> {
        let base = temporary_base();
        remove_abandoned(&base);
        let pid = std::process::id();
        for n in 0..1000u32 {
            let dir = base.join(format!("rlbook-serve-{pid}-{n}"));
            match private_dir(&dir) {
                Ok(()) => return Ok(OutputDir { dir }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(e).with_context(|| format!("cannot create {}", dir.display()));
                }
            }
        }
        anyhow::bail!("cannot find a free folder name in {}", base.display())
    }

    /// Where the site goes.
    pub(crate) fn site(&self) -> PathBuf {
        self.dir.join("site")
    }
}

impl Drop for OutputDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests;
