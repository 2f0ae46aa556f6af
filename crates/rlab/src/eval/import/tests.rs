//! One test per rule of `import`: functions callable, top level run once, nothing leaks,
//! paths relative to the importing file, cycles, missing files, duplicate functions, errors
//! inside imported files, and the files reported for caches.

use crate::{BlockOutput, Config, Session};
use std::path::{Path, PathBuf};

/// A folder with the given files, and a session whose base directory it is.
fn setup(files: &[(&str, &str)]) -> (tempfile::TempDir, Session) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let config = Config {
        base_dir: dir.path().to_path_buf(),
        ..Config::default()
    };
    (dir, Session::new(config, Some(1)))
}

/// The name of `file` of `dir` in messages (its canonical path: the folder is outside the
/// working directory).
fn name(dir: &Path, file: &str) -> String {
    dir.canonicalize().unwrap().join(file).display().to_string()
}

fn ok(s: &mut Session, line: u32, code: &str) -> String {
    let out = s.run_block("t.md", line, code);
    assert!(out.error.is_none(), "{code:?}: {:?}", out.error);
    out.text
}

fn rendered(out: &BlockOutput) -> String {
    out.error.as_ref().map(|e| e.rendered()).unwrap_or_default()
}

const SQ: &str = "function y = sq(x)\n  y = x^2;\nend\n";

#[test]
fn imported_functions_are_callable() {
    let (_dir, mut s) = setup(&[("lib.rlab", SQ)]);
    assert_eq!(ok(&mut s, 1, "import \"lib.rlab\"\nprint(sq(3))\n"), "9\n");
    assert_eq!(
        ok(&mut s, 5, "print(sq(4))\n"),
        "16\n",
        "in later blocks too"
    );
}

#[test]
fn the_top_level_runs_once_and_a_second_import_is_a_no_op() {
    let lib = format!("print(\"loading\")\n{SQ}");
    let (_dir, mut s) = setup(&[("lib.rlab", lib.as_str()), ("sub/x.rlab", "")]);
    assert_eq!(ok(&mut s, 1, "import \"lib.rlab\"\n"), "loading\n");
    assert_eq!(ok(&mut s, 2, "import \"lib.rlab\"\nprint(sq(2))\n"), "4\n");
    let other_spelling = "import \"sub/../lib.rlab\"\nimport './lib.rlab'\n";
    assert_eq!(ok(&mut s, 4, other_spelling), "", "one canonical path");
}

#[test]
fn variables_do_not_leak_either_way() {
    let lib = "secret = 5;\nprint(pi > 3)\nfunction y = f()\n  y = 1;\nend\n";
    let (_dir, mut s) = setup(&[("lib.rlab", lib), ("peek.rlab", "y = x + 1;\n")]);
    assert_eq!(ok(&mut s, 1, "x = 1;\nimport \"lib.rlab\"\n"), "true\n");
    let out = s.run_block("t.md", 3, "print(secret)\n");
    assert_eq!(
        out.error.unwrap().error.message,
        "undefined variable 'secret'"
    );
    assert_eq!(s.variable("x"), Some(&crate::value::Value::Scalar(1.0)));
    let peek = s.run_block("t.md", 4, "import \"peek.rlab\"\n");
    let message = peek.error.unwrap().error.message;
    assert!(message.starts_with("undefined variable 'x'"), "{message}");
}

#[test]
fn paths_are_relative_to_the_importing_file() {
    let (dir, mut s) = setup(&[
        (
            "lib/a.rlab",
            "import \"b.rlab\"\nrun \"setup.rlab\"\nprint(k)\n",
        ),
        ("lib/b.rlab", SQ),
        ("lib/setup.rlab", "k = 7;\n"),
        ("lib/sub/c.rlab", "import \"../b.rlab\"\n"),
    ]);
    assert_eq!(
        ok(&mut s, 1, "import \"lib/a.rlab\"\nprint(sq(5))\n"),
        "7\n25\n"
    );
    assert_eq!(ok(&mut s, 3, "import \"lib/sub/c.rlab\"\n"), "");
    // A script run from its own folder imports relative to it.
    let script = dir.path().join("lib/main.rlab");
    std::fs::write(&script, "import \"b.rlab\"\nprint(sq(6))\n").unwrap();
    let config = Config {
        base_dir: script.parent().unwrap().to_path_buf(),
        ..Config::default()
    };
    let mut t = Session::new(config, Some(1));
    assert_eq!(t.run_file(&script), Ok(()));
    assert_eq!(t.take_output(), "36\n");
}

#[test]
fn a_cycle_names_the_import_closing_it_and_the_one_that_started_it() {
    let (dir, mut s) = setup(&[
        ("a.rlab", "x = 1;\nimport \"b.rlab\"\n"),
        ("b.rlab", "import \"a.rlab\"\n"),
        ("self.rlab", "import \"self.rlab\"\n"),
    ]);
    let (a, b) = (name(dir.path(), "a.rlab"), name(dir.path(), "b.rlab"));
    let out = s.run_block("t.md", 3, "import \"a.rlab\"\n");
    let text = rendered(&out);
    let head = format!(
        "{b}:1:1: runtime error: import cycle: {b}:1:1 imports {a}, \
         which is being imported at {a}:2:1\n  1 | import \"a.rlab\"\n"
    );
    assert!(text.starts_with(&head), "{text}");
    let notes = format!("  note: {b} is imported at {a}:2:1\n  note: {a} is imported at t.md:3:1");
    assert!(text.ends_with(&notes), "{text}");
    let own = rendered(&s.run_block("t.md", 9, "import \"self.rlab\"\n"));
    let me = name(dir.path(), "self.rlab");
    let head = format!("import cycle: {me}:1:1 imports {me}, which is being imported at {me}:1:1");
    assert!(own.contains(&head), "{own}");
}

#[test]
fn a_missing_file_is_reported_at_the_import_and_the_import_that_led_there() {
    let (dir, mut s) = setup(&[("a.rlab", "% lib\n  import \"gone.rlab\"\n")]);
    let direct = s.run_block("t.md", 4, "x = 1;\nimport \"nope.rlab\"\n");
    let error = direct.error.unwrap();
    assert_eq!((error.line, error.col), (5, 1));
    assert!(
        error
            .error
            .message
            .starts_with("import: cannot read 'nope.rlab': ")
    );
    let nested = rendered(&s.run_block("t.md", 7, "import \"a.rlab\"\n"));
    let a = name(dir.path(), "a.rlab");
    let head = format!("{a}:2:3: runtime error: import: cannot read 'gone.rlab': ");
    assert!(nested.starts_with(&head), "{nested}");
    assert!(nested.ends_with(&format!("\n  note: {a} is imported at t.md:7:1")));
    assert!(
        rendered(&s.run_block("t.md", 1, "import \"/dev/null\"\n")).contains("not a regular file")
    );
}

#[test]
fn a_function_defined_twice_names_both_definitions() {
    let g = SQ.replace("sq", "g");
    let twice = format!("{g}\n{g}");
    let (dir, mut s) = setup(&[
        ("a.rlab", SQ),
        ("b.rlab", SQ),
        ("twice.rlab", twice.as_str()),
    ]);
    let (a, b) = (name(dir.path(), "a.rlab"), name(dir.path(), "b.rlab"));
    ok(&mut s, 1, "import \"a.rlab\"\n");
    let message = |out: BlockOutput| out.error.map(|e| e.error.message).unwrap_or_default();
    let by_import = message(s.run_block("t.md", 2, "import \"b.rlab\"\n"));
    assert!(
        by_import.starts_with(&format!(
            "function 'sq' defined at {b}:1:1 is already defined at {a}:1:1"
        )),
        "{by_import}"
    );
    let by_session = message(s.run_block("t.md", 3, &format!("x = 1;\n{SQ}")));
    assert_eq!(
        by_session,
        format!("function 'sq' defined at t.md:4:1 is already defined at {a}:1:1")
    );
    let in_one_file = message(s.run_block("t.md", 9, "import \"twice.rlab\"\n"));
    let t = name(dir.path(), "twice.rlab");
    assert!(
        in_one_file.starts_with(&format!(
            "function 'g' defined at {t}:5:1 is already defined at {t}:1:1"
        )),
        "{in_one_file}"
    );
}

#[test]
fn the_session_may_redefine_its_own_functions_but_not_import_over_them() {
    let own = "function y = f()\n  y = 1;\nend\n";
    let lib = "function y = f()\n  y = 2;\nend\n";
    let (dir, mut s) = setup(&[("lib.rlab", lib)]);
    ok(&mut s, 1, own);
    assert_eq!(
        ok(&mut s, 4, &format!("{}print(f())\n", own.replace('1', "3"))),
        "3\n"
    );
    let out = s.run_block("t.md", 8, "import \"lib.rlab\"\n");
    let lib_name = name(dir.path(), "lib.rlab");
    let want = format!("function 'f' defined at {lib_name}:1:1 is already defined at t.md:4:1");
    assert!(out.error.unwrap().error.message.starts_with(&want));
}

#[test]
fn an_error_inside_an_imported_file_points_into_it() {
    let lib = format!("{SQ}\ny = undefined_thing + 1;\n");
    let (dir, mut s) = setup(&[("lib.rlab", lib.as_str()), ("bad.rlab", "x = (1 +\n")]);
    let out = s.run_block("t.md", 2, "import \"lib.rlab\"\n");
    let lib_name = name(dir.path(), "lib.rlab");
    let text = rendered(&out);
    let want = format!(
        "{lib_name}:5:5: undefined variable 'undefined_thing'\n  5 | y = undefined_thing + 1;\n"
    );
    assert!(text.starts_with(&want), "{text}");
    let error = out.error.unwrap();
    assert_eq!((error.line, error.col), (5, 5));
    let parse = rendered(&s.run_block("t.md", 2, "import \"bad.rlab\"\n"));
    assert!(
        parse.starts_with(&format!("{}:1:", name(dir.path(), "bad.rlab"))),
        "{parse}"
    );
}

#[test]
fn a_failed_import_leaves_no_function_and_runs_again_next_time() {
    let lib = format!("{SQ}print(\"in\")\nerror(\"stop\")\n");
    let (_dir, mut s) = setup(&[("lib.rlab", lib.as_str())]);
    for line in [1, 2] {
        let out = s.run_block("t.md", line, "import \"lib.rlab\"\n");
        assert_eq!(out.text, "in\n", "run again after failing");
        assert!(out.error.is_some());
    }
    let out = s.run_block("t.md", 3, "sq(2)\n");
    assert_eq!(out.error.unwrap().error.message, "undefined function 'sq'");
}

#[test]
fn every_import_reports_the_file_it_depends_on() {
    let (dir, mut s) = setup(&[("a.rlab", "import \"b.rlab\"\n"), ("b.rlab", SQ)]);
    ok(&mut s, 1, "import \"a.rlab\"\n");
    let paths = |files: Vec<crate::FileRun>| -> Vec<(PathBuf, Option<String>)> {
        files
            .into_iter()
            .map(|f| (f.path.clone(), f.text().map(str::to_string)))
            .collect()
    };
    let a = (
        dir.path().join("a.rlab"),
        Some("import \"b.rlab\"\n".to_string()),
    );
    let b = (dir.path().join("b.rlab"), Some(SQ.to_string()));
    assert_eq!(paths(s.take_files_run()), [a.clone(), b]);
    ok(&mut s, 2, "import \"a.rlab\"\n");
    assert_eq!(
        paths(s.take_files_run()),
        [a],
        "a no-op import depends on the file too"
    );
    let _ = s.run_block("t.md", 3, "import \"c.rlab\"\n");
    assert_eq!(
        paths(s.take_files_run()),
        [(dir.path().join("c.rlab"), None)]
    );
}

#[test]
fn clear_forgets_imports() {
    let lib = format!("print(\"loading\")\n{SQ}");
    let (_dir, mut s) = setup(&[("lib.rlab", lib.as_str())]);
    ok(&mut s, 1, "import \"lib.rlab\"\n");
    let out = s.run_block("t.md", 2, "clear\nsq(1)\n");
    assert_eq!(out.error.unwrap().error.message, "undefined function 'sq'");
    assert_eq!(
        ok(&mut s, 4, "import \"lib.rlab\"\nprint(sq(3))\n"),
        "loading\n9\n"
    );
}

#[test]
fn a_chain_of_imports_deeper_than_the_call_depth_limit_stops() {
    let files: Vec<(String, String)> = (0..40)
        .map(|k| {
            (
                format!("f{k}.rlab"),
                format!("import \"f{}.rlab\"\n", k + 1),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let (dir, _) = setup(&refs);
    let mut config = Config {
        base_dir: dir.path().to_path_buf(),
        ..Config::default()
    };
    config.limits.max_call_depth = 8;
    let mut s = Session::new(config, Some(1));
    let error = s
        .run_block("t.md", 1, "import \"f0.rlab\"\n")
        .error
        .unwrap()
        .error;
    assert_eq!(error.kind, crate::ErrorKind::Limit);
    assert!(
        error
            .message
            .starts_with("import depth limit of 8 nested imports exceeded")
    );
}

#[test]
fn a_top_level_return_ends_the_imported_file_quietly() {
    let lib = format!("{SQ}print(\"before\")\nreturn\nprint(\"after\")\n");
    let (_dir, mut s) = setup(&[("lib.rlab", lib.as_str())]);
    let text = ok(&mut s, 1, "import \"lib.rlab\"\nprint(sq(2))\n");
    assert_eq!(text, "before\n4\n");
}
