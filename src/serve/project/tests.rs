//! Rebuilds of a small book in a temporary folder: what each kind of edit redoes, how
//! errors, drift and cancellation leave the site.

use super::*;

const SNIPPET: &str = "<script src=\"/__rlbook/client.js\"></script>";

const LESSON: &str = "# One\n\n```rlab\nx = 6 * 7;\nprint(\"x:\", x)\n```\n\nThe answer is ${x}.\n";

struct Fixture {
    _dir: tempfile::TempDir,
    root: PathBuf,
    site: PathBuf,
    project: Project,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("book");
        let site = dir.path().join("out/site");
        let project = Project::new(&root, &site, SNIPPET);
        let f = Fixture {
            _dir: dir,
            root,
            site,
            project,
        };
        f.write("content/01-one.md", LESSON);
        f.write("content/02-two.md", "# Two\n\nBack to [[01-one]].\n");
        f
    }

    fn write(&self, name: &str, text: &str) {
        let path = self.root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn rebuild(&mut self, changes: Changes) -> Report {
        match self
            .project
            .rebuild(&changes, &Arc::new(AtomicBool::new(false)))
        {
            Outcome::Done(report) => report,
            Outcome::Cancelled => panic!("cancelled without a cancel"),
        }
    }

    fn page(&self, name: &str) -> String {
        std::fs::read_to_string(self.site.join(name)).unwrap()
    }
}

fn sources() -> Changes {
    Changes {
        sources: true,
        ..Changes::default()
    }
}

#[test]
fn each_kind_of_edit_redoes_only_what_it_touched() {
    let mut f = Fixture::new();
    let first = f.rebuild(Changes::everything());
    assert_eq!(first.executed, ["01-one", "02-two"]);
    assert_eq!(first.rendered, ["01-one", "02-two"]);
    assert!(first.wrote_site && first.problems.is_empty(), "{first:?}");
    assert!(f.page("01-one.html").contains("The answer is 42."));
    assert!(f.page("index.html").contains(SNIPPET));

    f.write(
        "content/01-one.md",
        &LESSON.replace("The answer", "Our answer"),
    );
    let prose = f.rebuild(sources());
    assert!(prose.executed.is_empty(), "{prose:?}");
    assert_eq!(prose.rendered, ["01-one"]);
    assert!(prose.wrote_site);
    assert!(f.page("01-one.html").contains("Our answer is 42."));

    f.write("content/01-one.md", &LESSON.replace("6 * 7", "6 * 8"));
    let code = f.rebuild(sources());
    assert_eq!(code.executed, ["01-one"]);
    assert!(f.page("01-one.html").contains("The answer is 48."));

    f.write("theme/extra.css", "body { color: red; }\n");
    let theme = f.rebuild(Changes {
        site: true,
        ..Changes::default()
    });
    assert!(theme.executed.is_empty() && theme.rendered.is_empty());
    assert!(theme.wrote_site);
    assert!(f.site.join("assets/extra.css").is_file());

    let touched = f.rebuild(sources());
    assert!(!touched.wrote_site, "{touched:?}");
    assert!(
        touched.line().contains("nothing changed"),
        "{}",
        touched.line()
    );
}

#[test]
fn a_retitled_lesson_re_renders_the_pages_linking_to_it() {
    let mut f = Fixture::new();
    f.rebuild(Changes::everything());
    f.write("content/01-one.md", &LESSON.replace("# One", "# Uno"));
    let report = f.rebuild(sources());
    assert!(report.executed.is_empty());
    assert_eq!(report.rendered, ["01-one", "02-two"]);
    assert!(f.page("02-two.html").contains("Uno"));
    f.write("content/03-three.md", "# Three\n");
    let added = f.rebuild(sources());
    assert_eq!(added.executed, ["03-three"]);
    assert_eq!(added.rendered, ["03-three"]);
    assert!(f.page("index.html").contains("Three"));
}

#[test]
fn an_error_keeps_the_last_good_page_until_it_is_fixed() {
    let mut f = Fixture::new();
    f.rebuild(Changes::everything());
    f.write(
        "content/01-one.md",
        &LESSON
            .replace("The answer", "Broken")
            .replace("6 * 7", "6 * q"),
    );
    let broken = f.rebuild(sources());
    assert_eq!(broken.problems.len(), 3, "{:?}", broken.problems);
    assert!(
        broken.problems[0].starts_with("content/01-one.md:4:9: "),
        "{:?}",
        broken.problems
    );
    assert!(broken.problems[1].starts_with("content/01-one.md:8:13: undefined variable 'x'"));
    assert!(broken.problems[2].starts_with("error: 2 execution error(s)"));
    assert!(f.page("01-one.html").contains("The answer is 42."));
    assert!(!f.page("01-one.html").contains("Broken"));

    f.write("content/01-one.md", &LESSON.replace("The answer", "Fixed"));
    let fixed = f.rebuild(sources());
    assert!(fixed.problems.is_empty(), "{:?}", fixed.problems);
    assert!(f.page("01-one.html").contains("Fixed is 42."));
}

#[test]
fn drift_is_shown_with_the_new_page_and_the_record_is_never_written() {
    let mut f = Fixture::new();
    let first = f.rebuild(Changes::everything());
    assert!(
        first
            .notes
            .iter()
            .any(|n| n.starts_with("note: 2 lessons have no record")),
        "{:?}",
        first.notes
    );
    assert!(!f.root.join("expected").exists());
    let again = f.rebuild(sources());
    assert!(!again.notes.iter().any(|n| n.contains("no record")));
    f.write("expected/01-one.txt", "");
    crate::build::bless(&f.root, &[]).unwrap();
    let record = std::fs::read(f.root.join("expected/01-one.txt")).unwrap();
    let matching = f.rebuild(Changes {
        record: true,
        ..Changes::default()
    });
    assert!(matching.problems.is_empty(), "{:?}", matching.problems);

    f.write("content/01-one.md", &LESSON.replace("6 * 7", "6 * 8"));
    let drifted = f.rebuild(sources());
    assert!(
        drifted.problems.iter().any(|p| p.contains("42 → 48")),
        "{:?}",
        drifted.problems
    );
    assert!(drifted.problems.last().unwrap().contains("rlbook bless"));
    assert!(f.page("01-one.html").contains("The answer is 48."));
    assert_eq!(
        std::fs::read(f.root.join("expected/01-one.txt")).unwrap(),
        record
    );
}

#[test]
fn configuration_and_template_errors_leave_the_site_as_it_was() {
    let mut f = Fixture::new();
    f.rebuild(Changes::everything());
    let index = f.page("index.html");
    f.write("book.toml", "[book]\ntitel = \"x\"\n");
    let bad = f.rebuild(Changes::everything());
    assert!(
        bad.problems[0].ends_with("book.toml:2:1: unknown key 'titel', expected one of 'title', 'authors', 'description', 'language'"),
        "{:?}",
        bad.problems
    );
    assert!(bad.problems[1].contains("the last good site stays"));
    assert_eq!(f.page("index.html"), index);

    f.write("book.toml", "[book]\ntitle = \"Renamed\"\n");
    let good = f.rebuild(Changes::everything());
    assert!(good.problems.is_empty(), "{:?}", good.problems);
    assert!(f.page("index.html").contains("Renamed"));

    f.write(
        "templates/lesson.html",
        "{% extends \"base.html\" %}\n{% block main %}{{ nope.x }}{% endblock main %}\n",
    );
    let template = f.rebuild(Changes {
        site: true,
        ..Changes::default()
    });
    assert!(
        template.problems[0].contains("templates/lesson.html"),
        "{:?}",
        template.problems
    );
    assert!(f.page("index.html").contains("Renamed"));
}

#[test]
fn a_cancelled_rebuild_publishes_nothing_and_the_next_one_does() {
    let mut f = Fixture::new();
    let cancel = Arc::new(AtomicBool::new(true));
    let outcome = f.project.rebuild(&Changes::everything(), &cancel);
    assert!(matches!(outcome, Outcome::Cancelled), "{outcome:?}");
    assert!(!f.site.exists());
    let report = f.rebuild(Changes::everything());
    assert_eq!(report.executed, ["01-one", "02-two"]);
    assert!(f.site.join("01-one.html").is_file());
}

#[test]
fn the_terminal_line_names_few_runs_and_counts_many() {
    let mut report = Report {
        executed: vec!["01-a".into(), "01-a/s.rlab".into()],
        rendered: vec!["01-a".into()],
        wrote_site: true,
        ..Report::default()
    };
    assert_eq!(
        report.line(),
        "rebuilt in 0.00 s: executed 01-a, 01-a/s.rlab; rendered 1 page(s); wrote the site"
    );
    report.executed = ["a", "a/x.rlab", "b", "c", "c/y.rlab"]
        .map(String::from)
        .to_vec();
    assert!(
        report
            .line()
            .contains("executed 3 lesson(s) and 2 script(s);")
    );
}

#[test]
fn a_missing_book_is_a_problem_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = Project::new(dir.path(), &dir.path().join("out/site"), SNIPPET);
    let outcome = project.rebuild(&Changes::everything(), &Arc::new(AtomicBool::new(false)));
    let Outcome::Done(report) = outcome else {
        panic!("cancelled");
    };
    assert_eq!(
        report.problems[0],
        "lessons directory 'content' does not exist"
    );
    assert!(report.line().starts_with("rebuilt in "));
}

#[test]
fn the_book_cache_is_written_unless_disabled() {
    let mut f = Fixture::new();
    assert!(f.rebuild(Changes::everything()).problems.is_empty());
    assert!(f.root.join(".rlbook/exec/01-one.bin").is_file());
    assert!(f.root.join(".rlbook/highlight.bin").is_file());
    let mut again = Project::new(&f.root, &f.site, SNIPPET);
    let warm = match again.rebuild(&Changes::everything(), &Arc::new(AtomicBool::new(false))) {
        Outcome::Done(report) => report,
        Outcome::Cancelled => panic!("cancelled without a cancel"),
    };
    assert!(warm.executed.is_empty(), "{warm:?}");
    std::fs::remove_dir_all(f.root.join(".rlbook")).unwrap();
    f.project = Project::new(&f.root, &f.site, SNIPPET).with_cache(Cache::disabled());
    let uncached = f.rebuild(Changes::everything());
    assert_eq!(uncached.executed, ["01-one", "02-two"]);
    assert!(!f.root.join(".rlbook").exists());
}
