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
    let lines = LineIndex::new(source);
    let mut out = Vec::new();
    let (mut in_math, mut in_display) = (false, false);
    let mut i = start;
    // Code ranges by start, walked with a cursor as `i` advances: a search of every range at
    // every byte was quadratic (20,000 code spans took minutes).
    let mut code: Vec<&Range<usize>> = code.iter().collect();
    code.sort_by_key(|r| r.start);
    let mut next = 0;
    while i < bytes.len() {
        while code.get(next).is_some_and(|r| r.end <= i) {
            next += 1;
        }
        if let Some(r) = code.get(next)
            && r.start <= i
        {
            i = r.end;
            continue;
        }
        match bytes[i] {
            b'\\' => i += 2,
            b'$' if bytes.get(i + 1) == Some(&b'{') => {
                let v = read_value(&lines, i, in_math || in_display)?;
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
fn read_value(lines: &LineIndex, at: usize, in_math: bool) -> Result<InlineValue, (usize, String)> {
    let source = lines.source();
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
        && !matches!(bytes.get(after + 1), Some(b'$' | b'{'));
    let end = if wrap_math { after + 1 } else { after };
    let (line, col) = lines.line_col(at);
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

/// The line starts of a text, for many line/column look-ups: each is a binary search
/// instead of a scan from the start (which made large lessons quadratic).
pub struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(source: &'a str) -> LineIndex<'a> {
        let newlines = source.match_indices('\n').map(|(k, _)| k + 1);
        LineIndex {
            source,
            starts: std::iter::once(0).chain(newlines).collect(),
        }
    }

    /// The indexed text.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// The same as [`line_col`].
    pub fn line_col(&self, at: usize) -> (u32, u32) {
        let at = at.min(self.source.len());
        let line = self.starts.partition_point(|&s| s <= at);
        let start = self.starts.get(line.wrapping_sub(1)).copied().unwrap_or(0);
        let col = self.source.get(start..at).map_or(0, |t| t.chars().count());
        (line as u32, col as u32 + 1)
    }
}

pub use crate::diagnostic::line_col;

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
        let src = "${a} `${b}` ${c} `x` ${d} `${e}`";
        let code = [26..32, 5..11, 17..20];
        let found: Vec<String> = scan(src, 0, &code)
            .unwrap()
            .into_iter()
            .map(|v| v.expr)
            .collect();
        assert_eq!(found, ["a", "c", "d"], "ranges in any order are skipped");
        let spans = "`x` ${v} ".repeat(20_000);
        let code: Vec<_> = (0..20_000).map(|k| k * 9..k * 9 + 3).collect();
        assert_eq!(scan(&spans, 0, &code).unwrap().len(), 20_000);
        let err = scan("a\nb ${x", 0, &[]).unwrap_err();
        assert_eq!(err.0, 4);
        assert_eq!(line_col("a\nb ${x", 4), (2, 3));
    }

    #[test]
    fn the_line_index_agrees_with_line_col() {
        let text = "ab\n\nçd ${x}\n\nlast";
        let index = LineIndex::new(text);
        for at in 0..=text.len() + 2 {
            if text.is_char_boundary(at.min(text.len())) {
                assert_eq!(index.line_col(at), line_col(text, at), "at {at}");
            }
        }
        assert_eq!(LineIndex::new("").line_col(0), (1, 1));
    }
}
