//! Links in the Markdown book. The book's files sit side by side, so a link to another
//! lesson is `<slug>.md` (`<slug>.md#fragment`): a relative `.md` link into another folder
//! is pointed at the lesson's file, and a wikilink `[[02-slug]]` / `[[02-slug|text]]`
//! becomes a Markdown link, its text defaulting to the lesson's title. A lesson link that
//! names no lesson of the book is kept as written and reported, as on the HTML page. A
//! heading's `{#id}` (which GitHub would show) is taken off the heading and kept as an
//! anchor before it.

use super::Page;
use super::edits::{self, Edits};
use crate::render::common::outline::Outline;
use crate::render::common::urls::encode_segment;
use crate::render::common::urls::named_lesson;

/// The edits that write the lesson's links and heading ids.
pub(crate) fn edit(page: &mut Page, outline: &Outline, edits: &mut Edits) {
    let source = page.lesson.source.as_str();
    for link in &outline.links {
        let Some((slug, frag)) = named_lesson(&link.dest, link.wiki) else {
            continue;
        };
        let Some(lesson) = page.book.lesson(slug) else {
            page.warn(
                link.range.start,
                &format!("broken lesson link '{}'", link.dest),
            );
            continue;
        };
        let mut href = encode_segment(&lesson.slug) + ".md";
        if let Some(f) = frag.filter(|f| !f.is_empty()) {
            href.push('#');
            href.push_str(f);
        }
        let written = &source[link.range.clone()];
        if link.wiki {
            let text = written
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split_once('|')
                .map_or(lesson.title.as_str(), |(_, t)| t.trim());
            edits.replace(link.range.clone(), format!("[{text}]({href})"));
        } else if link.inline
            && link.dest != href
            && let Some(split) = written.rfind("](")
        {
            let text = &written[..split];
            edits.replace(link.range.clone(), format!("{text}]({href})"));
        }
    }
    heading_ids(source, outline, edits);
}

/// Each heading's `{#id}` taken off its line and written as an anchor before it.
fn heading_ids(source: &str, outline: &Outline, edits: &mut Edits) {
    for heading in &outline.headings {
        let Some(id) = &heading.id else { continue };
        let line_end = source[heading.range.clone()]
            .find('\n')
            .map_or(heading.range.end, |i| heading.range.start + i);
        let line = &source[heading.range.start..line_end];
        if let Some(attr) = line
            .rfind('{')
            .filter(|&i| line[i..].contains(&format!("#{id}")))
        {
            let start = heading.range.start + line[..attr].trim_end().len();
            edits.replace(start..line_end, "");
            let prefix = edits::continuation(source, heading.range.start);
            let at = edits::line_start(source, heading.range.start);
            let id = crate::markup::escape(id);
            edits.insert(at, format!("{prefix}<a id=\"{id}\"></a>\n\n"));
        }
    }
}
