//! Math at build time: every formula of the book rendered once by KaTeX to MathML (no KaTeX
//! CSS or fonts needed in the page), in parallel, before the lessons are rendered.
//!
//! [`collect_formulas`] gathers the `(TeX, display)` pairs of every lesson exactly as the lesson
//! renderer will see them (after inline values and `\(…\)` conversion); [`MathCache::prerender`]
//! renders each unique pair once on rayon's threads (the katex crate keeps one JS context per
//! thread). A formula KaTeX rejects is stored as its error message; the lesson renderer turns
//! it into a warning naming the file and line.
//!
//! The rendered formulas persist in the book's cache (`.rlbook/math.bin`): a build loads
//! them, [`MathCache::extend`]s them with the formulas it needs (rendering only unseen ones)
//! and stores them again when it rendered any, keeping those the book still uses.

use crate::book::Book;
use crate::cache::{Cache, CacheFile};
use crate::exec::LessonRun;
use crate::gloss::Glossary;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

/// One formula: its TeX source and whether it is display math.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Formula {
    pub tex: String,
    pub display: bool,
}

/// Rendered formulas: MathML `<math>` elements, or KaTeX's error message.
#[derive(Clone, Debug, Default)]
pub struct MathCache {
    rendered: HashMap<Formula, Result<String, String>>,
}

impl MathCache {
    /// Render every unique formula once, in parallel.
    pub fn prerender(formulas: impl IntoIterator<Item = Formula>) -> MathCache {
        let mut cache = MathCache::default();
        cache.extend(formulas);
        cache
    }

    /// Render the formulas not yet in the cache (each once, in parallel) and add them;
    /// returns how many were rendered.
    pub fn extend(&mut self, formulas: impl IntoIterator<Item = Formula>) -> usize {
        let unseen: Vec<Formula> = formulas
            .into_iter()
            .filter(|f| !self.rendered.contains_key(f))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let fresh: Vec<(Formula, Result<String, String>)> = unseen
            .into_par_iter()
            .map(|f| {
                let html = render_formula(&f.tex, f.display);
                (f, html)
            })
            .collect();
        let count = fresh.len();
        self.rendered.extend(fresh);
        count
    }

    /// The formulas stored in the book's cache (none when it has no sound file).
    pub fn load(cache: &Cache) -> MathCache {
        let stored: Vec<(Formula, Result<String, String>)> =
            cache.load(&CacheFile::math()).unwrap_or_default();
        MathCache {
            rendered: stored.into_iter().collect(),
        }
    }

    /// Store the formulas that `keep` accepts in the book's cache (in a stable order).
    pub fn store(&self, cache: &Cache, keep: impl Fn(&Formula) -> bool) -> bool {
        let mut kept: Vec<(&Formula, &Result<String, String>)> =
            self.rendered.iter().filter(|(f, _)| keep(f)).collect();
        kept.sort_by(|a, b| a.0.cmp(b.0));
        cache.store(&CacheFile::math(), &kept)
    }

    /// Number of formulas in the cache.
    pub fn len(&self) -> usize {
        self.rendered.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rendered.is_empty()
    }

    /// The MathML of a formula, rendering it now if the cache does not have it.
    pub(crate) fn get(&self, tex: &str, display: bool) -> Result<String, String> {
        let key = Formula {
            tex: tex.to_string(),
            display,
        };
        match self.rendered.get(&key) {
            Some(result) => result.clone(),
            None => render_formula(tex, display),
        }
    }
}

/// Every formula of every lesson of the book (`runs[i]` belongs to `book.lessons[i]`; a
/// missing run counts as one with no values) and of the glossary's definitions, which the
/// lessons show where they use a term.
pub fn collect_formulas(book: &Book, runs: &[LessonRun], glossary: &Glossary) -> Vec<Formula> {
    let empty = LessonRun::default();
    let mut all = BTreeSet::new();
    for (i, lesson) in book.lessons.iter().enumerate() {
        let run = runs.get(i).unwrap_or(&empty);
        all.extend(super::lesson::formulas(lesson, run));
    }
    all.extend(super::matter::html::glossary_formulas(glossary));
    all.into_iter().collect()
}

/// KaTeX's MathML for one formula, or its error message.
pub(crate) fn render_formula(tex: &str, display: bool) -> Result<String, String> {
    let opts = katex::Opts::builder()
        .display_mode(display)
        .output_type(katex::OutputType::Mathml)
        .throw_on_error(true)
        .build()
        .map_err(|e| e.to_string())?;
    let html = katex::render_with_opts(tex, &opts).map_err(|e| katex_message(&e.to_string()))?;
    Ok(super::mathml::clean(strip_katex_wrapper(&html)))
}

/// KaTeX wraps MathML output in `<span class="katex">…</span>`; keep the `<math>` element.
fn strip_katex_wrapper(html: &str) -> &str {
    match (html.find("<math"), html.rfind("</math>")) {
        (Some(start), Some(end)) if start < end => &html[start..end + "</math>".len()],
        _ => html,
    }
}

/// The readable part of a katex crate error: `Undefined control sequence: \foo` out of
/// `failed to execute js (detail: String("ParseError: KaTeX parse error: … at position 1: …"))`.
fn katex_message(raw: &str) -> String {
    let Some(at) = raw.find("KaTeX parse error: ") else {
        return raw.to_string();
    };
    let message = &raw[at + "KaTeX parse error: ".len()..];
    let message = match message.find(" at position ") {
        Some(end) => &message[..end],
        None => message.trim_end_matches([')', '"']),
    };
    message.replace("\\\\", "\\")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::mathml::{token_children_as_rows, unicode_variants};

    fn formula(tex: &str, display: bool) -> Formula {
        Formula {
            tex: tex.into(),
            display,
        }
    }

    #[test]
    fn mathml_without_the_katex_wrapper() {
        let html = render_formula("\\frac{a}{b}", false).unwrap();
        assert!(
            html.starts_with("<math xmlns=\"http://www.w3.org/1998/Math/MathML\">"),
            "{html}"
        );
        assert!(
            html.contains("<mfrac><mi>a</mi><mi>b</mi></mfrac>"),
            "{html}"
        );
        assert!(html.ends_with("</math>"));
        let display = render_formula("x^2", true).unwrap();
        assert!(display.contains("display=\"block\""), "{display}");
        let bold = render_formula("\\mathbf{x}", false).unwrap();
        assert!(bold.contains("mathvariant=\"bold\""), "{bold}");
    }

    #[test]
    fn variants_css_cannot_show_become_unicode_letters() {
        let r = render_formula(
            "\\mathbb{R}^d \\mathbb{E} \\mathcal{L} \\mathfrak{g} \\mathtt{x1}",
            false,
        )
        .unwrap();
        assert!(r.contains("<msup><mi>ℝ</mi><mi>d</mi></msup>"), "{r}");
        assert!(
            r.contains("<mi>𝔼</mi><mi>ℒ</mi><mi>𝔤</mi><mrow><mi>𝚡</mi><mn>𝟷</mn></mrow>"),
            "{r}"
        );
        let r = render_formula(
            "\\mathbf{W} \\boldsymbol{\\gamma} \\mathrm{LN} \\mathcal{12}",
            false,
        )
        .unwrap();
        assert!(r.contains("<mi mathvariant=\"bold\">W</mi>"), "{r}");
        assert!(r.contains("<mi mathvariant=\"bold-italic\">γ</mi>"), "{r}");
        assert!(r.contains("<mi mathvariant=\"normal\">L</mi>"), "{r}");
        assert!(
            r.contains("mathvariant=\"script\""),
            "script digits do not exist: {r}"
        );
        assert_eq!(
            unicode_variants(
                "<mi mathvariant=\"script\">&amp;</mi><mo mathvariant=\"script\">x</mo>"
            ),
            "<mi mathvariant=\"script\">&amp;</mi><mo mathvariant=\"script\">x</mo>"
        );
        assert_eq!(
            unicode_variants("<mi mathvariant=\"script"),
            "<mi mathvariant=\"script"
        );
    }

    #[test]
    fn tokens_holding_elements_become_rows() {
        let r = render_formula("\\begin{matrix} a \\\\ \\vdots \\end{matrix}", false).unwrap();
        assert!(
            r.contains("<mrow><mi mathvariant=\"normal\">⋮</mi><mpadded"),
            "{r}"
        );
        assert!(!r.contains("<mi><mi"), "{r}");
        assert_eq!(
            token_children_as_rows("<mi a=\"1\"><mi>x</mi><mspace/></mi><mi>y</mi>"),
            "<mrow a=\"1\"><mi>x</mi><mspace/></mrow><mi>y</mi>"
        );
        assert_eq!(
            token_children_as_rows("<mi>x</mi><broken"),
            "<mi>x</mi><broken"
        );
    }

    #[test]
    fn errors_are_readable() {
        let err = render_formula("\\frac{a}{b} + \\nosuch", false).unwrap_err();
        assert_eq!(err, "Undefined control sequence: \\nosuch");
        let err = render_formula("x^{", false).unwrap_err();
        assert!(err.starts_with("Expected '}'"), "{err}");
    }

    #[test]
    fn prerender_renders_each_unique_formula_once() {
        let cache = MathCache::prerender([
            formula("x", false),
            formula("x", false),
            formula("x", true),
            formula("\\bad", false),
        ]);
        assert_eq!(cache.len(), 3);
        assert!(cache.get("x", false).is_ok());
        assert!(cache.get("x", true).unwrap().contains("display=\"block\""));
        assert!(cache.get("\\bad", false).is_err());
        assert_eq!(
            cache.get("y", false),
            render_formula("y", false),
            "a formula missing from the cache is rendered on demand"
        );
    }

    #[test]
    fn extend_renders_only_unseen_formulas_and_the_cache_persists() {
        let mut cache = MathCache::prerender([formula("x", false)]);
        assert_eq!(cache.extend([formula("x", false), formula("y", true)]), 1);
        assert_eq!(cache.extend([formula("y", true)]), 0);
        assert_eq!(cache.len(), 2);
        let dir = tempfile::tempdir().unwrap();
        let book_cache = Cache::new(dir.path(), true);
        assert!(MathCache::load(&book_cache).is_empty());
        assert!(cache.store(&book_cache, |f| f.tex == "y"));
        let loaded = MathCache::load(&book_cache);
        assert_eq!(loaded.len(), 1);
        assert_eq!(loaded.get("y", true), cache.get("y", true));
        assert!(!cache.store(&Cache::disabled(), |_| true));
        assert!(MathCache::load(&Cache::disabled()).is_empty());
    }
}
