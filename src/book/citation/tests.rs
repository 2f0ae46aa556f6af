use super::*;

/// The citations of `source` as `(written, keys, narrative)`, with `a2017`, `b-2`,
/// `vaswani2017` and `fig-key` as the bibliography.
fn cites(source: &str) -> Vec<(String, String, bool)> {
    let keys = ["a2017", "b-2", "vaswani2017", "fig-key"];
    let (found, _) = find(source, 0..source.len(), |k| keys.contains(&k));
    found
        .into_iter()
        .map(|c| {
            let keys: Vec<String> = (c.items.iter())
                .map(|i| {
                    let dash = if i.suppress_author { "-" } else { "" };
                    let locator = i.locator.as_deref().map(|l| format!(" ({l})"));
                    format!("{dash}{}{}", i.key, locator.unwrap_or_default())
                })
                .collect();
            (source[c.span].to_string(), keys.join("; "), c.narrative)
        })
        .collect()
}

#[test]
fn keys_take_inner_punctuation_but_not_a_trailing_one() {
    assert_eq!(key_len("a2017."), 5);
    assert_eq!(key_len("doe:2001/x, more"), "doe:2001/x".len());
    assert_eq!(key_len("b-2]"), 3);
    assert_eq!(key_len("_x"), 2);
    assert_eq!(key_len("-x"), 0);
    assert_eq!(key_len("Müller2020;"), "Müller2020".len());
}

#[test]
fn brackets_hold_items_with_locators_and_suppressed_authors() {
    let src = "As shown [@a2017, p. 5; -@b-2] and [@vaswani2017].";
    assert_eq!(
        cites(src),
        [
            (
                "[@a2017, p. 5; -@b-2]".into(),
                "a2017 (p. 5); -b-2".into(),
                false
            ),
            ("[@vaswani2017]".into(), "vaswani2017".into(), false),
        ]
    );
    let (found, _) = find(src, 0..src.len(), |_| true);
    assert_eq!(&src[found[0].items[1].key_at..][..3], "b-2");
    assert_eq!(&src[found[0].items[0].key_at..][..5], "a2017");
}

#[test]
fn a_bracket_with_an_unknown_key_is_still_a_citation_but_a_narrative_one_is_text() {
    assert_eq!(
        cites("[@nope2020] and @nope2021."),
        [("[@nope2020]".into(), "nope2020".into(), false)]
    );
    let src = "mail @user or @vaswani2016";
    let (_, strays) = find(src, 0..src.len(), |_| false);
    assert_eq!(
        strays,
        [(6, "user".to_string()), (15, "vaswani2016".to_string())]
    );
}

#[test]
fn narrative_citations_need_a_free_at_sign_and_a_known_key() {
    assert_eq!(
        cites("@vaswani2017 showed it; me@a2017.org, \\@a2017, (@b-2)."),
        [
            ("@vaswani2017".into(), "vaswani2017".into(), true),
            ("@b-2".into(), "b-2".into(), true),
        ]
    );
}

#[test]
fn cross_references_and_other_brackets_are_not_citations() {
    assert!(cites("See @fig-key and [@fig-key] and [@eq-x].").is_empty());
    // Not brackets of citations; a known key in them is a narrative citation.
    for src in ["[see @a2017]", "[@a2017 p. 5]", "[@a2017,]", "\\[@a2017]"] {
        assert_eq!(
            cites(src),
            [("@a2017".into(), "a2017".into(), true)],
            "{src}"
        );
    }
    assert!(cites("[a@a2017] [] [@] [-] [@;]").is_empty());
    assert!(
        cites("[@a2017 [@b-2]")
            .iter()
            .all(|(w, _, _)| w != "[@a2017 [@b-2]")
    );
}
