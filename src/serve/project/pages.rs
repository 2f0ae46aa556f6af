//! Pages for a rebuild: render the lessons whose page is out of date (their source, scripts
//! or run changed, or a lesson they link to was added, removed or retitled), in parallel,
//! then write the site when any page, template or theme file changed.

use super::state::{LessonState, RenderKey, Rendered, unrendered_page};
use crate::book::Book;
use crate::render::LessonHtml;
use crate::render::lesson::{RenderContext, render_lesson};
use crate::render::math::{Formula, MathCache};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The lessons' slugs and titles, in book order: what links and navigation show.
pub(super) type Nav = Vec<(String, String)>;

pub(super) fn nav_of(book: &Book) -> Nav {
    book.lessons
        .iter()
        .map(|l| (l.slug.clone(), l.title.clone()))
        .collect()
}

/// Forget the pages of lessons whose source names a lesson that was added, removed or
/// retitled between `old` and `new` (their links show its title, or are broken).
pub(super) fn invalidate_links(
    book: &Book,
    states: &mut HashMap<String, LessonState>,
    old: &Nav,
    new: &Nav,
) {
    let before: BTreeSet<&(String, String)> = old.iter().collect();
    let after: BTreeSet<&(String, String)> = new.iter().collect();
    let touched: BTreeSet<&str> = before
        .symmetric_difference(&after)
        .map(|(slug, _)| slug.as_str())
        .collect();
    if touched.is_empty() {
        return;
    }
    for lesson in &book.lessons {
        if touched.iter().any(|slug| lesson.source.contains(slug))
            && let Some(state) = states.get_mut(&lesson.slug)
        {
            state.rendered = None;
        }
    }
}

/// The lessons (by index) whose page is out of date, with the key of the page to render.
fn stale(book: &Book, states: &HashMap<String, LessonState>) -> Vec<(usize, RenderKey)> {
    book.lessons
        .iter()
        .enumerate()
        .filter_map(|(i, lesson)| {
            let state = states.get(&lesson.slug)?;
            let key = RenderKey::of(lesson, state);
            let fresh = state.rendered.as_ref().is_some_and(|r| r.key == key);
            (!fresh).then_some((i, key))
        })
        .collect()
}

/// The formulas of the pages that are out of date.
pub(super) fn stale_formulas(book: &Book, states: &HashMap<String, LessonState>) -> Vec<Formula> {
    stale(book, states)
        .into_par_iter()
        .flat_map_iter(|(i, _)| {
            let lesson = book.lessons.get(i);
            let state = lesson.and_then(|l| states.get(&l.slug));
            match (lesson, state) {
                (Some(l), Some(s)) => crate::render::lesson::formulas(l, &s.run),
                _ => Vec::new(),
            }
        })
        .collect()
}

/// The formulas of every page, as the runs stand.
pub(super) fn all_formulas(
    book: &Book,
    states: &HashMap<String, LessonState>,
) -> std::collections::HashSet<Formula> {
    book.lessons
        .par_iter()
        .flat_map_iter(|l| match states.get(&l.slug) {
            Some(state) => crate::render::lesson::formulas(l, &state.run),
            None => Vec::new(),
        })
        .collect()
}

/// Render every lesson whose page is out of date; returns their slugs and the warnings
/// of the fresh pages (`warning: file:line: …`).
pub(super) fn render(
    book: &Book,
    math: &MathCache,
    states: &mut HashMap<String, LessonState>,
) -> (Vec<String>, Vec<String>) {
    let stale = stale(book, states);
    let ctx = RenderContext {
        book,
        math,
        strict: false,
        draw_figure: crate::lang::plot::svg::draw,
    };
    let shared: &HashMap<String, LessonState> = states;
    let results: Vec<(usize, Result<LessonHtml, String>)> = stale
        .par_iter()
        .filter_map(|(i, _)| {
            let lesson = book.lessons.get(*i)?;
            let run = &shared.get(&lesson.slug)?.run;
            Some((
                *i,
                render_lesson(&ctx, lesson, run).map_err(|e| format!("{e:#}")),
            ))
        })
        .collect();
    let mut rendered = Vec::new();
    let mut warnings = Vec::new();
    for ((i, result), (_, key)) in results.into_iter().zip(stale) {
        let Some(lesson) = book.lessons.get(i) else {
            continue;
        };
        let Some(state) = states.get_mut(&lesson.slug) else {
            continue;
        };
        if let Ok(page) = &result {
            warnings.extend(page.warnings.iter().map(|w| format!("warning: {w}")));
            if state.failures.is_empty() {
                state.good_page = Some(page.clone());
            }
        }
        state.rendered = Some(Rendered { key, result });
        rendered.push(lesson.slug.clone());
    }
    (rendered, warnings)
}

/// The page of every lesson, in book order, as it should be published.
pub(super) fn pages(book: &Book, states: &HashMap<String, LessonState>) -> Vec<LessonHtml> {
    book.lessons
        .iter()
        .map(|lesson| {
            states
                .get(&lesson.slug)
                .and_then(LessonState::page)
                .cloned()
                .unwrap_or_else(|| unrendered_page(lesson))
        })
        .collect()
}

/// The render errors of the lessons, in book order.
pub(super) fn render_errors(book: &Book, states: &HashMap<String, LessonState>) -> Vec<String> {
    book.lessons
        .iter()
        .filter_map(|l| states.get(&l.slug)?.rendered.as_ref()?.result.clone().err())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::test_support::write;
    use std::path::Path;

    fn load(root: &Path) -> (Book, HashMap<String, LessonState>) {
        let book = Book::load(Config::load(root).unwrap()).unwrap();
        let states = book
            .lessons
            .iter()
            .map(|l| (l.slug.clone(), LessonState::default()))
            .collect();
        (book, states)
    }

    #[test]
    fn only_out_of_date_pages_render_and_links_follow_titles() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "content/01-a.md", "# A\n\nSee [[02-b]].\n");
        write(root, "content/02-b.md", "# B\n\nText $x^2$.\n");
        write(root, "content/03-c.md", "# C\n");
        let (book, mut states) = load(root);
        let math = MathCache::default();
        let (rendered, _) = render(&book, &math, &mut states);
        assert_eq!(rendered, ["01-a", "02-b", "03-c"]);
        assert!(pages(&book, &states)[0].body.contains(">B</a>"));
        let (again, _) = render(&book, &math, &mut states);
        assert!(again.is_empty());
        assert!(stale_formulas(&book, &states).is_empty());
        assert_eq!(all_formulas(&book, &states).len(), 1);

        write(root, "content/02-b.md", "# Bee\n\nText $x^2$.\n");
        let (book2, _) = load(root);
        invalidate_links(&book2, &mut states, &nav_of(&book), &nav_of(&book2));
        let formulas = stale_formulas(&book2, &states);
        assert_eq!(formulas.len(), 1, "02-b's own formula: {formulas:?}");
        assert_eq!(formulas[0].tex, "x^2");
        let (rendered, _) = render(&book2, &math, &mut states);
        assert_eq!(rendered, ["01-a", "02-b"]);
        let all = pages(&book2, &states);
        assert!(all[0].body.contains(">Bee</a>"), "{}", all[0].body);
        assert_eq!(all[1].title, "Bee");
        assert!(render_errors(&book2, &states).is_empty());
    }

    #[test]
    fn broken_links_warn_and_a_lesson_without_state_gets_a_placeholder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "content/01-a.md", "# A\n\nSee [x](09-gone.md).\n");
        let (book, mut states) = load(root);
        let (_, warnings) = render(&book, &MathCache::default(), &mut states);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].starts_with("warning: content/01-a.md:3:"),
            "{warnings:?}"
        );
        let placeholder = pages(&book, &HashMap::new());
        assert!(placeholder[0].body.contains("could not be rendered"));
    }
}
