//! The build cache (`.rlbook/`) through the binary, on the fixture book `tests/books/cache`
//! (a lesson that `run`s a shared file, math, a Python block, a figure with NaN and
//! infinities, a script; a lesson with a `should_error` block and links): deleting,
//! truncating or corrupting any cache file, or leaving one from another rlbook version,
//! changes no output; `--no-cache` writes nothing there; a prose edit executes nothing,
//! while a changed `run` file or script executes what depends on it.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a build produced, with the parts that may differ between a cold and a warm build
/// (the time, what came from the cache, whether the site was already up to date) taken out.
#[derive(PartialEq)]
pub(crate) struct Output {
    pub(crate) ok: bool,
    stdout: String,
    stderr: String,
    site: BTreeMap<String, Vec<u8>>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes: BTreeMap<&String, usize> = self.site.iter().map(|(k, v)| (k, v.len())).collect();
        f.debug_struct("Output")
            .field("ok", &self.ok)
            .field("stdout", &self.stdout)
            .field("stderr", &self.stderr)
            .field("site sizes", &sizes)
            .finish()
    }
}

/// The build's summary clauses about the cache, and the run itself.
pub(crate) struct Build {
    pub(crate) output: Output,
    pub(crate) executed: String,
}

pub(crate) fn build(dir: &Path, args: &[&str]) -> Build {
    let run = common::rlbook(dir, args, &[]);
    let executed = run
        .stdout
        .split("; ")
        .find(|part| part.starts_with("executed "))
        .unwrap_or("")
        .trim()
        .to_string();
    let output = Output {
        ok: run.ok,
        stdout: normalise(&run.stdout),
        stderr: normalise(&run.stderr),
        site: files(&dir.join("site")),
    };
    Build { output, executed }
}

/// The summary line without its time and cache clauses.
fn normalise(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line.split("; executed ").next().unwrap_or(line);
            let line = line.replace("; already up to date", "");
            let Some(a) = line.find(" in ") else {
                return line;
            };
            match line[a + 4..].find(" s").map(|b| a + 4 + b) {
                Some(b) if line[a + 4..b].parse::<f64>().is_ok() => {
                    format!("{} in _{}", &line[..a], &line[b..])
                }
                _ => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every file under `dir`, by relative path.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().display().to_string();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn cache_files(book: &Path) -> Vec<PathBuf> {
    files(&book.join(".rlbook"))
        .into_keys()
        .filter(|name| name.ends_with(".bin"))
        .map(|name| book.join(".rlbook").join(name))
        .collect()
}

/// Ways a cache file goes bad.
fn damage(path: &Path, how: usize) {
    let bytes = std::fs::read(path).unwrap();
    let bad = match how {
        0 => bytes[..bytes.len() / 2].to_vec(),
        1 => Vec::new(),
        2 => {
            let mut b = bytes.clone();
            let middle = b.len() / 2 + 1;
            b[middle] ^= 0x5a;
            b
        }
        _ => {
            let mut b = bytes.clone();
            b.extend_from_slice(b"trailing");
            b
        }
    };
    std::fs::write(path, bad).unwrap();
}

#[test]
fn damaged_or_missing_cache_files_change_no_output() {
    let book = common::fixture_book("cache");
    let dir = book.path();
    let cold = build(dir, &["build"]);
    assert!(cold.output.ok, "{:?}", cold.output);
    assert_eq!(cold.executed, "executed 2 of 2 lessons, 1 of 1 script");
    assert!(cold.output.site.contains_key("01-deps.html"));
    let names: Vec<PathBuf> = cache_files(dir);
    assert_eq!(
        names.len(),
        8,
        "two runs, two pages, math, highlighting, the links found, the site: {names:?}"
    );
    let warm = build(dir, &["build"]);
    assert_eq!(warm.executed, "executed 0 of 2 lessons, 0 of 1 script");
    assert_eq!(warm.output, cold.output);
    for path in &names {
        let sound = std::fs::read(path).unwrap();
        for how in 0..4 {
            std::fs::write(path, &sound).unwrap();
            damage(path, how);
            let after = build(dir, &["build"]);
            assert_eq!(
                after.output,
                cold.output,
                "{} damaged ({how})",
                path.display()
            );
            let again = build(dir, &["build"]);
            assert_eq!(again.output, cold.output);
            assert_eq!(again.executed, "executed 0 of 2 lessons, 0 of 1 script");
            // Formulas and highlighting are read only when a page is rendered, and pages
            // only when the site is not known to be up to date.
            damage(path, how);
            let _ = std::fs::remove_dir_all(dir.join(".rlbook/pages"));
            let _ = std::fs::remove_file(dir.join(".rlbook/site.bin"));
            let rendered = build(dir, &["build"]);
            assert_eq!(
                rendered.output,
                cold.output,
                "{} and no pages",
                path.display()
            );
        }
    }
    std::fs::remove_dir_all(dir.join(".rlbook")).unwrap();
    let deleted = build(dir, &["build"]);
    assert_eq!(deleted.executed, "executed 2 of 2 lessons, 1 of 1 script");
    assert_eq!(deleted.output, cold.output);
    let check = build(dir, &["check"]);
    assert!(check.output.ok && check.output.stdout.starts_with("checked 2 lessons"));
    assert_eq!(check.executed, "executed 0 of 2 lessons, 0 of 1 script");
}

#[test]
fn a_failing_build_reports_the_same_errors_from_a_damaged_cache() {
    let book = common::fixture_book("runtime-error");
    let dir = book.path();
    let cold = build(dir, &["build"]);
    assert!(!cold.output.ok);
    assert!(
        cold.output.stderr.contains("execution error"),
        "{}",
        cold.output.stderr
    );
    assert_eq!(build(dir, &["build"]).output, cold.output);
    let names = cache_files(dir);
    assert!(!names.is_empty(), "runs with errors are cached too");
    for path in &names {
        damage(path, 2);
        assert_eq!(build(dir, &["build"]).output, cold.output);
    }
}

#[test]
fn a_cache_from_another_rlbook_version_is_ignored() {
    let book = common::fixture_book("cache");
    let dir = book.path();
    let cold = build(dir, &["build"]);
    let version = env!("CARGO_PKG_VERSION").as_bytes();
    let other: Vec<u8> = version
        .iter()
        .map(|&b| {
            if b.is_ascii_digit() {
                b'0' + (b - b'0' + 1) % 10
            } else {
                b
            }
        })
        .collect();
    for path in cache_files(dir) {
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes
            .windows(version.len())
            .position(|w| w == version)
            .unwrap();
        assert!(
            at < 16,
            "the version is in the header of {}",
            path.display()
        );
        bytes[at..at + version.len()].copy_from_slice(&other);
        std::fs::write(&path, bytes).unwrap();
    }
    let foreign = build(dir, &["build"]);
    assert_eq!(foreign.executed, "executed 2 of 2 lessons, 1 of 1 script");
    assert_eq!(foreign.output, cold.output);
    assert_eq!(
        build(dir, &["build"]).executed,
        "executed 0 of 2 lessons, 0 of 1 script"
    );
}

#[test]
fn no_cache_neither_reads_nor_writes_the_cache() {
    let book = common::fixture_book("cache");
    let dir = book.path();
    let uncached = build(dir, &["build", "--no-cache"]);
    assert!(uncached.output.ok, "{:?}", uncached.output);
    assert!(!dir.join(".rlbook").exists());
    assert_eq!(uncached.executed, "executed 2 of 2 lessons, 1 of 1 script");
    let cached = build(dir, &["build"]);
    assert_eq!(cached.output, uncached.output);
    let before = files(&dir.join(".rlbook"));
    assert!(!before.is_empty());
    let again = build(dir, &["build", "--no-cache"]);
    assert_eq!(again.executed, "executed 2 of 2 lessons, 1 of 1 script");
    assert_eq!(again.output, uncached.output);
    let check = build(dir, &["check", "--no-cache"]);
    assert_eq!(check.executed, "executed 2 of 2 lessons, 1 of 1 script");
    assert_eq!(files(&dir.join(".rlbook")), before);
}

#[test]
fn a_prose_edit_executes_nothing_and_a_changed_run_file_or_script_executes_again() {
    let book = common::fixture_book("cache");
    let dir = book.path();
    let lesson = dir.join("content/01-deps.md");
    let page = || std::fs::read_to_string(dir.join("site/01-deps.html")).unwrap();
    assert_eq!(
        build(dir, &["build"]).executed,
        "executed 2 of 2 lessons, 1 of 1 script"
    );
    assert!(page().contains("total: 42"));

    common::edit_file(&lesson, "This lesson runs", "This lesson, reworded, runs");
    common::edit_file(&lesson, "Some math:", "A new paragraph.\n\nSome math:");
    let prose = build(dir, &["build"]);
    assert!(prose.output.ok, "{:?}", prose.output);
    assert_eq!(prose.executed, "executed 0 of 2 lessons, 0 of 1 script");
    assert!(page().contains("This lesson, reworded, runs") && page().contains("total: 42"));

    std::fs::write(dir.join("content/shared/dep.rlab"), "base = 50;\n").unwrap();
    let dep = build(dir, &["build"]);
    assert!(dep.output.ok, "{:?}", dep.output);
    assert_eq!(dep.executed, "executed 1 of 2 lessons, 1 of 1 script");
    assert!(
        page().contains("total: 100"),
        "the run file's new value is shown"
    );

    let script = dir.join("content/01-deps/report.rlab");
    common::edit_file(&script, "print(\"draw:\"", "% a comment\nprint(\"draw:\"");
    let edited = build(dir, &["build"]);
    assert!(edited.output.ok, "{:?}", edited.output);
    assert_eq!(edited.executed, "executed 0 of 2 lessons, 1 of 1 script");
    let script_page = dir.join("site/scripts/01-deps/report.html");
    assert!(
        std::fs::read_to_string(script_page)
            .unwrap()
            .contains("a comment")
    );

    common::edit_file(&lesson, "total = base * 2;", "total = base * 3;");
    let code = build(dir, &["build"]);
    assert_eq!(code.executed, "executed 1 of 2 lessons, 0 of 1 script");
    assert!(page().contains("total: 150"));
}

#[test]
fn concurrent_checks_leave_a_sound_cache() {
    let book = common::fixture_book("cache");
    let dir = book.path();
    let reference = build(dir, &["build", "--no-cache"]);
    let checks: Vec<std::thread::JoinHandle<common::Run>> = (0..4)
        .map(|_| {
            let dir = dir.to_path_buf();
            std::thread::spawn(move || common::rlbook(&dir, &["check"], &[]))
        })
        .collect();
    for check in checks {
        let run = check.join().unwrap();
        assert!(run.ok, "{}", run.stderr);
    }
    let after = build(dir, &["build"]);
    assert_eq!(after.executed, "executed 0 of 2 lessons, 0 of 1 script");
    assert_eq!(after.output, reference.output);
    let leftovers: Vec<String> = files(&dir.join(".rlbook"))
        .into_keys()
        .filter(|name| name.contains(".tmp-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Build through the binary and return its raw stdout and stderr (`ok` asserted).
fn build_raw(dir: &Path) -> (String, String) {
    let run = common::rlbook(dir, &["build"], &[]);
    assert!(run.ok, "{}\n{}", run.stdout, run.stderr);
    (run.stdout, run.stderr)
}

#[test]
fn an_up_to_date_site_needs_no_pages_and_anything_it_is_made_from_makes_it_again() {
    let book = common::fixture_book("cache");
    let dir = book.path();
    let lesson = dir.join("content/02-more.md");
    let text = std::fs::read_to_string(&lesson).unwrap();
    std::fs::write(&lesson, format!("{text}\nSee [later](99-later.md).\n")).unwrap();
    let (_, warned) = build_raw(dir);
    assert!(
        warned.contains("broken lesson link '99-later.md'"),
        "{warned}"
    );
    let cold = build(dir, &["build"]).output;

    // Up to date: no page is needed, and the warnings are those of the pages.
    std::fs::remove_dir_all(dir.join(".rlbook/pages")).unwrap();
    let (stdout, stderr) = build_raw(dir);
    assert!(stdout.contains("already up to date"), "{stdout}");
    assert_eq!(stderr, warned);
    assert!(!dir.join(".rlbook/pages").exists(), "pages were rendered");

    // A site file changed or removed on disk: the site is written again.
    let page = dir.join("site/01-deps.html");
    std::fs::write(&page, "changed").unwrap();
    let (stdout, _) = build_raw(dir);
    assert!(!stdout.contains("already up to date"), "{stdout}");
    assert_eq!(build(dir, &["build"]).output, cold);
    std::fs::remove_file(&page).unwrap();
    assert_eq!(build(dir, &["build"]).output, cold);

    // The book's own theme and templates are part of the site.
    std::fs::create_dir_all(dir.join("theme")).unwrap();
    std::fs::write(dir.join("theme/extra.css"), "body { margin: 0 }").unwrap();
    let themed = build(dir, &["build"]).output;
    assert!(themed.site.contains_key("assets/extra.css"));
    std::fs::write(dir.join("theme/extra.css"), "body { margin: 1px }").unwrap();
    let rethemed = build(dir, &["build"]).output;
    assert_eq!(rethemed.site["assets/extra.css"], b"body { margin: 1px }");
    let base = std::fs::read_to_string("templates/base.html").unwrap();
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    let marked = base.replacen("<body", "<!-- own template -->\n<body", 1);
    std::fs::write(dir.join("templates/base.html"), marked).unwrap();
    let templated = build(dir, &["build"]).output;
    let html = String::from_utf8_lossy(&templated.site["01-deps.html"]).to_string();
    assert!(html.contains("<!-- own template -->"), "{html}");
}
