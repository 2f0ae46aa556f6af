//! The one escaper of text for HTML and XML (SVG): the figure renderer uses it, and so do
//! rlbook's page renderer, templates and serve overlay. [`escape`] for anything that may
//! stand in an attribute value, double- or single-quoted; [`escape_text`] for element content
//! that is shown verbatim (messages with their quotes, as the terminal shows them).

/// `text` with `&`, `<`, `>`, `"` and `'` replaced by their references.
pub fn escape(text: &str) -> String {
    escape_chars(text, true)
}

/// `text` with `&`, `<` and `>` replaced: safe as element content, not in attributes.
pub fn escape_text(text: &str) -> String {
    escape_chars(text, false)
}

fn escape_chars(text: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_and_both_quotes_are_escaped_and_the_rest_kept() {
        assert_eq!(
            super::escape("<a href=\"x\">'&'</a> ../x é"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; ../x é"
        );
        assert_eq!(
            super::escape_text("'a' < \"b\" & c"),
            "'a' &lt; \"b\" &amp; c"
        );
    }
}
