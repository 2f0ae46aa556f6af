//! The interpreter's own work on a course, in one process: every standalone script
//! (`lessons/*/*.rlab`) and every notebook (`notebooks/*.md`, its `rlab`/`rustlab` blocks in
//! order, in one session) of a course folder, each run ROUNDS times in fresh sessions, with
//! the median CPU time of each printed. Process start, book loading and rendering are not in
//! it. A benchmark tool, driven by `scripts/bench-interpreter --corpus REV`, which builds this
//! same file against an older revision of the crate to compare (it uses only the `Session`
//! API and `rng::Rng`, which that revision has too).
//!
//! It runs with the allocator the `rlbook` binary installs (mimalloc), as a build runs
//! the interpreter.
//!
//! The random generator's own cost is measured apart, to be left out of a comparison (its
//! stream is fixed: rand's `StdRng` and rand_distr's normals). With the `draw-census`
//! feature the program counts each item's draws of each kind; without it (an older build)
//! it reads the counts from DRAWS_FILE, an earlier output of a census build. After every run
//! of an item it makes the same draws again with a bare generator and times them.
//!
//! usage: cargo run --release --example corpus_work -- COURSE_DIR [ROUNDS [DRAWS_FILE [ITEM]]]
//! (ITEM: run only the item of that name, e.g. `script entropy.rlab`; a driver alternating
//! two builds item by item compares them under the same machine load)
//! output: one tab-separated line per item, medians over the rounds:
//! `item NAME CPU_NS GENERATOR_NS WORK_NS NORMALS UNIFORMS INTEGERS`, where WORK_NS is the
//! median of each round's CPU less the generator's (the two measured back to back).

use std::path::{Path, PathBuf};

use rlab::rng::Rng;
use rlab::{Config, Mode, Session};

/// The allocator of the `rlbook` binary, so that the work measured is the work a build does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One thing to run: a standalone script or a notebook's blocks.
enum Item {
    Script(PathBuf),
    Notebook(PathBuf),
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(course) = args.next().map(PathBuf::from) else {
        eprintln!("usage: corpus_work COURSE_DIR [ROUNDS [DRAWS_FILE [ITEM]]]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5).max(1);
    let given = args
        .next()
        .map(|file| read_draws(&file))
        .unwrap_or_default();
    let only = args.next();
    let mut items = items(&course);
    items.retain(|item| only.as_ref().is_none_or(|only| *only == name(item)));
    let mut samples = vec![Vec::new(); items.len()];
    let mut census = vec![[0u64; 3]; items.len()];
    for _ in 0..rounds {
        for (i, item) in items.iter().enumerate() {
            let before = draws();
            let start = process_cpu_ns();
            run(item);
            let spent = process_cpu_ns() - start;
            census[i] = difference(draws(), before);
            let counts = given.get(&name(item)).copied().unwrap_or(census[i]);
            samples[i].push((spent, replay(counts)));
        }
    }
    for ((item, samples), counts) in items.iter().zip(samples).zip(census) {
        let median = |of: &dyn Fn(&(u64, u64)) -> i64| {
            let mut values: Vec<i64> = samples.iter().map(of).collect();
            values.sort_unstable();
            values[values.len() / 2]
        };
        let cpu = median(&|s| s.0 as i64);
        let generator = median(&|s| s.1 as i64);
        let work = median(&|s| s.0 as i64 - s.1 as i64);
        let counts = counts.map(|c| c.to_string()).join("\t");
        println!("item\t{}\t{cpu}\t{generator}\t{work}\t{counts}", name(item));
    }
}

/// Scripts first, then notebooks, each kind in file-name order.
fn items(course: &Path) -> Vec<Item> {
    let mut scripts = Vec::new();
    for lesson in sorted(&course.join("lessons")) {
        scripts.extend(
            sorted(&lesson)
                .into_iter()
                .filter(|p| has_extension(p, "rlab")),
        );
    }
    let notebooks = sorted(&course.join("notebooks")).into_iter();
    let notebooks = notebooks.filter(|p| has_extension(p, "md"));
    let mut items: Vec<Item> = scripts.into_iter().map(Item::Script).collect();
    items.extend(notebooks.map(Item::Notebook));
    items
}

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    paths
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|e| e == extension)
}

fn name(item: &Item) -> String {
    let (kind, path) = match item {
        Item::Script(path) => ("script", path),
        Item::Notebook(path) => ("notebook", path),
    };
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    format!("{kind} {file}")
}

/// Run one item as a book build does (seed 0, nothing written); errors are the script's
/// business, not the benchmark's, and are reported once on stderr.
fn run(item: &Item) {
    let (mode, path) = match item {
        Item::Script(path) => (Mode::Script, path),
        Item::Notebook(path) => (Mode::Notebook, path),
    };
    let config = Config {
        mode,
        base_dir: path
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
        ..Config::default()
    };
    let mut session = Session::new(config, Some(0));
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let file = path.display().to_string();
    let errors: Vec<rlab::RunError> = match item {
        Item::Script(_) => session
            .run_script_source(&file, &text)
            .error
            .into_iter()
            .collect(),
        Item::Notebook(_) => blocks(&text)
            .into_iter()
            .filter_map(|(line, code)| session.run_block(&file, line, &code).error)
            .collect(),
    };
    for error in errors {
        eprintln!("{}", error.rendered());
    }
}

/// The `rlab`/`rustlab` fenced blocks of a Markdown text: (first code line, code).
fn blocks(text: &str) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut open: Option<(u32, String)> = None;
    for (number, line) in (1u32..).zip(text.lines()) {
        let fence = line.trim_start().starts_with("```");
        match open.take() {
            Some(block) if fence => out.push(block),
            Some((first, mut code)) => {
                code.push_str(line);
                code.push('\n');
                open = Some((first, code));
            }
            None if fence => {
                let info = line.trim_start().trim_start_matches('`').trim();
                let language = info.split_whitespace().next().unwrap_or("");
                if language == "rlab" || language == "rustlab" {
                    open = Some((number + 1, String::new()));
                }
            }
            None => {}
        }
    }
    out
}

/// CPU time of every thread of this process so far, in ns.
#[allow(unsafe_code)] // one call of the C library's clock; it writes only the struct given
fn process_cpu_ns() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call's whole duration.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the process CPU clock is not available");
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

/// Draws made so far: normals, uniforms, integers (zeros without the census).
fn draws() -> [u64; 3] {
    #[cfg(feature = "draw-census")]
    return rlab::rng::census();
    #[cfg(not(feature = "draw-census"))]
    return [0; 3];
}

fn difference(after: [u64; 3], before: [u64; 3]) -> [u64; 3] {
    [0, 1, 2].map(|k| after[k] - before[k])
}

/// CPU ns the generator alone takes to make `counts` draws (normals, uniforms, integers):
/// as `randn`, `rand` and `randi` make them (`Rng::fill`), in arrays of `CHUNK` draws
/// (what the item then does with its arrays is the interpreter's work).
fn replay(counts: [u64; 3]) -> u64 {
    const CHUNK: u64 = 1024;
    let kinds: [fn(&mut Rng) -> f64; 3] = [Rng::normal, Rng::uniform, |r| {
        r.int_inclusive(1, 100) as f64
    }];
    let mut rng = Rng::seeded(0);
    let start = process_cpu_ns();
    for (count, draw) in counts.into_iter().zip(kinds) {
        for first in (0..count).step_by(CHUNK as usize) {
            let n = CHUNK.min(count - first) as usize;
            std::hint::black_box(rng.fill(n, draw));
        }
    }
    process_cpu_ns() - start
}

/// Draw counts by item name, from this program's own output (from a build with the census).
fn read_draws(file: &str) -> std::collections::HashMap<String, [u64; 3]> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let parse = |line: &str| {
        let fields: Vec<&str> = line.split('\t').collect();
        let count = |k: usize| fields.get(5 + k)?.parse::<u64>().ok();
        Some((
            fields.get(1)?.to_string(),
            [count(0)?, count(1)?, count(2)?],
        ))
    };
    text.lines().filter_map(parse).collect()
}
