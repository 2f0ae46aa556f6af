//! The Markdown book: a folder of one `.md` page per lesson and per standalone script, with
//! their figures, for reading on GitHub. A hand-written `README.md` of the folder is kept.

use super::{Inputs, Made, Output, Pass, Target};
use crate::config::{Config, Format};
use crate::render::markdown::{self, MarkdownPage};
use crate::render::site::SiteFiles;
use anyhow::Result;
use std::path::Path;

/// `[output.markdown]`.
pub(super) struct MarkdownBook;

impl Output for MarkdownBook {
    fn format(&self) -> Format {
        Format::Markdown
    }

    fn target<'c>(&self, config: &'c Config) -> Target<'c> {
        Target::Folder(&config.outputs.markdown_dir)
    }

    fn make(&self, inputs: &Inputs, pages: &[MarkdownPage], _: &mut Pass) -> Result<Made> {
        let dir = &inputs.book.config.outputs.markdown_dir;
        Ok(Made::Folder(files(pages, dir)?))
    }
}

/// Every file of the Markdown book in `dir`.
fn files(pages: &[MarkdownPage], dir: &Path) -> Result<SiteFiles> {
    let mut files = SiteFiles::default();
    for page in pages {
        files.add(&format!("{}.md", page.slug), page.text.as_str())?;
        for fig in &page.figures {
            files.add(&fig.path, fig.svg.as_str())?;
        }
        for script in &page.scripts {
            let path = format!("scripts/{}/{}.md", page.slug, script.name);
            files.add(&path, script.text.as_str())?;
            for fig in &script.figures {
                files.add(&fig.path, fig.svg.as_str())?;
            }
        }
    }
    if let Ok(readme) = std::fs::read_to_string(dir.join("README.md"))
        && !markdown::is_generated(&readme)
        && !files.contains("README.md")
    {
        files.add("README.md", readme)?;
    }
    Ok(files)
}
