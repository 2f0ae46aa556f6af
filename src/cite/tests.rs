//! Loading bibliographies (both formats, the keys' lines, every error at its place), styles
//! and locales, and reading locators.

use super::library::Bibliography;
use super::library::{bib_keys, yaml_keys};
use super::locator::parse_locator;
use super::render::RenderedBook;
use super::style::resolve_locale;
use super::style::{CitationKind, CitationStyle, bundled_names};
use crate::diagnostic::Diagnostic;
use hayagriva::citationberg::taxonomy::Locator;

const REFS: &str = include_str!("../../tests/books/citations/refs.bib");
const MORE: &str = include_str!("../../tests/books/citations/more.yaml");

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect()
}

/// The errors of loading `list`, as the terminal shows them.
fn load_errors(list: &[(&str, &str)]) -> String {
    let errors = Bibliography::load(&files(list)).expect_err("loads");
    let texts: Vec<String> = errors.iter().map(Diagnostic::text).collect();
    texts.join("\n")
}

pub(super) fn fixture() -> Bibliography {
    Bibliography::load(&files(&[("refs.bib", REFS), ("more.yaml", MORE)])).expect("fixture loads")
}

#[test]
fn the_fixture_loads_with_every_key_at_its_line() {
    let bibliography = fixture();
    assert_eq!(bibliography.keys().len(), 18);
    let origins: Vec<String> = (bibliography.keys().iter())
        .map(|k| format!("{k} {}", bibliography.origin(k).unwrap()))
        .collect();
    insta::assert_snapshot!(origins.join("\n"));
    let entry = bibliography.get("hochreiter1997lstm").unwrap();
    assert_eq!(entry.date().unwrap().year, 1997);
    let line = REFS.lines().nth(3).unwrap();
    assert_eq!(line, "@article{hochreiter1997lstm,");
    assert!(bibliography.contains("su2021roformer") && !bibliography.contains("su2021"));
    let keys = bibliography.keys();
    let near = crate::diagnostic::suggest::closest(keys, "vaswani2017atention");
    assert_eq!(near, Some("vaswani2017attention"));
}

#[test]
fn bib_keys_are_found_with_spaces_line_breaks_and_parentheses() {
    let text = "% @comment{not, a key}\n@String{nips = {NeurIPS}}\n  @Article { spaced ,\n  title = {x}}\n\
                @book(\n   paren2020,\n title={y})\n@comment{skipped,}\n@misc{last}";
    let keys: Vec<(String, u32)> = bib_keys(text)
        .into_iter()
        .map(|k| (k.key, k.line))
        .collect();
    let expected = [("spaced", 3), ("paren2020", 5), ("last", 9)];
    assert_eq!(keys, expected.map(|(k, l)| (k.to_string(), l)));
    let at = bib_keys(text)[1].at;
    assert_eq!(&text[at..at + 9], "paren2020");
}

#[test]
fn yaml_keys_are_the_top_level_ones() {
    let text = "# refs\n---\nplain:\n  type: book\n  title: \"x: y\"\n\"quoted:key\":\n  type: web\n\
                'single': {type: misc}\ndoe:2001:\n  type: misc\n- not a key\n";
    let keys: Vec<(String, u32)> = yaml_keys(text)
        .into_iter()
        .map(|k| (k.key, k.line))
        .collect();
    let expected = [
        ("plain", 3),
        ("quoted:key", 6),
        ("single", 8),
        ("doe:2001", 9),
    ];
    assert_eq!(keys, expected.map(|(k, l)| (k.to_string(), l)));
}

#[test]
fn a_malformed_bib_is_an_error_at_its_line() {
    let text = "@article{a,\n  title = {x},\n}\n\n@book{b,\n  title = {y}\n  year = {2020},\n}\n";
    insta::assert_snapshot!(load_errors(&[("refs.bib", text)]));
}

#[test]
fn a_field_of_the_wrong_type_names_its_entry() {
    let text =
        "@article{ok,\n  title = {x},\n}\n@article{bad,\n  title = {x},\n  year = {abc},\n}\n";
    insta::assert_snapshot!(load_errors(&[("refs.bib", text)]));
}

#[test]
fn a_malformed_yaml_is_an_error_at_its_line() {
    let text = "good:\n  type: book\n  title: x\nbad:\n  title: no type\n";
    insta::assert_snapshot!(load_errors(&[("more.yaml", text)]));
    let text = "a:\n  type: article\n  date: not a date\n";
    insta::assert_snapshot!("yaml_type_error", load_errors(&[("more.yaml", text)]));
    assert!(load_errors(&[("x.yml", "a: [\n")]).starts_with("x.yml:1:4: malformed YAML"));
}

#[test]
fn a_key_defined_twice_names_both_places() {
    let bib = "@article{vaswani2017,\n  title = {x},\n}\n";
    let yaml = "# more\n\nvaswani2017:\n  type: article\n  title: y\n";
    insta::assert_snapshot!(load_errors(&[("refs.bib", bib), ("more.yaml", yaml)]));
    let twice =
        format!("{bib}\n@misc{{other, title={{z}}}}\n@book{{vaswani2017,\n  title = {{w}},\n}}\n");
    insta::assert_snapshot!(
        "duplicate_in_one_file",
        load_errors(&[("refs.bib", &twice)])
    );
    let yaml_twice = format!("{yaml}vaswani2017:\n  type: book\n");
    let text = load_errors(&[("more.yaml", &yaml_twice)]);
    assert!(text.starts_with("more.yaml:6:1: duplicate bibliography key `vaswani2017`: defined at more.yaml:3 and again at more.yaml:6"), "{text}");
}

#[test]
fn an_unknown_extension_is_an_error_and_every_file_reports() {
    let text = load_errors(&[
        ("refs.txt", "x"),
        ("bad.bib", "@article{a,"),
        ("ok.yaml", ""),
    ]);
    insta::assert_snapshot!(text);
}

#[test]
fn bundled_styles_resolve_by_name_with_their_kind() {
    let apa = CitationStyle::bundled("apa", "en").unwrap();
    assert_eq!(apa.kind(), CitationKind::AuthorDate);
    assert!(apa.title().contains("APA"), "{}", apa.title());
    let ieee = CitationStyle::bundled("IEEE", "en").unwrap();
    assert_eq!(ieee.kind(), CitationKind::Numeric);
    assert!(ieee.kind() == CitationKind::Numeric && !ieee.kind().names_authors());
    let chicago = CitationStyle::bundled("chicago-notes", "en").unwrap();
    assert_eq!(chicago.kind(), CitationKind::Note);
    assert!(bundled_names().iter().any(|n| n == "chicago-author-date"));
}

#[test]
fn an_unknown_style_offers_the_closest_names_first() {
    let error = CitationStyle::bundled("apaa", "en").unwrap_err();
    insta::assert_snapshot!(error.text());
    let error = CitationStyle::bundled("zzzzzz", "en").unwrap_err();
    insta::assert_snapshot!("unknown_style_far_from_all", error.text());
}

#[test]
fn a_malformed_or_orphan_csl_file_is_an_error_naming_it() {
    let error = CitationStyle::from_csl("styles/broken.csl", "<style", "en").unwrap_err();
    insta::assert_snapshot!(error.text());
    let error = CitationStyle::from_csl(
        "styles/orphan.csl",
        &dependent("http://example.org/styles/mine"),
        "en",
    );
    insta::assert_snapshot!(
        "dependent_style_without_bundled_parent",
        error.unwrap_err().text()
    );
}

#[test]
fn a_dependent_csl_file_resolves_to_its_bundled_parent() {
    let style = CitationStyle::from_csl(
        "journal.csl",
        &dependent("https://www.zotero.org/styles/ieee"),
        "",
    )
    .unwrap();
    assert_eq!(style.kind(), CitationKind::Numeric);
    assert!(style.title().contains("IEEE"), "{}", style.title());
    let independent = CitationStyle::bundled("apa", "en").unwrap().csl().clone();
    assert_eq!(
        independent.info.title.value,
        CitationStyle::bundled("apa", "").unwrap().title()
    );
}

/// A dependent style whose parent is `parent`.
fn dependent(parent: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<style xmlns=\"http://purl.org/net/xbiblio/csl\" \
         class=\"in-text\" version=\"1.0\" default-locale=\"en-GB\"><info><title>Journal</title>\
         <id>http://example.org/journal</id><link href=\"{parent}\" rel=\"independent-parent\"/>\
         <updated>2024-01-01T00:00:00+00:00</updated></info></style>"
    )
}

#[test]
fn the_language_picks_a_bundled_locale() {
    let codes = super::style::bundled_codes();
    let locale = |language: &str| resolve_locale(language, codes).map(|l| l.0);
    assert_eq!(locale("en").as_deref(), Some("en-US"));
    assert_eq!(locale("en_gb").as_deref(), Some("en-GB"));
    assert_eq!(locale("de").as_deref(), Some("de-DE"));
    assert_eq!(locale("de-CH").as_deref(), Some("de-CH"));
    assert_eq!(locale("de-LU").as_deref(), Some("de-DE"));
    assert_eq!(locale("pt").as_deref(), Some("pt-PT"));
    assert_eq!(locale("eu").as_deref(), Some("eu"));
    assert_eq!(locale("xx"), None);
    assert_eq!(locale(" "), None);
    let style = CitationStyle::bundled("apa", "fr").unwrap();
    assert_eq!(style.locale().map(|l| l.0.as_str()), Some("fr-FR"));
}

#[test]
fn locators_map_their_labels_to_csl_terms() {
    let cases = [
        ("p. 5", Locator::Page, "5"),
        ("pp. 3-4", Locator::Page, "3–4"),
        ("pp.3--4", Locator::Page, "3–4"),
        ("Pages 10-12", Locator::Page, "10–12"),
        ("33", Locator::Page, "33"),
        ("12-14, 18", Locator::Page, "12–14, 18"),
        ("chap. 2", Locator::Chapter, "2"),
        ("chapter IV", Locator::Chapter, "IV"),
        ("sec. 1", Locator::Section, "1"),
        ("§4", Locator::Section, "4"),
        ("§§ 4-5", Locator::Section, "4-5"),
        ("fig. 3", Locator::Figure, "3"),
        ("no. 7", Locator::Issue, "7"),
        ("vol. 2", Locator::Volume, "2"),
        ("para. 9", Locator::Paragraph, "9"),
        ("s.v. attention", Locator::SubVerbo, "attention"),
        ("eq. 12", Locator::Equation, "12"),
        ("slide 12", Locator::Custom, "slide 12"),
        ("chapter", Locator::Custom, "chapter"),
        ("pageant 3", Locator::Custom, "pageant 3"),
    ];
    for (text, label, value) in cases {
        let parsed = parse_locator(text).unwrap();
        assert_eq!(
            (parsed.label, parsed.value.as_str()),
            (label, value),
            "{text}"
        );
    }
    assert_eq!(parse_locator("  "), None);
}

#[test]
fn the_engine_s_values_cross_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Bibliography>();
    shared::<CitationStyle>();
    shared::<RenderedBook>();
}
