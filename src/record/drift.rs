//! Comparing a lesson's fresh outputs with its record: every entry that moved becomes a
//! [`Drift`] naming file, line, entry and what changed — a number beyond the tolerance
//! (`6.0085136977 → 6.0085139001 (rel 3.4e-08 > 1e-09)`), a word diff for text, a figure
//! difference, an entry without a record, or a recorded entry that no longer exists (orphan).

use super::animation;
use super::compare::{LineDiff, Tolerance, compare_lines, tokens};
use super::digest;
use super::format::{Entry, EntryKey, Record};
use crate::diagnostic::{Diagnostic, Kind};
use serde::Serialize;
use std::fmt;

/// One difference between the record and the current outputs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Drift {
    /// The file the entry belongs to (the lesson, or the script).
    pub file: String,
    /// Its line in that file (the block's fence, the value's position, 1 for a script).
    pub line: u32,
    /// `block 4`, `block "setup"`, `script x.rlab`, `inline 3`, `embedded output of x.rlab`.
    pub entry: String,
    #[serde(flatten)]
    pub kind: DriftKind,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DriftKind {
    /// A number moved beyond the tolerance on output line `line`.
    Number {
        #[serde(rename = "output_line")]
        line: usize,
        expected: String,
        actual: String,
        rel: f64,
        rtol: f64,
    },
    /// Words changed on output line `line`; `diff` marks them `[-old-]{+new+}`.
    Text {
        #[serde(rename = "output_line")]
        line: usize,
        diff: String,
    },
    /// Output lines appeared or disappeared.
    Lines { detail: String },
    /// A figure changed (`figure 1 series "x": 25 points, max |Δ| = 0.02`).
    Figure { detail: String },
    /// The entry is not in the record (new block or value).
    New,
    /// The record has an entry that matches no block, script or value.
    Orphan,
    /// An output directive shows a script's output that drifted at `source` (`file:line`).
    Embedded { source: String },
}

impl Drift {
    /// The diagnostic of this drift: `file:line entry: old → new (…)`.
    pub fn diagnostic(&self) -> Diagnostic {
        let full = self.to_string();
        let head = format!("{}:{} ", self.file, self.line);
        let message = full.strip_prefix(&head).unwrap_or(&full).to_string();
        Diagnostic::error(Kind::Drift, message)
            .in_file(self.file.clone())
            .on_line(self.line, 1)
    }
}

impl fmt::Display for Drift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{} {}", self.file, self.line, self.entry)?;
        match &self.kind {
            DriftKind::Number {
                line,
                expected,
                actual,
                rel,
                rtol,
            } => write!(
                f,
                " line {line}: {expected} → {actual} (rel {} > {})",
                c_exponent(*rel, 1),
                c_exponent(*rtol, 0)
            ),
            DriftKind::Text { line, diff } => write!(f, " line {line}: {diff}"),
            DriftKind::Lines { detail } | DriftKind::Figure { detail } => write!(f, ": {detail}"),
            DriftKind::New => write!(f, ": not in the record (run `rlbook bless` to accept it)"),
            DriftKind::Embedded { source } => write!(f, " drifted (see {source})"),
            DriftKind::Orphan => write!(
                f,
                ": recorded, but no longer produced (orphan; `rlbook bless` removes it)"
            ),
        }
    }
}

/// `3.4e-08`: scientific notation with a two-digit exponent, as C's `%e` writes it.
fn c_exponent(x: f64, decimals: usize) -> String {
    let fmt = format!("%.{decimals}e");
    rlab::format::sprintf(&fmt, &[rlab::value::Value::Scalar(x)])
        .unwrap_or_else(|_| format!("{x:e}"))
}

/// Where an entry stands, for messages.
pub struct Place {
    pub file: String,
    pub line: u32,
}

/// Compare `current` with `recorded`. `place` locates an entry; `tol` gives its tolerance.
pub fn compare(
    recorded: &Record,
    current: &Record,
    place: &dyn Fn(&Entry) -> Place,
    tol: &dyn Fn(&EntryKey) -> Tolerance,
) -> Vec<Drift> {
    let mut out = Vec::new();
    for entry in &current.entries {
        let at = place(entry);
        let drift = |kind| Drift {
            file: at.file.clone(),
            line: at.line,
            entry: entry.key.to_string(),
            kind,
        };
        match recorded.entries.iter().find(|r| r.key == entry.key) {
            None => out.push(drift(DriftKind::New)),
            Some(old) => out.extend(
                entry_drift(old, entry, tol(&entry.key))
                    .into_iter()
                    .map(drift),
            ),
        }
    }
    for old in &recorded.entries {
        if !current.entries.iter().any(|e| e.key == old.key) {
            let at = place(old);
            out.push(Drift {
                file: at.file,
                line: at.line,
                entry: old.key.to_string(),
                kind: DriftKind::Orphan,
            });
        }
    }
    out
}

/// The differences of one entry.
fn entry_drift(old: &Entry, new: &Entry, tol: Tolerance) -> Vec<DriftKind> {
    let e: Vec<&str> = old.text.split('\n').collect();
    let a: Vec<&str> = new.text.split('\n').collect();
    let mut out: Vec<DriftKind> = compare_lines(&e, &a, tol)
        .into_iter()
        .map(|d| line_drift(d, tol))
        .collect();
    let (n_old, n_new) = (old.figures.len(), new.figures.len());
    if n_old != n_new {
        out.push(DriftKind::Figure {
            detail: format!("{n_old} figure(s) → {n_new}"),
        });
    }
    for (k, (f, g)) in old.figures.iter().zip(&new.figures).enumerate() {
        for d in digest::differences(f, g, tol) {
            out.push(DriftKind::Figure {
                detail: format!("figure {} {d}", k + 1),
            });
        }
    }
    out.extend(animation_drift(old, new, tol));
    out
}

/// The differences of an entry's animations (reported as figure drift).
fn animation_drift(old: &Entry, new: &Entry, tol: Tolerance) -> Vec<DriftKind> {
    let (n_old, n_new) = (old.animations.len(), new.animations.len());
    let mut out = Vec::new();
    if n_old != n_new {
        out.push(DriftKind::Figure {
            detail: format!("{n_old} animation(s) → {n_new}"),
        });
    }
    for (k, (a, b)) in old.animations.iter().zip(&new.animations).enumerate() {
        for d in animation::animation_differences(a, b, tol) {
            out.push(DriftKind::Figure {
                detail: format!("animation {} {d}", k + 1),
            });
        }
    }
    out
}

fn line_drift(d: LineDiff, tol: Tolerance) -> DriftKind {
    match d {
        LineDiff::Number {
            line,
            expected,
            actual,
            rel,
        } => DriftKind::Number {
            line,
            expected,
            actual,
            rel,
            rtol: tol.rtol,
        },
        LineDiff::Text {
            line,
            expected,
            actual,
        } => DriftKind::Text {
            line,
            diff: word_diff(&expected, &actual),
        },
        LineDiff::Missing { line, expected } => DriftKind::Lines {
            detail: format!("output line {line} is gone: {expected}"),
        },
        LineDiff::Extra { line, actual } => DriftKind::Lines {
            detail: format!("new output line {line}: {actual}"),
        },
    }
}

/// A word-level diff of two lines: unchanged words as they are, removed ones as `[-x-]`,
/// added ones as `{+y+}` (longest common subsequence of tokens).
pub fn word_diff(old: &str, new: &str) -> String {
    let a: Vec<&str> = tokens(old)
        .into_iter()
        .filter(|t| !t.trim().is_empty())
        .collect();
    let b: Vec<&str> = tokens(new)
        .into_iter()
        .filter(|t| !t.trim().is_empty())
        .collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut parts = Vec::new();
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            parts.push(a[i].to_string());
            (i, j) = (i + 1, j + 1);
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            parts.push(format!("[-{}-]", a[i]));
            i += 1;
        } else {
            parts.push(format!("{{+{}+}}", b[j]));
            j += 1;
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: EntryKey, text: &str) -> Entry {
        Entry {
            key,
            line: 1,
            note: String::new(),
            text: text.into(),
            figures: vec![],
            animations: vec![],
        }
    }

    fn run(old: Vec<Entry>, new: Vec<Entry>) -> Vec<Drift> {
        let place = |e: &Entry| Place {
            file: "content/12-x.md".into(),
            line: 50 + e.line,
        };
        let tol = |_: &EntryKey| Tolerance::default();
        compare(
            &Record { entries: old },
            &Record { entries: new },
            &place,
            &tol,
        )
    }

    #[test]
    fn numbers_moving_beyond_tolerance_are_named() {
        let d = run(
            vec![entry(EntryKey::Block(4), "a\nmag: 6.0085136977")],
            vec![entry(EntryKey::Block(4), "a\nmag: 6.0085139001")],
        );
        assert_eq!(d.len(), 1);
        assert_eq!(
            d[0].to_string(),
            "content/12-x.md:51 block 4 line 2: 6.0085136977 → 6.0085139001 (rel 3.4e-08 > 1e-09)"
        );
        let ok = run(
            vec![entry(EntryKey::Block(4), "mag: 6.0085136977")],
            vec![entry(EntryKey::Block(4), "mag: 6.00851369770001")],
        );
        assert!(ok.is_empty());
    }

    #[test]
    fn text_changes_get_a_word_diff() {
        let d = run(
            vec![entry(EntryKey::Block(1), "mean of v: 3")],
            vec![entry(EntryKey::Block(1), "median of v: 3")],
        );
        assert_eq!(
            d[0].to_string(),
            "content/12-x.md:51 block 1 line 1: [-mean-] {+median+} of v : 3"
        );
    }

    #[test]
    fn new_and_orphan_entries() {
        let d = run(
            vec![entry(EntryKey::Named("gone".into()), "x")],
            vec![entry(EntryKey::Block(2), "y")],
        );
        assert!(matches!(d[0].kind, DriftKind::New));
        assert!(matches!(d[1].kind, DriftKind::Orphan));
        assert!(
            d[1].to_string()
                .contains("block \"gone\": recorded, but no longer produced")
        );
    }

    #[test]
    fn word_diff_marks_changes() {
        assert_eq!(word_diff("a b c", "a x c"), "a [-b-] {+x+} c");
        assert_eq!(word_diff("a", "a b"), "a {+b+}");
    }
}
