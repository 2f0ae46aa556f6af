//! The hostile-input matrix, through the binary on small books in temporary folders: broken
//! sources (unclosed fence, unterminated string, unbalanced `end`, bytes that are not UTF-8,
//! a 50 MB lesson, 20,000 identical headings), runaway programs (endless loop, huge
//! allocation, deep recursion, `run` of a missing file, of itself, of a device), legitimate
//! oddities that must build (a lesson link cycle, figures of NaN and Inf data), and a hostile
//! environment (an output folder that cannot be written, a full disk, Ctrl-C mid-build), and
//! lessons reaching for files outside the book (`files`), broken bibliographies and odd
//! citations, broken glossaries and odd terms and index markers.
//!
//! Every case checks the exit status (1 for a failure, 0 for legitimate input), a message
//! that names the file (and line, where there is one), that nothing panicked, and that the
//! previous site is byte-identical afterwards with no staging folder left beside it.

mod files;
mod harness;

use harness::{Outcome, TestBook, build, build_with, staging_leftovers};
use std::collections::{BTreeMap, BTreeSet};

/// The site is byte-identical to `before`; otherwise name the files that differ.
fn assert_same_site(before: &BTreeMap<String, Vec<u8>>, after: &BTreeMap<String, Vec<u8>>) {
    let changed: BTreeSet<&String> = before
        .keys()
        .chain(after.keys())
        .filter(|k| before.get(*k) != after.get(*k))
        .collect();
    assert!(
        changed.is_empty(),
        "the previous site must be byte-identical; changed, added or removed: {changed:?}"
    );
}

/// The message of a failed build must contain each of `needles`.
fn assert_fails_with(out: &Outcome, needles: &[&str]) {
    assert_eq!(
        out.code,
        Some(1),
        "exit status 1 expected\nstdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert_no_panic(out);
    for needle in needles {
        assert!(
            out.stderr.contains(needle),
            "the message should contain {needle:?}\nstderr: {}",
            out.stderr
        );
    }
}

fn assert_builds(out: &Outcome) {
    assert_eq!(
        out.code,
        Some(0),
        "the build should succeed\nstdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert_no_panic(out);
}

fn assert_no_panic(out: &Outcome) {
    assert!(
        !out.stderr.contains("panicked") && !out.stdout.contains("panicked"),
        "rlbook panicked:\n{}",
        out.stderr
    );
}

/// A book with a site already built, the hostile `edit` applied, then built again: the build
/// fails with `needles` in its message and leaves the previous site as it was.
fn fails_keeping_site(book: &TestBook, edit: impl FnOnce(&TestBook), needles: &[&str]) {
    let before = book.site_snapshot();
    edit(book);
    let out = build(book.path());
    assert_fails_with(&out, needles);
    assert_same_site(&before, &book.site_snapshot());
    assert_eq!(staging_leftovers(book.path()), Vec::<String>::new());
}

/// A book citing from `refs.bib`, built once.
fn citing_book() -> TestBook {
    let book = TestBook::new("bibliography = [\"refs.bib\"]\n");
    book.write(
        "refs.bib",
        "@book{knuth1984, author = {Knuth, Donald E.}, title = {The TeXbook}, year = {1984}}\n",
    );
    book.append(
        "content/02-b.md",
        "\nAs [@knuth1984, p. 1] and @knuth1984 say.\n",
    );
    let out = build(book.path());
    assert_eq!(out.code, Some(0), "the first build fails:\n{}", out.stderr);
    book
}

#[test]
fn a_broken_or_missing_bibliography_names_its_file_and_keeps_the_site() {
    let book = citing_book();
    fails_keeping_site(
        &book,
        |b| b.write("refs.bib", "@book{knuth1984, title = {The TeXbook\n"),
        &["refs.bib:2:1: malformed BibTeX: unexpected end of file"],
    );
    let book = citing_book();
    fails_keeping_site(
        &book,
        |b| std::fs::remove_file(b.path().join("refs.bib")).unwrap(),
        &["cannot read the bibliography file refs.bib"],
    );
}

#[test]
fn odd_citations_build_or_fail_at_their_place() {
    let book = citing_book();
    let odd = format!(
        "\n[@{}] [@knuth1984, {}] [@knuth1984;;] [@;@] @@knuth1984 [-@knuth1984, p. \u{7}]\n",
        "k".repeat(5000),
        "p. ".repeat(2000)
    );
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", &odd),
        &["citation of 'kkk"],
    );
    let book = citing_book();
    let many = "[@knuth1984; -@knuth1984, sec. 2] ".repeat(5000);
    book.append("content/02-b.md", &format!("\n{many}\n"));
    assert_builds(&build(book.path()));
}

/// A book with a glossary, marking a term and an index entry, built once.
fn glossary_book() -> TestBook {
    let book = TestBook::new("glossary = \"glossary.toml\"\n");
    book.write(
        "glossary.toml",
        "[[term]]\nname = \"mask\"\ndefinition = \"What hides.\"\n",
    );
    book.append(
        "content/02-b.md",
        "\nA [mask]{.term} hides. <!-- index: masks!causal -->\n",
    );
    let out = build(book.path());
    assert_eq!(out.code, Some(0), "the first build fails:\n{}", out.stderr);
    book
}

#[test]
fn a_broken_or_missing_glossary_names_its_file_and_keeps_the_site() {
    let book = glossary_book();
    fails_keeping_site(
        &book,
        |b| b.write("glossary.toml", "[[term]]\nname = \"mask\n"),
        &["glossary.toml:2:"],
    );
    let book = glossary_book();
    fails_keeping_site(
        &book,
        |b| std::fs::remove_file(b.path().join("glossary.toml")).unwrap(),
        &["glossary.toml"],
    );
    let book = glossary_book();
    fails_keeping_site(
        &book,
        |b| b.write("glossary.toml", &"\u{0}\u{ff}[[[".repeat(1000)),
        &["glossary.toml:1:"],
    );
}

#[test]
fn odd_terms_and_index_markers_build_or_fail_at_their_place() {
    let book = glossary_book();
    let odd = format!(
        "\n[{}]{{.term}} [mask]{{term=\"\"}} []{{.term}} [mask]{{.term term=mask}}\n",
        "m".repeat(5000)
    );
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", &odd),
        &["content/02-b.md:"],
    );
    let book = glossary_book();
    let markers = format!(
        "\n<!-- index: --> <!-- index: ;;;! -->\n<!-- index: {} -->\n<!-- index: a!b!c; \u{7} -->\n<!-- index: unclosed\n",
        "x;".repeat(3000)
    );
    let many = "[mask]{.term} <!-- index: mask --> ".repeat(3000);
    book.append("content/02-b.md", &format!("{markers}\n\n{many}\n"));
    assert_builds(&build(book.path()));
}

#[test]
fn an_unclosed_fence_names_file_and_line() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nprint(1)\n"),
        &["content/02-b.md:10: unclosed code fence"],
    );
}

#[test]
fn an_unterminated_string_names_file_line_and_column() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nprint(\"abc)\n```\n"),
        &["content/02-b.md:11:7: lex error: unterminated string literal"],
    );
}

#[test]
fn an_unbalanced_end_names_file_and_line() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nx = 1;\nend\n```\n"),
        &["content/02-b.md:12:1: parse error: unexpected 'end' outside of function"],
    );
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nif true\n  x = 1;\n```\n"),
        &["content/02-b.md:11:1: parse error: unexpected end of input: missing 'end' for 'if'"],
    );
}

#[test]
fn a_lesson_that_is_not_utf8_names_file_and_line() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.write_bytes("content/02-b.md", b"# B\n\nfine line\nbad \xff\xfe byte\n"),
        &["content/02-b.md:4: not valid UTF-8"],
    );
}

#[test]
fn an_endless_loop_is_stopped_by_the_time_limit() {
    let book = TestBook::with_site("[exec]\ntime_limit = 1\n");
    fails_keeping_site(
        &book,
        |b| {
            b.append(
                "content/02-b.md",
                "\n```rlab\nk = 0;\nwhile true\n  k = k + 1;\nend\n```\n",
            );
        },
        &["content/02-b.md:13:3: limit exceeded: time limit of 1 s exceeded"],
    );
}

#[test]
fn a_huge_allocation_fails_at_the_cap() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nz = zeros(1e6, 1e6);\n```\n"),
        &[
            "content/02-b.md:11:5: limit exceeded:",
            "allocation of 1000000×1000000 elements (7.3 TiB) exceeds the limit",
        ],
    );
}

#[test]
fn deep_recursion_stops_at_the_depth_limit() {
    let recurse = "\n```rlab\nfunction r = f(n)\n  r = f(n + 1);\nend\nf(1)\n```\n";
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", recurse),
        &["content/02-b.md:12:7: limit exceeded: recursion depth limit of 256 calls exceeded"],
    );
    // The deepest limit book.toml accepts must end in the same clean error.
    let book = TestBook::with_site("[exec]\nmax_call_depth = 100000\n");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", recurse),
        &["content/02-b.md:12:7: limit exceeded: recursion depth limit of 100000 calls"],
    );
}

#[test]
fn run_of_a_missing_file_names_the_file() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nrun \"missing.rlab\"\n```\n"),
        &["content/02-b.md:11:1: runtime error: run: cannot read 'missing.rlab'"],
    );
}

#[test]
fn run_of_a_device_is_refused_without_reading_it() {
    // /dev/zero would be read until memory runs out; a FIFO would block the build forever.
    let book = TestBook::with_site("[exec]\nallow_read = [\"/dev\"]\n");
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nrun \"/dev/zero\"\n```\n"),
        &["content/02-b.md:11:1: runtime error: run: '/dev/zero' is not a regular file"],
    );
    let book = TestBook::with_site("");
    let fifo = book.path().join("content/pipe.rlab");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", fifo.display());
    fails_keeping_site(
        &book,
        |b| b.append("content/02-b.md", "\n```rlab\nrun \"pipe.rlab\"\n```\n"),
        &["content/02-b.md:11:1: runtime error: run: 'pipe.rlab' is not a regular file"],
    );
}

#[test]
fn run_of_itself_is_refused() {
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| {
            b.write(
                "content/02-b/again.rlab",
                "% Runs itself.\nrun \"again.rlab\"\n",
            );
        },
        &["content/02-b/again.rlab:2:1: runtime error: run: 'again.rlab' is already running"],
    );
    let book = TestBook::with_site("");
    fails_keeping_site(
        &book,
        |b| {
            b.write("content/loop.rlab", "x = 1;\nrun \"loop.rlab\"\n");
            b.append("content/02-b.md", "\n```rlab\nrun \"loop.rlab\"\n```\n");
        },
        &["content/loop.rlab:2:1: runtime error: run: 'loop.rlab' is already running"],
    );
}

#[test]
fn a_lesson_link_cycle_builds() {
    let book = TestBook::new("");
    book.append(
        "content/01-a.md",
        "\nOn to [[02-b]] and [B again](02-b.md#b).\n",
    );
    book.append(
        "content/02-b.md",
        "\nBack to [[01-a]] and [A again](01-a.md).\n",
    );
    assert_builds(&build(book.path()));
    let a = book.read("site/01-a.html");
    let b = book.read("site/02-b.html");
    assert!(a.contains("href=\"02-b.html\""), "A links to B:\n{a}");
    assert!(b.contains("href=\"01-a.html\""), "B links to A:\n{b}");
}

#[test]
fn figures_of_nan_and_inf_data_build_valid_svg() {
    let book = TestBook::new("");
    book.append(
        "content/02-b.md",
        "\n```rlab\nplot([1 2 3 4], [1 NaN Inf -Inf]);\n```\n\n\
         ```rlab\nplot([NaN Inf], [Inf NaN]);\n```\n\n\
         ```rlab\nimagesc([NaN Inf; -Inf 1]);\n```\n\n\
         ```rlab\nbar([NaN Inf -Inf 2]);\n```\n\n\
         ```rlab\nhistogram([NaN Inf 1 2 2 3]);\n```\n\n\
         ```rlab\nscatter([Inf 1], [2 -Inf]);\n```\n",
    );
    assert_builds(&build(book.path()));
    let files = book.files_under("site/figures");
    let svgs: Vec<_> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    assert_eq!(svgs.len(), 6, "one SVG per figure: {svgs:?}");
    assert_eq!(files.len(), 12, "and one CSV beside each: {files:?}");
    for path in svgs {
        let svg = std::fs::read_to_string(path).expect("read svg");
        let doc = roxmltree::Document::parse(&svg)
            .unwrap_or_else(|e| panic!("{} is not well-formed: {e}", path.display()));
        for node in doc.descendants() {
            for attr in node.attributes() {
                let v = attr.value();
                assert!(
                    !v.contains("NaN") && !v.to_lowercase().contains("inf"),
                    "{}: attribute {}={v:?} carries a non-finite number",
                    path.display(),
                    attr.name()
                );
            }
        }
    }
}

#[test]
fn an_output_path_under_a_file_fails_cleanly() {
    let book = TestBook::new("[paths]\noutput = \"blocker/site\"\n");
    book.write("blocker", "a file where a folder should be\n");
    let out = build(book.path());
    assert_fails_with(&out, &["blocker", "the site could not be written"]);
    assert_eq!(book.read("blocker"), "a file where a folder should be\n");
}

#[test]
fn an_immutable_output_folder_fails_cleanly() {
    let book = TestBook::new("[paths]\noutput = \"out/site\"\n");
    assert_builds(&build(book.path()));
    let before = book.site_snapshot_at("out/site");
    let Some(_guard) = harness::Immutable::set(&book.path().join("out")) else {
        println!("notice: chattr +i is not available here; immutable-folder case skipped");
        return;
    };
    book.append("content/01-a.md", "\nNew prose.\n");
    let out = build(book.path());
    assert_fails_with(
        &out,
        &["out/.site.rlbook-new-", "the site could not be written"],
    );
    assert_same_site(&before, &book.site_snapshot_at("out/site"));
}

#[test]
fn a_file_size_limit_mid_write_keeps_the_previous_site() {
    let book = TestBook::with_site("");
    let before = book.site_snapshot();
    book.append("content/01-a.md", &harness::prose(256 * 1024));
    let out = build_with(book.path(), harness::file_size_limit(64 * 1024));
    assert_fails_with(&out, &["cannot write", "File too large"]);
    assert_same_site(&before, &book.site_snapshot());
    assert_eq!(staging_leftovers(book.path()), Vec::<String>::new());
}

#[test]
fn a_full_tmpfs_keeps_the_previous_site() {
    let book = TestBook::new("[paths]\noutput = \"disk/site\"\n");
    // Room for the site (its live-code files take about 2 MB), not for a 10 MB lesson.
    let Some(_disk) = harness::TinyDisk::mount(&book.path().join("disk"), "6m") else {
        println!("notice: cannot mount a tmpfs here (not root?); full-disk case skipped");
        return;
    };
    assert_builds(&build(book.path()));
    let before = book.site_snapshot_at("disk/site");
    book.append("content/01-a.md", &harness::prose(10 << 20));
    let out = build(book.path());
    assert_fails_with(&out, &["cannot write", "No space left on device"]);
    assert_same_site(&before, &book.site_snapshot_at("disk/site"));
    assert_eq!(
        staging_leftovers(&book.path().join("disk")),
        Vec::<String>::new()
    );
}

#[test]
fn ctrl_c_mid_build_keeps_the_previous_site() {
    let book = TestBook::with_site("[exec]\ntime_limit = 300\n");
    let before = book.site_snapshot();
    book.edit("content/02-b.md", "y = 3;", "y = 3;\nwhile true\nend");
    let out = harness::build_interrupted(book.path(), "executing lessons");
    assert!(
        out.interrupted,
        "the build should have been interrupted while executing: {}",
        out.stderr
    );
    assert_no_panic(&out);
    assert_same_site(&before, &book.site_snapshot());
    assert_eq!(staging_leftovers(book.path()), Vec::<String>::new());
}

#[test]
fn a_fifty_megabyte_lesson_builds_within_bounded_memory() {
    // As dense as a real lesson (code spans, math, headings, inline values, blocks): each
    // per-line or per-block search over the whole lesson made this take hours.
    let book = TestBook::new("");
    book.write("content/02-b.md", &harness::rich_lesson(50 << 20));
    let (out, max_rss) = harness::build_measured(book.path());
    assert_builds(&out);
    let page = std::fs::metadata(book.path().join("site/02-b.html")).expect("the page exists");
    assert!(page.len() > 50 << 20, "the whole lesson is on its page");
    let page = book.read("site/02-b.html");
    assert!(page.contains("id=\"part-1\"") && page.contains("id=\"notes-1\""));
    assert!(
        out.stderr
            .contains("content/02-b.md:19: broken lesson link '99-later.md'")
    );
    let limit = 2u64 << 30;
    assert!(
        max_rss < limit,
        "peak memory {max_rss} B for a 50 MB lesson exceeds {limit} B"
    );
}

#[test]
fn a_lesson_of_many_small_things_builds() {
    // 20,000 each of identical headings, code spans and directive-led blocks: quadratic
    // searches (heading ids, code ranges, directives, line numbers) made this take hours.
    let mut text = String::from("# Many\n\n");
    for _ in 0..20_000 {
        text.push_str("## Same\n\nSome `code` here.\n\n<!-- hide -->\n```rlab\nz = 1;\n```\n\n");
    }
    let book = TestBook::new("");
    book.write("content/02-b.md", &text);
    assert_builds(&build(book.path()));
    let page = book.read("site/02-b.html");
    assert!(page.contains("id=\"same-19999\""), "unique heading ids");
    assert!(
        page.contains("id=\"block-20000\""),
        "every block is on the page"
    );
}
