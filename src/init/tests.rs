use super::*;

fn new_book(ci: Option<Ci>) -> (tempfile::TempDir, PathBuf, Report) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("my course");
    let report = init(&Options {
        dir: dir.clone(),
        ci,
    })
    .unwrap();
    (tmp, dir, report)
}

#[test]
fn a_new_book_loads_and_is_recorded() {
    let (_tmp, dir, report) = new_book(None);
    assert!(!report.course);
    assert_eq!(
        report.written,
        [
            "book.toml",
            "content/01-first-lesson.md",
            "content/01-first-lesson/interest.rlab",
            ".gitignore"
        ]
    );
    let book = crate::pipeline::load_book(&dir).unwrap();
    assert_eq!(book.config.book.title, "my course");
    assert_eq!(book.lessons.len(), 1);
    assert_eq!(book.lessons[0].scripts.len(), 1);
    assert_eq!(book.lessons[0].inlines.len(), 1);
    let record = std::fs::read_to_string(dir.join("expected/01-first-lesson.txt")).unwrap();
    assert!(
        record.contains("balance after 10 years: 162.889"),
        "{record}"
    );
    assert!(record.contains("figure 1"), "{record}");
}

#[test]
fn every_commented_key_of_book_toml_is_a_real_one() {
    let uncommented: String = (BOOK_TOML.lines())
        .map(|line| match line.strip_prefix("# ") {
            Some(rest) if rest.starts_with('[') || rest.contains(" = ") => rest,
            _ => line,
        })
        .map(|line| format!("{line}\n"))
        .collect();
    let text = uncommented.replace("{title}", "\"T\"");
    assert!(
        text.contains("\nseed = 0") && text.contains("\n[edition]"),
        "{text}"
    );
    let config = crate::config::Config::parse(Path::new("/b"), &text, "book.toml").unwrap();
    assert_eq!(config.book.authors, ["Ada Lovelace"]);
    assert_eq!(config.exec.seed, 0);
}

#[test]
fn nothing_is_overwritten_and_nothing_written_then() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join(".gitignore"), "mine\n").unwrap();
    let opts = Options {
        dir: tmp.path().to_path_buf(),
        ci: Some(Ci::Github),
    };
    let err = init(&opts).unwrap_err().to_string();
    assert!(err.starts_with(".gitignore already exists in "), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    let names: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, [".gitignore"]);
    assert_eq!(
        std::fs::read_to_string(tmp.path().join(".gitignore")).unwrap(),
        "mine\n"
    );
}

#[test]
fn a_rustlab_course_gets_only_its_book_toml() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("notebooks")).unwrap();
    std::fs::create_dir_all(dir.join("lessons/01-a")).unwrap();
    std::fs::write(dir.join("notebooks/01-a.md"), "# A\n").unwrap();
    std::fs::write(dir.join("README.md"), "Intro\n# The \"LLM\" course\n").unwrap();
    let report = init(&Options {
        dir: dir.to_path_buf(),
        ci: None,
    })
    .unwrap();
    assert!(report.course);
    assert_eq!(report.written, ["book.toml"]);
    assert!(report.next.contains("rlbook build"));
    let config = crate::config::Config::load(dir).unwrap();
    assert_eq!(config.book.title, "The \"LLM\" course");
    assert_eq!(config.paths.lessons, dir.join("notebooks"));
    assert_eq!(config.paths.scripts, dir.join("lessons"));
    assert!(
        !dir.join("expected").exists(),
        "a course is not run by init"
    );
}

#[test]
fn a_folder_without_lessons_is_no_course() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("notebooks")).unwrap();
    std::fs::create_dir_all(tmp.path().join("lessons")).unwrap();
    assert!(!is_rustlab_course(tmp.path()));
    std::fs::write(tmp.path().join("notebooks/01-a.md"), "# A\n").unwrap();
    assert!(is_rustlab_course(tmp.path()));
    assert_eq!(readme_heading("no heading\n## two\n"), None);
    assert_eq!(folder_name(Path::new("/")), "My book");
}
