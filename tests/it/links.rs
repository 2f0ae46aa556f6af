//! Link checking through the binary: the `links` fixture book has links of every kind that
//! stand and broken ones (a missing lesson, a fragment another lesson lacks, a same-page
//! fragment, a missing file, a missing script page); `--check-external` is tested against a
//! local server only, which counts the requests it gets.

use crate::common::{edit_file, fixture_book, rlbook};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The diagnostics of a run's standard error that name a lesson, with their excerpts, without
/// the notes and the summary (errors are shown without a prefix, warnings with `warning: `).
fn problems(stderr: &str) -> String {
    let mut out = Vec::new();
    let mut keep = false;
    for line in stderr.lines() {
        if !line.starts_with("  ") {
            keep = !line.starts_with("note: ") && line.contains(".md:");
        }
        if keep {
            out.push(line);
        }
    }
    out.join("\n")
}

#[test]
fn broken_links_are_warnings_with_file_line_and_column() {
    let book = fixture_book("links");
    let run = rlbook(book.path(), &["build", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    insta::assert_snapshot!(problems(&run.stderr));
    assert!(book.path().join("site/01-start.html").exists());
}

#[test]
fn strict_makes_broken_links_errors_and_writes_nothing() {
    let book = fixture_book("links");
    let run = rlbook(book.path(), &["build", "--strict", "."], &[]);
    assert!(!run.ok, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "content/01-start.md:21:35: broken link: '02-next.md#setpu' — 02-next.md \
             has no heading or anchor 'setpu' (did you mean '#setup'?)"
        ),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("warning: "), "{}", run.stderr);
    assert!(!book.path().join("site").exists());
}

#[test]
fn links_that_stand_give_no_warning() {
    let book = fixture_book("links");
    let start = book.path().join("content/01-start.md");
    let text = std::fs::read_to_string(&start).unwrap();
    let kept = &text[..text.find("## Broken").unwrap()];
    std::fs::write(&start, kept).unwrap();
    let next = book.path().join("content/02-next.md");
    edit_file(
        &next,
        " and to\n[a fragment it lacks](01-start.md#block-9)",
        "",
    );
    let run = rlbook(book.path(), &["build", "--strict", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(problems(&run.stderr), "");
}

#[test]
fn the_markdown_book_is_checked_against_githubs_heading_anchors() {
    let book = fixture_book("links");
    let toml = book.path().join("book.toml");
    edit_file(
        &toml,
        "formats = [\"html\"]",
        "formats = [\"html\", \"markdown\"]",
    );
    let run = rlbook(book.path(), &["build", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    let markdown: Vec<&str> = (run.stderr.lines())
        .filter(|l| l.contains("broken link in the Markdown book"))
        .collect();
    insta::assert_snapshot!(markdown.join("\n"));
}

/// The `dest` of every link warning in `stderr` (`… '01-a.md#x' — …`).
fn warned_destinations(stderr: &str) -> Vec<String> {
    (stderr.lines())
        .filter(|l| l.starts_with("warning: ") && l.contains("broken link"))
        .filter_map(|l| l.split('\'').nth(1).map(String::from))
        .collect()
}

#[test]
fn a_book_that_overrides_lesson_html_is_checked_against_its_own_templates() {
    let book = fixture_book("links-override");
    let run = rlbook(book.path(), &["build", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(
        warned_destinations(&run.stderr),
        ["#sidebar"],
        "the book's lesson.html has `content` and, in its partial, `notes`; not the \
         embedded base's `sidebar`:\n{}",
        run.stderr
    );
    let page = std::fs::read_to_string(book.path().join("site/01-only.html")).unwrap();
    assert!(page.contains("id=\"notes\"") && !page.contains("id=\"sidebar\""));
    // The partial loses its id, no page changes: the check must not be the remembered one.
    edit_file(
        &book.path().join("templates/parts/notes.html"),
        "<aside id=\"notes\">",
        "<aside>",
    );
    let run = rlbook(book.path(), &["build", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(warned_destinations(&run.stderr), ["#notes", "#sidebar"]);
}

fn xml(xhtml: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(xhtml, options).expect("the EPUB page is XML")
}

/// The elements of an XHTML page that have an id, with their text.
fn texts_by_id(xhtml: &str) -> Vec<(String, String)> {
    let doc = xml(xhtml);
    (doc.descendants())
        .filter_map(|node| {
            let id = node.attribute("id")?;
            let text: String = node.descendants().filter_map(|n| n.text()).collect();
            Some((id.to_string(), text))
        })
        .collect()
}

/// The `href` and text of every link of an XHTML page.
fn links_of_page(xhtml: &str) -> Vec<(String, String)> {
    let doc = xml(xhtml);
    (doc.descendants())
        .filter(|node| node.has_tag_name("a"))
        .filter_map(|node| {
            let text: String = node.descendants().filter_map(|n| n.text()).collect();
            Some((node.attribute("href")?.to_string(), text))
        })
        .collect()
}

#[test]
fn every_link_the_check_accepts_leads_to_its_heading_in_the_epub() {
    let book = fixture_book("links-github");
    let run = rlbook(book.path(), &["build", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    let warned = warned_destinations(&run.stderr);
    assert_eq!(warned, ["01-headings.md#x-vs-x"], "{}", run.stderr);
    assert!(
        run.stderr.contains("(did you mean '#x-vs-x\u{304}'?)"),
        "GitHub keeps the combining mark: {}",
        run.stderr
    );
    let epub = std::fs::read(book.path().join("site/GitHub-anchors-fixture.epub")).unwrap();
    let entries = crate::edition::unzip(&epub);
    let page = |name: &str| {
        let (_, data) = (entries.iter().find(|(n, _)| n.ends_with(name)))
            .unwrap_or_else(|| panic!("no {name} in the EPUB"));
        String::from_utf8(data.clone()).unwrap()
    };
    let targets = texts_by_id(&page("01-headings.xhtml"));
    let source = std::fs::read_to_string(book.path().join("content/02-links.md")).unwrap();
    let dests: Vec<&str> = (source.split("](").skip(1))
        .filter_map(|rest| rest.split(')').next())
        .collect();
    let links: Vec<(String, String)> = (links_of_page(&page("02-links.xhtml")).into_iter())
        .filter(|(href, _)| href.starts_with("01-headings.xhtml#"))
        .collect();
    assert_eq!(links.len(), dests.len(), "{links:?}");
    let accepted =
        (dests.iter().zip(&links)).filter(|(dest, _)| !warned.iter().any(|w| w == *dest));
    for (dest, (href, text)) in accepted {
        let id = &href["01-headings.xhtml#".len()..];
        let found = targets.iter().find(|(i, _)| i == id);
        assert_eq!(
            found.map(|(_, t)| t.as_str()),
            Some(text.as_str()),
            "'{dest}' (accepted by the check) leads to '{href}' in the EPUB"
        );
    }
}

/// A local web server: `/ok` 200, `/missing` 404, `/moved` a redirect to `/ok`, `/slow`
/// answering after 3 s; it counts every request. It answers one request per connection and
/// says so (`connection: close`): a client must not reuse a connection it has closed (the
/// check once failed with "connection reset by peer" on a pooled one).
struct Server {
    port: u16,
    requests: Arc<AtomicUsize>,
}

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let requests = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&requests);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let counted = Arc::clone(&counted);
                std::thread::spawn(move || answer(stream, &counted));
            }
        });
        Server { port, requests }
    }

    fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

fn answer(mut stream: TcpStream, requests: &AtomicUsize) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    requests.fetch_add(1, Ordering::SeqCst);
    let path = first.split_whitespace().nth(1).unwrap_or("");
    let response = match path {
        "/ok" => "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok".to_string(),
        "/moved" => {
            "HTTP/1.1 301 Moved\r\nlocation: /ok\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                .into()
        }
        "/slow" => {
            std::thread::sleep(Duration::from_secs(3));
            "HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".into()
        }
        _ => "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".into(),
    };
    let head = first.starts_with("HEAD");
    let response = if head {
        response.split("\r\n\r\n").next().unwrap_or("").to_string() + "\r\n\r\n"
    } else {
        response
    };
    let _ = stream.write_all(response.as_bytes());
}

fn web_book(root: &Path, port: u16) {
    let lesson = format!(
        "# Web\n\n[fine](http://127.0.0.1:{port}/ok), [moved](http://127.0.0.1:{port}/moved),\n\
         [gone](http://127.0.0.1:{port}/missing) and [slow](http://127.0.0.1:{port}/slow#part).\n\n\
         Again: [gone](http://127.0.0.1:{port}/missing).\n"
    );
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("content/01-web.md"), lesson).unwrap();
    let toml = "[book]\ntitle = \"Web\"\n\n[links]\ntimeout = 0.5\nparallel = 2\n";
    std::fs::write(root.join("book.toml"), toml).unwrap();
}

#[test]
fn external_links_are_checked_once_a_day_with_a_timeout() {
    let server = Server::start();
    let book = tempfile::tempdir().unwrap();
    web_book(book.path(), server.port);
    let plain = rlbook(book.path(), &["check", "."], &[]);
    assert!(plain.ok, "{}", plain.stderr);
    assert_eq!(server.requests(), 0, "no request without --check-external");

    let run = rlbook(book.path(), &["check", "--check-external", "."], &[]);
    assert!(run.ok, "{}", run.stderr);
    let port = server.port.to_string();
    let found = problems(&run.stderr).replace(&port, "PORT");
    insta::assert_snapshot!(found);
    let asked = server.requests();
    assert!(asked >= 4, "every distinct URL was asked for: {asked}");

    let again = rlbook(
        book.path(),
        &["build", "--strict", "--check-external", "."],
        &[],
    );
    assert!(!again.ok, "broken external links are errors under --strict");
    assert_eq!(
        problems(&again.stderr).replace(&port, "PORT"),
        found.replace("warning: ", "")
    );
    assert_eq!(server.requests(), asked, "the answers came from the cache");
    assert!(!book.path().join("site").exists());

    let fresh = rlbook(
        book.path(),
        &["check", "--no-cache", "--check-external", "."],
        &[],
    );
    assert!(fresh.ok);
    assert!(server.requests() > asked, "--no-cache asks again");
}
