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
    String::from_utf8_lossy(now.site.get(key).map_or(&b""[..], |b| &b[..])).to_string()
}

#[test]
fn a_stale_rebuild_stuck_in_a_loop_is_cancelled_by_the_next_change() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("book");
    let out = OutputDir::create().unwrap();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("book.toml"), "[exec]\ntime_limit = 3600\n").unwrap();
    let lesson = root.join("content/01-a.md");
    std::fs::write(&lesson, "# A\n\n```rlab\nprint(1)\n```\n").unwrap();
    let shared = Arc::new(Shared::new());
    let mut events = shared.subscribe();
    let project = Project::new(&root, &out.site(), LIVE_RELOAD_SNIPPET);
    let mut builder = Builder::new();
    builder
        .start(project, Arc::clone(&shared), &out.site())
        .unwrap();
    let project_again = Project::new(&root, &out.site(), LIVE_RELOAD_SNIPPET);
    let twice = builder.start(project_again, Arc::clone(&shared), &out.site());
    assert!(twice.unwrap_err().to_string().contains("started twice"));
    let first = next_message(&mut events);
    assert_eq!(first["type"], "reload");
    assert!(page(&shared, "01-a.html").contains(LIVE_RELOAD_SNIPPET));

    let endless = "# A\n\n```rlab\nx = 0;\nwhile true\n  x = x + 1;\nend\n```\n";
    std::fs::write(&lesson, endless).unwrap();
    let sources = Changes {
        sources: true,
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

#[test]
fn folders_of_serve_runs_that_are_gone_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let gone = dir.path().join(format!("rlbook-serve-{}-0", u32::MAX - 1));
    let alive = dir
        .path()
        .join(format!("rlbook-serve-{}-0", std::process::id()));
    let other = dir.path().join("something-else");
    for d in [&gone, &alive, &other] {
        std::fs::create_dir_all(d.join("site")).unwrap();
    }
    remove_abandoned(dir.path());
    assert_eq!(gone.exists(), !Path::new("/proc/self").exists());
    assert!(alive.exists() && other.exists());
}

#[test]
fn the_output_folder_is_removed_when_dropped() {
    let out = OutputDir::create().unwrap();
    let other = OutputDir::create().unwrap();
    assert_ne!(out.site(), other.site());
    std::fs::create_dir_all(out.site()).unwrap();
    std::fs::write(out.site().join("index.html"), "x").unwrap();
    let parent = out.site().parent().unwrap().to_path_buf();
    assert!(parent.starts_with(temporary_base()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&parent).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "{mode:o}");
    }
    drop(out);
    assert!(!parent.exists());
}
