//! The glossary and the subject index through the binary (docs/glossary.md), on the fixture
//! book `tests/books/glossary`: marked terms linked to the glossary page with their
//! definitions as previews, index markers as anchors, the glossary and index pages of the
//! site (sidebar, search index), of the Markdown book (snapshot-tested) and of the EPUB; and
//! the errors through the binary: an unknown term with a "did you mean", a malformed
//! glossary file, a term defined twice, a marked term in a book without a glossary.

use crate::common::{edit_file, fixture_book, read, rlbook};

#[test]
fn terms_link_to_the_glossary_and_marks_to_the_index_on_the_site() {
    let book = fixture_book("glossary");
    let run = rlbook(book.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let page = read(book.path(), "site/01-attention.html");
    assert!(page.contains(
        "<a class=\"xref term\" id=\"ix-2\" href=\"glossary.html#term-softmax\" aria-describedby=\"xref-preview-1\">softmax</a>"
    ));
    assert!(page.contains(">look-ahead mask</a>"), "an alias");
    assert!(page.contains(">the mask</a>"), "an explicit term");
    assert!(page.contains("<span class=\"term-name\">causal mask</span>: A mask that hides"));
    assert!(page.contains("<a id=\"ix-1\"></a>"), "a block marker");
    assert!(
        page.contains("<code>[causal mask]{.term}</code>"),
        "code keeps its text"
    );
    assert!(page.contains("<link rel=\"stylesheet\" href=\"assets/glossary.css\">"));
    for nav in [
        "href=\"glossary.html\">Glossary</a>",
        "href=\"subject-index.html\">Index</a>",
    ] {
        assert!(page.contains(nav), "the sidebar lists {nav}");
    }
    let glossary = read(book.path(), "site/glossary.html");
    let terms: Vec<&str> = glossary
        .split("<dt id=\"term-")
        .skip(1)
        .map(|t| &t[..t.find('"').unwrap()])
        .collect();
    assert_eq!(
        terms,
        [
            "causal-mask",
            "layer-normalization",
            "residual-connection",
            "softmax",
            "tokenizer"
        ]
    );
    assert!(
        glossary.contains("Used in <a href=\"01-attention.html#ix-3\">Attention › Masking</a>")
    );
    let index = read(book.path(), "site/subject-index.html");
    assert!(index.contains("<h2 id=\"index-a\">A</h2>"));
    assert!(
        index.contains(
            "<span class=\"index-term\">masked</span>: <a href=\"01-attention.html#ix-5\">"
        )
    );
    assert!(index.contains(
        "<a class=\"index-term\" href=\"glossary.html#term-causal-mask\">causal mask</a>"
    ));
    insta::assert_snapshot!("glossary_html", crate::common::article(&glossary));
    insta::assert_snapshot!("index_html", crate::common::article(&index));
    let search = read(book.path(), "site/assets/search-index.js");
    assert!(
        search.contains("\"page\":\"glossary.html\"")
            && search.contains("\"page\":\"subject-index.html\"")
    );
    let epub = std::fs::read(book.path().join("site/Glossary-fixture.epub")).unwrap();
    for chapter in ["glossary.xhtml", "subject-index.xhtml"] {
        assert!(
            epub.windows(chapter.len()).any(|w| w == chapter.as_bytes()),
            "the EPUB has {chapter}"
        );
    }
}

#[test]
fn the_markdown_book_has_the_glossary_and_index_chapters() {
    let book = fixture_book("glossary");
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    insta::assert_snapshot!("lesson", read(book.path(), "book/01-attention.md"));
    insta::assert_snapshot!("glossary", read(book.path(), "book/glossary.md"));
    insta::assert_snapshot!("index", read(book.path(), "book/subject-index.md"));
}

#[test]
fn unknown_terms_and_bad_glossary_files_are_errors_at_their_place() {
    let book = fixture_book("glossary");
    let lesson = book.path().join("content/02-norms.md");
    edit_file(
        &lesson,
        "[residual connection]{.term}",
        "[residul connection]{.term}",
    );
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    let mut errors = run.stderr;
    assert!(
        !book.path().join("site").exists(),
        "a failed build writes nothing"
    );
    edit_file(
        &lesson,
        "[residul connection]{.term}",
        "[residual connection]{.term}",
    );
    let glossary = book.path().join("glossary.toml");
    let text = read(book.path(), "glossary.toml");
    std::fs::write(
        &glossary,
        text.replacen("aliases = [\"LayerNorm\"", "aliases = [\"softmax\"", 1),
    )
    .unwrap();
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    errors.push_str(&run.stderr);
    std::fs::write(
        &glossary,
        text.replacen(
            "[[term]]\nname = \"softmax\"",
            "[[term]]\nname = softmax",
            1,
        ),
    )
    .unwrap();
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    errors.push_str(&run.stderr);
    insta::assert_snapshot!(errors);
}

#[test]
fn a_marked_term_without_a_glossary_is_an_error() {
    let book = fixture_book("glossary");
    edit_file(
        &book.path().join("book.toml"),
        "glossary = \"glossary.toml\"\n",
        "",
    );
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("content/01-attention.md:4:"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("sets no [book] glossary"),
        "{}",
        run.stderr
    );
}
