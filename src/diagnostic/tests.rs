//! Diagnostics render as rlbook has always printed them, and as one JSON object a line.

use super::*;
use rlab::LangError;

/// The error of `code` run as a block of `content/12-x.md` starting at line 57.
fn run_error(code: &str) -> RunError {
    let mut session = rlab::Session::new(rlab::Config::default(), Some(0));
    let out = session.run_block("content/12-x.md", 57, code);
    out.error.expect("the block fails")
}

#[test]
fn an_rlab_error_keeps_its_place_message_and_excerpt() {
    let error = run_error("y = q + 1;\n");
    let d = Diagnostic::of_run_error(&error);
    assert_eq!(d.file.as_deref(), Some("content/12-x.md"));
    assert_eq!((d.line, d.column), (Some(57), Some(5)));
    assert_eq!(d.message, "undefined variable 'q'");
    assert_eq!(d.kind, Kind::Exec);
    let text = "content/12-x.md:57:5: undefined variable 'q'\n  57 | y = q + 1;\n     |     ^";
    assert_eq!(d.text(), text);
    assert_eq!(d.text(), error.rendered());
    let placeless = RunError {
        error: LangError::runtime("out of memory"),
        file: "s.rlab".into(),
        line: 0,
        col: 0,
        excerpt: String::new(),
    };
    let placeless = Diagnostic::of_run_error(&placeless);
    assert_eq!(placeless.text(), "s.rlab: runtime error: out of memory");
    assert_eq!(placeless.file.as_deref(), Some("s.rlab"));
    assert_eq!(placeless.line, None);
}

#[test]
fn texts_name_the_line_the_column_or_neither() {
    let warning = Diagnostic::warning(Kind::Render, "broken lesson link 'x.md'")
        .in_file("content/01-a.md")
        .on_line(3, 7);
    assert_eq!(
        warning.text(),
        "warning: content/01-a.md:3: broken lesson link 'x.md'"
    );
    assert_eq!(warning.column, Some(7));
    let inline = Diagnostic::error(Kind::Load, "unclosed ${")
        .in_file("content/01-a.md")
        .at(4, 9);
    assert_eq!(inline.text(), "content/01-a.md:4:9: unclosed ${");
    let note = Diagnostic::note(Kind::Record, "recorded x");
    assert_eq!(note.text(), "note: recorded x");
    assert_eq!(
        Diagnostic::error(Kind::Site, "bad")
            .in_file("t.html")
            .text(),
        "t.html: bad"
    );
    let coloured = warning.coloured();
    assert!(coloured.contains("\x1b[") && coloured.contains("broken lesson link"));
}

#[test]
fn json_has_every_field_on_one_line() {
    let d = Diagnostic::error(Kind::Load, "unknown directive 'gird'")
        .in_file("content/02-b.md")
        .on_line(5, 1);
    let line = d.json();
    assert!(!line.contains('\n'));
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(value["severity"], "error");
    assert_eq!(value["kind"], "load");
    assert_eq!(value["file"], "content/02-b.md");
    assert_eq!(value["line"], 5);
    assert_eq!(value["column"], 1);
    assert_eq!(value["message"], "unknown directive 'gird'");
    assert_eq!(
        value["rendered"],
        "content/02-b.md:5: unknown directive 'gird'"
    );
}

#[test]
fn errors_carry_their_diagnostics_through_anyhow() {
    let d = Diagnostic::error(Kind::Load, "bad")
        .in_file("a.md")
        .on_line(1, 1);
    let wrapped = anyhow::Error::new(d.clone()).context("loading");
    assert_eq!(Diagnostic::of_error(Kind::Site, &wrapped), vec![d.clone()]);
    let many = anyhow::Error::new(Diagnostics(vec![d.clone(), d.clone()]));
    assert_eq!(Diagnostic::of_error(Kind::Site, &many).len(), 2);
    assert_eq!(many.to_string(), "a.md:1: bad\na.md:1: bad");
    let plain = anyhow::anyhow!("cannot write x");
    let got = Diagnostic::of_error(Kind::Site, &plain);
    assert_eq!(
        (got[0].kind, got[0].message.as_str()),
        (Kind::Site, "cannot write x")
    );
}
