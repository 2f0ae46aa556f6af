//! EPUBs checked by epubcheck (when it is installed): the twelve reference lessons of the
//! course (shared/corpus; `RLBOOK_EPUB_KEEP=path` keeps a copy of that file), and pages
//! mixed from pieces that go wrong in writers.

use super::testutil::{SVG, assert_well_formed, book, page, text, unzip};
use super::*;
use std::path::Path;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/rustlab_llm/reference/book"
);

/// A figure as the plot renderer draws it (a line and a scatter series).
fn drawn_figure(seed: usize) -> String {
    use rlab::plot::model::{Color, Figure, LineStyle, Series, SeriesKind};
    let mut fig = Figure::new(1);
    fig.panels[0].title = "Loss <α & β>".into();
    let x: Vec<f64> = (0..50).map(f64::from).collect();
    let y: Vec<f64> = x.iter().map(|v| (v * 0.2 + seed as f64).sin()).collect();
    for (k, kind) in [SeriesKind::Line, SeriesKind::Scatter]
        .into_iter()
        .enumerate()
    {
        fig.panels[0].series.push(Series {
            kind,
            label: format!("series {k}"),
            color: Color::Auto(k),
            style: LineStyle::Solid,
            x: x.clone(),
            y: y.iter().map(|v| v + k as f64).collect(),
        });
    }
    rlab::plot::svg::render(&fig)
}

/// A Markdown page made from a reference lesson: slug from the file name, number from its
/// digits, title from its first `# ` heading, for each plot it names a drawn figure (the
/// first) or a placeholder SVG.
fn reference_page(path: &Path) -> MarkdownPage {
    let text = std::fs::read_to_string(path).unwrap();
    let slug = path.file_stem().unwrap().to_string_lossy().to_string();
    let digits: String = slug.chars().take_while(char::is_ascii_digit).collect();
    let title = text
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or(&slug)
        .trim()
        .to_string();
    let mut figures: Vec<MarkdownFigure> = Vec::new();
    for (at, _) in text.match_indices("](plots/") {
        let rest = &text[at + 2..];
        let Some(end) = rest.find(')') else { continue };
        let path = rest[..end].to_string();
        if path.ends_with(".svg") && !figures.iter().any(|f| f.path == path) {
            let svg = if figures.is_empty() {
                drawn_figure(text.len())
            } else {
                SVG.into()
            };
            figures.push(MarkdownFigure { path, svg });
        }
    }
    MarkdownPage {
        slug,
        title,
        number: digits.parse().unwrap_or(0),
        text,
        figures,
        scripts: Vec::new(),
        matter: None,
    }
}

fn reference_pages() -> Option<Vec<MarkdownPage>> {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .ok()?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    Some(files.iter().map(|p| reference_page(p)).collect())
}

#[test]
fn the_reference_lessons_make_an_epub_that_epubcheck_accepts() {
    let Some(pages) = reference_pages() else {
        eprintln!("notice: no reference lessons at {CORPUS}; EPUB corpus test skipped");
        return;
    };
    assert_eq!(pages.len(), 12);
    let toml = "[book]\ntitle = \"Rustlab LLM\"\nauthors = [\"The authors\"]\n\
                description = \"Transformers from scratch.\"\n";
    let math = MathCache::prerender(formulas(&pages));
    assert!(math.len() > 500, "{} formulas", math.len());
    let bytes = write_epub(&book(toml), &pages, &math).unwrap();
    let files = unzip(&bytes);
    assert_well_formed(&files);
    let nav = text(&files, "EPUB/nav.xhtml");
    for page in &pages {
        let doc = text(&files, &format!("EPUB/{}.xhtml", page.slug));
        assert!(
            !doc.contains("math-error"),
            "{}: a formula failed",
            page.slug
        );
        assert!(nav.contains(&format!("href=\"{}.xhtml\"", page.slug)));
    }
    if let Ok(keep) = std::env::var("RLBOOK_EPUB_KEEP") {
        std::fs::write(keep, &bytes).unwrap();
    }
    assert_epubcheck_accepts(&bytes);
}

/// Where `epubcheck` is on PATH.
fn epubcheck_on_path() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("epubcheck"))
        .find(|file| file.is_file())
}

/// epubcheck reports 0 errors and 0 warnings on the EPUB (when it is installed; Debian's
/// is an executable JAR, run with `java -jar`).
pub(super) fn assert_epubcheck_accepts(bytes: &[u8]) {
    let Some(epubcheck) = epubcheck_on_path() else {
        eprintln!("notice: epubcheck is not on PATH; only the ZIP structure was checked");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.epub");
    std::fs::write(&file, bytes).unwrap();
    let jar = std::fs::read(&epubcheck).is_ok_and(|b| b.starts_with(b"PK"));
    let mut command = if jar {
        let mut java = std::process::Command::new("java");
        java.arg("-jar").arg(&epubcheck);
        java
    } else {
        std::process::Command::new(&epubcheck)
    };
    let run = command.arg(&file).output().unwrap();
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.status.success() && report.contains("No errors or warnings detected"),
        "epubcheck:\n{report}"
    );
}

/// Pieces of Markdown and HTML that go wrong in writers, mixed in many orders.
const PIECES: [&str; 24] = [
    "# H {#1x}\n",
    "## H\n",
    "<details>\n",
    "</details>\n",
    "<summary>S</summary>",
    "$x$",
    "$$\\frac{1}{2}$$\n",
    "$\\bad$",
    "[^a]",
    "\n[^a]: note\n",
    "| a | b |\n|---|---|\n| 1 | 2 |\n",
    "<!-- rustlab:output-start -->\n",
    "<!-- rustlab:output-end -->\n",
    "```text\nout\n```\n",
    "```rlab\nx = 1 % c\n```\n",
    "<span>",
    "</span>",
    "<div>",
    "</p>",
    "&nbsp;&#0;&x",
    "![a](plots/p.svg)",
    "[l](b.md#h)",
    "> [!TIP]\n> t\n",
    "- [ ] *e\n",
];

#[test]
fn mixed_pieces_always_give_well_formed_valid_xhtml() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let pages: Vec<MarkdownPage> = (0..40)
        .map(|n| {
            let mut text = String::new();
            for _ in 0..30 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let piece = PIECES[(state >> 33) as usize % PIECES.len()];
                text.push_str(piece);
                text.push(if state & 1 == 0 { '\n' } else { ' ' });
            }
            page(&format!("p{n}"), &text)
        })
        .collect();
    let bytes = write_epub(&book(""), &pages, &MathCache::default()).unwrap();
    assert_well_formed(&unzip(&bytes));
    assert_epubcheck_accepts(&bytes);
}
