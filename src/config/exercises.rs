//! `[exercises]` of `book.toml` (docs/exercises.md): `reveal_after = N` ships the solutions in
//! the student edition's pages, hidden until the reader has checked an exercise N times.
//! Without it the student edition withholds solutions entirely.

use serde::Deserialize;

/// The `[exercises]` table as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawExercises {
    pub reveal_after: Option<u32>,
}

/// How the book's exercises behave.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ExerciseSettings {
    /// Reveal a student edition's solution after this many checked tries.
    pub reveal_after: Option<u32>,
}

impl RawExercises {
    pub(super) fn resolve(&self) -> Result<ExerciseSettings, String> {
        if self.reveal_after == Some(0) {
            return Err("[exercises] reveal_after must be at least 1 (a number of tries)".into());
        }
        Ok(ExerciseSettings {
            reveal_after: self.reveal_after,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use std::path::Path;

    fn parse(text: &str) -> anyhow::Result<Config> {
        Config::parse(Path::new("/book"), text, "book.toml")
    }

    #[test]
    fn reveal_after_is_a_positive_count_and_url_a_web_address() {
        assert_eq!(parse("").unwrap().exercises.reveal_after, None);
        let c = parse("[exercises]\nreveal_after = 3\n").unwrap();
        assert_eq!(c.exercises.reveal_after, Some(3));
        let zero = parse("[exercises]\nreveal_after = 0\n")
            .unwrap_err()
            .to_string();
        assert!(zero.contains("at least 1"), "{zero}");
        let url = parse("[book]\nurl = \"https://example.org/book/\"\n").unwrap();
        assert_eq!(url.book.url.as_deref(), Some("https://example.org/book"));
        let bad = parse("[book]\nurl = \"example.org\"\n")
            .unwrap_err()
            .to_string();
        assert!(bad.contains("http"), "{bad}");
    }
}
