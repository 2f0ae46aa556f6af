//! `--message-format json`: a book with an rlab error, a drift, a broken link and a bad
//! directive reports every one of them in one build, one JSON object per line on standard
//! output, with file, line, column, severity and message; the text format says the same.

use std::path::Path;
use std::process::{Command, Output};

fn write(root: &Path, name: &str, text: &str) {
    let path = root.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn rlbook(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rlbook"))
        .args(args)
        .arg(root)
        .env_remove("CI")
        .output()
        .unwrap()
}

/// A book whose four lessons each have one problem (the record made before they had them).
fn troubled_book(root: &Path) {
    write(
        root,
        "content/01-error.md",
        "# Error\n\n```rlab\nx = 1;\n```\n",
    );
    write(
        root,
        "content/02-drift.md",
        "# Drift\n\n```rlab\nprint(6 * 7)\n```\n",
    );
    write(
        root,
        "content/03-link.md",
        "# Link\n\nSee [the end](99-missing.md).\n",
    );
    write(
        root,
        "content/04-directive.md",
        "# Directive\n\n```rlab\nprint(1)\n```\n",
    );
    let bless = Command::new(env!("CARGO_BIN_EXE_rlbook"))
        .args(["bless", "--dir"])
        .arg(root)
        .output()
        .unwrap();
    assert!(
        bless.status.success(),
        "{}",
        String::from_utf8_lossy(&bless.stderr)
    );
    write(
        root,
        "content/01-error.md",
        "# Error\n\n```rlab\nx = nope + 1;\n```\n",
    );
    write(
        root,
        "content/02-drift.md",
        "# Drift\n\n```rlab\nprint(6 * 8)\n```\n",
    );
    write(
        root,
        "content/04-directive.md",
        "# Directive\n\n<!-- grid: 0 -->\n```rlab\nprint(1)\n```\n",
    );
}

#[test]
fn every_problem_is_one_json_object_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    troubled_book(dir.path());
    let out = rlbook(dir.path(), &["build", "--message-format", "json"]);
    assert!(!out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let kinds: Vec<&str> = objects
        .iter()
        .map(|o| o["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["load", "exec", "drift", "render"], "{stdout}");
    for object in &objects {
        for key in ["file", "line", "column", "severity", "message"] {
            assert!(!object[key].is_null(), "{key} in {object}");
        }
    }
    insta::assert_snapshot!(stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: 1 lesson(s) could not be loaded"),
        "{stderr}"
    );
    assert!(!dir.path().join("site").exists(), "nothing is written");
}

#[test]
fn the_text_format_shows_the_same_problems() {
    let dir = tempfile::tempdir().unwrap();
    troubled_book(dir.path());
    let out = rlbook(dir.path(), &["build"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    for text in [
        "content/04-directive.md:3:1: directive 'grid' needs a column count 1-12, got '0'\n  3 | <!-- grid: 0 -->",
        "content/01-error.md:4:5: undefined variable 'nope'\n  4 | x = nope + 1;",
        "content/02-drift.md:3 block 1 line 1: 42 → 48",
        "warning: content/03-link.md:3: broken lesson link '99-missing.md'",
    ] {
        assert!(stderr.contains(text), "{text}\nin\n{stderr}");
    }
    insta::assert_snapshot!(stderr);
}
