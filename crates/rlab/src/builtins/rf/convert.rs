//! Network-parameter conversions (Pozar, Microwave Engineering §4.3–4.4, scalar Z0):
//! S ↔ Z, S ↔ Y for N ports; S ↔ T (cascade form, `[a1; b1] = T·[b2; a2]`) and S ↔ ABCD
//! for 2-ports; cascading and de-embedding through T; renormalisation through Z; and the
//! 4-port mixed-mode transform (ports 1/3 and 2/4 form the differential pairs).

use super::matrix::Mat;
use super::network::{Network, ParamKind};
use crate::error::{LangError, LangResult};
use crate::value::{C64, Tensor3};

fn c(re: f64) -> C64 {
    C64::new(re, 0.0)
}

/// Apply `f` to every frequency's matrix, giving parameters of kind `kind`.
fn per_frequency(
    net: &Network,
    kind: ParamKind,
    mut f: impl FnMut(&Mat, usize) -> LangResult<Mat>,
) -> LangResult<Network> {
    let p = &net.params;
    let mut out = Tensor3::zeros(p.rows, p.cols, p.pages);
    for k in 0..p.rows {
        f(&Mat::slab(p, k), k)?.store(&mut out, k);
    }
    Ok(net.with_params(out, kind))
}

fn singular(name: &str, what: &str, k: usize) -> LangError {
    LangError::runtime(format!(
        "{name}: {what} is singular at frequency index {}",
        k + 1
    ))
}

/// `A·B⁻¹`, or the singular-matrix error.
fn right_divide(a: &Mat, b: &Mat, name: &str, what: &str, k: usize) -> LangResult<Mat> {
    let inv = b.inverse().ok_or_else(|| singular(name, what, k))?;
    Ok(a.mul(&inv))
}

pub(crate) fn s2z(net: &Network) -> LangResult<Network> {
    let id = Mat::identity(net.ports());
    per_frequency(net, ParamKind::Z, |s, k| {
        let num = id.add_scaled(s, 1.0);
        let den = id.add_scaled(s, -1.0);
        Ok(right_divide(&num, &den, "s2z", "I - S", k)?.scale(net.z0))
    })
}

pub(crate) fn z2s(net: &Network) -> LangResult<Network> {
    let z0i = Mat::identity(net.ports()).scale(net.z0);
    per_frequency(net, ParamKind::S, |z, k| {
        right_divide(
            &z.add_scaled(&z0i, -1.0),
            &z.add_scaled(&z0i, 1.0),
            "z2s",
            "Z + Z0·I",
            k,
        )
    })
}

pub(crate) fn s2y(net: &Network) -> LangResult<Network> {
    let id = Mat::identity(net.ports());
    per_frequency(net, ParamKind::Y, |s, k| {
        let num = id.add_scaled(s, -1.0);
        let den = id.add_scaled(s, 1.0);
        Ok(right_divide(&num, &den, "s2y", "I + S", k)?.scale(1.0 / net.z0))
    })
}

pub(crate) fn y2s(net: &Network) -> LangResult<Network> {
    let id = Mat::identity(net.ports());
    per_frequency(net, ParamKind::S, |y, k| {
        let zy = y.scale(net.z0);
        right_divide(
            &id.add_scaled(&zy, -1.0),
            &id.add_scaled(&zy, 1.0),
            "y2s",
            "I + Z0·Y",
            k,
        )
    })
}

/// The 2-port S matrix as T (fails where S21 = 0).
fn s_to_t(s: &Mat, name: &str, k: usize) -> LangResult<Mat> {
    let (s11, s12, s21, s22) = (s.get(0, 0), s.get(0, 1), s.get(1, 0), s.get(1, 1));
    if s21.norm() == 0.0 || !s21.is_finite() {
        return Err(LangError::runtime(format!(
            "{name}: S21 = 0 at frequency index {} (T-parameters need transmission)",
            k + 1
        )));
    }
    let det = s11 * s22 - s12 * s21;
    Ok(Mat::two(-det / s21, s11 / s21, -s22 / s21, c(1.0) / s21))
}

fn t_to_s(t: &Mat, name: &str, k: usize) -> LangResult<Mat> {
    let (t11, t12, t21, t22) = (t.get(0, 0), t.get(0, 1), t.get(1, 0), t.get(1, 1));
    if t22.norm() == 0.0 || !t22.is_finite() {
        return Err(LangError::runtime(format!(
            "{name}: T22 = 0 at frequency index {}",
            k + 1
        )));
    }
    let det = t11 * t22 - t12 * t21;
    Ok(Mat::two(t12 / t22, det / t22, c(1.0) / t22, -t21 / t22))
}

/// Fail unless `net` has two ports.
pub(crate) fn two_port(name: &str, net: &Network) -> LangResult<()> {
    if net.ports() != 2 {
        return Err(LangError::runtime(format!(
            "{name}: requires a 2-port network, got {}-port",
            net.ports()
        )));
    }
    Ok(())
}

pub(crate) fn s2t(net: &Network) -> LangResult<Network> {
    two_port("s2t", net)?;
    per_frequency(net, ParamKind::T, |s, k| s_to_t(s, "s2t", k))
}

pub(crate) fn t2s(net: &Network) -> LangResult<Network> {
    two_port("t2s", net)?;
    per_frequency(net, ParamKind::S, |t, k| t_to_s(t, "t2s", k))
}

pub(crate) fn s2abcd(net: &Network) -> LangResult<Network> {
    two_port("s2abcd", net)?;
    let z0 = net.z0;
    per_frequency(net, ParamKind::Abcd, |s, k| {
        let (s11, s12, s21, s22) = (s.get(0, 0), s.get(0, 1), s.get(1, 0), s.get(1, 1));
        if s21.norm() == 0.0 {
            return Err(LangError::runtime(format!(
                "s2abcd: S21 = 0 at frequency index {} (ABCD parameters need transmission)",
                k + 1
            )));
        }
        let (one, d) = (c(1.0), s21 * 2.0);
        Ok(Mat::two(
            ((one + s11) * (one - s22) + s12 * s21) / d,
            ((one + s11) * (one + s22) - s12 * s21) / d * z0,
            ((one - s11) * (one - s22) - s12 * s21) / d / z0,
            ((one - s11) * (one + s22) + s12 * s21) / d,
        ))
    })
}

pub(crate) fn abcd2s(net: &Network) -> LangResult<Network> {
    two_port("abcd2s", net)?;
    let z0 = net.z0;
    per_frequency(net, ParamKind::S, |m, k| {
        let (a, b, cc, d) = (m.get(0, 0), m.get(0, 1), m.get(1, 0), m.get(1, 1));
        let den = a + b / z0 + cc * z0 + d;
        if den.norm() == 0.0 {
            return Err(singular("abcd2s", "A + B/Z0 + C·Z0 + D", k));
        }
        Ok(Mat::two(
            (a + b / z0 - cc * z0 - d) / den,
            (a * d - b * cc) * 2.0 / den,
            c(2.0) / den,
            (-a + b / z0 - cc * z0 + d) / den,
        ))
    })
}

/// Two networks `a` then `b` (port 2 of `a` into port 1 of `b`).
pub(crate) fn cascade_pair(a: &Network, b: &Network) -> LangResult<Network> {
    per_frequency(a, ParamKind::S, |sa, k| {
        let sb = Mat::slab(&b.params, k);
        let t = s_to_t(sa, "cascade", k)?.mul(&s_to_t(&sb, "cascade", k)?);
        t_to_s(&t, "cascade", k)
    })
}

/// `T_dut = T_left⁻¹ · T_meas · T_right⁻¹`.
pub(crate) fn deembed(meas: &Network, left: &Network, right: &Network) -> LangResult<Network> {
    per_frequency(meas, ParamKind::S, |sm, k| {
        let tl = s_to_t(&Mat::slab(&left.params, k), "deembed", k)?;
        let tr = s_to_t(&Mat::slab(&right.params, k), "deembed", k)?;
        let tm = s_to_t(sm, "deembed", k)?;
        let li = tl
            .inverse()
            .ok_or_else(|| singular("deembed", "T of left", k))?;
        let ri = tr
            .inverse()
            .ok_or_else(|| singular("deembed", "T of right", k))?;
        t_to_s(&li.mul(&tm).mul(&ri), "deembed", k)
    })
}

/// The same network referred to `z_new` (through Z).
pub(crate) fn renormalise(net: &Network, z_new: f64) -> LangResult<Network> {
    let mut z = s2z(net).map_err(|e| LangError::runtime(e.message.replace("s2z", "newref")))?;
    z.z0 = z_new;
    let mut s = z2s(&z).map_err(|e| LangError::runtime(e.message.replace("z2s", "newref")))?;
    s.z0 = z_new;
    Ok(s)
}

/// The mixed-mode transform `M` (rows d1, d2, c1, c2); orthogonal, so `M⁻¹ = Mᵀ`.
fn mixed_mode() -> Mat {
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let rows = [
        [h, 0.0, -h, 0.0],
        [0.0, h, 0.0, -h],
        [h, 0.0, h, 0.0],
        [0.0, h, 0.0, h],
    ];
    Mat {
        n: 4,
        data: rows.iter().flatten().map(|&x| c(x)).collect(),
    }
}

fn four_port(name: &str, net: &Network) -> LangResult<()> {
    if net.ports() != 4 {
        return Err(LangError::runtime(format!(
            "{name}: requires a 4-port network, got {}-port",
            net.ports()
        )));
    }
    Ok(())
}

pub(crate) fn s2smm(net: &Network) -> LangResult<Network> {
    four_port("s2smm", net)?;
    let (m, mt) = (mixed_mode(), mixed_mode().transpose());
    per_frequency(net, ParamKind::Smm, |s, _| Ok(m.mul(s).mul(&mt)))
}

pub(crate) fn smm2s(net: &Network) -> LangResult<Network> {
    four_port("smm2s", net)?;
    let (m, mt) = (mixed_mode(), mixed_mode().transpose());
    per_frequency(net, ParamKind::S, |s, _| Ok(mt.mul(s).mul(&m)))
}
