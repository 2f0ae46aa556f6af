//! Content digests for cache keys and checksums: BLAKE3, 32 bytes. [`KeyHasher`] feeds
//! fields with their lengths, so that two different field lists never hash alike (`"ab", "c"`
//! and `"a", "bc"` differ).

use serde::{Deserialize, Serialize};

/// A BLAKE3 digest.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub(crate) struct Digest(pub [u8; 32]);

impl Digest {
    /// The digest of `bytes`.
    pub(crate) fn of(bytes: &[u8]) -> Digest {
        Digest(*blake3::hash(bytes).as_bytes())
    }

    /// Lower-case hexadecimal.
    pub(crate) fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// Builds a digest from typed, length-prefixed fields.
pub(crate) struct KeyHasher(blake3::Hasher);

impl KeyHasher {
    /// A hasher for keys of one kind (`domain` keeps keys of different kinds apart).
    pub(crate) fn new(domain: &str) -> KeyHasher {
        let mut h = KeyHasher(blake3::Hasher::new());
        h.str(domain);
        h
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        self.0.update(&(bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    pub(crate) fn str(&mut self, text: &str) -> &mut Self {
        self.bytes(text.as_bytes())
    }

    pub(crate) fn u64(&mut self, n: u64) -> &mut Self {
        self.0.update(&n.to_le_bytes());
        self
    }

    pub(crate) fn bool(&mut self, b: bool) -> &mut Self {
        self.0.update(&[u8::from(b)]);
        self
    }

    /// An optional text: absent and present-but-empty differ.
    pub(crate) fn opt_str(&mut self, text: Option<&str>) -> &mut Self {
        self.opt_bytes(text.map(str::as_bytes))
    }

    /// Optional bytes (a text's are its UTF-8 bytes): absent and present-but-empty differ.
    pub(crate) fn opt_bytes(&mut self, bytes: Option<&[u8]>) -> &mut Self {
        match bytes {
            None => self.bool(false),
            Some(b) => self.bool(true).bytes(b),
        }
    }

    pub(crate) fn path(&mut self, path: &std::path::Path) -> &mut Self {
        self.str(&path.to_string_lossy())
    }

    pub(crate) fn f64(&mut self, x: f64) -> &mut Self {
        self.u64(x.to_bits())
    }

    pub(crate) fn digest(&mut self, d: &Digest) -> &mut Self {
        self.0.update(&d.0);
        self
    }

    pub(crate) fn finish(&self) -> Digest {
        Digest(*self.0.finalize().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_length_prefixed() {
        let a = KeyHasher::new("t").str("ab").str("c").finish();
        let b = KeyHasher::new("t").str("a").str("bc").finish();
        assert_ne!(a, b);
        let again = KeyHasher::new("t").str("ab").str("c").finish();
        assert_eq!(a, again);
        assert_ne!(a, KeyHasher::new("u").str("ab").str("c").finish());
    }

    #[test]
    fn absent_and_empty_differ() {
        let none = KeyHasher::new("t").opt_str(None).finish();
        let empty = KeyHasher::new("t").opt_str(Some("")).finish();
        assert_ne!(none, empty);
        let n = KeyHasher::new("t").u64(1).bool(true).finish();
        assert_ne!(n, KeyHasher::new("t").u64(1).bool(false).finish());
    }

    /// The framing the module documents, written out by hand: each text as its length (u64,
    /// little-endian) then its bytes; numbers as 8 little-endian bytes; booleans as one byte;
    /// digests as their 32 bytes.
    #[test]
    fn a_key_is_the_blake3_of_its_documented_framing() {
        let inner = Digest::of(b"x");
        let mut framed = Vec::new();
        for text in ["t", "ab"] {
            framed.extend_from_slice(&(text.len() as u64).to_le_bytes());
            framed.extend_from_slice(text.as_bytes());
        }
        framed.extend_from_slice(&7u64.to_le_bytes());
        framed.push(1);
        framed.extend_from_slice(&inner.0);
        framed.extend_from_slice(&1.5f64.to_bits().to_le_bytes());
        let key = |d: &Digest| {
            let mut h = KeyHasher::new("t");
            h.str("ab").u64(7).bool(true).digest(d).f64(1.5);
            h.finish()
        };
        assert_eq!(key(&inner), Digest::of(&framed));
        assert_ne!(
            key(&Digest::of(b"y")),
            key(&inner),
            "the digest field counts"
        );
        assert_ne!(key(&Digest::default()), key(&inner));
    }

    #[test]
    fn hex_is_lower_case_and_complete() {
        let d = Digest::of(b"");
        assert_eq!(
            d.hex(),
            "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"
        );
        assert_eq!(Digest::default().hex(), "0".repeat(64));
    }
}
