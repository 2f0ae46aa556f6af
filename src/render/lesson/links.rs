//! Links between lessons. A relative link to `other.md` (or `../x/other.md#frag`) whose file
//! stem is a lesson of the book points to `other.html#frag`; a wikilink `[[02-slug]]`,
//! `[[02-slug#frag]]` or `[[02-slug|text]]` points to the lesson `02-slug`, its text
//! defaulting to the lesson's title. A `.md` link or wikilink that names no lesson of the book
//! is kept as written and reported as `broken lesson link 'x.md'`.

use super::{Doc, Ev};
use crate::render::common::urls::named_lesson;
use pulldown_cmark::{CowStr, Event, LinkType, Tag, TagEnd};

pub(crate) fn rewrite<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let mut out = Vec::with_capacity(events.len());
    let mut iter = events.into_iter();
    while let Some((event, range)) = iter.next() {
        let Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) = event
        else {
            out.push((event, range));
            continue;
        };
        let wiki = matches!(link_type, LinkType::WikiLink { .. });
        let target = if wiki {
            wiki_target(doc, &dest_url)
        } else {
            md_target(doc, &dest_url)
        };
        let dest = match &target {
            Target::Lesson { href, .. } => CowStr::from(href.clone()),
            Target::Broken => {
                doc.warn(range.start, &format!("broken lesson link '{dest_url}'"));
                dest_url
            }
            Target::Other => dest_url,
        };
        let start = Tag::Link {
            link_type,
            dest_url: dest,
            title,
            id,
        };
        out.push((Event::Start(start), range.clone()));
        match target {
            Target::Lesson { title: Some(t), .. }
                if link_type == (LinkType::WikiLink { has_pothole: false }) =>
            {
                replace_text(&mut iter, &mut out, t, range);
            }
            _ => {}
        }
    }
    out
}

enum Target {
    /// A lesson of the book; `title` is its title (for wikilink text).
    Lesson { href: String, title: Option<String> },
    /// Names a lesson file that is not in the book.
    Broken,
    /// Not a lesson link.
    Other,
}

fn wiki_target(doc: &mut Doc, dest: &str) -> Target {
    match named_lesson(dest, true) {
        Some((slug, frag)) => lesson_target(doc, slug, frag),
        None => Target::Other,
    }
}

fn md_target(doc: &mut Doc, dest: &str) -> Target {
    match named_lesson(dest, false) {
        Some((slug, frag)) => lesson_target(doc, slug, frag),
        None => Target::Other,
    }
}

fn lesson_target(doc: &mut Doc, slug: &str, frag: Option<&str>) -> Target {
    match doc.lookup_lesson(slug) {
        Some(lesson) => {
            let mut href = crate::render::common::urls::encode_segment(&lesson.slug) + ".html";
            if let Some(f) = frag.filter(|f| !f.is_empty()) {
                href.push('#');
                href.push_str(f);
            }
            Target::Lesson {
                href,
                title: Some(lesson.title.clone()),
            }
        }
        None => Target::Broken,
    }
}

/// Replace the link's content (up to its `End`) by `text`.
fn replace_text<'t>(
    iter: &mut impl Iterator<Item = Ev<'t>>,
    out: &mut Vec<Ev<'t>>,
    text: String,
    range: std::ops::Range<usize>,
) {
    out.push((Event::Text(CowStr::from(text)), range));
    let mut depth = 0usize;
    for (event, range) in iter.by_ref() {
        match event {
            Event::Start(_) => depth += 1,
            Event::End(TagEnd::Link) if depth == 0 => {
                out.push((event, range));
                return;
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::exec::LessonRun;
    use crate::render::lesson::{RenderContext, render_lesson};
    use crate::render::math::MathCache;
    use crate::render::testutil::{FAKE_DRAW, book_of, lesson};
    use std::path::PathBuf;

    fn other() -> crate::book::Lesson {
        crate::book::Lesson::parse(
            PathBuf::from("/b/content/02-softmax.md"),
            "content/02-softmax.md".into(),
            "# Softmax & *friends*\n".into(),
            vec![],
        )
        .unwrap()
    }

    fn page(src: &str, strict: bool) -> anyhow::Result<crate::render::LessonHtml> {
        let book = book_of(vec![other(), lesson(src)]);
        let math = MathCache::default();
        let ctx = RenderContext {
            book: &book,
            tables: &crate::render::Tables::default(),
            math: &math,
            strict,
            draw_figure: FAKE_DRAW,
        };
        render_lesson(&ctx, &book.lessons[1], &LessonRun::default())
    }

    #[test]
    fn md_links_to_lessons() {
        let src = "# T\n\nSee [two](02-softmax.md), [frag](../notebooks/02-softmax.md#theory), [web](https://x.org/a.md), [self](#top), [img](pic.png).\n";
        let p = page(src, false).unwrap();
        assert!(
            p.body.contains("<a href=\"02-softmax.html\">two</a>"),
            "{}",
            p.body
        );
        assert!(
            p.body
                .contains("<a href=\"02-softmax.html#theory\">frag</a>")
        );
        assert!(p.body.contains("<a href=\"https://x.org/a.md\">web</a>"));
        assert!(p.body.contains("<a href=\"#top\">self</a>"));
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    #[test]
    fn wikilinks() {
        let src = "# T\n\nSee [[02-softmax]] and [[02-softmax#x|the *softmax* lesson]].\n";
        let p = page(src, false).unwrap();
        assert!(
            p.body
                .contains("<a href=\"02-softmax.html\">Softmax &amp; friends</a>"),
            "{}",
            p.body
        );
        assert!(
            p.body
                .contains("<a href=\"02-softmax.html#x\">the <em>softmax</em> lesson</a>"),
            "{}",
            p.body
        );
    }

    #[test]
    fn broken_links_warn_with_their_line_or_fail_when_strict() {
        let src = "# T\n\nok\n\n[gone](13-gone.md) and\n[[14-gone]]\n";
        let p = page(src, false).unwrap();
        assert_eq!(
            crate::render::testutil::warning_texts(&p),
            [
                "content/03-x.md:5: broken lesson link '13-gone.md'",
                "content/03-x.md:6: broken lesson link '14-gone'"
            ]
        );
        assert!(p.body.contains("<a href=\"13-gone.md\">gone</a>"));
        let err = page(src, true).unwrap_err().to_string();
        assert!(
            err.contains("content/03-x.md:5: broken lesson link '13-gone.md'"),
            "{err}"
        );
        assert!(err.contains("content/03-x.md:6:"), "{err}");
    }
}
