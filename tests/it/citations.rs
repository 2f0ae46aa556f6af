//! Citations through the binary (docs/citations.md), on the fixture book
//! `tests/books/citations` (BibTeX and hayagriva YAML files): the HTML citations, previews
//! and each lesson's references; the Markdown book's (and so the EPUB's) in an author-date
//! and a numeric style, snapshot-tested; and the errors: unknown keys with a "did you mean",
//! a malformed `.bib`, a key defined twice, an unknown style, an entry no lesson cites under
//! `only_cited`.

use crate::common::{edit_file, fixture_book, read, rlbook};

#[test]
fn citations_link_to_each_lesson_s_references_on_the_page() {
    let book = fixture_book("citations");
    let run = rlbook(book.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let page = read(book.path(), "site/01-norms.html");
    assert!(page.contains(
        "<a class=\"xref citation\" href=\"#ref-ba2016layernorm\" aria-describedby=\"xref-preview-1\">(Ba et al., 2016)</a>"
    ));
    assert!(page.contains(">Kaplan et al. (2020)</a>"), "narrative");
    assert!(page.contains(">(2022)</a>"), "author suppressed");
    assert!(page.contains(">(Vaswani et al., 2017; Xiong et al., 2020, p. 3)</a>"));
    assert!(page.contains("<h2 id=\"references\">References</h2>"));
    assert!(page.contains("<link rel=\"stylesheet\" href=\"assets/citations.css\">"));
    assert!(
        page.contains("<li id=\"ref-brown2020gpt3\">Brown, T. B."),
        "a YAML entry"
    );
    assert!(page.contains("<a href=\"https://doi.org/10.48550/arXiv.1607.06450\">"));
    assert!(page.contains("Mail user@host, or ask @user."), "{page}");
    assert!(
        page.contains("<code>[@ba2016layernorm]</code>"),
        "code keeps its text"
    );
    assert!(
        page.contains("title=\"[@ba2016layernorm]\""),
        "a link's title keeps its text"
    );
    assert!(
        page.contains("href=\"#sec-more\""),
        "a cross-reference stays one"
    );
    let first = page
        .split("<p>")
        .nth(1)
        .and_then(|p| p.split("</p>").next())
        .unwrap();
    let section = page.split("<section class=\"references\"").nth(1).unwrap();
    let section = section.split("</section>").next().unwrap();
    insta::assert_snapshot!(
        "html",
        format!("<p>{first}</p>\n<section class=\"references\"{section}</section>")
    );
    let references = page.split("<h2 id=\"references\">").nth(1).unwrap();
    assert_eq!(
        references.matches("<li id=").count(),
        7,
        "the works lesson 1 cites"
    );
    let other = read(book.path(), "site/02-rest.html");
    assert_eq!(
        other
            .split("<h2 id=\"references\">")
            .nth(1)
            .unwrap()
            .matches("<li id=")
            .count(),
        4
    );
}

#[test]
fn the_markdown_book_cites_alike_in_an_author_date_and_a_numeric_style() {
    let book = fixture_book("citations");
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    insta::assert_snapshot!("apa", read(book.path(), "book/01-norms.md"));
    edit_file(
        &book.path().join("book.toml"),
        "csl = \"apa\"",
        "csl = \"ieee\"",
    );
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    insta::assert_snapshot!("ieee", read(book.path(), "book/02-rest.md"));
    let page = read(book.path(), "site/02-rest.html");
    assert!(
        page.contains("<span class=\"reference-label\">[7]</span>"),
        "numbers run over the book"
    );
}

#[test]
fn unknown_keys_are_errors_and_near_misses_warnings_at_their_place() {
    let book = fixture_book("citations");
    let lesson = book.path().join("content/02-rest.md");
    edit_file(
        &lesson,
        "[@su2021roformer]",
        "[@su2021roformr; @nobody1999]",
    );
    edit_file(
        &lesson,
        "@vaswani2017attention again",
        "@vaswani2017atention again",
    );
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
    assert!(
        !book.path().join("site").exists(),
        "a failed build writes nothing"
    );
}

#[test]
fn bad_bibliography_files_and_styles_are_errors_in_their_own_files() {
    let book = fixture_book("citations");
    let bib = book.path().join("refs.bib");
    let text = read(book.path(), "refs.bib");
    std::fs::write(
        &bib,
        text.replacen("author", "author = {Nobody}\n  author", 1),
    )
    .unwrap();
    let yaml = read(book.path(), "more.yaml");
    let dup = yaml.replacen("su2021roformer:", "vaswani2017attention:", 1);
    std::fs::write(book.path().join("more.yaml"), dup).unwrap();
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    let mut errors = run.stderr;
    std::fs::write(&bib, &text).unwrap();
    std::fs::write(book.path().join("more.yaml"), &yaml).unwrap();
    edit_file(
        &book.path().join("book.toml"),
        "csl = \"apa\"",
        "csl = \"apaa\"",
    );
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    errors.push_str(&run.stderr);
    insta::assert_snapshot!(errors);
}

#[test]
fn only_cited_makes_an_uncited_entry_an_error_at_its_definition() {
    let book = fixture_book("citations");
    let toml = book.path().join("book.toml");
    let text = read(book.path(), "book.toml");
    std::fs::write(
        &toml,
        format!("{text}\n[bibliography]\nonly_cited = true\n"),
    )
    .unwrap();
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    assert!(run.stderr.contains("refs.bib:"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("bibliography entry 'hochreiter1997lstm' is cited by no lesson"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_bibliography_page_lists_every_cited_work_with_where_it_is_cited() {
    let book = fixture_book("citations");
    let run = rlbook(book.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let page = read(book.path(), "site/bibliography.html");
    assert_eq!(
        page.matches("<li id=\"ref-").count(),
        9,
        "the works the lessons cite"
    );
    assert!(
        !page.contains("hochreiter1997lstm"),
        "an entry no lesson cites"
    );
    assert!(page.contains(
        "<span class=\"cited-in\">Cited in <a href=\"01-norms.html#ref-goodfellow2016deep\">Normalisation</a>, <a href=\"02-rest.html#ref-goodfellow2016deep\">Rest</a>.</span>"
    ));
    assert!(page.contains("<link rel=\"stylesheet\" href=\"assets/citations.css\">"));
    let index = read(book.path(), "site/index.html");
    assert!(index.contains("<a href=\"bibliography.html\">Bibliography</a>"));
    let last = read(book.path(), "site/02-rest.html");
    assert!(
        last.contains("rel=\"next\" href=\"bibliography.html\""),
        "the last lesson leads on"
    );
    let search = read(book.path(), "site/assets/search-index.js");
    assert!(search.contains("\"title\":\"Bibliography\",\"page\":\"bibliography.html\""));
    insta::assert_snapshot!("bibliography_html", crate::common::article(&page));
    insta::assert_snapshot!("bibliography", read(book.path(), "book/bibliography.md"));
}
