//! Unit tests of output directives.

use super::*;
use crate::book::region::Region;

fn script(file_name: &str, regions: &[&str]) -> Script {
    let name = file_name.trim_end_matches(".rlab");
    Script {
        path: format!("/b/content/03-x/{file_name}").into(),
        display: format!("content/03-x/{file_name}"),
        file_name: file_name.into(),
        name: name.into(),
        description: String::new(),
        source: String::new(),
        regions: (regions.iter().enumerate())
            .map(|(k, r)| Region {
                name: r.to_string(),
                start_line: 2 * k as u32 + 1,
                end_line: 2 * k as u32 + 2,
            })
            .collect(),
    }
}

fn scripts() -> Vec<Script> {
    vec![script("a.rlab", &["train"]), script("b.rlab", &[])]
}

fn embeds(src: &str) -> Result<Vec<Embed>, String> {
    scan(src, 0, &[], &scripts(), "content/03-x.md").map_err(|d| d.text())
}

#[test]
fn directives_name_a_script_and_what_to_show() {
    let src = "Intro\n<!-- output: a.rlab -->\n\n  <!-- output:b.rlab figures -->\n<!-- output: a.rlab lines=\"^step \\d+\" -->\n<!-- output: a.rlab region=\"train\" -->\n<!-- other: a.rlab -->\n";
    let found = embeds(src).unwrap();
    assert_eq!(found.len(), 4);
    assert_eq!((found[0].script, found[0].line, found[0].col), (0, 2, 1));
    assert_eq!(&src[found[0].span.clone()], "<!-- output: a.rlab -->");
    assert_eq!(
        (found[1].script, &found[1].show, found[1].col),
        (1, &Show::Figures, 3)
    );
    let Show::Lines(LinePattern(re)) = &found[2].show else {
        panic!("{:?}", found[2].show);
    };
    assert!(re.is_match("step 12: loss") && !re.is_match("final step 3"));
    assert_eq!(found[3].show, Show::Region("train".into()));
}

#[test]
fn directives_in_code_are_text() {
    let src = "```\n<!-- output: nope.rlab -->\n```\n";
    let code: Vec<Range<usize>> = std::iter::once(0..src.len()).collect();
    let found = scan(src, 0, &code, &scripts(), "c.md").unwrap();
    assert!(found.is_empty());
}

#[test]
fn mistakes_are_errors_at_their_place_with_an_excerpt() {
    let err = embeds("\n<!-- output: c.rlab -->\n").unwrap_err();
    assert_eq!(
        err,
        "content/03-x.md:2:14: unknown script 'c.rlab' (the lesson's scripts, in content/03-x/: a.rlab, b.rlab)\n  2 | <!-- output: c.rlab -->\n    |              ^^^^^^"
    );
    let err = embeds("<!-- output: a.rlab lines=\"(step\" -->\n").unwrap_err();
    assert!(
        err.starts_with(
            "content/03-x.md:1:21: invalid regular expression in lines=: unclosed group"
        ),
        "{err}"
    );
    let err = embeds("<!-- output: a.rlab region=\"eval\" -->\n").unwrap_err();
    assert!(
        err.starts_with(
            "content/03-x.md:1:21: script a.rlab has no region 'eval' (its regions: train)"
        ),
        "{err}"
    );
    let err = embeds("<!-- output: b.rlab region=\"x\" -->\n").unwrap_err();
    assert!(err.contains("it marks none with '% region: NAME'"), "{err}");
    let err = embeds("<!-- output: a.rlab lines=step -->\n").unwrap_err();
    assert!(err.contains("lines= must be in double quotes"), "{err}");
    let err = embeds("<!-- output: a.rlab figures lines=\"x\" -->\n").unwrap_err();
    assert!(err.contains(":1:29: choose one of"), "{err}");
    let err = embeds("<!-- output: a.rlab every -->\n").unwrap_err();
    assert!(err.contains("unknown option 'every'"), "{err}");
    let err = embeds("<!-- output: -->\n").unwrap_err();
    assert!(err.contains("needs a script"), "{err}");
    let err = embeds("<!-- output: a.rlab lines=\"x -->\n").unwrap_err();
    assert!(err.contains("unclosed '\"'"), "{err}");
    let none = scan("<!-- output: a.rlab -->", 0, &[], &[], "c.md").unwrap_err();
    assert!(
        none.text()
            .contains("this lesson has no standalone scripts")
    );
}
