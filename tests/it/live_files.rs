//! The files a page's live code ships, through the binary, on a small book written here: a
//! lesson that `load`s a binary `.npy` and a `.csv` ships both (the `.npy` in base64, the
//! `.csv` as text), and a changed data file runs the lesson again on the next build; a
//! student page ships the files its shown blocks read, never one that only a withheld
//! solution read.

use crate::common::rlbook;
use base64::Engine as _;
use serde_json::Value;
use std::path::Path;

/// The `.npy` file `rlbook run` of a script that `save`s the rlab expression `value` writes
/// into `folder`, as `name`.
fn saved_npy(folder: &Path, name: &str, value: &str) -> Vec<u8> {
    std::fs::create_dir_all(folder).expect("mkdir");
    let script = format!("save(\"{name}\", {value})\n");
    write(folder, "make_data.rlab", script.as_bytes());
    let run = rlbook(folder, &["run", "make_data.rlab"], &[]);
    assert!(run.ok, "{}", run.stderr);
    std::fs::remove_file(folder.join("make_data.rlab")).expect("remove the script");
    std::fs::read(folder.join(name)).expect("the saved file")
}

fn write(root: &Path, name: &str, bytes: &[u8]) {
    let path = root.join(name);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
    std::fs::write(path, bytes).expect("write");
}

const DATA_LESSON: &str = "# Data\n\n```rlab,no_check\nx = load(\"01-data/data.npy\");\n\
    t = load(\"01-data/data.csv\");\nprint(\"total:\", sum(x) + sum(t(:)))\n```\n";

const EXERCISE: &str = "# Exercise\n\n<!-- exercise -->\nAdd the helper's number.\n\n\
    <!-- solution -->\n```rlab\nrun \"lib/solution_helper.rlab\"\nprint(\"answer:\", helped)\n```\n\n\
    <!-- end -->\n\n## Then\n\n```rlab\nrun \"lib/shown.rlab\"\nprint(\"shown:\", shown)\n```\n";

/// A book with a lesson loading data and a lesson with a solution; the `.npy`'s bytes.
fn book(root: &Path) -> Vec<u8> {
    write(root, "book.toml", b"[book]\ntitle = \"Live files\"\n");
    write(root, "content/01-data.md", DATA_LESSON.as_bytes());
    let data = saved_npy(&root.join("content/01-data"), "data.npy", "[1.5, 2.0, 4.0]");
    write(root, "content/01-data/data.csv", b"1,2\n3,4\n");
    write(root, "content/02-ex.md", EXERCISE.as_bytes());
    write(
        root,
        "content/lib/solution_helper.rlab",
        b"% Zanzibar helper\nhelped = 41 + 1;\n",
    );
    write(root, "content/lib/shown.rlab", b"shown = 7;\n");
    data
}

/// The data of a page's live script `site/live/<slug>.js`.
fn live_data(root: &Path, slug: &str) -> Value {
    let path = root.join(format!("site/live/{slug}.js"));
    let script = std::fs::read_to_string(&path).expect("the page's live script");
    let json = script
        .trim_end()
        .strip_prefix("self.rlabLiveData=")
        .and_then(|s| s.strip_suffix(';'))
        .expect("self.rlabLiveData={…};");
    serde_json::from_str(json).expect("JSON")
}

fn page(root: &Path, slug: &str) -> String {
    std::fs::read_to_string(root.join(format!("site/{slug}.html"))).expect("page")
}

#[test]
fn a_page_ships_the_data_files_it_loads_and_a_changed_one_runs_it_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    let npy = book(root);
    let run = rlbook(root, &["build"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(page(root, "01-data").contains("total: 17.5"));
    let data = live_data(root, "01-data");
    assert_eq!(data["files"]["01-data/data.csv"], "1,2\n3,4\n", "{data}");
    let binary = data["binary"]["01-data/data.npy"].as_str().expect("base64");
    let decoded = base64::engine::general_purpose::STANDARD.decode(binary);
    assert_eq!(decoded.expect("base64"), npy);
    assert!(data["files"].get("01-data/data.npy").is_none(), "{data}");

    let again = rlbook(root, &["build"], &[]);
    assert!(
        again.stdout.contains("executed 0 of 2 lessons"),
        "{}",
        again.stdout
    );
    write(root, "content/01-data/data.csv", b"1,2\n3,5\n");
    let changed = rlbook(root, &["build"], &[]);
    assert!(changed.ok, "{}", changed.stderr);
    assert!(
        changed.stdout.contains("executed 1 of 2 lessons"),
        "{}",
        changed.stdout
    );
    assert!(page(root, "01-data").contains("total: 18.5"));
    assert_eq!(
        live_data(root, "01-data")["files"]["01-data/data.csv"],
        "1,2\n3,5\n"
    );
}

#[test]
fn a_student_page_ships_the_files_of_its_shown_blocks_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    book(root);
    let teacher = rlbook(root, &["build"], &[]);
    assert!(teacher.ok, "{}", teacher.stderr);
    let files = &live_data(root, "02-ex")["files"];
    assert!(files["lib/solution_helper.rlab"].is_string(), "{files}");
    assert_eq!(files["lib/shown.rlab"], "shown = 7;\n");

    let student = rlbook(root, &["build", "--locked", "--edition", "student"], &[]);
    assert!(student.ok, "{}", student.stderr);
    let data = live_data(root, "02-ex");
    let names: Vec<&String> = data["files"].as_object().expect("files").keys().collect();
    assert_eq!(names, ["lib/shown.rlab"], "{data}");
    assert_eq!(data["binary"], serde_json::json!({}));
    assert!(!data.to_string().contains("Zanzibar"), "{data}");
    assert!(page(root, "02-ex").contains("shown: 7"));
}
