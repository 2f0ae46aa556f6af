//! What a run of rlab shows on a page: its printed text and error ([`output`]), its figures
//! and animations ([`figure`]) with the files beside them ([`FigureFile`]). rlbook's build
//! and the page's live runs (the WebAssembly module) both draw through here, so a block run
//! in the reader's browser has the same markup, data and readouts as the built page.

pub mod check;
pub mod figure;
pub mod output;

use serde::{Deserialize, Serialize};

/// A figure's own files: its SVG and, beside it with the same name, the CSV of its data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureFile {
    /// Path of the SVG relative to the site root, e.g. `figures/12-x/block-3-1.svg`.
    pub path: String,
    pub svg: String,
    pub csv: String,
}
