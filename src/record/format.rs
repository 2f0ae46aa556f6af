//! The record file: one human-readable, diff-friendly text file per lesson. Each entry (a
//! block, a script, an inline value) has a header line, its printed text as `| ` lines, and
//! the digest of each figure. Writing the same entries twice gives the same bytes.
//!
//! ```text
//! === block 4 (line 57)
//! | layer 0 magnitude (all): 6.008513697733318
//! figure 1: 1x1
//! panel {"title":"Activation magnitude","xlabel":"layer","ylabel":"","xlim":null,...}
//! series {"kind":"line","label":"no residual","style":"solid","color":"#ff0000"}
//! x 0 1 2
//! y 6.0085 3.1 1.2
//! animation 1: {"name":"wave.html","fps":30.0}
//! frame 1: 1x1
//! panel {"title":"t = 1",...}
//! ```
//!
//! An animation's frames follow its line, each written as a figure is.

use super::animation::AnimationDigest;
use super::digest::{FigureDigest, GridDigest, GridHeader, PanelDigest, SeriesDigest, json};
use std::fmt::Write;

/// What an entry records the output of.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EntryKey {
    /// An unnamed block, by 1-based index among the lesson's rlab blocks.
    Block(usize),
    /// A block with a `name=` attribute.
    Named(String),
    /// A standalone script, by file name.
    Script(String),
    /// The n-th (1-based) inline value of the lesson.
    Inline(usize),
    /// What the check of the lesson's n-th (1-based) exercise read: its checked variables
    /// and its answers' values.
    Exercise(usize),
}

impl std::fmt::Display for EntryKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryKey::Block(n) => write!(f, "block {n}"),
            EntryKey::Named(name) => write!(f, "block \"{name}\""),
            EntryKey::Script(name) => write!(f, "script {name}"),
            EntryKey::Inline(n) => write!(f, "inline {n}"),
            EntryKey::Exercise(n) => write!(f, "exercise {n}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: EntryKey,
    /// Source line of the block or value (informational; not used for matching).
    pub line: u32,
    /// A note shown after the header (the expression of an inline value).
    pub note: String,
    pub text: String,
    pub figures: Vec<FigureDigest>,
    /// The animations `saveanim` made, after the figures.
    pub animations: Vec<AnimationDigest>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub entries: Vec<Entry>,
}

impl Record {
    /// The file text, with a comment naming the lesson.
    pub fn to_text(&self, lesson: &str) -> String {
        let mut out = format!(
            "# rlbook record of {lesson}\n# Compared by `rlbook build` and `rlbook check`; rewritten by `rlbook bless`.\n"
        );
        for e in &self.entries {
            out.push('\n');
            write_entry(&mut out, e);
        }
        out
    }

    /// Parse a record file; errors name the 1-based line.
    pub fn parse(text: &str) -> Result<Record, (usize, String)> {
        let mut entries: Vec<Entry> = Vec::new();
        let mut lines = text.lines().enumerate().peekable();
        while let Some((i, line)) = lines.next() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let Some(header) = line.strip_prefix("=== ") else {
                return Err((
                    i + 1,
                    format!("expected an '=== ' entry header, got '{line}'"),
                ));
            };
            let mut entry =
                parse_header(header).ok_or((i + 1, format!("bad entry header '{line}'")))?;
            let mut body = Vec::new();
            while let Some((j, l)) = lines.next_if(|(_, l)| !l.starts_with("=== ")) {
                body.push((j + 1, l));
            }
            parse_body(&mut entry, &body)?;
            entries.push(entry);
        }
        Ok(Record { entries })
    }
}

fn write_entry(out: &mut String, e: &Entry) {
    let _ = write!(out, "=== {} (line {})", e.key, e.line);
    if !e.note.is_empty() {
        let _ = write!(out, " {}", e.note);
    }
    out.push('\n');
    if !e.text.is_empty() {
        for line in e.text.split('\n') {
            out.push('|');
            if !line.is_empty() {
                out.push(' ');
                out.push_str(line);
            }
            out.push('\n');
        }
    }
    for (k, fig) in e.figures.iter().enumerate() {
        write_figure(out, &format!("figure {}", k + 1), fig);
    }
    for (k, anim) in e.animations.iter().enumerate() {
        let _ = writeln!(out, "animation {}: {}", k + 1, json(&anim.header));
        for (j, fig) in anim.frames.iter().enumerate() {
            write_figure(out, &format!("frame {}", j + 1), fig);
        }
    }
}

/// A figure's lines, the first one `<lead>: RxC`.
fn write_figure(out: &mut String, lead: &str, fig: &FigureDigest) {
    let _ = writeln!(out, "{lead}: {}x{}", fig.rows, fig.cols);
    for p in &fig.panels {
        let _ = writeln!(out, "panel {}", json(&p.header));
        for s in &p.series {
            let _ = writeln!(out, "series {}", json(&s.header));
            let _ = writeln!(out, "x{}", numbers(&s.x));
            let _ = writeln!(out, "y{}", numbers(&s.y));
        }
        for g in &p.grids {
            let _ = writeln!(out, "grid {}", json(&g.header));
            // A row of cells per line (an RGB image's has three values a cell).
            let per_cell = match g.header.rows * g.header.cols {
                0 => 1,
                cells => (g.values.len() / cells).max(1),
            };
            for row in g.values.chunks(g.header.cols.max(1) * per_cell) {
                let _ = writeln!(out, "row{}", numbers(row));
            }
        }
    }
}

/// ` 1 2.5 NaN` (each number in shortest round-trip form, with a leading space).
fn numbers(values: &[f64]) -> String {
    let mut s = String::with_capacity(values.len() * 8);
    for v in values {
        let _ = write!(s, " {v}");
    }
    s
}

fn parse_header(header: &str) -> Option<Entry> {
    let (key_text, rest) = header.split_once(" (line ")?;
    let (line, note) = rest.split_once(')')?;
    let key = if let Some(n) = key_text.strip_prefix("block \"") {
        EntryKey::Named(n.strip_suffix('"')?.to_string())
    } else if let Some(n) = key_text.strip_prefix("block ") {
        EntryKey::Block(n.parse().ok()?)
    } else if let Some(n) = key_text.strip_prefix("script ") {
        EntryKey::Script(n.to_string())
    } else if let Some(n) = key_text.strip_prefix("exercise ") {
        EntryKey::Exercise(n.parse().ok()?)
    } else {
        EntryKey::Inline(key_text.strip_prefix("inline ")?.parse().ok()?)
    };
    Some(Entry {
        key,
        line: line.parse().ok()?,
        note: note.trim().to_string(),
        text: String::new(),
        figures: Vec::new(),
        animations: Vec::new(),
    })
}

fn parse_body(entry: &mut Entry, body: &[(usize, &str)]) -> Result<(), (usize, String)> {
    let mut text: Vec<&str> = Vec::new();
    for &(n, line) in body {
        let bad = |what: &str| (n, format!("{what}: '{line}'"));
        if let Some(t) = line.strip_prefix('|') {
            text.push(t.strip_prefix(' ').unwrap_or(t));
        } else if line.trim().is_empty() {
            continue;
        } else if line.starts_with("figure ") {
            entry
                .figures
                .push(parse_dims(line).ok_or_else(|| bad("bad figure line"))?);
        } else if let Some(rest) = line.strip_prefix("animation ") {
            let header = rest.split_once(": ").map_or("", |(_, h)| h);
            let header = serde_json::from_str(header).map_err(|_| bad("bad animation line"))?;
            entry.animations.push(AnimationDigest {
                header,
                frames: Vec::new(),
            });
        } else if line.starts_with("frame ") {
            let frame = parse_dims(line).ok_or_else(|| bad("bad frame line"))?;
            (entry.animations.last_mut())
                .ok_or_else(|| bad("frame before 'animation'"))?
                .frames
                .push(frame);
        } else {
            let fig = match entry.animations.last_mut() {
                Some(anim) => anim.frames.last_mut(),
                None => entry.figures.last_mut(),
            };
            let fig = fig.ok_or_else(|| bad("figure data before 'figure'"))?;
            parse_figure_line(fig, line).map_err(|m| (n, m))?;
        }
    }
    entry.text = text.join("\n");
    Ok(())
}

/// An empty figure digest from a `figure K: RxC` or `frame K: RxC` line.
fn parse_dims(line: &str) -> Option<FigureDigest> {
    let (r, c) = line.split_once(": ")?.1.split_once('x')?;
    Some(FigureDigest {
        rows: r.parse().ok()?,
        cols: c.parse().ok()?,
        panels: Vec::new(),
    })
}

fn parse_figure_line(fig: &mut FigureDigest, line: &str) -> Result<(), String> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let bad = |what: &str| format!("{what}: '{line}'");
    match word {
        "panel" => fig.panels.push(PanelDigest {
            header: serde_json::from_str(rest).map_err(|e| bad(&format!("bad panel ({e})")))?,
            series: Vec::new(),
            grids: Vec::new(),
        }),
        "series" => panel(fig, line)?.series.push(SeriesDigest {
            header: serde_json::from_str(rest).map_err(|e| bad(&format!("bad series ({e})")))?,
            x: Vec::new(),
            y: Vec::new(),
        }),
        "grid" => {
            let header: GridHeader =
                serde_json::from_str(rest).map_err(|e| bad(&format!("bad grid ({e})")))?;
            panel(fig, line)?.grids.push(GridDigest {
                header,
                values: Vec::new(),
            });
        }
        "x" | "y" => {
            let values = parse_numbers(rest).ok_or_else(|| bad("bad numbers"))?;
            let s = panel(fig, line)?
                .series
                .last_mut()
                .ok_or_else(|| bad("values before 'series'"))?;
            if word == "x" {
                s.x = values;
            } else {
                s.y = values;
            }
        }
        "row" => {
            let values = parse_numbers(rest).ok_or_else(|| bad("bad numbers"))?;
            let g = panel(fig, line)?
                .grids
                .last_mut()
                .ok_or_else(|| bad("row before 'grid'"))?;
            g.values.extend(values);
        }
        _ => return Err(bad("unknown record line")),
    }
    Ok(())
}

fn panel<'a>(fig: &'a mut FigureDigest, line: &str) -> Result<&'a mut PanelDigest, String> {
    fig.panels
        .last_mut()
        .ok_or_else(|| format!("figure data before 'panel': '{line}'"))
}

fn parse_numbers(text: &str) -> Option<Vec<f64>> {
    text.split_whitespace()
        .map(|w| w.parse::<f64>().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::digest::{PanelHeader, SeriesHeader};
    use super::*;

    fn sample() -> Record {
        let panel = PanelDigest {
            header: PanelHeader {
                title: "Magnitude \"vs\" depth".into(),
                xlabel: "l".into(),
                ylabel: String::new(),
                xlim: Some((0.0, 24.0)),
                ylim: None,
                log_y: true,
                categories: None,
                log_x: true,
                image_y_up: false,
            },
            series: vec![SeriesDigest {
                header: SeriesHeader {
                    kind: "line".into(),
                    label: "no residual".into(),
                    style: "dashed".into(),
                    color: Some("#ff0000".into()),
                },
                x: vec![0.0, 1.0],
                y: vec![6.008513697733318, f64::NAN],
            }],
            grids: vec![GridDigest {
                header: GridHeader {
                    kind: "heatmap".into(),
                    rows: 2,
                    cols: 2,
                    colormap: "viridis".into(),
                    xlabels: Some(vec!["a".into(), "b".into()]),
                    ylabels: None,
                },
                values: vec![1.0, 2.0, f64::INFINITY, -0.5],
            }],
        };
        Record {
            entries: vec![
                Entry {
                    key: EntryKey::Block(1),
                    line: 41,
                    note: String::new(),
                    text: "v: [1×5]  1.000000\n\n=== tricky\n| also tricky".into(),
                    figures: vec![FigureDigest {
                        rows: 1,
                        cols: 1,
                        panels: vec![panel.clone()],
                    }],
                    animations: vec![AnimationDigest {
                        header: super::super::animation::AnimationHeader {
                            name: "wave \"1\".html".into(),
                            fps: 30.0,
                        },
                        frames: vec![
                            FigureDigest {
                                rows: 1,
                                cols: 1,
                                panels: vec![panel.clone()],
                            },
                            FigureDigest {
                                rows: 1,
                                cols: 1,
                                panels: vec![panel],
                            },
                        ],
                    }],
                },
                Entry {
                    key: EntryKey::Named("setup".into()),
                    line: 12,
                    note: String::new(),
                    text: String::new(),
                    figures: vec![],
                    animations: vec![],
                },
                Entry {
                    key: EntryKey::Inline(3),
                    line: 120,
                    note: "${gm_ratio:%.3f}".into(),
                    text: "0.497".into(),
                    figures: vec![],
                    animations: vec![],
                },
                Entry {
                    key: EntryKey::Script("jacobian_product.rlab".into()),
                    line: 1,
                    note: String::new(),
                    text: "x = 1".into(),
                    figures: vec![],
                    animations: vec![],
                },
            ],
        }
    }

    #[test]
    fn round_trips_byte_for_byte() {
        let r = sample();
        let text = r.to_text("content/12-x.md");
        let parsed = Record::parse(&text).unwrap();
        assert_eq!(parsed.to_text("content/12-x.md"), text);
        assert_eq!(parsed.entries[0].text, r.entries[0].text);
        let y = &parsed.entries[0].figures[0].panels[0].series[0].y;
        assert!(y[1].is_nan());
        assert_eq!(parsed.entries[2].note, "${gm_ratio:%.3f}");
        assert_eq!(parsed.entries[0].animations.len(), 1);
        assert_eq!(parsed.entries[0].animations[0].frames.len(), 2);
        assert!(text.contains(
            "animation 1: {\"name\":\"wave \\\"1\\\".html\",\"fps\":30.0}\nframe 1: 1x1\npanel"
        ));
        let err = Record::parse("=== block 1 (line 2)\nframe 1: 1x1\n").unwrap_err();
        assert_eq!(
            err,
            (2, "frame before 'animation': 'frame 1: 1x1'".to_string())
        );
    }

    #[test]
    fn parse_errors_name_the_line() {
        let err = Record::parse("# c\n\nnot a header\n").unwrap_err();
        assert_eq!(err.0, 3);
        let err = Record::parse("=== block 1 (line 2)\nx 1 2\n").unwrap_err();
        assert_eq!(err, (2, "figure data before 'figure': 'x 1 2'".to_string()));
        let err = Record::parse("=== block 1 (line 2)\nfigure 1: 1x1\npanel {oops}\n").unwrap_err();
        assert_eq!(err.0, 3);
    }
}
