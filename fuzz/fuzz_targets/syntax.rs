//! Fuzz target: the rlab lexer and parser. Any text must give `Ok` or a parse error, never a
//! panic, a stack overflow or a hang.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|code: &str| {
    let _ = rlab::check_syntax(code);
});
