//! Drift as the lessons show it: a script's drifted printed line is placed at the statement
//! that printed it (`x.rlab:7`, not the script's first line), and every output directive
//! (`<!-- output: x.rlab -->`) that shows drifted output drifts too, at the directive's
//! line, so both the script and the page that embeds it are named.

use super::drift::{Drift, DriftKind};
use super::format::EntryKey;
use crate::book::Lesson;
use crate::book::embed::Show;
use crate::exec::LessonRun;
use crate::exec::embedded;

/// Place each drift of a script's printed line at the line of the statement that printed it.
pub(crate) fn trace_script_lines(lesson: &Lesson, run: &LessonRun, drifts: &mut [Drift]) {
    for (script, script_run) in lesson.scripts.iter().zip(&run.scripts) {
        let entry = EntryKey::Script(script.file_name.clone()).to_string();
        for drift in drifts.iter_mut().filter(|d| d.entry == entry) {
            let traced = output_line(&drift.kind)
                .and_then(|k| script_run.printed_by.get(k))
                .filter(|line| **line > 0);
            if let Some(line) = traced {
                drift.line = *line;
            }
        }
    }
}

/// One drift per output directive that shows a drifted part of its script's output.
pub(crate) fn embedding_drifts(lesson: &Lesson, run: &LessonRun, drifts: &[Drift]) -> Vec<Drift> {
    let mut out = Vec::new();
    for embed in &lesson.embeds {
        let Some(shown) = embedded::select(lesson, run, embed) else {
            continue;
        };
        let entry = EntryKey::Script(shown.script.file_name.clone()).to_string();
        let shows = |d: &&Drift| match (&d.kind, &embed.show) {
            (DriftKind::Figure { .. }, Show::Figures) => true,
            (DriftKind::Lines { .. }, show) => *show != Show::Figures,
            (kind, _) => output_line(kind).is_some_and(|k| shown.lines.contains(&k)),
        };
        if let Some(first) = drifts.iter().filter(|d| d.entry == entry).find(shows) {
            out.push(Drift {
                file: lesson.display.clone(),
                line: embed.line,
                entry: format!("embedded output of {}", shown.script.file_name),
                kind: DriftKind::Embedded {
                    source: format!("{}:{}", first.file, first.line),
                },
            });
        }
    }
    out
}

/// The 0-based printed line a drift is on, if it is about one.
fn output_line(kind: &DriftKind) -> Option<usize> {
    match kind {
        DriftKind::Number { line, .. } | DriftKind::Text { line, .. } => line.checked_sub(1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::script::Script;
    use crate::exec::ScriptRun;
    use std::path::PathBuf;

    fn lesson(directives: &str) -> Lesson {
        let script = Script {
            path: "/b/content/01-a/s.rlab".into(),
            display: "content/01-a/s.rlab".into(),
            file_name: "s.rlab".into(),
            name: "s".into(),
            description: String::new(),
            source: String::new(),
            regions: vec![],
        };
        let path = PathBuf::from("/b/content/01-a.md");
        Lesson::parse(
            path,
            "content/01-a.md".into(),
            directives.into(),
            vec![script],
        )
        .unwrap()
    }

    fn run() -> LessonRun {
        LessonRun {
            scripts: vec![ScriptRun {
                text: "a = 1\nb = 2".into(),
                printed_by: vec![3, 7],
                ..ScriptRun::default()
            }],
            ..LessonRun::default()
        }
    }

    fn number_drift(output_line: usize) -> Drift {
        Drift {
            file: "content/01-a/s.rlab".into(),
            line: 1,
            entry: "script s.rlab".into(),
            kind: DriftKind::Number {
                line: output_line,
                expected: "2".into(),
                actual: "3".into(),
                rel: 0.5,
                rtol: 1e-9,
            },
        }
    }

    #[test]
    fn drift_is_traced_to_the_statement_and_the_embedding() {
        let l = lesson("# A\n\n<!-- output: s.rlab -->\n<!-- output: s.rlab lines=\"^a\" -->\n");
        let mut drifts = vec![number_drift(2)];
        trace_script_lines(&l, &run(), &mut drifts);
        assert_eq!(drifts[0].line, 7);
        let found = embedding_drifts(&l, &run(), &drifts);
        let texts: Vec<String> = found.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            ["content/01-a.md:3 embedded output of s.rlab drifted (see content/01-a/s.rlab:7)"],
            "the second directive does not show line 2"
        );
        let figures = lesson("<!-- output: s.rlab figures -->\n");
        assert!(embedding_drifts(&figures, &run(), &drifts).is_empty());
    }
}
