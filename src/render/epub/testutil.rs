//! Helpers of the EPUB tests: pages, a book, and a ZIP reader that checks the OCF rules.

use super::*;
use std::collections::BTreeMap;
use std::io::Read;

pub(super) fn book(toml: &str) -> Book {
    let config = crate::config::Config::parse(std::path::Path::new("/b"), toml, "book.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    Book {
        config,
        lessons: Vec::new(),
    }
}

pub(super) fn page(slug: &str, text: &str) -> MarkdownPage {
    MarkdownPage {
        slug: slug.into(),
        title: format!("Title of {slug}"),
        number: 1,
        text: text.into(),
        figures: Vec::new(),
        scripts: Vec::new(),
        matter: None,
    }
}

pub(super) const SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" \
    height=\"20\" viewBox=\"0 0 40 20\"><rect width=\"40\" height=\"20\" fill=\"#fff\"/>\
    <line x1=\"0\" y1=\"20\" x2=\"40\" y2=\"0\" stroke=\"#0550ae\"/></svg>";

/// The files of a ZIP archive by name, checking the OCF rules on the way: `mimetype`
/// first, stored, with no extra field.
pub(crate) fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    assert_eq!(&bytes[..4], b"PK\x03\x04");
    assert_eq!(&bytes[30..38], b"mimetype", "mimetype comes first");
    assert_eq!(u16_at(8), 0, "mimetype is stored");
    assert_eq!(u16_at(28), 0, "mimetype has no extra field");
    assert_eq!(&bytes[38..58], b"application/epub+zip");
    let end = bytes.len() - 22;
    assert_eq!(u32_at(end), 0x0605_4b50);
    let (count, mut at) = (u16_at(end + 10), u32_at(end + 16) as usize);
    let mut files = BTreeMap::new();
    for _ in 0..count {
        assert_eq!(u32_at(at), 0x0201_4b50);
        let (method, size) = (u16_at(at + 10), u32_at(at + 24) as usize);
        let (name_len, offset) = (u16_at(at + 28), u32_at(at + 42) as usize);
        let name = String::from_utf8(bytes[at + 46..at + 46 + name_len].to_vec()).unwrap();
        let local_name = u16_at(offset + 26);
        let data_at = offset + 30 + local_name + u16_at(offset + 28);
        let packed = &bytes[data_at..data_at + u32_at(offset + 18) as usize];
        let data = if method == 8 {
            let mut out = Vec::new();
            flate2::read::DeflateDecoder::new(packed)
                .read_to_end(&mut out)
                .unwrap();
            out
        } else {
            packed.to_vec()
        };
        assert_eq!(data.len(), size, "{name}");
        let mut crc = flate2::Crc::new();
        crc.update(&data);
        assert_eq!(crc.sum(), u32_at(at + 16), "crc of {name}");
        files.insert(name, data);
        at += 46 + name_len + u16_at(at + 30) + u16_at(at + 32);
    }
    files
}

pub(super) fn text(files: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8(
        files
            .get(name)
            .unwrap_or_else(|| panic!("no {name}"))
            .clone(),
    )
    .unwrap()
}

/// Every XML file of the EPUB parses.
pub(super) fn assert_well_formed(files: &BTreeMap<String, Vec<u8>>) {
    for (name, data) in files {
        if [".xhtml", ".opf", ".ncx", ".xml", ".svg"]
            .iter()
            .any(|e| name.ends_with(e))
        {
            let text = String::from_utf8(data.clone()).unwrap();
            let options = roxmltree::ParsingOptions {
                allow_dtd: true,
                ..Default::default()
            };
            if let Err(e) = roxmltree::Document::parse_with_options(&text, options) {
                panic!("{name} is not well-formed: {e}\n{text}");
            }
        }
    }
}
