//! The RF network value (rustlab's `sparameters`): an N-port parameter set sampled at
//! strictly increasing frequencies, with a real reference impedance and a tag saying which
//! parameters it holds (S, Z, Y, T, ABCD or mixed-mode S). A library [`Object`] with the
//! fields `parameters`, `frequencies`, `num_ports` and `impedance`, and a one-line display.

use crate::error::{LangError, LangResult};
use crate::value::{C64, Object, Tensor3, Value};
use std::any::Any;
use std::sync::Arc;

/// Which network parameters a [`Network`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ParamKind {
    S,
    Z,
    Y,
    T,
    Abcd,
    /// Mixed-mode S-parameters (ports d1, d2, c1, c2).
    Smm,
}

impl ParamKind {
    /// The tag `parameter_type` returns and the display shows.
    pub(crate) fn tag(self) -> &'static str {
        match self {
            ParamKind::S => "S",
            ParamKind::Z => "Z",
            ParamKind::Y => "Y",
            ParamKind::T => "T",
            ParamKind::Abcd => "ABCD",
            ParamKind::Smm => "Smm",
        }
    }
}

/// The optional noise block of a 2-port Touchstone file.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Noise {
    pub freqs: Vec<f64>,
    /// Minimum noise figure, dB.
    pub nf_min_db: Vec<f64>,
    /// Optimum source reflection coefficient.
    pub gamma_opt: Vec<C64>,
    /// Equivalent noise resistance normalised to Z0.
    pub rn: Vec<f64>,
}

/// An N-port network: `params` is `n_freqs × n × n`, element `(k, i, j)` is `Pij` at the
/// k-th frequency.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Network {
    pub params: Arc<Tensor3>,
    pub freqs: Vec<f64>,
    pub z0: f64,
    pub kind: ParamKind,
    pub noise: Option<Noise>,
}

impl Network {
    /// A checked network: square port dimensions, one frequency per slab, strictly
    /// increasing finite frequencies, a positive finite reference impedance.
    pub(crate) fn new(
        name: &str,
        params: Tensor3,
        freqs: Vec<f64>,
        z0: f64,
        kind: ParamKind,
    ) -> LangResult<Network> {
        if params.cols != params.pages || params.cols == 0 {
            return Err(LangError::runtime(format!(
                "{name}: S array must be n_freqs x n_ports x n_ports, got {}x{}x{}",
                params.rows, params.cols, params.pages
            )));
        }
        if freqs.len() != params.rows || freqs.is_empty() {
            return Err(LangError::runtime(format!(
                "{name}: frequency vector has {} entries but S has {} frequencies",
                freqs.len(),
                params.rows
            )));
        }
        if freqs.iter().any(|f| !f.is_finite()) || freqs.windows(2).any(|w| w[1] <= w[0]) {
            return Err(LangError::runtime(format!(
                "{name}: frequencies must be finite and strictly increasing"
            )));
        }
        if !(z0.is_finite() && z0 > 0.0) {
            return Err(LangError::runtime(format!(
                "{name}: reference impedance must be positive, got {}",
                crate::display::scalar(z0)
            )));
        }
        Ok(Network {
            params: Arc::new(params),
            freqs,
            z0,
            kind,
            noise: None,
        })
    }

    pub(crate) fn ports(&self) -> usize {
        self.params.cols
    }

    pub(crate) fn n_freqs(&self) -> usize {
        self.params.rows
    }

    /// `Pij` at frequency index `k` (all 0-based).
    pub(crate) fn at(&self, k: usize, i: usize, j: usize) -> C64 {
        self.params.at(k, i, j)
    }

    /// The trace `Pij` over frequency (0-based ports).
    pub(crate) fn trace(&self, i: usize, j: usize) -> Vec<C64> {
        (0..self.n_freqs()).map(|k| self.at(k, i, j)).collect()
    }

    /// The same grid and impedance with other parameters of kind `kind`.
    pub(crate) fn with_params(&self, params: Tensor3, kind: ParamKind) -> Network {
        Network {
            params: Arc::new(params),
            freqs: self.freqs.clone(),
            z0: self.z0,
            kind,
            noise: self.noise.clone(),
        }
    }

    pub(crate) fn into_value(self) -> Value {
        Value::Object(crate::value::Obj::new(self))
    }
}

impl Object for Network {
    fn type_name(&self) -> &'static str {
        "sparameters"
    }

    fn display(&self) -> String {
        let tag = match self.kind {
            ParamKind::S => String::new(),
            other => format!(" {}", other.tag()),
        };
        let first = self.freqs.first().copied().unwrap_or(0.0);
        let last = self.freqs.last().copied().unwrap_or(0.0);
        format!(
            "sparameters: {}-port{tag}, {} frequencies [{} .. {}], Z0 = {} Ω",
            self.ports(),
            self.n_freqs(),
            frequency(first),
            frequency(last),
            crate::display::scalar(self.z0)
        )
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn field(&self, name: &str) -> Option<Value> {
        match name {
            "parameters" => Some(Value::Tensor3(self.params.clone())),
            "frequencies" => Some(Value::row(self.freqs.clone())),
            "num_ports" => Some(Value::Scalar(self.ports() as f64)),
            "impedance" => Some(Value::Scalar(self.z0)),
            _ => None,
        }
    }

    fn same(&self, other: &dyn Object) -> bool {
        other
            .as_any()
            .downcast_ref::<Network>()
            .is_some_and(|o| o == self)
    }
}

/// A frequency with an engineering unit: `1 GHz`, `10 MHz`, `2.5 kHz`, `50 Hz`.
pub(crate) fn frequency(hz: f64) -> String {
    let a = hz.abs();
    let (scale, unit) = if a >= 1e9 {
        (1e9, "GHz")
    } else if a >= 1e6 {
        (1e6, "MHz")
    } else if a >= 1e3 {
        (1e3, "kHz")
    } else {
        (1.0, "Hz")
    };
    let text = format!("{:.6}", hz / scale);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thru(n_freqs: usize) -> Tensor3 {
        let mut t = Tensor3::zeros(n_freqs, 2, 2);
        for k in 0..n_freqs {
            let (a, b) = (t.offset(k, 0, 1), t.offset(k, 1, 0));
            t.data[a] = C64::new(1.0, 0.0);
            t.data[b] = C64::new(1.0, 0.0);
        }
        t
    }

    #[test]
    fn frequencies_take_an_engineering_unit() {
        assert_eq!(frequency(1e9), "1 GHz");
        assert_eq!(frequency(6e9), "6 GHz");
        assert_eq!(frequency(1e7), "10 MHz");
        assert_eq!(frequency(2.5e3), "2.5 kHz");
        assert_eq!(frequency(1.2345e9), "1.2345 GHz");
        assert_eq!(frequency(0.0), "0 Hz");
    }

    #[test]
    fn the_display_is_one_line_with_the_tag() {
        let freqs: Vec<f64> = (0..201).map(|k| 1e9 + 25e6 * k as f64).collect();
        let net = Network::new("t", thru(201), freqs, 50.0, ParamKind::S).unwrap();
        assert_eq!(
            net.display(),
            "sparameters: 2-port, 201 frequencies [1 GHz .. 6 GHz], Z0 = 50 Ω"
        );
        let z = net.with_params(thru(201), ParamKind::Z);
        assert!(z.display().starts_with("sparameters: 2-port Z, 201"));
    }

    #[test]
    fn construction_checks_shape_grid_and_impedance() {
        let bad_grid = Network::new("t", thru(2), vec![2.0, 1.0], 50.0, ParamKind::S);
        assert!(
            bad_grid
                .unwrap_err()
                .message
                .contains("strictly increasing")
        );
        let bad_len = Network::new("t", thru(2), vec![1.0], 50.0, ParamKind::S);
        assert!(bad_len.unwrap_err().message.contains("1 entries"));
        let bad_z0 = Network::new("t", thru(1), vec![1.0], -5.0, ParamKind::S);
        assert!(bad_z0.unwrap_err().message.contains("positive"));
        let not_square = Network::new("t", Tensor3::zeros(1, 2, 3), vec![1.0], 50.0, ParamKind::S);
        assert!(not_square.is_err());
    }
}
