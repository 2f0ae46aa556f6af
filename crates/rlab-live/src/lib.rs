//! rlab in the reader's page. The page's worker sends requests as JSON ([`Request`]) and
//! gets JSON back ([`Response`]): `start` makes a session (the book's seed, limits and the
//! files the page ships), `run` runs one block of the page in it and answers with the HTML
//! the build would have spliced in (drawn by `rlab-page`) and the figure files that HTML
//! links to (as `rlab-live:<site path>`, which the page turns into object URLs).
//!
//! The session before each block is kept, so a re-run of block k resumes from the state
//! blocks 1…k−1 left, and an edit of block k never needs the blocks before it run again.
//! [`abi`] is the module's C interface; everything else is plain Rust, tested natively.

#[cfg(target_arch = "wasm32")]
mod abi;
mod host;

use rlab::{Config, Limits, Session};
use rlab_page::FigureFile;
use rlab_page::figure::animation::AnimationPlace;
use rlab_page::figure::{self, Place};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// What the page asks.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// A fresh session: `seed` as the book's, limits from book.toml, the shipped files.
    Start {
        seed: Option<u64>,
        #[serde(default)]
        time_ms: Option<u64>,
        #[serde(default)]
        files: BTreeMap<String, String>,
    },
    /// Run block `block` (1-based) of the page: `code` from line `line` of `file`.
    Run {
        block: usize,
        file: String,
        line: u32,
        code: String,
        #[serde(default = "one")]
        cols: usize,
    },
}

fn one() -> usize {
    1
}

/// What the module answers.
#[derive(Debug, Default, Serialize, PartialEq)]
pub struct Response {
    /// The printed text of the run, untrimmed.
    pub text: String,
    /// The error as the terminal shows it (`file:line:col: message`, source line, caret).
    pub error: Option<String>,
    /// The block's outputs as the built page has them.
    pub html: String,
    /// The figure files the HTML links to.
    pub files: Vec<FigureFile>,
    /// A request the module could not read.
    pub fault: Option<String>,
}

/// The page's interpreter: one session and the snapshot before each block.
#[derive(Default)]
pub struct Live {
    /// The session as the last run left it; `None` before `start`.
    session: Option<Session>,
    /// `before[k]`: the session as it was before block k+1 ran.
    before: Vec<Session>,
}

impl Live {
    /// Answer one request (JSON in, JSON out).
    pub fn handle(&mut self, request: &str) -> String {
        let response = match serde_json::from_str::<Request>(request) {
            Ok(req) => self.answer(req),
            Err(e) => Response {
                fault: Some(format!("unreadable request: {e}")),
                ..Response::default()
            },
        };
        serde_json::to_string(&response).unwrap_or_else(|_| "{}".into())
    }

    fn answer(&mut self, request: Request) -> Response {
        match request {
            Request::Start {
                seed,
                time_ms,
                files,
            } => {
                let files = files
                    .into_iter()
                    .map(|(k, v)| (k, v.into_bytes()))
                    .collect();
                // Every field spelled out: `Config::default()` makes a native host, whose
                // clock does not exist in the module.
                let config = Config {
                    mode: rlab::Mode::Notebook,
                    base_dir: ".".into(),
                    limits: Limits {
                        time: time_ms.map(Duration::from_millis),
                        ..Limits::default()
                    },
                    stream_stdout: false,
                    write_files: false,
                    cancel: None,
                    host: Arc::new(host::PageHost::new(files)),
                };
                self.session = Some(Session::new(config, seed));
                self.before.clear();
                Response::default()
            }
            Request::Run {
                block,
                file,
                line,
                code,
                cols,
            } => self.run(block, &file, line, &code, cols),
        }
    }

    /// Run block `block`: resume from the session before it when it ran before, else from
    /// the current session (the page runs blocks 1…k−1 first).
    fn run(&mut self, block: usize, file: &str, line: u32, code: &str, cols: usize) -> Response {
        let Some(current) = self.session.take() else {
            return Response {
                fault: Some("run before start".into()),
                ..Response::default()
            };
        };
        let k = block.max(1) - 1;
        let mut session = self.before.get(k).cloned().unwrap_or(current);
        self.before.truncate(k);
        if self.before.len() == k {
            self.before.push(session.clone());
        }
        let out = session.run_block(file, line, code);
        self.session = Some(session);
        let error = out.error.as_ref().map(terminal_text);
        let mut files = Vec::new();
        let mut html = rlab_page::output::html(&out.text, error.as_deref());
        html.push_str(&figures_html(block, cols, &out.figures, &mut files));
        html.push_str(&animations_html(block, &out.animations, &mut files));
        Response {
            text: out.text,
            error,
            html,
            files,
            fault: None,
        }
    }
}

/// An error as the terminal shows it: `file:line:col: message`, then the source line with
/// its caret.
fn terminal_text(error: &rlab::RunError) -> String {
    let mut text = match error.file.as_str() {
        "" => error.error.to_string(),
        file => format!("{file}:{}:{}: {}", error.line, error.col, error.error),
    };
    if !error.excerpt.is_empty() {
        text.push('\n');
        text.push_str(&error.excerpt);
    }
    text
}

/// A live figure's link: a placeholder the page replaces with an object URL of the file.
fn live_link(path: &str) -> String {
    format!("rlab-live:{path}")
}

/// The figures of block `n` in their grid, as the build draws them.
fn figures_html(
    n: usize,
    cols: usize,
    figs: &[rlab::Figure],
    files: &mut Vec<FigureFile>,
) -> String {
    if figs.is_empty() {
        return String::new();
    }
    let mut html = String::new();
    for (k, fig) in figs.iter().enumerate() {
        let place = Place {
            file: format!("live/block-{n}-{}.svg", k + 1),
            link: &live_link,
            id: format!("rlf{n}-{}", k + 1),
            caption: None,
        };
        let (file, shown) = figure::embed(figure::SVG, fig, &place);
        html.push_str(&shown);
        files.push(file);
    }
    figure::grid(cols, &html)
}

/// The animations of block `n`.
fn animations_html(n: usize, anims: &[rlab::Animation], files: &mut Vec<FigureFile>) -> String {
    let mut html = String::new();
    for (k, anim) in anims.iter().enumerate() {
        let place = AnimationPlace {
            folder: format!("live/block-{n}-anim-{}", k + 1),
            link: &live_link,
            id: format!("rla{n}-{}", k + 1),
        };
        let (frames, shown) = figure::animation::embed(figure::SVG, anim, &place);
        html.push_str(&shown);
        files.extend(frames);
    }
    html
}

#[cfg(test)]
mod tests;
