//! GitHub's heading anchors, written once for every output that is read on GitHub or made
//! from the Markdown book (the Markdown book itself, the EPUB) and for the link checker that
//! vouches for their links. GitHub's documented rule (github-slugger's): the heading's text
//! lowercased; every character removed that is not a letter, a mark, a number, a connector
//! (`_`), a hyphen or a space; each space made `-` (no collapsing: `A & B` is `a--b`);
//! leading and trailing white space gone. Within a page an anchor that was already given
//! gets `-1`, `-2`, … (counted per base anchor, skipping any numbered anchor an earlier
//! heading already has). The HTML site's own ids are another matter (`render::lesson`).

use regex::Regex;
use std::collections::HashMap;
use std::sync::OnceLock;

/// GitHub's anchor for a heading whose plain text is `text` (empty for a heading of only
/// punctuation or emoji, as on GitHub).
pub(crate) fn github_anchor(text: &str) -> String {
    static DROPPED: OnceLock<Regex> = OnceLock::new();
    let dropped = DROPPED.get_or_init(|| {
        Regex::new(r"[^\p{L}\p{M}\p{N}\p{Pc} -]").expect("the anchor pattern is valid")
    });
    let lower = text.trim().to_lowercase();
    dropped.replace_all(&lower, "").replace(' ', "-")
}

/// The anchors of one page's headings, in document order: each heading's anchor, numbered
/// when an earlier heading has it.
#[derive(Debug, Default)]
pub(crate) struct GithubAnchors {
    /// Every anchor given so far, with how many repeats of it as a base were numbered.
    given: HashMap<String, usize>,
}

impl GithubAnchors {
    /// The anchor of the next heading, whose plain text is `text`.
    pub(crate) fn next(&mut self, text: &str) -> String {
        let base = github_anchor(text);
        let mut anchor = base.clone();
        while self.given.contains_key(&anchor) {
            let count = self.given.get_mut(&base).expect("a base given before");
            *count += 1;
            anchor = format!("{base}-{count}");
        }
        self.given.insert(anchor.clone(), 0);
        anchor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(headings: &[&str]) -> Vec<String> {
        let mut anchors = GithubAnchors::default();
        headings.iter().map(|h| anchors.next(h)).collect()
    }

    #[test]
    fn punctuation_goes_hyphens_and_underscores_stay() {
        assert_eq!(github_anchor("Pre-LN vs. Post-LN"), "pre-ln-vs-post-ln");
        assert_eq!(github_anchor("What's next?"), "whats-next");
        assert_eq!(github_anchor("A & B"), "a--b");
        assert_eq!(
            github_anchor("snake_case (and `code`)"),
            "snake_case-and-code"
        );
        assert_eq!(github_anchor("1.2 Résumé: d_k = 64!"), "12-résumé-d_k--64");
        assert_eq!(github_anchor("  Trimmed  "), "trimmed");
        assert_eq!(github_anchor("Two  spaces"), "two--spaces");
        assert_eq!(github_anchor("Tab\there"), "tabhere");
    }

    #[test]
    fn unicode_letters_and_marks_are_kept_emoji_dropped() {
        assert_eq!(github_anchor("Größe und Maß"), "größe-und-maß");
        assert_eq!(github_anchor("Привет Мир"), "привет-мир");
        assert_eq!(github_anchor("日本語の見出し"), "日本語の見出し");
        assert_eq!(github_anchor("हिन्दी"), "हिन्दी", "the virama is a mark");
        assert_eq!(
            github_anchor("ΟΔΟΣ"),
            "\u{3bf}\u{3b4}\u{3bf}\u{3c2}",
            "a final sigma"
        );
        assert_eq!(github_anchor("🎉 Party time 🎉"), "-party-time-");
        assert_eq!(github_anchor("🎉"), "");
        assert_eq!(github_anchor("x² ≤ y"), "x²--y");
    }

    #[test]
    fn repeats_are_numbered_from_one() {
        assert_eq!(
            page(&["Theory", "Theory", "Example", "Theory"]),
            ["theory", "theory-1", "example", "theory-2"]
        );
        assert_eq!(page(&["🎉", "🎉"]), ["", "-1"]);
    }

    #[test]
    fn a_numbered_anchor_an_earlier_heading_has_is_skipped() {
        assert_eq!(page(&["A-1", "A", "A"]), ["a-1", "a", "a-2"]);
        assert_eq!(page(&["A", "A", "A-1"]), ["a", "a-1", "a-1-1"]);
        assert_eq!(page(&["A", "A-1", "A", "A"]), ["a", "a-1", "a-2", "a-3"]);
    }

    #[test]
    fn many_repeats_are_numbered_in_turn() {
        let headings = vec!["Same"; 20_000];
        let anchors = page(&headings);
        assert_eq!(anchors[19_999], format!("same-{}", 19_999));
    }
}
