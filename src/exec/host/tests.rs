//! The book host reads inside its folders only, whatever the spelling of a path: `..`,
//! absolute paths, symlinks to files and folders outside, and every combination of them.

use super::BookHost;
use rlab::host::{Host, HostError};
use std::path::{Path, PathBuf};

const SECRET: &str = "secret = 1;\n";

/// A book folder with a lesson file, a sub-folder and symlinks out of it, beside an outside
/// folder holding a secret.
struct Layout {
    _dir: tempfile::TempDir,
    book: PathBuf,
    outside: PathBuf,
}

fn layout() -> Layout {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(book.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(book.join("a.rlab"), "a = 1;\n").unwrap();
    std::fs::write(book.join("sub/b.rlab"), "b = 2;\n").unwrap();
    std::fs::write(outside.join("out.rlab"), SECRET).unwrap();
    std::os::unix::fs::symlink(outside.join("out.rlab"), book.join("link_file.rlab")).unwrap();
    std::os::unix::fs::symlink(&outside, book.join("link_dir")).unwrap();
    std::os::unix::fs::symlink(book.join("a.rlab"), book.join("sub/link_in.rlab")).unwrap();
    Layout {
        _dir: dir,
        book,
        outside,
    }
}

fn denied(result: Result<String, HostError>) -> bool {
    matches!(result, Err(HostError::Denied(_)))
}

#[test]
fn files_inside_the_book_are_read_however_they_are_spelled() {
    let l = layout();
    let host = BookHost::new(std::slice::from_ref(&l.book));
    for path in [
        "a.rlab",
        "sub/../a.rlab",
        "./sub/b.rlab",
        "sub/link_in.rlab",
    ] {
        let text = host.read_source(&l.book.join(path));
        assert!(text.is_ok(), "{path}: {text:?}");
    }
    let missing = host.read_source(&l.book.join("sub/missing.rlab"));
    assert!(matches!(missing, Err(HostError::Io(_))), "{missing:?}");
}

#[test]
fn parent_folders_absolute_paths_and_symlinks_out_are_refused() {
    let l = layout();
    let host = BookHost::new(std::slice::from_ref(&l.book));
    for path in [
        "../outside/out.rlab",
        "sub/../../outside/out.rlab",
        "link_file.rlab",
        "link_dir/out.rlab",
        "link_dir/../book/a.rlab/../../outside/out.rlab",
        "/etc/passwd",
        "/proc/self/environ",
        "missing/../../outside/out.rlab",
        "../outside/missing.rlab",
    ] {
        assert!(denied(host.read_source(&l.book.join(path))), "{path}");
    }
    let message = HostError::Denied("x".into()).message("run", "read", "/proc/self/environ");
    assert_eq!(message, "run: cannot read '/proc/self/environ': x");
}

#[test]
fn allow_read_widens_the_folders_explicitly() {
    let l = layout();
    let host = BookHost::new(&[l.book.clone(), l.outside.clone()]);
    assert_eq!(
        host.read_source(&l.book.join("link_file.rlab")).unwrap(),
        SECRET
    );
    assert_eq!(
        host.read_source(&l.outside.join("out.rlab")).unwrap(),
        SECRET
    );
}

#[test]
fn files_are_named_relative_to_the_book_wherever_it_was_started() {
    let l = layout();
    let host = BookHost::new(std::slice::from_ref(&l.book));
    assert_eq!(
        host.display_path(&l.book.join("./sub/b.rlab")),
        "sub/b.rlab"
    );
    let real = l.book.canonicalize().unwrap().join("a.rlab");
    assert_eq!(host.display_path(&real), "a.rlab");
    let outside = l.outside.join("out.rlab");
    assert_eq!(host.display_path(&outside), outside.display().to_string());
}

#[test]
fn a_book_host_writes_nothing() {
    let l = layout();
    let host = BookHost::new(std::slice::from_ref(&l.book));
    let target = l.book.join("new.svg");
    assert!(matches!(
        host.write_file(&target, b"<svg/>"),
        Err(HostError::Denied(_))
    ));
    assert!(!target.exists());
}

/// Every path of up to four parts drawn from parent steps, the current folder, the book's
/// folders and files, the symlinks and the outside: a read either is refused or returns a
/// file that really lies inside the book; the secret never comes back.
#[test]
fn no_spelling_of_a_path_reads_outside_the_book() {
    let l = layout();
    let host = BookHost::new(std::slice::from_ref(&l.book));
    let parts = [
        "..",
        ".",
        "sub",
        "link_dir",
        "link_file.rlab",
        "a.rlab",
        "out.rlab",
        "outside",
        "book",
        "missing",
        "link_in.rlab",
    ];
    let book_real = l.book.canonicalize().unwrap();
    let mut paths = vec![PathBuf::new()];
    let mut tried = 0;
    for _ in 0..4 {
        let mut longer = Vec::new();
        for path in &paths {
            for part in parts {
                let next = path.join(part);
                let full = l.book.join(&next);
                tried += 1;
                if let Ok(text) = host.read_source(&full) {
                    assert_ne!(text, SECRET, "{}", next.display());
                    let real = full.canonicalize().unwrap();
                    assert!(real.starts_with(&book_real), "{}", next.display());
                }
                longer.push(next);
            }
        }
        paths = longer;
    }
    assert!(tried > 10_000, "{tried}");
    assert!(Path::new(&l.book).is_dir());
}
