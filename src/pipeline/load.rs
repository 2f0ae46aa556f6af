//! The load stage: `book.toml` and every lesson that can be loaded, with the errors of those
//! that cannot. A pass goes on with the lessons it has, so that one broken lesson does not
//! hide the problems of the others.

use crate::book::Book;
use crate::config::Config;
use crate::diagnostic::{Diagnostic, Kind};
use std::path::{Path, PathBuf};

/// The book's root as every pass names it: the folder given, absolute, with symlinks and
/// `.` and `..` resolved. Every path of the book (and so every cache key made of one) starts
/// with it, so that `rlbook build` in the book's folder, `rlbook build ../book` and
/// `rlbook serve` from anywhere key runs, pages and outputs alike and share each other's
/// cache entries. A folder that cannot be resolved is kept as given (loading it says why).
pub(crate) fn book_root(root: &Path) -> PathBuf {
    std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf())
}

/// The book at `root`, or `None` when nothing of it can be loaded; problems go to `out`.
pub(super) fn load(root: &Path, out: &mut Vec<Diagnostic>) -> Option<Book> {
    let config = match Config::load(root) {
        Ok(config) => config,
        Err(e) => {
            out.extend(Diagnostic::of_error(Kind::Config, &e));
            return None;
        }
    };
    match Book::load_reporting(config) {
        Ok((book, problems)) => {
            out.extend(problems);
            Some(book)
        }
        Err(e) => {
            out.extend(Diagnostic::of_error(Kind::Load, &e));
            None
        }
    }
}
