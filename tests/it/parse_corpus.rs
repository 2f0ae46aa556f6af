//! Parses the whole public course (every ```` ```rustlab ```` block of the notebooks and
//! every lesson script), the seed lesson and the benchmarks without error, then checks that
//! no damaged version of them can make the parser panic: each source truncated at every
//! line boundary, and a few hundred deterministic single-byte edits of each.

use crate::common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// One text to parse: where it came from and the code.
struct Source {
    name: String,
    text: String,
}

fn files_in(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The ```` ```rustlab ```` blocks of a notebook, named `file:line`.
fn notebook_blocks(path: &Path) -> Vec<Source> {
    common::code_blocks(&read(path))
        .into_iter()
        .map(|b| Source {
            name: format!("{}:{}", path.display(), b.first_line),
            text: b.code,
        })
        .collect()
}

fn corpus(shared: &Path) -> Vec<Source> {
    let course = shared.join("corpus/rustlab_llm");
    let mut sources = Vec::new();
    for notebook in files_in(&course.join("notebooks"), "md") {
        sources.extend(notebook_blocks(&notebook));
    }
    let mut scripts = Vec::new();
    for lesson in std::fs::read_dir(course.join("lessons"))
        .into_iter()
        .flatten()
        .flatten()
    {
        scripts.extend(files_in(&lesson.path(), "rlab"));
    }
    scripts.sort();
    scripts.push(shared.join("seed/lesson-12-program.rlab"));
    scripts.extend(files_in(&shared.join("bench"), "rlab"));
    for path in scripts {
        let text = read(&path);
        sources.push(Source {
            name: path.display().to_string(),
            text,
        });
    }
    sources
}

/// The shared fixtures the corpus is made of (see `common::shared` for a missing one).
fn shared(what: &str) -> Option<PathBuf> {
    let needs = [
        "corpus/rustlab_llm/notebooks",
        "corpus/rustlab_llm/lessons",
        "seed/lesson-12-program.rlab",
        "bench",
    ];
    common::shared(what, &needs)
}

/// Parse; the result (`Err` with the message), or a test failure naming the input on a panic.
fn parse_without_panic(text: &str, what: &str) -> Result<(), String> {
    match catch_unwind(AssertUnwindSafe(|| rlab::check_syntax(text))) {
        Ok(result) => result.map_err(|e| e.to_string()),
        Err(_) => panic!("the parser panicked on {what}:\n{text}"),
    }
}

#[test]
fn the_course_the_seed_and_the_benchmarks_parse() {
    let Some(shared) = shared("the corpus parse test") else {
        return;
    };
    let sources = corpus(&shared);
    assert!(sources.len() > 100, "only {} sources found", sources.len());
    let failures: Vec<String> = sources
        .iter()
        .filter_map(|s| {
            let error = rlab::check_syntax(&s.text).err()?;
            let line = error.span.map_or(0, |span| span.line);
            Some(format!("{} (block line {line}): {error}", s.name))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "parse failures:\n{}",
        failures.join("\n")
    );
}

#[test]
fn truncated_sources_never_panic() {
    let Some(shared) = shared("the truncation test") else {
        return;
    };
    let (mut parsed, mut rejected) = (0, 0);
    for source in corpus(&shared) {
        let mut prefix_end = 0;
        for line in source.text.split_inclusive('\n') {
            prefix_end += line.len();
            let prefix = &source.text[..prefix_end];
            let what = format!("{} truncated after {prefix_end} bytes", source.name);
            for text in [prefix, prefix.trim_end_matches('\n')] {
                rejected += usize::from(parse_without_panic(text, &what).is_err());
                parsed += 1;
            }
        }
    }
    // Cutting a `function`, loop or bracket open leaves it unclosed: the parser must say so.
    assert!(
        rejected > parsed / 10 && rejected < parsed,
        "{rejected} of {parsed} truncated sources were rejected"
    );
}

/// Bytes that matter to the lexer and parser.
const EDIT_BYTES: &[u8] = b"()[]{}'\"\n;,.:=+-*/^@!~&|%#\t 0e_ax";
const EDITS_PER_SOURCE: usize = 200;

#[test]
fn single_byte_edits_never_panic() {
    let Some(shared) = shared("the edit test") else {
        return;
    };
    let mut rng = common::XorShift(0x9e37_79b9_7f4a_7c15);
    let (mut parsed, mut rejected) = (0, 0);
    for source in corpus(&shared) {
        for n in 0..EDITS_PER_SOURCE {
            if let Some(damaged) = common::edit(&source.text, &mut rng, EDIT_BYTES) {
                let failed = parse_without_panic(&damaged, &format!("{} edit {n}", source.name));
                rejected += usize::from(failed.is_err());
                parsed += 1;
            }
        }
    }
    assert!(parsed > 1000, "only {parsed} edited sources were parsed");
    assert!(
        rejected > parsed / 20 && rejected < parsed,
        "{rejected} of {parsed} edited sources were rejected: the edits do not reach the parser"
    );
}
