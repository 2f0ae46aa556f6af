//! Helpers shared by the integration tests: where `../shared` is (and the rule for a missing
//! one), a small fenced-block
//! scanner for lesson sources and rendered reference books, and numcmp-style filtering.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Where the shared fixtures are: the directory `RLBOOK_SHARED_DIR` names, else `../shared`
/// beside the crate (CI and development machines have it).
pub(crate) fn shared_location() -> PathBuf {
    match std::env::var_os("RLBOOK_SHARED_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// Whether the tests run under CI, by the rule the binary uses (`CI` set, and not empty,
/// `0` or `false`).
pub(crate) fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false" | "False" | "FALSE"))
}

/// The shared fixtures directory for `what`, which reads the files and folders `needs`
/// (relative to it). The one rule for every test that reads `../shared`: when the directory or
/// one of `needs` is missing, a test under CI fails naming what is missing; elsewhere it is
/// skipped with a printed notice (`None`).
pub(crate) fn shared(what: &str, needs: &[&str]) -> Option<PathBuf> {
    let dir = shared_location();
    let missing: Vec<String> = if dir.is_dir() {
        (needs.iter())
            .filter(|n| !dir.join(n).exists())
            .map(|n| dir.join(n).display().to_string())
            .collect()
    } else {
        vec![dir.display().to_string()]
    };
    if missing.is_empty() {
        return Some(dir);
    }
    let message = format!(
        "{what} needs the shared fixtures, and {} missing: {}",
        if missing.len() == 1 {
            "this is"
        } else {
            "these are"
        },
        missing.join(", ")
    );
    assert!(!under_ci(), "{message} (CI is set, so this is a failure)");
    println!("notice: skipped: {message}");
    None
}

/// A fenced code block: its info string, its first content line (1-based), its text.
#[derive(Clone, Debug)]
pub(crate) struct Fence {
    pub info: String,
    pub first_line: u32,
    pub code: String,
}

/// All fenced blocks of a Markdown text (backtick fences at the start of a line).
pub(crate) fn fences(markdown: &str) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut open: Option<(String, u32, Vec<&str>)> = None;
    for (i, line) in markdown.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some((info.trim().to_string(), i as u32 + 2, Vec::new()));
                }
            }
            Some((info, first, mut body)) => {
                if trimmed.starts_with("```") {
                    let mut code = body.join("\n");
                    code.push('\n');
                    out.push(Fence {
                        info,
                        first_line: first,
                        code,
                    });
                } else {
                    body.push(line);
                    open = Some((info, first, body));
                }
            }
        }
    }
    out
}

/// The code blocks of a lesson: fences whose language is `rustlab` or `rlab`.
pub(crate) fn code_blocks(markdown: &str) -> Vec<Fence> {
    fences(markdown)
        .into_iter()
        .filter(|f| {
            let lang = f.info.split([',', ' ']).next().unwrap_or("");
            lang == "rustlab" || lang == "rlab"
        })
        .collect()
}

/// One `<!-- rustlab:output-start -->` … `<!-- rustlab:output-end -->` section of a rendered
/// reference book: its text fence (if any) and how many figures it shows.
#[derive(Clone, Debug)]
pub(crate) struct OutputSection {
    pub text: Option<String>,
    pub figures: usize,
}

pub(crate) fn output_sections(book: &str) -> Vec<OutputSection> {
    let mut out = Vec::new();
    let mut rest = book;
    while let Some(start) = rest.find("<!-- rustlab:output-start -->") {
        let after = &rest[start..];
        let end = after
            .find("<!-- rustlab:output-end -->")
            .unwrap_or(after.len());
        let section = &after[..end];
        let text = fences(section)
            .into_iter()
            .find(|f| f.info == "text")
            .map(|f| f.code.trim_end_matches('\n').to_string());
        let figures = section.matches("](plots/").count();
        out.push(OutputSection { text, figures });
        rest = &after[end..];
    }
    out
}

/// Lines as numcmp.py reads an expectation: no `#` comments, no `=== block` headers, no blank
/// lines, trailing spaces removed.
pub(crate) fn numcmp_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("=== block") && !l.trim().is_empty())
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// Compare expected and actual text the numcmp.py way; the differences, one per line.
pub(crate) fn numcmp(expected: &str, actual: &str) -> Vec<String> {
    let e = numcmp_lines(expected);
    let a = numcmp_lines(actual);
    let e: Vec<&str> = e.iter().map(String::as_str).collect();
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    rlbook::record::compare::compare_lines(&e, &a, Default::default())
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Copy a directory's files (not recursive) into `to`.
pub(crate) fn copy_dir_files(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create test dir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy file");
        }
    }
}

/// Copy a directory tree.
pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

/// A scratch copy of the fixture book `tests/books/<name>`; the book is at `dir.path()`.
/// The text of `file` (a path below `dir`), or a panic naming it.
pub(crate) fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

pub(crate) fn fixture_book(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/books")
        .join(name);
    copy_tree(&from, dir.path());
    dir
}

/// What a run of the binary gave.
pub(crate) struct Run {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Run `rlbook ARGS` in `dir` with `CI` unset unless given in `env`.
/// A fixed `SOURCE_DATE_EPOCH`: an EPUB is dated now without it, so two made a second apart
/// differ in `dcterms:modified`.
pub(crate) const SOURCE_DATE: (&str, &str) = ("SOURCE_DATE_EPOCH", "951782400");

/// The `<article …>…</article>` of a site page (its body, without the frame).
pub(crate) fn article(html: &str) -> String {
    let start = html.find("<article").expect("the page has an article");
    let end = html.rfind("</article>").expect("the article ends");
    html[start..end + "</article>".len()].to_string()
}

/// The text of `html` with every tag removed (what a reader reads, entities aside).
pub(crate) fn text_of(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

pub(crate) fn rlbook(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_rlbook"));
    cmd.current_dir(dir).args(args).env_remove("CI");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run rlbook");
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
    }
}

/// Replace `from` by `to` in a file (which must contain it).
pub(crate) fn edit_file(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read file");
    assert!(
        text.contains(from),
        "{} does not contain {from:?}",
        path.display()
    );
    std::fs::write(path, text.replacen(from, to, 1)).expect("write file");
}

/// Marsaglia's xorshift64: a fixed, dependency-free stream of choices for input mutation.
pub(crate) struct XorShift(pub u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Replace, insert or delete one byte from `alphabet` at an ASCII position (the text stays
/// UTF-8); `None` when the chosen position cannot be edited.
pub(crate) fn edit(text: &str, rng: &mut XorShift, alphabet: &[u8]) -> Option<String> {
    let mut bytes = text.as_bytes().to_vec();
    let at = rng.below(bytes.len() + 1);
    let byte = alphabet[rng.below(alphabet.len())];
    let at_ascii = bytes.get(at).is_some_and(u8::is_ascii);
    match rng.below(3) {
        0 if at_ascii => bytes[at] = byte,
        1 if at_ascii => {
            bytes.remove(at);
        }
        _ if text.is_char_boundary(at) => bytes.insert(at, byte),
        _ => return None,
    }
    String::from_utf8(bytes).ok()
}

/// Text of an HTML fragment with the entities rlbook writes turned back into characters.
pub(crate) fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// One figure of a built page: its id, its inline SVG and the JSON its script reads.
pub(crate) struct PageFigure {
    pub id: String,
    pub svg: String,
    pub json: String,
}

/// The figures of a built page, in page order.
pub(crate) fn page_figures(html: &str) -> Vec<PageFigure> {
    let between = |text: &str, open: &str, close: &str| -> Option<String> {
        let start = text.find(open)?;
        let end = text[start..].find(close)?;
        Some(text[start..start + end + close.len()].to_string())
    };
    // `<figure class="plot" id="…">`, or `class="plot rlf-cols2"` for a grid of panels.
    html.split("<figure class=\"plot")
        .skip(1)
        .filter_map(|rest| {
            let (_, rest) = rest.split_once("\" id=\"")?;
            let (id, rest) = rest.split_once('"')?;
            let body = &rest[..rest.find("</figure>")?];
            let json = between(body, "class=\"rlf-json\">", "</script>")?;
            Some(PageFigure {
                id: id.to_string(),
                svg: between(body, "<svg", "</svg>")?,
                json: json["class=\"rlf-json\">".len()..json.len() - "</script>".len()].to_string(),
            })
        })
        .collect()
}

/// Every page of a built site (`*.html` at any depth).
pub(crate) fn site_pages(site: &Path) -> Vec<PathBuf> {
    files_ending(site, "html")
}

/// Every file of `dir` (at any depth) with extension `ext`, in order.
pub(crate) fn files_ending(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walk(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// Every file under `dir`, recursively (none when it cannot be read).
pub(crate) fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The page budget of figures: the data each figure's script reads is no larger than the
/// figure's own SVG. Returns the number of figures checked and the ones over budget.
pub(crate) fn figures_over_budget(site: &Path) -> (usize, Vec<String>) {
    let mut count = 0;
    let mut over = Vec::new();
    for page in site_pages(site) {
        let html = std::fs::read_to_string(&page).expect("page");
        for f in page_figures(&html) {
            count += 1;
            if f.json.len() > f.svg.len() {
                over.push(format!(
                    "{} #{}: data {} bytes > SVG {} bytes",
                    page.display(),
                    f.id,
                    f.json.len(),
                    f.svg.len()
                ));
            }
        }
    }
    (count, over)
}
