//! The course rlbook ships (`content/`, `book.toml`, `expected/`) checked against what its
//! sources and its record say, never against hand-typed counts or numbers: it builds locked
//! (the record's comparison, with its tolerance, in the binary); every rlab block and script of
//! `content/` has a record entry; the page shows each entry's output (compared with that
//! entry's tolerance) and as many figures as the entry records; each summary row is a labelled
//! value of the entry it names; the other formats carry the same outputs. The page check is
//! shown to fail on a page that lost an output or a figure, and `rlbook check --locked` on a
//! record whose number moved beyond its tolerance (and not on one moved within it), in
//! `content_record`.

use crate::common;

use rlbook::book::Book;
use rlbook::config::Config;
use rlbook::record::compare::{Tolerance, compare_lines};
use rlbook::record::format::{Entry, EntryKey, Record};
use std::path::Path;

/// A built copy of the shipped course, with its record and its loaded book.
pub(crate) struct Course {
    dir: tempfile::TempDir,
    pub book: Book,
    pub record: Record,
}

impl Course {
    pub(crate) fn root(&self) -> &Path {
        self.dir.path()
    }

    pub(crate) fn slug(&self) -> &str {
        &self.book.lessons[0].slug
    }

    pub(crate) fn site(&self, path: &str) -> String {
        read(&self.root().join("site").join(path))
    }

    /// The tolerance the record gives `key` (block, lesson and book settings).
    pub(crate) fn tolerance(&self, key: &EntryKey) -> Tolerance {
        rlbook::record::tolerance(&self.book, &self.book.lessons[0], key)
    }

    pub(crate) fn entry(&self, key: &EntryKey) -> Option<&Entry> {
        self.record.entries.iter().find(|e| &e.key == key)
    }
}

pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A copy of the shipped course (not yet built).
pub(crate) fn shipped_copy() -> tempfile::TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("temp dir");
    for part in ["content", "expected"] {
        common::copy_tree(&repo.join(part), &dir.path().join(part));
    }
    std::fs::copy(repo.join("book.toml"), dir.path().join("book.toml")).expect("book.toml");
    dir
}

/// The shipped course, built against its record (locked and strict, as in CI).
pub(crate) fn built_course() -> Course {
    let dir = shipped_copy();
    let run = common::rlbook(dir.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    let book = Book::load(Config::load(dir.path()).expect("config")).expect("book");
    assert_eq!(book.lessons.len(), 1, "the shipped course is one lesson");
    let record_file = dir
        .path()
        .join(format!("expected/{}.txt", book.lessons[0].slug));
    let record = Record::parse(&read(&record_file)).expect("the record parses");
    Course { dir, book, record }
}

/// Differences of printed text from an entry's recorded text, within `tol`.
pub(crate) fn differences(recorded: &str, shown: &str, tol: Tolerance) -> Vec<String> {
    let e: Vec<&str> = recorded.lines().collect();
    let a: Vec<&str> = shown.lines().collect();
    (compare_lines(&e, &a, tol).iter())
        .map(ToString::to_string)
        .collect()
}

/// The rlab blocks of the lesson source (its fence lines, by the tests' own scanner) and
/// its standalone scripts (the `.rlab` files of `content/<slug>/`).
pub(crate) fn sources(course: &Course) -> (Vec<u32>, Vec<String>) {
    let lesson = &course.book.lessons[0];
    let fences = common::code_blocks(&read(&lesson.path));
    let lines = fences.iter().map(|f| f.first_line - 1).collect();
    let folder = course.root().join("content").join(course.slug());
    let mut scripts: Vec<String> = common::files_ending(&folder, "rlab")
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    scripts.sort();
    (lines, scripts)
}

#[test]
fn every_block_and_script_of_content_has_its_record_entry() {
    let course = built_course();
    let (fence_lines, scripts) = sources(&course);
    assert!(!fence_lines.is_empty() && !scripts.is_empty());
    for (k, line) in fence_lines.iter().enumerate() {
        let entry = course.entry(&EntryKey::Block(k + 1));
        let entry = entry.unwrap_or_else(|| panic!("block {} has no record entry", k + 1));
        assert_eq!(
            entry.line,
            *line,
            "block {} is recorded at its fence line",
            k + 1
        );
    }
    for name in &scripts {
        assert!(
            course.entry(&EntryKey::Script(name.clone())).is_some(),
            "script {name} has no record entry"
        );
    }
    let blocks = (course.record.entries.iter())
        .filter(|e| matches!(e.key, EntryKey::Block(_) | EntryKey::Named(_)))
        .count();
    let recorded_scripts = (course.record.entries.iter())
        .filter(|e| matches!(e.key, EntryKey::Script(_)))
        .count();
    assert_eq!(
        (blocks, recorded_scripts),
        (fence_lines.len(), scripts.len()),
        "the record holds no entry without a source"
    );
}

/// The part of `page` from block `n`'s section to its end.
fn block_section(page: &str, n: usize) -> Option<&str> {
    let start = page.find(&format!("<section class=\"rlab-block\" id=\"block-{n}\""))?;
    let len = page[start..].find("</section>")?;
    Some(&page[start..start + len])
}

/// The printed output an HTML fragment shows (its `<pre class="output">` texts).
fn shown_output(html: &str) -> String {
    (html.split("<pre class=\"output\" tabindex=\"0\">").skip(1))
        .filter_map(|rest| rest.split("</pre>").next())
        .map(common::unescape)
        .collect::<Vec<_>>()
        .join("\n")
}

fn figures_in(html: &str) -> usize {
    html.matches("<figure class=\"plot").count()
}

/// How a rendered fragment differs from one record entry: its output (within `tol`) and its
/// number of figures.
fn entry_problems(what: &str, html: &str, entry: &Entry, tol: Tolerance) -> Vec<String> {
    let mut problems: Vec<String> = differences(&entry.text, &shown_output(html), tol)
        .into_iter()
        .map(|d| format!("{what}: {d}"))
        .collect();
    if figures_in(html) != entry.figures.len() {
        problems.push(format!(
            "{what}: {} figures shown, {} recorded",
            figures_in(html),
            entry.figures.len()
        ));
    }
    problems
}

/// How the lesson page differs from the record's block entries.
fn page_problems(course: &Course, page: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let blocks = (course.record.entries.iter()).filter(|e| matches!(e.key, EntryKey::Block(_)));
    let mut figures = 0;
    for entry in blocks {
        let EntryKey::Block(n) = entry.key else {
            continue;
        };
        figures += entry.figures.len();
        match block_section(page, n) {
            Some(html) => problems.extend(entry_problems(
                &format!("block {n}"),
                html,
                entry,
                course.tolerance(&entry.key),
            )),
            None => problems.push(format!("block {n}: no section on the page")),
        }
    }
    if figures_in(page) != figures {
        problems.push(format!(
            "{} figures on the page, {figures} recorded",
            figures_in(page)
        ));
    }
    problems
}

#[test]
fn the_page_shows_every_recorded_output_and_figure() {
    let course = built_course();
    let page = course.site(&format!("{}.html", course.slug()));
    let problems = page_problems(&course, &page);
    assert!(problems.is_empty(), "{problems:#?}");
    let (fence_lines, _) = sources(&course);
    assert_eq!(
        page.matches("<section class=\"rlab-block\"").count(),
        fence_lines.len(),
        "one section per rlab block of the source"
    );
    assert!(
        page.matches("class=\"hl-").count() > fence_lines.len(),
        "highlighted code"
    );
    let (checked, over) = common::figures_over_budget(&course.root().join("site"));
    assert!(checked > 0 && over.is_empty(), "{over:#?}");
    check_against_the_seed(&page);
}

#[test]
fn the_page_check_fails_on_a_lost_output_or_figure() {
    let course = built_course();
    let page = course.site(&format!("{}.html", course.slug()));
    let with_output = (course.record.entries.iter())
        .find(|e| matches!(e.key, EntryKey::Block(_)) && !e.text.is_empty())
        .expect("a block that prints");
    let EntryKey::Block(n) = with_output.key else {
        unreachable!()
    };
    let section = block_section(&page, n).unwrap();
    let output = section.find("<pre class=\"output\"").unwrap();
    let end = output + section[output..].find("</pre>").unwrap() + "</pre>".len();
    let lost_output = page.replacen(&section[output..end], "", 1);
    let problems = page_problems(&course, &lost_output);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with(&format!("block {n}: line 1"))),
        "{problems:#?}"
    );
    let lost_figure = page.replacen("<figure class=\"plot", "<figure class=\"gone", 1);
    let problems = page_problems(&course, &lost_figure);
    assert!(
        problems.iter().any(|p| p.contains("figures shown")),
        "{problems:#?}"
    );
}

/// Under `../shared`, the page's outputs are the seed's (the seed lesson is the shipped one).
fn check_against_the_seed(page: &str) {
    let needs = ["seed/lesson-12-outputs.txt"];
    let Some(shared) = common::shared("the seed comparison of the lesson page", &needs) else {
        return;
    };
    let expected = read(&shared.join(needs[0]));
    let diffs = common::numcmp(&expected, &shown_output(page));
    assert!(
        diffs.is_empty(),
        "page outputs differ from the seed:\n{}",
        diffs.join("\n")
    );
}

#[test]
fn every_script_page_shows_its_recorded_output_and_figures() {
    let course = built_course();
    let (_, scripts) = sources(&course);
    let folder = course.root().join("site/scripts").join(course.slug());
    assert_eq!(common::files_ending(&folder, "html").len(), scripts.len());
    let mut problems = Vec::new();
    for name in &scripts {
        let key = EntryKey::Script(name.clone());
        let stem = name.strip_suffix(".rlab").unwrap();
        let html = read(&folder.join(format!("{stem}.html")));
        let entry = course.entry(&key).expect("recorded");
        problems.extend(entry_problems(name, &html, entry, course.tolerance(&key)));
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The Markdown book and the EPUB the shipped book.toml asks for, from the same build: the
/// Markdown book's output regions are the record's blocks that print or draw, in order.
#[test]
fn the_other_formats_carry_the_recorded_outputs() {
    let course = built_course();
    let outputs = &course.book.config.outputs;
    let slug = course.slug();
    let md = read(&outputs.markdown_dir.join(format!("{slug}.md")));
    assert!(md.starts_with(&format!("<!-- Generated by rlbook from {slug}.md")));
    let regions = common::output_sections(&md);
    let blocks: Vec<&Entry> = (course.record.entries.iter())
        .filter(|e| matches!(e.key, EntryKey::Block(_)))
        .filter(|e| !e.text.is_empty() || !e.figures.is_empty())
        .collect();
    assert_eq!(regions.len(), blocks.len(), "{md}");
    for (region, entry) in regions.iter().zip(&blocks) {
        let text = region.text.as_deref().unwrap_or_default();
        let diffs = differences(&entry.text, text, course.tolerance(&entry.key));
        assert!(diffs.is_empty(), "{}: {diffs:#?}", entry.key);
        assert_eq!(region.figures, entry.figures.len(), "{}", entry.key);
    }
    let epub = std::fs::read(&outputs.epub_file).expect("EPUB");
    assert!(epub.starts_with(b"PK\x03\x04") && epub[30..38] == *b"mimetype");
    let name = |p: &Path| p.file_name().unwrap().to_string_lossy().to_string();
    let index = course.site("index.html");
    let link = format!("href=\"{}\"", name(&outputs.epub_file));
    assert!(index.contains(&link), "{index}");
    #[cfg(feature = "pdf")]
    {
        let run = common::rlbook(
            course.root(),
            &["build", "--locked", "--format", "html,pdf"],
            &[],
        );
        assert!(run.ok, "{}", run.stderr);
        let pdf = std::fs::read(&outputs.pdf_file).expect("PDF");
        assert!(pdf.starts_with(b"%PDF-"));
    }
}
