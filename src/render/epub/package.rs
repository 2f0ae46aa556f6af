//! The EPUB's own documents: the OCF container file, the package document (metadata from
//! book.toml's `[book]`, the manifest with each item's `mathml`/`svg` properties, the
//! spine), the navigation document (lessons, their `##` headings and script pages) and an
//! NCX for readers that predate EPUB 3. Also the book's stable identifier and the
//! `dcterms:modified` date.

use super::xml::escape;
use crate::config::BookMeta;

/// A file of the manifest.
pub(crate) struct Item {
    /// Its manifest id (an XML name).
    pub(crate) id: String,
    /// Relative to the package document.
    pub(crate) href: String,
    pub(crate) media_type: &'static str,
    pub(crate) properties: Vec<&'static str>,
    /// A content document read in order (in the spine).
    pub(crate) spine: bool,
}

/// An entry of the table of contents.
pub(crate) struct NavEntry {
    pub(crate) title: String,
    pub(crate) href: String,
    pub(crate) children: Vec<NavEntry>,
}

pub(crate) const CONTAINER: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n\
  <rootfiles>\n\
    <rootfile full-path=\"EPUB/package.opf\" media-type=\"application/oebps-package+xml\"/>\n\
  </rootfiles>\n\
</container>\n";

/// A UUID made from the book's title (version 8, "custom": the first 16 bytes of its
/// BLAKE3 hash), so every build of the book has the same identifier.
pub(crate) fn identifier(title: &str) -> String {
    let hash = blake3::hash(format!("rlbook epub identifier\n{title}").as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&hash.as_bytes()[..16]);
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "urn:uuid:{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// `CCYY-MM-DDThh:mm:ssZ` of a Unix time.
pub(crate) fn utc_timestamp(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let secs = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_date(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (counting in 400-year eras of
/// 146 097 days, with years starting in March so the leap day ends the year).
fn civil_date(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The language of the book (`en` when book.toml leaves it empty).
pub(crate) fn language(meta: &BookMeta) -> &str {
    let lang = meta.language.trim();
    if lang.is_empty() { "en" } else { lang }
}

/// The package document.
pub(crate) fn package(meta: &BookMeta, identifier: &str, modified: &str, items: &[Item]) -> String {
    let mut opf = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    opf.push_str(&format!(
        "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" \
         unique-identifier=\"book-id\" xml:lang=\"{}\">\n",
        escape(language(meta), true)
    ));
    opf.push_str("  <metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n");
    let line = |tag: &str, attrs: &str, value: &str| {
        format!("    <{tag}{attrs}>{}</{tag}>\n", escape(value, false))
    };
    opf.push_str(&line("dc:identifier", " id=\"book-id\"", identifier));
    opf.push_str(&line("dc:title", "", &title(meta)));
    opf.push_str(&line("dc:language", "", language(meta)));
    for (i, author) in meta
        .authors
        .iter()
        .filter(|a| !a.trim().is_empty())
        .enumerate()
    {
        let attrs = format!(" id=\"creator-{}\"", i + 1);
        opf.push_str(&line("dc:creator", &attrs, author.trim()));
    }
    if !meta.description.trim().is_empty() {
        opf.push_str(&line("dc:description", "", meta.description.trim()));
    }
    opf.push_str(&line("meta", " property=\"dcterms:modified\"", modified));
    opf.push_str("  </metadata>\n  <manifest>\n");
    for item in items {
        let properties = if item.properties.is_empty() {
            String::new()
        } else {
            format!(" properties=\"{}\"", item.properties.join(" "))
        };
        opf.push_str(&format!(
            "    <item id=\"{}\" href=\"{}\" media-type=\"{}\"{properties}/>\n",
            item.id,
            escape(&item.href, true),
            item.media_type
        ));
    }
    opf.push_str("  </manifest>\n  <spine toc=\"ncx\">\n");
    for item in items.iter().filter(|i| i.spine) {
        opf.push_str(&format!("    <itemref idref=\"{}\"/>\n", item.id));
    }
    opf.push_str("  </spine>\n</package>\n");
    opf
}

/// The book's title (`Untitled book` when book.toml leaves it empty).
pub(crate) fn title(meta: &BookMeta) -> String {
    let title = meta.title.trim();
    if title.is_empty() {
        "Untitled book".into()
    } else {
        title.to_string()
    }
}

/// The navigation document.
pub(crate) fn nav(meta: &BookMeta, entries: &[NavEntry]) -> String {
    let mut body = String::from("<nav epub:type=\"toc\" id=\"toc\">\n<h1>Contents</h1>\n");
    nav_list(&mut body, entries);
    body.push_str("</nav>\n");
    super::document(&title(meta), language(meta), "style.css", &body)
}

fn nav_list(out: &mut String, entries: &[NavEntry]) {
    if entries.is_empty() {
        return;
    }
    out.push_str("<ol>\n");
    for entry in entries {
        out.push_str(&format!(
            "<li><a href=\"{}\">{}</a>",
            escape(&entry.href, true),
            escape(&entry.title, false)
        ));
        nav_list(out, &entry.children);
        out.push_str("</li>\n");
    }
    out.push_str("</ol>\n");
}

/// The NCX (EPUB 2 table of contents).
pub(crate) fn ncx(meta: &BookMeta, identifier: &str, entries: &[NavEntry]) -> String {
    let mut points = String::new();
    let mut order = 0;
    let depth = ncx_points(&mut points, entries, &mut order, 1);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\">\n\
         <head>\n<meta name=\"dtb:uid\" content=\"{}\"/>\n\
         <meta name=\"dtb:depth\" content=\"{depth}\"/>\n\
         <meta name=\"dtb:totalPageCount\" content=\"0\"/>\n\
         <meta name=\"dtb:maxPageNumber\" content=\"0\"/>\n</head>\n\
         <docTitle><text>{}</text></docTitle>\n<navMap>\n{points}</navMap>\n</ncx>\n",
        escape(identifier, true),
        escape(&title(meta), false)
    )
}

/// The nav points of `entries`; returns the depth reached.
fn ncx_points(out: &mut String, entries: &[NavEntry], order: &mut usize, level: usize) -> usize {
    let mut depth = if entries.is_empty() { level - 1 } else { level };
    for entry in entries {
        *order += 1;
        out.push_str(&format!(
            "<navPoint id=\"nav-{order}\" playOrder=\"{order}\">\
             <navLabel><text>{}</text></navLabel><content src=\"{}\"/>\n",
            escape(&entry.title, false),
            escape(&entry.href, true)
        ));
        depth = depth.max(ncx_points(out, &entry.children, order, level + 1));
        out.push_str("</navPoint>\n");
    }
    depth
}
