//! Builtins that make networks from networks: the parameter conversions (each refuses a
//! wrongly tagged input), `cascade`, `deembed`, `newref`, `interp_freq`, the mixed-mode
//! pair, and `s2td`.

use super::convert::{self, two_port};
use super::network::{Network, ParamKind};
use super::{Args, network, network_of, port, real_values, timedomain};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

/// A conversion from `from`-tagged networks.
fn convert_with(
    args: &Args,
    from: ParamKind,
    f: fn(&Network) -> LangResult<Network>,
) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(f(network_of(args, 0, from)?)?.into_value())
}

pub(super) fn s2z(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::S, convert::s2z)
}

pub(super) fn z2s(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::Z, convert::z2s)
}

pub(super) fn s2y(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::S, convert::s2y)
}

pub(super) fn y2s(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::Y, convert::y2s)
}

pub(super) fn s2t(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::S, convert::s2t)
}

pub(super) fn t2s(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::T, convert::t2s)
}

pub(super) fn s2abcd(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::S, convert::s2abcd)
}

pub(super) fn abcd2s(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::Abcd, convert::abcd2s)
}

pub(super) fn s2smm(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::S, convert::s2smm)
}

pub(super) fn smm2s(_: &mut Interp, args: Args) -> LangResult<Value> {
    convert_with(&args, ParamKind::Smm, convert::smm2s)
}

/// Fail unless `b` is a 2-port S network on `a`'s grid and reference impedance.
fn compatible(name: &str, a: &Network, b: &Network) -> LangResult<()> {
    two_port(name, b)?;
    let same_grid = a.freqs.len() == b.freqs.len()
        && (a.freqs.iter().zip(&b.freqs)).all(|(x, y)| (x - y).abs() <= 1e-9 * x.abs().max(1.0));
    if !same_grid {
        return Err(LangError::runtime(format!(
            "{name}: networks must share one frequency grid ({} vs {} frequencies; use interp_freq)",
            a.n_freqs(),
            b.n_freqs()
        )));
    }
    if a.z0 != b.z0 {
        return Err(LangError::runtime(format!(
            "{name}: networks must share one reference impedance ({} vs {} Ω; use newref)",
            crate::display::scalar(a.z0),
            crate::display::scalar(b.z0)
        )));
    }
    Ok(())
}

pub(super) fn cascade(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, usize::MAX)?;
    let first = network_of(&args, 0, ParamKind::S)?;
    two_port("cascade", first)?;
    let mut acc = first.clone();
    for i in 1..args.len() {
        let next = network_of(&args, i, ParamKind::S)?;
        compatible("cascade", &acc, next)?;
        acc = convert::cascade_pair(&acc, next)?;
    }
    acc.noise = None;
    Ok(acc.into_value())
}

pub(super) fn deembed(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let meas = network_of(&args, 0, ParamKind::S)?;
    let left = network_of(&args, 1, ParamKind::S)?;
    let right = network_of(&args, 2, ParamKind::S)?;
    two_port("deembed", meas)?;
    compatible("deembed", meas, left)?;
    compatible("deembed", meas, right)?;
    let mut dut = convert::deembed(meas, left, right)?;
    dut.noise = None;
    Ok(dut.into_value())
}

pub(super) fn newref(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = network_of(&args, 0, ParamKind::S)?;
    let z_new = args.f64(1)?;
    if !(z_new.is_finite() && z_new > 0.0) {
        return Err(LangError::runtime(format!(
            "newref: reference impedance must be positive, got {}",
            crate::display::scalar(z_new)
        )));
    }
    Ok(convert::renormalise(net, z_new)?.into_value())
}

pub(super) fn interp_freq(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = network(&args, 0)?;
    let new = real_values(&args, 1)?;
    Ok(timedomain::interp(net, &new)?.into_value())
}

pub(super) fn s2td(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 4)?;
    let net = network_of(&args, 0, ParamKind::S)?;
    let (i, j) = (port(&args, 1, net)?, port(&args, 2, net)?);
    let step = match args.len() {
        3 => true,
        _ => match args.str(3)? {
            "step" => true,
            "impulse" => false,
            other => {
                return Err(LangError::runtime(format!(
                    "s2td: mode must be \"step\" or \"impulse\", got \"{other}\""
                )));
            }
        },
    };
    let (t, y) = timedomain::time_response(&net.freqs, &net.trace(i, j), step)?;
    Ok(Value::tuple(vec![Value::row(t), Value::row(y)]))
}
