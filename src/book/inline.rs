//! Inline values in prose: `${expr}` and `${expr:fmt}` (rustlab-notebook rules, spec §11.1).
//!
//! Math-aware: outside an open `$…$` span, `${x}$` becomes `$value$` (the trailing `$` is
//! consumed and a leading one added); inside `$…$` (or `$$…$$`) the value is inserted bare;
//! `\${` is a literal. Code spans and code blocks are never scanned.

use std::ops::Range;

/// One `${…}` occurrence.
#[derive(Clone, Debug, PartialEq)]
pub struct InlineValue {
    /// The expression source.
    pub expr: String,
    /// The printf format after the first top-level `:`, if any.
    pub format: Option<String>,
    /// Bytes of the lesson source to replace (including a consumed trailing `$`).
    pub span: Range<usize>,
    /// Where `${` starts: 1-based line and column in the file.
    pub line: u32,
    pub col: u32,
    /// Wrap the value as `$value$` (it stood outside math, followed by `$`).
    pub wrap_math: bool,
}

/// Find every inline value in `source[start..]`, skipping `code` byte ranges.
pub fn scan(
    source: &str,
    start: usize,
    code: &[Range<usize>],
) -> Result<Vec<InlineValue>, (usize, String)> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let (mut in_math, mut in_display) = (false, false);
    let mut i = start;
    while i < bytes.len() {
        if let Some(r) = code.iter().find(|r| r.contains(&i)) {
            i = r.end;
            continue;
        }
        match bytes[i] {
            b'\\' => i += 2,
            b'$' if bytes.get(i + 1) == Some(&b'{') => {
                let v = read_value(source, i, in_math || in_display)?;
                i = v.span.end;
                out.push(v);
            }
            b'$' if bytes.get(i + 1) == Some(&b'$') => {
                in_display = !in_display;
                i += 2;
            }
            b'$' => {
                in_math = !in_math;
                i += 1;
            }
            _ => i += 1,
        }
    }
    Ok(out)
}

/// Read the `${…}` starting at `at`.
fn read_value(source: &str, at: usize, in_math: bool) -> Result<InlineValue, (usize, String)> {
    let close = matching_brace(source, at + 1)
        .ok_or((at, "unterminated '${' (no matching '}')".to_string()))?;
    let inner = &source[at + 2..close];
    if inner.trim().is_empty() {
        return Err((at, "empty '${}'".to_string()));
    }
    let (expr, format) = split_format(inner);
    let after = close + 1;
    let bytes = source.as_bytes();
    let wrap_math = !in_math
        && bytes.get(after) == Some(&b'$')
        && !matches!(bytes.get(after + 1), Some(b'$') | Some(b'{'));
    let end = if wrap_math { after + 1 } else { after };
    let (line, col) = line_col(source, at);
    Ok(InlineValue {
        expr: expr.trim().to_string(),
        format: format.map(|f| f.trim().to_string()),
        span: at..end,
        line,
        col,
        wrap_math,
    })
}

/// Index of the `}` matching the `{` at `open`, counting nested braces, skipping strings.
fn matching_brace(source: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    for (k, c) in source[open..].char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), '\n') => return None,
            (Some(_), _) => {}
            (None, '"') => quote = Some('"'),
            (None, '{') => depth += 1,
            (None, '}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            // A blank line ends the paragraph: the brace was never closed.
            (None, '\n') if source[open..open + k].ends_with('\n') => return None,
            _ => {}
        }
    }
    None
}

/// `expr:fmt` split at the first `:` outside brackets and strings.
fn split_format(inner: &str) -> (&str, Option<&str>) {
    let mut depth = 0i32;
    let mut in_string = false;
    for (k, c) in inner.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '(' | '[' | '{' if !in_string => depth += 1,
            ')' | ']' | '}' if !in_string => depth -= 1,
            ':' if !in_string && depth == 0 => return (&inner[..k], Some(&inner[k + 1..])),
            _ => {}
        }
    }
    (inner, None)
}

/// 1-based line and column (in characters) of byte `at`.
pub fn line_col(source: &str, at: usize) -> (u32, u32) {
    let before = &source[..at.min(source.len())];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(src: &str) -> Vec<InlineValue> {
        scan(src, 0, &[]).unwrap()
    }

    #[test]
    fn plain_and_formatted() {
        let v = values("We have ${n_tokens} tokens and ${log(3.0):%.4f} nats.");
        assert_eq!(v.len(), 2);
        assert_eq!(
            (v[0].expr.as_str(), v[0].format.as_deref()),
            ("n_tokens", None)
        );
        assert_eq!(
            (v[1].expr.as_str(), v[1].format.as_deref()),
            ("log(3.0)", Some("%.4f"))
        );
        assert!(!v[0].wrap_math);
    }

    #[test]
    fn math_wrapping_rules() {
        let src = "is ${x:%.3f}$ and $X = ${v:%.3f}$ and $$a ${w}$ b$$ and \\${lit}";
        let v = values(src);
        assert_eq!(v.len(), 3);
        assert!(v[0].wrap_math);
        assert_eq!(&src[v[0].span.clone()], "${x:%.3f}$");
        assert!(!v[1].wrap_math, "inside $...$ the value is bare");
        assert_eq!(&src[v[1].span.clone()], "${v:%.3f}");
        assert!(!v[2].wrap_math, "inside $$...$$ the value is bare");
    }

    #[test]
    fn format_split_ignores_nested_colons() {
        let v = values("${M(1, :):%.2f} ${size(X, 1)}");
        assert_eq!(v[0].expr, "M(1, :)");
        assert_eq!(v[0].format.as_deref(), Some("%.2f"));
        assert_eq!(v[1].format, None);
    }

    #[test]
    fn code_is_skipped_and_errors_point_at_the_opening() {
        let src = "`${x}` ${y}";
        let code = std::slice::from_ref(&(0..6));
        assert_eq!(scan(src, 0, code).unwrap().len(), 1);
        let err = scan("a\nb ${x", 0, &[]).unwrap_err();
        assert_eq!(err.0, 4);
        assert_eq!(line_col("a\nb ${x", 4), (2, 3));
    }
}
