//! Builtins: the session (rustlab's Language, Import / Export, Profiling, Audio I/O and Live
//! Plotting sections): workspace commands, number formatting, files (`save`, `load`,
//! `whos`), profiling, and the devices a book build refuses.
//!
//! What a session keeps for these lives in [`SessionState`] on the interpreter: the files
//! `save` kept in memory because the host refused to write them, the profiler, and the call
//! cache the `cache` command controls.

mod cache;
mod cache_cmd;
mod devices;
pub(crate) mod files;
mod formats;
mod profile;
mod widget;
mod workspace;

pub(crate) use cache::{CallCache, is_impure};
pub(crate) use cache_cmd::cache_command;
pub(crate) use profile::{Profiler, profiled, special_form as profile_form};

use super::Builtin;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The session's side of this domain.
#[derive(Clone, Debug, Default)]
pub(crate) struct SessionState {
    /// Files `save` wrote into the session because the host keeps the disk read-only
    /// (a book build): `load` reads them back.
    pub kept_files: BTreeMap<PathBuf, Vec<u8>>,
    pub profile: Profiler,
    pub cache: CallCache,
    /// The values of the notebook's widgets, declared by the embedder (`widget(name)`).
    pub widgets: BTreeMap<String, crate::value::Value>,
}

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "widget",
        widget::widget,
        "widget(name): the value of the notebook widget called name (its declared default in a rendered book)",
    ),
    Builtin::new(
        "clear",
        workspace::clear,
        "clear() | clear(\"name\", ...): remove every user variable and function (the constants stay), or the named variables",
    ),
    Builtin::new(
        "commas",
        workspace::commas,
        "commas(x) | commas(x, digits): the number as text with thousands separators",
    ),
    Builtin::new(
        "sleep",
        workspace::sleep,
        "sleep(seconds): pause (within the run's time limit)",
    ),
    Builtin::new(
        "whos",
        workspace::whos,
        "whos() | whos(\"file.npz\"): list the workspace's variables, or the arrays of an .npz file",
    ),
    Builtin::new(
        "save",
        files::save,
        "save(\"f.npy\"|\"f.csv\"|\"f.toml\", x) | save(\"f.npz\", \"name\", x, ...): write values to a file",
    ),
    Builtin::new(
        "load",
        files::load,
        "load(\"f.npy\"|\"f.csv\"|\"f.toml\") | load(\"f.npz\", \"name\"): read a value from a file",
    ),
    Builtin::new(
        "profile",
        profile::profile,
        "profile() | profile(f, ...): count calls of every builtin, or of the named ones",
    ),
    Builtin::new(
        "profile_report",
        profile::profile_report,
        "profile_report(): print the profile (to the host's error stream, as rustlab prints to stderr) and reset it",
    ),
    Builtin::new(
        "audio_in",
        devices::refuse,
        "audio_in(rate, frame): live audio input (refused in a book build)",
    ),
    Builtin::new(
        "audio_out",
        devices::refuse,
        "audio_out(rate, frame): live audio output (refused in a book build)",
    ),
    Builtin::new(
        "audio_read",
        devices::refuse,
        "audio_read(src): read a live audio frame (refused in a book build)",
    ),
    Builtin::new(
        "audio_write",
        devices::refuse,
        "audio_write(dst, y): write a live audio frame (refused in a book build)",
    ),
    Builtin::new(
        "figure_live",
        devices::refuse,
        "figure_live(rows, cols): a live terminal figure (refused in a book build)",
    ),
    Builtin::new(
        "figure_draw",
        devices::refuse,
        "figure_draw(fig): redraw a live figure (refused in a book build)",
    ),
    Builtin::new(
        "figure_close",
        devices::refuse,
        "figure_close(fig): close a live figure (refused in a book build)",
    ),
    Builtin::new(
        "plot_update",
        devices::refuse,
        "plot_update(fig, panel, [x,] y): update a live panel (refused in a book build)",
    ),
    Builtin::new(
        "plot_update_heatmap",
        devices::refuse,
        "plot_update_heatmap(fig, panel, M, ...): update a live heatmap (refused in a book build)",
    ),
    Builtin::new(
        "plot_labels",
        devices::refuse,
        "plot_labels(fig, panel, title, xlabel, ylabel): label a live panel (refused in a book build)",
    ),
    Builtin::new(
        "plot_limits",
        devices::refuse,
        "plot_limits(fig, panel, xlim, ylim): limit a live panel (refused in a book build)",
    ),
];
