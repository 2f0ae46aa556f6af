//! rlab in the reader's page. The page's worker sends requests as JSON ([`Request`]) and
//! gets JSON back ([`Response`]): `start` makes a session (the book's seed, limits and the
//! files the page ships: UTF-8 ones as text in `files`, others in base64 in `binary`), `run` runs one block of the page in it and answers with the HTML
//! the build would have spliced in (drawn by `rlab-page`) and the figure files that HTML
//! links to (as `rlab-live:<site path>`, which the page turns into object URLs).
//!
//! The session before each block is kept, so a re-run of block k resumes from the state
//! blocks 1…k−1 left, and an edit of block k never needs the blocks before it run again.
//! [`abi`] is the module's C interface; everything else is plain Rust, tested natively.

#[cfg(target_arch = "wasm32")]
mod abi;
mod host;
mod page;

use rlab::{Config, Limits, Session};
use rlab_page::FigureFile;
use rlab_page::check::{Checked, Tolerance, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// What the page asks.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// A fresh session: `seed` as the book's, limits from book.toml, the shipped files
    /// (`files`: path → text; `binary`: path → base64 of the bytes, for files that are not
    /// UTF-8, such as `.npy` data), script mode for a script page.
    Start {
        seed: Option<u64>,
        #[serde(default)]
        time_ms: Option<u64>,
        #[serde(default)]
        max_alloc: Option<usize>,
        #[serde(default)]
        max_depth: Option<usize>,
        /// What `nproc()` reports: the book's `[exec] nproc`, as in the build.
        #[serde(default)]
        nproc: Option<usize>,
        #[serde(default)]
        script: bool,
        #[serde(default)]
        files: BTreeMap<String, String>,
        #[serde(default)]
        binary: BTreeMap<String, String>,
        /// The values of the page's controls (```` ```rustlab-widget ````): a number or text
        /// each, which `widget(name)` returns.
        #[serde(default)]
        widgets: BTreeMap<String, serde_json::Value>,
    },
    /// Run a block of the page.
    Run(BlockRequest),
    /// Check an exercise (docs/exercises.md): run the reader's code of its starter block as
    /// [`Request::Run`] runs a block, then compare the variables `expect` names with the
    /// values the build recorded, within `rtol` and `atol`.
    Check {
        #[serde(flatten)]
        block: BlockRequest,
        expect: Vec<Checked>,
        rtol: f64,
        atol: f64,
    },
    /// Evaluate step `step`, an inline value `${expr}` (or `${expr:format}`) at `line`:`col`
    /// of `file`, whose whole line is `line_text`.
    Inline {
        step: usize,
        file: String,
        line: u32,
        col: u32,
        #[serde(default)]
        line_text: String,
        expr: String,
        #[serde(default)]
        format: Option<String>,
    },
    /// Run a whole script page (`file`: its name in messages; `figures`: the build's ids of
    /// the figures it saved).
    Script {
        file: String,
        code: String,
        #[serde(default)]
        figures: Vec<FigureName>,
    },
}

/// Run step `step` (1-based among the page's blocks and inline values; `block` when
/// absent), the page's block `block`: `code` from line `line` of `file`.
#[derive(Debug, Deserialize)]
pub struct BlockRequest {
    #[serde(default)]
    step: Option<usize>,
    block: usize,
    file: String,
    line: u32,
    code: String,
    #[serde(default = "one")]
    cols: usize,
    /// The block shows no printed text (`hide_output`).
    #[serde(default)]
    hide_output: bool,
    /// The build's ids and captions of the block's figures, in order.
    #[serde(default)]
    figures: Vec<FigureName>,
}

/// A figure's id and caption on the built page.
#[derive(Debug, Default, Deserialize)]
pub struct FigureName {
    pub id: String,
    #[serde(default)]
    pub caption: Option<String>,
}

fn one() -> usize {
    1
}

/// What the module answers.
#[derive(Debug, Default, Serialize, PartialEq)]
pub struct Response {
    /// The printed text of the run, untrimmed (an inline value: the value as shown).
    pub text: String,
    /// The error as the terminal shows it (`file:line:col: message`, source line, caret).
    pub error: Option<String>,
    /// The block's outputs as the built page has them.
    pub html: String,
    /// The figure files the HTML links to.
    pub files: Vec<FigureFile>,
    /// A request the module could not read.
    pub fault: Option<String>,
    /// The verdict on each checked variable (a `check` whose code ran without error).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<Verdict>,
}

impl Response {
    fn fault(message: impl Into<String>) -> Response {
        Response {
            fault: Some(message.into()),
            ..Response::default()
        }
    }
}

/// The page's interpreter: one session and the snapshot before each step.
#[derive(Default)]
pub struct Live {
    /// The session as the last run left it; `None` before `start`.
    session: Option<Session>,
    /// `before[k]`: the session as it was before step k+1 ran.
    before: Vec<Session>,
}

impl Live {
    /// Answer one request (JSON in, JSON out).
    pub fn handle(&mut self, request: &str) -> String {
        let response = match serde_json::from_str::<Request>(request) {
            Ok(req) => self.answer(req),
            Err(e) => Response::fault(format!("unreadable request: {e}")),
        };
        serde_json::to_string(&response).unwrap_or_else(|_| "{}".into())
    }

    fn answer(&mut self, request: Request) -> Response {
        match request {
            Request::Start {
                seed,
                time_ms,
                max_alloc,
                max_depth,
                nproc,
                script,
                files,
                binary,
                widgets,
            } => {
                let files = match shipped_files(files, binary) {
                    Ok(files) => files,
                    Err(fault) => return Response::fault(fault),
                };
                let defaults = Limits::default();
                let limits = Limits {
                    time: time_ms.map(Duration::from_millis),
                    max_alloc_bytes: max_alloc.unwrap_or(defaults.max_alloc_bytes),
                    max_call_depth: max_depth.unwrap_or(defaults.max_call_depth),
                };
                let host = host::PageHost::new(files, nproc.unwrap_or(1));
                let mut session = Session::new(config(limits, script, host), seed);
                for (name, value) in widgets {
                    match value {
                        serde_json::Value::Number(n) => {
                            let x = n.as_f64().unwrap_or(f64::NAN);
                            session.set_widget(&name, rlab::value::Value::Scalar(x));
                        }
                        serde_json::Value::String(s) => {
                            session.set_widget(&name, rlab::value::Value::str(s));
                        }
                        other => {
                            return Response::fault(format!(
                                "widget '{name}': not a number or text: {other}"
                            ));
                        }
                    }
                }
                self.session = Some(session);
                self.before.clear();
                Response::default()
            }
            Request::Run(block) => self.run(&block),
            Request::Check {
                block,
                expect,
                rtol,
                atol,
            } => self.check(&block, &expect, Tolerance { rtol, atol }),
            Request::Inline {
                step,
                file,
                line,
                col,
                line_text,
                expr,
                format,
            } => self.step(step, |s| {
                let site = rlab::InlineSite {
                    file: &file,
                    line,
                    col,
                    line_text: &line_text,
                };
                match s.interpolate(&site, &expr, format.as_deref()) {
                    Ok(text) => Response {
                        text,
                        ..Response::default()
                    },
                    Err(e) => Response {
                        error: Some(page::terminal_text(&e)),
                        ..Response::default()
                    },
                }
            }),
            Request::Script {
                file,
                code,
                figures,
            } => self.step(1, |s| {
                let names = page::Names {
                    block: 1,
                    cols: 1,
                    hide_output: false,
                    figures: &figures,
                };
                page::block(&names, s.run_script_source(&file, &code))
            }),
        }
    }

    /// Run a block of the page at its step.
    fn run(&mut self, block: &BlockRequest) -> Response {
        let names = page::Names {
            block: block.block,
            cols: block.cols,
            hide_output: block.hide_output,
            figures: &block.figures,
        };
        self.step(block.step.unwrap_or(block.block), |s| {
            page::block(&names, s.run_block(&block.file, block.line, &block.code))
        })
    }

    /// Run the reader's code of a starter block as [`Live::run`] runs a block, then judge
    /// each variable of `expect` in the session it left.
    fn check(&mut self, block: &BlockRequest, expect: &[Checked], tol: Tolerance) -> Response {
        let mut response = self.run(block);
        if response.fault.is_some() {
            return response;
        }
        if let Some(session) = self.session.as_ref().filter(|_| response.error.is_none()) {
            response.checks = (expect.iter())
                .map(|c| {
                    let got = session.variable(&c.name);
                    rlab_page::check::verdict(&c.name, &c.value, got, tol)
                })
                .collect();
        }
        // The reader's code is no step of the page: the session goes back to before it.
        let k = block.step.unwrap_or(block.block).max(1) - 1;
        if let Some(before) = self.before.get(k) {
            self.session = Some(before.clone());
        }
        response
    }

    /// Run step `step` (1-based) with `run`: resume from the session before it when it ran
    /// before, else from the current session (the page runs steps 1…k−1 first).
    fn step(&mut self, step: usize, run: impl FnOnce(&mut Session) -> Response) -> Response {
        let Some(current) = self.session.take() else {
            return Response::fault("run before start");
        };
        let k = step.max(1) - 1;
        // The steps the page passed over (an exercise's starter, a no_run block) changed
        // nothing: the session before each of them, up to this one, is the current one.
        while self.before.len() < k {
            self.before.push(current.clone());
        }
        let mut session = self.before.get(k).cloned().unwrap_or(current);
        self.before.truncate(k);
        if self.before.len() == k {
            self.before.push(session.clone());
        }
        let response = run(&mut session);
        self.session = Some(session);
        response
    }
}

/// The shipped files' bytes: the texts', and the binary ones' decoded from base64.
fn shipped_files(
    text: BTreeMap<String, String>,
    binary: BTreeMap<String, String>,
) -> Result<BTreeMap<String, Vec<u8>>, String> {
    use base64::Engine as _;
    let mut files: BTreeMap<String, Vec<u8>> =
        text.into_iter().map(|(k, v)| (k, v.into_bytes())).collect();
    for (name, encoded) in binary {
        let bytes = (base64::engine::general_purpose::STANDARD.decode(&encoded))
            .map_err(|e| format!("the shipped file '{name}' is not base64: {e}"))?;
        files.insert(name, bytes);
    }
    Ok(files)
}

/// The session's configuration, every field spelled out: `Config::default()` makes a
/// native host, whose clock does not exist in the module.
fn config(limits: Limits, script: bool, host: host::PageHost) -> Config {
    Config {
        mode: if script {
            rlab::Mode::Script
        } else {
            rlab::Mode::Notebook
        },
        base_dir: ".".into(),
        limits,
        stream_stdout: false,
        write_files: false,
        cancel: None,
        host: Arc::new(host),
    }
}

#[cfg(test)]
mod tests;
