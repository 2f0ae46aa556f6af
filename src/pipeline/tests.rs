//! Passes over a small book in a temporary folder, as `serve` makes them (a warm engine, the
//! memory sink) and as `build` does: what each kind of edit redoes, how errors, drift and
//! cancellation leave the site.

use super::publish::Memory;
use super::*;

const LESSON: &str = "# One\n\n```rlab\nx = 6 * 7;\nprint(\"x:\", x)\n```\n\nThe answer is ${x}.\n";

const SERVE: Request = Request {
    goal: Goal::Serve,
    strict: false,
    records: Records::ReadOnly,
    check_external: false,
};

struct Fixture {
    _dir: tempfile::TempDir,
    root: PathBuf,
    engine: Engine,
    sink: Memory,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("book");
        let engine = Engine::new(&root, true).keeping_sessions();
        let f = Fixture {
            _dir: dir,
            root,
            engine,
            sink: Memory::default(),
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

    fn pass(&mut self) -> Pass {
        let cancel = Arc::new(AtomicBool::new(false));
        let pass = self.engine.pass(&SERVE, &mut self.sink, Some(&cancel));
        pass.expect("cancelled without a cancel")
    }

    fn page(&self, name: &str) -> String {
        let files = self.sink.files().expect("a site was published");
        without_value_spans(&String::from_utf8_lossy(
            files.get(name).unwrap_or_default(),
        ))
    }
}

/// `html` without its inline-value spans (`<span class="inline-value" data-at="…">`).
fn without_value_spans(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<span class=\"inline-value\"") {
        out.push_str(&rest[..at]);
        let open_end = rest[at..].find('>').map_or(rest.len(), |i| at + i + 1);
        let close = rest[open_end..]
            .find("</span>")
            .map_or(rest.len(), |i| open_end + i);
        out.push_str(&rest[open_end..close]);
        rest = &rest[(close + "</span>".len()).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

fn problems(pass: &Pass) -> Vec<String> {
    summary::serve_problems(pass)
}

fn notes(pass: &Pass) -> Vec<String> {
    let notes = pass.diagnostics.iter().filter(|d| !d.is_error());
    notes.map(Diagnostic::text).collect()
}

#[test]
fn each_kind_of_edit_redoes_only_what_it_touched() {
    let mut f = Fixture::new();
    let first = f.pass();
    assert_eq!(first.executed, ["01-one", "02-two"]);
    assert_eq!(first.rendered, ["01-one", "02-two"]);
    assert!(
        first.published() && problems(&first).is_empty(),
        "{first:?}"
    );
    assert!(f.page("01-one.html").contains("The answer is 42."));

    f.write(
        "content/01-one.md",
        &LESSON.replace("The answer", "Our answer"),
    );
    let prose = f.pass();
    assert!(prose.executed.is_empty(), "{prose:?}");
    assert_eq!(prose.rendered, ["01-one"]);
    assert!(prose.published());
    assert!(f.page("01-one.html").contains("Our answer is 42."));

    f.write("content/01-one.md", &LESSON.replace("6 * 7", "6 * 8"));
    let code = f.pass();
    assert_eq!(code.executed, ["01-one"]);
    assert!(f.page("01-one.html").contains("The answer is 48."));

    f.write("theme/extra.css", "body { color: red; }\n");
    let theme = f.pass();
    assert!(theme.executed.is_empty() && theme.rendered.is_empty());
    assert!(theme.published());
    assert!(f.page("assets/extra.css").contains("red"));

    let touched = f.pass();
    assert!(!touched.published(), "{touched:?}");
    assert!(summary::rebuilt(&touched).contains("nothing changed"));
}

#[test]
fn an_edited_notebook_resumes_after_its_unchanged_steps() {
    let mut f = Fixture::new();
    let lesson = "# One\n\n```rlab\nx = rand();\n```\n\n```rlab\nprint(x)\n```\n";
    f.write("content/01-one.md", lesson);
    f.pass();
    let before = f.page("01-one.html");
    f.write(
        "content/01-one.md",
        &lesson.replace("print(x)", "print(x * 1)"),
    );
    let resumed = f.pass();
    assert_eq!(resumed.executed, ["01-one"]);
    let value = |page: &str| page.split("<pre").nth(3).unwrap_or("").to_string();
    assert_eq!(
        value(&f.page("01-one.html")),
        value(&before),
        "the same random x"
    );
}

#[test]
fn a_retitled_lesson_re_renders_the_pages_linking_to_it() {
    let mut f = Fixture::new();
    f.pass();
    f.write("content/01-one.md", &LESSON.replace("# One", "# Uno"));
    let pass = f.pass();
    assert!(pass.executed.is_empty());
    assert_eq!(pass.rendered, ["01-one", "02-two"]);
    assert!(f.page("02-two.html").contains("Uno"));
    f.write("content/03-three.md", "# Three\n");
    let added = f.pass();
    assert_eq!(added.executed, ["03-three"]);
    assert_eq!(added.rendered, ["03-three"]);
    assert!(f.page("index.html").contains("Three"));
}

#[test]
fn an_error_keeps_the_last_good_page_until_it_is_fixed() {
    let mut f = Fixture::new();
    f.pass();
    let broken = LESSON
        .replace("The answer", "Broken")
        .replace("6 * 7", "6 * q");
    f.write("content/01-one.md", &broken);
    let pass = f.pass();
    let problems = problems(&pass);
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems[0].starts_with("content/01-one.md:4:9: "),
        "{problems:?}"
    );
    assert!(problems[1].starts_with("content/01-one.md:8:13: undefined variable 'x'"));
    assert!(problems[2].starts_with("error: 2 execution error(s)"));
    assert!(f.page("01-one.html").contains("The answer is 42."));
    assert!(!f.page("01-one.html").contains("Broken"));

    f.write("content/01-one.md", &LESSON.replace("The answer", "Fixed"));
    let fixed = f.pass();
    assert!(fixed.diagnostics.iter().all(|d| !d.is_error()), "{fixed:?}");
    assert!(f.page("01-one.html").contains("Fixed is 42."));
}

#[test]
fn drift_is_shown_with_the_new_page_and_the_record_is_never_written() {
    let mut f = Fixture::new();
    let first = f.pass();
    let notes = notes(&first);
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("note: 2 lessons have no record")),
        "{notes:?}"
    );
    assert!(!f.root.join("expected").exists());
    let again = f.pass();
    assert!(!self::notes(&again).iter().any(|n| n.contains("no record")));
    crate::build::bless(&f.root, &[]).unwrap();
    let record = std::fs::read(f.root.join("expected/01-one.txt")).unwrap();
    assert!(problems(&f.pass()).is_empty());

    f.write("content/01-one.md", &LESSON.replace("6 * 7", "6 * 8"));
    let drifted = f.pass();
    let problems = problems(&drifted);
    assert!(
        problems.iter().any(|p| p.contains("42 → 48")),
        "{problems:?}"
    );
    assert!(problems.last().unwrap().contains("rlbook bless"));
    assert!(f.page("01-one.html").contains("The answer is 48."));
    assert_eq!(
        std::fs::read(f.root.join("expected/01-one.txt")).unwrap(),
        record
    );
}

#[test]
fn configuration_and_template_errors_leave_the_site_as_it_was() {
    let mut f = Fixture::new();
    f.pass();
    let index = f.page("index.html");
    f.write("book.toml", "[book]\ntitel = \"x\"\n");
    let bad = problems(&f.pass());
    assert!(
        bad[0].ends_with("book.toml:2:1: unknown key 'titel', expected one of 'title', 'authors', 'description', 'language', 'url', 'bibliography', 'csl', 'glossary'"),
        "{bad:?}"
    );
    assert!(bad[1].contains("the last good site stays"));
    assert_eq!(f.page("index.html"), index);

    f.write("book.toml", "[book]\ntitle = \"Renamed\"\n");
    assert!(problems(&f.pass()).is_empty());
    assert!(f.page("index.html").contains("Renamed"));

    f.write(
        "templates/lesson.html",
        "{% extends \"base.html\" %}\n{% block main %}{{ nope.x }}{% endblock main %}\n",
    );
    let template = problems(&f.pass());
    assert!(
        template[0].contains("templates/lesson.html"),
        "{template:?}"
    );
    assert!(f.page("index.html").contains("Renamed"));
}

#[test]
fn a_lesson_that_cannot_be_loaded_keeps_the_last_site_and_says_why() {
    let mut f = Fixture::new();
    f.pass();
    f.write(
        "content/02-two.md",
        "# Two\n\n<!-- grid: 99 -->\n```rlab\nx = 1;\n```\n",
    );
    let pass = f.pass();
    let problems = problems(&pass);
    assert!(
        problems[0].starts_with("content/02-two.md:3:1: directive 'grid' needs a column count"),
        "{problems:?}"
    );
    assert!(
        problems
            .last()
            .unwrap()
            .contains("the last good site stays")
    );
    assert!(f.page("02-two.html").contains("Back to"));
}

#[test]
fn a_cancelled_pass_publishes_nothing_and_the_next_one_does() {
    let mut f = Fixture::new();
    let cancel = Arc::new(AtomicBool::new(true));
    assert!(f.engine.pass(&SERVE, &mut f.sink, Some(&cancel)).is_none());
    assert!(f.sink.files().is_none());
    let pass = f.pass();
    assert_eq!(pass.executed, ["01-one", "02-two"]);
    assert!(f.page("01-one.html").contains("42"));
}

#[test]
fn a_missing_book_is_a_problem_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = Engine::new(dir.path(), true);
    let pass = engine.pass(&SERVE, &mut Memory::default(), None).unwrap();
    assert_eq!(
        problems(&pass)[0],
        "lessons directory 'content' does not exist"
    );
    assert!(summary::rebuilt(&pass).starts_with("rebuilt in "));
}

#[test]
fn a_cold_engine_on_a_warm_cache_executes_and_renders_nothing() {
    let mut f = Fixture::new();
    assert!(problems(&f.pass()).is_empty());
    assert!(f.root.join(".rlbook/exec/01-one.bin").is_file());
    assert!(f.root.join(".rlbook/pages/01-one.bin").is_file());
    let mut cold = Engine::new(&f.root, true).keeping_sessions();
    let mut sink = Memory::default();
    let warm = cold.pass(&SERVE, &mut sink, None).unwrap();
    assert!(
        warm.executed.is_empty() && warm.rendered.is_empty(),
        "{warm:?}"
    );
    assert!(warm.published());
    let same = |name: &str| {
        let a = sink.files().unwrap().get(name).map(<[u8]>::to_vec);
        a == f.sink.files().unwrap().get(name).map(<[u8]>::to_vec)
    };
    assert!(same("01-one.html") && same("index.html"));
    std::fs::remove_dir_all(f.root.join(".rlbook")).unwrap();
    let mut uncached = Engine::new(&f.root, false);
    let pass = uncached.pass(&SERVE, &mut Memory::default(), None).unwrap();
    assert_eq!(pass.executed, ["01-one", "02-two"]);
    assert!(!f.root.join(".rlbook").exists());
}

#[test]
fn a_cold_serve_after_build_executes_and_renders_nothing() {
    let f = Fixture::new();
    let opts = crate::build::Options {
        root: f.root.clone(),
        goal: Goal::Build,
        strict: false,
        locked: false,
        report: None,
        cache: true,
        formats: None,
        check_external: false,
        edition: None,
    };
    crate::build::run(&opts).unwrap();
    let mut serve = Engine::new(&f.root, true).keeping_sessions();
    let mut sink = Memory::default();
    let pass = serve.pass(&SERVE, &mut sink, None).unwrap();
    assert!(pass.executed.is_empty(), "{:?}", pass.executed);
    assert!(pass.rendered.is_empty(), "{:?}", pass.rendered);
    assert!(pass.published() && problems(&pass).is_empty(), "{pass:?}");
    let built = std::fs::read(f.root.join("site/01-one.html")).unwrap();
    assert_eq!(
        sink.files().unwrap().get("01-one.html"),
        Some(built.as_slice())
    );
}

#[test]
fn a_broken_record_is_a_problem_with_its_place_and_is_left_alone() {
    let mut f = Fixture::new();
    f.write("expected/01-one.txt", "garbage\n");
    let pass = f.pass();
    let problems = problems(&pass);
    assert!(
        problems[0].starts_with("expected/01-one.txt:"),
        "{problems:?}"
    );
    let record = pass
        .diagnostics
        .iter()
        .find(|d| d.kind == crate::diagnostic::Kind::Record)
        .unwrap();
    assert_eq!(record.file.as_deref(), Some("expected/01-one.txt"));
    assert_eq!(
        std::fs::read_to_string(f.root.join("expected/01-one.txt")).unwrap(),
        "garbage\n"
    );
}

#[test]
fn whatever_the_interpreter_gives_renders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/books/render-basic");
    let mut engine = Engine::new(&root, false);
    let mut sink = Memory::default();
    let pass = engine.pass(&SERVE, &mut sink, None).expect("not cancelled");
    assert!(pass.published() && pass.unrendered == 0, "{pass:?}");
    let book = load_book(&root).unwrap();
    let files = sink.files().expect("a site was published");
    for lesson in &book.lessons {
        let page = files
            .get(&format!("{}.html", lesson.slug))
            .unwrap_or_default();
        let page = String::from_utf8_lossy(page);
        let sections = page.matches("<section class=\"rlab-block\"").count();
        assert_eq!(sections, lesson.blocks.len(), "{}", lesson.display);
    }
}
