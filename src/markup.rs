//! The one escaper of text for HTML and XML, shared with the figure renderer: it lives in the
//! language crate ([`rlab::markup`]), which draws SVG, and the page renderer, the templates and
//! serve's overlay use it from here.

pub(crate) use rlab::markup::{escape, escape_text};
