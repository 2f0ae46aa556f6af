//! Formulas: LaTeX becomes Typst math through mitex, each formula in a source file of its
//! own (`/math/<n>.typ`, included where the formula stands), so that a compile error in a
//! converted formula points at that file and the formula alone can be replaced. A formula
//! mitex cannot convert, or whose conversion does not compile, is shown as its TeX in
//! monospace, and reported: [`Formula::warning`] names the lesson file and the formula's
//! line there.
//!
//! Every equation carries its TeX as alternative text (`math.equation(alt: …)`), which
//! Typst writes into the tagged PDF.

use super::escape;
use crate::book::Lesson;
use crate::book::inline::line_col;
use crate::diagnostic::{Diagnostic, Kind};

/// The prelude every converted formula imports: the functions mitex's output calls.
pub(crate) const PRELUDE_PATH: &str = "/mitex.typ";
pub(crate) const PRELUDE: &str = include_str!("mitex.typ");

/// One formula of the book.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Formula {
    pub tex: String,
    /// Display math (`$$…$$`).
    pub block: bool,
    /// Index of the page it is on.
    pub page: usize,
    /// The Typst math, `None` once it is shown as TeX.
    pub typst: Option<String>,
    /// Why it is shown as TeX.
    pub problem: Option<String>,
}

impl Formula {
    /// A formula, converted if mitex can.
    pub(crate) fn new(tex: &str, block: bool, page: usize) -> Formula {
        let (typst, problem) = match convert(&untagged(tex)) {
            Ok(typst) => (Some(typst), None),
            Err(problem) => (None, Some(problem)),
        };
        Formula {
            tex: tex.to_string(),
            block,
            page,
            typst,
            problem,
        }
    }

    /// The virtual path of formula `index`.
    pub(crate) fn path(index: usize) -> String {
        format!("/math/{index}.typ")
    }

    /// The source of its file: the equation, or the TeX when it is not converted.
    pub(crate) fn source(&self) -> String {
        // One line, no trailing space: an inline formula must not bring spaces along.
        let alt = escape::string(&self.tex);
        let head = format!("#import \"{PRELUDE_PATH}\": *;#set math.equation(alt: {alt});");
        match &self.typst {
            Some(math) if self.block => format!("{head}$ {math} $"),
            Some(math) => format!("{head}${}$", math.trim()),
            None => format!(
                "#import \"/template.typ\": rltex;#rltex({alt}, block: {})",
                self.block
            ),
        }
    }

    /// Show it as TeX from now on, because of `problem`.
    pub(crate) fn give_up(&mut self, problem: String) {
        self.typst = None;
        self.problem = Some(problem);
    }

    /// The warning for a formula shown as TeX; `nth` is how many formulas of the same TeX
    /// come before it on its page (to find the right one in the lesson).
    pub(crate) fn warning(&self, lesson: Option<&Lesson>, nth: usize) -> Diagnostic {
        let shown: String = self.tex.chars().take(60).collect();
        let why = self.problem.as_deref().unwrap_or("not converted");
        let message = format!("formula shown as TeX in the PDF ({why}): {shown}");
        let mut d = Diagnostic::warning(Kind::Render, message);
        if let Some(lesson) = lesson {
            d = d.in_file(lesson.display.clone());
            if let Some((line, col)) = find(&lesson.source, &self.tex, nth) {
                d = d.on_line(line, col);
            }
        }
        d
    }
}

/// A formula whose `\tag{12.1}` (the number of a labelled equation in the Markdown book)
/// is written `\qquad \text{(12.1)}` at its end, which mitex converts (as text, so the number
/// keeps its spacing: `(12.1)` as math would be set `(12 . 1)`).
fn untagged(tex: &str) -> String {
    let Some(at) = tex.find("\\tag{") else {
        return tex.to_string();
    };
    let rest = &tex[at + "\\tag{".len()..];
    let Some(end) = rest.find('}') else {
        return tex.to_string();
    };
    let body = format!("{}{}", &tex[..at], &rest[end + 1..]);
    format!("{} \\qquad \\text{{({})}}", body.trim_end(), &rest[..end])
}

/// LaTeX math to Typst math with mitex (a panic inside mitex is a failed conversion).
fn convert(tex: &str) -> Result<String, String> {
    let result = std::panic::catch_unwind(|| mitex::convert_math(tex, None));
    match result {
        Ok(Ok(typst)) => Ok(modernise(&typst)),
        Ok(Err(e)) => Err(e.trim_start_matches("error: ").to_string()),
        Err(_) => Err("the converter failed".to_string()),
    }
}

/// Symbol names mitex writes that Typst 0.15 calls otherwise.
const RENAMED: &[(&str, &str)] = &[
    ("diff", "partial"),
    ("planck.reduce", "planck"),
    ("ast.circle", "ast.op.o"),
];

/// Symbol bases whose `.circle` modifier is now `.o`.
const CIRCLED: &[&str] = &["dot", "plus", "minus", "times", "parallel"];

/// mitex's output with the symbol names of Typst 0.15. Names inside content blocks
/// (text-mode words such as `#textmath[diff]`) and escaped characters are left alone.
fn modernise(typst: &str) -> String {
    let mut out = String::with_capacity(typst.len());
    let mut depth = 0usize;
    let mut chars = typst.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                if let Some((_, next)) = chars.next() {
                    out.push(next);
                }
            }
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            c if c.is_ascii_alphabetic() && depth == 0 => {
                let mut end = at + c.len_utf8();
                while let Some(&(i, n)) = chars.peek() {
                    if !(n.is_ascii_alphanumeric() || n == '.') {
                        break;
                    }
                    end = i + n.len_utf8();
                    chars.next();
                }
                out.push_str(&rename(&typst[at..end]));
                continue;
            }
            _ => {}
        }
        if c != '\\' {
            out.push(c);
        }
    }
    out
}

/// The Typst 0.15 name of symbol `name` (with its modifiers).
fn rename(name: &str) -> String {
    if let Some((_, new)) = RENAMED.iter().find(|(old, _)| *old == name) {
        return (*new).to_string();
    }
    for base in CIRCLED {
        let rest = name
            .strip_prefix(base)
            .and_then(|r| r.strip_prefix(".circle"));
        if let Some(rest) = rest.filter(|r| r.is_empty() || r.starts_with('.')) {
            return format!("{base}.o{rest}");
        }
    }
    name.to_string()
}

/// Line and column of the `nth` occurrence of `tex` in `source` (else of the first).
fn find(source: &str, tex: &str, nth: usize) -> Option<(u32, u32)> {
    if tex.trim().is_empty() {
        return None;
    }
    let hits: Vec<usize> = source.match_indices(tex).map(|(at, _)| at).collect();
    let at = hits.get(nth).or_else(|| hits.first()).copied()?;
    Some(line_col(source, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_or_explains() {
        let ok = Formula::new("\\frac{a}{b}", false, 0);
        assert!(ok.typst.is_some(), "{ok:?}");
        assert!(ok.source().contains("alt: \"\\\\frac{a}{b}\""));
        let bad = Formula::new("\\frac{a}{", false, 0);
        assert!(bad.typst.is_none() || bad.problem.is_none());
    }

    #[test]
    fn equation_numbers_follow_the_formula() {
        assert_eq!(
            untagged("E = mc^2 \\tag{12.1} "),
            "E = mc^2 \\qquad \\text{(12.1)}"
        );
        assert_eq!(untagged("x \\tag{3"), "x \\tag{3");
        assert_eq!(untagged("x"), "x");
        let tagged = Formula::new("a+b \\tag{2.1}", true, 0);
        assert!(
            tagged.typst.as_deref().is_some_and(|t| t.contains("2.1")),
            "{tagged:?}"
        );
        assert_eq!(
            tagged.tex, "a+b \\tag{2.1}",
            "the alternative text keeps the TeX"
        );
    }

    #[test]
    fn old_symbol_names_are_renamed_outside_text() {
        assert_eq!(
            modernise("diff x dot.circle plus.circle.big #textmath[diff] \\[diff"),
            "partial x dot.o plus.o.big #textmath[diff] \\[partial"
        );
        assert_eq!(modernise("a.circle dotcircle"), "a.circle dotcircle");
    }

    #[test]
    fn finds_the_nth_occurrence() {
        let src = "a $x$\nb $x$\n";
        assert_eq!(find(src, "x", 1), Some((2, 4)));
        assert_eq!(find(src, "x", 5), Some((1, 4)));
        assert_eq!(find(src, "zz", 0), None);
    }
}
