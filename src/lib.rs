//! rlbook: publish a course written in Markdown with rlab code blocks as a static HTML book
//! whose numbers are real. The numeric core is [`lang`]; the command line is [`cli`].

pub(crate) mod atomic;
pub mod book;
pub(crate) mod build;
pub(crate) mod cache;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub(crate) mod edition;
pub mod exec;
pub(crate) mod init;
pub(crate) mod links;
pub(crate) mod markup;
pub(crate) mod pipeline;
pub mod record;
pub mod render;
pub(crate) mod serve;
#[cfg(test)]
mod test_support;
pub mod xref;
