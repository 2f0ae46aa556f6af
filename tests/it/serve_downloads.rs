//! The downloads `rlbook serve` lists on the book's index (the EPUB, and the PDF of an rlbook
//! built with it) are served, through the binary on the shipped course, whose `book.toml`
//! asks for an EPUB in the HTML folder: every link answers with the file; after a build the
//! served file and index are the built ones; an edit makes the file again from the edit.

use crate::common;
use crate::edition::unzip;
use crate::serve_support::{Served, shipped_course, wait_until};

/// The `href`s of the index's download links.
fn download_links(index: &str) -> Vec<String> {
    let Some(at) = index.find("<ul class=\"book-downloads\">") else {
        return Vec::new();
    };
    let list = &index[at..index[at..]
        .find("</ul>")
        .map_or(index.len(), |end| at + end)];
    (list.split("<a href=\"").skip(1))
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect()
}

/// The size an index link shows (`58 kB`) for a file of `bytes` bytes, as the site writes it.
fn size_label(bytes: usize) -> String {
    let size = bytes as f64;
    if size >= 1e6 {
        format!("{:.1} MB", size / 1e6)
    } else {
        format!("{:.0} kB", (size / 1e3).max(1.0))
    }
}

/// Whether some page of the EPUB contains `text`.
fn epub_contains(bytes: &[u8], text: &str) -> bool {
    unzip(bytes)
        .iter()
        .any(|(_, data)| String::from_utf8_lossy(data).contains(text))
}

#[test]
fn every_download_the_served_index_lists_is_served() {
    let (_dir, book) = shipped_course();
    let served = Served::start_in(&book, &book, None);
    let index = served.get("/").body;
    let links = download_links(&index);
    assert!(!links.is_empty(), "the course asks for an EPUB: {index}");
    for href in &links {
        let reply = served.get(&format!("/{href}"));
        assert_eq!(reply.status, 200, "{href}");
        let kind = if href.ends_with(".epub") {
            assert_eq!(reply.header("content-type"), "application/epub+zip");
            assert!(epub_contains(&reply.bytes, "LayerNorm"), "{href}");
            "EPUB"
        } else {
            assert!(
                href.ends_with(".pdf") && reply.bytes.starts_with(b"%PDF"),
                "{href}"
            );
            "PDF"
        };
        let label = format!("({kind}, {})", size_label(reply.bytes.len()));
        assert!(index.contains(&label), "{href}: the index shows {label}");
    }
}

#[test]
fn after_a_build_serve_serves_the_built_downloads_and_index() {
    let (_dir, book) = shipped_course();
    let run = common::rlbook(&book, &["build"], &[common::SOURCE_DATE]);
    assert!(run.ok, "{}", run.stderr);
    let built_index = std::fs::read_to_string(book.join("site/index.html")).unwrap();
    let links = download_links(&built_index);
    assert!(!links.is_empty(), "{built_index}");
    let served = Served::start_in(&book, &book, None);
    let index = served.get("/").body;
    let at = built_index.rfind("</body>").unwrap();
    assert!(index.starts_with(&built_index[..at]), "the index as built");
    for href in &links {
        let built = std::fs::read(book.join("site").join(href)).unwrap();
        assert!(served.get(&format!("/{href}")).bytes == built, "{href}");
    }
}

#[test]
fn an_edit_while_serving_makes_the_download_from_the_edit() {
    let (_dir, book) = shipped_course();
    let served = Served::start_in(&book, &book, None);
    let href = download_links(&served.get("/").body).remove(0);
    let before = served.get(&format!("/{href}")).bytes;
    let marker = "An edit made while serving";
    assert!(!epub_contains(&before, marker));
    let mut ws = served.websocket();
    ws.next_json();
    let lesson = "content/12-layer-norm-and-residuals.md";
    served.edit(lesson, |text| {
        text.replacen("\n\n", &format!("\n\n{marker}.\n\n"), 1)
    });
    ws.next_matching(|m| m["type"] == "reload");
    let after = wait_until(|| {
        let bytes = served.get(&format!("/{href}")).bytes;
        epub_contains(&bytes, marker).then_some(bytes)
    });
    let index = served.get("/").body;
    assert!(index.contains(&size_label(after.len())), "{index}");
}

#[test]
fn a_download_asked_for_as_the_reload_arrives_is_the_reloaded_one() {
    let (_dir, book) = shipped_course();
    let served = Served::start_in(&book, &book, None);
    let href = download_links(&served.get("/").body).remove(0);
    let mut ws = served.websocket();
    ws.next_json();
    let lesson = "content/12-layer-norm-and-residuals.md";
    for marker in [
        "A first edit made while serving",
        "A second edit made while serving",
    ] {
        served.edit(lesson, |text| {
            let text = text.replace("A first edit made while serving.\n\n", "");
            text.replacen("\n\n", &format!("\n\n{marker}.\n\n"), 1)
        });
        ws.next_matching(|m| m["type"] == "reload");
        // Asked at once and side by side: every answer is made from the reloaded lesson.
        let asked: Vec<_> = std::thread::scope(|s| {
            let served = &served;
            let ask = |path: String| s.spawn(move || served.get(&path));
            let asks = [format!("/{href}"), "/".into(), format!("/{href}")].map(ask);
            asks.map(|a| a.join().unwrap())
        })
        .into();
        let (epub, index) = (&asked[0].bytes, &asked[1].body);
        assert!(epub_contains(epub, marker), "{marker}");
        assert!(!marker.contains("second") || !epub_contains(epub, "A first edit"));
        assert!(asked[2].bytes == *epub, "one EPUB for one site");
        let label = format!("(EPUB, {})", size_label(epub.len()));
        assert!(index.contains(&label), "{label}: {index}");
    }
    let run = common::rlbook(&book, &["build"], &[common::SOURCE_DATE]);
    assert!(run.ok, "{}", run.stderr);
    let built_index = std::fs::read_to_string(book.join("site/index.html")).unwrap();
    let at = built_index.rfind("</body>").unwrap();
    let index = served.get("/").body;
    assert!(index.starts_with(&built_index[..at]), "the index as built");
    let built = std::fs::read(book.join("site").join(&href)).unwrap();
    assert!(
        served.get(&format!("/{href}")).bytes == built,
        "the EPUB as built"
    );
}
