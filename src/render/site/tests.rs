//! Unit tests of the site's writing (`assemble`, then `write_folder`): pages, relative links, prev/next, live reload, summary, and a
//! failing build that leaves the previous site in place.

use super::*;
use crate::config::Config;
use crate::render::{LessonHtml, ScriptPage, TocEntry};
use std::path::PathBuf;

/// A site of these lesson pages, without back matter.
fn lessons(lessons: &[LessonHtml]) -> Pages<'_> {
    Pages {
        lessons,
        matter: &[],
    }
}

fn book_in(root: &Path, slugs: &[&str]) -> Book {
    std::fs::create_dir_all(root.join("content")).unwrap();
    for slug in slugs {
        std::fs::write(root.join(format!("content/{slug}.md")), "# T\n").unwrap();
    }
    std::fs::write(
        root.join("book.toml"),
        "[book]\ntitle = \"Numbers & Words\"\nauthors = [\"A. Author\"]\nlanguage = \"en-GB\"\n",
    )
    .unwrap();
    Book::load(Config::load(root).unwrap()).unwrap()
}

fn page(slug: &str, title: &str) -> LessonHtml {
    LessonHtml {
        cites: false,
        terms: false,
        slug: slug.into(),
        title: title.into(),
        body: format!("<h1>{title}</h1>\n<h2 id=\"standalone-scripts\">Standalone Scripts</h2>"),
        toc: vec![TocEntry {
            level: 2,
            id: "standalone-scripts".into(),
            text: "Standalone Scripts".into(),
        }],
        search_text: format!("{title} text"),
        figures: vec![FigureFile {
            path: format!("figures/{slug}/block-1-1.svg"),
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".into(),
            csv: "panel,kind,series,x,y,z\n".into(),
        }],
        scripts: vec![],
        warnings: vec![],
        linked: Vec::new(),
        live: None,
    }
}

fn script(name: &str) -> ScriptPage {
    ScriptPage {
        name: name.into(),
        file_name: format!("{name}.rlab"),
        description: "Shows <things>".into(),
        source_html:
            "<pre class=\"code\" tabindex=\"0\"><code class=\"language-rlab\">x = 1</code></pre>"
                .into(),
        output: "a < b".into(),
        error: None,
        figures: vec![FigureFile {
            path: format!("figures/01-a/script-{name}-1.svg"),
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".into(),
            csv: "panel,kind,series,x,y,z\n".into(),
        }],
        figures_html: format!("<figure class=\"plot\" id=\"f1\">{name}</figure>\n"),
        live: None,
    }
}

struct Fixture {
    _dir: tempfile::TempDir,
    book: Book,
    pages: Vec<LessonHtml>,
    out: PathBuf,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(dir.path(), &["01-a", "02-b", "03-c"]);
    let mut pages = vec![
        page("01-a", "Alpha"),
        page("02-b", "Beta"),
        page("03-c", "Gamma"),
    ];
    pages[0].scripts.push(script("demo"));
    let out = dir.path().join("site");
    Fixture {
        _dir: dir,
        book,
        pages,
        out,
    }
}

/// The site of `book` written at `out` as a build writes it: assembled, then written.
fn write_site(book: &Book, pages: &[LessonHtml], out: &Path) -> Result<SiteSummary> {
    write_folder(book, &assemble(book, lessons(pages), &[])?, out, false)
}

/// [`write_site`], leaving a site at `out` that already is this one as it is.
fn write_site_if_changed(book: &Book, pages: &[LessonHtml], out: &Path) -> Result<SiteSummary> {
    write_folder(book, &assemble(book, lessons(pages), &[])?, out, true)
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn writes_every_page_figure_and_asset() {
    let f = fixture();
    let summary = write_site(&f.book, &f.pages, &f.out).unwrap();
    assert_eq!(summary.pages, 5);
    assert_eq!(summary.figures, 4);
    for file in [
        "index.html",
        "01-a.html",
        "03-c.html",
        "scripts/01-a/demo.html",
        "figures/02-b/block-1-1.svg",
        "figures/01-a/script-demo-1.svg",
        "figures/01-a/script-demo-1.csv",
        "assets/style.css",
        "assets/search.js",
        "assets/search-index.js",
    ] {
        assert!(f.out.join(file).is_file(), "{file}");
    }
    let total: u64 = walkdir::WalkDir::new(&f.out)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.metadata().map(|m| m.len()).unwrap_or(0))
        .sum();
    assert_eq!(summary.bytes, total);
}

#[test]
fn lesson_pages_link_relatively_with_prev_and_next() {
    let f = fixture();
    write_site(&f.book, &f.pages, &f.out).unwrap();
    let b = read(f.out.join("02-b.html"));
    assert!(b.contains("<html lang=\"en-GB\" data-root=\"\">"), "{b}");
    assert!(b.contains("<title>Beta · Numbers &amp; Words</title>"));
    assert!(b.contains("href=\"assets/style.css\""));
    assert!(b.contains("href=\"assets/highlight.css\""));
    assert!(b.contains("<a class=\"pager-prev\" rel=\"prev\" href=\"01-a.html\">"));
    assert!(b.contains("<a class=\"pager-next\" rel=\"next\" href=\"03-c.html\">"));
    assert!(b.contains(
        "<li value=\"2\" class=\"current\"><a href=\"02-b.html\" aria-current=\"page\">Beta</a></li>"
    ));
    assert!(b.contains("<a href=\"#standalone-scripts\">Standalone Scripts</a>"));
    let a = read(f.out.join("01-a.html"));
    assert!(
        a.contains("rel=\"prev\" href=\"index.html\""),
        "first lesson goes back to the index"
    );
    let c = read(f.out.join("03-c.html"));
    assert!(!c.contains("rel=\"next\""));
    assert!(!b.contains("://"), "no absolute links");
}

#[test]
fn script_pages_link_back_up_the_tree() {
    let f = fixture();
    write_site(&f.book, &f.pages, &f.out).unwrap();
    let s = read(f.out.join("scripts/01-a/demo.html"));
    assert!(s.contains("data-root=\"../../\""));
    assert!(s.contains("href=\"../../assets/style.css\""));
    assert!(s.contains("href=\"../../index.html\""));
    assert!(s.contains("<a href=\"../../01-a.html#standalone-scripts\">Alpha</a>"));
    assert!(s.contains(
        "<li value=\"1\" class=\"current\"><a href=\"../../01-a.html\" aria-current=\"true\">"
    ));
    assert!(s.contains(
        "<div class=\"figures\" style=\"--cols: 1\">\n<figure class=\"plot\" id=\"f1\">demo</figure>\n</div>"
    ));
    assert!(s.contains("<pre class=\"output\" tabindex=\"0\">a &lt; b</pre>"));
    assert!(s.contains("<p class=\"script-description\">Shows &lt;things&gt;</p>"));
    assert!(s.contains("<code class=\"language-rlab\">x = 1</code>"));
}

#[test]
fn the_index_lists_the_lessons_and_book_details() {
    let f = fixture();
    write_site(&f.book, &f.pages, &f.out).unwrap();
    let index = read(f.out.join("index.html"));
    assert!(index.contains("<title>Numbers &amp; Words</title>"));
    assert!(index.contains("<p class=\"book-authors\">By A. Author</p>"));
    let contents = index
        .split("class=\"book-contents\"")
        .nth(1)
        .unwrap_or_default();
    let alpha = contents.find("<a href=\"01-a.html\">Alpha</a>").unwrap();
    let gamma = contents.find("<a href=\"03-c.html\">Gamma</a>").unwrap();
    assert!(alpha < gamma);
}

#[test]
fn pages_must_match_the_book() {
    let f = fixture();
    let err = write_site(&f.book, &f.pages[..2], &f.out).unwrap_err();
    assert_eq!(err.to_string(), "2 rendered pages for 3 lessons");
    let mut swapped = f.pages.clone();
    swapped.swap(0, 1);
    let err = write_site(&f.book, &swapped, &f.out).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("page '02-b' does not belong to lesson '01-a'")
    );
    let mut bad = f.pages.clone();
    bad[0].scripts[0].name = "../x".into();
    assert!(write_site(&f.book, &bad, &f.out).is_err());
    let mut escaping = f.pages.clone();
    escaping[1].figures[0].path = "../outside.svg".into();
    let err = write_site(&f.book, &escaping, &f.out).unwrap_err();
    assert!(
        err.to_string().contains("must stay inside the site"),
        "{err}"
    );
    assert!(!f.out.exists());
}

#[test]
fn a_lesson_named_index_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_in(dir.path(), &["index"]);
    let err = write_site(&book, &[page("index", "I")], &dir.path().join("site"));
    assert!(
        err.unwrap_err()
            .to_string()
            .contains("would replace the book's index page")
    );
}

#[test]
fn a_failing_build_keeps_the_previous_site() {
    let f = fixture();
    write_site(&f.book, &f.pages, &f.out).unwrap();
    let before = read(f.out.join("02-b.html"));
    let templates = f.book.config.paths.templates.clone();
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(templates.join("script.html"), "{{ script.nope }}").unwrap();
    let mut changed = f.pages.clone();
    changed[1].body = "<p>changed</p>".into();
    let err = write_site(&f.book, &changed, &f.out).unwrap_err();
    assert!(
        format!("{err:#}").contains("templates/script.html:1: Variable `script.nope`"),
        "{err:#}"
    );
    assert_eq!(read(f.out.join("02-b.html")), before);
    let parent = f.out.parent().unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(parent)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("rlbook-"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn an_output_inside_the_sources_is_refused() {
    let f = fixture();
    let err = write_site(&f.book, &f.pages, &f.book.config.root).unwrap_err();
    assert!(
        err.to_string().contains("choose another output path"),
        "{err}"
    );
    assert!(f.book.config.paths.lessons.join("01-a.md").is_file());
}

#[test]
fn theme_files_and_figures_cannot_take_generated_places() {
    let f = fixture();
    let theme = f.book.config.paths.theme.clone();
    std::fs::create_dir_all(&theme).unwrap();
    std::fs::write(theme.join("search-index.js"), "window.RLBOOK_SEARCH = [];").unwrap();
    let err = write_site(&f.book, &f.pages, &f.out).unwrap_err();
    assert!(
        err.to_string().contains("would replace the search index"),
        "{err}"
    );
    std::fs::remove_file(theme.join("search-index.js")).unwrap();
    let mut pages = f.pages.clone();
    pages[2].figures[0].path = "03-c.html".into();
    let err = write_site(&f.book, &pages, &f.out).unwrap_err();
    assert!(err.to_string().contains("is not an .svg file"), "{err}");
    pages[2].figures[0].path = "figures/01-a/block-1-1.svg".into();
    let err = write_site(&f.book, &pages, &f.out).unwrap_err();
    assert!(err.to_string().contains("two files of the site"), "{err}");
    assert!(!f.out.exists());
}

#[test]
fn a_site_equal_to_the_one_on_disk_is_not_written_again() {
    let mut f = fixture();
    let first = write_site_if_changed(&f.book, &f.pages, &f.out).unwrap();
    assert!(!first.unchanged);
    let marker = read(f.out.join(output::MARKER));
    assert!(marker.contains("\nfingerprint "), "{marker}");
    let inode = |p: &Path| std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).unwrap());
    let before = inode(&f.out);
    let again = write_site_if_changed(&f.book, &f.pages, &f.out).unwrap();
    assert!(again.unchanged);
    assert_eq!((again.pages, again.bytes), (first.pages, first.bytes));
    assert_eq!(inode(&f.out), before, "the folder was not replaced");
    let forced = write_site(&f.book, &f.pages, &f.out).unwrap();
    assert!(!forced.unchanged);
    assert_ne!(inode(&f.out), before);
    std::fs::write(f.out.join("01-a.html"), "tampered").unwrap();
    let repaired = write_site_if_changed(&f.book, &f.pages, &f.out).unwrap();
    assert!(!repaired.unchanged);
    assert!(read(f.out.join("01-a.html")).contains("Alpha"));
    f.pages[1].body.push_str("<p>more</p>");
    let edited = write_site_if_changed(&f.book, &f.pages, &f.out).unwrap();
    assert!(!edited.unchanged);
    assert!(read(f.out.join("02-b.html")).contains("<p>more</p>"));
}
