//! The files of a served site made only when first asked for: its downloads (the EPUB, the
//! PDF) and the index that lists them with their sizes (see [`crate::pipeline::deferred`]),
//! so that a reload never waits for them. A [`Later`] belongs to one published snapshot: the
//! first request for one of its files asks the builder thread to make them (after the pass
//! it may be running), and every request for them waits until they are made. A request is
//! answered from the snapshot that was current when it arrived, so a page reloaded with new
//! content never links to an older download.

use super::builder::BuildQueue;
use crate::cache::digest::Digest;
use crate::diagnostic::{self, Format};
use crate::pipeline::Engine;
use crate::pipeline::deferred::Deferred;
use crate::render::site::SiteFiles;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::watch;

/// The deferred files of one published site.
pub(crate) struct Later {
    deferred: Arc<Deferred>,
    queue: BuildQueue,
    asked: AtomicBool,
    made: watch::Sender<Option<Arc<SiteFiles>>>,
}

impl std::fmt::Debug for Later {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Later")
            .field("paths", &self.paths())
            .field("made", &self.made.borrow().is_some())
            .finish()
    }
}

impl Later {
    /// The files `deferred` leaves to make; `queue` reaches the builder that makes them.
    pub(crate) fn new(deferred: Arc<Deferred>, queue: BuildQueue) -> Arc<Later> {
        Arc::new(Later {
            deferred,
            queue,
            asked: AtomicBool::new(false),
            made: watch::channel(None).0,
        })
    }

    /// Whether the site file `key` is one of these.
    pub(crate) fn holds(&self, key: &str) -> bool {
        self.deferred.paths().iter().any(|p| p == key)
    }

    /// The site files these are.
    pub(crate) fn paths(&self) -> &[String] {
        self.deferred.paths()
    }

    /// The same for two sites whose deferred files are the same.
    pub(crate) fn digest(&self) -> Digest {
        self.deferred.digest()
    }

    /// The files, once made (the first call asks the builder to make them).
    pub(crate) async fn files(self: &Arc<Self>) -> Option<Arc<SiteFiles>> {
        let mut made = self.made.subscribe();
        if !self.asked.swap(true, Ordering::AcqRel) {
            self.queue.complete(Arc::clone(self));
        }
        let files = made.wait_for(Option::is_some).await.ok()?;
        files.clone()
    }

    /// The files, when they are made (without asking for them).
    pub(crate) fn files_made(&self) -> Option<Arc<SiteFiles>> {
        self.made.borrow().clone()
    }

    /// Make the files with `engine` (on the builder thread), unless they are made; their
    /// problems are printed as a pass's are.
    pub(crate) fn make(&self, engine: &mut Engine) {
        if self.files_made().is_some() {
            return;
        }
        let (files, problems) = engine.complete(&self.deferred);
        diagnostic::print(&problems, Format::Human);
        self.made.send_replace(Some(Arc::new(files)));
    }
}
