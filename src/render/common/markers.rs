//! The comments that mark regions of a page, shared by every renderer: the output region
//! the Markdown book puts after a block (`<!-- rustlab:output-start -->` …
//! `<!-- rustlab:output-end -->`), which the EPUB and PDF writers read back, and the names
//! callouts are shown by. The directive comments an author writes are read by
//! [`crate::book::directive`].

use pulldown_cmark::BlockQuoteKind;

/// The line that opens an output region of the Markdown book.
pub(crate) const OUTPUT_START: &str = "<!-- rustlab:output-start -->";
/// The line that closes it.
pub(crate) const OUTPUT_END: &str = "<!-- rustlab:output-end -->";

/// An output region's marker, by the text of a comment (without `<!--` and `-->`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum OutputMarker {
    Start,
    End,
}

/// Which output marker a comment whose text is `comment` is, if one.
pub(crate) fn output_marker(comment: &str) -> Option<OutputMarker> {
    let inner = |line: &'static str| {
        line.trim_start_matches("<!--")
            .trim_end_matches("-->")
            .trim()
    };
    match comment.trim() {
        text if text == inner(OUTPUT_START) => Some(OutputMarker::Start),
        text if text == inner(OUTPUT_END) => Some(OutputMarker::End),
        _ => None,
    }
}

/// The name a callout kind is shown by (`Note`, `Warning`, …).
pub(crate) fn kind_name(kind: BlockQuoteKind) -> &'static str {
    match kind {
        BlockQuoteKind::Note => "Note",
        BlockQuoteKind::Tip => "Tip",
        BlockQuoteKind::Important => "Important",
        BlockQuoteKind::Warning => "Warning",
        BlockQuoteKind::Caution => "Caution",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_markers_are_known_by_their_comment() {
        let inner = |line: &str| line[4..line.len() - 3].to_string();
        assert_eq!(
            output_marker(&inner(OUTPUT_START)),
            Some(OutputMarker::Start)
        );
        assert_eq!(
            output_marker(" rustlab:output-end\n"),
            Some(OutputMarker::End)
        );
        assert_eq!(output_marker("rustlab:output"), None);
    }
}
