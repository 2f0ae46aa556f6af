//! Rendered pages in the cache: a lesson's [`LessonHtml`] is a function of the lesson (its
//! source, file, scripts, everything parsed from them), its run, the slugs and titles of the
//! book's lessons (what its links resolve to and show) and strictness. The key digests all of
//! them; the renderers (KaTeX, syntect, the figure renderer) are rlbook's own, pinned by the
//! build in the file header.

use super::digest::{Digest, KeyHasher};
use super::{Cache, CacheFile};
use crate::book::{Book, Lesson};
use crate::exec::LessonRun;
use crate::render::LessonHtml;

/// What every page of a build depends on besides its own lesson and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookKey(Digest);

impl BookKey {
    /// The lessons' slugs and titles, in book order, and strictness.
    pub fn of(book: &Book, strict: bool) -> BookKey {
        let mut h = KeyHasher::new("book for pages");
        h.bool(strict);
        for lesson in &book.lessons {
            h.str(&lesson.slug).str(&lesson.title);
        }
        BookKey(h.finish())
    }
}

/// The key of one lesson's page.
pub fn page_key(book: &BookKey, lesson: &Lesson, run: &LessonRun) -> Option<Digest> {
    let run = bincode::serialize(run).ok()?;
    let mut h = KeyHasher::new("page");
    h.digest(&book.0).str(&format!("{lesson:?}")).bytes(&run);
    Some(h.finish())
}

/// The cached page of `lesson` made for `key`. A page is stored with its key, as a pair.
pub fn load(cache: &Cache, lesson: &Lesson, key: &Digest) -> Option<LessonHtml> {
    let (stored, page): (Digest, LessonHtml) = cache.load(&CacheFile::page(&lesson.slug))?;
    (stored == *key && page.slug == lesson.slug).then_some(page)
}

/// Store the page of `lesson` made for `key`.
pub fn store(cache: &Cache, lesson: &Lesson, key: &Digest, page: &LessonHtml) -> bool {
    cache.store(&CacheFile::page(&lesson.slug), &(key, page))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::render::{FigureFile, ScriptPage, TocEntry};
    use std::path::{Path, PathBuf};

    fn lesson(slug: &str, source: &str) -> Lesson {
        let path = PathBuf::from(format!("/b/content/{slug}.md"));
        let display = format!("content/{slug}.md");
        Lesson::parse(path, display, source.into(), Vec::new()).unwrap()
    }

    fn book(lessons: Vec<Lesson>) -> Book {
        Book {
            config: Config::parse(Path::new("/b"), "", "book.toml").unwrap(),
            lessons,
        }
    }

    fn page() -> LessonHtml {
        LessonHtml {
            slug: "01-a".into(),
            title: "A".into(),
            body: "<p>x</p>".into(),
            toc: vec![TocEntry {
                level: 2,
                id: "x".into(),
                text: "X".into(),
            }],
            search_text: "x".into(),
            figures: vec![FigureFile {
                path: "figures/01-a/block-1-1.svg".into(),
                svg: "<svg/>".into(),
                csv: "panel,kind,series,x,y,z\n".into(),
            }],
            scripts: vec![ScriptPage {
                name: "s".into(),
                file_name: "s.rlab".into(),
                description: "d".into(),
                source_html: "<pre/>".into(),
                output: "1".into(),
                error: Some("e".into()),
                figures: Vec::new(),
                figures_html: String::new(),
            }],
            warnings: vec!["w".into()],
        }
    }

    #[test]
    fn a_page_round_trips_under_its_key_only() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path(), true);
        let a = lesson("01-a", "# A\n\nText.\n");
        let b = book(vec![a.clone()]);
        let key = page_key(&BookKey::of(&b, false), &a, &LessonRun::default()).unwrap();
        assert!(load(&cache, &a, &key).is_none());
        assert!(store(&cache, &a, &key, &page()));
        assert_eq!(load(&cache, &a, &key), Some(page()));
        let other = Digest::of(b"other");
        assert!(load(&cache, &a, &other).is_none());
        assert!(!store(&Cache::disabled(), &a, &key, &page()));
    }

    #[test]
    fn keys_follow_the_lesson_its_run_and_the_titles_it_can_link_to() {
        let a = lesson("01-a", "# A\n\nSee [[02-b]].\n");
        let b = lesson("02-b", "# B\n");
        let base = book(vec![a.clone(), b.clone()]);
        let run = LessonRun::default();
        let key = |book: &Book, l: &Lesson, r: &LessonRun, strict| {
            page_key(&BookKey::of(book, strict), l, r).unwrap()
        };
        let k = key(&base, &a, &run, false);
        assert_eq!(k, key(&base, &a, &run, false));
        assert_ne!(k, key(&base, &a, &run, true));
        let retitled = book(vec![a.clone(), lesson("02-b", "# B, renamed\n")]);
        assert_ne!(k, key(&retitled, &a, &run, false));
        let edited = lesson("01-a", "# A\n\nSee [[02-b]] now.\n");
        assert_ne!(k, key(&base, &edited, &run, false));
        let ran = LessonRun {
            inlines: vec![crate::exec::InlineRun {
                value: Ok("1".into()),
            }],
            ..LessonRun::default()
        };
        assert_ne!(k, key(&base, &a, &ran, false));
    }
}
