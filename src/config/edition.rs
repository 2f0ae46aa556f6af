//! `[edition]` of `book.toml`: which edition a build writes unless `--edition` says
//! otherwise. `default = "teacher"` (the default) shows solutions; `"student"` withholds
//! them from every output (see [`crate::edition`]).

use serde::Deserialize;

/// An edition of the book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    /// Everything, solutions included.
    #[default]
    Teacher,
    /// Solutions withheld: their text, code, outputs and figures appear in no output.
    Student,
}

impl Edition {
    pub fn name(self) -> &'static str {
        match self {
            Edition::Teacher => "teacher",
            Edition::Student => "student",
        }
    }

    /// The edition called `name`, for the command line.
    pub fn parse(name: &str) -> Result<Edition, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "teacher" => Ok(Edition::Teacher),
            "student" => Ok(Edition::Student),
            other => Err(format!(
                "unknown edition '{other}' (known: teacher, student)"
            )),
        }
    }
}

/// The `[edition]` table as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawEdition {
    pub default: Edition,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for e in [Edition::Teacher, Edition::Student] {
            assert_eq!(Edition::parse(e.name()), Ok(e));
        }
        assert_eq!(Edition::parse(" Student "), Ok(Edition::Student));
        let err = Edition::parse("pupil").unwrap_err();
        assert_eq!(err, "unknown edition 'pupil' (known: teacher, student)");
    }
}
