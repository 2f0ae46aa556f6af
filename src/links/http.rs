//! Asking web servers whether links stand: a HEAD request (a GET where HEAD is refused or
//! fails), redirects followed, a timeout for the whole exchange, at most `parallel`
//! requests at a time.

use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What a server answered for a URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Answer {
    /// The final HTTP status, after redirects.
    Status(u16),
    /// No answer: a timeout, a name that does not resolve, a refused connection, ….
    Failed(String),
}

impl Answer {
    /// Whether the link stands (a final status below 400).
    pub(crate) fn stands(&self) -> bool {
        matches!(self, Answer::Status(s) if *s < 400)
    }
}

/// How many requests at once, and how long each may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Limits {
    pub parallel: usize,
    pub timeout: Duration,
}

/// The answer for every URL, with how long it took, in the order of `urls`.
pub(crate) fn probe_all(urls: &[String], limits: Limits) -> Vec<(Answer, Duration)> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(limits.timeout))
        .http_status_as_error(false)
        .max_redirects(10)
        .user_agent(concat!(
            "rlbook/",
            env!("CARGO_PKG_VERSION"),
            " (link check)"
        ))
        .build()
        .into();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; urls.len()]);
    let workers = limits.parallel.clamp(1, urls.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(url) = urls.get(at) else { break };
                    let answer = probe(&agent, url);
                    if let Ok(mut all) = results.lock() {
                        all[at] = Some(answer);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    (results.into_iter())
        .map(|r| r.unwrap_or((Answer::Failed("not checked".into()), Duration::ZERO)))
        .collect()
}

/// HEAD, then GET when HEAD did not give a standing answer.
fn probe(agent: &ureq::Agent, url: &str) -> (Answer, Duration) {
    let started = Instant::now();
    let head = answer(agent.head(url).call());
    let answer = if head.stands() {
        head
    } else {
        match answer(agent.get(url).call()) {
            Answer::Failed(_) if matches!(head, Answer::Status(_)) => head,
            got => got,
        }
    };
    (answer, started.elapsed())
}

fn answer(result: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    match result {
        Ok(response) => Answer::Status(response.status().as_u16()),
        Err(ureq::Error::Timeout(_)) => Answer::Failed("timed out".into()),
        Err(ureq::Error::HostNotFound) => Answer::Failed("host not found".into()),
        Err(e) => Answer::Failed(e.to_string()),
    }
}
