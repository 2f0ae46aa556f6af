//! The render stage: every lesson's page, from the engine's memory when a page made for the
//! same key (lesson, run, strictness) is there and its links still stand, else from the
//! book's cache on the same terms ([`crate::render::page_cache`]), else rendered (in parallel,
//! with the formulas and highlighting of earlier builds). Then the page each lesson shows:
//! its own, or, where the request asks for fallbacks (`serve`) and the lesson's run failed
//! or its page could not be rendered, the last good page (a placeholder when there is none).

use crate::book::{Book, Lesson};
use crate::cache::Cache;
use crate::cache::digest::{Digest, KeyHasher};
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::LessonRun;
use crate::render::highlight;
use crate::render::lesson::{RenderContext, formulas, render_lesson};
use crate::render::math::{Formula, MathCache, collect_formulas};
use crate::render::matter::html::{MatterHtml, glossary_formulas};
use crate::render::page_cache;
use crate::render::site::Pages;
use crate::render::{LessonHtml, Tables};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};

/// A page and the key it was made for.
pub(crate) type Keyed = (Digest, LessonHtml);

/// The key of a back-matter page: what it shows.
pub(super) fn matter_key(page: &MatterHtml) -> Digest {
    KeyHasher::new("back matter")
        .str(page.kind.slug())
        .str(&page.body)
        .str(&page.search_text)
        .finish()
}

/// The pages of a published site, owned: the lessons' and the back matter's.
#[derive(Clone, Default)]
pub(crate) struct SitePages {
    pub lessons: Vec<LessonHtml>,
    pub matter: Vec<MatterHtml>,
}

impl SitePages {
    /// The pages as the site assembles them.
    pub(crate) fn view(&self) -> Pages<'_> {
        Pages {
            lessons: &self.lessons,
            matter: &self.matter,
        }
    }
}

/// What the engine remembers of pages between passes (nothing unless it is kept warm).
#[derive(Default)]
pub(super) struct PageMemory {
    /// Whether to remember pages at all (a one-pass build does not).
    pub warm: bool,
    /// The last page of each lesson, by slug.
    pages: HashMap<String, Keyed>,
    /// The last page of each lesson made from a run without errors.
    good: HashMap<String, Keyed>,
    /// Every formula rendered so far (from the book's cache, then as pages needed them).
    math: Option<MathCache>,
}

/// The key of every lesson's page, index-aligned with the lessons: the page's own inputs
/// and what it shows of the book's cross-references and citations.
pub(super) fn page_keys(
    book: &Book,
    runs: &[LessonRun],
    tables: &Tables,
    strict: bool,
) -> Vec<Digest> {
    let key = |(lesson, run): (&Lesson, &LessonRun)| match page_cache::page_key(
        strict,
        &book.config,
        lesson,
        run,
    ) {
        Some(key) => KeyHasher::new("page and xrefs")
            .digest(&key)
            .digest(&tables.xrefs.digest_for(&lesson.slug))
            .digest(&tables.citations.digest_for(&lesson.slug))
            .digest(&tables.glossary.digest_for(&lesson.slug))
            .finish(),
        None => unkeyed(lesson),
    };
    (book.lessons.par_iter().zip(runs)).map(key).collect()
}

/// A key no page is stored under (a run that cannot be serialized is rendered every time).
fn unkeyed(lesson: &Lesson) -> Digest {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    KeyHasher::new("unkeyed page")
        .str(&lesson.slug)
        .str(&nanos.to_string())
        .finish()
}

/// What the render stage made.
pub(super) struct Rendered {
    /// The page each lesson shows, with its key; `None` where there is none to show.
    pub pages: Vec<Option<Keyed>>,
    /// The lessons whose page was rendered in this pass.
    pub names: Vec<String>,
    /// Lessons whose page could not be rendered.
    pub failed: usize,
}

impl PageMemory {
    /// Every lesson's page; with `fallback`, a lesson whose run had errors shows its last
    /// good page. Warnings and render errors go to `out`.
    pub(super) fn render(
        &mut self,
        ctx: &Inputs,
        fallback: bool,
        out: &mut Vec<Diagnostic>,
    ) -> Rendered {
        let found = self.found(ctx);
        let missing: Vec<usize> = (0..found.len()).filter(|&i| found[i].is_none()).collect();
        let fresh = self.render_missing(ctx, &missing);
        let mut rendered = Rendered {
            pages: Vec::with_capacity(found.len()),
            names: Vec::new(),
            failed: 0,
        };
        let mut fresh = fresh.into_iter();
        for (i, (lesson, page)) in ctx.book.lessons.iter().zip(found).enumerate() {
            let key = ctx.keys[i];
            let result = match page {
                Some(page) => Ok(page),
                None => {
                    rendered.names.push(lesson.slug.clone());
                    let result = fresh.next().unwrap_or_else(|| Err(not_rendered(lesson)));
                    if let Ok(page) = &result {
                        page_cache::store(ctx.cache, lesson, &key, page);
                    }
                    result
                }
            };
            let failed_run = ctx.failed.get(i).copied().unwrap_or(false);
            let shown = self.remember(lesson, key, result, failed_run, &mut rendered, out);
            let page = if fallback && (failed_run || shown.is_none()) {
                Some(self.fallback(lesson, shown))
            } else {
                shown
            };
            rendered.pages.push(page);
        }
        rendered
    }

    /// The pages that stand in memory or in the book's cache.
    fn found(&self, ctx: &Inputs) -> Vec<Option<LessonHtml>> {
        (ctx.book.lessons.par_iter().zip(ctx.keys))
            .map(|(lesson, key)| {
                let kept = self
                    .pages
                    .get(&lesson.slug)
                    .filter(|(k, page)| k == key && page_cache::links_stand(page, ctx.book));
                match kept {
                    Some((_, page)) => Some(page.clone()),
                    None => page_cache::load(ctx.cache, ctx.book, lesson, key),
                }
            })
            .collect()
    }

    /// Remember a lesson's page; its warnings or error go to `out`. Returns what it shows.
    fn remember(
        &mut self,
        lesson: &Lesson,
        key: Digest,
        result: Result<LessonHtml, Vec<Diagnostic>>,
        failed_run: bool,
        rendered: &mut Rendered,
        out: &mut Vec<Diagnostic>,
    ) -> Option<Keyed> {
        match result {
            Ok(page) => {
                out.extend(page.warnings.iter().cloned());
                let keyed = (key, page);
                if self.warm {
                    if !failed_run {
                        self.good.insert(lesson.slug.clone(), keyed.clone());
                    }
                    self.pages.insert(lesson.slug.clone(), keyed.clone());
                }
                Some(keyed)
            }
            Err(errors) => {
                rendered.failed += 1;
                out.extend(errors);
                None
            }
        }
    }

    /// The last good page of `lesson`, else what it shows now, else a placeholder.
    fn fallback(&self, lesson: &Lesson, shown: Option<Keyed>) -> Keyed {
        let placeholder = || {
            let key = KeyHasher::new("placeholder").str(&lesson.slug).finish();
            (key, unrendered_page(lesson))
        };
        (self.good.get(&lesson.slug).cloned())
            .or(shown)
            .unwrap_or_else(placeholder)
    }

    /// Render the lessons at `indices`, in parallel, with formulas and highlighting from the
    /// cache; store what was new in them.
    fn render_missing(
        &mut self,
        ctx: &Inputs,
        indices: &[usize],
    ) -> Vec<Result<LessonHtml, Vec<Diagnostic>>> {
        if indices.is_empty() {
            return Vec::new();
        }
        let book = ctx.book;
        let chosen: Vec<(&Lesson, &LessonRun)> = indices
            .iter()
            .filter_map(|&i| Some((book.lessons.get(i)?, ctx.runs.get(i)?)))
            .collect();
        let math = self.math.get_or_insert_with(|| {
            highlight::load_cached(ctx.cache);
            MathCache::load(ctx.cache)
        });
        // The glossary's definitions too: a lesson shows one wherever it uses a term.
        let mut needed: Vec<Formula> = (chosen.par_iter())
            .flat_map_iter(|(lesson, run)| formulas(lesson, run))
            .collect();
        needed.extend(glossary_formulas(&ctx.tables.glossary));
        if math.extend(needed) > 0 {
            let all = collect_formulas(book, ctx.runs, &ctx.tables.glossary);
            let live: HashSet<Formula> = all.into_iter().collect();
            math.store(ctx.cache, |f| live.contains(f));
        }
        let render = RenderContext {
            book,
            math,
            tables: ctx.tables,
            strict: ctx.strict,
            draw_figure: crate::render::figure::SVG,
        };
        let results = (chosen.par_iter())
            .map(|(lesson, run)| {
                render_lesson(&render, lesson, run)
                    .map_err(|e| Diagnostic::of_error(Kind::Render, &e))
            })
            .collect();
        highlight::store_cached_for(ctx.cache, book);
        results
    }
}

/// What the render stage reads.
pub(super) struct Inputs<'a> {
    pub book: &'a Book,
    pub runs: &'a [LessonRun],
    pub tables: &'a Tables,
    /// Whether each lesson's run had execution errors.
    pub failed: &'a [bool],
    pub keys: &'a [Digest],
    pub strict: bool,
    pub cache: &'a Cache,
}

fn not_rendered(lesson: &Lesson) -> Vec<Diagnostic> {
    let message = "the page was not rendered";
    vec![Diagnostic::error(Kind::Render, message).in_file(lesson.display.clone())]
}

/// The page shown for a lesson that could not be rendered and has no earlier page.
fn unrendered_page(lesson: &Lesson) -> LessonHtml {
    LessonHtml {
        cites: false,
        terms: false,
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
        linked: Vec::new(),
        live: None,
    }
}
