//! The reference checklist: every entry of rustlab 0.3.6's function reference, kept in
//! `tests/lang/rustlab-functions.txt`, must be defined in rlab — a builtin, or a statement
//! form that runs. A test reads the list, so a name rlab lacks fails by name.
//!
//! Until every entry is done, `tests/lang/rustlab-functions.missing` names the entries still
//! missing. The test fails when an entry is missing that the file does not name, and when
//! the file names an entry that is now defined, so the file can only shrink, and it must
//! end empty.

#[cfg(test)]
mod tests {
    use crate::{Config, Session};

    /// Statement forms of the reference and a program that uses each one.
    const STATEMENTS: &[(&str, &str)] = &[
        ("for", "for k = 1:2\nend\n"),
        ("if", "if true\nend\n"),
        ("while", "while false\nend\n"),
        ("switch", "switch 1\ncase 1\nx = 1;\nend\n"),
        ("clear", "x = 1;\nclear\n"),
        ("format", "format default\n"),
        ("whos", "whos\n"),
        ("profile", "profile\n"),
    ];

    /// The entries of the list: (section, entry).
    fn entries() -> Vec<(String, String)> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/lang/rustlab-functions.txt"
        );
        let text = std::fs::read_to_string(path).expect("tests/lang/rustlab-functions.txt");
        let mut section = String::new();
        let mut out = Vec::new();
        for line in text.lines().map(str::trim) {
            if let Some(name) = line.strip_prefix("## ") {
                section = name.to_string();
            } else if !line.is_empty() && !line.starts_with('#') {
                out.push((section.clone(), line.to_string()));
            }
        }
        out
    }

    /// Whether `program` runs without an error.
    fn runs(program: &str) -> bool {
        let mut session = Session::new(Config::default(), Some(1));
        session.run_block("check.rlab", 1, program).error.is_none()
    }

    /// Whether `run file` runs another script into the session.
    fn runs_a_script() -> bool {
        let dir = std::env::temp_dir().join(format!("rlab-checklist-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("helper.rlab"), "y = 2;\n").expect("write helper");
        let config = Config {
            base_dir: dir.clone(),
            ..Config::default()
        };
        let mut session = Session::new(config, Some(1));
        let out = session.run_block("check.rlab", 1, "run helper.rlab\nz = y + 1;\n");
        let _ = std::fs::remove_dir_all(&dir);
        out.error.is_none()
    }

    /// Whether the entry is defined: `[K, S, e] = lqr` names `lqr`; `{"a", "b"}` is syntax.
    fn defined(entry: &str) -> bool {
        let name = entry.rsplit('=').next().unwrap_or(entry).trim();
        if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return runs(&format!("x = {name};\n"));
        }
        if super::super::lookup(name).is_some() {
            return true;
        }
        if name == "run" {
            return runs_a_script();
        }
        STATEMENTS
            .iter()
            .any(|(word, program)| *word == name && runs(program))
    }

    /// The entries `rustlab-functions.missing` names as not done yet.
    fn known_missing() -> Vec<String> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/lang/rustlab-functions.missing"
        );
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let lines = text.lines().map(str::trim);
        lines
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect()
    }

    #[test]
    fn every_reference_entry_is_defined() {
        let entries = entries();
        assert_eq!(entries.len(), 256, "the reference lists 256 entries");
        let missing: Vec<String> = entries
            .iter()
            .filter(|(_, entry)| !defined(entry))
            .map(|(section, entry)| format!("{entry} ({section})"))
            .collect();
        let known = known_missing();
        let new: Vec<&String> = missing.iter().filter(|m| !known.contains(m)).collect();
        let done: Vec<&String> = known.iter().filter(|k| !missing.contains(k)).collect();
        assert!(
            new.is_empty() && done.is_empty(),
            "{} of 256 reference entries are not defined.\nMissing but not listed in \
             rustlab-functions.missing:\n  {}\nListed there but now defined (remove them):\n  {}",
            missing.len(),
            new.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n  "),
            done.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n  ")
        );
    }
}
