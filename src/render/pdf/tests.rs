//! Tests of the PDF writer: escaping, every Markdown construct compiling, a bad formula
//! reported and shown as TeX, and the PDF of the twelve reference lessons (checked with
//! poppler's `pdftotext` and `pdffonts` where they are installed).

use super::*;
use crate::render::markdown::{MarkdownFigure, MarkdownScript};
use crate::render::matter::Matter;
use crate::test_support::{book, write};
use rlab::{Config as LangConfig, Session};
use std::path::Path;
use std::process::Command;

/// A book on disk whose lessons are `(slug, text)`, and its pages (one figure each: every
/// `plots/…svg` the text names gets a real figure).
fn book_of(root: &Path, lessons: &[(&str, &str)]) -> (Book, Vec<MarkdownPage>) {
    write(
        root,
        "book.toml",
        "[book]\ntitle = \"A #Book_of *Tests*\"\nauthors = [\"A. Author\"]\n",
    );
    for (slug, text) in lessons {
        write(root, &format!("content/{slug}.md"), text);
    }
    let book = book(root);
    let pages = lessons
        .iter()
        .enumerate()
        .map(|(i, (slug, text))| page(slug, text, i))
        .collect();
    (book, pages)
}

fn page(slug: &str, text: &str, index: usize) -> MarkdownPage {
    let digits: String = slug.chars().take_while(char::is_ascii_digit).collect();
    let title = text
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or(slug)
        .trim()
        .to_string();
    MarkdownPage {
        slug: slug.to_string(),
        title,
        number: digits.parse().unwrap_or(index as u32 + 1),
        text: text.to_string(),
        figures: figure_paths(text)
            .into_iter()
            .map(|path| MarkdownFigure {
                path,
                svg: figure_svg().to_string(),
            })
            .collect(),
        scripts: Vec::new(),
        matter: None,
    }
}

/// Every `plots/….svg` path the text names.
fn figure_paths(text: &str) -> Vec<String> {
    text.match_indices("(plots/")
        .filter_map(|(at, _)| {
            let rest = &text[at + 1..];
            rest.find(".svg)").map(|end| rest[..end + 4].to_string())
        })
        .collect()
}

/// A real figure, drawn by rlbook from a small plot.
fn figure_svg() -> &'static str {
    static SVG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SVG.get_or_init(|| {
        let mut session = Session::new(LangConfig::default(), Some(1));
        let code = "x = linspace(0, 6, 60);\nfigure()\nplot(x, sin(x), \"color\", \"blue\", \
                    \"label\", \"sin\")\ntitle(\"A sine\")\nxlabel(\"x\")\nylabel(\"y\")\nlegend()\n";
        let out = session.run_block("fig.rlab", 1, code);
        assert!(out.error.is_none(), "{:?}", out.error);
        rlab::plot::svg::render(&out.figures[0])
    })
}

/// Keep the PDF in `$RLBOOK_PDF_OUT`, when set, to look at it.
fn keep(pdf: &[u8], name: &str) {
    if let Ok(dir) = std::env::var("RLBOOK_PDF_OUT") {
        std::fs::write(Path::new(&dir).join(name), pdf).unwrap();
    }
}

/// The PDF's text, if `pdftotext` is installed.
fn pdf_text(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let file = dir.path().join("book.pdf");
    std::fs::write(&file, pdf).ok()?;
    let out = Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `pdffonts`' table (header lines dropped), if it is installed.
fn pdf_fonts(pdf: &[u8]) -> Option<Vec<String>> {
    let dir = tempfile::tempdir().ok()?;
    let file = dir.path().join("book.pdf");
    std::fs::write(&file, pdf).ok()?;
    let out = Command::new("pdffonts").arg(&file).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    out.status
        .success()
        .then(|| text.lines().skip(2).map(str::to_string).collect())
}

/// `text` with every ASCII punctuation character backslash-escaped for Markdown.
fn md_literal(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escape = c.is_ascii_punctuation().then_some('\\');
            escape.into_iter().chain(std::iter::once(c))
        })
        .collect()
}

#[test]
fn typst_specials_in_text_are_escaped() {
    let specials = [
        "a # b $ c * d _ e @ f < g ` h \\ i [ j ] k ~ l // m /* n",
        "= not a heading",
        "- not a list",
        "+ not an enum",
        "/ not: a term",
        "1. not an enum",
    ];
    for text in specials {
        let escaped = escape::markup(text);
        let bare = escaped.chars().zip(escaped.chars().skip(1));
        assert!(
            !bare
                .clone()
                .any(|(a, b)| a == ' ' && "#$*_@<`[]/=+-".contains(b)),
            "{escaped}"
        );
    }
    let paragraphs: Vec<String> = specials.iter().map(|t| md_literal(t)).collect();
    let text = format!("# T\n\n{}\n", paragraphs.join("\n\n"));
    let dir = tempfile::tempdir().unwrap();
    let (book, pages) = book_of(dir.path(), &[("01-t", &text)]);
    let out = write_pdf(&book, &pages, &[]).unwrap();
    let Some(pdf) = pdf_text(&out.bytes) else {
        return eprintln!("notice: pdftotext not found; the PDF's text is not checked");
    };
    let flat = pdf.split_whitespace().collect::<Vec<_>>().join(" ");
    for text in specials {
        assert!(flat.contains(text), "'{text}' not in {flat}");
    }
}

const CONSTRUCTS: &str = "<!-- Generated: a comment that must not show -->

# Constructs

Some *emphasis*, **strong**, ~~struck~~, `inline code`, a [link](https://example.org),
a [lesson link](02-other.md#part-two), a [broken link](nope.md#x) and a note.[^n]

## Lists and quotes

- one
  - nested
- two

3. three
4. four

- [x] done
- [ ] open

> A quote.

> [!NOTE]
> A callout.

| Name | Value |
|:-----|------:|
| a | $x_1$ |
| b | 2 |

```rlab
x = [1, 2, 3];  % a comment
disp(sum(x))
```

<!-- rustlab:output-start -->
```text
6
```

![plot 1](plots/01-c/plot-1-abc.svg)

<!-- rustlab:output-end -->

```python
print('other language')
```

Inline $\\mathbf{x}^\\top \\mathbf{y}$ and display:

$$\\sum_{i=1}^{n} \\frac{a_i}{\\sqrt{d_k}}$$

<details>
<summary>Solution</summary>

The <span class=\"x\">answer</span> is hidden.<br>Next line.

</details>

---

Last line with a hard  
break.

[^n]: The footnote text.
";

#[test]
fn every_markdown_construct_converts_and_compiles() {
    let dir = tempfile::tempdir().unwrap();
    let other = "# Other\n\n## Part two\n\nBack to [the first](01-c.md).\n";
    let (book, mut pages) = book_of(dir.path(), &[("01-c", CONSTRUCTS), ("02-other", other)]);
    pages[0].scripts.push(MarkdownScript {
        name: "demo".into(),
        file_name: "demo.rlab".into(),
        description: "A demo.".into(),
        text: "# demo.rlab\n\nA demo, see [the lesson](../../01-c.md).\n\n```rlab\ny = 2\n```\n"
            .into(),
        figures: Vec::new(),
    });
    let out = write_pdf(&book, &pages, &[]).unwrap();
    keep(&out.bytes, "constructs.pdf");
    assert!(out.bytes.starts_with(b"%PDF"));
    assert_eq!(
        (out.formulas, out.formulas_converted),
        (3, 3),
        "{:?}",
        out.warnings
    );
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    let Some(text) = pdf_text(&out.bytes) else {
        return eprintln!("notice: pdftotext not found; the PDF's text is not checked");
    };
    for word in [
        "emphasis",
        "struck",
        "inline code",
        "lesson link",
        "broken link",
        "The footnote text",
        "nested",
        "three",
        "A callout",
        "Note",
        "Value",
        "disp",
        "OUTPUT",
        "other language",
        "Solution",
        "answer",
        "Next line",
        "Last line",
        "Part two",
        "demo.rlab",
        "A demo",
    ] {
        assert!(text.contains(word), "'{word}' not in the PDF text:\n{text}");
    }
    assert!(
        !text.contains("must not show") && !text.contains("span"),
        "{text}"
    );
}

/// The Markdown book's cross-references (anchors, links to them, captions, numbered
/// equations) become labels and internal links, and the book compiles.
#[test]
fn cross_references_are_internal_links() {
    let dir = tempfile::tempdir().unwrap();
    let one = "# One\n\n<a id=\"sec-a\"></a>\n\n## Part\n\n<a id=\"fig-a\"></a>\n\n\
               ![Figure 1.1: A sine. A sine](plots/01-one/plot-1-x.svg)\n\n**Figure 1.1:** A sine\n\n\
               <a id=\"eq-a\"></a>\n\n$$\nx^2 \\tag{1.1}\n$$\n\n<a id=\"tbl-a\"></a>\n\n\
               | a |\n|---|\n| 1 |\n\n**Table 1.1:** Ones\n\nSee [Eq. (1.1)](#eq-a).\n";
    let two = "# Two\n\nSee [Figure 1.1](01-one.md#fig-a), [Table 1.1](01-one.md#tbl-a) and \
               [Section 1.1](01-one.md#sec-a).\n";
    let (book, pages) = book_of(dir.path(), &[("01-one", one), ("02-two", two)]);
    let docs: Vec<Doc> = pages
        .iter()
        .map(|p| Doc {
            slug: &p.slug,
            script: None,
            text: &p.text,
            blocks: 0,
        })
        .collect();
    let targets = Targets::new(&docs);
    for label in ["fig-a", "tbl-a", "sec-a"] {
        let to = format!("01-one.md#{label}");
        let expected = super::links::Target::Internal(format!("rl--01-one--{label}"));
        assert_eq!(targets.resolve(&docs[1], &to), expected);
    }
    let out = write_pdf(&book, &pages, &[]).unwrap();
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    keep(&out.bytes, "xref");
    if let Some(text) = pdf_text(&out.bytes) {
        assert!(text.contains("Figure 1.1: A sine"), "{text}");
        assert!(text.contains("(1.1)"), "{text}");
        assert!(
            text.contains("See Figure 1.1, Table 1.1 and Section 1.1."),
            "{text}"
        );
    }
}

#[test]
fn a_bad_formula_is_reported_and_shown_as_tex() {
    let dir = tempfile::tempdir().unwrap();
    let lesson = "# Bad math\n\nGood $a+b$.\n\nBad $\\nosuchcommand{x}$ here.\n\n$$\\sqrt$$\n";
    let (book, pages) = book_of(dir.path(), &[("01-bad", lesson)]);
    let out = write_pdf(&book, &pages, &[]).unwrap();
    assert_eq!(out.formulas, 3);
    assert!(out.formulas_converted < 3, "{:?}", out.warnings);
    let w = &out.warnings[0];
    assert_eq!(w.file.as_deref(), Some("content/01-bad.md"));
    assert_eq!(w.line, Some(5), "{w:?}");
    assert!(w.message.contains("nosuchcommand"), "{}", w.message);
    if let Some(text) = pdf_text(&out.bytes) {
        assert!(
            text.contains("nosuchcommand"),
            "the TeX is not shown:\n{text}"
        );
    }
}

#[test]
fn the_reference_course_becomes_a_pdf() {
    let corpus =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/rustlab_llm/reference/book");
    let mut lessons = Vec::new();
    for entry in std::fs::read_dir(&corpus).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let slug = path.file_stem().unwrap().to_string_lossy().to_string();
            lessons.push((slug, std::fs::read_to_string(&path).unwrap()));
        }
    }
    lessons.sort();
    assert_eq!(lessons.len(), 12);
    let dir = tempfile::tempdir().unwrap();
    let refs: Vec<(&str, &str)> = lessons
        .iter()
        .map(|(s, t)| (s.as_str(), t.as_str()))
        .collect();
    let (book, pages) = book_of(dir.path(), &refs);
    let out = write_pdf(&book, &pages, &[]).unwrap();
    eprintln!(
        "reference course: {} bytes, {} of {} formulas as math, {} warnings",
        out.bytes.len(),
        out.formulas_converted,
        out.formulas,
        out.warnings.len()
    );
    for w in &out.warnings {
        eprintln!(
            "  {}:{}: {}",
            w.file.as_deref().unwrap_or("?"),
            w.line.unwrap_or(0),
            w.message
        );
    }
    keep(&out.bytes, "reference.pdf");
    match pdf_text(&out.bytes) {
        Some(text) => {
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for page in &pages {
                let title = page.title.split_whitespace().collect::<Vec<_>>().join(" ");
                assert!(flat.contains(&title), "title '{title}' not in the PDF text");
            }
        }
        None => eprintln!("notice: pdftotext not found; the lesson titles are not checked"),
    }
    match pdf_fonts(&out.bytes) {
        Some(fonts) => {
            assert!(!fonts.is_empty());
            for font in fonts {
                let cols: Vec<&str> = font.split_whitespace().collect();
                let emb = cols.len().checked_sub(5).and_then(|i| cols.get(i));
                assert_eq!(emb, Some(&"yes"), "font not embedded: {font}");
            }
        }
        None => eprintln!("notice: pdffonts not found; font embedding is not checked"),
    }
}

#[test]
fn hostile_pages_still_compile() {
    let dir = tempfile::tempdir().unwrap();
    let hostile = "## $x$ first, no title\n\n#import \"/etc/passwd\": * <lbl> @ref $\n\n\
        <summary>never closed\n\n<details><b>bold?</b> ]] [[ `#x` </details>\n\n\
        [a](..//../../x.md) [b](#) [c](javascript:alert(1)) [d](<>) ![img](plots/none.svg)\n\n\
        ```\"\\weird info\n\"\\ ``` $$ \n```\n\n| a |\n|---|\n| `|` |\n\n[^missing] text\n\n\
        ## Twin {#t}\n\n## Twin {#t}\n\n[twin](#t) $\\begin{unknownenv}x\\end{unknownenv}$\n";
    let (book, mut pages) = book_of(dir.path(), &[("00-h", hostile)]);
    pages[0].number = 0;
    let out = write_pdf(&book, &pages, &[]).unwrap();
    assert!(out.bytes.starts_with(b"%PDF"));
    assert_eq!(out.formulas, 2, "{:?}", out.warnings);
    assert_eq!(out.formulas_converted, 1, "{:?}", out.warnings);
    let (empty, _) = book_of(tempfile::tempdir().unwrap().path(), &[("01-e", "# E\n")]);
    assert!(
        write_pdf(&empty, &[], &[])
            .unwrap()
            .bytes
            .starts_with(b"%PDF")
    );
}

#[test]
fn an_embedded_script_output_shows_its_caption_and_text() {
    let dir = tempfile::tempdir().unwrap();
    // What `render::markdown` writes for `<!-- output: demo.rlab lines="^step" -->`.
    let lesson = "# Embeds\n\nOutput of [`demo.rlab`](scripts/01-e/demo.md):\n\n<!-- rustlab:output-start -->\n```text\nstep 1 loss = 0.75\n```\n\n<!-- rustlab:output-end -->\n\nAfter.\n";
    let (book, mut pages) = book_of(dir.path(), &[("01-e", lesson)]);
    pages[0].scripts.push(MarkdownScript {
        name: "demo".into(),
        file_name: "demo.rlab".into(),
        description: "A demo.".into(),
        text: "# demo.rlab\n\n```rlab\nprint(\"step\", 1)\n```\n".into(),
        figures: Vec::new(),
    });
    let out = write_pdf(&book, &pages, &[]).unwrap();
    keep(&out.bytes, "embedded.pdf");
    assert!(out.bytes.starts_with(b"%PDF"));
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    let Some(text) = pdf_text(&out.bytes) else {
        return eprintln!("notice: pdftotext not found; the PDF's text is not checked");
    };
    for words in ["Output of", "demo.rlab", "step 1 loss = 0.75", "After."] {
        assert!(
            text.contains(words),
            "'{words}' not in the PDF text:\n{text}"
        );
    }
}

/// The back matter: the glossary an unnumbered chapter, the index set from its entries with
/// the page each place falls on (each page once per entry, a place whose anchor no page has
/// left out).
#[test]
fn the_index_gives_each_entry_the_pages_of_its_places() {
    let dir = tempfile::tempdir().unwrap();
    let filler = "Filler text that takes room on the page.\n\n".repeat(80);
    let one = format!(
        "# One\n\nA <a id=\"ix-1\"></a>mask here.\n\n{filler}A <a id=\"ix-2\"></a>mask there, <a id=\"ix-3\"></a>and again.\n"
    );
    let (book, mut pages) = book_of(dir.path(), &[("01-one", one.as_str())]);
    let mut glossary = page("glossary", "# Glossary\n\n**mask**: What hides.\n", 1);
    glossary.matter = Some(Matter::Glossary);
    let mut index = page("subject-index", "# Index\n\n- mask\n", 2);
    index.matter = Some(Matter::Index);
    pages.extend([glossary, index]);
    let place = |anchor: &str| crate::gloss::Place {
        slug: "01-one".into(),
        anchor: anchor.into(),
        at: 0,
    };
    let entries = [crate::gloss::IndexEntry {
        heading: "mask".into(),
        places: vec![place("ix-1"), place("ix-2"), place("ix-3"), place("ix-9")],
        subs: vec![("hidden".into(), vec![place("ix-2")])],
        term: None,
    }];
    let out = write_pdf(&book, &pages, &entries).unwrap();
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    keep(&out.bytes, "index");
    if let Some(text) = pdf_text(&out.bytes) {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            !text.contains("Chapter 2"),
            "the glossary is unnumbered: {text}"
        );
        let later = text
            .split("mask, 1, ")
            .nth(1)
            .unwrap_or_else(|| panic!("{text}"));
        let page: String = later.chars().take_while(char::is_ascii_digit).collect();
        assert!(page.parse::<u32>().is_ok_and(|p| p > 1), "{text}");
        assert!(
            later[page.len()..].starts_with(&format!(" hidden, {page} ")),
            "{text}"
        );
    }
}
