//! Rendered pages in the cache: a lesson's [`LessonHtml`] is a function of the lesson (its
//! file, source and scripts, everything parsed from them), its run, strictness, and the
//! titles of the lessons it links to. The key digests the first three; the page itself lists
//! the lessons it looked up ([`LessonHtml::linked`]), and it stands while each of them still
//! has the title it had (or is still absent). The renderers (KaTeX, syntect, the figure
//! renderer) are rlbook's own, pinned by the build in the file header. The edition is part
//! of the key too: a student page is never taken for the teacher page of the same lesson.
//! With live code on, so are the settings and files its live script carries.

use super::LessonHtml;
use crate::book::{Book, Lesson};
use crate::cache::digest::{Digest, KeyHasher};
use crate::cache::{Cache, CacheFile, inputs};
use crate::config::Config;
use crate::exec::LessonRun;

/// The key of one lesson's page (`None` when the run cannot be serialized).
pub(crate) fn page_key(
    strict: bool,
    config: &Config,
    lesson: &Lesson,
    run: &LessonRun,
) -> Option<Digest> {
    let bytes = bincode::serialize(run).ok()?;
    let mut h = KeyHasher::new("page");
    h.bool(strict).str(config.edition.name());
    // What exercises show: the solution's reveal, the expected answers' tolerance, the link
    // the other formats give to check them.
    h.u64(config.exercises.reveal_after.map_or(0, u64::from));
    h.f64(config.tolerance.rtol).f64(config.tolerance.atol);
    h.opt_str(config.book.url.as_deref());
    inputs::lesson(&mut h, lesson);
    h.bytes(&bytes);
    live_inputs(&mut h, config, run);
    Some(h.finish())
}

/// What a page's live script holds besides the lesson and its run: the `[exec]` settings and
/// the bytes of the files the run (its notebook's steps, its scripts) read.
fn live_inputs(h: &mut KeyHasher, config: &Config, run: &LessonRun) {
    h.bool(config.live);
    if !config.live {
        return;
    }
    let exec = &config.exec;
    h.u64(exec.seed).f64(exec.time_limit.as_secs_f64());
    h.u64(exec.max_alloc_bytes as u64)
        .u64(exec.max_call_depth as u64)
        .u64(exec.nproc as u64);
    let scripts = run.scripts.iter().flat_map(|s| &s.files);
    for path in run.files.iter().flatten().chain(scripts) {
        h.path(path).opt_bytes(std::fs::read(path).ok().as_deref());
    }
}

/// Whether `page` still shows the lessons it links to as `book` has them.
pub(crate) fn links_stand(page: &LessonHtml, book: &Book) -> bool {
    page.linked
        .iter()
        .all(|(slug, title)| book.lesson(slug).map(|l| &l.title) == title.as_ref())
}

/// The cached page of `lesson` made for `key`, if its links still stand in `book`. A page is
/// stored with its key, as a pair.
pub(crate) fn load(
    cache: &Cache,
    book: &Book,
    lesson: &Lesson,
    key: &Digest,
) -> Option<LessonHtml> {
    let (stored, page): (Digest, LessonHtml) = cache.load(&CacheFile::page(&lesson.slug))?;
    (stored == *key && page.slug == lesson.slug && links_stand(&page, book)).then_some(page)
}

/// Store the page of `lesson` made for `key`.
pub(crate) fn store(cache: &Cache, lesson: &Lesson, key: &Digest, page: &LessonHtml) -> bool {
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
            cites: false,
            terms: false,
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
                live: None,
            }],
            warnings: vec![crate::diagnostic::Diagnostic::warning(
                crate::diagnostic::Kind::Render,
                "w",
            )],
            linked: Vec::new(),
            live: Some("self.rlabLiveData={};\n".into()),
        }
    }

    #[test]
    fn a_page_round_trips_under_its_key_only() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path(), true);
        let a = lesson("01-a", "# A\n\nText.\n");
        let b = book(vec![a.clone()]);
        let key = page_key(false, &b.config, &a, &LessonRun::default()).unwrap();
        assert!(load(&cache, &b, &a, &key).is_none());
        assert!(store(&cache, &a, &key, &page()));
        assert_eq!(load(&cache, &b, &a, &key), Some(page()));
        let other = Digest::of(b"other");
        assert!(load(&cache, &b, &a, &other).is_none());
        assert!(!store(&Cache::disabled(), &a, &key, &page()));
    }

    #[test]
    fn keys_follow_the_lesson_its_run_and_the_titles_it_links_to() {
        let a = lesson("01-a", "# A\n\nSee [[02-b]].\n");
        let b = lesson("02-b", "# B\n");
        let base = book(vec![a.clone(), b.clone()]);
        let run = LessonRun::default();
        let config = &base.config;
        let key = |l: &Lesson, r: &LessonRun, strict| page_key(strict, config, l, r).unwrap();
        let k = key(&a, &run, false);
        assert_eq!(k, key(&a, &run, false));
        assert_ne!(k, key(&a, &run, true));
        let student = Config {
            edition: crate::config::Edition::Student,
            ..config.clone()
        };
        assert_ne!(k, page_key(false, &student, &a, &run).unwrap());
        let no_live = Config {
            live: false,
            ..config.clone()
        };
        assert_ne!(k, page_key(false, &no_live, &a, &run).unwrap());
        let mut slower = config.clone();
        slower.exec.time_limit *= 2;
        assert_ne!(k, page_key(false, &slower, &a, &run).unwrap());
        let linking = LessonHtml {
            linked: vec![("02-b".into(), Some("B".into()))],
            ..page()
        };
        assert!(links_stand(&linking, &base));
        let retitled = book(vec![a.clone(), lesson("02-b", "# B, renamed\n")]);
        assert!(!links_stand(&linking, &retitled));
        let gone = book(vec![a.clone()]);
        assert!(!links_stand(&linking, &gone));
        let added = book(vec![a.clone(), b.clone(), lesson("03-c", "# C\n")]);
        assert!(
            links_stand(&linking, &added),
            "a lesson it does not link to"
        );
        let edited = lesson("01-a", "# A\n\nSee [[02-b]] now.\n");
        assert_ne!(k, key(&edited, &run, false));
        let ran = LessonRun {
            inlines: vec![crate::exec::InlineRun {
                value: Ok("1".into()),
            }],
            ..LessonRun::default()
        };
        assert_ne!(k, key(&a, &ran, false));
    }
}
