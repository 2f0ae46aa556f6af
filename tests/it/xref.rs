//! Cross-references through the binary: the fixture book `xref` (two lessons, every kind of
//! target, references within and across lessons) in HTML and Markdown, and the exact errors
//! of an unknown reference and a label defined twice (`xref-errors`).

use crate::common;

/// The fragment of `html` from `from` to the next `</span></span>` (a reference and its
/// preview).
fn reference<'a>(html: &'a str, href: &str) -> &'a str {
    let at = html
        .find(&format!("<a class=\"xref\" href=\"{href}\""))
        .unwrap_or_else(|| panic!("no reference to {href}"));
    let end = html[at..]
        .find("</span></span>")
        .map_or(html.len(), |e| at + e);
    &html[at..end]
}

#[test]
fn every_kind_of_reference_is_numbered_and_linked_in_html() {
    let dir = common::fixture_book("xref");
    let run = common::rlbook(dir.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    let one = std::fs::read_to_string(dir.path().join("site/12-depth.html")).expect("page");
    let two = std::fs::read_to_string(dir.path().join("site/13-more.html")).expect("page");
    let eq = reference(&one, "#eq-ln");
    assert!(
        eq.contains(">Eq. (12.1)</a>") && eq.contains("<math"),
        "{eq}"
    );
    let fig = reference(&one, "#fig-depth");
    assert!(fig.contains(">Figure 12.1</a>"), "{fig}");
    assert!(
        fig.contains("<img src=\"figures/12-depth/block-1-1.svg\" alt=\"\">"),
        "{fig}"
    );
    assert!(fig.contains("Figure 12.1: Depth, by layer"), "{fig}");
    assert!(reference(&one, "#tbl-sizes").contains("Table 12.1: Layer widths"));
    assert!(reference(&one, "#fig-pair-2").contains(">Figure 12.3</a>"));
    assert!(reference(&one, "13-more.html#sec-more").contains("Section 13.1: Further"));
    for (href, text) in [
        ("12-depth.html#sec-setup", "Section 12.1"),
        ("12-depth.html#sec-details", "Section 12.1.1"),
        ("12-depth.html#fig-depth", "Figure 12.1"),
        ("12-depth.html#eq-ln", "Eq. (12.1)"),
        ("12-depth.html#tbl-sizes", "Table 12.1"),
        ("#eq-local", "Eq. (13.1)"),
    ] {
        assert!(
            reference(&two, href).contains(&format!(">{text}</a>")),
            "{href}"
        );
    }
    // The targets: ids, numbers and captions.
    assert!(one.contains("<h2 id=\"sec-setup\">"));
    assert!(one.contains("<span class=\"eq-number\">(12.1)</span></div>"));
    assert!(one.contains("class=\"math math-display\" id=\"eq-ln\""));
    assert!(one.contains("<figure class=\"plot\" id=\"fig-depth\">"));
    assert!(one.contains("<figcaption>Figure 12.1: Depth, by layer</figcaption>\n</figure>"));
    assert!(one.contains("<title id=\"fig-depth-t\">Figure 12.1: Depth, by layer. Depth"));
    assert!(one.contains("<figure class=\"table-figure\" id=\"tbl-sizes\">"));
    assert!(one.contains("<figcaption>Table 12.1: Layer widths</figcaption>"));
    assert!(!one.contains("Table: Layer widths") && !one.contains("{#eq-ln}"));
    // Text that is not a reference stays as written.
    assert!(one.contains("me@sec-ops.org or ping @user; a literal @fig-depth stays"));
    assert!(one.contains("<code>@fig-depth</code>"));
}

#[test]
fn the_markdown_book_links_the_same_numbers() {
    let dir = common::fixture_book("xref");
    let run = common::rlbook(dir.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    let one = std::fs::read_to_string(dir.path().join("book/12-depth.md")).expect("page");
    let two = std::fs::read_to_string(dir.path().join("book/13-more.md")).expect("page");
    insta::assert_snapshot!("xref_12_depth_md", one);
    for line in [
        "Layer norm is [Eq. (12.1)](#eq-ln); its figure is [Figure 12.1](#fig-depth)",
        "the next lesson's section is [Section 13.1](13-more.md#sec-more).",
        "<a id=\"eq-ln\"></a>",
        "\\tag{12.1}",
        "**Figure 12.1:** Depth, by layer",
        "![Figure 12.1: Depth, by layer. Depth](plots/12-depth/",
        "**Table 12.1:** Layer widths",
        "<a id=\"tbl-sizes\"></a>",
    ] {
        assert!(one.contains(line), "{line}\n{one}");
    }
    assert!(
        two.contains(
            "Back to [Section 12.1](12-depth.md#sec-setup) and [Section 12.1.1](12-depth.md#sec-details): \
             see [Figure 12.1](12-depth.md#fig-depth), [Eq. (12.1)](12-depth.md#eq-ln), \
             [Table 12.1](12-depth.md#tbl-sizes) and [Eq. (13.1)](#eq-local)."
        ),
        "{two}"
    );
}

#[test]
fn unknown_and_duplicate_labels_are_exact_errors() {
    let dir = common::fixture_book("xref-errors");
    let run = common::rlbook(dir.path(), &["build", "--locked"], &[]);
    assert!(!run.ok, "{}", run.stdout);
    assert!(!dir.path().join("site").exists(), "no site is written");
    insta::assert_snapshot!("xref_errors", run.stderr);
    let check = common::rlbook(dir.path(), &["check", "--locked"], &[]);
    assert!(!check.ok, "{}", check.stdout);
    assert!(
        check
            .stderr
            .contains("content/01-first.md:5:5: unknown cross-reference '@fig-missing'")
    );
}
