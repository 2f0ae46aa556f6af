//! A run's printed text and its error on the page, each a `<pre>` that takes the keyboard
//! focus (it scrolls sideways when a line is long): `pre.output` and `pre.output.error`.

use rlab::markup::escape;

/// The HTML of a run's printed `text` (none when empty) and its `error` message, as the
/// terminal shows it (position, source line, caret).
pub fn html(text: &str, error: Option<&str>) -> String {
    let mut html = String::new();
    if !text.is_empty() {
        html.push_str(&format!(
            "<pre class=\"output\" tabindex=\"0\">{}</pre>\n",
            escape(text)
        ));
    }
    if let Some(message) = error {
        html.push_str(&format!(
            "<pre class=\"output error\" tabindex=\"0\">{}</pre>\n",
            escape(message)
        ));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_error_are_escaped_and_empty_text_is_left_out() {
        assert_eq!(
            html("a < b\n", Some("1:2: error: 'x'")),
            "<pre class=\"output\" tabindex=\"0\">a &lt; b\n</pre>\n\
             <pre class=\"output error\" tabindex=\"0\">1:2: error: &#39;x&#39;</pre>\n"
        );
        assert_eq!(html("", None), "");
    }
}
