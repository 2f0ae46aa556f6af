//! What the builder publishes and the server reads: the site (in memory) with the files it
//! left for later, the number of the build it came from, the current problems, and the
//! messages pushed to every connected
//! browser (`hello` on connection, `reload` when site files changed, `status` when only the
//! problems did). Also the shutdown signal for open WebSocket connections.

use super::later::Later;
use super::overlay::Stamp;
use crate::render::site::SiteFiles;
use serde_json::json;
use std::sync::{Arc, RwLock};
use tokio::sync::{broadcast, watch};

/// One published state.
#[derive(Debug, Default)]
pub(crate) struct Published {
    /// Counts the site snapshots published (0: none yet).
    pub build: u64,
    pub site: Arc<SiteFiles>,
    /// The site's files made only when asked for (they replace those of `site`).
    pub later: Option<Arc<Later>>,
    pub problems: Vec<String>,
}

/// The state shared by the builder thread and the server's tasks.
pub(crate) struct Shared {
    /// Names this server run, so that pages of an earlier run reload.
    server: String,
    current: RwLock<Arc<Published>>,
    events: broadcast::Sender<Arc<str>>,
    shutdown: watch::Sender<bool>,
}

impl Shared {
    pub(crate) fn new() -> Shared {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let (shutdown, _) = watch::channel(false);
        Shared {
            server: format!("{}-{nanos}", std::process::id()),
            current: RwLock::new(Arc::new(Published::default())),
            events: broadcast::channel(64).0,
            shutdown,
        }
    }

    /// The state now (cheap: shares the snapshot).
    pub(crate) fn current(&self) -> Arc<Published> {
        let guard = self
            .current
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Arc::clone(&guard)
    }

    /// How a page of `published` is stamped.
    pub(crate) fn stamp<'a>(&'a self, published: &'a Published) -> Stamp<'a> {
        Stamp {
            server: &self.server,
            build: published.build,
            problems: &published.problems,
        }
    }

    /// Publish a new site snapshot (with the files it leaves for `later`) and tell every
    /// browser which files changed: those left for later count as changed unless the last
    /// snapshot left the same ones.
    pub(crate) fn publish_site(
        &self,
        site: Arc<SiteFiles>,
        later: Option<Arc<Later>>,
        problems: Vec<String>,
    ) {
        let mut changed = Vec::new();
        let now = self.replace(|old| {
            changed = site.changed_since(&old.site);
            let digest = |l: &Option<Arc<Later>>| l.as_ref().map(|l| l.digest());
            if digest(&later) != digest(&old.later) {
                let left = later.iter().chain(&old.later).flat_map(|l| l.paths());
                changed.extend(left.cloned());
                changed.sort();
                changed.dedup();
            }
            Published {
                build: old.build + 1,
                site,
                later,
                problems,
            }
        });
        let mut message = self.message("reload", &now);
        message["changed"] = json!(changed);
        let _ = self.events.send(Arc::from(message.to_string()));
    }

    /// Publish new problems for the same site.
    pub(crate) fn publish_problems(&self, problems: Vec<String>) {
        let now = self.replace(|old| Published {
            build: old.build,
            site: Arc::clone(&old.site),
            later: old.later.clone(),
            problems,
        });
        let message = self.message("status", &now).to_string();
        let _ = self.events.send(Arc::from(message));
    }

    /// Replace the published state with the one `next` makes of it.
    fn replace(&self, next: impl FnOnce(&Published) -> Published) -> Arc<Published> {
        let mut guard = (self.current.write()).unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Arc::new(next(&guard));
        *guard = Arc::clone(&now);
        now
    }

    /// The first message of a connection: the state now.
    pub(crate) fn hello(&self) -> String {
        self.message("hello", &self.current()).to_string()
    }

    fn message(&self, kind: &str, published: &Published) -> serde_json::Value {
        json!({
            "type": kind,
            "server": self.server,
            "build": published.build,
            "problems": published.problems,
        })
    }

    /// Messages published from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.events.subscribe()
    }

    /// Tell open connections to close.
    pub(crate) fn shut_down(&self) {
        self.shutdown.send_replace(true);
    }

    /// Resolves once [`Shared::shut_down`] was called.
    pub(crate) fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> Arc<SiteFiles> {
        let mut site = SiteFiles::default();
        for (name, text) in files {
            site.add(name, *text).unwrap();
        }
        Arc::new(site)
    }

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn sites_and_problems_are_announced() {
        let shared = Shared::new();
        let mut events = shared.subscribe();
        let hello = parse(&shared.hello());
        assert_eq!(hello["type"], "hello");
        assert_eq!(hello["build"], 0);
        shared.publish_site(site(&[("a.html", "1"), ("b.css", "x")]), None, Vec::new());
        shared.publish_site(
            site(&[("a.html", "2"), ("b.css", "x")]),
            None,
            vec!["oops".into()],
        );
        shared.publish_problems(Vec::new());
        let first = parse(&events.try_recv().unwrap());
        assert_eq!(first["changed"], json!(["a.html", "b.css"]));
        let second = parse(&events.try_recv().unwrap());
        assert_eq!(second["type"], "reload");
        assert_eq!(second["build"], 2);
        assert_eq!(second["changed"], json!(["a.html"]));
        assert_eq!(second["problems"], json!(["oops"]));
        let third = parse(&events.try_recv().unwrap());
        assert_eq!(third["type"], "status");
        assert_eq!(third["build"], 2);
        assert_eq!(third["problems"], json!([]));
        assert_eq!(third["server"], hello["server"]);
        let now = shared.current();
        assert_eq!(now.build, 2);
        assert!(now.site.get("a.html").is_some());
        assert_eq!(shared.stamp(&now).build, 2);
    }

    #[test]
    fn shutting_down_is_seen_by_subscribers() {
        let shared = Shared::new();
        let signal = shared.shutdown_signal();
        assert!(!*signal.borrow());
        shared.shut_down();
        assert!(*signal.borrow());
    }
}
