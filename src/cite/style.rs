//! The citation style and its locale: a CSL style bundled with hayagriva, by name (`"apa"`,
//! `"ieee"`, `"chicago-author-date"`, …; `config` makes `"apa"` the default), or a `.csl`
//! file of the book's; and the locale of the book's `language` among the locales bundled with
//! hayagriva (the style's own default when none fits).
//!
//! A dependent style (a `.csl` that only points at a parent and sets a locale) is resolved when
//! its parent is one of the bundled styles; otherwise it is an error asking for the parent's
//! file. The style's `citation-format` category tells the renderers whether citations are
//! numbers (`[1]`) or names and years (`(Vaswani et al., 2017)`).

use crate::diagnostic::suggest::closest;
use crate::diagnostic::{Diagnostic, Kind};
use hayagriva::archive::{self, ArchivedStyle};
use hayagriva::citationberg::{
    CitationFormat, IndependentStyle, Locale, LocaleCode, Style, StyleCategory, StyleClass,
};
use std::sync::OnceLock;

/// Styles named in the "unknown style" error after the ones closest to the name written.
const WELL_KNOWN: &[&str] = &[
    "apa",
    "ieee",
    "chicago-author-date",
    "mla",
    "nature",
    "vancouver",
];

/// How a style's citations look in the text (its CSL `citation-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CitationKind {
    /// "(Vaswani et al., 2017)".
    AuthorDate,
    /// "(Vaswani et al.)".
    Author,
    /// "[1]".
    Numeric,
    /// "[VSP+17]".
    Label,
    /// The citation is a footnote.
    Note,
}

impl CitationKind {
    /// Whether a citation names the authors, so that `[-@key]` has an author to leave out.
    pub(crate) fn names_authors(self) -> bool {
        matches!(self, CitationKind::AuthorDate | CitationKind::Author)
    }
}

/// A resolved style with the locale its terms and dates are written in.
#[derive(Debug)]
pub(crate) struct CitationStyle {
    csl: IndependentStyle,
    locale: Option<LocaleCode>,
    /// The bundled locales the style may take its terms from ([`locales_for`]).
    locales: Vec<Locale>,
}

impl CitationStyle {
    /// The bundled style `name` (case ignored), in the locale of `language`.
    pub(crate) fn bundled(name: &str, language: &str) -> Result<CitationStyle, Diagnostic> {
        let found = ArchivedStyle::by_name(name)
            .or_else(|| ArchivedStyle::by_name(&name.to_ascii_lowercase()));
        let Some(archived) = found else {
            return Err(unknown_style(name));
        };
        match archived.get() {
            Style::Independent(csl) => Ok(CitationStyle::new(csl, language)),
            Style::Dependent(_) => Err(Diagnostic::error(
                Kind::Config,
                format!("the bundled citation style `{name}` is a dependent style"),
            )),
        }
    }

    /// The style of the `.csl` file `file` (as the book shows it) whose text is `xml`, in the
    /// locale of `language`.
    pub(crate) fn from_csl(
        file: &str,
        xml: &str,
        language: &str,
    ) -> Result<CitationStyle, Diagnostic> {
        let style = Style::from_xml(xml).map_err(|e| {
            let at = e
                .path
                .as_ref()
                .map_or(String::new(), |p| format!(" (at `{p}`)"));
            let message = format!("malformed CSL style: {}{at}", e.source);
            Diagnostic::error(Kind::Config, message).in_file(file)
        })?;
        let csl = match style {
            Style::Independent(csl) => csl,
            Style::Dependent(dependent) => {
                let parent = dependent.parent_link.href.as_str();
                let Some(mut csl) = bundled_parent(parent) else {
                    let message = format!(
                        "a dependent CSL style whose parent (`{parent}`) is not bundled: only \
                         independent styles are supported, use the parent's file"
                    );
                    return Err(Diagnostic::error(Kind::Config, message).in_file(file));
                };
                csl.default_locale = dependent.default_locale.or(csl.default_locale);
                csl
            }
        };
        Ok(CitationStyle::new(csl, language))
    }

    fn new(csl: IndependentStyle, language: &str) -> CitationStyle {
        let locale = resolve_locale(language, bundled_codes());
        let wanted = [locale.as_ref(), csl.default_locale.as_ref()];
        let locales = locales_for(wanted.into_iter().flatten());
        CitationStyle {
            csl,
            locale,
            locales,
        }
    }

    /// Whether citations are numbers, labels, names and years, or notes.
    pub(crate) fn kind(&self) -> CitationKind {
        let format = self.csl.info.category.iter().find_map(|c| match c {
            StyleCategory::CitationFormat { format } => Some(*format),
            StyleCategory::Field { .. } => None,
        });
        match format {
            Some(CitationFormat::AuthorDate) => CitationKind::AuthorDate,
            Some(CitationFormat::Author) => CitationKind::Author,
            Some(CitationFormat::Numeric) => CitationKind::Numeric,
            Some(CitationFormat::Label) => CitationKind::Label,
            Some(CitationFormat::Note) => CitationKind::Note,
            None if self.csl.settings.class == StyleClass::Note => CitationKind::Note,
            None => CitationKind::AuthorDate,
        }
    }

    /// The style's title ("American Psychological Association 7th edition").
    pub(crate) fn title(&self) -> &str {
        &self.csl.info.title.value
    }

    /// The locale of the book's language, when a bundled one fits it (`en` → `en-US`).
    pub(crate) fn locale(&self) -> Option<&LocaleCode> {
        self.locale.as_ref()
    }

    pub(super) fn csl(&self) -> &IndependentStyle {
        &self.csl
    }

    pub(super) fn locales(&self) -> &[Locale] {
        &self.locales
    }
}

/// The names of every bundled style.
pub(crate) fn bundled_names() -> Vec<String> {
    let all = ArchivedStyle::all().iter();
    all.flat_map(|s| s.names().iter().map(|n| n.to_string()))
        .collect()
}

/// The bundled style a dependent style's parent link points at.
fn bundled_parent(href: &str) -> Option<IndependentStyle> {
    let id = href
        .trim_end_matches('/')
        .replacen("https://", "http://", 1);
    match ArchivedStyle::by_id(&id)?.get() {
        Style::Independent(csl) => Some(csl),
        Style::Dependent(_) => None,
    }
}

/// "unknown citation style `apaa`: try `apa`, …", the closest names first.
fn unknown_style(name: &str) -> Diagnostic {
    let mut names = bundled_names();
    let mut offered: Vec<String> = Vec::new();
    while offered.len() < 3 {
        let Some(near) = closest(&names, name).map(str::to_string) else {
            break;
        };
        names.retain(|n| *n != near);
        offered.push(near);
    }
    for known in WELL_KNOWN {
        if offered.len() < 5 && !offered.iter().any(|o| o == known) {
            offered.push(known.to_string());
        }
    }
    let offered: Vec<String> = offered.iter().map(|n| format!("`{n}`")).collect();
    let message = format!(
        "unknown citation style `{name}`: try {}, or the path of a `.csl` file",
        offered.join(", ")
    );
    Diagnostic::error(Kind::Config, message)
}

/// The bundled locale of `language` (`en`, `en-GB`, `de_CH`): the same code, else the
/// language's usual region (`de` → `de-DE`), else any region of the language; none when
/// no bundled locale speaks it (the style's default applies).
pub(super) fn resolve_locale(language: &str, codes: &[Option<LocaleCode>]) -> Option<LocaleCode> {
    let wanted = language.trim().replace('_', "-");
    let codes: Vec<&LocaleCode> = codes.iter().flatten().collect();
    let find = |code: &str| {
        codes
            .iter()
            .find(|c| c.0.eq_ignore_ascii_case(code))
            .copied()
    };
    if wanted.is_empty() {
        return None;
    }
    if let Some(code) = find(&wanted) {
        return Some(code.clone());
    }
    let usual = LocaleCode(wanted.clone()).fallback();
    if let Some(code) = usual.and_then(|u| find(&u.0)) {
        return Some(code.clone());
    }
    let base = wanted
        .split('-')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let same_language = codes.iter().find(|c| {
        let own = c.0.split('-').next().unwrap_or_default();
        own.eq_ignore_ascii_case(&base)
    });
    same_language.map(|c| (*c).clone())
}

/// The language of each locale hayagriva bundles (index-aligned with its archive), read once
/// per process. Only each one's `xml:lang` is decoded: parsing all 63 whole costs about 50 ms
/// of CPU (more than ten times as much), and a book needs one or two of them.
pub(super) fn bundled_codes() -> &'static [Option<LocaleCode>] {
    #[derive(serde::Deserialize)]
    struct LangOnly {
        #[serde(rename = "@xml:lang")]
        lang: Option<LocaleCode>,
    }
    static CODES: OnceLock<Vec<Option<LocaleCode>>> = OnceLock::new();
    CODES.get_or_init(|| {
        (archive::LOCALES.iter())
            .map(|bytes| ciborium::de::from_reader::<LangOnly, _>(*bytes).ok()?.lang)
            .collect()
    })
}

/// The bundled locales a style may take its terms from when it writes in `wanted` (the
/// book's locale, the style's default): every one of their languages (`de-AT` falls back to
/// `de-DE`) and `en-US`, the last resort. Each is parsed once per process.
fn locales_for<'c>(wanted: impl Iterator<Item = &'c LocaleCode>) -> Vec<Locale> {
    static PARSED: OnceLock<Vec<OnceLock<Option<Locale>>>> = OnceLock::new();
    let parsed = PARSED.get_or_init(|| archive::LOCALES.iter().map(|_| OnceLock::new()).collect());
    let language = |code: &LocaleCode| code.0.split('-').next().unwrap_or("").to_ascii_lowercase();
    let languages: Vec<String> = wanted.map(language).collect();
    let needed = |code: &LocaleCode| code.0 == "en-US" || languages.contains(&language(code));
    (bundled_codes().iter().enumerate())
        .filter(|(_, code)| code.as_ref().is_some_and(needed))
        .filter_map(|(i, _)| {
            let bytes = archive::LOCALES.get(i)?;
            let locale = parsed
                .get(i)?
                .get_or_init(|| ciborium::de::from_reader(*bytes).ok());
            locale.clone()
        })
        .collect()
}
