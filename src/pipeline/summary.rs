//! The one-line summaries of a pass: what `build` and `check` print when they succeed, the
//! `error:` line when they fail, and serve's line for a rebuild and for its problems.

use super::Pass;
use crate::book::Book;
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::LessonRun;

/// Totals for the summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub lessons: usize,
    pub blocks: usize,
    pub scripts: usize,
    pub figures: usize,
}

impl Counts {
    pub(super) fn of(book: &Book, runs: &[LessonRun]) -> Counts {
        let figures = runs
            .iter()
            .map(|r| {
                r.blocks.iter().map(|b| b.figures.len()).sum::<usize>()
                    + r.scripts.iter().map(|s| s.figures.len()).sum::<usize>()
            })
            .sum();
        Counts {
            lessons: book.lessons.len(),
            blocks: book.lessons.iter().map(|l| l.blocks.len()).sum(),
            scripts: book.lessons.iter().map(|l| l.scripts.len()).sum(),
            figures,
        }
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        write!(
            f,
            "{} ({}, {}, {})",
            plural(self.lessons, "lesson"),
            plural(self.blocks, "block"),
            plural(self.scripts, "script"),
            plural(self.figures, "figure")
        )
    }
}

/// How many errors of each kind a pass found.
#[derive(Default)]
struct Errors {
    config: usize,
    load: usize,
    exec: usize,
    drift: usize,
    record: usize,
    render: usize,
    site: usize,
    output: usize,
    xref: usize,
}

impl Errors {
    fn of(pass: &Pass) -> Errors {
        let mut e = Errors::default();
        for d in pass.diagnostics.iter().filter(|d| d.is_error()) {
            *match d.kind {
                Kind::Config => &mut e.config,
                Kind::Load => &mut e.load,
                Kind::Exec => &mut e.exec,
                Kind::Drift => &mut e.drift,
                Kind::Record => &mut e.record,
                Kind::Render => &mut e.render,
                Kind::Xref => &mut e.xref,
                Kind::Site => &mut e.site,
                Kind::Output => &mut e.output,
            } += 1;
        }
        e.render = pass.unrendered;
        e
    }

    /// The parts of a summary, in stage order.
    fn parts(&self) -> Vec<String> {
        let mut parts = Vec::new();
        let mut add = |n: usize, text: String| {
            if n > 0 {
                parts.push(text);
            }
        };
        add(self.exec, format!("{} execution error(s)", self.exec));
        add(self.xref, format!("{} reference error(s)", self.xref));
        add(
            self.render,
            format!("{} lesson(s) could not be rendered", self.render),
        );
        add(self.site, "the site could not be written".to_string());
        add(
            self.output,
            format!("{} other format(s) could not be written", self.output),
        );
        add(
            self.drift,
            format!("{} output(s) drifted from the record", self.drift),
        );
        add(self.record, format!("{} record error(s)", self.record));
        parts
    }
}

/// The `error:` line of a failed `build` or `check` (without `error: `).
pub(crate) fn failure(pass: &Pass) -> String {
    let e = Errors::of(pass);
    if e.config > 0 {
        let in_book_toml = (pass.diagnostics.iter())
            .filter(|d| d.is_error() && d.kind == Kind::Config)
            .all(|d| d.file.as_deref().is_none_or(|f| f.ends_with("book.toml")));
        let what = if in_book_toml {
            "bad book.toml"
        } else {
            "bad book.toml or a file it names (bibliography, citation style, glossary)"
        };
        return what.to_string();
    }
    if e.load > 0 && pass.counts.is_none() {
        return "the book could not be loaded".to_string();
    }
    let mut parts = e.parts();
    if e.load > 0 {
        parts.insert(0, format!("{} lesson(s) could not be loaded", e.load));
    }
    match (parts.len(), e.drift, e.record) {
        (1, d, 0) if d > 0 => format!(
            "{d} output(s) drifted from the record; no site written (accept with `rlbook bless`)"
        ),
        (2, d, r) if d > 0 && r > 0 => {
            format!("{d} drifted output(s) and {r} record error(s); no site written")
        }
        _ => format!("{}; no site written", parts.join(", ")),
    }
}

/// What `build` prints when it succeeds.
pub(crate) fn built(pass: &Pass) -> String {
    let counts = pass.counts.unwrap_or_default();
    let up_to_date = |unchanged: bool| {
        if unchanged {
            "; already up to date"
        } else {
            ""
        }
    };
    let mut places = Vec::new();
    if let Some(site) = &pass.site {
        places.push(format!(
            "{} ({} pages, {} figures{})",
            pass.output,
            site.pages,
            site.figures,
            up_to_date(site.unchanged)
        ));
    }
    for out in &pass.outputs {
        let detail = out
            .detail
            .as_ref()
            .map_or(String::new(), |d| format!(", {d}"));
        places.push(format!(
            "{} ({}, {}{detail}{})",
            out.place,
            out.format.name(),
            size(out.bytes),
            up_to_date(out.unchanged)
        ));
    }
    format!(
        "built {counts} in {:.2} s → {}; {}",
        pass.elapsed.as_secs_f64(),
        places.join(", "),
        pass.stats
    )
}

/// `12 kB`, `1.4 MB`.
fn size(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= 1e6 {
        format!("{:.1} MB", b / 1e6)
    } else {
        format!("{:.0} kB", (b / 1e3).max(1.0))
    }
}

/// What `check` prints when it succeeds.
pub(crate) fn checked(pass: &Pass) -> String {
    let counts = pass.counts.unwrap_or_default();
    format!(
        "checked {counts} in {:.2} s: no drift; {}",
        pass.elapsed.as_secs_f64(),
        pass.stats
    )
}

/// Serve's line for a rebuild: how long it took and what it did.
pub(crate) fn rebuilt(pass: &Pass) -> String {
    let mut did = Vec::new();
    if !pass.executed.is_empty() {
        did.push(format!("executed {}", executed(&pass.executed)));
    }
    if !pass.rendered.is_empty() {
        did.push(format!("rendered {} page(s)", pass.rendered.len()));
    }
    if pass.published() {
        did.push("wrote the site".to_string());
    }
    if did.is_empty() {
        did.push("nothing changed".to_string());
    }
    format!(
        "rebuilt in {:.2} s: {}",
        pass.elapsed.as_secs_f64(),
        did.join("; ")
    )
}

/// The lessons and scripts executed: by name when there are few, else counted.
fn executed(executed: &[String]) -> String {
    if executed.len() <= 3 {
        return executed.join(", ");
    }
    let scripts = executed.iter().filter(|e| e.contains('/')).count();
    let lessons = executed.len() - scripts;
    format!("{lessons} lesson(s) and {scripts} script(s)")
}

/// What serve shows of a pass's problems (terminal and overlay): each error as the terminal
/// shows it, then a summary line; empty when all is well.
pub(crate) fn serve_problems(pass: &Pass) -> Vec<String> {
    let errors = pass.diagnostics.iter().filter(|d| d.is_error());
    let mut lines: Vec<String> = errors.map(Diagnostic::text).collect();
    lines.extend(serve_summary(pass));
    lines
}

/// The notes serve prints: notices, and the warnings of pages when any was rendered again.
pub(crate) fn serve_notes(pass: &Pass) -> impl Iterator<Item = &Diagnostic> {
    let fresh = !pass.rendered.is_empty();
    (pass.diagnostics.iter()).filter(move |d| !d.is_error() && (fresh || d.kind != Kind::Render))
}

/// Serve's last line under its problems, when there are errors.
pub(crate) fn serve_summary(pass: &Pass) -> Option<String> {
    let e = Errors::of(pass);
    if e.config + e.load > 0 {
        return Some("error: the book could not be loaded; the last good site stays".into());
    }
    let parts = e.parts();
    if parts.is_empty() {
        return None;
    }
    let tail = if e.exec + e.render + e.site > 0 {
        "the last good pages stay"
    } else {
        "the pages show the new outputs; accept them with `rlbook bless`"
    };
    Some(format!("error: {}; {tail}", parts.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_line_names_few_runs_and_counts_many() {
        let mut pass = Pass {
            executed: vec!["01-a".into(), "01-a/s.rlab".into()],
            rendered: vec!["01-a".into()],
            site: Some(crate::render::site::SiteSummary::default()),
            ..Pass::default()
        };
        assert_eq!(
            rebuilt(&pass),
            "rebuilt in 0.00 s: executed 01-a, 01-a/s.rlab; rendered 1 page(s); wrote the site"
        );
        pass.executed = ["a", "a/x.rlab", "b", "c", "c/y.rlab"]
            .map(String::from)
            .to_vec();
        assert!(rebuilt(&pass).contains("executed 3 lesson(s) and 2 script(s);"));
    }

    #[test]
    fn failures_are_summed_up_by_kind() {
        let error = |kind| Diagnostic::error(kind, "x");
        let pass = |kinds: &[Kind]| Pass {
            diagnostics: kinds.iter().map(|k| error(*k)).collect(),
            counts: Some(Counts::default()),
            ..Pass::default()
        };
        assert_eq!(
            failure(&pass(&[Kind::Exec, Kind::Exec])),
            "2 execution error(s); no site written"
        );
        assert_eq!(
            failure(&pass(&[Kind::Drift])),
            "1 output(s) drifted from the record; no site written (accept with `rlbook bless`)"
        );
        assert_eq!(
            failure(&pass(&[Kind::Drift, Kind::Record])),
            "1 drifted output(s) and 1 record error(s); no site written"
        );
        assert_eq!(
            failure(&pass(&[Kind::Exec, Kind::Drift, Kind::Load])),
            "1 lesson(s) could not be loaded, 1 execution error(s), \
             1 output(s) drifted from the record; no site written"
        );
        assert_eq!(failure(&pass(&[Kind::Config])), "bad book.toml");
        let mut unloadable = pass(&[Kind::Load]);
        unloadable.counts = None;
        assert_eq!(failure(&unloadable), "the book could not be loaded");
        assert_eq!(
            serve_summary(&pass(&[Kind::Drift])).unwrap(),
            "error: 1 output(s) drifted from the record; the pages show the new outputs; \
             accept them with `rlbook bless`"
        );
        assert!(serve_summary(&pass(&[])).is_none());
        assert_eq!(serve_problems(&pass(&[Kind::Exec])).len(), 2);
    }
}
