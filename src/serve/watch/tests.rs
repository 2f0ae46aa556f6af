//! Which folders are watched, what batches mean, and a real watch on a temporary book
//! (events are awaited with generous timeouts; nothing is timed).

use super::*;
use std::sync::Mutex;

fn dirs(root: &Path) -> BookDirs {
    BookDirs::of(root)
}

#[test]
fn existing_book_folders_are_watched_below_and_the_root_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content/01-a")).unwrap();
    std::fs::create_dir_all(root.join("theme")).unwrap();
    let want = wanted(&dirs(root));
    let got: Vec<(PathBuf, RecursiveMode)> = want.into_iter().collect();
    assert_eq!(
        got,
        [
            (root.to_path_buf(), RecursiveMode::NonRecursive),
            (root.join("content"), RecursiveMode::Recursive),
            (root.join("theme"), RecursiveMode::Recursive),
        ]
    );
}

#[test]
fn a_folder_at_the_root_or_inside_another_is_not_watched_twice() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("lessons/scripts")).unwrap();
    std::fs::write(
        root.join("book.toml"),
        "[paths]\nlessons = \".\"\nscripts = \"lessons/scripts\"\ntheme = \"lessons\"\n",
    )
    .unwrap();
    let got: Vec<PathBuf> = wanted(&dirs(root)).into_keys().collect();
    assert_eq!(got, [root.to_path_buf(), root.join("lessons")]);
}

#[test]
fn a_new_folder_stands_for_the_files_already_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content/01-a/data")).unwrap();
    std::fs::write(root.join("content/01-a/demo.rlab"), "x = 1;\n").unwrap();
    std::fs::write(root.join("content/01-a/data/more.rlab"), "y = 1;\n").unwrap();
    let batch = [Raw::Paths(vec![root.join("content/01-a")])];
    assert!(meaning(&dirs(root), &batch).inputs);
    let mut names: Vec<String> = (with_files_below(&[root.join("content/01-a")]).iter())
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().to_string()))
        .filter(|n| n.ends_with(".rlab"))
        .collect();
    names.sort();
    assert_eq!(names, ["demo.rlab", "more.rlab"]);
}

#[test]
fn a_rescan_looks_at_everything() {
    let dir = tempfile::tempdir().unwrap();
    let d = dirs(dir.path());
    let batch = [
        Raw::Paths(vec![dir.path().join("content/.01-a.md.swp")]),
        Raw::Paths(vec![dir.path().join("content/4913")]),
    ];
    assert!(meaning(&d, &batch).is_empty());
    let batch = [
        Raw::Paths(vec![dir.path().join("content/01-a.md")]),
        Raw::Rescan,
        Raw::Stop,
    ];
    let c = meaning(&d, &batch);
    assert!(c.everything);
    assert!(c.inputs);
    assert_eq!(touched_paths(&batch), [dir.path().join("content/01-a.md")]);
}

/// Wait (generously) until the collected changes satisfy `done`.
fn wait_for(seen: &Mutex<Changes>, rx: &Receiver<()>, done: impl Fn(&Changes) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if done(&seen.lock().unwrap()) {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(
            !left.is_zero(),
            "no such change arrived: {:?}",
            seen.lock().unwrap()
        );
        let _ = rx.recv_timeout(left);
    }
}

#[test]
fn edits_and_new_folders_are_seen() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("content")).unwrap();
    let seen = std::sync::Arc::new(Mutex::new(Changes::default()));
    let (tx, rx) = mpsc::channel();
    let sink = std::sync::Arc::clone(&seen);
    let watch = start(&root, move |c| {
        sink.lock().unwrap().merge(c);
        let _ = tx.send(());
    })
    .unwrap();
    // Each step starts from no changes and waits for the one its edit makes.
    let step = |edit: &dyn Fn()| {
        *seen.lock().unwrap() = Changes::default();
        edit();
        wait_for(&seen, &rx, |c| c.inputs);
    };
    step(&|| std::fs::write(root.join("content/01-a.md"), "# A\n").unwrap());
    step(&|| std::fs::create_dir_all(root.join("theme")).unwrap());
    step(&|| std::fs::write(root.join("theme/extra.css"), "p {}\n").unwrap());
    step(&|| {
        std::fs::create_dir_all(root.join("content/01-a")).unwrap();
        std::fs::write(root.join("content/01-a/demo.rlab"), "x = 1;\n").unwrap();
    });
    step(&|| std::fs::write(root.join("book.toml"), "[book]\ntitle = \"T\"\n").unwrap());
    watch.stop();
}
