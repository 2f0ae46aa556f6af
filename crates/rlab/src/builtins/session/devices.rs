//! Live devices: audio on stdin/stdout and live terminal figures. A book build has neither
//! a terminal nor an audio stream, so each of these fails at once with a message saying so,
//! rather than waiting for input that never comes.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

/// Refuse the device builtin `args.name`.
pub(crate) fn refuse(_: &mut Interp, args: Args) -> LangResult<Value> {
    let what = if args.name.starts_with("audio") {
        "live audio (stdin/stdout PCM)"
    } else {
        "live terminal plotting"
    };
    Err(LangError::runtime(format!(
        "{}: {what} is not available in a book build; plot into a figure, or read samples with load()",
        args.name
    )))
}

#[cfg(test)]
mod tests {
    use crate::builtins::numeric::testing::interp;

    #[test]
    fn devices_fail_at_once_with_the_reason() {
        let mut it = interp();
        for name in ["audio_read", "figure_live"] {
            let b = crate::builtins::lookup(name).unwrap();
            let args = super::Args::new(b.name, vec![], 1);
            let e = (b.func)(&mut it, args).unwrap_err();
            assert!(
                e.message.starts_with(&format!("{name}: live")),
                "{}",
                e.message
            );
            assert!(e.message.contains("not available in a book build"));
        }
    }
}
