//! Hayagriva's output (a tree of elements with formatting, links and metadata) as the three
//! texts the renderers need: inline HTML (escaped; `<i>`, `<b>`, `<sup>`, `<sub>`, small
//! capitals as a styled span, links as `<a href>`), plain text, and GitHub-flavoured Markdown
//! (`*italic*`, `**bold**`, `[text](url)`, `<sup>`/`<sub>`, every Markdown special character
//! escaped).
//!
//! Hayagriva's own HTML writer escapes nothing and styles every run with inline CSS, so the
//! tree is flattened here into runs (a text with one formatting and maybe a link), and the
//! runs are tidied of what hayagriva leaves behind with some styles and incomplete dates: two
//! spaces in a row (IEEE's `Inc.,  2017`) and a comma before a closing parenthesis (APA's
//! `(2016,)` for a preprint dated by its year only).

use crate::markup::escape;
use hayagriva::citationberg::{FontStyle, FontVariant, FontWeight, VerticalAlign};
use hayagriva::{ElemChild, ElemChildren, ElemMeta, Formatting};

/// A citation or bibliography entry in the three forms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Forms {
    /// Inline HTML, escaped.
    pub(crate) html: String,
    /// The text alone.
    pub(crate) plain: String,
    /// Inline GitHub-flavoured Markdown.
    pub(crate) markdown: String,
}

/// A text with one formatting: a leaf of hayagriva's tree.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Run {
    pub(super) text: String,
    pub(super) format: Formatting,
    pub(super) url: Option<String>,
    /// The index of the citation item whose rendering holds it (hayagriva's `Entry` meta).
    pub(super) item: Option<usize>,
    /// Whether it is part of the names (the authors) of its item.
    pub(super) in_names: bool,
}

impl Run {
    /// A run of plain text.
    pub(super) fn plain(text: &str) -> Run {
        Run {
            text: text.to_string(),
            ..Run::default()
        }
    }
}

/// The runs of `children`, in reading order.
pub(super) fn flatten(children: &ElemChildren) -> Vec<Run> {
    let mut runs = Vec::new();
    flatten_into(&children.0, None, false, &mut runs);
    runs
}

fn flatten_into(children: &[ElemChild], item: Option<usize>, in_names: bool, runs: &mut Vec<Run>) {
    for child in children {
        let run = |text: &str, format: Formatting, url: Option<&String>| Run {
            text: text.to_string(),
            format,
            url: url.cloned(),
            item,
            in_names,
        };
        match child {
            ElemChild::Text(t) => runs.push(run(&t.text, t.formatting, None)),
            ElemChild::Markup(m) => runs.push(run(m, Formatting::default(), None)),
            ElemChild::Link { text, url } => runs.push(run(&text.text, text.formatting, Some(url))),
            ElemChild::Transparent { .. } => {}
            ElemChild::Elem(e) => {
                let item = match e.meta {
                    Some(ElemMeta::Entry(i)) => Some(i),
                    _ => item,
                };
                let names = in_names || matches!(e.meta, Some(ElemMeta::Names(_)));
                flatten_into(&e.children.0, item, names, runs);
            }
        }
    }
}

/// The runs without doubled spaces, commas before a closing parenthesis, empty runs, and
/// space at either end.
pub(super) fn tidy(runs: &mut Vec<Run>) {
    for run in runs.iter_mut() {
        while run.text.contains("  ") {
            run.text = run.text.replace("  ", " ");
        }
        run.text = run.text.replace(",)", ")").replace(", )", ")");
    }
    runs.retain(|r| !r.text.is_empty());
    for i in 1..runs.len() {
        let (before, after) = runs.split_at_mut(i);
        let (previous, run) = (&mut before[i - 1], &mut after[0]);
        if previous.text.ends_with(' ') && run.text.starts_with(' ') {
            run.text.remove(0);
        }
        if run.text.starts_with(')') {
            let kept = previous.text.trim_end().trim_end_matches(',').len();
            previous.text.truncate(kept);
        }
    }
    if let Some(first) = runs.first_mut() {
        first.text = first.text.trim_start().to_string();
    }
    if let Some(last) = runs.last_mut() {
        last.text.truncate(last.text.trim_end().len());
    }
    runs.retain(|r| !r.text.is_empty());
}

/// The three forms of tidied runs (neighbours of one formatting written as one, so that
/// `<i>A</i><i>, </i><i>B</i>` is `*A, B*` in Markdown, not the ambiguous `*A**, **B*`).
pub(super) fn forms(runs: &[Run]) -> Forms {
    let runs = &merged(runs);
    Forms {
        html: runs.iter().map(html).collect(),
        plain: runs.iter().map(|r| r.text.as_str()).collect(),
        markdown: markdown(runs),
    }
}

/// `runs` with neighbours of the same formatting and no link joined.
fn merged(runs: &[Run]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::with_capacity(runs.len());
    for run in runs {
        match out.last_mut() {
            Some(last) if last.format == run.format && last.url.is_none() && run.url.is_none() => {
                last.text.push_str(&run.text);
            }
            _ => out.push(run.clone()),
        }
    }
    out
}

/// One run as HTML.
fn html(run: &Run) -> String {
    let f = run.format;
    let mut text = escape(&run.text);
    let wraps: [(bool, &str, &str); 5] = [
        (f.font_style == FontStyle::Italic, "<i>", "</i>"),
        (f.font_weight == FontWeight::Bold, "<b>", "</b>"),
        (
            f.font_variant == FontVariant::SmallCaps,
            "<span style=\"font-variant: small-caps\">",
            "</span>",
        ),
        (f.vertical_align == VerticalAlign::Sup, "<sup>", "</sup>"),
        (f.vertical_align == VerticalAlign::Sub, "<sub>", "</sub>"),
    ];
    for (on, open, close) in wraps {
        if on {
            text = format!("{open}{text}{close}");
        }
    }
    match &run.url {
        Some(url) => format!("<a href=\"{}\">{text}</a>", escape(url)),
        None => text,
    }
}

/// Runs as Markdown, a list marker or heading sign at the very start escaped too.
fn markdown(runs: &[Run]) -> String {
    let out: String = runs.iter().map(markdown_run).collect();
    let digits = out.len() - out.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match out[digits..].chars().next() {
        Some('.' | ')') if digits > 0 => format!("{}\\{}", &out[..digits], &out[digits..]),
        Some('-' | '+' | '#' | '=') if digits == 0 => format!("\\{out}"),
        _ => out,
    }
}

/// One run as Markdown: emphasis around the text only (spaces outside the markers).
fn markdown_run(run: &Run) -> String {
    let f = run.format;
    let inner = run.text.trim();
    let (lead, trail) = run
        .text
        .split_at(run.text.len() - run.text.trim_start().len());
    let trail = &trail[trail.trim_end().len()..];
    let mut text = escape_markdown(inner);
    if !inner.is_empty() {
        let marks = [
            (f.font_style == FontStyle::Italic, "*", "*"),
            (f.font_weight == FontWeight::Bold, "**", "**"),
            (f.vertical_align == VerticalAlign::Sup, "<sup>", "</sup>"),
            (f.vertical_align == VerticalAlign::Sub, "<sub>", "</sub>"),
        ];
        for (on, open, close) in marks {
            if on {
                text = format!("{open}{text}{close}");
            }
        }
    }
    if let Some(url) = &run.url {
        text = format!("[{text}]({})", markdown_url(url));
    }
    format!("{lead}{text}{trail}")
}

/// `text` with every character Markdown could read as syntax escaped.
pub(super) fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]<>|~$&!#".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A link destination: in angle brackets when it holds a space or a parenthesis.
fn markdown_url(url: &str) -> String {
    if url.contains([' ', '(', ')', '<', '>']) {
        let url = url.replace('<', "%3C").replace('>', "%3E");
        format!("<{}>", url.replace(' ', "%20"))
    } else {
        url.to_string()
    }
}
