//! Resource bounds of a run: the wall-clock time limit, the cap on any one allocation, the
//! recursion depth. A lesson can never hang a build or kill the process.
//!
//! The allocation cap is consulted deep inside array code (constructors, broadcasting,
//! products, ranges, growth by indexed assignment). Rather than threading it through every
//! function, a session installs it for the duration of a run with [`AllocScope`]; the scope
//! restores the previous cap when dropped, so runs never leak settings into each other.

use super::error::{LangError, LangResult};
use std::cell::Cell;
use std::time::Duration;

/// Run `f` on a fresh stack segment of `size` bytes when fewer than `red_zone` bytes are left
/// (feature `stack-growth`, the native build). Without it `f` runs on the current stack, and
/// the embedder sizes that stack for the depth limit (the WebAssembly module links with a
/// large one).
#[inline]
pub(crate) fn with_stack<T>(red_zone: usize, size: usize, f: impl FnOnce() -> T) -> T {
    #[cfg(feature = "stack-growth")]
    return stacker::maybe_grow(red_zone, size, f);
    #[cfg(not(feature = "stack-growth"))]
    {
        let _ = (red_zone, size);
        f()
    }
}

/// Default cap on one allocation: 2 GiB.
pub const DEFAULT_MAX_ALLOC_BYTES: usize = 2 << 30;
/// Default time limit of one run (a block, a script).
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);
/// Default limit on nested user-function and lambda calls.
pub const DEFAULT_MAX_DEPTH: usize = 256;

#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Wall-clock limit of one run; `None` means unlimited.
    pub time: Option<Duration>,
    pub max_alloc_bytes: usize,
    pub max_call_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Some(DEFAULT_TIME_LIMIT),
            max_alloc_bytes: DEFAULT_MAX_ALLOC_BYTES,
            max_call_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

thread_local! {
    static MAX_ALLOC: Cell<usize> = const { Cell::new(DEFAULT_MAX_ALLOC_BYTES) };
}

/// Installs an allocation cap on this thread until dropped.
pub struct AllocScope {
    previous: usize,
}

impl AllocScope {
    pub fn new(max_bytes: usize) -> AllocScope {
        let previous = MAX_ALLOC.with(|c| c.replace(max_bytes));
        AllocScope { previous }
    }
}

impl Drop for AllocScope {
    fn drop(&mut self) {
        MAX_ALLOC.with(|c| c.set(self.previous));
    }
}

/// Fail unless an array of `rows × cols` elements of `elem_bytes` each fits the cap.
/// Overflowing size arithmetic counts as too large.
pub fn check_alloc(rows: usize, cols: usize, elem_bytes: usize) -> LangResult<()> {
    let cap = MAX_ALLOC.with(Cell::get);
    let bytes = rows
        .checked_mul(cols)
        .and_then(|n| n.checked_mul(elem_bytes));
    match bytes {
        Some(b) if b <= cap => Ok(()),
        _ => Err(LangError::limit(format!(
            "allocation of {rows}×{cols} elements ({}) exceeds the limit of {}",
            human_bytes(bytes),
            human_bytes(Some(cap))
        ))),
    }
}

/// Shorthand for real (`f64`) arrays.
pub fn check_real(rows: usize, cols: usize) -> LangResult<()> {
    check_alloc(rows, cols, std::mem::size_of::<f64>())
}

fn human_bytes(bytes: Option<usize>) -> String {
    match bytes {
        None => "more than 16 EiB".to_string(),
        Some(b) => {
            let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
            let mut value = b as f64;
            let mut unit = 0;
            while value >= 1024.0 && unit + 1 < units.len() {
                value /= 1024.0;
                unit += 1;
            }
            if unit == 0 {
                format!("{b} B")
            } else {
                format!("{value:.1} {}", units[unit])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_allocations_fail_with_a_clear_message() {
        let err = check_real(1_000_000, 1_000_000).unwrap_err();
        assert_eq!(
            err.message,
            "allocation of 1000000×1000000 elements (7.3 TiB) exceeds the limit of 2.0 GiB"
        );
        assert!(check_real(usize::MAX, 2).is_err());
        assert!(check_real(1000, 1000).is_ok());
    }

    #[test]
    fn scopes_restore_the_previous_cap() {
        {
            let _scope = AllocScope::new(80);
            assert!(check_real(10, 1).is_ok());
            assert!(check_real(11, 1).is_err());
        }
        assert!(check_real(11, 1).is_ok());
    }
}
