//! `savefig("name.svg")`: record a snapshot of the current figure (always) and, when the
//! session may write files, render it to `name` relative to the session's base directory.
//! `.svg` writes the SVG; `.html` writes a minimal page embedding the same SVG (the course
//! saves `.html` next to `.svg` twice). Other extensions are an error.
//!
//! Like rustlab, `savefig` prints nothing: the course's scripts print their own
//! `Saved name.svg` lines.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::Figure;
use crate::plot::svg;
use crate::value::Value;
use std::path::Path;

/// What a file name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Html,
}

pub(super) fn savefig(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let name = args.str(0)?.to_string();
    let format = format_of(&name)?;
    let snapshot = interp.figures.current.clone();
    if interp.config.write_files {
        let text = match format {
            Format::Svg => svg::render(&snapshot),
            Format::Html => html_page(&snapshot, &name),
        };
        let path = interp.config.base_dir.join(&name);
        (interp.config.host.write_file(&path, text.as_bytes()))
            .map_err(|e| LangError::runtime(e.message("savefig", "write", &name)))?;
    }
    interp.figures.snapshots.push(snapshot);
    Ok(Value::None)
}

/// The format named by the file extension (case-insensitive).
fn format_of(name: &str) -> LangResult<Format> {
    let extension = Path::new(name)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("html" | "htm") => Ok(Format::Html),
        Some(other) => Err(LangError::runtime(format!(
            "savefig: cannot save '{name}': .{other} files are not supported (use .svg or .html)"
        ))),
        None => Err(LangError::runtime(format!(
            "savefig: cannot save '{name}': no file extension (use .svg or .html)"
        ))),
    }
}

/// A standalone HTML page showing the figure.
fn html_page(figure: &Figure, name: &str) -> String {
    let title = crate::markup::escape(name);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n</head>\n<body style=\"margin:0;background:#ffffff\">\n{}\
         </body>\n</html>\n",
        svg::render(figure)
    )
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::eval::{Config, Interp};
    use crate::rng::Rng;

    fn writing_interp(dir: &Path) -> Interp {
        let config = Config {
            base_dir: dir.to_path_buf(),
            write_files: true,
            ..Config::default()
        };
        Interp::new(config, Rng::seeded(0))
    }

    #[test]
    fn svg_files_are_written_relative_to_the_base_dir() {
        let dir = tempfile::tempdir().unwrap();
        let mut it = writing_interp(dir.path());
        call(&mut it, "plot", vec![row(&[1.0, 3.0, 2.0])]).unwrap();
        call(&mut it, "savefig", vec![s("out.svg")]).unwrap();
        let text = std::fs::read_to_string(dir.path().join("out.svg")).unwrap();
        assert!(text.starts_with("<svg"), "{}", &text[..40.min(text.len())]);
        assert_eq!(text, svg::render(&it.figures.current));
        assert_eq!(it.figures.snapshots.len(), 1);
        assert_eq!(it.out, "", "savefig prints nothing");
    }

    #[test]
    fn html_pages_embed_the_svg() {
        let dir = tempfile::tempdir().unwrap();
        let mut it = writing_interp(dir.path());
        call(&mut it, "bar", vec![row(&[1.0, 2.0])]).unwrap();
        call(&mut it, "savefig", vec![s("a&b.HTML")]).unwrap();
        let page = std::fs::read_to_string(dir.path().join("a&b.HTML")).unwrap();
        assert!(page.contains("<title>a&amp;b.HTML</title>"));
        assert!(page.contains("<svg"));
    }

    #[test]
    fn without_file_writing_only_a_snapshot_is_taken() {
        let mut it = interp();
        call(&mut it, "plot", vec![row(&[1.0])]).unwrap();
        call(
            &mut it,
            "savefig",
            vec![s("never_written_by_this_test.svg")],
        )
        .unwrap();
        assert!(!Path::new("never_written_by_this_test.svg").exists());
        assert_eq!(it.figures.snapshots.len(), 1);
        assert!(it.figures.snapshots[0].has_content());
    }

    #[test]
    fn bad_names_and_unwritable_paths_are_clean_errors() {
        let mut it = interp();
        assert_eq!(
            err(call(&mut it, "savefig", vec![s("plot.png")])),
            "runtime error: savefig: cannot save 'plot.png': .png files are not supported \
             (use .svg or .html)"
        );
        assert_eq!(
            err(call(&mut it, "savefig", vec![s("plot")])),
            "runtime error: savefig: cannot save 'plot': no file extension (use .svg or .html)"
        );
        let dir = tempfile::tempdir().unwrap();
        let mut it = writing_interp(dir.path());
        let message = err(call(&mut it, "savefig", vec![s("missing/dir/x.svg")]));
        assert!(message.starts_with("runtime error: savefig: cannot write 'missing/dir/x.svg': "));
        assert!(it.figures.snapshots.is_empty());
        assert!(call(&mut it, "savefig", vec![Value::Scalar(1.0)]).is_err());
    }
}
