use super::*;
use crate::exec::BlockRun;
use crate::render::testutil::{book_of, lesson, ok};

const SOURCE: &str = "# Lesson\n\nIntro ${a}.\n\n```rlab\na = 1\n```\n\n<!-- exercise -->\nCompute b.\n\n<!-- solution -->\nThe secret is ${b}.\n\n```rlab\nb = 42\n```\n\n<!-- end -->\n\nAfter the exercise.\n\n## Next\n\n```rlab\nc = 3\n```\n";

fn block(text: &str) -> BlockRun {
    BlockRun {
        executed: true,
        text: text.into(),
        ..BlockRun::default()
    }
}

fn run() -> LessonRun {
    LessonRun {
        blocks: vec![block("a = 1"), block("b = 42"), block("c = 3")],
        inlines: vec![ok("1"), ok("42")],
        scripts: Vec::new(),
        exercises: Vec::new(),
        files: Vec::new(),
    }
}

fn student(source: &str, run: &LessonRun) -> (Lesson, LessonRun) {
    let mut book = book_of(vec![lesson(source)]);
    book.config.edition = Edition::Student;
    let (view, runs) = view(&book, vec![run.clone()]).unwrap();
    assert!(matches!(view, Cow::Owned(_)));
    (view.lessons[0].clone(), runs[0].clone())
}

#[test]
fn the_student_view_withholds_text_code_and_outputs() {
    let (view, kept) = student(SOURCE, &run());
    assert!(!view.source.contains("secret") && !view.source.contains("b = 42"));
    assert!(view.source.contains(PLACEHOLDER) && view.source.contains("<!-- end -->"));
    assert_eq!(view.source.lines().count(), SOURCE.lines().count());
    let codes: Vec<&str> = view.blocks.iter().map(|b| b.code.trim()).collect();
    assert_eq!(codes, ["a = 1", "c = 3"]);
    let texts: Vec<&str> = kept.blocks.iter().map(|b| b.text.as_str()).collect();
    assert_eq!(texts, ["a = 1", "c = 3"]);
    assert_eq!(kept.inlines, vec![ok("1")]);
    let line_of = |l: &Lesson, code: &str| {
        l.blocks
            .iter()
            .find(|b| b.code.trim() == code)
            .map(|b| b.fence_line)
    };
    assert_eq!(line_of(&view, "c = 3"), line_of(&lesson(SOURCE), "c = 3"));
}

#[test]
fn a_solution_right_after_text_and_before_a_heading_stays_apart() {
    let source = "Text\n<!-- solution -->\nHidden\n\nHeading\n===\n";
    let (view, _) = student(source, &LessonRun::default());
    assert!(!view.source.contains("Hidden"), "{}", view.source);
    let html = crate::render::testutil::render(&view.source, &LessonRun::default());
    assert!(html.body.contains("<p>Text</p>"), "{}", html.body);
    assert!(
        html.body.contains("<h1 id=\"heading\">Heading</h1>"),
        "{}",
        html.body
    );
    assert!(
        html.body
            .contains("<em>The solution is in the teacher edition.</em></p>"),
        "{}",
        html.body
    );
}

#[test]
fn the_teacher_edition_is_the_book_as_it_is() {
    let book = book_of(vec![lesson(SOURCE)]);
    let (same, runs) = view(&book, vec![run()]).unwrap();
    assert!(matches!(same, Cow::Borrowed(_)));
    assert_eq!(runs, [run()]);
    let (view, kept) = student("# No solutions\n\n```rlab\nx = 1\n```\n", &run());
    assert_eq!(view.source, "# No solutions\n\n```rlab\nx = 1\n```\n");
    assert_eq!(kept, run());
}

#[test]
fn the_student_view_keeps_the_files_of_the_steps_it_shows_only() {
    let path = |name: &str| std::path::PathBuf::from(format!("/b/content/{name}"));
    let mut teacher = run();
    teacher.files = vec![
        vec![path("intro.csv")],
        vec![],
        vec![path("secret.csv")],
        vec![path("solution.rlab"), path("shared.rlab")],
        vec![path("shared.rlab")],
    ];
    let (_, kept) = student(SOURCE, &teacher);
    assert_eq!(
        kept.files,
        [vec![path("intro.csv")], vec![], vec![path("shared.rlab")]]
    );
}
