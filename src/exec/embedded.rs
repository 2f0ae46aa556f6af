//! What an `<!-- output: … -->` directive shows of its script's run (see
//! [`crate::book::embed`]): the printed lines it keeps (all, those matching `lines=`, or
//! those the statements of a region printed), the labelled values printed on them, or the
//! script's figures. Every format renders from this, and the drift check uses the same
//! lines, so an embedding drifts exactly when what it shows does.

use super::{LabelledValue, LessonRun, ScriptRun};
use crate::book::Lesson;
use crate::book::embed::{Embed, LinePattern, Show};
use crate::book::script::Script;
use rlab::Figure;

/// The part of a script's run one embedding shows.
pub struct Embedded<'a> {
    pub script: &'a Script,
    /// 0-based lines of the script's printed text that are shown, in order.
    pub lines: Vec<usize>,
    /// Those lines, joined.
    pub text: String,
    /// The labelled values printed on those lines.
    pub values: Vec<&'a LabelledValue>,
    /// The figures shown (only with `figures`).
    pub figures: &'a [Figure],
}

/// What `embed` shows of `run` (the run of `lesson`); `None` when the script has no run.
pub fn select<'a>(lesson: &'a Lesson, run: &'a LessonRun, embed: &Embed) -> Option<Embedded<'a>> {
    let script = lesson.scripts.get(embed.script)?;
    let script_run = run.scripts.get(embed.script)?;
    let printed: Vec<&str> = match script_run.text.is_empty() {
        true => Vec::new(),
        false => script_run.text.split('\n').collect(),
    };
    let lines: Vec<usize> = (0..printed.len())
        .filter(|&k| shows_line(script, script_run, &embed.show, k, printed[k]))
        .collect();
    let text: Vec<&str> = lines.iter().map(|&k| printed[k]).collect();
    let values = (script_run.values.iter())
        .filter(|v| lines.binary_search(&v.line).is_ok())
        .collect();
    let figures = match embed.show {
        Show::Figures => &script_run.figures[..],
        _ => &[],
    };
    Some(Embedded {
        script,
        lines,
        text: text.join("\n"),
        values,
        figures,
    })
}

/// Whether printed line `k` (`text`) is shown.
fn shows_line(script: &Script, run: &ScriptRun, show: &Show, k: usize, text: &str) -> bool {
    match show {
        Show::Text => true,
        Show::Lines(LinePattern(re)) => re.is_match(text),
        Show::Region(name) => {
            let region = script.regions.iter().find(|r| &r.name == name);
            let line = run.printed_by.get(k).copied().unwrap_or(0);
            region.is_some_and(|r| r.holds(line))
        }
        Show::Figures => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use std::path::{Path, PathBuf};

    const SCRIPT: &str = "% Concept: demo\nprint(\"setup\")\n% region: train\nfor k = 1:2\n  print(\"step\", k, \"loss =\", 1 / k)\nend\n% end region\nprint(\"|a| =\", 6.07, \"  |b| =\", 9.2)\n";

    fn embedded(directive: &str) -> (Vec<usize>, String, Vec<(String, String)>) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("content/01-a")).unwrap();
        std::fs::write(root.join("content/01-a/s.rlab"), SCRIPT).unwrap();
        let scripts = crate::book::script::discover(&root.join("content"), "01-a", root).unwrap();
        let source = format!("# A\n\n{directive}\n");
        let path = PathBuf::from("/b/content/01-a.md");
        let lesson = Lesson::parse(path, "content/01-a.md".into(), source, scripts).unwrap();
        let config = Config::parse(Path::new("/b"), "", "book.toml").unwrap();
        let cache = crate::cache::Cache::disabled();
        let opts = super::super::cached::ExecOptions::default();
        let run = super::super::cached::execute_lesson(&config, &lesson, &cache, None, opts).run;
        let shown = select(&lesson, &run, &lesson.embeds[0]).unwrap();
        let values = (shown.values.iter())
            .map(|v| (v.label.clone(), v.value.clone()))
            .collect();
        (shown.lines, shown.text, values)
    }

    #[test]
    fn everything_some_lines_or_a_region() {
        let (lines, text, values) = embedded("<!-- output: s.rlab -->");
        assert_eq!(lines, [0, 1, 2, 3]);
        assert_eq!(
            text,
            "setup\nstep 1 loss = 1\nstep 2 loss = 0.5\n|a| = 6.07   |b| = 9.2"
        );
        assert_eq!(values.len(), 4, "{values:?}");
        let (lines, _, values) = embedded("<!-- output: s.rlab lines=\"^\\|\" -->");
        assert_eq!(lines, [3]);
        let want = [("|a| =", "6.07"), ("|b| =", "9.2")];
        assert_eq!(values, want.map(|(a, b)| (a.to_string(), b.to_string())));
        let (lines, text, values) = embedded("<!-- output: s.rlab region=\"train\" -->");
        assert_eq!(
            (lines, text.as_str()),
            (vec![1, 2], "step 1 loss = 1\nstep 2 loss = 0.5")
        );
        let want = [("step", "1 loss = 1"), ("step", "2 loss = 0.5")];
        assert_eq!(values, want.map(|(a, b)| (a.to_string(), b.to_string())));
        let (lines, text, _) = embedded("<!-- output: s.rlab figures -->");
        assert!(lines.is_empty() && text.is_empty());
    }
}
