//! `rlbook serve` through the binary, on a temporary copy of `tests/books/serve`: pages and
//! live reload over the WebSocket, the error overlay and its clearing, drift without
//! writing the record, path traversal, a burst of saves, files added while serving, a taken
//! port, `--open`, and Ctrl-C. Every wait is for an event, with a generous timeout; nothing is timed.

use crate::serve_support::{Served, copy_fixture, wait_until};

const LESSON: &str = "content/01-basics.md";
const PAGE: &str = "/01-basics.html";

#[test]
fn an_edit_is_pushed_to_the_browser_and_the_page_shows_it() {
    let served = Served::start();
    let first = served.get(PAGE);
    assert_eq!(first.status, 200);
    assert!(first.body.contains("Hello from the serve fixture."));
    assert!(
        first
            .body
            .contains("<script src=\"/__rlbook/client.js\" defer></script>")
    );
    assert!(first.body.contains("id=\"rlbook-overlay\""));
    let mut ws = served.websocket();
    assert_eq!(ws.next_json()["type"], "hello");

    served.edit(LESSON, |text| text.replace("Hello from", "Greetings from"));
    let message = ws.next_matching(|m| m["type"] == "reload");
    let changed = message["changed"].as_array().unwrap();
    assert!(changed.iter().any(|c| c == "01-basics.html"), "{message}");
    let page = served.get(PAGE);
    assert!(page.body.contains("Greetings from the serve fixture."));

    served.edit(LESSON, |text| text.replace("[1, 2, 3, 4]", "[2, 4, 6, 8]"));
    ws.next_matching(|m| m["type"] == "reload");
    let page = served.get(PAGE);
    assert!(page.body.contains("mean(v): 5"), "{}", page.body);
}

#[test]
fn an_error_shows_over_the_last_good_page_until_it_is_fixed() {
    let served = Served::start();
    let mut ws = served.websocket();
    ws.next_json();
    served.edit(LESSON, |text| {
        text.replace("m = mean(v);", "w = nope + 1;\nm = mean(v);")
            .replace("Hello from", "Broken")
    });
    let message = ws.next_matching(|m| !m["problems"].as_array().unwrap().is_empty());
    let problems = message["problems"].to_string();
    assert!(
        problems.contains("content/01-basics.md:7:5: undefined variable 'nope'"),
        "{problems}"
    );
    let page = served.get(PAGE);
    assert!(
        page.body
            .contains("content/01-basics.md:7:5: undefined variable 'nope'"),
        "{}",
        page.body
    );
    assert!(page.body.contains("role=\"alert\""));
    assert!(
        page.body.contains("Hello from the serve fixture."),
        "the last good page stays"
    );
    // The terminal shows the same message (its reader thread may lag the WebSocket a moment).
    wait_until(|| {
        served
            .stderr()
            .contains("content/01-basics.md:7:5: undefined variable 'nope'")
            .then_some(())
    });

    served.edit(LESSON, |text| {
        text.replace("w = nope + 1;\n", "")
            .replace("Broken", "Fixed")
    });
    ws.next_matching(|m| m["problems"].as_array().unwrap().is_empty());
    let page = served.get(PAGE);
    assert!(page.body.contains("Fixed the serve fixture."));
    assert!(!page.body.contains("undefined variable"));
    assert!(!page.body.contains("role=\"alert\""));
}

#[test]
fn drift_shows_in_the_overlay_with_the_new_page_and_the_record_is_untouched() {
    let served = Served::start();
    let record = served.read("expected/01-basics.txt");
    let mut ws = served.websocket();
    ws.next_json();
    served.edit(LESSON, |text| text.replace("[1, 2, 3, 4]", "[1, 2, 3, 5]"));
    ws.next_matching(|m| m["type"] == "reload");
    let page = served.get(PAGE);
    assert!(page.body.contains("mean(v): 2.75"));
    assert!(
        page.body.contains("content/01-basics.md:5"),
        "{}",
        page.body
    );
    assert!(page.body.contains("2.5 → 2.75"), "{}", page.body);
    assert!(page.body.contains("rlbook bless"));
    assert_eq!(served.read("expected/01-basics.txt"), record);
}

#[test]
fn nothing_outside_the_site_is_served() {
    let served = Served::start();
    served.write("secret.txt", "top secret");
    for path in [
        "/../Cargo.toml",
        "/../../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E/%2e%2e/Cargo.toml",
        "/..%2fCargo.toml",
        "/%2e%2e%2fCargo.toml",
        "/assets/..%2f..%2fbook.toml",
        "/..%5cCargo.toml",
        "/..\\Cargo.toml",
        "/assets/%2e%2e/%2e%2e/secret.txt",
        "/.rlbook-site",
        "/scripts/",
        "/scripts/02-figures/",
        "/assets",
    ] {
        let reply = served.get(path);
        assert_eq!(reply.status, 404, "{path}");
        assert!(
            !reply.body.contains("[package]") && !reply.body.contains("top secret"),
            "{path}"
        );
    }
    let index = served.get("/");
    assert_eq!(
        (index.status, index.header("content-type")),
        (200, "text/html; charset=utf-8")
    );
    let css = served.get("/assets/style.css");
    assert_eq!(css.header("content-type"), "text/css; charset=utf-8");
    let js = served.get("/assets/rlbook.js");
    assert_eq!(js.header("content-type"), "text/javascript; charset=utf-8");
    let figures = served.get("/02-figures.html");
    let at = figures.body.find("figures/02-figures/").expect("a figure");
    let svg_path = figures.body[at..].split('"').next().unwrap();
    let svg = served.get(&format!("/{svg_path}"));
    assert_eq!(
        (svg.status, svg.header("content-type")),
        (200, "image/svg+xml")
    );
    let head = served.request("HEAD", PAGE);
    assert_eq!((head.status, head.body.as_str()), (200, ""));
    assert_eq!(served.request("POST", PAGE).status, 405);
}

#[test]
fn a_burst_of_saves_ends_on_the_final_content() {
    let mut served = Served::start();
    let original = served.read(LESSON);
    for n in 0..200 {
        let text = original
            .replace("Hello from", &format!("Save {n} from"))
            .replace("[1, 2, 3, 4]", &format!("[1, 2, 3, {n}]"));
        if n % 2 == 0 {
            served.overwrite(LESSON, &text);
        } else {
            served.write(LESSON, &text);
        }
    }
    let page = wait_until(|| {
        let page = served.get(PAGE);
        page.body.contains("Save 199 from").then_some(page)
    });
    assert!(page.body.contains("mean(v): 51.25"), "{}", page.body);
    assert!(served.is_running());
    assert_eq!(served.get("/").status, 200);
    println!("serve said:\n{}", served.stdout());
}

#[test]
fn lessons_and_theme_files_added_while_serving_are_picked_up() {
    let served = Served::start();
    let mut ws = served.websocket();
    ws.next_json();
    served.write(
        "content/03-later.md",
        "# Later\n\n```rlab\nprint(\"late:\", 7 * 6)\n```\n",
    );
    ws.next_matching(|m| m["changed"].to_string().contains("03-later.html"));
    assert!(served.get("/03-later.html").body.contains("late: 42"));
    assert!(served.get("/").body.contains("Later"));
    served.write("theme/style.css", "body { color: rebeccapurple; }\n");
    ws.next_matching(|m| m["changed"].to_string().contains("assets/style.css"));
    assert_eq!(
        served.get("/assets/style.css").body,
        "body { color: rebeccapurple; }\n"
    );
    served.write("content/02-figures/more.rlab", "print(\"more:\", 1 + 1)\n");
    ws.next_matching(|m| {
        m["changed"]
            .to_string()
            .contains("scripts/02-figures/more.html")
    });
    assert!(
        served
            .get("/scripts/02-figures/more.html")
            .body
            .contains("more: 2")
    );
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let mut served = Served::start();
    let _ws = served.websocket();
    let status = served.interrupt();
    assert!(status.success(), "{status:?}");
    assert!(served.stdout().contains("stopped"));
    assert!(
        !served.root.join("site").exists(),
        "serve serves from memory and writes no site"
    );
}

/// `rlbook build` on the book at `root`, which must succeed.
fn build(root: &std::path::Path) {
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_rlbook"))
        .arg("build")
        .arg(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&built.stderr);
    assert!(built.status.success(), "{stderr}");
}

/// Every file of a site written by `rlbook build`, by `/`-separated path.
fn built_files(site: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(site)
        .min_depth(1)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file() && !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(site)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_file_served_is_the_one_build_writes_apart_from_the_live_reload_snippet() {
    let served = Served::start();
    build(&served.root);
    let files = built_files(&served.root.join("site"));
    assert!(files.len() > 10, "{} files", files.len());
    for (path, bytes) in &files {
        let reply = served.get(&format!("/{path}"));
        assert_eq!(reply.status, 200, "{path}");
        if !path.ends_with(".html") {
            assert!(reply.bytes == *bytes, "{path} differs from the built file");
            continue;
        }
        let page = String::from_utf8(bytes.clone()).unwrap();
        let at = page.rfind("</body>").unwrap();
        let served_page = reply.body;
        assert!(
            served_page.starts_with(&page[..at]),
            "{path}: the page before the snippet"
        );
        assert!(
            served_page.ends_with(&page[at..]),
            "{path}: the page after the snippet"
        );
        let added = &served_page[at..served_page.len() - (page.len() - at)];
        assert!(
            added.starts_with("<link rel=\"stylesheet\" href=\"/__rlbook/overlay.css\">")
                && added.contains("id=\"rlbook-overlay\"")
                && !added.contains("</body>"),
            "{path}: {added}"
        );
    }
}

#[test]
fn an_explicit_port_that_is_taken_is_an_error() {
    let taken = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let port = taken.local_addr().unwrap().port();
    let (_dir, book) = copy_fixture();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rlbook"))
        .args([
            "serve",
            &book.display().to_string(),
            "--port",
            &port.to_string(),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("port {port} on 127.0.0.1 is taken")),
        "{stderr}"
    );
}

#[test]
fn a_cold_serve_after_build_executes_and_renders_nothing() {
    let (dir, book) = copy_fixture();
    build(&book);
    let served = Served::start_on(dir, book, &[], &[]);
    let first = served.first_pass();
    assert!(first.ends_with(": wrote the site"), "{first}");
    assert!(
        !first.contains("executed") && !first.contains("rendered"),
        "{first}"
    );
}

#[test]
fn sites_from_rlbook_build_carry_no_live_reload() {
    let (_dir, book) = copy_fixture();
    build(&book);
    for page in [
        "index.html",
        "01-basics.html",
        "scripts/02-figures/sum.html",
    ] {
        let html = std::fs::read_to_string(book.join("site").join(page)).unwrap();
        assert!(!html.contains("__rlbook"), "{page}");
        assert!(!html.contains("rlbook-overlay"), "{page}");
    }
}

#[test]
fn open_starts_the_browser_named_by_browser_on_the_served_address() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let opened = dir.path().join("opened");
    let browser = dir.path().join("browser");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\nprintf '%s' \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
    let served = Served::start_with(&["--open"], &[("BROWSER", browser.as_os_str())]);
    let url = wait_until(|| {
        std::fs::read_to_string(&opened)
            .ok()
            .filter(|u| !u.is_empty())
    });
    assert_eq!(url, format!("http://127.0.0.1:{}/", served.port));
    assert!(served.get("/").body.contains("Serve fixture"));
}

#[test]
fn open_without_a_browser_is_a_notice_and_the_server_runs_on() {
    let missing = std::ffi::OsStr::new("/nonexistent/rlbook-test-browser");
    let mut served = Served::start_with(&["--open"], &[("BROWSER", missing)]);
    wait_until(|| {
        served
            .stderr()
            .contains("cannot open a browser")
            .then_some(())
    });
    assert!(served.stderr().contains("yourself"), "{}", served.stderr());
    assert!(served.is_running());
    assert!(served.get("/").body.contains("Serve fixture"));
}
