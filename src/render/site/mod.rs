//! The themed site: rendered lesson pages become `<slug>.html` pages, an `index.html`, one
//! page per standalone script (`scripts/<slug>/<name>.html`), the back-matter pages
//! (`bibliography.html`, `glossary.html`, `subject-index.html`), their figure files, the theme
//! assets and the offline search index, all made in memory ([`assemble`]), then written into
//! a staging directory and swapped in at the output path ([`write_folder`]; or, when the site
//! on disk already is this one, its marker holding the same fingerprint, left as it is), or
//! served from memory (`rlbook serve`).
//! Templates ([`templates`]) and theme files ([`theme`]) are embedded defaults that a book
//! overrides file by file.

mod back_matter;
mod context;
mod files;
pub(crate) mod links;
pub(crate) mod live;
mod output;
mod search;
mod template_error;
pub(crate) mod templates;
mod theme;

use crate::book::Book;
use crate::render::FigureFile;
use anyhow::{Context as _, Result, bail};
pub(crate) use context::Pages;
pub(crate) use files::read_visible_tree;
pub use files::{SiteFiles, SiteStamp};
use std::path::Path;
use templates::Templates;

/// A file the HTML site carries for another format (the EPUB, the PDF).
#[derive(Clone, Debug)]
pub(crate) struct Download {
    pub format: crate::config::Format,
    /// Relative to the HTML folder.
    pub path: String,
    pub bytes: Vec<u8>,
}

/// What was written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SiteSummary {
    /// HTML pages (lessons, index, scripts).
    pub pages: usize,
    /// Figure files (of lessons and scripts).
    pub figures: usize,
    /// Bytes of all files of the site.
    pub bytes: u64,
    /// The site on disk already was this one, so nothing was written.
    pub unchanged: bool,
    /// How to recognise the written site on disk later.
    pub stamp: SiteStamp,
}

/// A whole site in memory, ready to be written or served.
#[derive(Default)]
pub struct Assembled {
    pub files: SiteFiles,
    marker: Vec<u8>,
    pub summary: SiteSummary,
}

/// Make every file of the site of `book` from its rendered `pages`, in memory, with the
/// `downloads` of other formats (linked from the index).
pub(crate) fn assemble(book: &Book, pages: Pages, downloads: &[Download]) -> Result<Assembled> {
    check_pages(book, pages)?;
    let paths = &book.config.paths;
    let display = |p: &Path| book.config.display_path(p);
    let templates = Templates::load(&paths.templates, &display)?;
    let assets = theme::assets(&paths.theme)?;
    let mut site = Site {
        files: SiteFiles::default(),
        templates: &templates,
        summary: SiteSummary::default(),
    };
    site.lesson_pages(book, pages)?;
    site.index_page(book, pages, downloads)?;
    site.script_pages(book, pages)?;
    site.matter_pages(book, pages)?;
    let (live_assets, assets): (Vec<_>, Vec<_>) = assets.into_iter().partition(live::is_live);
    site.assets(&assets, pages)?;
    for (path, bytes) in live::files(pages.lessons, &live_assets)? {
        site.files.add(&path, bytes)?;
    }
    for d in downloads {
        site.files.add(&d.path, d.bytes.as_slice())?;
    }
    let mut summary = std::mem::take(&mut site.summary);
    let marker = output::marker_text(&site.files.fingerprint());
    summary.bytes = site.files.bytes() + marker.len() as u64;
    summary.stamp = site.files.stamp(&marker);
    Ok(Assembled {
        files: site.files,
        marker,
        summary,
    })
}

/// The `index.html` [`assemble`] makes for these `pages` and `downloads`, alone (for
/// `rlbook serve`, which makes the downloads only when asked for them).
pub(crate) fn index_page(book: &Book, pages: Pages, downloads: &[Download]) -> Result<String> {
    let display = |p: &Path| book.config.display_path(p);
    let templates = Templates::load(&book.config.paths.templates, &display)?;
    let context = context::index(book, pages, downloads)?;
    let html = templates.render("index.html", &context);
    html.context("cannot render index.html")
}

/// Write `site` into `target` (atomically, hard-linking files the old site holds alike); with
/// `reuse`, leave a target that already holds this site as it is.
pub fn write_folder(
    book: &Book,
    site: &Assembled,
    target: &Path,
    reuse: bool,
) -> Result<SiteSummary> {
    let protected = protected(book);
    let mut summary = site.summary.clone();
    summary.unchanged = reuse && output::unchanged(target, &protected, &summary.stamp)?;
    if !summary.unchanged {
        output::publish(target, &protected, &site.files, &site.marker)?;
    }
    Ok(summary)
}

/// Write `files` as a whole folder at `target` (atomically, marked like a site, hard-linking
/// unchanged files), as the Markdown book is written; returns its stamp.
pub fn write_files(book: &Book, files: &SiteFiles, target: &Path) -> Result<SiteStamp> {
    let marker = output::marker_text(&files.fingerprint());
    output::publish(target, &protected(book), files, &marker)?;
    Ok(files.stamp(&marker))
}

/// The folders an output may not replace or contain: the book root and its sources.
fn protected(book: &Book) -> Vec<&Path> {
    let paths = &book.config.paths;
    vec![
        book.config.root.as_path(),
        &paths.lessons,
        &paths.scripts,
        &paths.record,
        &paths.templates,
        &paths.theme,
    ]
}

/// The site while it is being made.
struct Site<'a> {
    files: SiteFiles,
    templates: &'a Templates,
    summary: SiteSummary,
}

impl Site<'_> {
    fn lesson_pages(&mut self, book: &Book, pages: Pages) -> Result<()> {
        for (i, page) in pages.lessons.iter().enumerate() {
            let context = context::lesson(book, pages, i)?;
            self.page(&links::lesson_page(&page.slug), "lesson.html", &context)?;
            self.figures(&page.figures)?;
        }
        Ok(())
    }

    fn index_page(&mut self, book: &Book, pages: Pages, downloads: &[Download]) -> Result<()> {
        let context = context::index(book, pages, downloads)?;
        self.page("index.html", "index.html", &context)
    }

    fn script_pages(&mut self, book: &Book, pages: Pages) -> Result<()> {
        for (i, page) in pages.lessons.iter().enumerate() {
            for script in &page.scripts {
                let context = context::script(book, pages, i, script)?;
                let path = links::script_page(&page.slug, &script.name);
                self.page(&path, "script.html", &context)?;
                self.figures(&script.figures)?;
            }
        }
        Ok(())
    }

    fn matter_pages(&mut self, book: &Book, pages: Pages) -> Result<()> {
        for (i, page) in pages.matter.iter().enumerate() {
            let context = back_matter::context(book, pages, i)?;
            self.page(&page.path(), "matter.html", &context)?;
        }
        Ok(())
    }

    fn assets(&mut self, assets: &[theme::Asset], pages: Pages) -> Result<()> {
        for asset in assets {
            let path = format!("assets/{}", asset.name);
            if path == search::INDEX_PATH {
                bail!(
                    "the theme file '{}' would replace the search index",
                    asset.name
                );
            }
            self.files.add(&path, asset.bytes.as_slice())?;
        }
        let index = search::index_script(pages)?;
        self.files.add(search::INDEX_PATH, index)
    }

    /// Render one page with `template` and write it at `path`.
    fn page(&mut self, path: &str, template: &str, context: &tera::Context) -> Result<()> {
        let html = self
            .templates
            .render(template, context)
            .with_context(|| format!("cannot render {path}"))?;
        self.files.add(path, html)?;
        self.summary.pages += 1;
        Ok(())
    }

    fn figures(&mut self, figures: &[FigureFile]) -> Result<()> {
        for figure in figures {
            if !figure.path.ends_with(".svg") {
                bail!("figure file '{}' is not an .svg file", figure.path);
            }
            self.files.add(&figure.path, figure.svg.as_str())?;
            let csv = crate::render::figure::csv_path(&figure.path);
            self.files.add(&csv, figure.csv.as_str())?;
            self.summary.figures += 1;
        }
        Ok(())
    }
}

/// The pages must be the book's lessons, in order, with names usable as file names and
/// not those of the index or a back-matter page.
fn check_pages(book: &Book, pages: Pages) -> Result<()> {
    let matter: Vec<String> = pages.matter.iter().map(|m| m.path()).collect();
    let pages = pages.lessons;
    if pages.len() != book.lessons.len() {
        bail!(
            "{} rendered pages for {} lessons",
            pages.len(),
            book.lessons.len()
        );
    }
    for (lesson, page) in book.lessons.iter().zip(pages) {
        if lesson.slug != page.slug {
            bail!(
                "page '{}' does not belong to lesson '{}' ({})",
                page.slug,
                lesson.slug,
                lesson.display
            );
        }
        links::check_name("lesson slug", &page.slug).context(lesson.display.clone())?;
        if page.slug == "index" {
            bail!(
                "{}: a lesson named 'index' would replace the book's index page",
                lesson.display
            );
        }
        if matter.contains(&links::lesson_page(&page.slug)) {
            bail!(
                "{}: a lesson named '{}' would replace the book's page of that name; rename the lesson",
                lesson.display,
                page.slug
            );
        }
        for script in &page.scripts {
            links::check_name("script name", &script.name).context(lesson.display.clone())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod fixture_tests;
#[cfg(test)]
mod tests;
