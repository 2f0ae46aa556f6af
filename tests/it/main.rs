//! The integration tests, in one test binary (one link of the crate instead of one per file):
//! each module is the suite that used to be its own `tests/<name>.rs`. Fixtures stay beside
//! this folder (`tests/books/`); the insta snapshots are in `snapshots/`, named
//! `it__<module>__<name>.snap`.

mod common;
mod serve_support;

mod bench_checksums;
mod build;
mod cache;
mod citations;
mod content;
mod content_record;
mod corpus;
mod diagnostics;
mod drift;
mod edition;
mod embed;
mod exercises;
mod figure_kinds;
mod formats;
mod glossary;
mod hostile;
mod import;
mod init;
mod limits;
mod links;
mod live_fidelity;
mod live_files;
mod nproc;
mod parse_corpus;
mod render_lesson;
mod robustness;
mod seed;
mod serve;
mod serve_cache;
mod serve_downloads;
mod transclude;
mod widgets;
mod xref;
