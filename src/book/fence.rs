//! What decorates a code block: the attributes after the language in the fence's info string
//! (```` ```rlab,no_run,name=setup ````) and the rustlab-notebook directives on the lines just
//! before the fence (`<!-- hide -->`, `<!-- details: Title -->`, `<!-- grid: N -->`).
//! Attributes are separated by commas or whitespace; a value may be double-quoted
//! (`caption="Depth, by layer"`, with `\"` and `\\` inside).

/// Fence attributes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockAttrs {
    /// Show the code, do not run it.
    pub no_run: bool,
    /// The block is expected to fail; its error is shown as output.
    pub should_error: bool,
    /// Run and show, but keep it out of the record.
    pub no_check: bool,
    /// Run, but show no output.
    pub hide_output: bool,
    /// A stable identity in the record, so inserting blocks does not renumber this one.
    pub name: Option<String>,
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
    /// The cross-reference label of the block's figures (`label=fig-depth`).
    pub label: Option<String>,
    /// The caption shown under the block's figures.
    pub caption: Option<String>,
    /// `live=false`: the page offers no Run or Edit for it (it still runs in the page's
    /// session, as at build time).
    pub not_live: bool,
    /// `check="A, total"`: an exercise's starter block (docs/exercises.md), parsed but not
    /// run at build time (so `no_run` is set too); the variables the page compares.
    pub check: Vec<String>,
}

/// Directives from HTML comments before the fence.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Directives {
    /// Run and show the output, but not the code.
    pub hide: bool,
    /// Fold code and output into a `<details>` element with this summary.
    pub details: Option<String>,
    /// Lay the block's figures out in this many columns.
    pub grid: Option<usize>,
}

/// The languages whose blocks rlbook executes.
pub fn is_rlab(lang: &str) -> bool {
    lang == "rlab" || lang == "rustlab"
}

/// The language and attributes of an info string; `Ok(None)` when the block is not rlab.
pub fn parse_info(info: &str) -> Result<Option<(String, BlockAttrs)>, String> {
    let lang = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap_or("");
    if !is_rlab(lang) {
        return Ok(None);
    }
    let mut attrs = BlockAttrs::default();
    for word in words(&info[lang.len()..])? {
        apply_attr(&mut attrs, &word)?;
    }
    if attrs.no_run && attrs.should_error {
        return Err("a block cannot be both 'no_run' and 'should_error'".into());
    }
    if !attrs.check.is_empty() {
        if attrs.should_error || attrs.hide_output || attrs.name.is_some() {
            return Err(
                "a check block is not run: it takes no should_error, hide_output or name=".into(),
            );
        }
        attrs.no_run = true;
    }
    Ok(Some((lang.to_string(), attrs)))
}

/// The attributes of an info string after its language: separated by commas or whitespace,
/// a double-quoted part kept whole (its quotes removed, `\"` and `\\` unescaped).
fn words(rest: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => loop {
                match chars.next() {
                    Some('"') => break,
                    Some('\\') => word.extend(chars.next()),
                    Some(other) => word.push(other),
                    None => return Err(format!("unclosed quote in '{}'", rest.trim())),
                }
            },
            ',' => out.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
            c if c.is_whitespace() => {
                out.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            }
            c => word.push(c),
        }
    }
    out.extend((!word.is_empty()).then_some(word));
    Ok(out)
}

fn apply_attr(attrs: &mut BlockAttrs, word: &str) -> Result<(), String> {
    match word.split_once('=') {
        None => match word {
            "no_run" => attrs.no_run = true,
            "should_error" => attrs.should_error = true,
            "no_check" => attrs.no_check = true,
            "hide_output" => attrs.hide_output = true,
            other => return Err(unknown_attr(other)),
        },
        Some(("name", v)) if valid_name(v) => attrs.name = Some(v.to_string()),
        Some(("name", v)) => {
            return Err(format!(
                "block name '{v}' must be letters, digits, '-' or '_'"
            ));
        }
        Some(("label", v)) if super::label::is_label_of("fig-", v) => {
            attrs.label = Some(v.to_string());
        }
        Some(("label", v)) => {
            return Err(format!(
                "figure label '{v}' must start with 'fig-' and be letters, digits, '-' or '_'"
            ));
        }
        Some(("caption", v)) => attrs.caption = Some(v.to_string()),
        Some(("check", v)) => attrs.check = checked_names(v)?,
        Some(("live", "false")) => attrs.not_live = true,
        Some(("live", "true")) => attrs.not_live = false,
        Some(("live", v)) => return Err(format!("live must be true or false, got '{v}'")),
        Some((key @ ("rtol" | "atol"), v)) => {
            let x = v
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("{key} must be a non-negative number, got '{v}'"))?;
            if key == "rtol" {
                attrs.rtol = Some(x);
            } else {
                attrs.atol = Some(x);
            }
        }
        Some((key, _)) => return Err(unknown_attr(key)),
    }
    Ok(())
}

fn unknown_attr(word: &str) -> String {
    format!(
        "unknown block attribute '{word}' (known: no_run, should_error, no_check, hide_output, name=, rtol=, atol=, label=, caption=, live=, check=)"
    )
}

/// The variable names of `check="A, total"`: one or more, separated by commas or spaces.
fn checked_names(list: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = (list.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    let valid = |n: &str| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if let Some(bad) = names.iter().find(|n| !valid(n)) {
        return Err(format!(
            "check names variables; '{bad}' is not a variable name"
        ));
    }
    if names.is_empty() {
        return Err("check needs the variables to compare: check=\"A, total\"".into());
    }
    Ok(names)
}

fn valid_name(v: &str) -> bool {
    !v.is_empty()
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// If `line` is a fence directive comment, its name and argument: `<!-- grid: 2 -->` →
/// `("grid", Some("2"))`. Other comments give `None`.
pub fn directive_of(line: &str) -> Option<(&str, Option<&str>)> {
    let inner = line
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    let (name, arg) = match inner.split_once(':') {
        Some((n, a)) => (n.trim(), Some(a.trim())),
        None => (inner, None),
    };
    matches!(name, "hide" | "details" | "grid").then_some((name, arg))
}

/// Apply one directive to `d`.
pub fn apply_directive(d: &mut Directives, name: &str, arg: Option<&str>) -> Result<(), String> {
    match (name, arg) {
        ("hide", None) => d.hide = true,
        ("hide", Some(_)) => return Err("directive 'hide' takes no argument".into()),
        ("details", Some(title)) if !title.is_empty() => d.details = Some(title.to_string()),
        ("details", _) => {
            return Err("directive 'details' needs a title: <!-- details: Title -->".into());
        }
        ("grid", Some(n)) => match n.parse::<usize>() {
            Ok(cols @ 1..=12) => d.grid = Some(cols),
            _ => {
                return Err(format!(
                    "directive 'grid' needs a column count 1-12, got '{n}'"
                ));
            }
        },
        ("grid", None) => {
            return Err("directive 'grid' needs a column count: <!-- grid: 2 -->".into());
        }
        (other, _) => return Err(format!("unknown directive '{other}'")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_strings() {
        assert_eq!(parse_info("python").unwrap(), None);
        let (lang, a) = parse_info("rlab,no_run").unwrap().unwrap();
        assert_eq!((lang.as_str(), a.no_run), ("rlab", true));
        let (_, a) = parse_info("rustlab should_error, name=ln-demo rtol=1e-6")
            .unwrap()
            .unwrap();
        assert!(a.should_error);
        assert_eq!(a.name.as_deref(), Some("ln-demo"));
        assert_eq!(a.rtol, Some(1e-6));
    }

    #[test]
    fn labels_and_quoted_captions() {
        let info = r#"rlab,label=fig-depth,caption="Depth, by \"layer\"" hide_output"#;
        let (_, a) = parse_info(info).unwrap().unwrap();
        assert_eq!(a.label.as_deref(), Some("fig-depth"));
        assert_eq!(a.caption.as_deref(), Some("Depth, by \"layer\""));
        assert!(a.hide_output);
        assert!(
            parse_info("rlab,label=depth")
                .unwrap_err()
                .contains("'fig-'")
        );
        assert!(
            parse_info("rlab,caption=\"open")
                .unwrap_err()
                .contains("unclosed")
        );
    }

    #[test]
    fn bad_attributes_are_explained() {
        let e = parse_info("rlab,no_rum").unwrap_err();
        assert!(e.starts_with("unknown block attribute 'no_rum'"), "{e}");
        assert!(
            parse_info("rlab,rtol=abc")
                .unwrap_err()
                .contains("rtol must be")
        );
        assert!(
            parse_info("rlab,name=a b").is_err(),
            "whitespace separates attributes"
        );
        assert!(parse_info("rlab,name=a/b").is_err());
        assert!(parse_info("rlab,no_run,should_error").is_err());
        let (_, a) = parse_info("rlab,live=false").unwrap().unwrap();
        assert!(a.not_live);
        let err = parse_info("rlab,live=no").unwrap_err();
        assert!(err.contains("live must be true or false"), "{err}");
    }

    #[test]
    fn check_blocks_name_variables_and_are_not_run() {
        let (_, a) = parse_info("rlab,check=\"A, total\",rtol=1e-6")
            .unwrap()
            .unwrap();
        assert_eq!(a.check, ["A", "total"]);
        assert!(a.no_run);
        assert_eq!(a.rtol, Some(1e-6));
        let (_, one) = parse_info("rlab check=A").unwrap().unwrap();
        assert_eq!(one.check, ["A"]);
        let bad = parse_info("rlab,check=\"A, 2x\"").unwrap_err();
        assert_eq!(bad, "check names variables; '2x' is not a variable name");
        assert!(parse_info("rlab,check=\"\"").unwrap_err().contains("needs"));
        let run = parse_info("rlab,check=A,should_error").unwrap_err();
        assert!(run.contains("is not run"), "{run}");
    }

    #[test]
    fn directives() {
        assert_eq!(directive_of("<!-- hide -->"), Some(("hide", None)));
        assert_eq!(
            directive_of("  <!-- grid: 2 -->"),
            Some(("grid", Some("2")))
        );
        assert_eq!(directive_of("<!-- TODO: fix -->"), None);
        let mut d = Directives::default();
        apply_directive(&mut d, "details", Some("Setup code")).unwrap();
        apply_directive(&mut d, "grid", Some("3")).unwrap();
        apply_directive(&mut d, "hide", None).unwrap();
        assert_eq!(d.details.as_deref(), Some("Setup code"));
        assert_eq!(d.grid, Some(3));
        assert!(d.hide);
        assert!(apply_directive(&mut d, "grid", Some("x")).is_err());
        assert!(apply_directive(&mut d, "details", Some("")).is_err());
    }
}
