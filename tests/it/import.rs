//! `import` through the binary. The fixture book `tests/books/import` (a lesson and a script
//! importing a shared library that imports a core file, a lesson importing the core directly,
//! a lesson importing nothing) builds against its record and `rlbook run` imports as lessons
//! do; editing an imported file executes again exactly the lessons and scripts that import
//! it, directly or through another import. The error report of `tests/books/import-errors`
//! (a cycle, missing files, a function defined twice, an error inside an imported file) is
//! exact, in text and as JSON.

use crate::cache::build;
use crate::common;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[test]
fn a_book_with_imports_builds_against_its_record() {
    let book = common::fixture_book("import");
    let run = common::rlbook(book.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let page = std::fs::read_to_string(book.path().join("site/01-stats.html")).unwrap();
    assert!(page.contains("mean_sq: 4.666666666666667"), "{page}");
    assert!(
        page.contains("4.6667"),
        "an inline value calls an imported function"
    );
}

#[test]
fn rlbook_run_imports_relative_to_the_script() {
    let book = common::fixture_book("import");
    let script = "content/01-stats/summary.rlab";
    let run = common::rlbook(book.path(), &["run", script], &[]);
    assert!(run.ok, "{}", run.stderr);
    let record = std::fs::read_to_string(book.path().join("expected/01-stats.txt")).unwrap();
    let recorded: String = record
        .split("=== script summary.rlab")
        .nth(1)
        .expect("the record has the script")
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(!recorded.is_empty());
    assert_eq!(run.stdout, recorded);
}

#[test]
fn editing_an_imported_file_executes_exactly_its_importers_again() {
    let book = common::fixture_book("import");
    let dir = book.path();
    let (lessons, scripts) = (
        common::files_ending(&dir.join("content"), "md"),
        scripts(&dir.join("content")),
    );
    let all = summary(&lessons, &scripts, |_| true);
    assert_eq!(build(dir, &["build"]).executed, all);
    assert_eq!(
        build(dir, &["build"]).executed,
        summary(&lessons, &scripts, |_| false)
    );
    let mut importers = Vec::new();
    for lib in ["content/shared/stats.rlab", "content/shared/core.rlab"] {
        let lib = dir.join(lib).canonicalize().unwrap();
        let imports_lib = |file: &Path| imports(file, &lib, &mut BTreeSet::new());
        let expected = summary(&lessons, &scripts, imports_lib);
        assert!(
            expected != all,
            "some lesson does not import {}",
            lib.display()
        );
        let text = std::fs::read_to_string(&lib).unwrap();
        std::fs::write(&lib, format!("{text}% edited\n")).unwrap();
        let edited = build(dir, &["build"]);
        assert!(edited.output.ok, "{:?}", edited.output);
        assert_eq!(edited.executed, expected, "after editing {}", lib.display());
        importers.push(lessons.iter().filter(|l| imports_lib(l)).count());
    }
    assert!(
        importers[1] > importers[0],
        "the core has an indirect importer besides the direct ones: {importers:?}"
    );
}

#[test]
fn import_errors_are_reported_with_their_places() {
    let book = common::fixture_book("import-errors");
    let run = common::rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn an_error_inside_an_imported_file_is_a_diagnostic_of_that_file() {
    let book = common::fixture_book("import-errors");
    let lib = "content/lib/broken.rlab";
    let text = std::fs::read_to_string(book.path().join(lib)).unwrap();
    let (line, col) = text
        .lines()
        .enumerate()
        .find_map(|(k, l)| Some((k + 1, l.find("undefined_here")? + 1)))
        .unwrap();
    let run = common::rlbook(book.path(), &["build", "--message-format", "json"], &[]);
    let found = run.stdout.lines().any(|object| {
        let v: serde_json::Value = serde_json::from_str(object).unwrap();
        v["file"] == lib && v["line"] == line && v["column"] == col
    });
    assert!(found, "{}", run.stdout);
}

#[test]
fn the_example_of_the_language_reference_prints_what_it_says() {
    let docs = include_str!("../../docs/language.md");
    let section = docs.split("## `import`").nth(1).unwrap();
    let section = section.split("\n## ").next().unwrap();
    let blocks: Vec<&str> = section
        .split("```rlab\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .collect();
    let [library, block] = blocks[..] else {
        panic!("two rlab examples: {blocks:?}")
    };
    let book = common::fixture_book("import");
    let shared = book.path().join("content/shared");
    std::fs::write(shared.join("stats.rlab"), library).unwrap();
    std::fs::write(book.path().join("content/example.rlab"), block).unwrap();
    let run = common::rlbook(book.path(), &["run", "content/example.rlab"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let core = std::fs::read_to_string(shared.join("core.rlab")).unwrap();
    let said_to_print = |code: &str| -> Vec<String> {
        code.lines()
            .filter_map(|l| l.trim().strip_prefix("print(\"")?.split('"').next())
            .map(str::to_string)
            .collect()
    };
    let printed_value = block
        .lines()
        .find_map(|l| l.starts_with("print(").then(|| l.split("% ").nth(1))?)
        .and_then(|comment| comment.split(';').next())
        .unwrap();
    let mut expected = said_to_print(&core);
    expected.extend(said_to_print(library));
    expected.push(printed_value.to_string());
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
}

/// The standalone scripts of a lessons folder: the `.rlab` files of its `NN-slug/` folders.
fn scripts(content: &Path) -> Vec<PathBuf> {
    let lesson_dirs = std::fs::read_dir(content)
        .unwrap()
        .flatten()
        .map(|e| e.path());
    lesson_dirs
        .filter(|d| d.is_dir() && d.with_extension("md").is_file())
        .flat_map(|d| common::files_ending(&d, "rlab"))
        .collect()
}

/// The build's "executed" clause when the lessons and scripts `runs` selects execute.
fn summary(lessons: &[PathBuf], scripts: &[PathBuf], runs: impl Fn(&Path) -> bool) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let lessons_run = lessons.iter().filter(|l| runs(l)).count();
    let scripts_run = scripts.iter().filter(|s| runs(s)).count();
    format!(
        "executed {lessons_run} of {} lesson{}, {scripts_run} of {} script{}",
        lessons.len(),
        plural(lessons.len()),
        scripts.len(),
        plural(scripts.len())
    )
}

/// Whether `file` imports `lib` (a canonical path), directly or through the files it
/// imports; import paths are relative to the importing file's folder.
fn imports(file: &Path, lib: &Path, seen: &mut BTreeSet<PathBuf>) -> bool {
    let Ok(text) = std::fs::read_to_string(file) else {
        return false;
    };
    let dir = file.parent().unwrap();
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("import \"")?.split('"').next())
        .filter_map(|path| dir.join(path).canonicalize().ok())
        .any(|target| target == lib || (seen.insert(target.clone()) && imports(&target, lib, seen)))
}
