//! Editions through the binary: the student edition of a fixture book has no trace of its
//! solution (text, code, printed number, figure, a file only it runs) in any file of the site
//! (the search index and the live code's shipped files included), the Markdown book or the
//! EPUB; the teacher edition has all of them; and a
//! solution that drifts still fails the student build.

use crate::common::{edit_file, fixture_book, rlbook};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The solution's prose, code, printed number and figure title.
const SOLUTION: [&str; 4] = ["Kolmogorov", "secret_total", "42738", "Pineapple products"];

/// The text of the file only the solution runs (`shared/pineapple.rlab`), which the
/// teacher page's live code ships and the student page's does not.
const SOLUTION_FILE: &str = "Zanzibar";

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The entries of a ZIP archive (the EPUB), inflated, by name.
pub(crate) fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let u16_at = |at: usize| usize::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
    let u32_at = |at: usize| {
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
    };
    let mut entries = Vec::new();
    let mut at = 0;
    while bytes.len() >= at + 30 && u32_at(at) == 0x0403_4b50 {
        let (method, packed_len) = (u16_at(at + 8), u32_at(at + 18));
        let (name_len, extra_len) = (u16_at(at + 26), u16_at(at + 28));
        let name = String::from_utf8_lossy(&bytes[at + 30..at + 30 + name_len]).to_string();
        let data_at = at + 30 + name_len + extra_len;
        let packed = &bytes[data_at..data_at + packed_len];
        let mut data = Vec::new();
        if method == 8 {
            let mut inflate = flate2::read::DeflateDecoder::new(packed);
            inflate.read_to_end(&mut data).expect("inflate");
        } else {
            data = packed.to_vec();
        }
        entries.push((name, data));
        at = data_at + packed_len;
    }
    assert!(entries.len() > 2, "an EPUB with its pages");
    entries
}

/// Each file of the build (EPUB entries one by one) that contains `needle`.
fn containing(book: &Path, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    let outputs = [book.join("site"), book.join("book")];
    for file in outputs.iter().flat_map(|dir| files(dir)) {
        let bytes = std::fs::read(&file).expect("read output");
        let mut parts = vec![(file.display().to_string(), bytes.clone())];
        if file.extension().is_some_and(|e| e == "epub") {
            parts = unzip(&bytes);
        }
        for (name, data) in parts {
            if String::from_utf8_lossy(&data).contains(needle) {
                found.push(name);
            }
        }
    }
    found
}

#[test]
fn the_student_edition_withholds_the_solution_everywhere() {
    let book = fixture_book("edition");
    let run = rlbook(
        book.path(),
        &["build", "--locked", "--edition", "student"],
        &[],
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(book.path().join("site/Edition-fixture.epub").is_file());
    let live = std::fs::read_to_string(book.path().join("site/live/01-sums.js"));
    assert!(
        live.is_ok(),
        "the page's live-code steps are among the files searched"
    );
    for needle in SOLUTION.into_iter().chain([SOLUTION_FILE]) {
        assert_eq!(
            containing(book.path(), needle),
            Vec::<String>::new(),
            "{needle}"
        );
    }
    let search = std::fs::read_to_string(book.path().join("site/assets/search-index.js"))
        .expect("search index");
    assert!(
        search.contains("first ten integers"),
        "the rest of the lesson is indexed"
    );
    let page = std::fs::read_to_string(book.path().join("site/01-sums.html")).expect("page");
    assert!(
        page.contains("The solution is in the teacher edition."),
        "{page}"
    );
    assert!(
        page.contains("55") && page.contains("After the exercise"),
        "{page}"
    );
}

#[test]
fn the_teacher_edition_shows_it_and_is_the_default() {
    let book = fixture_book("edition");
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    for needle in SOLUTION {
        let found = containing(book.path(), needle);
        assert!(
            found.iter().any(|f| f.ends_with("site/01-sums.html")),
            "{needle}: {found:?}"
        );
        assert!(
            found.iter().any(|f| f.ends_with("book/01-sums.md")),
            "{needle}: {found:?}"
        );
        assert!(
            found.iter().any(|f| f.ends_with(".xhtml")),
            "{needle}: {found:?}"
        );
    }
    let found = containing(book.path(), "secret_total");
    assert!(
        found.iter().any(|f| f.ends_with("site/live/01-sums.js")),
        "the teacher page's live code holds the solution's code: {found:?}"
    );
    assert_eq!(
        containing(book.path(), SOLUTION_FILE),
        ["site/live/01-sums.js"].map(|f| book.path().join(f).display().to_string()),
        "the teacher page ships the file the solution ran"
    );
    let student = rlbook(
        book.path(),
        &["build", "--locked", "--edition", "student"],
        &[],
    );
    assert!(student.ok, "{}", student.stderr);
    assert!(
        containing(book.path(), "Kolmogorov").is_empty(),
        "the cache keeps editions apart"
    );
}

#[test]
fn book_toml_chooses_the_edition_and_rejects_unknown_ones() {
    let book = fixture_book("edition");
    let toml = book.path().join("book.toml");
    let text = std::fs::read_to_string(&toml).expect("book.toml");
    std::fs::write(&toml, format!("{text}\n[edition]\ndefault = \"student\"\n")).expect("write");
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(containing(book.path(), "Kolmogorov").is_empty());
    let teacher = rlbook(
        book.path(),
        &["build", "--locked", "--edition", "teacher"],
        &[],
    );
    assert!(teacher.ok, "{}", teacher.stderr);
    assert!(!containing(book.path(), "Kolmogorov").is_empty());
    edit_file(&toml, "\"student\"", "\"pupil\"");
    let bad = rlbook(book.path(), &["build"], &[]);
    assert!(!bad.ok);
    assert!(
        bad.stderr
            .contains("book.toml:9:11: unknown variant 'pupil'"),
        "{}",
        bad.stderr
    );
    let flag = rlbook(book.path(), &["build", "--edition", "pupil"], &[]);
    assert!(!flag.ok);
    assert!(
        flag.stderr
            .contains("unknown edition 'pupil' (known: teacher, student)")
    );
}

#[test]
fn a_drifting_solution_fails_the_student_build() {
    let book = fixture_book("edition");
    edit_file(
        &book.path().join("content/01-sums.md"),
        "secret_total = 6 * 7123;",
        "secret_total = 6 * 7124;",
    );
    let run = rlbook(book.path(), &["build", "--edition", "student"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains("content/01-sums.md:18 block 2 line 1: 42738 → 42744"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("no site written"), "{}", run.stderr);
    assert!(!book.path().join("site").exists());
}
