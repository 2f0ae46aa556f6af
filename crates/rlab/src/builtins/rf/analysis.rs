//! RF analysis of S-parameter networks (Pozar §11.1–11.3): VSWR, return and insertion loss,
//! reflection through a terminated 2-port, Rollett K and µ stability, the simultaneous
//! conjugate match, maximum gain, and stability and constant-gain circles.
//!
//! Every function returns one value per frequency; the 2-port ones expect the caller to
//! have checked the port count.

use super::network::Network;
use crate::value::C64;

/// The four parameters of a 2-port at one frequency, with Δ = S11·S22 − S12·S21.
struct Two {
    s11: C64,
    s12: C64,
    s21: C64,
    s22: C64,
    delta: C64,
}

fn two(net: &Network, k: usize) -> Two {
    let (s11, s12, s21, s22) = (
        net.at(k, 0, 0),
        net.at(k, 0, 1),
        net.at(k, 1, 0),
        net.at(k, 1, 1),
    );
    Two {
        s11,
        s12,
        s21,
        s22,
        delta: s11 * s22 - s12 * s21,
    }
}

fn per_freq<T>(net: &Network, f: impl Fn(Two) -> T) -> Vec<T> {
    (0..net.n_freqs()).map(|k| f(two(net, k))).collect()
}

/// `(1+|Sii|)/(1−|Sii|)`, capped at 1e6.
pub(crate) fn vswr(net: &Network, port: usize) -> Vec<f64> {
    let cap = |m: f64| {
        if m >= 1.0 {
            1e6
        } else {
            ((1.0 + m) / (1.0 - m)).min(1e6)
        }
    };
    net.trace(port, port)
        .iter()
        .map(|z| cap(z.norm()))
        .collect()
}

/// `−20·log10|Sij|`, at most 200 dB.
pub(crate) fn loss_db(net: &Network, i: usize, j: usize) -> Vec<f64> {
    let db = |m: f64| {
        if m <= 1e-10 { 200.0 } else { -20.0 * m.log10() }
    };
    net.trace(i, j).iter().map(|z| db(z.norm())).collect()
}

/// `S11 + S12·S21·ΓL/(1 − S22·ΓL)` (input) or its mirror (output), for one Γ broadcast or
/// one per frequency.
pub(crate) fn gamma_through(net: &Network, gamma: &[C64], output: bool) -> Vec<C64> {
    (0..net.n_freqs())
        .map(|k| {
            let t = two(net, k);
            let g = gamma[if gamma.len() == 1 { 0 } else { k }];
            let (near, far) = if output {
                (t.s22, t.s11)
            } else {
                (t.s11, t.s22)
            };
            near + t.s12 * t.s21 * g / (1.0 - far * g)
        })
        .collect()
}

fn rollett(t: &Two) -> f64 {
    let num = 1.0 - t.s11.norm_sqr() - t.s22.norm_sqr() + t.delta.norm_sqr();
    let den = 2.0 * (t.s12 * t.s21).norm();
    if den == 0.0 { f64::INFINITY } else { num / den }
}

/// Rollett's stability factor K.
pub(crate) fn stability_k(net: &Network) -> Vec<f64> {
    per_freq(net, |t| rollett(&t))
}

/// The µ (input, `port2 = false`) or µ' (output) stability factor.
pub(crate) fn stability_mu(net: &Network, output: bool) -> Vec<f64> {
    per_freq(net, |t| {
        let (near, far) = if output {
            (t.s22, t.s11)
        } else {
            (t.s11, t.s22)
        };
        let den = (far - t.delta * near.conj()).norm() + (t.s12 * t.s21).norm();
        if den == 0.0 {
            f64::INFINITY
        } else {
            (1.0 - near.norm_sqr()) / den
        }
    })
}

/// Γ for the simultaneous conjugate match at the source (`load = false`) or the load.
pub(crate) fn conjugate_match(net: &Network, load: bool) -> Vec<C64> {
    per_freq(net, |t| {
        let (near, far) = if load { (t.s22, t.s11) } else { (t.s11, t.s22) };
        let b = 1.0 + near.norm_sqr() - far.norm_sqr() - t.delta.norm_sqr();
        let cc = near - t.delta * far.conj();
        if cc.norm() == 0.0 {
            return C64::new(0.0, 0.0);
        }
        let disc = C64::new(b * b - 4.0 * cc.norm_sqr(), 0.0).sqrt();
        let sign = if b >= 0.0 { 1.0 } else { -1.0 };
        (b - disc * sign) / (cc * 2.0)
    })
}

/// MAG (K > 1) or MSG in dB; the unilateral limit `|S21|²/((1−|S11|²)(1−|S22|²))` when
/// S12 = 0.
pub(crate) fn gain_max_db(net: &Network) -> Vec<f64> {
    per_freq(net, |t| {
        let (m12, m21) = (t.s12.norm(), t.s21.norm());
        let ratio = if m12 < 1e-15 {
            let den = (1.0 - t.s11.norm_sqr()) * (1.0 - t.s22.norm_sqr());
            if den > 1e-15 {
                m21 * m21 / den
            } else {
                m21 * m21
            }
        } else {
            let k = rollett(&t);
            let msg = m21 / m12;
            if k > 1.0 {
                msg * (k - (k * k - 1.0).sqrt())
            } else {
                msg
            }
        };
        if ratio <= 1e-20 {
            -200.0
        } else {
            10.0 * ratio.log10()
        }
    })
}

/// Circles (centre, radius) per frequency; NaN where a circle is undefined.
pub(crate) type Circles = Vec<(C64, f64)>;

const NO_CIRCLE: (C64, f64) = (C64::new(f64::NAN, f64::NAN), f64::NAN);

/// Input (Γs plane) or output (ΓL plane) stability circles.
pub(crate) fn stability_circles(net: &Network, output: bool) -> Circles {
    per_freq(net, |t| {
        let (near, far) = if output {
            (t.s22, t.s11)
        } else {
            (t.s11, t.s22)
        };
        let den = near.norm_sqr() - t.delta.norm_sqr();
        if den.abs() < 1e-15 {
            return NO_CIRCLE;
        }
        let centre = (near - t.delta * far.conj()).conj() / den;
        (centre, (t.s12 * t.s21).norm() / den.abs())
    })
}

/// Constant operating-power-gain circles in the ΓL plane for `gain_db`.
pub(crate) fn gain_circles(net: &Network, gain_db: f64) -> Circles {
    let g = 10f64.powf(gain_db / 10.0);
    per_freq(net, |t| {
        let m21 = t.s21.norm_sqr();
        if m21 < 1e-15 {
            return NO_CIRCLE;
        }
        let gp = g / m21;
        let den = 1.0 + gp * (t.s22.norm_sqr() - t.delta.norm_sqr());
        if den.abs() < 1e-15 {
            return NO_CIRCLE;
        }
        let centre = (t.s22 - t.delta * t.s11.conj()).conj() * gp / den;
        let p = (t.s12 * t.s21).norm();
        let inside = 1.0 - 2.0 * rollett(&t) * gp * p + gp * gp * p * p;
        let radius = if inside < -1e-9 {
            f64::NAN
        } else {
            inside.max(0.0).sqrt() / den.abs()
        };
        (centre, radius)
    })
}
