//! The term and index-marker syntax: each form, what is not ours, where nothing is read.

use super::*;

/// The uses of `source` as `(whole span, text, explicit term, name)`.
fn uses(source: &str) -> Vec<(&str, String, Option<String>, &str)> {
    (scan(source, 0).into_iter())
        .filter_map(|f| match f {
            Found::Use(u) => Some((&source[u.span], u.text, u.term, &source[u.name])),
            Found::Marker(_) => None,
        })
        .collect()
}

/// The markers of `source` as `(whole span, entries as "main" or "main!sub")`.
fn markers(source: &str) -> Vec<(&str, Vec<String>)> {
    (scan(source, 0).into_iter())
        .filter_map(|f| match f {
            Found::Marker(m) => {
                let entries = (m.entries.iter())
                    .map(|e| match &e.sub {
                        Some(sub) => format!("{}!{sub}", e.main),
                        None => e.main.clone(),
                    })
                    .collect();
                Some((&source[m.span], entries))
            }
            Found::Use(_) => None,
        })
        .collect()
}

#[test]
fn a_class_names_the_term_by_its_text() {
    let found = uses("The [causal mask]{.term} hides [ later ones ]{ .term }.\n");
    assert_eq!(
        found,
        [
            (
                "[causal mask]{.term}",
                String::from("causal mask"),
                None,
                "causal mask"
            ),
            (
                "[ later ones ]{ .term }",
                String::from(" later ones "),
                None,
                "later ones"
            ),
        ]
    );
}

#[test]
fn an_explicit_term_is_named_by_its_attribute() {
    let src = "[the masks]{term=\"causal mask\"}, [it]{.term term='attention'}, [x]{term=softmax}.";
    let found = uses(src);
    let names: Vec<(&str, Option<&str>, &str)> = (found.iter())
        .map(|(_, text, term, name)| (text.as_str(), term.as_deref(), *name))
        .collect();
    assert_eq!(
        names,
        [
            ("the masks", Some("causal mask"), "causal mask"),
            ("it", Some("attention"), "attention"),
            ("x", Some("softmax"), "softmax"),
        ]
    );
    assert_eq!(found[0].0, "[the masks]{term=\"causal mask\"}");
}

#[test]
fn other_attributes_spaces_nested_and_escaped_brackets_are_not_ours() {
    let src = "[a]{.other} [b]{#id} [c] {.term} [d]{.term .x} [e]{.terms} [[f]]{.term} \\[g]{.term} \
               [h]{term=\"\"} []{.term} [i]{term=\"x\"y} [j\\]{.term}\n";
    assert_eq!(uses(src), []);
    let found = uses("\\\\[k]{.term} [l]{.term}\n");
    let texts: Vec<&str> = found.iter().map(|u| u.1.as_str()).collect();
    assert_eq!(texts, ["k", "l"]);
}

#[test]
fn uses_in_code_math_links_images_and_html_are_not_read() {
    let src = "`[a]{.term}` $[b]{.term}$ [[c]{.term}](http://x) ![[d]{.term}](i.png)\n\n\
               <div>\n[e]{.term}\n</div>\n\n```\n[f]{.term}\n```\n\n    [g]{.term}\n\n[h]{.term}\n";
    let texts: Vec<String> = uses(src).into_iter().map(|u| u.1).collect();
    assert_eq!(texts, ["h"]);
}

#[test]
fn markers_stand_alone_or_inside_a_paragraph() {
    let src = "<!-- index: attention; causal mask -->\n\nText <!--index:softmax--> more.\n";
    assert_eq!(
        markers(src),
        [
            (
                "<!-- index: attention; causal mask -->",
                vec!["attention".to_string(), "causal mask".to_string()]
            ),
            ("<!--index:softmax-->", vec!["softmax".to_string()]),
        ]
    );
}

#[test]
fn sub_entries_split_at_the_first_bang_and_empty_entries_are_ignored() {
    let src = "<!-- index: attention!scaled dot-product; ; a!b!c ;  x  !  -->\n";
    let found = markers(src);
    assert_eq!(found[0].1, ["attention!scaled dot-product", "a!b!c", "x"]);
    let Found::Marker(m) = &scan(src, 0)[0] else {
        panic!("a marker")
    };
    let at: Vec<&str> = m.entries.iter().map(|e| &src[e.at..e.at + 1]).collect();
    assert_eq!(at, ["a", "a", "x"]);
    assert_eq!(m.entries[1].sub.as_deref(), Some("b!c"));
}

#[test]
fn a_marker_over_lines_and_in_a_quote_keeps_source_offsets() {
    let src = "> <!-- index: one;\n>   two\n> words -->\n\nPara <!-- index: three -->\n";
    let all = scan(src, 0);
    let Found::Marker(m) = &all[0] else {
        panic!("a marker")
    };
    assert_eq!(
        &src[m.span.clone()],
        "<!-- index: one;\n>   two\n> words -->"
    );
    let entries: Vec<(&str, &str)> = (m.entries.iter())
        .map(|e| (e.main.as_str(), &src[e.at..e.at + 3]))
        .collect();
    assert_eq!(entries, [("one", "one"), ("two words", "two")]);
    assert_eq!(markers(src)[1].1, ["three"]);
}

#[test]
fn other_comments_and_keywords_are_not_markers() {
    let src = "<!-- hide -->\n```rlab\nx = 1;\n```\n\n<!-- Index: a -->\n\n<!-- indexes: b -->\n\n<!-- note -->\n";
    assert_eq!(markers(src), []);
    let src = "<!-- index : spaced -->\n\n<!-- index: -->\n";
    let found = markers(src);
    assert_eq!(found[0].1, ["spaced"]);
    assert!(found[1].1.is_empty());
}

#[test]
fn uses_and_markers_come_in_source_order_after_the_body_start() {
    let src = "---\ntitle: \"[x]{.term}\"\n---\nA [b]{.term} <!-- index: c --> [d]{.term}\n";
    let body = src.find("A ").unwrap();
    let spans: Vec<&str> = (scan(src, body).iter())
        .map(|f| &src[f.span().clone()])
        .collect();
    assert_eq!(spans, ["[b]{.term}", "<!-- index: c -->", "[d]{.term}"]);
}
