//! `rlbook build` and `rlbook serve` share the book's cache (`.rlbook/`): serve is the build
//! kept warm, never a second keying. Through the binary, as a user types the commands (in the
//! book's folder, or naming it from elsewhere), on the shipped course (`book.toml`,
//! `content/`, `expected/` of this repository: a lesson with seven standalone scripts) and on
//! the fixture books with `run` files, `import`s, standalone scripts and a `should_error`
//! block: after one command executed the book, the other executes nothing, in either order,
//! also while serve runs.

use crate::common;
use crate::serve_support::{Served, fixture, shipped_course};
use std::path::Path;

/// What a pass says it executed: notebooks run and lessons, scripts run and scripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Executed {
    lessons_run: usize,
    lessons: usize,
    scripts_run: usize,
    scripts: usize,
}

impl Executed {
    /// From a build's summary clause `executed 0 of 1 lesson, 7 of 7 scripts`.
    fn of_build(stdout: &str) -> Executed {
        let clause = (stdout.split("; "))
            .find_map(|part| part.trim().strip_prefix("executed "))
            .unwrap_or_else(|| panic!("no 'executed' clause in {stdout:?}"));
        let numbers: Vec<usize> = (clause.split([' ', ',']))
            .filter_map(|word| word.parse().ok())
            .collect();
        let [lessons_run, lessons, scripts_run, scripts] = numbers[..] else {
            panic!("unexpected clause {clause:?}");
        };
        Executed {
            lessons_run,
            lessons,
            scripts_run,
            scripts,
        }
    }

    fn nothing(self) -> bool {
        self.lessons_run == 0 && self.scripts_run == 0
    }
}

/// `rlbook build [BOOK]` in `cwd`; what it executed.
fn build_in(cwd: &Path, book: Option<&str>) -> Executed {
    let args: Vec<&str> = std::iter::once("build").chain(book).collect();
    let run = common::rlbook(cwd, &args, &[]);
    assert!(run.ok, "{}\n{}", run.stdout, run.stderr);
    Executed::of_build(&run.stdout)
}

/// Serve's first pass executed nothing and rendered nothing: it found the build's runs and
/// pages under its own keys.
fn assert_served_from_cache(served: &Served) {
    let first = served.first_pass();
    assert!(
        !first.contains("executed") && !first.contains("rendered"),
        "serve after build: {first}\n{}",
        served.stderr()
    );
}

/// build → serve → build, then serve → build (while serving) → build, in the book's folder.
fn assert_shared_in_the_books_folder(book: &Path) {
    let cold = build_in(book, None);
    assert!(!cold.nothing() && cold.lessons > 0, "{cold:?}");
    let mut served = Served::start_in(book, book, None);
    assert_served_from_cache(&served);
    served.interrupt();
    let again = build_in(book, None);
    assert!(again.nothing(), "build after serve: {again:?}");
    assert_eq!((again.lessons, again.scripts), (cold.lessons, cold.scripts));

    std::fs::remove_dir_all(book.join(".rlbook")).unwrap();
    let served = Served::start_in(book, book, None);
    let first = served.first_pass();
    assert!(
        first.contains("executed"),
        "a cold serve runs the book: {first}"
    );
    let during = build_in(book, None);
    assert!(during.nothing(), "build while serving: {during:?}");
    drop(served);
    let after = build_in(book, None);
    assert!(after.nothing(), "build after serving: {after:?}");
}

#[test]
fn the_shipped_course_is_executed_once_for_build_and_serve() {
    let (_dir, book) = shipped_course();
    assert_shared_in_the_books_folder(&book);
}

#[test]
fn the_shipped_course_named_from_elsewhere_shares_the_cache_of_its_own_folder() {
    let (dir, book) = shipped_course();
    let parent = dir.path().to_path_buf();
    let cold = build_in(&parent, Some("book"));
    assert!(!cold.nothing(), "{cold:?}");
    assert!(
        build_in(&book, None).nothing(),
        "build in the book's folder"
    );
    assert!(
        build_in(&book.join("content"), Some("..")).nothing(),
        "build .."
    );
    let served = Served::start_in(&book, &parent, Some("./book"));
    assert_served_from_cache(&served);
}

#[test]
fn a_book_that_runs_files_and_has_scripts_is_executed_once_for_build_and_serve() {
    let (_dir, book) = fixture("cache");
    assert_shared_in_the_books_folder(&book);
}

#[test]
fn a_book_that_imports_files_is_executed_once_for_build_and_serve() {
    let (_dir, book) = fixture("import");
    assert_shared_in_the_books_folder(&book);
}
