//! The page's live code (docs/live-code.md): what the reader's page needs to run its blocks
//! again in the WebAssembly module (`crates/rlab-live`), as one script the page loads on the
//! first Run or Edit: `live/<slug>.js`, setting `self.rlabLiveData`. It holds the session's
//! settings (the book's seed and limits), every step of the lesson in the order the build ran
//! them (blocks, with the ids and captions of their figures, and inline values), and the
//! files those steps read (`run` and `import` sources, data files `load` read): UTF-8 ones
//! as text in `files`, others in base64 in `binary`. Built from the lesson and run as
//! rendered, so a student edition's page carries no withheld solution, nor a file only a
//! solution read.
//!
//! A block the reader may run and edit carries `data-live` on its section ([`offers`]). A
//! standalone script's page gets a script of its own ([`script_page`]): the script as one
//! step, run whole in script mode.

use super::{Doc, exercises};
use crate::book::CodeBlock;
use crate::book::script::Script;
use crate::config::Config;
use crate::exec::ScriptRun;
use crate::exec::notebook::{self, Step};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Whether the page offers Run and Edit (or, for an exercise's starter block, Check and
/// Edit) for `block`: live code is on, the block runs at build time or is a starter, it
/// shows its code and it does not opt out with `live=false`.
pub(crate) fn offers(doc: &Doc, block: &CodeBlock) -> bool {
    doc.ctx.book.config.live
        && (!block.attrs.no_run || !block.attrs.check.is_empty())
        && !block.attrs.not_live
        && !block.directives.hide
}

/// The page's live-code script, when live code is on and some block is offered.
pub(crate) fn script(doc: &Doc) -> Option<String> {
    let checks = exercises::progress_key(&doc.ctx.book.config, doc.lesson).is_some();
    if !checks && !doc.lesson.blocks.iter().any(|b| offers(doc, b)) {
        return None;
    }
    let folder = doc.lesson.path.parent().unwrap_or(Path::new("."));
    let files = shipped(folder, doc.run.files.iter().flatten());
    let config = &doc.ctx.book.config;
    let widgets: serde_json::Map<String, Value> = (doc.lesson.widgets.iter())
        .map(|w| {
            let value = match w.value() {
                rlab::value::Value::Scalar(x) => json!(x),
                _ => json!(w.shown()),
            };
            (w.name.clone(), value)
        })
        .collect();
    let page = Page {
        file: &doc.lesson.display,
        script: false,
        steps: steps(doc),
        widgets: Value::Object(widgets),
        exercises: exercises::data(doc),
    };
    Some(data_script(config, page, files))
}

/// The live-code script of a standalone script's page: the script as one step, run whole in
/// script mode, with the files its run read.
pub(crate) fn script_page(
    config: &Config,
    script: &Script,
    run: Option<&ScriptRun>,
) -> Option<String> {
    if !config.live {
        return None;
    }
    let built = run.map_or(0, |r| r.figures.len());
    let figures: Vec<Value> = (1..=built)
        .map(|k| json!({"id": format!("rlf{k}")}))
        .collect();
    let step = json!({"block": 1, "line": 1, "code": script.source, "cols": 1,
        "hide_output": false, "run": true, "live": true, "figures": figures});
    let folder = script.path.parent().unwrap_or(Path::new("."));
    let files = shipped(folder, run.iter().flat_map(|r| &r.files));
    let page = Page {
        file: &script.display,
        script: true,
        steps: vec![step],
        widgets: json!({}),
        exercises: Vec::new(),
    };
    Some(data_script(config, page, files))
}

/// What a page runs: its file, whether in script mode, its steps, its controls' values and
/// its exercises' expected answers.
struct Page<'a> {
    file: &'a str,
    script: bool,
    steps: Vec<Value>,
    widgets: Value,
    exercises: Vec<Value>,
}

/// `self.rlabLiveData = {…};`: the session's settings, the steps, the controls' values and
/// the shipped files.
fn data_script(config: &Config, page: Page, files: Shipped) -> String {
    let exec = &config.exec;
    let data = json!({
        "file": page.file,
        "script": page.script,
        "seed": exec.seed,
        "time_ms": u64::try_from(exec.time_limit.as_millis()).unwrap_or(u64::MAX),
        "max_alloc": exec.max_alloc_bytes,
        "max_depth": exec.max_call_depth,
        "nproc": exec.nproc,
        "steps": page.steps,
        "widgets": page.widgets,
        "exercises": page.exercises,
        "files": files.text,
        "binary": files.binary,
    });
    format!("self.rlabLiveData={data};\n")
}

/// The lesson's steps in the order the build ran them (an exercise's check is the build's
/// own: the page checks when the reader asks).
fn steps(doc: &Doc) -> Vec<Value> {
    notebook::steps(doc.lesson)
        .into_iter()
        .filter_map(|step| match step {
            Step::Block(block) => Some(block_step(doc, block)),
            Step::Check(_) => None,
            Step::Inline(v) => Some(json!({
                "inline": true,
                "at": v.span.start,
                "built": built_value(doc, v),
                "line": v.line,
                "col": v.col + 2,
                "line_text": notebook::inline_line(doc.lesson, v),
                "expr": v.expr,
                "format": v.format,
            })),
        })
        .collect()
}

/// The value the build printed for the inline value `v` (`null` when it failed).
fn built_value(doc: &Doc, v: &crate::book::inline::InlineValue) -> Option<String> {
    let k = doc.lesson.inlines.iter().position(|x| std::ptr::eq(x, v))?;
    doc.run.inlines.get(k)?.value.as_ref().ok().cloned()
}

/// A block as a step: its code and place, how its outputs are shown, its figures' names.
fn block_step(doc: &Doc, block: &CodeBlock) -> Value {
    let n = block.index + 1;
    let built = doc
        .run
        .blocks
        .get(block.index)
        .map_or(0, |r| r.figures.len());
    let figures: Vec<Value> = (0..built)
        .map(|k| {
            let target = doc.ctx.tables.xrefs.figure(&doc.lesson.slug, block.index, k);
            json!({
                "id": target.map_or_else(|| format!("rlf{n}-{}", k + 1), |t| t.anchor().to_string()),
                "caption": target.map(crate::xref::Target::caption),
            })
        })
        .collect();
    let mut step = json!({
        "block": n,
        "line": block.first_line,
        "code": block.code,
        "cols": block.directives.grid.unwrap_or(1),
        "hide_output": block.attrs.hide_output,
        "run": !block.attrs.no_run,
        "live": offers(doc, block),
        "figures": figures,
    });
    if let Some(exercise) = exercises::starting(doc, block) {
        step["check"] = json!(exercise);
    }
    step
}

/// The files a page ships, by their path from the lesson's (or script's) folder, as the code
/// names them: UTF-8 ones as text, others in base64.
#[derive(Debug, Default)]
struct Shipped {
    text: BTreeMap<String, String>,
    binary: BTreeMap<String, String>,
}

/// The files a run read, by their path from `folder`, with their bytes as they are now.
fn shipped<'a>(folder: &Path, paths: impl Iterator<Item = &'a PathBuf>) -> Shipped {
    let mut out = Shipped::default();
    for path in paths {
        let Some(name) = path.strip_prefix(folder).ok().and_then(Path::to_str) else {
            continue;
        };
        let name = name.replace('\\', "/");
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        match String::from_utf8(bytes) {
            Ok(text) => out.text.insert(name, text),
            Err(e) => out.binary.insert(name, BASE64.encode(e.into_bytes())),
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::render::testutil;

    #[test]
    fn a_pages_script_holds_its_steps_and_settings_and_opted_out_blocks_are_not_offered() {
        let source = "# T\n\n```rlab\nx = 1\n```\n\nv ${x}\n\n```rlab,live=false\ny = 2\n```\n";
        let page = testutil::render(source, &crate::exec::LessonRun::default());
        assert_eq!(page.body.matches("data-live").count(), 1, "{}", page.body);
        let script = page.live.expect("a live script");
        let json = script.strip_prefix("self.rlabLiveData=").unwrap();
        let data: serde_json::Value =
            serde_json::from_str(json.trim_end().trim_end_matches(';')).unwrap();
        let steps = data["steps"].as_array().unwrap();
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[0]["code"], "x = 1\n");
        assert_eq!(steps[0]["line"], 4);
        assert_eq!(steps[1]["expr"], "x");
        assert_eq!(steps[2]["live"], false);
        assert_eq!(data["max_depth"], 256);
    }

    #[test]
    fn utf8_files_ship_as_text_and_others_in_base64() {
        use base64::Engine as _;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("content");
        std::fs::create_dir_all(folder.join("data")).unwrap();
        std::fs::write(folder.join("data/t.csv"), "1,2\n").unwrap();
        std::fs::write(folder.join("x.npy"), b"\x93NUMPY\x01\x00").unwrap();
        let paths = [
            folder.join("data/t.csv"),
            folder.join("x.npy"),
            folder.join("gone.csv"),
            dir.path().join("outside.csv"),
            folder.join("data/t.csv"),
        ];
        let shipped = super::shipped(&folder, paths.iter());
        let text: Vec<_> = shipped.text.iter().collect();
        assert_eq!(text, [(&"data/t.csv".to_string(), &"1,2\n".to_string())]);
        let binary = &shipped.binary["x.npy"];
        let decoded = base64::engine::general_purpose::STANDARD.decode(binary);
        assert_eq!(decoded.unwrap(), b"\x93NUMPY\x01\x00");
        assert_eq!(shipped.binary.len(), 1);
    }
}
