//! One cache file on disk: a versioned, checksummed container around a bincode payload, read
//! whole and trusted only when every part checks out, written atomically.
//!
//! Layout (integers little-endian):
//!
//! ```text
//! "RLBKCACH"                      8 bytes of magic
//! format                          u32: FORMAT, bumped whenever any cached type changes
//! build length, build             u8 + bytes: the rlbook build that wrote the file
//! kind length, kind               u8 + bytes: what the payload is ("exec", "page", ...)
//! payload length                  u64
//! checksum                        32 bytes: BLAKE3 of the payload
//! payload                         bincode of the cached value
//! ```
//!
//! A file from another rlbook build or format, of another kind, truncated, extended or with
//! a single flipped bit is rejected (`None`) and the caller computes the value again.
//!
//! The build is the version (`CARGO_PKG_VERSION`) plus the size and modification time of the
//! running executable: a developer's rebuilt rlbook (same version, changed interpreter or
//! renderer) must not reuse runs or pages its predecessor made.

use super::digest::Digest;
use bincode::Options;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;
use std::sync::OnceLock;

const MAGIC: &[u8; 8] = b"RLBKCACH";

/// The cache format number: bump it when the layout or any cached type changes shape.
pub(crate) const FORMAT: u32 = 2;

/// The rlbook version, the first part of every file's build.
pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The build written into every file; files of another build are ignored.
pub(crate) fn build_id() -> &'static str {
    static BUILD: OnceLock<String> = OnceLock::new();
    BUILD.get_or_init(|| {
        let exe = std::env::current_exe().and_then(std::fs::metadata);
        let stamp = exe.ok().map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}-{modified}", m.len())
        });
        format!("{VERSION}+{}", stamp.unwrap_or_default())
    })
}

fn options() -> impl Options {
    bincode::DefaultOptions::new()
}

/// The bytes of a cache file holding `value` as `kind`.
pub(crate) fn encode<T: Serialize>(kind: &str, value: &T) -> Option<Vec<u8>> {
    encode_as(build_id(), kind, value)
}

fn encode_as<T: Serialize>(version: &str, kind: &str, value: &T) -> Option<Vec<u8>> {
    let payload = options().serialize(value).ok()?;
    let version_len = u8::try_from(version.len()).ok()?;
    let kind_len = u8::try_from(kind.len()).ok()?;
    let mut out = Vec::with_capacity(payload.len() + 64 + version.len() + kind.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.push(version_len);
    out.extend_from_slice(version.as_bytes());
    out.push(kind_len);
    out.extend_from_slice(kind.as_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&Digest::of(&payload).0);
    out.extend_from_slice(&payload);
    Some(out)
}

/// The value in `bytes`, if they are a sound cache file of this rlbook version and `kind`.
pub(crate) fn decode<T: DeserializeOwned>(kind: &str, bytes: &[u8]) -> Option<T> {
    let mut r = Reader(bytes);
    if r.take(MAGIC.len())? != MAGIC || r.take(4)? != FORMAT.to_le_bytes() {
        return None;
    }
    if r.short_field()? != build_id().as_bytes() || r.short_field()? != kind.as_bytes() {
        return None;
    }
    let len = u64::from_le_bytes(r.take(8)?.try_into().ok()?);
    let checksum = r.take(32)?;
    let payload = r.0;
    if payload.len() as u64 != len || Digest::of(payload).0 != checksum {
        return None;
    }
    options().with_limit(len).deserialize(payload).ok()
}

/// A cursor over the header.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }

    fn short_field(&mut self) -> Option<&'a [u8]> {
        let n = *self.take(1)?.first()?;
        self.take(usize::from(n))
    }
}

/// Read and decode the cache file at `path`; `None` when it is missing or unsound.
pub(crate) fn read<T: DeserializeOwned>(path: &Path, kind: &str) -> Option<T> {
    let bytes = std::fs::read(path).ok()?;
    decode(kind, &bytes)
}

pub(crate) use crate::atomic::{TEMP_MARKER, write_atomic};

#[cfg(test)]
mod tests {
    use super::*;

    type Value = (String, Vec<f64>);

    fn value() -> Value {
        ("x".into(), vec![1.5, f64::NAN, f64::INFINITY, -0.0])
    }

    fn same(a: &Value, b: &Value) -> bool {
        a.0 == b.0
            && a.1.len() == b.1.len()
            && a.1
                .iter()
                .zip(&b.1)
                .all(|(x, y)| x.to_bits() == y.to_bits())
    }

    #[test]
    fn a_value_round_trips_with_nan_and_infinity() {
        let bytes = encode("test", &value()).unwrap();
        let back: Value = decode("test", &bytes).unwrap();
        assert!(same(&back, &value()), "{back:?}");
    }

    #[test]
    fn every_truncation_and_every_flipped_byte_is_rejected() {
        let bytes = encode("test", &value()).unwrap();
        for n in 0..bytes.len() {
            assert!(decode::<Value>("test", &bytes[..n]).is_none(), "cut at {n}");
        }
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            let back = decode::<Value>("test", &bad);
            assert!(back.is_none(), "byte {i} flipped gave {back:?}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode::<Value>("test", &longer).is_none());
    }

    #[test]
    fn another_version_build_format_or_kind_is_foreign() {
        let other = encode_as("0.0.0-other", "test", &value()).unwrap();
        assert!(decode::<Value>("test", &other).is_none());
        assert!(
            build_id().starts_with(&format!("{VERSION}+")),
            "{}",
            build_id()
        );
        assert_ne!(build_id(), format!("{VERSION}+"), "the executable is known");
        let rebuilt = encode_as(&format!("{VERSION}+1-2"), "test", &value()).unwrap();
        assert!(decode::<Value>("test", &rebuilt).is_none());
        let bytes = encode("test", &value()).unwrap();
        assert!(decode::<Value>("page", &bytes).is_none());
        let mut format = bytes.clone();
        format[8..12].copy_from_slice(&(FORMAT + 1).to_le_bytes());
        assert!(decode::<Value>("test", &format).is_none());
        assert!(decode::<Value>("test", b"").is_none());
        assert!(read::<Value>(Path::new("/no/such/dir/a.bin"), "test").is_none());
        assert!(decode::<u8>("test", &encode("test", &"text").unwrap()).is_none());
    }
}
