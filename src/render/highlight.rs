//! Build-time syntax highlighting with syntect: class-based spans (`hl-` prefixed scope atoms,
//! styled by `theme/highlight.css`) inside `<pre class="code" tabindex="0"><code
//! class="language-X">`. The `<pre>` scrolls sideways when a line is long, so it takes the
//! keyboard focus: a reader without a mouse can scroll it with the arrow keys.
//!
//! rlab has its own grammar (`syntax/rlab.sublime-syntax`, embedded) in a syntax set of its
//! own; other languages use syntect's default set, loaded only when one is needed. (Adding
//! rlab to the default set would rebuild it, recompressing every default syntax: ~180 ms on
//! every build.) A language syntect does not know, or a grammar that fails on some line,
//! gives the plain escaped code instead.
//!
//! Highlighting is a pure function of the code and the language, so results are memoised
//! for the process and persist in the book's cache (`.rlbook/highlight.bin`): a warm build
//! loads them and never starts syntect.

use crate::book::Book;
use crate::cache::{Cache, CacheFile};
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard, OnceLock};
use syntect::html::{ClassStyle, ClassedHTMLGenerator};
use syntect::parsing::{SyntaxDefinition, SyntaxReference, SyntaxSet, SyntaxSetBuilder};
use syntect::util::LinesWithEndings;

/// The class prefix of every highlighting span.
pub(crate) const CLASS_PREFIX: &str = "hl-";

const RLAB_SYNTAX: &str = include_str!("syntax/rlab.sublime-syntax");

/// rlab alone (empty if the grammar failed to load, which a unit test rules out).
fn rlab_set() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(|| {
        let mut builder = SyntaxSetBuilder::new();
        if let Ok(rlab) = SyntaxDefinition::load_from_str(RLAB_SYNTAX, true, Some("rlab")) {
            builder.add(rlab);
        }
        builder.build()
    })
}

/// syntect's default syntaxes.
fn default_set() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(SyntaxSet::load_defaults_newlines)
}

/// Highlighted code by language class, then code.
type Entries = HashMap<String, HashMap<String, String>>;

/// The process's highlighted code, and whether some was added since it was last stored.
#[derive(Default)]
struct Memo {
    entries: Entries,
    added: bool,
}

fn memo() -> MutexGuard<'static, Memo> {
    static MEMO: OnceLock<Mutex<Memo>> = OnceLock::new();
    MEMO.get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// rlab code as a complete highlighted `<pre>` element.
pub fn highlight_rlab(code: &str) -> String {
    highlight(code, "rlab")
}

/// `code` in language `lang` (a fence's first word) as a complete `<pre>` element:
/// highlighted when syntect knows the language, plain escaped text otherwise.
pub fn highlight(code: &str, lang: &str) -> String {
    let lang = lang_class(lang);
    if let Some(html) = memo().entries.get(&lang).and_then(|m| m.get(code)) {
        return html.clone();
    }
    let html = highlight_now(code, &lang);
    let mut memo = memo();
    memo.entries
        .entry(lang)
        .or_default()
        .insert(code.to_string(), html.clone());
    memo.added = true;
    html
}

fn highlight_now(code: &str, lang: &str) -> String {
    let inner = find_syntax(lang)
        .and_then(|(syntax, set)| classed_html(code, syntax, set))
        .unwrap_or_else(|| crate::markup::escape(code));
    if lang.is_empty() {
        format!("<pre class=\"code\" tabindex=\"0\"><code>{inner}</code></pre>")
    } else {
        format!(
            "<pre class=\"code\" tabindex=\"0\"><code class=\"language-{lang}\">{inner}</code></pre>"
        )
    }
}

/// Add the highlighted code stored in the book's cache to the process's memo.
pub fn load_cached(cache: &Cache) {
    let Some(stored) = cache.load::<Vec<(String, String, String)>>(&CacheFile::highlight()) else {
        return;
    };
    let mut memo = memo();
    for (lang, code, html) in stored {
        memo.entries
            .entry(lang)
            .or_default()
            .entry(code)
            .or_insert(html);
    }
}

/// Store the memo's entries that `keep(lang, code)` accepts in the book's cache, if any
/// were added since the last store or the cache has none; returns whether it wrote.
pub fn store_cached(cache: &Cache, keep: impl Fn(&str, &str) -> bool) -> bool {
    let mut memo = memo();
    let due = memo.added || !cache.has(&CacheFile::highlight());
    if !cache.is_enabled() || !due {
        return false;
    }
    let mut kept: Vec<(&str, &str, &str)> = memo
        .entries
        .iter()
        .flat_map(|(lang, m)| {
            m.iter()
                .map(move |(code, html)| (lang.as_str(), code.as_str(), html.as_str()))
        })
        .filter(|(lang, code, _)| keep(lang, code))
        .collect();
    kept.sort_unstable();
    let written = cache.store(&CacheFile::highlight(), &kept);
    memo.added &= !written;
    written
}

/// [`store_cached`], keeping the code `book` still shows: its blocks and scripts, and other
/// code that stands in a lesson's source.
pub(crate) fn store_cached_for(cache: &Cache, book: &Book) -> bool {
    let exact: HashSet<&str> = book
        .lessons
        .iter()
        .flat_map(|l| {
            let blocks = l.blocks.iter().map(|b| b.code.as_str());
            blocks.chain(l.scripts.iter().map(|s| s.source.as_str()))
        })
        .collect();
    store_cached(cache, |_, code| {
        exact.contains(code) || book.lessons.iter().any(|l| l.source.contains(code))
    })
}

/// The syntax of a language class and the set it belongs to.
fn find_syntax(lang: &str) -> Option<(&'static SyntaxReference, &'static SyntaxSet)> {
    if lang.is_empty() {
        return None;
    }
    let token = if lang == "rustlab" { "rlab" } else { lang };
    let set = if token == "rlab" {
        rlab_set()
    } else {
        default_set()
    };
    set.find_syntax_by_token(token)
        .filter(|s| s.name != "Plain Text")
        .map(|syntax| (syntax, set))
}

fn classed_html(code: &str, syntax: &SyntaxReference, set: &SyntaxSet) -> Option<String> {
    let style = ClassStyle::SpacedPrefixed {
        prefix: CLASS_PREFIX,
    };
    let mut generator = ClassedHTMLGenerator::new_with_class_style(syntax, set, style);
    for line in LinesWithEndings::from(code) {
        generator
            .parse_html_for_line_which_includes_newline(line)
            .ok()?;
    }
    Some(generator.finalize())
}

/// A fence language reduced to characters safe in a class name (`c++` stays, `a"b` does not).
fn lang_class(lang: &str) -> String {
    lang.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '+' | '#'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class list of the span whose whole text is `text`.
    fn class_of<'h>(html: &'h str, text: &str) -> &'h str {
        let at = html
            .find(&format!("\">{text}</span>"))
            .unwrap_or_else(|| panic!("no span with text {text:?} in {html}"));
        let open = html[..at].rfind("class=\"").map_or(0, |o| o + 7);
        &html[open..at]
    }

    #[test]
    fn rlab_grammar_loads() {
        let def = SyntaxDefinition::load_from_str(RLAB_SYNTAX, true, None);
        assert!(def.is_ok(), "{:?}", def.err());
        assert!(find_syntax("rlab").is_some());
        assert_eq!(
            find_syntax("rustlab").map(|(s, _)| s.name.as_str()),
            Some("rlab")
        );
        assert_eq!(
            find_syntax("python").map(|(s, _)| s.name.as_str()),
            Some("Python")
        );
        assert!(find_syntax("text").is_none());
    }

    #[test]
    fn rlab_scopes() {
        let code = "function y = f(x)  % doc\n  y = x' .* 2.5e-3; # note\nend\ns = \"it's\";\nh = @sin; g = @(t) t.^2;\nz = sum([1 2 ...\n  3]);\nif a != b && c, disp(pi), end\n";
        let html = highlight_rlab(code);
        assert!(
            html.starts_with("<pre class=\"code\" tabindex=\"0\"><code class=\"language-rlab\">")
        );
        assert!(html.ends_with("</code></pre>"));
        let checks = [
            ("function", "hl-storage hl-type hl-function"),
            ("f", "hl-entity hl-name hl-function"),
            ("%", "hl-punctuation hl-definition hl-comment"),
            ("#", "hl-punctuation hl-definition hl-comment"),
            ("&#39;", "hl-keyword hl-operator hl-transpose"),
            (".*", "hl-keyword hl-operator hl-arithmetic hl-elementwise"),
            ("2.5e-3", "hl-constant hl-numeric"),
            ("end", "hl-keyword hl-control"),
            ("sin", "hl-variable hl-function"),
            ("@", "hl-keyword hl-operator hl-handle"),
            ("sum", "hl-support hl-function hl-builtin"),
            ("...", "hl-punctuation hl-separator hl-continuation"),
            ("if", "hl-keyword hl-control"),
            ("!=", "hl-keyword hl-operator hl-comparison"),
            ("&amp;&amp;", "hl-keyword hl-operator hl-logical"),
            ("pi", "hl-constant hl-language"),
        ];
        for (text, classes) in checks {
            assert!(class_of(&html, text).starts_with(classes), "{text}: {html}");
        }
        assert!(html.contains("<span class=\"hl-comment hl-line hl-percentage hl-rlab\">"));
        assert!(html.contains("<span class=\"hl-string hl-quoted hl-double hl-rlab\"><span class=\"hl-punctuation hl-definition hl-string hl-begin hl-rlab\">&quot;</span>it&#39;s<"));
        assert!(
            html.contains("<span class=\"hl-keyword hl-operator hl-lambda hl-rlab\">@</span>(t)")
        );
    }

    #[test]
    fn quote_after_an_operand_is_a_transpose_else_a_string() {
        let html = highlight_rlab("a = 'text';\nb = a ';\nc = [x' y'];\n");
        assert!(
            html.contains("<span class=\"hl-string hl-quoted hl-single hl-rlab\">"),
            "{html}"
        );
        assert!(
            html.contains(
                "a <span class=\"hl-keyword hl-operator hl-transpose hl-rlab\">&#39;</span><span"
            ),
            "{html}"
        );
        assert_eq!(html.matches("hl-transpose").count(), 3, "{html}");
    }

    #[test]
    fn other_languages_and_plain_text() {
        let py = highlight("def f():\n    return 1  # c\n", "python");
        assert!(py.contains("language-python"));
        assert!(py.contains("hl-comment"), "{py}");
        let plain = highlight("<b> & x\n", "no-such-language");
        assert_eq!(
            plain,
            "<pre class=\"code\" tabindex=\"0\"><code class=\"language-no-such-language\">&lt;b&gt; &amp; x\n</code></pre>"
        );
        assert_eq!(
            highlight("x", ""),
            "<pre class=\"code\" tabindex=\"0\"><code>x</code></pre>"
        );
        assert!(highlight("x", "a\"><script>").contains("language-ascript"));
    }

    /// Whether the process's memo holds `code` in `lang`.
    fn memoised(code: &str, lang: &str) -> bool {
        memo()
            .entries
            .get(lang)
            .is_some_and(|m| m.contains_key(code))
    }

    #[test]
    fn a_memo_hit_is_what_a_fresh_highlight_gives_for_that_input() {
        let a = "memo_a = [1, 2; 3, 4];\nprint(\"x:\", memo_a');\n";
        let b = "memo_b = 'text'; % a comment\n";
        assert!(!memoised(a, "rlab") && !memoised(b, "rlab"));
        let first_a = highlight_rlab(a);
        let first_b = highlight_rlab(b);
        assert!(memoised(a, "rlab") && memoised(b, "rlab"));
        assert_ne!(first_a, first_b);
        // Memo hits, each against an un-memoised highlight of the same input.
        assert_eq!(highlight_rlab(a), highlight_now(a, "rlab"));
        assert_eq!(highlight_rlab(b), highlight_now(b, "rlab"));
        assert_ne!(highlight_rlab(a), highlight_now(b, "rlab"));
        // The language is part of the key: the same code as Python is not the rlab entry.
        assert_eq!(highlight(a, "python"), highlight_now(a, "python"));
        assert_ne!(highlight(a, "python"), highlight_rlab(a));
    }

    #[test]
    fn highlighted_code_persists_in_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path(), true);
        let code = "persisted_only_here = 1;\n";
        let html = highlight(code, "rlab");
        assert!(store_cached(&cache, |_, c| c == code));
        let stored: Vec<(String, String, String)> = cache.load(&CacheFile::highlight()).unwrap();
        assert_eq!(
            stored,
            [("rlab".to_string(), code.to_string(), html.clone())]
        );
        assert_eq!(html, highlight_now(code, "rlab"));
        assert!(!store_cached(&Cache::disabled(), |_, _| true));
        // Loading puts the stored entries in the memo: a code never highlighted in this
        // process is answered with what the cache holds for it.
        let unseen = "loaded_only_from_the_cache = 2;\n";
        let stored = vec![("rlab", unseen, "<pre>from the cache</pre>")];
        assert!(cache.store(&CacheFile::highlight(), &stored));
        assert!(!memoised(unseen, "rlab"));
        load_cached(&cache);
        assert_eq!(highlight(unseen, "rlab"), "<pre>from the cache</pre>");
    }
}
