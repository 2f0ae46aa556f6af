use super::*;

fn book(files: &[(&str, &str)]) -> (tempfile::TempDir, Config) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let config = Config::load(dir.path()).unwrap();
    (dir, config)
}

fn expand_lesson(files: &[(&str, &str)]) -> Result<Expanded> {
    let (dir, config) = book(files);
    let path = dir.path().join("content/01-a.md");
    let source = std::fs::read_to_string(&path).unwrap();
    expand(&config, &path, "content/01-a.md", &source)
}

fn error_of(files: &[(&str, &str)]) -> String {
    match expand_lesson(files) {
        Ok(e) => panic!("expanded:\n{}", e.text),
        Err(e) => Diagnostic::of_error(Kind::Load, &e)[0].text(),
    }
}

const SETUP: &str = "---\ntitle: Setup\n---\n# Setup\n\nShared constants.\n\n\
                     ```rlab\nFs = 48000;\n# not a heading\n```\n\n## Part {#p}\n\nA part. ^part-id\n\n\
                     ### Deeper\n\ndeep\n\n## Next\n\n- one\n- two ^item\n";

#[test]
fn a_whole_note_is_copied_with_headings_demoted_and_lines_traced() {
    let lesson = "# A\n\n![[_setup]]\n\nAfter.\n";
    let e = expand_lesson(&[("content/01-a.md", lesson), ("content/_setup.md", SETUP)]).unwrap();
    assert!(
        e.text.starts_with("# A\n\n## Setup\n\nShared constants.\n"),
        "{}",
        e.text
    );
    assert!(
        e.text
            .contains("```rlab\nFs = 48000;\n# not a heading\n```")
    );
    assert!(e.text.contains("### Part {#p}\n\nA part.\n"));
    assert!(e.text.contains("#### Deeper") && e.text.contains("- two\n"));
    assert!(e.text.ends_with("\nAfter.\n"));
    assert_eq!(e.origins.embedded(), ["content/_setup.md"]);
    let line =
        |needle: &str| e.text[..e.text.find(needle).unwrap()].matches('\n').count() as u32 + 1;
    assert_eq!(
        e.origins.locate(line("## Setup")),
        (Some("content/_setup.md"), 4, 1)
    );
    assert_eq!(
        e.origins.locate(line("Fs = 48000")),
        (Some("content/_setup.md"), 9, 0)
    );
    assert_eq!(e.origins.locate(line("After.")), (None, 5, 0));
}

#[test]
fn a_section_and_a_block_are_taken_alone() {
    let lesson = "# A\n\n![[_setup#Part]]\n\nSee ![[_setup#^item]] here.\n\n![[_setup#^part-id]]\n";
    let e = expand_lesson(&[("content/01-a.md", lesson), ("content/_setup.md", SETUP)]).unwrap();
    assert_eq!(
        e.text,
        "# A\n\n### Part {#p}\n\nA part.\n\n#### Deeper\n\ndeep\n\n\nSee two here.\n\nA part.\n"
    );
}

#[test]
fn embeds_in_code_images_and_markers_outside_embeds() {
    let lesson = "# A\n\n`![[_setup]]` and\n\n```text\n![[_setup]]\n```\n\n![[plot.svg|A plot]]\n\nMine. ^mine\n";
    let e = expand_lesson(&[("content/01-a.md", lesson), ("content/_setup.md", SETUP)]).unwrap();
    assert_eq!(
        e.text,
        "# A\n\n`![[_setup]]` and\n\n```text\n![[_setup]]\n```\n\n![A plot](plot.svg)\n\nMine.\n"
    );
    assert!(e.origins.is_own());
    let plain = expand_lesson(&[("content/01-a.md", "# A\n\nx ^ y\n")]).unwrap();
    assert_eq!(plain.text, "# A\n\nx ^ y\n");
}

#[test]
fn nested_embeds_demote_twice_and_resolve_from_the_lessons_folder_without_case() {
    let files = [
        ("content/01-a.md", "# A\n\n![[parts/Outer]]\n"),
        ("content/parts/outer.md", "# Outer\n\n![[inner]]\n"),
        ("content/inner.md", "# Inner\n\nin\n"),
    ];
    let e = expand_lesson(&files).unwrap();
    assert_eq!(e.text, "# A\n\n## Outer\n\n### Inner\n\nin\n");
    assert_eq!(e.origins.embedded().len(), 2);
}

#[test]
fn errors_name_the_embed_with_a_caret() {
    let missing = error_of(&[("content/01-a.md", "# A\n\nx\n![[nope]]\n")]);
    assert_eq!(
        missing,
        "content/01-a.md:4:1: embed target 'nope' not found\n  4 | ![[nope]]\n    | ^^^^^^^^^"
    );
    let heading = error_of(&[
        ("content/01-a.md", "# A\n\n![[_setup#Setpu]]\n"),
        ("content/_setup.md", SETUP),
    ]);
    assert!(
        heading.starts_with(
            "content/01-a.md:3:1: no heading 'Setpu' in '_setup' (did you mean 'Setup'?)"
        ),
        "{heading}"
    );
    let block = error_of(&[
        ("content/01-a.md", "# A\n\nSee ![[_setup#^gone]].\n"),
        ("content/_setup.md", SETUP),
    ]);
    assert!(
        block.starts_with("content/01-a.md:3:5: no block '^gone' in '_setup'"),
        "{block}"
    );
    let inline = error_of(&[
        ("content/01-a.md", "# A\n\nSee ![[_setup]].\n"),
        ("content/_setup.md", SETUP),
    ]);
    assert!(inline.contains("must be alone on its line"), "{inline}");
}

#[test]
fn cycles_depth_and_escapes_are_errors() {
    let cycle = error_of(&[
        ("content/01-a.md", "# A\n\n![[_b]]\n"),
        ("content/_b.md", "# B\n\n![[01-a]]\n"),
    ]);
    assert!(
        cycle.starts_with(
            "content/_b.md:3:1: embed cycle: content/01-a.md → content/_b.md → content/01-a.md"
        ),
        "{cycle}"
    );
    let deep = error_of(&[
        ("content/01-a.md", "![[_1]]\n"),
        ("content/_1.md", "![[_2]]\n"),
        ("content/_2.md", "![[_3]]\n"),
        ("content/_3.md", "![[_4]]\n"),
        ("content/_4.md", "![[_5]]\n"),
        ("content/_5.md", "five\n"),
    ]);
    assert!(
        deep.starts_with("content/_4.md:1:1: embeds nest deeper than 4 levels"),
        "{deep}"
    );
    let (dir, config) = book(&[("content/01-a.md", "![[../../outside]]\n")]);
    std::fs::write(dir.path().parent().unwrap().join("outside.md"), "secret\n").ok();
    let path = dir.path().join("content/01-a.md");
    let err = expand(&config, &path, "content/01-a.md", "![[../../outside]]\n").err();
    let text = Diagnostic::of_error(Kind::Load, &err.unwrap())[0].text();
    assert!(
        text.contains("not found") || text.contains("outside the book"),
        "{text}"
    );
}

#[test]
fn lines_and_code_spans() {
    assert_eq!(select::block_marker("A part. ^part-id"), Some(7));
    assert_eq!(select::block_marker("^solo"), Some(0));
    assert_eq!(select::block_marker("x^2"), None);
    assert_eq!(select::block_marker("a ^ b"), None);
    assert_eq!(select::block_marker("grows as r ^2"), None);
    assert_eq!(select::block_marker("e ^-1"), None);
    assert_eq!(select::block_marker("Defined. ^def-2"), Some(8));
    assert!(select::in_code_span("a `![[x]]` b", 3));
    assert!(!select::in_code_span("a `c` ![[x]]", 6));
    assert!(!select::in_code_span("a `` ` `` ![[x]]", 10));
    assert_eq!(select::demote_by("# T", 1), 1);
    assert_eq!(select::demote_by("###### T", 2), 0);
    assert_eq!(select::demote_by("#tag", 1), 0);
}
