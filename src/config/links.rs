//! `[links]` of `book.toml`: how external links are checked (`--check-external`): how many
//! requests at once (`parallel`, default 8) and how long one may take (`timeout`, seconds,
//! default 10).

use serde::Deserialize;
use std::time::Duration;

/// How external links are checked.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkSettings {
    /// Requests at once.
    pub parallel: usize,
    /// The limit of one request, redirects included.
    pub timeout: Duration,
}

impl Default for LinkSettings {
    fn default() -> Self {
        LinkSettings {
            parallel: 8,
            timeout: Duration::from_secs(10),
        }
    }
}

/// `[links]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawLinks {
    parallel: Option<usize>,
    /// Seconds.
    timeout: Option<f64>,
}

impl RawLinks {
    /// The settings, or what is wrong with them.
    pub(super) fn resolve(&self) -> Result<LinkSettings, String> {
        let mut links = LinkSettings::default();
        if let Some(n) = self.parallel {
            if !(1..=64).contains(&n) {
                return Err(format!(
                    "[links] parallel must be between 1 and 64, got {n}"
                ));
            }
            links.parallel = n;
        }
        if let Some(secs) = self.timeout {
            if !secs.is_finite() || secs <= 0.0 || secs > 600.0 {
                return Err(format!(
                    "[links] timeout must be between 0 and 600 seconds, got {secs}"
                ));
            }
            links.timeout = Duration::from_secs_f64(secs);
        }
        Ok(links)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bounds() {
        assert_eq!(RawLinks::default().resolve(), Ok(LinkSettings::default()));
        let raw = RawLinks {
            parallel: Some(2),
            timeout: Some(0.25),
        };
        let got = raw.resolve().unwrap();
        assert_eq!((got.parallel, got.timeout), (2, Duration::from_millis(250)));
        let zero = RawLinks {
            parallel: Some(0),
            timeout: None,
        };
        assert!(zero.resolve().unwrap_err().contains("between 1 and 64"));
        let never = RawLinks {
            parallel: None,
            timeout: Some(-1.0),
        };
        assert!(never.resolve().unwrap_err().contains("[links] timeout"));
    }
}
