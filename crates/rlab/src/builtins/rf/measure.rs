//! Builtins of RF analysis: port metrics (`vswr`, `return_loss`, `insertion_loss`),
//! terminated reflections, stability, the conjugate match, maximum gain and circles. The
//! mathematics is in `analysis`; here are the argument checks and the result values.

use super::analysis::{self, Circles};
use super::convert::two_port;
use super::network::{Network, ParamKind};
use super::{Args, complex_row, complex_values, network_of, port};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Argument 0 as a 2-port S network.
fn two_port_s(args: &Args) -> LangResult<&Network> {
    let net = network_of(args, 0, ParamKind::S)?;
    two_port(args.name, net)?;
    Ok(net)
}

pub(super) fn vswr(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = network_of(&args, 0, ParamKind::S)?;
    Ok(Value::row(analysis::vswr(net, port(&args, 1, net)?)))
}

pub(super) fn return_loss(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = network_of(&args, 0, ParamKind::S)?;
    let p = port(&args, 1, net)?;
    Ok(Value::row(analysis::loss_db(net, p, p)))
}

pub(super) fn insertion_loss(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let net = network_of(&args, 0, ParamKind::S)?;
    let (i, j) = (port(&args, 1, net)?, port(&args, 2, net)?);
    Ok(Value::row(analysis::loss_db(net, i, j)))
}

/// `gammain` / `gammaout`: one termination for every frequency, or one per frequency.
fn terminated(args: &Args, output: bool) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = two_port_s(args)?;
    let gamma = complex_values(args, 1)?;
    if gamma.len() != 1 && gamma.len() != net.n_freqs() {
        return Err(LangError::runtime(format!(
            "{}: termination must be a scalar or have {} values (one per frequency), got {}",
            args.name,
            net.n_freqs(),
            gamma.len()
        )));
    }
    Ok(complex_row(analysis::gamma_through(net, &gamma, output)))
}

pub(super) fn gammain(_: &mut Interp, args: Args) -> LangResult<Value> {
    terminated(&args, false)
}

pub(super) fn gammaout(_: &mut Interp, args: Args) -> LangResult<Value> {
    terminated(&args, true)
}

pub(super) fn stabilityk(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::row(analysis::stability_k(two_port_s(&args)?)))
}

pub(super) fn stabilitymu(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let net = two_port_s(&args)?;
    let (mu1, mu2) = (
        analysis::stability_mu(net, false),
        analysis::stability_mu(net, true),
    );
    Ok(Value::tuple(vec![Value::row(mu1), Value::row(mu2)]))
}

pub(super) fn gammams(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(complex_row(analysis::conjugate_match(
        two_port_s(&args)?,
        false,
    )))
}

pub(super) fn gammaml(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(complex_row(analysis::conjugate_match(
        two_port_s(&args)?,
        true,
    )))
}

pub(super) fn gainmax(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::row(analysis::gain_max_db(two_port_s(&args)?)))
}

/// The circles struct: `centres`, `radii`, `frequencies`, `domain`.
fn circles_struct(net: &Network, circles: Circles, domain: &str) -> Value {
    let (centres, radii): (Vec<_>, Vec<_>) = circles.into_iter().unzip();
    let mut fields = BTreeMap::new();
    fields.insert("centres".to_string(), complex_row(centres));
    fields.insert("radii".to_string(), Value::row(radii));
    fields.insert("frequencies".to_string(), Value::row(net.freqs.clone()));
    fields.insert("domain".to_string(), Value::str(domain));
    Value::Struct(Arc::new(fields))
}

pub(super) fn stability_circles(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = two_port_s(&args)?;
    let (output, domain) = match args.str(1)? {
        "input" | "source" => (false, "source"),
        "output" | "load" => (true, "load"),
        other => {
            return Err(LangError::runtime(format!(
                "stability_circles: side must be \"input\" or \"output\", got \"{other}\""
            )));
        }
    };
    Ok(circles_struct(
        net,
        analysis::stability_circles(net, output),
        domain,
    ))
}

pub(super) fn gain_circles(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let net = two_port_s(&args)?;
    let gain_db = args.f64(1)?;
    if !gain_db.is_finite() {
        return Err(LangError::runtime("gain_circles: gain must be finite (dB)"));
    }
    Ok(circles_struct(
        net,
        analysis::gain_circles(net, gain_db),
        "load",
    ))
}
