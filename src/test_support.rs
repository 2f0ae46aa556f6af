//! Helpers shared by the unit tests: writing a small book on disk and loading it.

use crate::book::Book;
use crate::config::Config;
use std::path::Path;

/// Write `text` at `root/name`, creating the folders on the way.
pub(crate) fn write(root: &Path, name: &str, text: &str) {
    let path = root.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Load the book at `root`.
pub(crate) fn book(root: &Path) -> Book {
    Book::load(Config::load(root).unwrap()).unwrap()
}
