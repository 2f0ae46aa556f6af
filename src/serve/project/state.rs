//! What serve remembers of each lesson between rebuilds: the run and what it depended on
//! (with the session after each step of the notebook, to resume from after an edit), the
//! problems found in it (execution errors, drift), the page rendered from it and what that
//! page depended on, and the last page rendered from a run without errors (shown while the
//! author fixes an error).

use super::keys::{NotebookKey, ScriptKey};
use crate::book::Lesson;
use crate::exec::notebook::NotebookRun;
use crate::exec::{LessonRun, ScriptRun};
use crate::render::LessonHtml;

/// One lesson's state.
#[derive(Clone, Debug, Default)]
pub(super) struct LessonState {
    pub notebook_key: NotebookKey,
    /// Keys of `run.scripts`, index-aligned.
    pub script_keys: Vec<ScriptKey>,
    pub run: LessonRun,
    /// The notebook's run step by step (files read, session after each step), when it ran in
    /// this process (a run from the book's cache has none).
    pub notebook: Option<NotebookRun>,
    /// Counts the runs that changed `run`, so a page knows which run it shows.
    pub generation: u64,
    /// Execution errors, rendered as the terminal shows them.
    pub failures: Vec<String>,
    /// Drift from the record and record errors.
    pub drift: Vec<String>,
    pub rendered: Option<Rendered>,
    /// The last page rendered from a run without execution errors.
    pub good_page: Option<LessonHtml>,
}

impl LessonState {
    /// The kept run of the script with this key.
    pub(super) fn script_run(&self, key: &ScriptKey) -> Option<&ScriptRun> {
        let at = self.script_keys.iter().position(|k| k == key)?;
        self.run.scripts.get(at)
    }

    /// The page to publish: the rendered one, unless the run failed or rendering did and
    /// a good page exists (the author is fixing it); `None` when there is nothing to show.
    pub(super) fn page(&self) -> Option<&LessonHtml> {
        let rendered = self.rendered.as_ref().and_then(|r| r.result.as_ref().ok());
        match (rendered, self.failures.is_empty()) {
            (Some(page), true) => Some(page),
            (rendered, _) => self.good_page.as_ref().or(rendered),
        }
    }
}

/// A page rendered from a lesson and its run, or why it could not be.
#[derive(Clone, Debug)]
pub(super) struct Rendered {
    pub key: RenderKey,
    pub result: Result<LessonHtml, String>,
}

/// What a lesson's page depends on besides the rest of the book.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RenderKey {
    display: String,
    source: String,
    scripts: Vec<ScriptKey>,
    generation: u64,
}

impl RenderKey {
    pub(super) fn of(lesson: &Lesson, state: &LessonState) -> RenderKey {
        RenderKey {
            display: lesson.display.clone(),
            source: lesson.source.clone(),
            scripts: state.script_keys.clone(),
            generation: state.generation,
        }
    }
}

/// The page shown for a lesson that could not be rendered and has no earlier page.
pub(super) fn unrendered_page(lesson: &Lesson) -> LessonHtml {
    LessonHtml {
        slug: lesson.slug.clone(),
        title: lesson.title.clone(),
        body: "<p class=\"rlbook-unrendered\">This lesson could not be rendered; the error \
               is shown above the page.</p>"
            .to_string(),
        toc: Vec::new(),
        search_text: String::new(),
        figures: Vec::new(),
        scripts: Vec::new(),
        warnings: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(body: &str) -> LessonHtml {
        LessonHtml {
            body: body.into(),
            ..unrendered_page(&lesson())
        }
    }

    fn lesson() -> Lesson {
        let path = std::path::PathBuf::from("/b/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), "# A\n".into(), Vec::new()).unwrap()
    }

    fn rendered(state: &LessonState, result: Result<LessonHtml, String>) -> Option<Rendered> {
        Some(Rendered {
            key: RenderKey::of(&lesson(), state),
            result,
        })
    }

    #[test]
    fn the_page_falls_back_to_the_last_good_one() {
        let mut s = LessonState::default();
        assert!(s.page().is_none());
        s.rendered = rendered(&s, Ok(page("new")));
        assert_eq!(s.page().map(|p| p.body.as_str()), Some("new"));
        s.failures = vec!["content/01-a.md:3:1: boom".into()];
        assert_eq!(s.page().map(|p| p.body.as_str()), Some("new"));
        s.good_page = Some(page("good"));
        assert_eq!(s.page().map(|p| p.body.as_str()), Some("good"));
        s.failures.clear();
        assert_eq!(s.page().map(|p| p.body.as_str()), Some("new"));
        s.rendered = rendered(&s, Err("bad".into()));
        assert_eq!(s.page().map(|p| p.body.as_str()), Some("good"));
        s.good_page = None;
        assert!(s.page().is_none());
    }

    #[test]
    fn render_keys_follow_source_scripts_and_run() {
        let mut s = LessonState::default();
        let key = RenderKey::of(&lesson(), &s);
        s.generation += 1;
        assert_ne!(RenderKey::of(&lesson(), &s), key);
        let mut other = lesson();
        other.source.push_str("more\n");
        assert_ne!(RenderKey::of(&other, &LessonState::default()), key);
        let unrendered = unrendered_page(&lesson());
        assert_eq!(unrendered.slug, "01-a");
        assert!(unrendered.body.contains("could not be rendered"));
    }

    #[test]
    fn script_runs_are_found_by_key() {
        let script = crate::book::script::Script {
            path: "/b/content/01-a/s.rlab".into(),
            display: "content/01-a/s.rlab".into(),
            file_name: "s.rlab".into(),
            name: "s".into(),
            description: String::new(),
            source: "print(1)\n".into(),
        };
        let mut s = LessonState::default();
        let key = ScriptKey::of(&script);
        assert!(s.script_run(&key).is_none());
        s.script_keys.push(key.clone());
        s.run.scripts.push(ScriptRun {
            text: "1".into(),
            figures: Vec::new(),
            error: None,
            values: Vec::new(),
        });
        assert_eq!(s.script_run(&key).map(|r| r.text.as_str()), Some("1"));
    }
}
