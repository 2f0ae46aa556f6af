//! Tests of the whole lesson pipeline on small sources.

use crate::exec::{BlockRun, LessonRun};
use crate::render::testutil::{lesson, ok, render, run_with_inlines};

#[test]
fn title_toc_and_body() {
    let src = "---\ntitle: Custom\n---\n# Lesson 3: *Softmax*\n\n## Theory\n\ntext\n\n### Example — one\n\n#### Deep\n";
    let page = render(src, &LessonRun::default());
    assert_eq!(page.title, "Custom");
    assert_eq!(page.slug, "03-x");
    assert!(
        page.body
            .starts_with("<h1 id=\"lesson-3-softmax\">Lesson 3: <em>Softmax</em></h1>\n"),
        "{}",
        page.body
    );
    let toc: Vec<(u8, &str)> = page.toc.iter().map(|t| (t.level, t.id.as_str())).collect();
    assert_eq!(toc, [(2, "theory"), (3, "example-one")]);
    assert!(page.warnings.is_empty());
}

#[test]
fn inline_values_in_prose_and_math() {
    let src = "# T\n\nThe corpus has **${n}** characters, $p = ${p}$ and ${q:%.2f}$.\n";
    let run = run_with_inlines(vec![ok("18"), ok("0.5"), ok("0.25")]);
    let body = render(src, &run).body;
    assert!(body.contains("<p>The corpus has <strong><span class=\"inline-value\" data-at=\"22\">18</span></strong> characters, <span class=\"math math-inline\" data-values=\"46\"><math"), "{body}");
    assert!(body.contains("<mi>p</mi><mo>=</mo><mn>0.5</mn>"), "{body}");
    assert!(
        body.contains("and <span class=\"math math-inline\" data-values=\"56\"><math"),
        "{body}"
    );
    assert!(body.contains("<mn>0.25</mn>"), "{body}");
}

#[test]
fn warnings_point_at_source_lines_after_substitutions() {
    let src = "# T\n\nA ${long_expression_here} B ${x}\nC \\(y\\) [bad](zz.md)\n";
    let run = run_with_inlines(vec![ok("1"), ok("a\nb")]);
    let page = render(src, &run);
    assert_eq!(
        crate::render::testutil::warning_texts(&page),
        ["content/03-x.md:4: broken lesson link 'zz.md'"]
    );
}

#[test]
fn deterministic_output() {
    let src = "# T\n\n## A\n\n```rlab\nx = 1\n```\n\n$x$ and $$y$$\n";
    let run = LessonRun {
        blocks: vec![BlockRun {
            text: "x = 1".into(),
            ..BlockRun::default()
        }],
        ..LessonRun::default()
    };
    assert_eq!(render(src, &run), render(src, &run));
}

#[test]
fn formulas_are_collected_after_substitution() {
    let l = lesson("# T\n\n$a = ${v}$ and \\[b\\] and `$c$`\n");
    let run = run_with_inlines(vec![ok("3")]);
    let got: Vec<(String, bool)> = super::formulas(&l, &run)
        .into_iter()
        .map(|f| (f.tex, f.display))
        .collect();
    assert_eq!(got, [("a = 3".to_string(), false), ("b".to_string(), true)]);
}

#[test]
fn toc_leaves_out_headings_the_summary_replaced() {
    let src = "# T\n\n## Expected Numerical Outputs Summary\n\n### Old notes\n\ntext\n\n## After\n";
    let page = render(src, &LessonRun::default());
    let ids: Vec<&str> = page.toc.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["expected-numerical-outputs-summary", "after"]);
    assert!(!page.body.contains("Old notes"));
}

#[test]
fn odd_inputs_never_panic() {
    let fragments = [
        "# T\n",
        "\\(",
        "\\)",
        "\\[x\\]",
        "$$",
        "$",
        "é\\",
        "\\é",
        "${v}",
        "${w}$",
        "[[",
        "]]",
        "[[02-x|]]",
        "<!-- note -->\n",
        "<!-- solution -->\n",
        "<!-- end -->\n",
        "> [!WARNING]\n> > [!TIP]\n",
        "## Standalone Scripts\n",
        "## Expected Numerical Outputs Summary\n",
        "|a|\n|-|\n|$$b$$|\n",
        "```rlab\nx\n```\n",
        "```\n",
        "- $$y$$\n",
        "[a](.md)",
        "[b](#)",
        "\n\n",
        "#",
    ];
    let run = run_with_inlines(vec![ok("1"), ok("2"), ok("3"), ok("4")]);
    let mut rendered = 0;
    for a in fragments {
        for b in fragments {
            let src = format!("{a}{b}{a}");
            let Ok(l) = crate::book::Lesson::parse(
                "/b/content/03-x.md".into(),
                "content/03-x.md".into(),
                src,
                vec![],
            ) else {
                continue;
            };
            let book = crate::render::testutil::book_of(vec![l]);
            let math = crate::render::math::MathCache::default();
            let ctx = super::RenderContext {
                book: &book,
                tables: &crate::render::Tables::default(),
                math: &math,
                strict: false,
                draw_figure: crate::render::testutil::FAKE_DRAW,
            };
            let page = super::render_lesson(&ctx, &book.lessons[0], &run);
            assert!(page.is_ok());
            rendered += 1;
        }
    }
    assert!(rendered > 500, "{rendered}");
}
