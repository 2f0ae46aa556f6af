//! Cross-references on the HTML page of a small lesson: links, previews, captions, numbers.

use crate::exec::{BlockRun, LessonRun};
use crate::render::testutil::render;
use rlab::Figure;

#[test]
fn references_tables_equations_and_figures() {
    let src = "# X\n\n## Part {#sec-part}\n\nSee @sec-part, @tbl-t, @eq-e and @fig-f; [not @fig-f](#x).\n\n\
               | a |\n|---|\n| 1 |\n\nTable: *T* {#tbl-t}\n\n$$e$$ {#eq-e}\n\n\
               ```rlab,label=fig-f,caption=\"F & G\"\nplot(1)\n```\n";
    let run = LessonRun {
        blocks: vec![BlockRun {
            executed: true,
            figures: vec![Figure::new(1)],
            ..BlockRun::default()
        }],
        ..LessonRun::default()
    };
    let body = render(src, &run).body;
    assert!(body.contains(
        "<a class=\"xref\" href=\"#sec-part\" aria-describedby=\"xref-preview-1\">Section 3.1</a>\
         <span class=\"xref-preview\" id=\"xref-preview-1\" role=\"tooltip\">\
         <span class=\"xref-caption\">Section 3.1: Part</span></span>"
    ), "{body}");
    assert!(
        body.contains(">Table 3.1</a>") && body.contains(">Eq. (3.1)</a>"),
        "{body}"
    );
    assert!(body.contains("<img src=\"figures/03-x/block-1-1.svg\" alt=\"\"><span class=\"xref-caption\">Figure 3.1: F &amp; G</span>"), "{body}");
    assert!(
        body.contains(">not @fig-f</a>"),
        "no reference inside a link's text: {body}"
    );
    assert!(
        body.contains("<figure class=\"table-figure\" id=\"tbl-t\">\n<div class=\"table-scroll\""),
        "{body}"
    );
    assert!(
        body.contains("<figcaption>Table 3.1: T</figcaption>\n</figure>"),
        "{body}"
    );
    assert!(body.contains("id=\"eq-e\" tabindex=\"0\">"), "{body}");
    assert!(
        body.contains("<span class=\"eq-number\">(3.1)</span>"),
        "{body}"
    );
    assert!(
        body.contains("<figcaption>Figure 3.1: F &amp; G</figcaption>"),
        "{body}"
    );
}
