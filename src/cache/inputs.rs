//! What the book's inputs contribute to cache keys, field by field: the configuration, a
//! lesson (its file, source and scripts: everything a [`Lesson`] is parsed from), a script.
//! Every key of the cache is built from these and the runs, never from `Debug` text.

use super::digest::{Digest, KeyHasher};
use crate::book::Lesson;
use crate::book::script::Script;
use crate::config::{Config, ExecSettings};

/// Every setting of `book.toml`, resolved.
pub(crate) fn config(h: &mut KeyHasher, config: &Config) {
    h.path(&config.root);
    let meta = &config.book;
    h.str(&meta.title)
        .str(&meta.description)
        .str(&meta.language);
    h.u64(meta.authors.len() as u64);
    for author in &meta.authors {
        h.str(author);
    }
    let p = &config.paths;
    for dir in [
        &p.lessons,
        &p.scripts,
        &p.record,
        &p.output,
        &p.templates,
        &p.theme,
    ] {
        h.path(dir);
    }
    h.f64(config.tolerance.rtol).f64(config.tolerance.atol);
    exec(h, &config.exec);
    h.str(config.edition.name());
    let out = &config.outputs;
    h.u64(out.formats.len() as u64);
    for format in &out.formats {
        h.str(format.name());
    }
    h.path(&out.markdown_dir)
        .path(&out.epub_file)
        .path(&out.pdf_file)
        .bool(out.paper == crate::config::Paper::A4);
}

/// The `[exec]` settings, which every run depends on.
pub(crate) fn exec(h: &mut KeyHasher, exec: &ExecSettings) {
    h.u64(u64::try_from(exec.time_limit.as_nanos()).unwrap_or(u64::MAX));
    h.u64(exec.max_alloc_bytes as u64)
        .u64(exec.max_call_depth as u64)
        .u64(exec.seed);
    // Hashed only when set, so books without it keep their keys.
    if !exec.allow_read.is_empty() {
        h.u64(exec.allow_read.len() as u64);
        for path in &exec.allow_read {
            h.path(path);
        }
    }
    if exec.nproc != 1 {
        h.str("nproc").u64(exec.nproc as u64);
    }
}

/// A lesson: its path, name in messages, source and scripts.
pub(crate) fn lesson(h: &mut KeyHasher, lesson: &Lesson) {
    h.path(&lesson.path)
        .str(&lesson.display)
        .str(&lesson.source);
    h.u64(lesson.scripts.len() as u64);
    for s in &lesson.scripts {
        script(h, s);
    }
}

/// A standalone script: its path, names, description and source.
pub(crate) fn script(h: &mut KeyHasher, script: &Script) {
    h.path(&script.path)
        .str(&script.display)
        .str(&script.file_name);
    h.str(&script.name)
        .str(&script.description)
        .str(&script.source);
}

/// The key of anything made of the whole book's pages (the site, the link check, each
/// format): what it is (`kind`), strictness, every setting and every page's key. The one
/// builder of such keys; each adds what only it depends on.
pub(crate) fn of_pages(kind: &str, conf: &Config, strict: bool, keys: &[Digest]) -> KeyHasher {
    let mut h = KeyHasher::new(kind);
    h.bool(strict);
    config(&mut h, conf);
    h.u64(keys.len() as u64);
    for key in keys {
        h.digest(key);
    }
    h
}
