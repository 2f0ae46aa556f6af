//! rlbook: publish a course written in Markdown with rlab code blocks as a book whose numbers
//! are real. The language is the `rlab` crate; the command line is [`cli`].
//!
//! The modules form layers, each importing only from those below it (checked by the
//! `layers` test; `docs/architecture.md` says what each owns):
//!
//! ```text
//! support   atomic, markup, diagnostic
//! 1         config
//! 2         book
//! 3         cache
//! 4         exec
//! 5         record
//! 6         xref, cite, gloss
//! 7         render (render::common is what the renderers and the link check share)
//! 8         edition, links
//! 9         pipeline
//! 10        build, serve
//! 11        init
//! 12        cli
//! ```

pub(crate) mod atomic;
pub mod book;
pub(crate) mod build;
pub(crate) mod cache;
pub mod cite;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub(crate) mod edition;
pub mod exec;
pub mod gloss;
pub(crate) mod init;
#[cfg(test)]
mod layers;
pub(crate) mod links;
pub(crate) mod markup;
pub(crate) mod pipeline;
pub mod record;
pub mod render;
pub(crate) mod serve;
#[cfg(test)]
mod test_support;
pub mod xref;
