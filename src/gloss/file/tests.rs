//! Loading glossary files: a good one, and every error at its line with its excerpt.

use super::*;

/// The errors of loading `text` as `glossary.toml`, as the terminal shows them.
fn errors(text: &str) -> String {
    let (_, problems) = load("glossary.toml", text);
    assert!(!problems.is_empty(), "no error for {text}");
    let texts: Vec<String> = problems.iter().map(Diagnostic::text).collect();
    texts.join("\n")
}

#[test]
fn a_good_file_loads_in_its_order_with_ids() {
    let text = r#"# The book's terms.
[[term]]
name = " causal mask "
definition = """
A mask that hides every later position from a token, so that the model cannot look ahead.
"""
aliases = ["look-ahead mask", "causal masking"]

[[term]]
name = "Causal mask!"
definition = "Not the same name once folded."
"#;
    let (terms, problems) = load("glossary.toml", text);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(
        terms[0],
        Term {
            id: "causal-mask".into(),
            name: "causal mask".into(),
            definition: "A mask that hides every later position from a token, so that the model \
                         cannot look ahead."
                .into(),
            aliases: vec!["look-ahead mask".into(), "causal masking".into()],
        }
    );
    assert_eq!(terms[1].id, "causal-mask-2");
    assert!(terms[1].aliases.is_empty());
    let (terms, problems) = load("glossary.toml", "# nothing yet\n");
    assert!(terms.is_empty() && problems.is_empty());
}

#[test]
fn malformed_toml_is_an_error_at_its_line_and_column() {
    insta::assert_snapshot!(errors("[[term]]\nname = \"a\"\ndefinition = \"unclosed\n"));
}

#[test]
fn an_unknown_field_is_an_error_at_its_key() {
    insta::assert_snapshot!(errors("[[term]]\nname = \"a\"\ndefiniton = \"x\"\n"));
    let e = errors("title = \"x\"\n");
    assert!(
        e.starts_with("glossary.toml:1:1: malformed glossary file: unknown key 'title'"),
        "{e}"
    );
}

#[test]
fn a_missing_or_empty_name_or_definition_is_an_error_at_the_term() {
    let text = "[[term]]\nname = \"softmax\"\n\n[[term]]\ndefinition = \"x\"\n\n[[term]]\nname = \"  \"\ndefinition = \"\"\n\n[[term]]\nname = \"ok\"\ndefinition = \"fine\"\naliases = [\"\"]\n";
    insta::assert_snapshot!(errors(text));
    let (terms, _) = load("glossary.toml", text);
    assert!(terms.is_empty());
}

#[test]
fn a_name_or_alias_two_terms_share_is_an_error_naming_both_lines() {
    let text = "[[term]]\nname = \"mask\"\ndefinition = \"a\"\naliases = [\"attention mask\", \"Mask\"]\n\n\
                [[term]]\nname = \"causal mask\"\ndefinition = \"b\"\naliases = [\"Attention  Mask\", \"c\"]\n\n\
                [[term]]\nname = \"MASK\"\ndefinition = \"c\"\n";
    insta::assert_snapshot!(errors(text));
    let (terms, _) = load("glossary.toml", text);
    let kept: Vec<(&str, Vec<&str>)> = (terms.iter())
        .map(|t| {
            (
                t.name.as_str(),
                t.aliases.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        kept,
        [("mask", vec!["attention mask"]), ("causal mask", vec!["c"])]
    );
}
