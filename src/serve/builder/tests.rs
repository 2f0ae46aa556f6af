//! The builder thread on a temporary book: the first build is published, a queued change
//! cancels a rebuild stuck in a long loop, and stopping ends the thread. Messages are
//! awaited with generous timeouts; nothing is timed.

use super::*;
use crate::serve::overlay::LIVE_RELOAD_SNIPPET;
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
