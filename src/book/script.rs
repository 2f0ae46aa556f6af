//! A lesson's standalone scripts: the `.rlab` files in `<scripts>/<slug>/`, in name order,
//! each with the description its header comment gives (the course convention is a block of
//! `# Script:` / `# System:` / `# Concept:` … lines; the `Concept` entry, with its
//! continuation lines, describes the script best), and the named regions it marks (see
//! [`super::region`]).

use super::region::{self, Region};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub path: PathBuf,
    /// Shown in messages, relative to the book root.
    pub display: String,
    /// File name, e.g. `jacobian_product.rlab`.
    pub file_name: String,
    /// File stem, used for its page and record entry.
    pub name: String,
    pub description: String,
    pub source: String,
    /// Its named regions, in source order.
    pub regions: Vec<Region>,
}

/// The scripts of the lesson `slug` under `scripts_dir` (none when the folder is absent).
pub fn discover(scripts_dir: &Path, slug: &str, root: &Path) -> Result<Vec<Script>> {
    let dir = scripts_dir.join(slug);
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rlab"))
        .collect();
    paths.sort();
    paths.into_iter().map(|p| load(&p, root)).collect()
}

fn load(path: &Path, root: &Path) -> Result<Script> {
    let display = path
        .strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {display}"))?;
    let source = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{display}: not valid UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let name = path
        .file_stem()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    Ok(Script {
        regions: region::regions(&source, &display)?,
        description: description(&source),
        path: path.to_path_buf(),
        display,
        file_name,
        name,
        source,
    })
}

/// The description in a script's leading comment block: the `Concept:` entry (with its
/// continuation lines) if present, else the first comment line that is not `Script:`.
pub fn description(source: &str) -> String {
    let header: Vec<&str> = source
        .lines()
        .take_while(|l| l.trim_start().starts_with(['#', '%']))
        .map(|l| l.trim_start().trim_start_matches(['#', '%']).trim())
        .collect();
    if let Some(start) = header.iter().position(|l| has_key(l, "Concept")) {
        let mut parts = vec![value_of(header[start])];
        parts.extend(
            header[start + 1..]
                .iter()
                .take_while(|l| !l.is_empty() && key_of(l).is_none())
                .copied(),
        );
        return parts.join(" ");
    }
    header
        .iter()
        .find(|l| !l.is_empty() && !has_key(l, "Script"))
        .map(|l| value_of(l).to_string())
        .unwrap_or_default()
}

/// `Key:  value` → `Key`, when the key is one capitalised word.
fn key_of(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(':')?;
    let simple = !key.is_empty()
        && key.chars().all(|c| c.is_ascii_alphabetic())
        && key.starts_with(|c: char| c.is_ascii_uppercase());
    simple.then_some(key)
}

fn has_key(line: &str, key: &str) -> bool {
    key_of(line) == Some(key)
}

fn value_of(line: &str) -> &str {
    match key_of(line) {
        Some(_) => line.split_once(':').map_or(line, |(_, v)| v.trim()),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concept_with_continuation_lines() {
        let src = "# Script:  residual_signal.r\n# System:  Deep stack\n# Concept: Show that residuals preserve\n#          activation magnitude.\n# Equations:\n#   x = y\n\nseed(1);\n";
        assert_eq!(
            description(src),
            "Show that residuals preserve activation magnitude."
        );
    }

    #[test]
    fn falls_back_to_the_first_comment() {
        assert_eq!(
            description("% Plot the loss curve\nx = 1;\n"),
            "Plot the loss curve"
        );
        assert_eq!(
            description("# Script: a.rlab\n# System: LN demo\n"),
            "LN demo"
        );
        assert_eq!(description("x = 1;\n"), "");
    }

    #[test]
    fn discovers_sorted_rlab_files() {
        let dir = tempfile::tempdir().unwrap();
        let lesson = dir.path().join("scripts/01-a");
        std::fs::create_dir_all(&lesson).unwrap();
        std::fs::write(lesson.join("b.rlab"), "# Concept: B\n").unwrap();
        std::fs::write(lesson.join("a.rlab"), "# Concept: A\n").unwrap();
        std::fs::write(lesson.join("notes.txt"), "x").unwrap();
        let found = discover(&dir.path().join("scripts"), "01-a", dir.path()).unwrap();
        let names: Vec<_> = found
            .iter()
            .map(|s| (s.name.as_str(), s.description.as_str()))
            .collect();
        assert_eq!(names, [("a", "A"), ("b", "B")]);
        assert_eq!(found[0].display, "scripts/01-a/a.rlab");
        assert!(
            discover(&dir.path().join("scripts"), "02-b", dir.path())
                .unwrap()
                .is_empty()
        );
    }
}
