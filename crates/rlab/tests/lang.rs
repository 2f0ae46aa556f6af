//! Snapshot tests of the language: every `tests/lang/*.rlab` file is split into blocks at
//! lines starting with `%%`, the blocks run in order in one notebook-mode session (as a lesson's
//! blocks do), and the printed text, errors (rendered with file:line:col and caret) and a
//! summary of captured figures are compared with the insta snapshot of that file.
//! A first line `% mode: script` runs the blocks in script mode (assignment echo on).

use rlab::plot::model::Figure;
use rlab::{Config, Mode, Session};
use std::fmt::Write;
use std::path::Path;

fn blocks(text: &str) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = vec![(1, String::new())];
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("%%") {
            out.push((i as u32 + 2, String::new()));
        } else if let Some((_, code)) = out.last_mut() {
            code.push_str(line);
            code.push('\n');
        }
    }
    out.retain(|(_, code)| !code.trim().is_empty());
    out
}

fn figure_summary(fig: &Figure) -> String {
    let mut s = format!("figure {} ({}x{} panels)", fig.id, fig.rows, fig.cols);
    for (k, panel) in fig.panels.iter().enumerate() {
        let series: Vec<String> = panel
            .series
            .iter()
            .map(|se| format!("{:?} '{}' {} pts", se.kind, se.label, se.y.len()))
            .collect();
        let _ = write!(
            s,
            "\n  panel {}: title '{}' series [{}]{}{}",
            k + 1,
            panel.title,
            series.join(", "),
            if panel.heatmap.is_some() {
                " heatmap"
            } else {
                ""
            },
            if panel.surface.is_some() {
                " surface"
            } else {
                ""
            }
        );
        if let Some(img) = &panel.image {
            let _ = write!(s, " image {}x{} {}", img.rows, img.cols, img.colormap);
        }
    }
    s
}

fn run_file(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("read test file");
    let mode = if text.starts_with("% mode: script") {
        Mode::Script
    } else {
        Mode::Notebook
    };
    let config = Config {
        mode,
        base_dir: path.parent().unwrap().to_path_buf(),
        ..Config::default()
    };
    let mut session = Session::new(config, Some(42));
    let name = format!("tests/lang/{}", path.file_name().unwrap().to_string_lossy());
    let mut report = String::new();
    for (line, code) in blocks(&text) {
        let out = session.run_block(&name, line, &code);
        let _ = writeln!(report, "── block at line {line} ──");
        report.push_str(&out.text);
        if let Some(err) = out.error {
            let _ = writeln!(report, "error: {}", err.rendered());
        }
        for fig in &out.figures {
            let _ = writeln!(report, "{}", figure_summary(fig));
        }
        for anim in &out.animations {
            let _ = writeln!(
                report,
                "animation '{}' at {} fps, {} frames",
                anim.name,
                anim.fps,
                anim.frames.len()
            );
            for (k, fig) in anim.frames.iter().enumerate() {
                let _ = writeln!(report, "frame {}: {}", k + 1, figure_summary(fig));
            }
        }
    }
    report
}

#[test]
fn language_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lang");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/lang")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rlab"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no tests/lang/*.rlab files");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let report = run_file(&path);
        insta::assert_snapshot!(name, report);
    }
}
