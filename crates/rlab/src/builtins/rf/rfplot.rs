//! `rfplot`: S-parameter traces against frequency on a logarithmic frequency axis (raw Hz
//! data with the panel's `log_x` flag). `rfplot(s)` of a 2-port lays out the 2×2 review
//! (|S11|, |S21| over |S12|, |S22|, in dB); other networks get |S11| dB. `rfplot(s, kind, i,
//! j)` plots one trace as magnitude, dB, wrapped or unwrapped phase, or group delay.

use super::network::Network;
use super::{Args, network, port};
use crate::builtins::plotting::{content_panel, push_series};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{LineStyle, Panel, SeriesKind};
use crate::value::{C64, Value};
use std::f64::consts::{PI, TAU};

/// What a trace shows.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Magnitude,
    Db,
    Phase,
    Unwrap,
    GroupDelay,
}

impl Kind {
    fn parse(name: &str) -> LangResult<Kind> {
        Ok(match name {
            "magnitude" | "mag" => Kind::Magnitude,
            "db" | "dB" => Kind::Db,
            "phase" => Kind::Phase,
            "unwrap" => Kind::Unwrap,
            "groupdelay" => Kind::GroupDelay,
            other => {
                return Err(LangError::runtime(format!(
                    "rfplot: kind must be magnitude, db, phase, unwrap or groupdelay, got \"{other}\""
                )));
            }
        })
    }

    /// The y-axis label for trace `Sij` (1-based digits in `name`).
    fn axis(self, name: &str) -> String {
        match self {
            Kind::Magnitude => format!("|{name}|"),
            Kind::Db => format!("|{name}| (dB)"),
            Kind::Phase => format!("arg({name}) (deg)"),
            Kind::Unwrap => format!("unwrapped arg({name}) (deg)"),
            Kind::GroupDelay => format!("group delay of {name} (s)"),
        }
    }
}

/// `20·log10|z|`, floored at −200 dB.
fn db(z: C64) -> f64 {
    (20.0 * z.norm().log10()).max(-200.0)
}

/// Phases in radians with ±2π jumps removed.
fn unwrapped(trace: &[C64]) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::with_capacity(trace.len());
    let mut correction = 0.0;
    for (k, z) in trace.iter().enumerate() {
        let p = z.arg();
        if k > 0 {
            let prev_raw = trace[k - 1].arg();
            let jump = p - prev_raw;
            if jump > PI {
                correction -= TAU;
            } else if jump < -PI {
                correction += TAU;
            }
        }
        out.push(p + correction);
    }
    out
}

/// `−dφ/dω`: central differences inside, one-sided at the ends.
fn group_delay(freqs: &[f64], trace: &[C64]) -> Vec<f64> {
    let phi = unwrapped(trace);
    let n = phi.len();
    if n < 2 {
        return vec![0.0; n];
    }
    (0..n)
        .map(|k| {
            let (a, b) = (k.saturating_sub(1), (k + 1).min(n - 1));
            -(phi[b] - phi[a]) / (TAU * (freqs[b] - freqs[a]))
        })
        .collect()
}

/// The y values of `kind` for trace `(i, j)` of `net`.
fn values(net: &Network, kind: Kind, i: usize, j: usize) -> Vec<f64> {
    let trace = net.trace(i, j);
    match kind {
        Kind::Magnitude => trace.iter().map(|z| z.norm()).collect(),
        Kind::Db => trace.iter().map(|&z| db(z)).collect(),
        Kind::Phase => trace.iter().map(|z| z.arg().to_degrees()).collect(),
        Kind::Unwrap => unwrapped(&trace).iter().map(|p| p.to_degrees()).collect(),
        Kind::GroupDelay => group_delay(&net.freqs, &trace),
    }
}

/// Draw one trace on `panel`.
fn draw(panel: &mut Panel, net: &Network, kind: Kind, (i, j): (usize, usize)) {
    let name = format!("S{}{}", i + 1, j + 1);
    let y = values(net, kind, i, j);
    push_series(
        panel,
        SeriesKind::Line,
        name.clone(),
        None,
        LineStyle::Solid,
        (net.freqs.clone(), y),
    );
    panel.title = name.clone();
    panel.xlabel = "Frequency (Hz)".to_string();
    panel.ylabel = kind.axis(&name);
    panel.log_x = true;
    panel.equal_aspect = false;
    panel.xlim = None;
    panel.ylim = None;
}

pub(super) fn rfplot(interp: &mut Interp, args: Args) -> LangResult<Value> {
    if args.len() != 1 && args.len() != 4 {
        return Err(LangError::arity("rfplot", 1, 4, args.len()));
    }
    let net = network(&args, 0)?;
    if args.len() == 4 {
        let kind = Kind::parse(args.str(1)?)?;
        let ij = (port(&args, 2, net)?, port(&args, 3, net)?);
        draw(content_panel(interp), net, kind, ij);
        return Ok(Value::None);
    }
    if net.ports() != 2 {
        draw(content_panel(interp), net, Kind::Db, (0, 0));
        return Ok(Value::None);
    }
    let figure = &mut interp.figures.current;
    figure.rows = 2;
    figure.cols = 2;
    figure.panels = vec![Panel::default(); 4];
    figure.hold = false;
    for (k, ij) in [(0, 0), (1, 0), (0, 1), (1, 1)].into_iter().enumerate() {
        draw(&mut figure.panels[k], net, Kind::Db, ij);
    }
    figure.current = 0;
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwrapping_removes_two_pi_jumps() {
        let trace: Vec<C64> = (0..8)
            .map(|k| C64::from_polar(1.0, -0.9 * k as f64))
            .collect();
        let phi = unwrapped(&trace);
        for (k, p) in phi.iter().enumerate() {
            assert!((p + 0.9 * k as f64).abs() < 1e-12, "{k}: {p}");
        }
    }

    #[test]
    fn a_linear_phase_has_a_constant_group_delay() {
        let tau = 1e-9;
        let freqs: Vec<f64> = (0..20).map(|k| 1e9 + 1e7 * k as f64).collect();
        let trace: Vec<C64> = freqs
            .iter()
            .map(|f| C64::from_polar(1.0, -TAU * f * tau))
            .collect();
        for d in group_delay(&freqs, &trace) {
            assert!((d - tau).abs() < 1e-15, "{d}");
        }
        assert!((db(C64::new(0.0, 0.0)) + 200.0).abs() < 1e-12);
    }
}
