//! The builder thread: it owns the warm [`Engine`] and the memory sink, takes batches of
//! changes from a queue, makes a pass of the pipeline, prints what happened, and publishes the
//! new site or problems. A batch that arrives during a pass cancels it (the interpreter stops
//! at its next statement); the cancelled pass's changes are merged with the new ones. It also
//! makes the files a published site left for later ([`Later`]) when a request asks for them.

use super::changes::Changes;
use super::later::Later;
use super::shared::Shared;
use crate::diagnostic::{self, Format};
use crate::pipeline::publish::Memory;
use crate::pipeline::{Engine, Goal, Pass, Records, Request, summary};
use anyhow::{Context, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

enum Order {
    Rebuild(Changes),
    /// Make the files a published site left for later.
    Complete(Arc<Later>),
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

    /// Ask for `later`'s files (after the rebuild in progress, which goes on).
    pub(crate) fn complete(&self, later: Arc<Later>) {
        let _ = self.orders.send(Order::Complete(later));
    }

    fn cancel_current(&self) {
        let current = self
            .current
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
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
    pub(crate) fn start(&mut self, engine: Engine, shared: Arc<Shared>) -> Result<()> {
        let rx = self
            .orders
            .take()
            .context("the builder was started twice")?;
        let queue = self.queue.clone();
        let thread = std::thread::Builder::new()
            .name("rlbook-build".into())
            .spawn(move || run(&rx, &queue, engine, &shared))
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

fn run(rx: &Receiver<Order>, queue: &BuildQueue, mut engine: Engine, shared: &Shared) {
    let request = Request {
        goal: Goal::Serve,
        strict: false,
        records: Records::ReadOnly,
        check_external: false,
    };
    let mut sink = Memory::default();
    let mut dirty = Changes::everything();
    loop {
        if dirty.is_empty() {
            match rx.recv() {
                Ok(Order::Rebuild(changes)) => dirty.merge(changes),
                Ok(Order::Complete(later)) => later.make(&mut engine),
                Ok(Order::Stop) | Err(_) => return,
            }
            continue;
        }
        let cancel = Arc::new(AtomicBool::new(false));
        *(queue.current.lock()).unwrap_or_else(std::sync::PoisonError::into_inner) =
            Arc::clone(&cancel);
        loop {
            match rx.try_recv() {
                Ok(Order::Rebuild(changes)) => dirty.merge(changes),
                Ok(Order::Complete(later)) => later.make(&mut engine),
                Ok(Order::Stop) | Err(TryRecvError::Disconnected) => return,
                Err(TryRecvError::Empty) => break,
            }
        }
        if let Some(pass) = engine.pass(&request, &mut sink, Some(&cancel)) {
            dirty = Changes::default();
            let problems = summary::serve_problems(&pass);
            print_report(&pass);
            match sink.files().filter(|_| pass.published()) {
                Some(site) => {
                    let later = engine.deferred().map(|d| Later::new(d, queue.clone()));
                    shared.publish_site(site, later, problems);
                }
                None => shared.publish_problems(problems),
            }
        }
    }
}

/// What the terminal shows of a pass (as `rlbook build` shows it, coloured on a terminal):
/// its notes, its problems, and one summary line.
fn print_report(pass: &Pass) {
    let errors = pass.diagnostics.iter().filter(|d| d.is_error());
    let shown: Vec<_> = summary::serve_notes(pass).chain(errors).cloned().collect();
    diagnostic::print(&shown, Format::Human);
    if let Some(line) = summary::serve_summary(pass) {
        eprintln!("{line}");
    }
    println!("{}", summary::rebuilt(pass));
}

#[cfg(test)]
mod tests;
