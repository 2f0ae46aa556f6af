//! `rlbook serve`: build the book, serve it on this machine, rebuild on every change and
//! push a live reload to the browser, with errors and drift shown over the page.
//!
//! Four parts run side by side: the watcher ([`watch`], notify, debounced, with
//! [`changes`] saying what a batch means), the builder thread ([`builder`], which keeps the
//! [pipeline](crate::pipeline) warm, makes a pass on every change and cancels a stale pass
//! when a newer save arrives), the shared published state ([`shared`]: the site in memory,
//! the problems, the messages for browsers, the files it makes only when asked for:
//! [`later`]), and the HTTP server ([`http`], axum: site files, with the live-reload client
//! and the overlay added to pages as they are served ([`overlay`]), the WebSocket). Serve decides nothing about what to rebuild: the pipeline's
//! keys do, as for `rlbook build`, whose pages are byte for byte the ones served.

mod builder;
mod changes;
mod http;
mod later;
mod listen;
mod overlay;
mod request_path;
mod shared;
mod watch;

use crate::pipeline::Engine;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What `rlbook serve` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ServeOptions {
    /// The book's root directory.
    pub root: PathBuf,
    /// The port; `None` tries 3000 and the ports after it, `Some(0)` lets the system choose.
    pub port: Option<u16>,
    /// The address to listen on; `None` is 127.0.0.1.
    pub host: Option<String>,
    /// Open the book in the browser once serving.
    pub open: bool,
    /// Use the book's cache (`.rlbook/`); false for `--no-cache`.
    pub cache: bool,
    /// The edition to serve instead of the book's default (`--edition`).
    pub edition: Option<crate::config::Edition>,
}

/// Serve the book until Ctrl-C. Errors are those that prevent serving at all (no such
/// folder, the port is taken); errors in the book are shown, never returned.
pub(crate) fn run(opts: &ServeOptions) -> Result<()> {
    let root = std::fs::canonicalize(&opts.root)
        .with_context(|| format!("cannot find the book folder {}", opts.root.display()))?;
    anyhow::ensure!(root.is_dir(), "{} is not a folder", root.display());
    let bound = listen::bind(opts.host.as_deref(), opts.port)?;
    for note in &bound.notes {
        eprintln!("{note}");
    }
    println!("serving {} at {}", root.display(), bound.url);
    println!("the site is served from memory; press Ctrl-C to stop");
    let shared = Arc::new(shared::Shared::new());
    let engine = Engine::new(&root, opts.cache)
        .keeping_sessions()
        .edition(opts.edition);
    let mut builder = builder::Builder::new();
    let queue = builder.queue();
    let watch = watch::start(&root, move |changes| queue.push(changes))?;
    builder.start(engine, Arc::clone(&shared))?;
    if opts.open
        && let Err(e) = listen::open_browser(&bound.url)
    {
        eprintln!("notice: {e:#}; open {} yourself", bound.url);
    }
    let served = serve_until_stopped(bound.listener, Arc::clone(&shared));
    watch.stop();
    builder.stop();
    println!("stopped");
    served
}

/// Run the HTTP server on a small runtime of its own until Ctrl-C or SIGTERM.
fn serve_until_stopped(listener: std::net::TcpListener, shared: Arc<shared::Shared>) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("rlbook-http")
        .enable_all()
        .build()
        .context("cannot start the HTTP server")?;
    let served = runtime.block_on(http::serve(listener, shared));
    runtime.shutdown_timeout(Duration::from_secs(2));
    served
}
