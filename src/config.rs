//! `book.toml`: the book's settings, their defaults, and validation with messages that name
//! the file, line and column (`book.toml:7:1: unknown key 'lesons' in [paths]`).
//!
//! Every setting has a default, so a book needs no `book.toml` at all: lessons in `content/`,
//! scripts in `content/<slug>/`, the record in `expected/`, the site in `site/`.

mod bibliography;
mod edition;
mod exercises;
mod glossary;
mod links;
mod live;
mod output;

pub use bibliography::{BibliographySettings, CslStyle};
pub use edition::Edition;
pub use exercises::ExerciseSettings;
pub use links::LinkSettings;
pub use output::{Format, Outputs, Paper, file_name_of};

use anyhow::{Context, Result};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The whole configuration, with paths resolved against the book's root directory.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub root: PathBuf,
    pub book: BookMeta,
    pub paths: Paths,
    pub tolerance: Tolerance,
    pub exec: ExecSettings,
    pub outputs: Outputs,
    /// How external links are checked (`[links]`).
    pub links: LinkSettings,
    /// The edition written unless the command line names one (`[edition] default`).
    pub edition: Edition,
    /// The HTML pages run their rlab blocks on request (`[live] enabled`).
    pub live: bool,
    /// How exercises behave (`[exercises]`).
    pub exercises: ExerciseSettings,
    /// The works lessons cite, and the style (`[book] bibliography`, `csl`,
    /// `[bibliography]`).
    pub bibliography: BibliographySettings,
    /// The glossary file, absolute (`[book] glossary`); none: the book has no glossary page,
    /// and its index comes from index markers only (docs/glossary.md).
    pub glossary: Option<PathBuf>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BookMeta {
    pub title: String,
    pub authors: Vec<String>,
    pub description: String,
    pub language: String,
    /// Where the HTML book is published (`https://…`), without a trailing slash: the other
    /// formats link there to check exercises.
    pub url: Option<String>,
    /// Bibliography files, relative to the root (resolved into [`Config::bibliography`]).
    pub bibliography: Vec<PathBuf>,
    /// The citation style: a bundled style's name or a `.csl` file.
    pub csl: Option<String>,
    /// The glossary file, relative to the root (resolved into [`Config::glossary`]).
    pub glossary: Option<PathBuf>,
}

impl Default for BookMeta {
    fn default() -> Self {
        BookMeta {
            title: "Untitled book".into(),
            authors: Vec::new(),
            description: String::new(),
            language: "en".into(),
            url: None,
            bibliography: Vec::new(),
            csl: None,
            glossary: None,
        }
    }
}

/// Numeric tolerance: `|a - b| <= atol + rtol·|b|` with `b` the expected value (one type for
/// the record and the page's exercise checks).
pub use rlab_page::check::Tolerance;

/// Where things live, relative to the book root in the file, absolute once loaded.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Paths {
    /// Lesson sources `NN-slug.md`.
    pub lessons: PathBuf,
    /// Standalone scripts live in `<scripts>/<slug>/*.rlab`.
    pub scripts: PathBuf,
    /// The committed record of expected outputs.
    pub record: PathBuf,
    /// The generated site.
    pub output: PathBuf,
    /// Template overrides (files here replace the embedded defaults by name).
    pub templates: PathBuf,
    /// Theme asset overrides.
    pub theme: PathBuf,
}

impl Default for Paths {
    fn default() -> Self {
        Paths {
            lessons: "content".into(),
            scripts: "content".into(),
            record: "expected".into(),
            output: "site".into(),
            templates: "templates".into(),
            theme: "theme".into(),
        }
    }
}

/// Limits and defaults of execution.
#[derive(Clone, Debug, PartialEq)]
pub struct ExecSettings {
    /// Wall-clock limit of one block or script.
    pub time_limit: Duration,
    pub max_alloc_bytes: usize,
    pub max_call_depth: usize,
    /// Initial random seed of every lesson session (rustlab starts from OS entropy; a book
    /// must be reproducible, so lessons that never call `seed` get this one).
    pub seed: u64,
    /// Folders (or files) outside the book that `run` and `import` may also read (`[exec]
    /// allow_read`, relative ones resolved against the root); the book's own folders always
    /// are readable.
    pub allow_read: Vec<PathBuf>,
    /// What `nproc()` reports (`[exec] nproc`): a fixed number, so a record made on one
    /// machine holds on every other. 1 by default, the threads rlbook's `parmap` uses.
    pub nproc: usize,
}

impl Default for ExecSettings {
    fn default() -> Self {
        ExecSettings {
            time_limit: rlab::limits::DEFAULT_TIME_LIMIT,
            max_alloc_bytes: rlab::limits::DEFAULT_MAX_ALLOC_BYTES,
            max_call_depth: rlab::limits::DEFAULT_MAX_DEPTH,
            seed: 0,
            allow_read: Vec::new(),
            nproc: 1,
        }
    }
}

/// The file's shape; unknown keys anywhere are errors.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawConfig {
    book: BookMeta,
    paths: Paths,
    tolerance: RawTolerance,
    exec: RawExec,
    output: output::RawOutput,
    links: links::RawLinks,
    edition: edition::RawEdition,
    live: live::RawLive,
    exercises: exercises::RawExercises,
    bibliography: bibliography::RawBibliography,
}

#[derive(Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawTolerance {
    rtol: f64,
    atol: f64,
}

impl Default for RawTolerance {
    fn default() -> Self {
        let t = Tolerance::default();
        RawTolerance {
            rtol: t.rtol,
            atol: t.atol,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawExec {
    /// Seconds.
    time_limit: Option<f64>,
    /// Bytes, or a string with a unit: "512MiB", "2GiB".
    max_alloc: Option<toml::Value>,
    max_call_depth: Option<usize>,
    seed: Option<u64>,
    allow_read: Vec<PathBuf>,
    nproc: Option<usize>,
}

impl Config {
    /// Load `<root>/book.toml`, or the defaults when the file does not exist.
    pub fn load(root: &Path) -> Result<Config> {
        let file = root.join("book.toml");
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", file.display())),
        };
        Config::parse(root, &text, &file.display().to_string())
    }

    /// Parse the text of a `book.toml` whose location is shown as `name` in messages.
    pub fn parse(root: &Path, text: &str, name: &str) -> Result<Config> {
        let mut raw: RawConfig = toml::from_str(text).map_err(|e| located(name, text, &e))?;
        raw.book.url = check_url(raw.book.url.take()).map_err(|m| config_error(name, m))?;
        let exercises = raw.exercises.resolve().map_err(|m| config_error(name, m))?;
        let bibliography = (raw.bibliography)
            .resolve(root, &raw.book.bibliography, raw.book.csl.as_deref())
            .map_err(|m| config_error(name, m))?;
        let glossary = glossary::resolve(root, raw.book.glossary.as_deref())
            .map_err(|m| config_error(name, m))?;
        let tolerance = check_tolerance(&raw.tolerance).map_err(|m| config_error(name, m))?;
        let mut exec = check_exec(&raw.exec).map_err(|m| config_error(name, m))?;
        exec.allow_read = raw.exec.allow_read.iter().map(|p| root.join(p)).collect();
        let links = raw.links.resolve().map_err(|m| config_error(name, m))?;
        let html_dir = html_dir(&raw, text).map_err(|m| config_error(name, m))?;
        let paths = Paths {
            lessons: root.join(&raw.paths.lessons),
            scripts: root.join(&raw.paths.scripts),
            record: root.join(&raw.paths.record),
            output: root.join(&html_dir),
            templates: root.join(&raw.paths.templates),
            theme: root.join(&raw.paths.theme),
        };
        let outputs = raw.output.resolve(root, &paths.output, &raw.book.title);
        Ok(Config {
            root: root.to_path_buf(),
            book: raw.book,
            paths,
            tolerance,
            exec,
            outputs,
            links,
            edition: raw.edition.default,
            live: raw.live.enabled,
            exercises,
            bibliography,
            glossary,
        })
    }

    /// `path` relative to the book root, for messages (`content/12-x.md`).
    pub fn display_path(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }
}

/// The HTML folder: `[output.html] dir`, or `[paths] output` (not both).
fn html_dir(raw: &RawConfig, text: &str) -> std::result::Result<PathBuf, String> {
    let paths_output = toml::from_str::<toml::Table>(text)
        .ok()
        .and_then(|t| t.get("paths")?.get("output").cloned())
        .is_some();
    match raw.output.html_dir() {
        Some(_) if paths_output => Err(
            "the HTML folder is set twice: keep [output.html] dir and remove [paths] output".into(),
        ),
        Some(dir) => Ok(dir.to_path_buf()),
        None => Ok(raw.paths.output.clone()),
    }
}

/// `[book] url`: a web address, kept without its trailing slashes.
fn check_url(url: Option<String>) -> std::result::Result<Option<String>, String> {
    match url {
        Some(u) if u.starts_with("https://") || u.starts_with("http://") => {
            Ok(Some(u.trim_end_matches('/').to_string()))
        }
        Some(u) => Err(format!(
            "[book] url must start with https:// or http://, got '{u}'"
        )),
        None => Ok(None),
    }
}

fn check_tolerance(raw: &RawTolerance) -> std::result::Result<Tolerance, String> {
    for (key, v) in [("rtol", raw.rtol), ("atol", raw.atol)] {
        if !v.is_finite() || v < 0.0 {
            return Err(format!(
                "[tolerance] {key} must be a non-negative number, got {v}"
            ));
        }
    }
    Ok(Tolerance {
        rtol: raw.rtol,
        atol: raw.atol,
    })
}

fn check_exec(raw: &RawExec) -> std::result::Result<ExecSettings, String> {
    let mut exec = ExecSettings::default();
    if let Some(secs) = raw.time_limit {
        if !secs.is_finite() || secs <= 0.0 || secs > 86_400.0 {
            return Err(format!(
                "[exec] time_limit must be between 0 and 86400 seconds, got {secs}"
            ));
        }
        exec.time_limit = Duration::from_secs_f64(secs);
    }
    if let Some(v) = &raw.max_alloc {
        exec.max_alloc_bytes = parse_bytes(v)?;
    }
    if let Some(depth) = raw.max_call_depth {
        if !(1..=100_000).contains(&depth) {
            return Err(format!(
                "[exec] max_call_depth must be between 1 and 100000, got {depth}"
            ));
        }
        exec.max_call_depth = depth;
    }
    if let Some(seed) = raw.seed {
        exec.seed = seed;
    }
    if let Some(nproc) = raw.nproc {
        if !(1..=4096).contains(&nproc) {
            return Err(format!(
                "[exec] nproc must be between 1 and 4096, got {nproc}"
            ));
        }
        exec.nproc = nproc;
    }
    Ok(exec)
}

/// `1048576`, `"512MiB"`, `"2GiB"`, `"100MB"`.
fn parse_bytes(v: &toml::Value) -> std::result::Result<usize, String> {
    let bad = || format!("[exec] max_alloc must be a byte count or a size like \"2GiB\", got {v}");
    match v {
        toml::Value::Integer(n) if *n > 0 => usize::try_from(*n).map_err(|_| bad()),
        toml::Value::String(s) => {
            let s = s.trim();
            let split = s
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .unwrap_or(s.len());
            let (num, unit) = s.split_at(split);
            let num: f64 = num.parse().map_err(|_| bad())?;
            let scale = match unit.trim() {
                "" | "B" => 1.0,
                "KB" => 1e3,
                "MB" => 1e6,
                "GB" => 1e9,
                "KiB" => 1024.0,
                "MiB" => 1024.0 * 1024.0,
                "GiB" => 1024.0 * 1024.0 * 1024.0,
                _ => return Err(bad()),
            };
            let bytes = num * scale;
            if bytes < 1.0 || bytes > usize::MAX as f64 {
                return Err(bad());
            }
            Ok(bytes as usize)
        }
        _ => Err(bad()),
    }
}

/// An error in the configuration file `name`.
fn config_error(name: &str, message: impl Into<String>) -> crate::diagnostic::Diagnostic {
    crate::diagnostic::Diagnostic::error(crate::diagnostic::Kind::Config, message).in_file(name)
}

/// A toml error as `name:line:col: message`, with serde's wording made plain.
fn located(name: &str, text: &str, err: &toml::de::Error) -> anyhow::Error {
    let message = err
        .message()
        .replace("unknown field", "unknown key")
        .replace('`', "'");
    match err.span() {
        Some(span) => {
            let (line, col) = crate::diagnostic::line_col(text, span.start);
            config_error(name, message).at(line, col).into()
        }
        None => config_error(name, message).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config> {
        Config::parse(Path::new("/book"), text, "book.toml")
    }

    #[test]
    fn no_file_means_defaults() {
        let c = parse("").unwrap();
        assert_eq!(c.paths.lessons, Path::new("/book/content"));
        assert_eq!(c.paths.record, Path::new("/book/expected"));
        assert_eq!(c.tolerance.rtol, 1e-9);
        assert_eq!(c.exec.time_limit, Duration::from_secs(60));
        assert_eq!(c.book.language, "en");
        assert_eq!(c.outputs.formats, [Format::Html]);
        assert_eq!(c.edition, Edition::Teacher);
    }

    #[test]
    fn edition_default_and_errors() {
        let c = parse("[edition]\ndefault = \"student\"\n").unwrap();
        assert_eq!(c.edition, Edition::Student);
        let err = parse("[edition]\ndefault = \"pupil\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("book.toml:2:11: unknown variant 'pupil'"),
            "{err}"
        );
        let err = parse("[edition]\nname = \"student\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("book.toml:2:1: unknown key 'name'"),
            "{err}"
        );
    }

    #[test]
    fn output_formats_and_places() {
        let text = "[book]\ntitle = \"My Course\"\n[output]\nformats = [\"pdf\", \"html\", \"markdown\"]\n[output.html]\ndir = \"public\"\n[output.pdf]\npaper = \"us-letter\"\n";
        let c = parse(text).unwrap();
        assert_eq!(
            c.outputs.formats,
            [Format::Html, Format::Markdown, Format::Pdf]
        );
        assert_eq!(c.paths.output, Path::new("/book/public"));
        assert_eq!(c.outputs.pdf_file, Path::new("/book/public/My-Course.pdf"));
        assert_eq!(c.outputs.paper, Paper::UsLetter);
        let err = parse("[output]\nformats = [\"docx\"]\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("book.toml:2:"), "{err}");
        let err = parse("[paths]\noutput = \"a\"\n[output.html]\ndir = \"b\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("set twice"), "{err}");
    }

    #[test]
    fn unknown_keys_name_line_and_column() {
        let text =
            "[book]\ntitle = \"x\"\n\n[paths]\nlessons = \"notebooks\"\n\n\nlesons = \"x\"\n";
        let err = parse(text).unwrap_err().to_string();
        assert!(
            err.starts_with("book.toml:8:1: unknown key 'lesons'"),
            "{err}"
        );
    }

    #[test]
    fn bad_values_are_rejected_clearly() {
        let err = parse("[tolerance]\nrtol = -1.0\n").unwrap_err().to_string();
        assert_eq!(
            err,
            "book.toml: [tolerance] rtol must be a non-negative number, got -1"
        );
        let err = parse("[exec]\nmax_alloc = \"lots\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("max_alloc must be a byte count"), "{err}");
        let err = parse("[book]\ntitle = 3\n").unwrap_err().to_string();
        assert!(err.starts_with("book.toml:2:9:"), "{err}");
        let err = parse("[exec]\nnproc = 0\n").unwrap_err().to_string();
        assert_eq!(
            err,
            "book.toml: [exec] nproc must be between 1 and 4096, got 0"
        );
    }

    #[test]
    fn nproc_is_fixed_by_the_book() {
        assert_eq!(parse("").unwrap().exec.nproc, 1);
        assert_eq!(parse("[exec]\nnproc = 8\n").unwrap().exec.nproc, 8);
    }

    #[test]
    fn course_layout_and_settings() {
        let text = "[paths]\nlessons = \"notebooks\"\nscripts = \"lessons\"\n[exec]\ntime_limit = 5\nmax_alloc = \"512MiB\"\nseed = 7\n[tolerance]\nrtol = 1e-6\n";
        let c = parse(text).unwrap();
        assert_eq!(c.paths.scripts, Path::new("/book/lessons"));
        assert_eq!(c.exec.max_alloc_bytes, 512 << 20);
        assert_eq!(c.exec.time_limit, Duration::from_secs(5));
        assert_eq!(c.exec.seed, 7);
        assert_eq!(c.tolerance.rtol, 1e-6);
        assert_eq!(
            c.display_path(Path::new("/book/notebooks/a.md")),
            "notebooks/a.md"
        );
    }
}
