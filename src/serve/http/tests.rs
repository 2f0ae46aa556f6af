//! Requests against the router, in-process: site files with their content types, the
//! overlay stamped into pages, folders, traversal attempts, methods, serve's own files.

use super::*;
use crate::render::site::SiteFiles;
use axum::http::Request;
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    content_type: String,
    location: String,
    body: String,
}

fn request(shared: &Arc<Shared>, method: &str, path: &str) -> Reply {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let response = router(Arc::clone(shared)).oneshot(request).await.unwrap();
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
                .unwrap_or("")
                .to_string()
        };
        let (status, content_type, location) = (
            response.status(),
            header(header::CONTENT_TYPE),
            header(header::LOCATION),
        );
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
            .await
            .unwrap();
        Reply {
            status,
            content_type,
            location,
            body: String::from_utf8_lossy(&bytes).to_string(),
        }
    })
}

fn published(problems: Vec<String>) -> (tempfile::TempDir, Arc<Shared>) {
    let dir = tempfile::tempdir().unwrap();
    let mut site = SiteFiles::default();
    for (name, text) in [
        ("index.html", "<html><body><h1>Index</h1></body></html>"),
        ("01-a.html", "<html><body><p>Lesson A</p></body></html>"),
        ("assets/style.css", "body{}"),
        ("figures/01-a/block-1-1.svg", "<svg/>"),
        ("scripts/01-a/demo.html", "<html><body>demo</body></html>"),
        ("guide/index.html", "<html><body>guide</body></html>"),
    ] {
        site.add(name, text).unwrap();
    }
    std::fs::write(dir.path().join("Cargo.toml"), "[package] secret").unwrap();
    let shared = Arc::new(Shared::new());
    shared.publish_site(Arc::new(site), None, problems);
    (dir, shared)
}

#[test]
fn site_files_come_with_their_content_type() {
    let (_dir, shared) = published(Vec::new());
    let index = request(&shared, "GET", "/");
    assert_eq!(index.status, StatusCode::OK);
    assert_eq!(index.content_type, "text/html; charset=utf-8");
    assert!(index.body.contains("<h1>Index</h1>"));
    assert!(
        index
            .body
            .contains("data-build=\"1\" hidden></div>\n</body>")
    );
    let css = request(&shared, "GET", "/assets/style.css?rlbook=3");
    assert_eq!(
        (css.status, css.content_type.as_str()),
        (StatusCode::OK, "text/css; charset=utf-8")
    );
    assert_eq!(css.body, "body{}");
    let svg = request(&shared, "GET", "/figures/01-a/block-1-1.svg");
    assert_eq!(svg.content_type, "image/svg+xml");
    let script = request(&shared, "GET", "/scripts/01-a/demo.html");
    assert!(script.body.contains("demo"));
}

#[test]
fn problems_are_stamped_into_pages() {
    let problem = "content/01-a.md:4:5: undefined variable 'nope'".to_string();
    let (_dir, shared) = published(vec![problem.clone(), "error: 1 execution error(s)".into()]);
    let page = request(&shared, "GET", "/01-a.html");
    assert!(page.body.contains("<p>Lesson A</p>"));
    assert!(page.body.contains(&problem), "{}", page.body);
    shared.publish_problems(Vec::new());
    let page = request(&shared, "GET", "/01-a.html");
    assert!(!page.body.contains(&problem));
    assert!(page.body.contains("hidden></div>"));
}

#[test]
fn folders_are_their_index_or_nothing() {
    let (_dir, shared) = published(Vec::new());
    let guide = request(&shared, "GET", "/guide/");
    assert_eq!(guide.status, StatusCode::OK);
    assert!(guide.body.contains("guide"));
    let bare = request(&shared, "GET", "/guide");
    assert_eq!(bare.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(bare.location, "/guide/");
    for path in [
        "/scripts/",
        "/scripts",
        "/scripts/01-a/",
        "/figures",
        "/assets/",
    ] {
        let reply = request(&shared, "GET", path);
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.body.contains("demo.html"), "{path}: a listing");
    }
}

#[test]
fn nothing_outside_the_site_is_served() {
    let (_dir, shared) = published(Vec::new());
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E/Cargo.toml",
        "/..%2fCargo.toml",
        "/%2e%2e%2fCargo.toml",
        "/assets/..%2f..%2fCargo.toml",
        "/..%5cCargo.toml",
        "/assets/%2e%2e/%2e%2e/Cargo.toml",
        "/.rlbook-site",
        "/missing.html",
    ] {
        let reply = request(&shared, "GET", path);
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.body.contains("secret"), "{path}");
        assert_eq!(reply.content_type, "text/html; charset=utf-8");
    }
}

#[test]
fn only_get_and_head_are_answered() {
    let (_dir, shared) = published(Vec::new());
    assert_eq!(
        request(&shared, "POST", "/").status,
        StatusCode::METHOD_NOT_ALLOWED
    );
    assert_eq!(
        request(&shared, "DELETE", "/01-a.html").status,
        StatusCode::METHOD_NOT_ALLOWED
    );
    assert_eq!(
        request(&shared, "HEAD", "/01-a.html").status,
        StatusCode::OK
    );
}

#[test]
fn before_the_first_build_pages_wait() {
    let shared = Arc::new(Shared::new());
    let page = request(&shared, "GET", "/01-a.html");
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Building the book"));
    assert_eq!(
        request(&shared, "GET", "/assets/style.css").status,
        StatusCode::NOT_FOUND
    );
    shared.publish_problems(vec!["book.toml:1:1: bad".into()]);
    let page = request(&shared, "GET", "/");
    assert!(page.body.contains("could not be built") && page.body.contains("book.toml:1:1: bad"));
}

#[test]
fn serve_has_its_own_client_and_stylesheet() {
    let shared = Arc::new(Shared::new());
    let js = request(&shared, "GET", "/__rlbook/client.js");
    assert_eq!(js.content_type, "text/javascript; charset=utf-8");
    assert!(js.body.contains("WebSocket"));
    let css = request(&shared, "GET", "/__rlbook/overlay.css");
    assert_eq!(css.content_type, "text/css; charset=utf-8");
    let upgrade = request(&shared, "GET", "/__rlbook/ws");
    assert!(upgrade.status.is_client_error(), "{}", upgrade.status);
}
