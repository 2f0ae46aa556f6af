//! Unit tests of code block rendering.

use crate::exec::{BlockRun, LessonRun};
use crate::render::testutil::{render, run_error};
use rlab::Figure;

fn figure(id: u32, title: &str) -> Figure {
    let mut fig = Figure::new(id);
    if let Some(p) = fig.panels.first_mut() {
        p.title = title.into();
    }
    fig
}

fn block(text: &str) -> BlockRun {
    BlockRun {
        executed: true,
        text: text.into(),
        ..BlockRun::default()
    }
}

#[test]
fn section_with_code_output_and_figures() {
    let src = "# T\n\n<!-- grid: 2 -->\n```rlab\nplot(x)\n```\n";
    let run = LessonRun {
        blocks: vec![BlockRun {
            figures: vec![figure(1, "Loss <a>"), figure(2, "")],
            ..block("x = 1 < 2")
        }],
        ..LessonRun::default()
    };
    let page = render(src, &run);
    let figure_html = |k: usize| {
        format!(
            "<figure class=\"plot\" id=\"rlf1-{k}\">\n<div class=\"rlf-view rlf-wide\">\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" data-id=\"rlf1-{k}\" data-figure=\"{k}\"></svg></div>\n\
             <div class=\"rlf-view rlf-narrow\">\n\
             <svg data-narrow=\"\" xmlns=\"http://www.w3.org/2000/svg\" data-id=\"rlf1-{k}-n\" data-figure=\"{k}\"></svg></div>\n\
             <div class=\"rlf-bar\">\n<p class=\"rlf-files\">Download \
             <a href=\"figures/03-x/block-1-{k}.svg\" download>SVG</a> \
             <a href=\"figures/03-x/block-1-{k}.csv\" download>CSV</a></p>\n</div>\n\
             <script type=\"application/json\" class=\"rlf-json\">{{\"w\":10,\"h\":10,\"panels\":[]}}</script>\n\
             <script type=\"application/json\" class=\"rlf-json-narrow\">{{\"w\":10,\"h\":10,\"panels\":[]}}</script>\n</figure>\n"
        )
    };
    let expected = format!(
        "<h1 id=\"t\">T</h1>\n<section class=\"rlab-block\" id=\"block-1\" data-live>\n<pre class=\"code\" tabindex=\"0\"><code class=\"language-rlab\"><span class=\"hl-source hl-rlab\"><span class=\"hl-support hl-function hl-builtin hl-rlab\">plot</span>(x)\n</span></code></pre>\n<pre class=\"output\" tabindex=\"0\">x = 1 &lt; 2</pre>\n<div class=\"figures\" style=\"--cols: 2\">\n{}{}</div>\n</section>\n",
        figure_html(1),
        figure_html(2)
    );
    assert_eq!(page.body, expected);
    let paths: Vec<&str> = page.figures.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        ["figures/03-x/block-1-1.svg", "figures/03-x/block-1-2.svg"]
    );
    assert!(page.figures[1].svg.contains("data-figure=\"2\""));
    assert!(
        !page.figures[1].svg.contains("data-narrow"),
        "the file is the figure's own drawing"
    );
}

#[test]
fn fenced_blocks_of_other_languages_are_hidden_or_folded() {
    let src = "A\n\n<!-- hide -->\n```text\nsecret\n```\n\n\
        <!-- details: Pipeline <1> -->\n```mermaid\nflowchart LR\n```\n\n```text\nshown\n```\n";
    let body = render(src, &LessonRun::default()).body;
    assert!(!body.contains("secret"), "{body}");
    assert!(
        body.contains(
            "<details class=\"rlab-details\"><summary>Pipeline &lt;1&gt;</summary>\n\
             <pre class=\"code\" tabindex=\"0\"><code class=\"language-mermaid\">flowchart LR\n\
             </code></pre>\n</details>\n"
        ),
        "{body}"
    );
    assert!(
        body.contains("<code class=\"language-text\">shown"),
        "{body}"
    );
}

#[test]
fn hide_hide_output_details_no_run_and_errors() {
    let src = "<!-- hide -->\n```rlab\na = 1\n```\n\n```rlab,hide_output\nb = 2\n```\n\n<!-- details: Setup <code> -->\n```rlab\nc = 3\n```\n\n```rlab,no_run\nd = 4\n```\n\n```rlab,should_error\nerror(\"x\")\n```\n";
    let run = LessonRun {
        blocks: vec![
            block("a = 1"),
            block("b = 2"),
            block("c = 3"),
            BlockRun::default(),
            BlockRun {
                error: Some(run_error("x & y")),
                ..block("before")
            },
        ],
        ..LessonRun::default()
    };
    let body = render(src, &run).body;
    let sections: Vec<&str> = body.split("<section").skip(1).collect();
    assert_eq!(sections.len(), 5, "{body}");
    assert!(
        !sections[0].contains("<pre class=\"code\"")
            && sections[0].contains("<pre class=\"output\" tabindex=\"0\">a = 1</pre>")
    );
    assert!(
        sections[1].contains("<pre class=\"code\" tabindex=\"0\">")
            && !sections[1].contains("output")
    );
    assert!(body.contains("<details class=\"rlab-details\"><summary>Setup &lt;code&gt;</summary>\n<section class=\"rlab-block\" id=\"block-3\" data-live>"));
    // Hidden code and no_run blocks offer no Run or Edit; the others do.
    let offered: Vec<bool> = sections
        .iter()
        .map(|s| s.starts_with(" class=\"rlab-block\" id=\"block-") && s.contains("\" data-live>"))
        .collect();
    assert_eq!(offered, [false, true, true, false, true]);
    assert!(sections[2].contains("</section>\n</details>\n"));
    assert!(
        sections[3].contains("<pre class=\"code\" tabindex=\"0\">")
            && !sections[3].contains("output"),
        "{}",
        sections[3]
    );
    assert!(sections[4].contains("<pre class=\"output\" tabindex=\"0\">before</pre>\n<pre class=\"output error\" tabindex=\"0\">runtime error: x &amp; y</pre>"), "{}", sections[4]);
}

#[test]
fn other_code_blocks_and_missing_runs() {
    let src = "```python\nx = 1\n```\n\n    indented\n\n```rustlab\ny = 2\n```\n";
    let body = render(src, &LessonRun::default()).body;
    assert!(
        body.starts_with("<pre class=\"code\" tabindex=\"0\"><code class=\"language-python\">"),
        "{body}"
    );
    assert!(
        body.contains("<pre class=\"code\" tabindex=\"0\"><code>indented\n</code></pre>"),
        "{body}"
    );
    assert!(body.contains("<section class=\"rlab-block\" id=\"block-1\" data-live>\n<pre class=\"code\" tabindex=\"0\"><code class=\"language-rlab\">"));
}

#[test]
fn blocks_in_quotes_and_lists_keep_their_numbers() {
    let src = "> ```rlab\n> a = 1\n> ```\n\n1. item\n\n   ```rlab\n   b = 2\n   ```\n";
    let run = LessonRun {
        blocks: vec![block("one"), block("two")],
        ..LessonRun::default()
    };
    let body = render(src, &run).body;
    assert!(
        body.contains("id=\"block-1\"")
            && body.contains("<pre class=\"output\" tabindex=\"0\">one</pre>")
    );
    assert!(
        body.contains("id=\"block-2\"")
            && body.contains("<pre class=\"output\" tabindex=\"0\">two</pre>"),
        "{body}"
    );
}
