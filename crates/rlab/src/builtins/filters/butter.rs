//! Butterworth IIR design as `scipy.signal.butter` does it: the analog prototype's poles,
//! the cutoff prewarped (`tan`), the lowpass-to-highpass map when asked, the bilinear
//! transform, and the polynomials of the zeros and poles. rustlab's builtins return `b`;
//! with two outputs they return `[b, a]` (what `filtfilt` needs).

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use std::f64::consts::PI;

/// The highest order designed (beyond it the polynomial form is meaningless in f64).
const MAX_ORDER: usize = 64;

/// Digital Butterworth coefficients `(b, a)`, `a[0] = 1`, for the normalized cutoff `wn`
/// (a fraction of Nyquist, strictly between 0 and 1).
pub(crate) fn design(order: usize, wn: f64, highpass: bool) -> (Vec<f64>, Vec<f64>) {
    let fs = 2.0;
    let warped = 2.0 * fs * (PI * wn / fs).tan();
    let n = order as f64;
    // Left-half-plane poles of the unit prototype, scaled to the warped cutoff.
    let proto: Vec<C64> = (0..order)
        .map(|k| {
            let m = -(order as f64) + 1.0 + 2.0 * k as f64;
            -C64::from_polar(1.0, PI * m / (2.0 * n))
        })
        .collect();
    let (poles, zero, mut gain): (Vec<C64>, f64, f64) = if highpass {
        let p: Vec<C64> = proto.iter().map(|&p| warped / p).collect();
        // lp2hp: zeros at s = 0, gain 1 / prod(-p) (= 1 for the unit prototype).
        let g = proto.iter().fold(C64::new(1.0, 0.0), |acc, &p| acc * -p);
        (p, 0.0, (1.0 / g).re)
    } else {
        let p = proto.iter().map(|&p| p * warped).collect();
        (p, f64::INFINITY, warped.powi(order as i32))
    };
    // Bilinear transform: s -> 2 fs (z - 1)/(z + 1).
    let two_fs = 2.0 * fs;
    let zd: Vec<C64> = poles.iter().map(|&p| (two_fs + p) / (two_fs - p)).collect();
    let denom = poles
        .iter()
        .fold(C64::new(1.0, 0.0), |acc, &p| acc * (two_fs - p));
    if zero.is_finite() {
        // Zeros at s = 0 map to z = 1; prod(2fs - 0)^n over prod(2fs - p).
        gain *= (C64::new(two_fs.powi(order as i32), 0.0) / denom).re;
        (
            poly_real(&vec![C64::new(1.0, 0.0); order], gain),
            poly_real(&zd, 1.0),
        )
    } else {
        // Zeros at infinity map to z = -1.
        gain *= (1.0 / denom).re;
        (
            poly_real(&vec![C64::new(-1.0, 0.0); order], gain),
            poly_real(&zd, 1.0),
        )
    }
}

/// `k * prod(z - r)` as real coefficients in descending powers.
fn poly_real(roots: &[C64], k: f64) -> Vec<f64> {
    let mut c = vec![C64::new(1.0, 0.0)];
    for &r in roots {
        let mut next = vec![C64::new(0.0, 0.0); c.len() + 1];
        for (i, &ci) in c.iter().enumerate() {
            next[i] += ci;
            next[i + 1] -= ci * r;
        }
        c = next;
    }
    c.into_iter().map(|z| z.re * k).collect()
}

fn butterworth(args: Args, highpass: bool) -> LangResult<Value> {
    args.arity(3, 3)?;
    let order = args.size(0)?;
    let cutoff = args.f64(1)?;
    let rate = args.f64(2)?;
    if order == 0 || order > MAX_ORDER {
        return Err(LangError::runtime(format!(
            "{}: order must be in 1..{MAX_ORDER}, got {order}",
            args.name
        )));
    }
    if !(rate.is_finite() && rate > 0.0) {
        return Err(LangError::runtime(format!(
            "{}: sample_rate must be positive",
            args.name
        )));
    }
    let wn = cutoff / (rate / 2.0);
    if !(wn > 0.0 && wn < 1.0) {
        return Err(LangError::runtime(format!(
            "{}: cutoff_hz must be between 0 and sample_rate/2 (exclusive), got {}",
            args.name,
            crate::display::scalar(cutoff)
        )));
    }
    let (b, a) = design(order, wn, highpass);
    if args.nargout >= 2 {
        Ok(Value::tuple(vec![Value::row(b), Value::row(a)]))
    } else {
        Ok(Value::row(b))
    }
}

/// `butterworth_lowpass(order, cutoff_hz, sample_rate)`.
pub(super) fn lowpass(_: &mut Interp, args: Args) -> LangResult<Value> {
    butterworth(args, false)
}

/// `butterworth_highpass(order, cutoff_hz, sample_rate)`.
pub(super) fn highpass(_: &mut Interp, args: Args) -> LangResult<Value> {
    butterworth(args, true)
}
