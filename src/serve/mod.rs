//! `rlbook serve`: build the book, serve it on this machine, rebuild on every change and
//! push a live reload to the browser, with errors and drift shown over the page.
//!
//! Four parts run side by side: the watcher ([`watch`], notify, debounced, with
//! [`changes`] saying what a batch means), the builder thread ([`builder`], which owns the
//! incremental [`project`] and cancels a stale rebuild when a newer save arrives), the
//! shared published state ([`shared`]: an in-memory snapshot of the site written to a
//! temporary folder of serve's own, the problems, the messages for browsers), and the HTTP
//! server ([`http`], axum: site files, the overlay stamped into pages ([`overlay`]), the
//! WebSocket). The stages themselves are those of `rlbook build`.

mod builder;
mod changes;
mod http;
mod listen;
mod overlay;
mod project;
mod request_path;
mod shared;
mod site_files;
mod watch;

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What `rlbook serve` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeOptions {
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
}

/// Serve the book until Ctrl-C. Errors are those that prevent serving at all (no such
/// folder, the port is taken); errors in the book are shown, never returned.
pub fn run(opts: &ServeOptions) -> Result<()> {
    let root = std::fs::canonicalize(&opts.root)
        .with_context(|| format!("cannot find the book folder {}", opts.root.display()))?;
    anyhow::ensure!(root.is_dir(), "{} is not a folder", root.display());
    let bound = listen::bind(opts.host.as_deref(), opts.port)?;
    let output = builder::OutputDir::create()?;
    let site_dir = output.site();
    for note in &bound.notes {
        eprintln!("{note}");
    }
    println!("serving {} at {}", root.display(), bound.url);
    println!(
        "site written to {}; press Ctrl-C to stop",
        site_dir.display()
    );
    let shared = Arc::new(shared::Shared::new());
    let cache = crate::cache::Cache::new(&root, opts.cache);
    let project =
        project::Project::new(&root, &site_dir, overlay::LIVE_RELOAD_SNIPPET).with_cache(cache);
    let mut builder = builder::Builder::new();
    let queue = builder.queue();
    let watch = watch::start(&root, &site_dir, move |changes| queue.push(changes))?;
    builder.start(project, Arc::clone(&shared), &site_dir)?;
    if opts.open
        && let Err(e) = listen::open_browser(&bound.url)
    {
        eprintln!("notice: {e:#}; open {} yourself", bound.url);
    }
    let served = serve_until_stopped(bound.listener, Arc::clone(&shared));
    watch.stop();
    builder.stop();
    drop(output);
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
