//! Fidelity against the public course (lessons 01-12 of rustlab_llm in `../shared/corpus`):
//! every lesson script run with `rlbook run` prints what `rustlab run` printed, and every
//! notebook's blocks, run in order in one notebook-mode session, print what the rendered
//! reference book shows. Without `../shared` these fail under CI and are skipped elsewhere.

use crate::common;

use rlab::{Config, Mode, Session};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Scripts whose random stream is unseeded: they only need to run.
const UNSEEDED: [&str; 2] = ["embedding_matrix", "bigram_sampling"];

fn corpus() -> Option<PathBuf> {
    let needs = [
        "corpus/rustlab_llm/lessons",
        "corpus/rustlab_llm/notebooks",
        "corpus/rustlab_llm/reference",
    ];
    common::shared("the corpus tests", &needs).map(|s| s.join("corpus/rustlab_llm"))
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    v.sort();
    v
}

#[test]
fn lesson_scripts_match_rustlab_reference_outputs() {
    let Some(corpus) = corpus() else { return };
    let mut failures = Vec::new();
    let mut count = 0;
    for lesson in sorted_entries(&corpus.join("lessons")) {
        let work = tempfile::tempdir().expect("temp dir");
        common::copy_dir_files(&lesson, work.path());
        let slug = lesson.file_name().unwrap().to_string_lossy().to_string();
        for script in sorted_entries(&lesson) {
            if script.extension().is_none_or(|e| e != "rlab") {
                continue;
            }
            count += 1;
            let name = script.file_stem().unwrap().to_string_lossy().to_string();
            if let Err(e) = check_script(&corpus, work.path(), &slug, &name) {
                failures.push(format!("{slug}/{name}: {e}"));
            }
        }
        for svg in sorted_entries(work.path()) {
            if svg.extension().is_some_and(|e| e == "svg") {
                let text = std::fs::read_to_string(&svg).expect("read svg");
                if let Err(e) = roxmltree::Document::parse(&text) {
                    failures.push(format!("{}: invalid SVG: {e}", svg.display()));
                }
            }
        }
    }
    // The corpus holds 23 scripts for lessons 01-12 (lesson 03 has one), each with a
    // reference output.
    let references = sorted_entries(&corpus.join("reference/scripts"))
        .iter()
        .map(|d| sorted_entries(d).len())
        .sum::<usize>();
    assert_eq!(count, references, "every script has a reference output");
    assert!(
        count >= 23,
        "expected the 23 scripts of lessons 01-12, found {count}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn check_script(corpus: &Path, dir: &Path, slug: &str, name: &str) -> Result<(), String> {
    let output = Command::new(env!("CARGO_BIN_EXE_rlbook"))
        .current_dir(dir)
        .args(["run", &format!("{name}.rlab"), "--plot", "none"])
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!(
            "exit {:?}\n{}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    if UNSEEDED.contains(&name) {
        return Ok(());
    }
    let reference = corpus.join(format!("reference/scripts/{slug}/{name}.txt"));
    let expected = std::fs::read_to_string(reference).map_err(|e| e.to_string())?;
    let diffs = common::numcmp(&expected, &String::from_utf8_lossy(&output.stdout));
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("\n"))
    }
}

/// What one block produced, for matching with the reference's output sections.
struct BlockResult {
    text: String,
    figures: usize,
    error: Option<String>,
    prints_figure_id: bool,
}

fn run_notebook(path: &Path) -> Vec<BlockResult> {
    let source = std::fs::read_to_string(path).expect("read notebook");
    let config = Config {
        mode: Mode::Notebook,
        base_dir: path.parent().unwrap().to_path_buf(),
        ..Config::default()
    };
    let mut session = Session::new(config, None);
    let name = path.display().to_string();
    common::code_blocks(&source)
        .iter()
        .map(|block| {
            let out = session.run_block(&name, block.first_line, &block.code);
            BlockResult {
                text: out.text.trim().to_string(),
                figures: out.figures.len(),
                error: out.error.map(|e| e.rendered()),
                prints_figure_id: block.code.lines().any(|l| l.trim() == "figure()"),
            }
        })
        .collect()
}

#[test]
fn notebook_blocks_match_the_reference_book() {
    let Some(corpus) = corpus() else { return };
    let mut failures = Vec::new();
    for notebook in sorted_entries(&corpus.join("notebooks")) {
        let slug = notebook.file_stem().unwrap().to_string_lossy().to_string();
        let book = std::fs::read_to_string(corpus.join(format!("reference/book/{slug}.md")))
            .expect("reference book");
        let sections = common::output_sections(&book);
        let results = run_notebook(&notebook);
        if let Err(e) = compare_notebook(&results, &sections) {
            failures.push(format!("{slug}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn compare_notebook(
    results: &[BlockResult],
    sections: &[common::OutputSection],
) -> Result<(), String> {
    if let Some((i, err)) = results
        .iter()
        .enumerate()
        .find_map(|(i, r)| r.error.as_ref().map(|e| (i, e)))
    {
        return Err(format!("block {} failed: {err}", i + 1));
    }
    let producing: Vec<&BlockResult> = results
        .iter()
        .filter(|r| !r.text.is_empty() || r.figures > 0)
        .collect();
    if producing.len() != sections.len() {
        return Err(format!(
            "{} blocks produced output, the reference has {} output sections",
            producing.len(),
            sections.len()
        ));
    }
    for (k, (r, s)) in producing.iter().zip(sections).enumerate() {
        let expected = s.text.clone().unwrap_or_default();
        let diffs = compare_block_text(&expected, &r.text, r.prints_figure_id);
        if !diffs.is_empty() {
            return Err(format!("output section {}:\n{}", k + 1, diffs.join("\n")));
        }
        if r.figures != s.figures {
            return Err(format!(
                "output section {}: {} figures, reference shows {}",
                k + 1,
                r.figures,
                s.figures
            ));
        }
    }
    Ok(())
}

/// numcmp comparison, except that a bare figure id line (a lone integer printed by
/// `figure()`) may differ: rustlab numbers figures across all notebooks of one render.
fn compare_block_text(expected: &str, actual: &str, figure_ids: bool) -> Vec<String> {
    let is_id = |l: &str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit());
    let keep = |text: &str| -> String {
        text.lines()
            .filter(|l| !(figure_ids && is_id(l.trim())))
            .collect::<Vec<_>>()
            .join("\n")
    };
    common::numcmp(&keep(expected), &keep(actual))
}

/// One block section of a built page: its printed output and its figure count.
struct PageBlock {
    text: String,
    figures: usize,
}

fn page_blocks(html: &str) -> Vec<PageBlock> {
    html.split("<section class=\"rlab-block\"")
        .skip(1)
        .map(|section| {
            let section = section.split("</section>").next().unwrap_or("");
            let text = section
                .split("<pre class=\"output\" tabindex=\"0\">")
                .nth(1)
                .and_then(|rest| rest.split("</pre>").next())
                .map(common::unescape)
                .unwrap_or_default();
            PageBlock {
                text: text.trim().to_string(),
                figures: section.matches("<figure class=\"plot").count(),
            }
        })
        .collect()
}

/// The book issue's corpus acceptance: the 12 lessons build in their own layout through a
/// book.toml with zero errors and warnings; every page shows the reference outputs and
/// figures, and no `${…}` is left in the prose.
#[test]
fn the_course_builds_as_a_book_in_its_own_layout() {
    let Some(corpus) = corpus() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let toml = format!(
        "[book]\ntitle = \"rustlab_llm\"\n[paths]\nlessons = \"{0}/notebooks\"\nscripts = \"{0}/lessons\"\n",
        corpus.display()
    );
    std::fs::write(dir.path().join("book.toml"), toml).expect("book.toml");
    let run = common::rlbook(dir.path(), &["build", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    let mut failures = Vec::new();
    for notebook in sorted_entries(&corpus.join("notebooks")) {
        let slug = notebook.file_stem().unwrap().to_string_lossy().to_string();
        let html =
            std::fs::read_to_string(dir.path().join(format!("site/{slug}.html"))).expect("page");
        let book = std::fs::read_to_string(corpus.join(format!("reference/book/{slug}.md")))
            .expect("book");
        let source = std::fs::read_to_string(&notebook).expect("notebook");
        let figure_ids: Vec<bool> = common::code_blocks(&source)
            .iter()
            .map(|b| b.code.lines().any(|l| l.trim() == "figure()"))
            .collect();
        let blocks = page_blocks(&html);
        assert_eq!(
            blocks.len(),
            figure_ids.len(),
            "{slug}: one section per block"
        );
        let shown: Vec<(&PageBlock, bool)> = blocks
            .iter()
            .zip(figure_ids)
            .filter(|(b, _)| !b.text.is_empty() || b.figures > 0)
            .collect();
        let sections = common::output_sections(&book);
        if shown.len() != sections.len() {
            failures.push(format!(
                "{slug}: {} blocks with output, reference has {}",
                shown.len(),
                sections.len()
            ));
            continue;
        }
        for (k, ((block, ids), section)) in shown.iter().zip(&sections).enumerate() {
            let expected = section.text.clone().unwrap_or_default();
            let diffs = compare_block_text(&expected, &block.text, *ids);
            if !diffs.is_empty() || block.figures != section.figures {
                failures.push(format!(
                    "{slug} output {}: {} figures vs {}\n{}",
                    k + 1,
                    block.figures,
                    section.figures,
                    diffs.join("\n")
                ));
            }
        }
        if html.contains("${") {
            failures.push(format!("{slug}: an inline value was not replaced"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let (figures, over) = common::figures_over_budget(&dir.path().join("site"));
    assert!(figures > 50, "{figures} figures");
    assert!(over.is_empty(), "{over:#?}");
}
