//! The HTTP side of serve (axum): the site's files from the published snapshot (with the
//! live-reload client and the overlay added to HTML pages; those it left for later once they
//! are made), serve's own client script and stylesheet, and the
//! WebSocket that pushes build messages. GET and HEAD only; a folder is its `index.html`
//! (redirected to its `/` form so relative links work) and never a listing; everything
//! else is a 404. Stops accepting on Ctrl-C or SIGTERM and closes the WebSockets.

use super::later::Later;
use super::overlay::{self, CLIENT_JS, OVERLAY_CSS};
use super::request_path::{content_type, site_key};
use super::shared::Shared;
use crate::render::site::SiteFiles;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Serve until Ctrl-C (or SIGTERM); then close every connection.
pub(crate) async fn serve(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
) -> anyhow::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let app = router(Arc::clone(&shared));
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            stop_requested().await;
            shared.shut_down();
        })
        .await?;
    Ok(())
}

/// The routes: serve's own files, the WebSocket, and the site for everything else.
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/__rlbook/ws", get(websocket))
        .route(
            "/__rlbook/client.js",
            get(|| async { own_file(CLIENT_JS, "client.js") }),
        )
        .route(
            "/__rlbook/overlay.css",
            get(|| async { own_file(OVERLAY_CSS, "overlay.css") }),
        )
        .fallback(site_file)
        .with_state(shared)
}

async fn stop_requested() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        let terminate = tokio::signal::unix::SignalKind::terminate();
        let Ok(mut term) = tokio::signal::unix::signal(terminate) else {
            return ctrl_c.await;
        };
        tokio::select! {
            () = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}

fn own_file(text: &'static str, name: &str) -> Response {
    respond(
        StatusCode::OK,
        content_type(name),
        Bytes::from_static(text.as_bytes()),
    )
}

fn respond(status: StatusCode, content_type: &'static str, body: Bytes) -> Response {
    let mut response = (status, Body::from(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

const HTML: &str = "text/html; charset=utf-8";

/// A file of the site, a redirect from a folder to its `/` form, or a 404.
async fn site_file(State(shared): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut response = StatusCode::METHOD_NOT_ALLOWED.into_response();
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let published = shared.current();
    let stamp = shared.stamp(&published);
    let path = uri.path();
    let not_found = || {
        let page = overlay::not_found_page(path, &stamp);
        respond(StatusCode::NOT_FOUND, HTML, page.into())
    };
    let Some(key) = site_key(path) else {
        return not_found();
    };
    if published.build == 0 && key.ends_with(".html") {
        return respond(StatusCode::OK, HTML, overlay::waiting_page(&stamp).into());
    }
    let site = &published.site;
    let later = (published.later.as_ref()).filter(|later| later.holds(&key));
    let made = match later {
        Some(later) => match made_later(later, &shared).await {
            Some(files) => Some(files),
            None => return respond(StatusCode::SERVICE_UNAVAILABLE, HTML, "stopping".into()),
        },
        None => None,
    };
    let file = match &made {
        Some(files) => files.get(&key),
        None => site.get(&key),
    };
    match file {
        Some(bytes) if key.ends_with(".html") => {
            let page = overlay::stamp_page(&String::from_utf8_lossy(bytes), &stamp);
            respond(StatusCode::OK, HTML, page.into())
        }
        Some(bytes) => respond(
            StatusCode::OK,
            content_type(&key),
            Bytes::copy_from_slice(bytes),
        ),
        None if !path.ends_with('/') && site.get(&format!("{key}/index.html")).is_some() => {
            redirect(&format!("{path}/"))
        }
        None => not_found(),
    }
}

/// The files `later` leaves to make, once made; `None` when the server stops first.
async fn made_later(later: &Arc<Later>, shared: &Shared) -> Option<Arc<SiteFiles>> {
    let mut stop = shared.shutdown_signal();
    tokio::select! {
        files = later.files() => files,
        _ = stop.wait_for(|stop| *stop) => None,
    }
}

fn redirect(location: &str) -> Response {
    let mut response = StatusCode::PERMANENT_REDIRECT.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

async fn websocket(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    ws.on_upgrade(move |socket| connection(socket, shared))
}

/// One browser: the state now, then every message published, until it leaves or the
/// server stops.
async fn connection(mut socket: WebSocket, shared: Arc<Shared>) {
    let mut events = shared.subscribe();
    let mut shutdown = shared.shutdown_signal();
    let stop = async move {
        let _ = shutdown.wait_for(|stop| *stop).await.map(|_| ());
    };
    tokio::pin!(stop);
    if socket.send(Message::text(shared.hello())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text.to_string(),
                    Err(RecvError::Lagged(_)) => shared.hello(),
                    Err(RecvError::Closed) => return,
                };
                if socket.send(Message::text(text)).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                None | Some(Err(_) | Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            },
            () = &mut stop => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests;
