//! Named regions of a standalone script, which a lesson can embed the output of
//! (`<!-- output: x.rlab region="train" -->`). A region is marked with two plain comment
//! lines, at the top level of the script:
//!
//! ```text
//! % region: train
//! ... statements ...
//! % end region
//! ```
//!
//! (`#` works as well as `%`.) Its output is what the top-level statements that start
//! between the two lines printed. Regions do not nest; names are letters, digits, `-` and
//! `_`, unique within the script.

use crate::diagnostic::{Diagnostic, Kind};

/// One region: its name and the lines of its two markers.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub name: String,
    pub start_line: u32,
    pub end_line: u32,
}

impl Region {
    /// Whether a statement starting on `line` belongs to the region.
    pub fn holds(&self, line: u32) -> bool {
        self.start_line < line && line < self.end_line
    }
}

/// A marker line: `Some(Some(name))` opens a region, `Some(None)` ends one.
fn marker(line: &str) -> Option<Option<&str>> {
    let text = line.trim().strip_prefix(['%', '#'])?.trim();
    if let Some(name) = text.strip_prefix("region:") {
        return Some(Some(name.trim()));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    (words == ["end", "region"]).then_some(None)
}

/// The regions of a script's source; a misplaced marker is an error at its line in `display`.
pub fn regions(source: &str, display: &str) -> Result<Vec<Region>, Diagnostic> {
    let mut found: Vec<Region> = Vec::new();
    let mut open: Option<(String, u32)> = None;
    for (line_no, line) in (1u32..).zip(source.lines()) {
        let Some(mark) = marker(line) else {
            continue;
        };
        let col = line.len() - line.trim_start().len() + 1;
        let error = |message: String| {
            Diagnostic::error(Kind::Load, message)
                .in_file(display)
                .at(line_no, col as u32)
                .with_excerpt(line, line.trim().chars().count())
        };
        match (mark, open.take()) {
            (Some(name), None) if !valid_name(name) => {
                return Err(error(format!(
                    "region name '{name}' must be letters, digits, '-' or '_'"
                )));
            }
            (Some(name), None) if found.iter().any(|r| r.name == name) => {
                return Err(error(format!("region '{name}' is defined twice")));
            }
            (Some(name), None) => open = Some((name.to_string(), line_no)),
            (Some(_), Some((outer, _))) => {
                return Err(error(format!(
                    "region inside region '{outer}' (regions do not nest; end it with '% end region')"
                )));
            }
            (None, None) => return Err(error("'end region' without an open region".into())),
            (None, Some((name, start_line))) => found.push(Region {
                name,
                start_line,
                end_line: line_no,
            }),
        }
    }
    if let Some((name, line)) = open {
        let message = format!("region '{name}' is never ended (add '% end region')");
        let text = source.lines().nth(line as usize - 1).unwrap_or("");
        let col = text.len() - text.trim_start().len() + 1;
        return Err(Diagnostic::error(Kind::Load, message)
            .in_file(display)
            .at(line, col as u32)
            .with_excerpt(text, text.trim().chars().count()));
    }
    Ok(found)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_found_between_their_markers() {
        let src = "x = 1;\n% region: setup\nprint(x)\n  # end region\n#region: train-2\nprint(2)\n% end   region\n";
        let found = regions(src, "s.rlab").unwrap();
        let spans: Vec<(&str, u32, u32)> = found
            .iter()
            .map(|r| (r.name.as_str(), r.start_line, r.end_line))
            .collect();
        assert_eq!(spans, [("setup", 2, 4), ("train-2", 5, 7)]);
        assert!(found[0].holds(3) && !found[0].holds(2) && !found[0].holds(4));
        assert!(
            regions("% regions are fun\n% end of story\n", "s.rlab")
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn misplaced_markers_are_errors_at_their_line() {
        let msg = |src: &str| regions(src, "s.rlab").unwrap_err().text();
        assert!(msg("% end region\n").starts_with("s.rlab:1:1: 'end region' without"));
        let nested = msg("% region: a\n  % region: b\n");
        assert!(
            nested.starts_with("s.rlab:2:3: region inside region 'a'"),
            "{nested}"
        );
        assert!(msg("x\n% region: a\n").starts_with("s.rlab:2:1: region 'a' is never ended"));
        let twice = msg("% region: a\n% end region\n% region: a\n% end region\n");
        assert!(
            twice.contains("s.rlab:3:1: region 'a' is defined twice"),
            "{twice}"
        );
        assert!(msg("% region: a b\n% end region\n").contains("region name 'a b'"));
        assert!(
            nested.ends_with("  2 |   % region: b\n    |   ^^^^^^^^^^^"),
            "{nested}"
        );
    }
}
