//! What serve adds to pages as it serves them: the live-reload snippet (the client script
//! and the overlay's stylesheet, served from `/__rlbook/`) and the overlay element with the
//! current problems (the same text the terminal shows) and the build number the page
//! belongs to; the pages are otherwise byte for byte those `rlbook build` writes. Also the pages serve makes itself: the
//! one shown before the first build succeeds and the "not found" page.

use crate::markup::{escape, escape_text};

/// Inserted before `</body>` of every page serve serves (never into `rlbook build`'s).
pub(crate) const LIVE_RELOAD_SNIPPET: &str = "<link rel=\"stylesheet\" href=\"/__rlbook/overlay.css\">\n<script src=\"/__rlbook/client.js\" defer></script>";

/// The client script.
pub(crate) const CLIENT_JS: &str = include_str!("client.js");

/// The overlay's stylesheet.
pub(crate) const OVERLAY_CSS: &str = include_str!("overlay.css");

/// What a served page is stamped with: the server run and build it comes from (the client
/// compares them with what the server announces) and the problems of that build.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stamp<'a> {
    pub server: &'a str,
    pub build: u64,
    pub problems: &'a [String],
}

/// The overlay element: hidden when there are no problems, else the problems as the
/// terminal shows them (messages separated by blank lines), in a `<pre>` that scrolls and so
/// takes the keyboard focus.
pub(crate) fn element(stamp: &Stamp) -> String {
    let (server, build) = (escape(&stamp.server.replace('"', "")), stamp.build);
    let id = format!("id=\"rlbook-overlay\" data-server=\"{server}\" data-build=\"{build}\"");
    if stamp.problems.is_empty() {
        return format!("<div {id} hidden></div>");
    }
    let text = escape_text(&stamp.problems.join("\n\n"));
    format!(
        "<div {id} role=\"alert\">\
         <div class=\"rlbook-overlay-bar\"><strong>rlbook serve</strong>\
         <button type=\"button\" class=\"rlbook-overlay-close\" title=\"Hide until the next build\">\
         Hide</button></div><pre class=\"rlbook-overlay-text\" tabindex=\"0\">{text}</pre></div>"
    )
}

/// A page of the site as served: the live-reload snippet, then the overlay element, before
/// its last `</body>`.
pub(crate) fn stamp_page(html: &str, stamp: &Stamp) -> String {
    let fragment = format!("{LIVE_RELOAD_SNIPPET}\n{}", element(stamp));
    inject(html, &fragment)
}

/// `html` with `fragment` inserted before its last `</body>` (appended when it has none).
pub(crate) fn inject(html: &str, fragment: &str) -> String {
    match html.rfind("</body>") {
        Some(at) => format!("{}{fragment}\n{}", &html[..at], &html[at..]),
        None => format!("{html}{fragment}\n"),
    }
}

/// A page serve makes itself: it reloads as a whole once a build is published.
fn own_page(title: &str, body: &str, stamp: &Stamp) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\" data-rlbook-placeholder>\n<head>\n\
         <meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<link rel=\"icon\" href=\"data:,\">\n<title>{title}</title>\n</head>\n\
         <body class=\"rlbook-own-page\">\n<main id=\"main\">\n{body}\n</main>\n{LIVE_RELOAD_SNIPPET}\n{}\n</body>\n</html>\n",
        element(stamp)
    )
}

/// Shown for every page until a build has written the site.
pub(crate) fn waiting_page(stamp: &Stamp) -> String {
    let message = if stamp.problems.is_empty() {
        "<h1>Building the book…</h1>\n<p>This page reloads by itself when the site is ready.</p>"
    } else {
        "<h1>The book could not be built</h1>\n<p>This page reloads by itself once the \
         problems below are fixed.</p>"
    };
    own_page("rlbook serve", message, stamp)
}

/// The "not found" page for a request path (shown escaped).
pub(crate) fn not_found_page(path: &str, stamp: &Stamp) -> String {
    let body = format!(
        "<h1>Not found</h1>\n<p>The site has no page at <code>{}</code>.</p>\n\
         <p><a href=\"/\">Go to the book's contents</a>.</p>",
        escape(path)
    );
    own_page("Not found · rlbook serve", &body, stamp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(build: u64, problems: &[String]) -> Stamp<'_> {
        Stamp {
            server: "s1",
            build,
            problems,
        }
    }

    #[test]
    fn the_element_is_hidden_without_problems() {
        assert_eq!(
            element(&stamp(3, &[])),
            "<div id=\"rlbook-overlay\" data-server=\"s1\" data-build=\"3\" hidden></div>"
        );
    }

    #[test]
    fn problems_are_shown_verbatim_and_escaped() {
        let problems = vec![
            "content/01-a.md:6:9: undefined variable 'q'\n  x = 6 * q;\n          ^".to_string(),
            "error: 1 execution error(s) <&>".to_string(),
        ];
        let html = element(&stamp(7, &problems));
        assert!(html.contains("data-build=\"7\" role=\"alert\""));
        assert!(html.contains("content/01-a.md:6:9: undefined variable 'q'\n  x = 6 * q;"));
        assert!(html.contains("execution error(s) &lt;&amp;&gt;</pre>"));
        assert!(!html.contains(" hidden"));
    }

    #[test]
    fn fragments_go_before_the_last_body_end() {
        assert_eq!(
            inject("<body>a</body></html>", "X"),
            "<body>aX\n</body></html>"
        );
        assert_eq!(inject("no body", "X"), "no bodyX\n");
    }

    #[test]
    fn own_pages_carry_the_client_and_reload_as_a_whole() {
        let waiting = waiting_page(&stamp(0, &[]));
        assert!(waiting.contains("data-rlbook-placeholder"));
        assert!(waiting.contains(LIVE_RELOAD_SNIPPET));
        assert!(waiting.contains("Building the book"));
        let problems = ["book.toml:1:1: bad".to_string()];
        let failed = waiting_page(&stamp(0, &problems));
        assert!(failed.contains("could not be built") && failed.contains("book.toml:1:1: bad"));
        let missing = not_found_page("/<x>\"", &stamp(2, &[]));
        assert!(
            missing.contains("<code>/&lt;x&gt;&quot;</code>"),
            "{missing}"
        );
        assert!(missing.contains("data-build=\"2\""));
    }

    #[test]
    fn the_client_and_stylesheet_are_embedded() {
        assert!(CLIENT_JS.contains("/__rlbook/ws"));
        assert!(OVERLAY_CSS.contains("#rlbook-overlay"));
        assert!(LIVE_RELOAD_SNIPPET.contains("/__rlbook/client.js"));
    }
}
