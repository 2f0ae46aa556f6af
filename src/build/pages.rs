//! The render step of a build, through the book's cache: a page whose lesson, run and linked
//! titles are unchanged comes from the cache; the others are rendered (in parallel) with the
//! cached formulas and highlighting, rendering only what was never seen, and stored. With the
//! cache disabled every page is rendered.

use crate::book::{Book, Lesson};
use crate::cache::Cache;
use crate::cache::digest::Digest;
use crate::cache::pages::{self, BookKey};
use crate::exec::LessonRun;
use crate::render::LessonHtml;
use crate::render::highlight;
use crate::render::lesson::{RenderContext, render_lesson};
use crate::render::math::{Formula, MathCache, collect_formulas};
use anyhow::Result;
use rayon::prelude::*;
use std::collections::HashSet;

/// The page of every lesson (`runs[i]` and `keys[i]`, from [`page_keys`], belong to
/// `book.lessons[i]`), or the render error of each lesson that failed, in book order.
pub(super) fn render_pages(
    book: &Book,
    runs: &[LessonRun],
    strict: bool,
    cache: &Cache,
    keys: &[Option<Digest>],
) -> Vec<Result<LessonHtml>> {
    let found: Vec<Option<LessonHtml>> = book
        .lessons
        .par_iter()
        .zip(keys)
        .map(|(lesson, key)| key.as_ref().and_then(|k| pages::load(cache, lesson, k)))
        .collect();
    let missing: Vec<usize> = (0..found.len())
        .filter(|&i| found.get(i).is_some_and(Option::is_none))
        .collect();
    let mut fresh = render_missing(book, runs, strict, cache, &missing).into_iter();
    book.lessons
        .iter()
        .zip(found.into_iter().zip(keys))
        .map(|(lesson, (page, key))| match page {
            Some(page) => Ok(page),
            None => {
                let result = fresh.next().unwrap_or_else(|| {
                    Err(anyhow::anyhow!(
                        "{}: the page was not rendered",
                        lesson.display
                    ))
                });
                if let (Some(key), Ok(page)) = (key, &result) {
                    pages::store(cache, lesson, key, page);
                }
                result
            }
        })
        .collect()
}

/// The key of every lesson's page (`None` without a cache, or where a run cannot be keyed).
pub(super) fn page_keys(
    book: &Book,
    runs: &[LessonRun],
    strict: bool,
    cache: &Cache,
) -> Vec<Option<Digest>> {
    if !cache.is_enabled() {
        return vec![None; book.lessons.len()];
    }
    let book_key = BookKey::of(book, strict);
    (book.lessons.par_iter().zip(runs))
        .map(|(lesson, run)| pages::page_key(&book_key, lesson, run))
        .collect()
}

/// Render the lessons at `indices`, in parallel, with formulas and highlighting from the
/// cache; store what was new in them.
fn render_missing(
    book: &Book,
    runs: &[LessonRun],
    strict: bool,
    cache: &Cache,
    indices: &[usize],
) -> Vec<Result<LessonHtml>> {
    if indices.is_empty() {
        return Vec::new();
    }
    let chosen: Vec<(&Lesson, &LessonRun)> = indices
        .iter()
        .filter_map(|&i| Some((book.lessons.get(i)?, runs.get(i)?)))
        .collect();
    highlight::load_cached(cache);
    let mut math = MathCache::load(cache);
    let formulas: Vec<Formula> = chosen
        .par_iter()
        .flat_map_iter(|(lesson, run)| crate::render::lesson::formulas(lesson, run))
        .collect();
    let new_formulas = math.extend(formulas);
    let ctx = RenderContext {
        book,
        math: &math,
        strict,
        draw_figure: crate::lang::plot::svg::draw,
    };
    let results = chosen
        .par_iter()
        .map(|(lesson, run)| render_lesson(&ctx, lesson, run))
        .collect();
    if new_formulas > 0 {
        let live: HashSet<Formula> = collect_formulas(book, runs).into_iter().collect();
        math.store(cache, |f| live.contains(f));
    }
    highlight::store_cached_for(cache, book);
    results
}
