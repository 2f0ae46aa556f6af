//! `[live]` of `book.toml`: whether the HTML pages let the reader edit and run the rlab
//! blocks in the page (`enabled = true`, the default; see docs/live-code.md). A block opts
//! out with `live=false`; the other formats never carry live code.

use serde::Deserialize;

/// The `[live]` table as written.
#[derive(Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawLive {
    pub enabled: bool,
}

impl Default for RawLive {
    fn default() -> Self {
        RawLive { enabled: true }
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
    fn live_code_is_on_unless_the_book_turns_it_off() {
        assert!(parse("").unwrap().live);
        assert!(parse("[live]\n").unwrap().live);
        assert!(!parse("[live]\nenabled = false\n").unwrap().live);
        let err = parse("[live]\nenable = false\n").unwrap_err().to_string();
        assert!(err.contains("enable"), "{err}");
    }
}
