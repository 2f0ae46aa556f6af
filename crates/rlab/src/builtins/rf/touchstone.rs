//! Touchstone v1.1 files (`.s1p` … `.sNp`): reading S-parameters in RI, MA or DB form with
//! Hz/kHz/MHz/GHz frequencies (and the v2 keyword lines that keep a v1 layout), the 2-port
//! noise block, and writing the lossless RI/Hz form.
//!
//! Record order: a 2-port record is `S11 S21 S12 S22` (column-major); 3 ports and more are
//! row-major (`S11 S12 S13 S21 …`), rows free to span lines.

use super::network::{Network, Noise, ParamKind};
use crate::error::{LangError, LangResult};
use crate::value::{C64, Tensor3};

/// How the two numbers of a pair encode a complex value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    Ri,
    Ma,
    Db,
}

/// The option line `# GHz S MA R 50` (every token optional, in any order).
#[derive(Clone, Copy, Debug)]
struct Options {
    scale: f64,
    format: Format,
    z0: f64,
}

/// The port count a file name's `.sNp` extension gives.
pub(crate) fn ports_of(name: &str) -> Option<usize> {
    let ext = std::path::Path::new(name).extension()?.to_str()?;
    let ext = ext.to_ascii_lowercase();
    let digits = ext.strip_prefix('s')?.strip_suffix('p')?;
    let n: usize = digits.parse().ok()?;
    (1..=64).contains(&n).then_some(n)
}

fn parse_options(line: &str) -> Result<Options, String> {
    let mut opts = Options {
        scale: 1e9,
        format: Format::Ma,
        z0: 50.0,
    };
    let mut tokens = line.split_whitespace();
    while let Some(tok) = tokens.next() {
        match tok.to_ascii_uppercase().as_str() {
            "HZ" => opts.scale = 1.0,
            "KHZ" => opts.scale = 1e3,
            "MHZ" => opts.scale = 1e6,
            "GHZ" => opts.scale = 1e9,
            "RI" => opts.format = Format::Ri,
            "MA" => opts.format = Format::Ma,
            "DB" => opts.format = Format::Db,
            "S" => {}
            "Y" | "Z" | "H" | "G" => {
                return Err(format!("parameter type '{tok}' is not supported (S only)"));
            }
            "R" => {
                let value = tokens.next().and_then(|v| v.parse::<f64>().ok());
                match value {
                    Some(z) if z.is_finite() && z > 0.0 => opts.z0 = z,
                    _ => return Err("'R' must be followed by a positive impedance".into()),
                }
            }
            _ => return Err(format!("unknown option '{tok}' in the '#' line")),
        }
    }
    Ok(opts)
}

/// A v2 keyword line: accepted when it keeps the v1 layout; `[Reference] z` sets Z0.
fn keyword(line: &str, z0: &mut Option<f64>) -> Result<(), String> {
    let inner = line.trim_start_matches('[');
    let end = inner
        .find(']')
        .ok_or_else(|| format!("malformed keyword line '{line}'"))?;
    let (word, rest) = (
        inner[..end].trim().to_ascii_lowercase(),
        inner[end + 1..].trim(),
    );
    match word.as_str() {
        "version"
        | "number of ports"
        | "number of frequencies"
        | "number of noise frequencies"
        | "two-port data order"
        | "matrix format"
        | "network data"
        | "noise data"
        | "end"
        | "begin information"
        | "end information" => Ok(()),
        "reference" => {
            let values: Vec<&str> = rest.split_whitespace().collect();
            match values.as_slice() {
                [] => Ok(()),
                [one] => match one.parse::<f64>() {
                    Ok(z) if z.is_finite() && z > 0.0 => {
                        *z0 = Some(z);
                        Ok(())
                    }
                    _ => Err(format!("[Reference] {one} must be a positive impedance")),
                },
                _ => Err("per-port [Reference] lists are not supported".into()),
            }
        }
        "mixed-mode order" | "mixed-mode-order" => {
            Err("[Mixed-Mode Order] tables are not supported (use a single-ended file)".into())
        }
        other => Err(format!("unrecognised keyword '[{other}]'")),
    }
}

/// The options and every number of the data lines.
fn tokens(text: &str) -> Result<(Options, Vec<f64>), String> {
    let mut options = None;
    let mut reference = None;
    let mut numbers = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('!').next().unwrap_or("").trim();
        let at = |e: String| format!("line {}: {e}", n + 1);
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('#') {
            options = Some(parse_options(rest).map_err(at)?);
        } else if line.starts_with('[') {
            keyword(line, &mut reference).map_err(at)?;
        } else {
            for tok in line.split_whitespace() {
                let x: f64 = tok
                    .parse()
                    .map_err(|_| at(format!("cannot read number '{tok}'")))?;
                numbers.push(x);
            }
        }
    }
    let mut options = options.ok_or("missing the '#' option line")?;
    if let Some(z) = reference {
        options.z0 = z;
    }
    Ok((options, numbers))
}

fn pair(format: Format, a: f64, b: f64) -> C64 {
    match format {
        Format::Ri => C64::new(a, b),
        Format::Ma => C64::from_polar(a, b.to_radians()),
        Format::Db => C64::from_polar(10f64.powf(a / 20.0), b.to_radians()),
    }
}

/// The (row, column) of the `p`-th pair of a record.
fn position(p: usize, ports: usize) -> (usize, usize) {
    if ports == 2 {
        (p % 2, p / 2)
    } else {
        (p / ports, p % ports)
    }
}

/// A network from the text of a Touchstone file with `ports` ports.
pub(crate) fn parse(text: &str, ports: usize) -> Result<Network, String> {
    let (opts, numbers) = tokens(text)?;
    let record = 1 + 2 * ports * ports;
    let mut freqs: Vec<f64> = Vec::new();
    let mut cursor = 0;
    while cursor + record <= numbers.len() {
        let f = numbers[cursor] * opts.scale;
        if freqs.last().is_some_and(|&prev| f <= prev) {
            if ports == 2 {
                break; // the noise block starts at a frequency not above the last
            }
            return Err("frequencies must be strictly increasing".into());
        }
        freqs.push(f);
        cursor += record;
    }
    if freqs.is_empty() {
        return Err(format!(
            "no complete {ports}-port record ({record} numbers each; found {})",
            numbers.len()
        ));
    }
    crate::limits::check_alloc(freqs.len(), ports * ports, 16).map_err(|e| e.message)?;
    let mut params = Tensor3::zeros(freqs.len(), ports, ports);
    for k in 0..freqs.len() {
        let base = k * record + 1;
        for p in 0..ports * ports {
            let (i, j) = position(p, ports);
            let at = params.offset(k, i, j);
            params.data[at] = pair(
                opts.format,
                numbers[base + 2 * p],
                numbers[base + 2 * p + 1],
            );
        }
    }
    let mut net =
        Network::new("sparameters", params, freqs, opts.z0, ParamKind::S).map_err(|e| e.message)?;
    if cursor < numbers.len() {
        net.noise = Some(noise(&numbers[cursor..], ports, opts.scale)?);
    }
    Ok(net)
}

/// The noise block: records of `freq NFmin |Γopt| ∠Γopt Rn/Z0`.
fn noise(numbers: &[f64], ports: usize, scale: f64) -> Result<Noise, String> {
    if ports != 2 {
        return Err(format!("{} numbers after the last record", numbers.len()));
    }
    if !numbers.len().is_multiple_of(5) {
        return Err(format!(
            "the noise block has {} numbers, not a multiple of 5 (or the frequencies are not increasing)",
            numbers.len()
        ));
    }
    let mut block = Noise {
        freqs: Vec::new(),
        nf_min_db: Vec::new(),
        gamma_opt: Vec::new(),
        rn: Vec::new(),
    };
    for r in numbers.chunks_exact(5) {
        let f = r[0] * scale;
        if block.freqs.last().is_some_and(|&prev| f <= prev) {
            return Err("noise frequencies must be strictly increasing".into());
        }
        block.freqs.push(f);
        block.nf_min_db.push(r[1]);
        block
            .gamma_opt
            .push(C64::from_polar(r[2], r[3].to_radians()));
        block.rn.push(r[4]);
    }
    Ok(block)
}

/// The Touchstone text of an S-parameter network: RI pairs, Hz, 15 significant digits.
pub(crate) fn render(net: &Network) -> LangResult<String> {
    if net.kind != ParamKind::S {
        return Err(LangError::runtime(format!(
            "save: a Touchstone file holds S-parameters, got {} (convert with {}2s first)",
            net.kind.tag(),
            net.kind.tag().to_ascii_lowercase()
        )));
    }
    let n = net.ports();
    let mut out = format!(
        "! Written by rlab\n# Hz S RI R {}\n",
        crate::display::scalar(net.z0)
    );
    for (k, f) in net.freqs.iter().enumerate() {
        out.push_str(&format!("{f:.14e}"));
        for p in 0..n * n {
            let (i, j) = position(p, n);
            let z = net.at(k, i, j);
            out.push_str(&format!(" {:.14e} {:.14e}", z.re, z.im));
            if n >= 3 && (p + 1) % n == 0 && p + 1 < n * n {
                out.push('\n');
            }
        }
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_come_from_the_extension() {
        assert_eq!(ports_of("amp.s2p"), Some(2));
        assert_eq!(ports_of("dir/X.S4P"), Some(4));
        assert_eq!(ports_of("amp.txt"), None);
        assert_eq!(ports_of("amp.s0p"), None);
    }

    #[test]
    fn two_port_records_are_column_major_and_formats_convert() {
        let text = "! c\n# MHz S DB R 75\n100 0 0  -6.0206 90  0 0  -20 180\n";
        let net = parse(text, 2).unwrap();
        assert_eq!(net.freqs, vec![1e8]);
        assert_eq!(net.z0, 75.0);
        let s21 = net.at(0, 1, 0); // the second pair
        assert!((s21 - C64::new(0.0, 0.5)).norm() < 1e-5, "{s21}");
        let s22 = net.at(0, 1, 1);
        assert!((s22 - C64::new(-0.1, 0.0)).norm() < 1e-12);
    }

    #[test]
    fn three_ports_are_row_major_and_span_lines() {
        let mut text = String::from("# Hz S RI\n1");
        for v in 1..=9 {
            text.push_str(&format!(" {v} 0"));
            if v % 3 == 0 {
                text.push('\n');
            }
        }
        let net = parse(&text, 3).unwrap();
        assert_eq!(net.at(0, 0, 1).re, 2.0);
        assert_eq!(net.at(0, 2, 0).re, 7.0);
    }

    #[test]
    fn a_noise_block_follows_a_two_port() {
        let text = "# GHz S MA R 50\n1 0.5 0 0.1 0 0.1 0 0.5 0\n2 0.5 0 0.1 0 0.1 0 0.5 0\n\
                    1 1.5 0.3 45 0.2\n2 1.8 0.35 50 0.25\n";
        let net = parse(text, 2).unwrap();
        let noise = net.noise.unwrap();
        assert_eq!(noise.freqs, vec![1e9, 2e9]);
        assert_eq!(noise.nf_min_db, vec![1.5, 1.8]);
        assert!((noise.gamma_opt[0].arg().to_degrees() - 45.0).abs() < 1e-9);
    }

    #[test]
    fn bad_files_say_why() {
        assert!(parse("1 2 3", 1).unwrap_err().contains("option line"));
        assert!(parse("# Z\n", 1).unwrap_err().contains("'Z'"));
        assert!(parse("# Hz\n1 x 0\n", 1).unwrap_err().contains("line 2"));
        assert!(parse("# Hz\n1 1\n", 1).unwrap_err().contains("no complete"));
        let v2 = "[Version] 2.0\n# Hz S RI R 50\n[Reference] 75\n1 0.5 0\n";
        assert_eq!(parse(v2, 1).unwrap().z0, 75.0);
        assert!(parse("# Hz\n[Reference] 50 75\n", 1).is_err());
    }

    #[test]
    fn writing_and_reading_back_is_lossless() {
        let text = "# GHz S RI R 50\n1 0.1 -0.2 0.9 0.05 0.01 0.0 0.3 0.4\n";
        let net = parse(text, 2).unwrap();
        let back = parse(&render(&net).unwrap(), 2).unwrap();
        assert_eq!(back.freqs, net.freqs);
        for (a, b) in back.params.data.iter().zip(&net.params.data) {
            assert!((a - b).norm() < 1e-14);
        }
    }
}
