//! External links (`--check-external`): every distinct `http(s)` URL the lessons link to is
//! asked for once ([`super::http`]), at most `[links] parallel` at a time, each within
//! `[links] timeout`; answers are kept in the book's cache (`.rlbook/links.bin`) for a day,
//! so a rebuild asks again only for new URLs. A URL that fails (a 4xx/5xx status after
//! redirects, a timeout, a name that does not resolve) is reported at every place that
//! links to it.

use super::http::{Answer, Limits, probe_all};
use super::{SourceLink, links_of, report};
use crate::book::Book;
use crate::book::inline::LineIndex;
use crate::cache::{Cache, CacheFile};
use crate::diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long an answer is trusted.
const FRESH_FOR: Duration = Duration::from_secs(24 * 60 * 60);

/// The answers kept in the cache, by URL.
#[derive(Default, Serialize, Deserialize)]
struct Checked {
    entries: BTreeMap<String, Entry>,
}

#[derive(Clone, Serialize, Deserialize)]
struct Entry {
    answer: Answer,
    /// When it was asked, in seconds since the Unix epoch.
    asked_at: u64,
    /// How long the answer took, in milliseconds.
    millis: u64,
}

/// Check every external link of the book; the broken ones as diagnostics (errors under
/// `strict`).
pub(crate) fn check_external(book: &Book, cache: &Cache, strict: bool) -> Vec<Diagnostic> {
    let places = external_links(book);
    let now = seconds_now();
    let mut checked: Checked = cache.load(&CacheFile::links()).unwrap_or_default();
    checked
        .entries
        .retain(|_, e| now.saturating_sub(e.asked_at) < FRESH_FOR.as_secs());
    let todo: Vec<String> = (places.keys())
        .filter(|url| !checked.entries.contains_key(*url))
        .cloned()
        .collect();
    let limits = Limits {
        parallel: book.config.links.parallel,
        timeout: book.config.links.timeout,
    };
    for (url, (answer, took)) in todo.iter().zip(probe_all(&todo, limits)) {
        let millis = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
        let entry = Entry {
            answer,
            asked_at: now,
            millis,
        };
        checked.entries.insert(url.clone(), entry);
    }
    if !todo.is_empty() {
        cache.store(&CacheFile::links(), &checked);
    }
    reports(book, &places, &checked, strict)
}

/// Each external URL and the places (lesson index, link) that link to it.
fn external_links(book: &Book) -> BTreeMap<String, Vec<(usize, SourceLink)>> {
    let mut places: BTreeMap<String, Vec<(usize, SourceLink)>> = BTreeMap::new();
    for (i, lesson) in book.lessons.iter().enumerate() {
        for link in links_of(lesson).into_iter().filter(|l| !l.wiki) {
            if let Some(url) = web_url(&link.dest) {
                places.entry(url).or_default().push((i, link));
            }
        }
    }
    places
}

/// The URL to ask for, without its fragment, when `dest` is an `http(s)` link.
fn web_url(dest: &str) -> Option<String> {
    let dest = dest.trim();
    let lower = dest.get(..8).unwrap_or(dest).to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return None;
    }
    let url = dest.split('#').next().unwrap_or(dest);
    Some(url.to_string())
}

fn reports(
    book: &Book,
    places: &BTreeMap<String, Vec<(usize, SourceLink)>>,
    checked: &Checked,
    strict: bool,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (url, links) in places {
        let Some(entry) = checked.entries.get(url).filter(|e| !e.answer.stands()) else {
            continue;
        };
        let why = match &entry.answer {
            Answer::Status(status) => format!("the server answered {status}"),
            Answer::Failed(reason) => reason.clone(),
        };
        for (i, link) in links {
            let lesson = &book.lessons[*i];
            let lines = LineIndex::new(&lesson.source);
            let message = format!("broken external link: '{}' — {why}", link.dest);
            out.push(report(lesson, &lines, link, message, strict));
        }
    }
    out.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    out
}

fn seconds_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_links_are_external_and_lose_their_fragment() {
        assert_eq!(
            web_url("https://x.org/a#b").as_deref(),
            Some("https://x.org/a")
        );
        assert_eq!(web_url("HTTP://x.org").as_deref(), Some("HTTP://x.org"));
        assert_eq!(web_url("mailto:a@b.c"), None);
        assert_eq!(web_url("02-b.md#x"), None);
        assert_eq!(web_url("http"), None);
    }
}
