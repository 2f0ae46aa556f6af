//! A lesson reaching for files outside its book: `run` and `import` of system files, of
//! `..` paths and of symlinks that lead out are refused with a message naming the path and
//! nothing of the file; `[exec] allow_read` widens the book explicitly; a build writes
//! nothing outside its outputs and cache, whatever a lesson's `savefig` asks.

use super::harness::{Outcome, TestBook, build};
use super::{assert_builds, assert_fails_with, assert_same_site};
use std::collections::BTreeSet;
use std::path::Path;

const OUTSIDE: &str = "the build must not show any of the file";

/// The book with a site, `code` appended as a block of lesson B, built again: it fails with
/// `needle`, shows none of `hidden`, and the site is as it was.
fn refused(book: &TestBook, code: &str, needle: &str, hidden: &[&str]) {
    let before = book.site_snapshot();
    book.append("content/02-b.md", &format!("\n```rlab\n{code}\n```\n"));
    let out = build(book.path());
    assert_fails_with(&out, &[needle, "it is outside the book"]);
    for text in hidden {
        assert!(!shows(&out, text), "{OUTSIDE}: {text:?}\n{}", out.stderr);
    }
    assert_same_site(&before, &book.site_snapshot());
}

fn shows(out: &Outcome, text: &str) -> bool {
    out.stderr.contains(text) || out.stdout.contains(text)
}

/// A file beside the book (in the temporary folder that holds it) that lexes badly, so that
/// a read would show its first line in the error's excerpt.
fn secret_beside(book: &TestBook, name: &str) -> std::path::PathBuf {
    let path = book.path().parent().unwrap().join(name);
    std::fs::write(&path, "token = \"s3cr3t-token\n").unwrap();
    path
}

#[test]
fn system_files_are_refused_unread() {
    let book = TestBook::with_site("");
    refused(
        &book,
        "run \"/proc/self/environ\"",
        "content/02-b.md:11:1: runtime error: run: cannot read '/proc/self/environ'",
        &["PATH="],
    );
    let book = TestBook::with_site("");
    refused(
        &book,
        "import \"/etc/passwd\"",
        "content/02-b.md:11:1: runtime error: import: cannot read '/etc/passwd'",
        &["root:"],
    );
}

#[test]
fn parent_paths_and_symlinks_out_of_the_book_are_refused() {
    let book = TestBook::with_site("");
    let secret = secret_beside(&book, "rlbook-secret-a.rlab");
    let name = secret.file_name().unwrap().to_string_lossy().to_string();
    refused(
        &book,
        &format!("run \"../../{name}\""),
        &format!("runtime error: run: cannot read '../../{name}'"),
        &["s3cr3t"],
    );
    let book = TestBook::with_site("");
    let secret = secret_beside(&book, "rlbook-secret-b.rlab");
    std::os::unix::fs::symlink(&secret, book.path().join("content/link.rlab")).unwrap();
    refused(
        &book,
        "import \"link.rlab\"",
        "runtime error: import: cannot read 'link.rlab'",
        &["s3cr3t"],
    );
}

#[test]
fn allow_read_widens_the_book_explicitly() {
    let shared = tempfile::tempdir().unwrap();
    std::fs::write(shared.path().join("lib.rlab"), "shared_value = 41 + 1;\n").unwrap();
    let toml = format!("[exec]\nallow_read = [\"{}\"]\n", shared.path().display());
    let book = TestBook::new(&toml);
    let lib = shared.path().join("lib.rlab");
    let code = format!(
        "\n```rlab\nrun \"{}\"\nprint(shared_value)\n```\n",
        lib.display()
    );
    book.append("content/02-b.md", &code);
    let out = build(book.path());
    assert_builds(&out);
    assert!(
        book.read("site/02-b.html").contains("42"),
        "the run file's value"
    );
}

#[test]
fn a_build_writes_nothing_outside_its_outputs_and_cache() {
    let book = TestBook::new("");
    let escaped = format!("rlbook-escaped-{}.svg", std::process::id());
    let code = format!(
        "\n```rlab\nplot([1, 2]);\nsavefig(\"../../{escaped}\");\nsavefig(\"here.svg\");\n```\n"
    );
    book.append("content/02-b.md", &code);
    let before = names(book.path());
    assert_builds(&build(book.path()));
    let beside = book.path().parent().unwrap();
    assert!(
        !beside.join(&escaped).exists(),
        "savefig wrote beside the book"
    );
    let written = ["site", ".rlbook", "expected"];
    let stray: Vec<String> = names(book.path())
        .difference(&before)
        .filter(|p| !written.iter().any(|w| p.starts_with(w)))
        .cloned()
        .collect();
    assert!(
        stray.is_empty(),
        "written outside the outputs and cache: {stray:?}"
    );
}

/// Every path under `dir`, relative to it.
fn names(dir: &Path) -> BTreeSet<String> {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .flatten()
        .map(|e| e.path().strip_prefix(dir).unwrap().display().to_string())
        .collect()
}
