//! YAML frontmatter of a lesson (`---` … `---` at the very top): `title`, `order`, and the
//! lesson's drift tolerances `rtol` / `atol`. Only flat `key: value` pairs are meaningful
//! here, so this reads exactly that form and rejects anything else with a line number.

use crate::diagnostic::{Diagnostic, Kind};
use anyhow::Result;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frontmatter {
    pub title: Option<String>,
    pub order: Option<i64>,
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
}

/// Split `source` into its frontmatter and the byte offset where the body starts.
/// `name` is the file as shown in messages.
pub fn split(source: &str, name: &str) -> Result<(Frontmatter, usize)> {
    let Some(rest) = source.strip_prefix("---") else {
        return Ok((Frontmatter::default(), 0));
    };
    if !(rest.starts_with('\n') || rest.starts_with("\r\n")) {
        return Ok((Frontmatter::default(), 0));
    }
    let mut offset = 3 + if rest.starts_with("\r\n") { 2 } else { 1 };
    let mut fm = Frontmatter::default();
    for (i, line) in source[offset..].split_inclusive('\n').enumerate() {
        let line_no = u32::try_from(i + 2).unwrap_or(u32::MAX);
        offset += line.len();
        let text = line.trim_end();
        if text == "---" || text == "..." {
            return Ok((fm, offset));
        }
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            continue;
        }
        parse_line(&mut fm, text).map_err(|m| {
            Diagnostic::error(Kind::Load, m)
                .in_file(name)
                .on_line(line_no, 1)
        })?;
    }
    let message = "frontmatter opened with '---' is never closed";
    Err(Diagnostic::error(Kind::Load, message)
        .in_file(name)
        .on_line(1, 1)
        .into())
}

fn parse_line(fm: &mut Frontmatter, text: &str) -> std::result::Result<(), String> {
    let Some((key, value)) = text.split_once(':') else {
        return Err(format!(
            "expected 'key: value' in frontmatter, got '{text}'"
        ));
    };
    let value = unquote(value.trim());
    match key.trim() {
        "title" => fm.title = Some(value.to_string()),
        "order" => {
            fm.order = Some(
                value
                    .parse()
                    .map_err(|_| format!("order must be an integer, got '{value}'"))?,
            );
        }
        "rtol" => fm.rtol = Some(tolerance("rtol", value)?),
        "atol" => fm.atol = Some(tolerance("atol", value)?),
        other => {
            return Err(format!(
                "unknown frontmatter key '{other}' (known: title, order, rtol, atol)"
            ));
        }
    }
    Ok(())
}

fn tolerance(key: &str, value: &str) -> std::result::Result<f64, String> {
    match value.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!(
            "{key} must be a non-negative number, got '{value}'"
        )),
    }
}

fn unquote(v: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|s| s.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_keys_and_body_offset() {
        let src = "---\ntitle: \"Lesson 12: LN\"\norder: 12\nrtol: 1e-6\n---\n# Body\n";
        let (fm, body) = split(src, "a.md").unwrap();
        assert_eq!(fm.title.as_deref(), Some("Lesson 12: LN"));
        assert_eq!(fm.order, Some(12));
        assert_eq!(fm.rtol, Some(1e-6));
        assert_eq!(&src[body..], "# Body\n");
    }

    #[test]
    fn no_frontmatter() {
        let (fm, body) = split("# Title\n---\n", "a.md").unwrap();
        assert_eq!((fm, body), (Frontmatter::default(), 0));
    }

    #[test]
    fn errors_name_file_and_line() {
        let err = split("---\ntitle: x\nordr: 3\n---\n", "c/a.md").unwrap_err();
        assert_eq!(
            err.to_string(),
            "c/a.md:3: unknown frontmatter key 'ordr' (known: title, order, rtol, atol)"
        );
        assert!(split("---\ntitle: x\n", "a.md").is_err());
        assert!(split("---\norder: two\n---\n", "a.md").is_err());
    }
}
