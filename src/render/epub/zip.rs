//! The EPUB container: a ZIP archive written in memory, the way the OCF specification asks
//! (the `mimetype` entry first, stored uncompressed, no extra field; the others deflated).
//! Entries carry one fixed timestamp so the same book gives the same bytes.

use anyhow::{Context, Result, bail};
use flate2::Compression;
use flate2::write::DeflateEncoder;
use std::io::Write;

/// DOS date and time of every entry: 1980-01-01 00:00.
const DOS_TIME: u16 = 0;
const DOS_DATE: u16 = (1 << 5) | 1;

struct Entry {
    name: String,
    crc: u32,
    method: u16,
    compressed: u32,
    size: u32,
    offset: u32,
}

/// A ZIP archive being written.
#[derive(Default)]
pub(crate) struct Archive {
    bytes: Vec<u8>,
    entries: Vec<Entry>,
}

impl Archive {
    /// Add a file stored as is.
    pub(crate) fn stored(&mut self, name: &str, data: &[u8]) -> Result<()> {
        self.add(name, data, 0, data.to_vec())
    }

    /// Add a deflated file.
    pub(crate) fn deflated(&mut self, name: &str, data: &[u8]) -> Result<()> {
        let mut encoder = DeflateEncoder::new(Vec::new(), Compression::default());
        encoder
            .write_all(data)
            .and_then(|()| encoder.finish())
            .with_context(|| format!("cannot compress {name}"))
            .and_then(|packed| self.add(name, data, 8, packed))
    }

    fn add(&mut self, name: &str, data: &[u8], method: u16, packed: Vec<u8>) -> Result<()> {
        if self.entries.iter().any(|e| e.name == name) {
            bail!("the EPUB would hold {name} twice");
        }
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let entry = Entry {
            name: name.to_string(),
            crc: crc.sum(),
            method,
            compressed: size32(packed.len(), name)?,
            size: size32(data.len(), name)?,
            offset: size32(self.bytes.len(), name)?,
        };
        let header = header(&entry, false)?;
        self.bytes.extend_from_slice(&header);
        self.bytes.extend_from_slice(&packed);
        self.entries.push(entry);
        Ok(())
    }

    /// The archive's bytes, with its central directory.
    pub(crate) fn finish(mut self) -> Result<Vec<u8>> {
        let start = size32(self.bytes.len(), "the central directory")?;
        for entry in &self.entries {
            let record = header(entry, true)?;
            self.bytes.extend_from_slice(&record);
        }
        let end = size32(self.bytes.len(), "the central directory")?;
        let count = u16::try_from(self.entries.len()).context("too many files for a ZIP")?;
        let mut tail = Vec::with_capacity(22);
        tail.extend_from_slice(&0x0605_4b50_u32.to_le_bytes());
        tail.extend_from_slice(&[0, 0, 0, 0]);
        tail.extend_from_slice(&count.to_le_bytes());
        tail.extend_from_slice(&count.to_le_bytes());
        tail.extend_from_slice(&(end - start).to_le_bytes());
        tail.extend_from_slice(&start.to_le_bytes());
        tail.extend_from_slice(&[0, 0]);
        self.bytes.extend_from_slice(&tail);
        Ok(self.bytes)
    }
}

fn size32(n: usize, what: &str) -> Result<u32> {
    u32::try_from(n).with_context(|| format!("{what} is too large for a ZIP"))
}

/// A local file header, or (`central`) the entry's central directory record.
fn header(entry: &Entry, central: bool) -> Result<Vec<u8>> {
    let name = entry.name.as_bytes();
    let name_len = u16::try_from(name.len()).context("file name too long for a ZIP")?;
    let mut out = Vec::with_capacity(46 + name.len());
    if central {
        out.extend_from_slice(&0x0201_4b50_u32.to_le_bytes());
        out.extend_from_slice(&20_u16.to_le_bytes());
    } else {
        out.extend_from_slice(&0x0403_4b50_u32.to_le_bytes());
    }
    out.extend_from_slice(&20_u16.to_le_bytes());
    // Bit 11: the name is UTF-8.
    let flags: u16 = if name.is_ascii() { 0 } else { 1 << 11 };
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&entry.method.to_le_bytes());
    out.extend_from_slice(&DOS_TIME.to_le_bytes());
    out.extend_from_slice(&DOS_DATE.to_le_bytes());
    out.extend_from_slice(&entry.crc.to_le_bytes());
    out.extend_from_slice(&entry.compressed.to_le_bytes());
    out.extend_from_slice(&entry.size.to_le_bytes());
    out.extend_from_slice(&name_len.to_le_bytes());
    out.extend_from_slice(&0_u16.to_le_bytes());
    if central {
        // Comment length, disk number, internal and external attributes, offset.
        out.extend_from_slice(&[0; 6]);
        out.extend_from_slice(&0_u32.to_le_bytes());
        out.extend_from_slice(&entry.offset.to_le_bytes());
    }
    out.extend_from_slice(name);
    Ok(out)
}
