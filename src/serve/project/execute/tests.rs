//! Tests of a rebuild's execution: what runs again after each kind of edit, the prefix
//! cache's resumed runs against full ones, and cancellation.

use super::*;
use crate::test_support::{book, write};
use std::path::Path;

fn run(b: &Book, states: &mut HashMap<String, LessonState>, rlab: &[&str]) -> Vec<String> {
    let files = rlab.iter().map(ToString::to_string).collect();
    let cache = Cache::new(&b.config.root, true);
    execute(b, states, &files, &cache, &Arc::new(AtomicBool::new(false))).unwrap()
}

const LESSON: &str = "# A\n\n```rlab\nx = 6 * 7;\nprint(x)\n```\n\nx is ${x}.\n";

#[test]
fn only_parts_that_changed_run_again() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/01-a.md", LESSON);
    write(root, "content/01-a/s.rlab", "print(1)\n");
    write(root, "content/01-a/t.rlab", "run \"helper.rlab\"\n");
    write(root, "content/01-a/helper.rlab", "y = 2;\n");
    write(root, "content/02-b.md", "# B\n\n```rlab\nprint(2)\n```\n");
    let mut states = HashMap::new();
    let executed = run(&book(root), &mut states, &[]);
    assert_eq!(executed.len(), 5, "{executed:?}");
    assert_eq!(states["01-a"].run.blocks[0].text, "42");
    assert_eq!(states["01-a"].run.inlines[0].value, Ok("42".into()));
    write(
        root,
        "content/01-a.md",
        &LESSON.replace("# A", "# A, reworded"),
    );
    let executed = run(&book(root), &mut states, &[]);
    assert!(executed.is_empty(), "{executed:?}");
    assert_eq!(states["01-a"].generation, 0);
    write(root, "content/01-a.md", &LESSON.replace("6 * 7", "6 * 8"));
    let executed = run(&book(root), &mut states, &[]);
    assert_eq!(executed, ["01-a"]);
    assert_eq!(states["01-a"].run.blocks[0].text, "48");
    assert_eq!(states["01-a"].run.scripts.len(), 3);
    assert_eq!(states["01-a"].generation, 1);
    write(root, "content/01-a/helper.rlab", "y = 3;\n");
    let executed = run(&book(root), &mut states, &["helper.rlab"]);
    assert_eq!(executed, ["01-a/helper.rlab", "01-a/t.rlab"]);
    std::fs::remove_file(root.join("content/02-b.md")).unwrap();
    assert!(run(&book(root), &mut states, &[]).is_empty());
    assert!(!states.contains_key("02-b"));
}

#[test]
fn a_cancelled_rebuild_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "content/01-a.md", LESSON);
    let b = book(dir.path());
    let mut states = HashMap::new();
    let cancel = Arc::new(AtomicBool::new(true));
    let cache = Cache::disabled();
    assert!(execute(&b, &mut states, &BTreeSet::new(), &cache, &cancel).is_none());
    assert!(states.is_empty());
}

/// Later blocks depend on the random stream, variables, the figure and `hold` left by
/// earlier ones; inline values advance the stream between blocks.
const RANDOM: &str = "# R\n\n```rlab\nseed(7);\na = rand(1, 3);\nprint(\"a:\", a)\n```\n\n\
First draw ${rand():%.6f}.\n\n```rlab\nfigure();\nhold on\nplot(a);\nb = a * 2 + randn();\n\
print(\"b:\", b)\n```\n\n```rlab\nplot(b);\nc = sum(a) + rand();\nprint(\"c:\", c)\n```\n\n\
Then ${c:%.4f} and ${randn():%.5f}.\n\n```rlab\nrun \"dep.rlab\"\nd = c + randn() + k;\n\
print(\"d:\", d)\n```\n";

/// The run of the lesson from scratch, in a fresh session.
fn full_run(root: &Path) -> LessonRun {
    let b = book(root);
    exec::run_lesson(&b.config, &b.lessons[0])
}

fn plan_for(root: &Path, states: &HashMap<String, LessonState>) -> NotebookPlan {
    let b = book(root);
    plan(&b.lessons[0], states.get("01-r"), &BTreeSet::new()).notebook
}

#[test]
fn a_code_edit_resumes_at_the_changed_step_with_the_outputs_of_a_full_run() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/01-r.md", RANDOM);
    write(root, "content/dep.rlab", "k = 10;\n");
    let mut states = HashMap::new();
    assert_eq!(run(&book(root), &mut states, &[]), ["01-r"]);
    let first = states["01-r"].run.clone();
    assert_eq!(first, full_run(root));
    assert_eq!(first.blocks[2].figures.len(), 1, "{first:?}");
    assert_eq!(
        states["01-r"].notebook.as_ref().map(|n| n.snapshots.len()),
        Some(7)
    );
    let edits = [
        (
            "c = sum(a) + rand();",
            "c = sum(a) + rand() + 1;",
            NotebookPlan::From(3),
        ),
        (
            "d = c + randn() + k;",
            "d = c - randn() + k;",
            NotebookPlan::From(6),
        ),
        ("${randn():%.5f}", "${randn():%.3f}", NotebookPlan::From(5)),
        (
            "b = a * 2 + randn();",
            "b = a * 3 + randn();",
            NotebookPlan::From(2),
        ),
        ("First draw ${rand():%.6f}.\n\n", "", NotebookPlan::From(1)),
        ("a = rand(1, 3);", "a = rand(1, 4);", NotebookPlan::From(0)),
    ];
    let mut source = RANDOM.to_string();
    for (old, new, expected) in edits {
        source = source.replace(old, new);
        write(root, "content/01-r.md", &source);
        assert_eq!(plan_for(root, &states), expected, "{new}");
        assert_eq!(run(&book(root), &mut states, &[]), ["01-r"], "{new}");
        let resumed = &states["01-r"].run;
        assert_eq!(*resumed, full_run(root), "after {new}");
        assert_ne!(*resumed, first, "{new}");
    }
    write(
        root,
        "content/01-r.md",
        &source.replace("# R", "# R, reworded"),
    );
    assert_eq!(plan_for(root, &states), NotebookPlan::Keep);
}

#[test]
fn a_changed_file_run_by_a_step_resumes_at_that_step() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/01-r.md", RANDOM);
    write(root, "content/dep.rlab", "k = 10;\n");
    let mut states = HashMap::new();
    run(&book(root), &mut states, &[]);
    assert_eq!(plan_for(root, &states), NotebookPlan::Keep);
    write(root, "content/dep.rlab", "k = 20;\n");
    assert_eq!(plan_for(root, &states), NotebookPlan::From(6));
    assert_eq!(run(&book(root), &mut states, &[]), ["01-r"]);
    let d = states["01-r"].run.blocks[3].text.clone();
    assert!(d.starts_with("d:"), "{d}");
    assert_eq!(states["01-r"].run, full_run(root));
    std::fs::remove_file(root.join("content/dep.rlab")).unwrap();
    assert_eq!(plan_for(root, &states), NotebookPlan::From(6));
    run(&book(root), &mut states, &[]);
    let error = states["01-r"].run.blocks[3].error.as_ref().map(|e| e.line);
    assert_eq!(error, Some(28), "the line of `run \"dep.rlab\"`");
    assert_eq!(states["01-r"].run, full_run(root));
}

#[test]
fn a_lesson_not_yet_run_in_this_process_takes_its_run_from_the_book_cache() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "content/01-r.md", RANDOM);
    write(root, "content/dep.rlab", "k = 10;\n");
    write(root, "content/01-r/s.rlab", "print(rand())\n");
    let mut first = HashMap::new();
    assert_eq!(run(&book(root), &mut first, &[]), ["01-r", "01-r/s.rlab"]);
    let mut second = HashMap::new();
    assert!(run(&book(root), &mut second, &[]).is_empty());
    assert_eq!(second["01-r"].run, first["01-r"].run);
    assert!(second["01-r"].notebook.is_none(), "no sessions to resume");
    let source = RANDOM.replace("d = c + randn() + k;", "d = c + k;");
    write(root, "content/01-r.md", &source);
    assert_eq!(plan_for(root, &second), NotebookPlan::From(0));
    assert_eq!(run(&book(root), &mut second, &[]), ["01-r"]);
    assert_eq!(second["01-r"].run, full_run(root));
    let uncached = Cache::disabled();
    let mut third = HashMap::new();
    let b = book(root);
    let never = Arc::new(AtomicBool::new(false));
    let executed = execute(&b, &mut third, &BTreeSet::new(), &uncached, &never);
    assert_eq!(executed.map(|e| e.len()), Some(2));
}
