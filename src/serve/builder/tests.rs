//! The builder thread on a temporary book: the first build is published, a queued change
//! cancels a rebuild stuck in a long loop, and stopping ends the thread. Messages are
//! awaited with generous timeouts; nothing is timed.

use super::*;
use crate::serve::overlay::LIVE_RELOAD_SNIPPET;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

fn next_message(events: &mut broadcast::Receiver<Arc<str>>) -> serde_json::Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match events.try_recv() {
            Ok(text) => return serde_json::from_str(&text).unwrap(),
            Err(broadcast::error::TryRecvError::Empty) => {
                assert!(Instant::now() < deadline, "no message from the builder");
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => panic!("{e}"),
        }
    }
}

fn page(shared: &Shared, key: &str) -> String {
    let now = shared.current();
    String::from_utf8_lossy(now.site.get(key).unwrap_or_default()).to_string()
}

#[test]
fn a_stale_rebuild_stuck_in_a_loop_is_cancelled_by_the_next_change() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("book");
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("book.toml"), "[exec]\ntime_limit = 3600\n").unwrap();
    let lesson = root.join("content/01-a.md");
    std::fs::write(&lesson, "# A\n\n```rlab\nprint(1)\n```\n").unwrap();
    let shared = Arc::new(Shared::new());
    let mut events = shared.subscribe();
    let mut builder = Builder::new();
    let engine = || Engine::new(&root, true).keeping_sessions();
    builder.start(engine(), Arc::clone(&shared)).unwrap();
    let twice = builder.start(engine(), Arc::clone(&shared));
    assert!(twice.unwrap_err().to_string().contains("started twice"));
    let first = next_message(&mut events);
    assert_eq!(first["type"], "reload");
    let first_page = page(&shared, "01-a.html");
    assert!(first_page.contains("</body>"), "{first_page}");
    assert!(
        !first_page.contains(LIVE_RELOAD_SNIPPET),
        "the snippet is added when a page is served"
    );

    let endless = "# A\n\n```rlab\nx = 0;\nwhile true\n  x = x + 1;\nend\n```\n";
    std::fs::write(&lesson, endless).unwrap();
    let sources = Changes {
        inputs: true,
        ..Changes::default()
    };
    builder.queue().push(sources.clone());
    std::fs::write(&lesson, "# A\n\nFixed.\n\n```rlab\nprint(2)\n```\n").unwrap();
    builder.queue().push(sources);
    loop {
        let message = next_message(&mut events);
        if page(&shared, "01-a.html").contains("Fixed.") {
            assert_eq!(message["problems"], serde_json::json!([]));
            break;
        }
    }
    builder.stop();
}

/// A book titled `Later` whose site carries its EPUB (`Later.epub`), its lesson at `01-a.md`.
fn book_with_an_epub(dir: &Path) -> PathBuf {
    let root = dir.join("book");
    std::fs::create_dir_all(root.join("content")).unwrap();
    let config = "[book]\ntitle = \"Later\"\n[output]\nformats = [\"html\", \"epub\"]\n";
    std::fs::write(root.join("book.toml"), config).unwrap();
    let lesson = "# A\n\nFirst words.\n\n```rlab\nprint(1)\n```\n";
    std::fs::write(root.join("content/01-a.md"), lesson).unwrap();
    root
}

/// A builder started on `root`, with the first reload received.
fn started(root: &Path) -> (Builder, Arc<Shared>, broadcast::Receiver<Arc<str>>) {
    let shared = Arc::new(Shared::new());
    let mut events = shared.subscribe();
    let mut builder = Builder::new();
    let engine = Engine::new(root, true).keeping_sessions();
    builder.start(engine, Arc::clone(&shared)).unwrap();
    assert_eq!(next_message(&mut events)["type"], "reload");
    (builder, shared, events)
}

#[test]
fn the_site_a_reload_announces_does_not_carry_the_downloads() {
    let dir = tempfile::tempdir().unwrap();
    let root = book_with_an_epub(dir.path());
    let (builder, shared, mut events) = started(&root);
    assert!(shared.current().site.get("01-a.html").is_some());
    assert!(shared.current().site.get("Later.epub").is_none());
    std::fs::write(root.join("content/01-a.md"), "# A\n\nNew words.\n").unwrap();
    builder.queue().push(Changes::everything());
    while !page(&shared, "01-a.html").contains("New words.") {
        next_message(&mut events);
    }
    assert!(shared.current().site.get("Later.epub").is_none());
    builder.stop();
}

/// The site files `shared` serves now for `key` (made when they were left for later).
fn served(shared: &Shared, key: &str) -> Option<Vec<u8>> {
    let now = shared.current();
    let Some(later) = now.later.as_ref().filter(|l| l.holds(key)) else {
        return now.site.get(key).map(<[u8]>::to_vec);
    };
    let runtime = tokio::runtime::Builder::new_current_thread().build();
    let files = runtime.unwrap().block_on(later.files()).unwrap();
    files.get(key).map(<[u8]>::to_vec)
}

fn epub_has(bytes: &[u8], text: &str) -> bool {
    let files = crate::render::epub::testutil::unzip(bytes);
    files
        .values()
        .any(|data| String::from_utf8_lossy(data).contains(text))
}

#[test]
fn the_downloads_and_index_are_made_when_asked_from_the_site_reloaded_last() {
    let dir = tempfile::tempdir().unwrap();
    let root = book_with_an_epub(dir.path());
    let (builder, shared, mut events) = started(&root);
    let first = served(&shared, "Later.epub").unwrap();
    assert!(epub_has(&first, "First words."));
    for words in ["Second words.", "Third words."] {
        std::fs::write(root.join("content/01-a.md"), format!("# A\n\n{words}\n")).unwrap();
        builder.queue().push(Changes::everything());
        while !page(&shared, "01-a.html").contains(words) {
            next_message(&mut events);
        }
        let now = shared.current();
        assert!(
            now.later.as_ref().unwrap().files_made().is_none(),
            "made on request only"
        );
        let epub = served(&shared, "Later.epub").unwrap();
        assert!(epub_has(&epub, words) && !epub_has(&epub, "First words."));
        let index = String::from_utf8(served(&shared, "index.html").unwrap()).unwrap();
        let kb = format!("(EPUB, {:.0} kB)", (epub.len() as f64 / 1e3).max(1.0));
        assert!(
            index.contains("href=\"Later.epub\"") && index.contains(&kb),
            "{index}"
        );
    }
    builder.stop();
}
