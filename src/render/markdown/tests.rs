//! The Markdown page of small lessons: output regions, hidden and folded blocks, inline
//! values, generated tables, lesson links and math.

use super::*;
use crate::exec::{BlockRun, LabelledValue};
use crate::render::testutil::{book_of, fake_draw, lesson, ok, run_error};

fn page_of(src: &str, run: &LessonRun) -> (MarkdownPage, Vec<Diagnostic>) {
    let book = book_of(vec![lesson(src)]);
    let (xrefs, _) = crate::xref::Xrefs::collect(&book, std::slice::from_ref(run));
    let tables = crate::render::Tables {
        xrefs,
        ..Default::default()
    };
    render_page(&book, &tables, &book.lessons[0], run, fake_draw)
}

fn text_of(src: &str, run: &LessonRun) -> String {
    let (page, _) = page_of(src, run);
    let header = header("03-x.md");
    page.text
        .strip_prefix(&format!("{header}\n"))
        .unwrap_or_else(|| panic!("no header:\n{}", page.text))
        .to_string()
}

fn printed(text: &str) -> BlockRun {
    BlockRun {
        executed: true,
        text: text.into(),
        ..BlockRun::default()
    }
}

fn figure() -> rlab::Figure {
    rlab::Figure::new(1)
}

#[test]
fn output_regions_follow_their_blocks() {
    let src = "# T\n\n```rlab\nx = 1\n```\n\nAfter.\n";
    let mut block = printed("x = 1");
    block.figures.push(figure());
    let run = LessonRun {
        blocks: vec![block],
        ..LessonRun::default()
    };
    let (page, _) = page_of(src, &run);
    let fig = &page.figures[0];
    assert!(fig.path.starts_with("plots/03-x/plot-1-"), "{}", fig.path);
    let expected = format!(
        "# T\n\n```rlab\nx = 1\n```\n\n<!-- rustlab:output-start -->\n```text\nx = 1\n```\n\n\
         ![plot 1]({})\n\n<!-- rustlab:output-end -->\n\nAfter.\n",
        fig.path
    );
    assert_eq!(text_of(src, &run), expected);
    assert_eq!(page.number, 3);
    assert_eq!(page.title, "T");
}

#[test]
fn hidden_blocks_leave_only_their_output() {
    let src = "A\n\n<!-- hide -->\n```rlab\ny = 2;\n```\n\nB\n\n<!-- hide -->\n```rlab\ndisp(3)\n```\n\nC\n";
    let run = LessonRun {
        blocks: vec![printed(""), printed("3")],
        ..LessonRun::default()
    };
    assert_eq!(
        text_of(src, &run),
        "A\n\nB\n\n<!-- rustlab:output-start -->\n```text\n3\n```\n\n<!-- rustlab:output-end -->\n\nC\n"
    );
}

#[test]
fn details_fold_and_hide_output_and_errors() {
    let src = "<!-- details: Setup -->\n```rlab,hide_output\nz = 3\n```\n\n```rlab,should_error\nbad\n```\n";
    let mut failed = printed("");
    failed.error = Some(run_error("undefined variable 'bad'"));
    let run = LessonRun {
        blocks: vec![printed("z = 3"), failed],
        ..LessonRun::default()
    };
    let text = text_of(src, &run);
    assert!(
        text.starts_with(
            "<details>\n<summary>Setup</summary>\n\n```rlab,hide_output\nz = 3\n```\n\n</details>\n"
        ),
        "{text}"
    );
    assert!(text.contains("undefined variable 'bad'\n```\n"), "{text}");
}

#[test]
fn fenced_blocks_of_other_languages_are_hidden_or_folded_too() {
    let src = "A\n\n<!-- hide -->\n```text\nsecret\n```\n\nB\n\n\
        <!-- details: Pipeline <1> -->\n```mermaid\nflowchart LR\n```\n\nC\n";
    assert_eq!(
        text_of(src, &LessonRun::default()),
        "A\n\nB\n\n<details>\n<summary>Pipeline &lt;1&gt;</summary>\n\n\
         ```mermaid\nflowchart LR\n```\n\n</details>\n\nC\n"
    );
}

#[test]
fn blocks_in_lists_keep_their_indent() {
    let src = "- item\n\n  ```rlab\n  disp(1)\n  ```\n";
    let run = LessonRun {
        blocks: vec![printed("1")],
        ..LessonRun::default()
    };
    let text = text_of(src, &run);
    assert!(
        text.contains("  ```\n\n  <!-- rustlab:output-start -->\n  ```text\n  1\n  ```\n\n  <!-- rustlab:output-end -->\n"),
        "{text}"
    );
}

#[test]
fn inline_values_are_substituted() {
    let src = "```rlab\nx = 2;\n```\n\nValue **${x}**, math $a = ${x}$, wrapped ${x}$ and ${s}.\n";
    let run = LessonRun {
        blocks: vec![printed("")],
        inlines: vec![ok("2"), ok("2"), ok("2"), ok("a_b*")],
        ..LessonRun::default()
    };
    let text = text_of(src, &run);
    assert!(
        text.ends_with("Value **2**, math $a = 2$, wrapped $2$ and a\\_b\\*.\n"),
        "{text}"
    );
}

#[test]
fn generated_tables_replace_the_hand_typed_ones() {
    let src = "## Work\n\n```rlab\nprint(\"|a| =\", 6.07)\n```\n\n## Expected Numerical Outputs Summary\n\n| Variable | Value |\n|---|---|\n| a | 6 |\n\n## Next\n";
    let mut block = printed("|a| = 6.07");
    block.values.push(LabelledValue {
        label: "|a|".into(),
        value: "6.07".into(),
        line: 0,
    });
    let run = LessonRun {
        blocks: vec![block],
        ..LessonRun::default()
    };
    let text = text_of(src, &run);
    assert!(
        text.contains("## Expected Numerical Outputs Summary\n\n| Quantity | Value | Printed by |\n|---|---|---|\n| \\|a\\| | `6.07` | [block 1](#work) |\n\n## Next\n"),
        "{text}"
    );
    assert!(!text.contains("| a | 6 |"), "{text}");
}

#[test]
fn lesson_links_point_at_markdown_files() {
    let src = "See [b](../notebooks/04-b.md#x), [[04-b]] and [c](05-c.md).\n\n## Part {#sec-p}\n";
    let mut other = lesson("# Bee\n");
    other.slug = "04-b".into();
    other.title = "Bee".into();
    let book = book_of(vec![lesson(src), other]);
    let (page, warnings) = render_page(
        &book,
        &crate::render::Tables::default(),
        &book.lessons[0],
        &LessonRun::default(),
        fake_draw,
    );
    assert!(
        page.text
            .contains("See [b](04-b.md#x), [Bee](04-b.md) and [c](05-c.md)."),
        "{}",
        page.text
    );
    assert!(
        page.text.contains("<a id=\"sec-p\"></a>\n\n## Part\n"),
        "{}",
        page.text
    );
    let texts: Vec<String> = warnings.iter().map(Diagnostic::text).collect();
    assert_eq!(
        texts,
        ["warning: content/03-x.md:1: broken lesson link '05-c.md'"]
    );
}

#[test]
fn math_is_written_for_github() {
    let src = "Inline \\(a\\) and \\[b\\]\n";
    let text = text_of(src, &LessonRun::default());
    assert_eq!(text, "Inline $a$ and\n\n$$\nb\n$$\n");
}

#[test]
fn generated_files_are_recognised() {
    assert!(is_generated(&header("notebooks/01-a.md")));
    assert!(is_generated(
        "<!-- Generated by rustlab-notebook — do not edit directly. -->\n\n# A\n"
    ));
    assert!(!is_generated("# My notes\n"));
}

#[test]
fn a_title_from_frontmatter_becomes_the_heading() {
    let src = "---\ntitle: Lesson *One*\n---\nBody.\n";
    assert_eq!(
        text_of(src, &LessonRun::default()),
        "# Lesson \\*One\\*\n\nBody.\n"
    );
    let src = "---\ntitle: Other\n---\n# Own heading\n";
    assert_eq!(text_of(src, &LessonRun::default()), "# Own heading\n");
}

#[test]
fn callouts_become_alerts_and_solutions_fold() {
    let src = "<!-- warning: Mind the gap -->\n> Careful.\n\n<!-- note -->\n> Plain.\n\n<!-- exercise -->\nDo it.\n\n<!-- solution -->\nThe answer.\n\n<!-- end -->\n\n<!-- solution: Hint -->\nA hint.\n\n## Next\n";
    assert_eq!(
        text_of(src, &LessonRun::default()),
        "> [!WARNING]\n> **Mind the gap**\n>\n> Careful.\n\n> [!NOTE]\n> Plain.\n\n<!-- exercise -->\n**Exercise 1.** Do it.\n\n<details>\n<summary>Solution</summary>\n\nThe answer.\n\n</details>\n\n<details>\n<summary>Hint</summary>\n\nA hint.\n\n</details>\n\n## Next\n"
    );
}
