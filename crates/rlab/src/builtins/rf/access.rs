//! Making networks and reading them: `sparameters` (from a Touchstone file read through the
//! host, or from a Tensor3 and a frequency vector), the accessors (`nports`, `freqs`, `sij`,
//! `s11`…, `parameter_type`), the noise-block accessors, and `save` to a Touchstone file.

use super::network::{Network, ParamKind};
use super::{Args, complex_row, network, network_of, port, real_values, touchstone};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

pub(super) fn sparameters(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    match args.value(0)? {
        Value::Str(path) => {
            args.arity(1, 1)?;
            Ok(read_file(interp, "sparameters", path)?.into_value())
        }
        Value::Tensor3(t) => {
            args.arity(2, 3)?;
            let freqs = real_values(&args, 1)?;
            let z0 = if args.len() == 3 { args.f64(2)? } else { 50.0 };
            let net = Network::new("sparameters", (**t).clone(), freqs, z0, ParamKind::S)?;
            Ok(net.into_value())
        }
        other => Err(LangError::type_error(format!(
            "sparameters: expected a file name or a Tensor3 [n_freqs, n_ports, n_ports], got {}",
            other.type_name()
        ))),
    }
}

/// The network in the Touchstone file `path` (relative to the session's folder).
pub(super) fn read_file(interp: &mut Interp, verb: &str, path: &str) -> LangResult<Network> {
    let ports = touchstone::ports_of(path).ok_or_else(|| {
        LangError::runtime(format!(
            "{verb}: cannot tell the port count of '{path}' (expected a .s1p, .s2p, … extension)"
        ))
    })?;
    let bytes = crate::builtins::session::files::read(interp, verb, path)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| LangError::runtime(format!("{verb}: '{path}' is not UTF-8 text")))?;
    touchstone::parse(&text, ports)
        .map_err(|e| LangError::runtime(format!("{verb}: '{path}': {e}")))
}

pub(super) fn nports(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Scalar(network(&args, 0)?.ports() as f64))
}

pub(super) fn freqs(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::row(network(&args, 0)?.freqs.clone()))
}

pub(super) fn sij(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let net = network(&args, 0)?;
    let (i, j) = (port(&args, 1, net)?, port(&args, 2, net)?);
    Ok(complex_row(net.trace(i, j)))
}

/// `s11`, `s12`, `s21`, `s22`: the trace `(i, j)` (0-based).
fn fixed_trace(args: &Args, i: usize, j: usize) -> LangResult<Value> {
    args.arity(1, 1)?;
    let net = network(args, 0)?;
    if i.max(j) >= net.ports() {
        return Err(LangError::runtime(format!(
            "{}: requires a network with at least {} ports, got {}-port",
            args.name,
            i.max(j) + 1,
            net.ports()
        )));
    }
    Ok(complex_row(net.trace(i, j)))
}

pub(super) fn s11(_: &mut Interp, args: Args) -> LangResult<Value> {
    fixed_trace(&args, 0, 0)
}

pub(super) fn s12(_: &mut Interp, args: Args) -> LangResult<Value> {
    fixed_trace(&args, 0, 1)
}

pub(super) fn s21(_: &mut Interp, args: Args) -> LangResult<Value> {
    fixed_trace(&args, 1, 0)
}

pub(super) fn s22(_: &mut Interp, args: Args) -> LangResult<Value> {
    fixed_trace(&args, 1, 1)
}

pub(super) fn parameter_type(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::str(network(&args, 0)?.kind.tag()))
}

pub(super) fn has_noise(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Bool(network(&args, 0)?.noise.is_some()))
}

/// The noise block of argument 0, or the error saying there is none.
fn noise_of(args: &Args) -> LangResult<&super::network::Noise> {
    args.arity(1, 1)?;
    network(args, 0)?.noise.as_ref().ok_or_else(|| {
        LangError::runtime(format!(
            "{}: network has no noise data (check has_noise(s) first)",
            args.name
        ))
    })
}

pub(super) fn noise_freqs(_: &mut Interp, args: Args) -> LangResult<Value> {
    Ok(Value::row(noise_of(&args)?.freqs.clone()))
}

pub(super) fn nfmin(_: &mut Interp, args: Args) -> LangResult<Value> {
    Ok(Value::row(noise_of(&args)?.nf_min_db.clone()))
}

pub(super) fn gamma_opt(_: &mut Interp, args: Args) -> LangResult<Value> {
    Ok(complex_row(noise_of(&args)?.gamma_opt.clone()))
}

pub(super) fn rn(_: &mut Interp, args: Args) -> LangResult<Value> {
    Ok(Value::row(noise_of(&args)?.rn.clone()))
}

/// `save("x.s2p", s)` or `save(s, "x.s2p")`: write through the host when the session may
/// write files (a book build records the call and writes nothing otherwise).
pub(crate) fn save(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let (path_at, net_at) = if matches!(args.value(0)?, Value::Str(_)) {
        (0, 1)
    } else {
        (1, 0)
    };
    let path = args.str(path_at)?.to_string();
    let net = network_of(&args, net_at, ParamKind::S)?;
    if touchstone::ports_of(&path).is_none() {
        return Err(LangError::runtime(format!(
            "save: cannot save a network as '{path}' (use a .s1p, .s2p, … extension)"
        )));
    }
    let text = touchstone::render(net)?;
    crate::builtins::session::files::write(interp, &path, text.into_bytes())?;
    Ok(Value::None)
}
