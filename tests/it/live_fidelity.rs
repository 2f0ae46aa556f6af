//! Fidelity of the page's interpreter: the committed WebAssembly module
//! (`crates/rlab-live/dist/rlab-live.wasm`), run under node by `tests/live/steps.mjs`, prints
//! what the native build prints, within the record's tolerance, for every block and inline
//! value of `content/`, of the 12 corpus lessons (each lesson's steps as one session, as the
//! page runs them) and for the corpus scripts (each its own script-mode session). Each
//! session ships the files its native run read, as the page does. The counts (lines
//! byte-identical, lines within tolerance) are printed; a line beyond tolerance fails.
//! Without node (or without `../shared` for the corpus, outside CI) it says so and passes.

use crate::common;
use rlbook::book::{Book, Lesson};
use rlbook::config::Config;
use rlbook::exec::notebook::{self, Step};
use rlbook::record::compare::compare_lines;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One session: its requests and the native text of each (`None`: not compared).
struct Case {
    name: String,
    requests: Vec<Value>,
    native: Vec<Option<(String, bool)>>,
}

#[derive(Default, Debug)]
struct Counts {
    lines: usize,
    identical: usize,
    within: usize,
    beyond: usize,
    failures: Vec<String>,
}

fn node() -> bool {
    let found = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok();
    if !found {
        assert!(
            !common::under_ci(),
            "node is needed for the live-code fidelity test"
        );
        eprintln!("notice: node is not installed; the module's fidelity is not checked");
    }
    found
}

fn start(config: &Config, files: Shipped, script: bool) -> Value {
    json!({"op": "start", "seed": config.exec.seed, "max_depth": config.exec.max_call_depth,
        "max_alloc": config.exec.max_alloc_bytes, "script": script, "files": files.0,
        "binary": files.1})
}

/// Shipped files by name: texts, and the others in base64.
type Shipped = (BTreeMap<String, String>, BTreeMap<String, String>);

/// The files a native run read, named from `folder` as the code names them.
fn shipped<'a>(folder: &Path, paths: impl Iterator<Item = &'a Path>) -> Shipped {
    use base64::Engine as _;
    let mut out = Shipped::default();
    for p in paths {
        let Some(name) = p.strip_prefix(folder).ok().and_then(Path::to_str) else {
            continue;
        };
        match std::fs::read(p).map(String::from_utf8) {
            Ok(Ok(text)) => out.0.insert(name.replace('\\', "/"), text),
            Ok(Err(e)) => out.1.insert(
                name.replace('\\', "/"),
                base64::engine::general_purpose::STANDARD.encode(e.into_bytes()),
            ),
            Err(_) => None,
        };
    }
    out
}

/// A lesson's steps as the page sends them, with what the native build printed.
fn lesson_case(config: &Config, lesson: &Lesson) -> Case {
    let run = notebook::run_notebook_from(config, lesson, None, false, None);
    let folder = lesson.path.parent().unwrap_or(Path::new("."));
    let files = shipped(folder, run.all_files().map(|f| f.path.as_path()));
    let mut requests = vec![start(config, files, false)];
    let mut native = vec![None];
    let (mut b, mut v) = (0, 0);
    // The page's steps: the build's, without its exercise checks (the page checks on request).
    let page_steps = (notebook::steps(lesson).into_iter()).filter(|s| !matches!(s, Step::Check(_)));
    for (i, step) in page_steps.enumerate() {
        let step_no = i + 1;
        match step {
            Step::Check(_) => {}
            Step::Block(block) => {
                let out = &run.blocks[b];
                b += 1;
                if block.attrs.no_run {
                    continue;
                }
                requests.push(
                    json!({"op": "run", "step": step_no, "block": block.index + 1,
                    "file": lesson.display, "line": block.first_line, "code": block.code}),
                );
                native.push(Some((out.text.clone(), out.error.is_some())));
            }
            Step::Inline(value) => {
                let out = &run.inlines[v];
                v += 1;
                requests.push(
                    json!({"op": "inline", "step": step_no, "file": lesson.display,
                    "line": value.line, "col": value.col + 2, "expr": value.expr,
                    "format": value.format}),
                );
                let text = out.value.clone().unwrap_or_default();
                native.push(Some((text, out.value.is_err())));
            }
        }
    }
    Case {
        name: lesson.display.clone(),
        requests,
        native,
    }
}

/// Each script of the lesson as its own script-mode session.
fn script_cases(config: &Config, lesson: &Lesson) -> Vec<Case> {
    (lesson.scripts.iter())
        .map(|script| {
            let (run, read) = rlbook::exec::run_script_reporting_files(config, script, None);
            let folder = script.path.parent().unwrap_or(Path::new("."));
            let files = shipped(folder, read.iter().map(|f| f.path.as_path()));
            let code = json!({"op": "script", "file": script.display, "code": script.source});
            Case {
                name: script.display.clone(),
                requests: vec![start(config, files, true), code],
                native: vec![None, Some((run.text, run.error.is_some()))],
            }
        })
        .collect()
}

/// Run the requests of `cases` in the module: the answers, session by session.
fn run_in_module(cases: &[Case]) -> Vec<Vec<Value>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let requests: Vec<&Vec<Value>> = cases.iter().map(|c| &c.requests).collect();
    let file = dir.path().join("requests.json");
    std::fs::write(&file, serde_json::to_string(&requests).unwrap()).unwrap();
    let out = std::process::Command::new("node")
        .arg(root.join("tests/live/steps.mjs"))
        .arg(root.join("crates/rlab-live/dist/rlab-live.wasm"))
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Run `cases` in the module and count how their texts compare with the native ones.
fn check(config: &Config, cases: &[Case]) -> Counts {
    let answers = run_in_module(cases);
    let mut counts = Counts::default();
    for (case, answers) in cases.iter().zip(&answers) {
        for (k, (native, answer)) in case.native.iter().zip(answers).enumerate() {
            if let Some(fault) = answer["fault"].as_str() {
                counts
                    .failures
                    .push(format!("{} request {k}: {fault}", case.name));
            }
            let Some((text, failed)) = native else {
                continue;
            };
            let live = answer["text"].as_str().unwrap_or("").trim();
            compare(
                config,
                &format!("{} step {k}", case.name),
                text.trim(),
                live,
                &mut counts,
            );
            if *failed != answer["error"].is_string() {
                let error = &answer["error"];
                counts.failures.push(format!(
                    "{} step {k}: native failed: {failed}, live: {error}",
                    case.name
                ));
            }
        }
    }
    counts
}

fn compare(config: &Config, name: &str, native: &str, live: &str, counts: &mut Counts) {
    let (n, l): (Vec<&str>, Vec<&str>) = (native.lines().collect(), live.lines().collect());
    counts.lines += n.len();
    counts.identical += n.iter().zip(&l).filter(|(a, b)| a == b).count();
    let diffs = compare_lines(&n, &l, config.tolerance);
    counts.within += n.len().saturating_sub(diffs.len());
    counts.beyond += diffs.len();
    counts
        .failures
        .extend(diffs.iter().take(3).map(|d| format!("{name}: {d}")));
}

fn report(what: &str, counts: &Counts) {
    println!(
        "live fidelity, {what}: {} lines, {} byte-identical, {} within tolerance, {} beyond",
        counts.lines,
        counts.identical,
        counts.within - counts.identical.min(counts.within),
        counts.beyond
    );
    assert!(
        counts.failures.is_empty(),
        "{what}:\n{}",
        counts.failures.join("\n")
    );
}

#[test]
fn the_module_prints_what_the_build_prints_for_the_shipped_course() {
    if !node() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let book = Book::load(Config::load(root).unwrap()).unwrap();
    let cases: Vec<Case> = book
        .lessons
        .iter()
        .map(|l| lesson_case(&book.config, l))
        .collect();
    report("content/", &check(&book.config, &cases));
}

#[test]
fn the_module_prints_what_the_build_prints_for_the_corpus_lessons_and_scripts() {
    let needs = ["corpus/rustlab_llm/lessons", "corpus/rustlab_llm/notebooks"];
    let Some(shared) = common::shared("the live fidelity test", &needs) else {
        return;
    };
    if !node() {
        return;
    }
    let corpus: PathBuf = shared.join("corpus/rustlab_llm");
    let toml = format!(
        "[paths]\nlessons = \"{0}/notebooks\"\nscripts = \"{0}/lessons\"\n",
        corpus.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let config = Config::parse(dir.path(), &toml, "book.toml").unwrap();
    let book = Book::load(config).unwrap();
    let lessons: Vec<Case> = book
        .lessons
        .iter()
        .map(|l| lesson_case(&book.config, l))
        .collect();
    assert_eq!(lessons.len(), 12, "the corpus has 12 lessons");
    report("the 12 corpus lessons", &check(&book.config, &lessons));
    let scripts: Vec<Case> = (book.lessons.iter())
        .flat_map(|l| script_cases(&book.config, l))
        .collect();
    println!("live fidelity: {} corpus scripts", scripts.len());
    report("the corpus scripts", &check(&book.config, &scripts));
}

/// The math functions whose last digits the module's libm (Rust's, compiled to WebAssembly)
/// and the native one may give differently: each evaluated on a grid in both, the largest
/// difference printed in units in the last place (informative: the lines above are what
/// must hold; at most 4 ulp).
#[test]
fn the_modules_math_functions_differ_from_the_native_ones_by_a_few_ulps_at_most() {
    if !node() {
        return;
    }
    let functions = [
        "exp(x)",
        "log(x)",
        "sin(x)",
        "cos(x)",
        "tan(x)",
        "tanh(x)",
        "sqrt(x)",
        "atan(x)",
        "x .^ 1.7",
        "log10(x)",
        "sinh(x)",
        "acos(x / 8)",
    ];
    let probe =
        |f: &str| format!("x = linspace(0.05, 7.5, 400);\ny = {f};\nfprintf('%.17g\\n', y);\n");
    let config = Config::parse(Path::new("."), "", "book.toml").unwrap();
    let mut requests = vec![start(&config, Shipped::default(), false)];
    let mut native = Vec::new();
    for (k, f) in functions.iter().enumerate() {
        let code = probe(f);
        let req = json!({"op": "run", "block": k + 1, "file": "probe.md", "line": 1, "code": code});
        requests.push(req);
        let mut session = rlab::Session::new(rlab::Config::default(), Some(0));
        native.push(session.run_block("probe.md", 1, &code).text);
    }
    let cases = [Case {
        name: "probe".into(),
        requests,
        native: Vec::new(),
    }];
    let answers = run_in_module(&cases);
    for (k, f) in functions.iter().enumerate() {
        let live = answers[0][k + 1]["text"].as_str().unwrap_or("");
        let ulps = (native[k].lines().zip(live.lines()))
            .filter_map(|(a, b)| Some((a.parse::<f64>().ok()?, b.parse::<f64>().ok()?)))
            .map(|(a, b)| (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs())
            .max();
        println!(
            "live libm: {f}: at most {} ulp apart over 400 points",
            ulps.unwrap_or(u64::MAX)
        );
        assert!(ulps.is_some_and(|u| u <= 4), "{f}: {ulps:?} ulps\n{live}");
    }
}
