//! The module's C interface, the one place of rlbook with `unsafe` code (the workspace
//! denies it elsewhere): the page's worker allocates a buffer in the module's memory
//! (`rl_alloc`), writes a UTF-8 JSON request into it, calls `rl_request` (which frees the
//! request and returns the response's length) and reads the response at `rl_response()`.
//! The module imports the page's clock and entropy from `env`.
#![allow(unsafe_code)]

use crate::Live;
use std::cell::RefCell;

// Named as imports of `env` (the default module): rustc 1.89 and later no longer let the
// linker leave undefined symbols as imports.
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// `performance.now()`: milliseconds.
    fn rl_now_ms() -> f64;
    /// 32 bits from `crypto.getRandomValues`.
    fn rl_random_u32() -> u32;
}

thread_local! {
    static LIVE: RefCell<Live> = RefCell::new(Live::default());
    static RESPONSE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

pub(crate) fn now_ms() -> f64 {
    // SAFETY: an import with no arguments and no memory access.
    unsafe { rl_now_ms() }
}

pub(crate) fn entropy() -> u64 {
    // SAFETY: as above.
    let (hi, lo) = unsafe { (rl_random_u32(), rl_random_u32()) };
    (u64::from(hi) << 32) | u64::from(lo)
}

/// A buffer of `len` bytes the caller fills and passes to [`rl_request`].
#[unsafe(no_mangle)]
pub(crate) extern "C" fn rl_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len);
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Answer the request of `len` bytes at `ptr` (a buffer from [`rl_alloc`] of that size,
/// which this frees); returns the response's length.
///
/// # Safety
/// `ptr` must come from `rl_alloc(len)` and hold `len` initialised bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn rl_request(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: the caller's contract above: the buffer rl_alloc made, filled.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len) };
    let request = String::from_utf8_lossy(&bytes);
    let answer = LIVE.with(|live| live.borrow_mut().handle(&request));
    RESPONSE.with(|r| {
        let mut r = r.borrow_mut();
        *r = answer.into_bytes();
        r.len()
    })
}

/// Where the last response is (valid until the next request).
#[unsafe(no_mangle)]
pub(crate) extern "C" fn rl_response() -> *const u8 {
    RESPONSE.with(|r| r.borrow().as_ptr())
}
