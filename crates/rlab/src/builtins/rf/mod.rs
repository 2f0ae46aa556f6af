//! Builtins: RF networks (rustlab's S-Parameters section): Touchstone files, conversions,
//! analysis and Smith charts.
//!
//! The network value lives in `network`, the file format in `touchstone`, the mathematics
//! in `matrix`, `convert`, `analysis` and `timedomain`; the builtins are grouped as
//! construction and access (`access`), conversions and combinations (`ops`), analysis
//! (`measure`), and plots (`smith`, `rfplot`). Shared argument helpers live here.

mod access;

pub(crate) use access::save as save_network;
mod analysis;
mod convert;
mod matrix;
mod measure;
mod network;
mod ops;
mod rfplot;
mod smith;
mod timedomain;
mod touchstone;

#[cfg(test)]
mod tests;

use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Value};
use network::{Network, ParamKind};

macro_rules! entry {
    ($name:literal, $func:path, $doc:literal) => {
        Builtin::new($name, $func, $doc)
    };
}

pub(crate) static TABLE: &[Builtin] = &[
    entry!(
        "sparameters",
        access::sparameters,
        "sparameters(file) | sparameters(S, freqs[, Z0]): an N-port S-parameter network from a Touchstone file or a Tensor3"
    ),
    entry!(
        "nports",
        access::nports,
        "nports(s): port count of a network"
    ),
    entry!(
        "freqs",
        access::freqs,
        "freqs(s): the frequency vector of a network, Hz"
    ),
    entry!(
        "sij",
        access::sij,
        "sij(s, i, j): the Sij trace over frequency (complex vector)"
    ),
    entry!("s11", access::s11, "s11(s): the S11 trace"),
    entry!("s12", access::s12, "s12(s): the S12 trace (2+ ports)"),
    entry!("s21", access::s21, "s21(s): the S21 trace (2+ ports)"),
    entry!("s22", access::s22, "s22(s): the S22 trace (2+ ports)"),
    entry!(
        "parameter_type",
        access::parameter_type,
        "parameter_type(s): \"S\", \"Z\", \"Y\", \"T\", \"ABCD\" or \"Smm\""
    ),
    entry!(
        "has_noise",
        access::has_noise,
        "has_noise(s): true when the network carries a Touchstone noise block"
    ),
    entry!(
        "noise_freqs",
        access::noise_freqs,
        "noise_freqs(s): the noise-block frequencies, Hz"
    ),
    entry!(
        "nfmin",
        access::nfmin,
        "nfmin(s): minimum noise figure per noise frequency, dB"
    ),
    entry!(
        "gamma_opt",
        access::gamma_opt,
        "gamma_opt(s): optimum source reflection for minimum noise"
    ),
    entry!(
        "rn",
        access::rn,
        "rn(s): normalised equivalent noise resistance Rn/Z0"
    ),
    entry!(
        "s2z",
        ops::s2z,
        "s2z(s): S to Z parameters, Z = Z0·(I+S)(I−S)⁻¹"
    ),
    entry!("z2s", ops::z2s, "z2s(z): Z to S parameters"),
    entry!(
        "s2y",
        ops::s2y,
        "s2y(s): S to Y parameters, Y = (I−S)(I+S)⁻¹/Z0"
    ),
    entry!("y2s", ops::y2s, "y2s(y): Y to S parameters"),
    entry!("s2t", ops::s2t, "s2t(s): 2-port S to cascade T parameters"),
    entry!("t2s", ops::t2s, "t2s(t): 2-port T to S parameters"),
    entry!(
        "s2abcd",
        ops::s2abcd,
        "s2abcd(s): 2-port S to ABCD (chain) parameters"
    ),
    entry!(
        "abcd2s",
        ops::abcd2s,
        "abcd2s(a): 2-port ABCD to S parameters"
    ),
    entry!(
        "s2smm",
        ops::s2smm,
        "s2smm(s): 4-port single-ended S to mixed-mode [Sdd Sdc; Scd Scc]"
    ),
    entry!(
        "smm2s",
        ops::smm2s,
        "smm2s(smm): mixed-mode S back to single-ended S"
    ),
    entry!(
        "cascade",
        ops::cascade,
        "cascade(s1, s2, ...): 2-port networks in series (through T)"
    ),
    entry!(
        "deembed",
        ops::deembed,
        "deembed(meas, left, right): remove fixture networks, T = Tl⁻¹·Tm·Tr⁻¹"
    ),
    entry!(
        "newref",
        ops::newref,
        "newref(s, Z_new): renormalise to another reference impedance"
    ),
    entry!(
        "interp_freq",
        ops::interp_freq,
        "interp_freq(s, f_new): linear interpolation onto a new grid inside the old one"
    ),
    entry!(
        "s2td",
        ops::s2td,
        "[t, y] = s2td(s, i, j[, \"step\"|\"impulse\"]): time-domain response of Sij by inverse FFT"
    ),
    entry!(
        "vswr",
        measure::vswr,
        "vswr(s, port): VSWR at a port, capped at 1e6"
    ),
    entry!(
        "return_loss",
        measure::return_loss,
        "return_loss(s, port): −20·log10|Sii| in dB (at most 200)"
    ),
    entry!(
        "insertion_loss",
        measure::insertion_loss,
        "insertion_loss(s, i, j): −20·log10|Sij| in dB (at most 200)"
    ),
    entry!(
        "gammain",
        measure::gammain,
        "gammain(s, gamma_load): input reflection of a terminated 2-port"
    ),
    entry!(
        "gammaout",
        measure::gammaout,
        "gammaout(s, gamma_source): output reflection of a terminated 2-port"
    ),
    entry!(
        "stabilityk",
        measure::stabilityk,
        "stabilityk(s): Rollett stability factor K per frequency"
    ),
    entry!(
        "stabilitymu",
        measure::stabilitymu,
        "[mu1, mu2] = stabilitymu(s): µ and µ' stability factors"
    ),
    entry!(
        "gammams",
        measure::gammams,
        "gammams(s): source Γ of the simultaneous conjugate match"
    ),
    entry!(
        "gammaml",
        measure::gammaml,
        "gammaml(s): load Γ of the simultaneous conjugate match"
    ),
    entry!(
        "gainmax",
        measure::gainmax,
        "gainmax(s): maximum available (K > 1) or stable gain, dB"
    ),
    entry!(
        "stability_circles",
        measure::stability_circles,
        "stability_circles(s, \"input\"|\"output\"): struct of centres, radii, frequencies, domain"
    ),
    entry!(
        "gain_circles",
        measure::gain_circles,
        "gain_circles(s, gain_dB): constant operating-gain circles in the ΓL plane"
    ),
    entry!(
        "smith",
        smith::smith,
        "smith(s) | smith(s, i, j) | smith(gamma) | smith(file), optional \"grid\", \"Z\"|\"Y\"|\"ZY\": Smith chart"
    ),
    entry!(
        "smith_circle",
        smith::smith_circle,
        "smith_circle(centre, radius[, label]): a circle on the Smith chart"
    ),
    entry!(
        "marker",
        smith::marker,
        "marker(gamma, label): a labelled point on the Smith chart"
    ),
    entry!(
        "rfplot",
        rfplot::rfplot,
        "rfplot(s) | rfplot(s, kind, i, j): |Sij| dB etc. against log frequency (kind: magnitude, db, phase, unwrap, groupdelay)"
    ),
];

/// Argument `i` as a network (`NAME: expected sparameters, got matrix`).
fn network(args: &Args, i: usize) -> LangResult<&Network> {
    let v = args.value(i)?;
    if let Value::Object(o) = v
        && let Some(net) = o.downcast::<Network>()
    {
        return Ok(net);
    }
    Err(LangError::type_error(format!(
        "{}: expected sparameters, got {}",
        args.name,
        v.type_name()
    )))
}

/// Argument `i` as a network holding `kind` parameters.
fn network_of(args: &Args, i: usize, kind: ParamKind) -> LangResult<&Network> {
    let net = network(args, i)?;
    if net.kind != kind {
        return Err(LangError::runtime(format!(
            "{}: expected {}-parameters, got {}-parameters",
            args.name,
            kind.tag(),
            net.kind.tag()
        )));
    }
    Ok(net)
}

/// Argument `i` as a 1-based port of `net`, returned 0-based.
fn port(args: &Args, i: usize, net: &Network) -> LangResult<usize> {
    let p = args.f64(i)?;
    let n = net.ports();
    if p.fract() != 0.0 || p < 1.0 || p > n as f64 {
        return Err(LangError::runtime(format!(
            "{}: port index {} out of range 1..{n}",
            args.name,
            crate::display::scalar(p)
        )));
    }
    Ok(p as usize - 1)
}

/// The numbers of a Scalar, Complex, Vector or Matrix, in column-major order.
fn complex_values(args: &Args, i: usize) -> LangResult<Vec<C64>> {
    let v = args.value(i)?;
    match v.to_num_array() {
        Some(a) => Ok((0..a.len()).map(|k| a.col_major(k)).collect()),
        None => Err(LangError::type_error(format!(
            "{}: expected a number or vector, got {}",
            args.name,
            v.type_name()
        ))),
    }
}

/// The real numbers of argument `i` (a Scalar, Vector or Matrix with no imaginary part).
fn real_values(args: &Args, i: usize) -> LangResult<Vec<f64>> {
    let values = complex_values(args, i)?;
    if values.iter().any(|z| z.im != 0.0) {
        return Err(LangError::type_error(format!(
            "{}: expected real values, got complex",
            args.name
        )));
    }
    Ok(values.into_iter().map(|z| z.re).collect())
}

/// A complex row vector (stored real when every imaginary part is zero).
fn complex_row(values: Vec<C64>) -> Value {
    let n = values.len();
    let a = ndarray::Array2::from_shape_vec((1, n), values).expect("1×n");
    Value::vector(NumArray::complex(a))
}
