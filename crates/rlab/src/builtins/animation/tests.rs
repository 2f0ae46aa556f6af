//! Tests of `frame` and `saveanim`, run as blocks of a notebook session.

use crate::plot::model::Animation;
use crate::{BlockOutput, Config, Session};
use std::path::Path;

fn session() -> Session {
    Session::new(Config::default(), Some(1))
}

fn writing_session(dir: &Path) -> Session {
    let config = Config {
        base_dir: dir.to_path_buf(),
        write_files: true,
        ..Config::default()
    };
    Session::new(config, Some(1))
}

fn run(s: &mut Session, code: &str) -> BlockOutput {
    s.run_block("t", 1, code)
}

fn error(out: &BlockOutput) -> String {
    out.error.as_ref().expect("an error").error.to_string()
}

const LOOP: &str = "figure();\nxlabel(\"x\");\nfor k = 1:3\n  plot([0, 1], [k, 2*k]);\n  \
                    title(sprintf(\"k = %d\", k));\n  frame();\nend\n";

#[test]
fn frames_keep_layout_and_labels_and_clear_the_data() {
    let mut s = session();
    let out = run(&mut s, &format!("{LOOP}saveanim(\"wave.html\", 5)\n"));
    assert!(out.error.is_none(), "{:?}", out.error);
    assert!(out.figures.is_empty(), "the cleared figure is not captured");
    let [Animation { name, fps, frames }] = &out.animations[..] else {
        panic!("one animation expected: {:?}", out.animations);
    };
    assert_eq!((name.as_str(), *fps, frames.len()), ("wave.html", 5.0, 3));
    for (k, fig) in frames.iter().enumerate() {
        let panel = &fig.panels[0];
        assert_eq!(panel.title, format!("k = {}", k + 1));
        assert_eq!(panel.xlabel, "x", "labels survive frame()");
        assert_eq!(
            panel.series[0].y,
            vec![(k + 1) as f64, 2.0 * (k + 1) as f64]
        );
    }
}

#[test]
fn the_buffer_is_drained_by_saveanim_and_emptied_by_figure() {
    let mut s = session();
    let out = run(&mut s, "plot([1, 2]); frame(); saveanim(\"a.gif\")\n");
    assert_eq!(out.animations[0].fps, 10.0, "the default speed");
    let again = run(&mut s, "saveanim(\"b.html\")\n");
    assert_eq!(
        error(&again),
        "runtime error: saveanim: no frames captured (call frame() at least once)"
    );
    let out = run(&mut s, "plot([1, 2]); frame();\n");
    assert!(out.animations.is_empty());
    let out = run(&mut s, "saveanim(\"c.HTM\", 0)\n");
    assert_eq!(
        out.animations[0].frames.len(),
        1,
        "frames live across blocks"
    );
    assert_eq!(
        out.animations[0].fps, 10.0,
        "an unusable speed means the default"
    );
    let out = run(
        &mut s,
        "plot([1]); frame(); figure(1); saveanim(\"d.html\")\n",
    );
    assert!(error(&out).contains("no frames captured"));
}

#[test]
fn names_and_arguments_are_checked_as_rustlab_checks_them() {
    let mut s = session();
    let out = run(&mut s, "saveanim(\"movie.mp4\")\n");
    assert_eq!(
        error(&out),
        "runtime error: saveanim: supported output formats are .html / .htm (Plotly) and .gif"
    );
    let out = run(&mut s, "plot([1]); frame(); saveanim(\"a.html\", [1, 2])\n");
    assert_eq!(
        error(&out),
        "type error: saveanim: fps must be a scalar, got vector"
    );
    assert!(run(&mut s, "frame(1)\n").error.is_some());
    assert!(run(&mut s, "saveanim()\n").error.is_some());
}

#[test]
fn html_names_are_written_as_pages_when_files_may_be_written() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = writing_session(dir.path());
    let out = run(&mut s, &format!("{LOOP}saveanim(\"wave.html\")\n"));
    assert!(out.error.is_none(), "{:?}", out.error);
    let page = std::fs::read_to_string(dir.path().join("wave.html")).unwrap();
    assert_eq!(page.matches("<svg").count(), 3);
    let out = run(&mut s, "plot([1]); frame(); saveanim(\"w.gif\")\n");
    assert!(
        error(&out).contains("cannot write GIF files"),
        "{}",
        error(&out)
    );
    assert!(!dir.path().join("w.gif").exists());
}

#[test]
fn heatmaps_and_surfaces_are_cleared_too() {
    let mut s = session();
    let out = run(
        &mut s,
        "subplot(1, 2, 1); imagesc([1, 2; 3, 4]); subplot(1, 2, 2); \
         surf([1, 2; 3, 4]); frame(); saveanim(\"s.html\")\n",
    );
    assert!(out.error.is_none(), "{:?}", out.error);
    let frame = &out.animations[0].frames[0];
    assert!(frame.panels[0].heatmap.is_some() && frame.panels[1].surface.is_some());
    assert!(out.figures.is_empty());
}
