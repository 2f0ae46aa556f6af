//! Unit tests of the fixed-point builtins: grid values worked by hand and with NumPy
//! (`np.floor`/`np.ceil`/`np.trunc`/`np.round` of `x * 2^frac`, clipped, over `2^frac`),
//! and the behaviour rustlab documents (saturation ends, two's-complement wrap, ±Inf SNR).

use super::format::{Overflow, QFmt, Round};
use super::ops::snr_db;
use crate::{Config, Session};

fn run(program: &str) -> String {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.rlab", 1, program);
    if let Some(e) = out.error {
        panic!("{program}: {}", e.rendered());
    }
    out.text
}

fn error(program: &str) -> String {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.rlab", 1, program);
    out.error.expect("an error").error.message
}

fn q(word: u32, frac: u32, round: Round, overflow: Overflow) -> QFmt {
    QFmt {
        word,
        frac,
        round,
        overflow,
    }
}

#[test]
fn rounding_modes_on_a_q3_4_grid() {
    let v = [0.3, -0.3, 0.7, 1.5, -2.5, 0.123456];
    // NumPy: np.clip(f(v * 16), -128, 127) / 16 for each rounding function f.
    let cases = [
        (Round::Floor, [0.25, -0.3125, 0.6875, 1.5, -2.5, 0.0625]),
        (Round::Ceil, [0.3125, -0.25, 0.75, 1.5, -2.5, 0.125]),
        (Round::Zero, [0.25, -0.25, 0.6875, 1.5, -2.5, 0.0625]),
        (Round::Nearest, [0.3125, -0.3125, 0.6875, 1.5, -2.5, 0.125]),
        (Round::Even, [0.3125, -0.3125, 0.6875, 1.5, -2.5, 0.125]),
    ];
    for (mode, want) in cases {
        let f = q(8, 4, mode, Overflow::Saturate);
        let got: Vec<f64> = v.iter().map(|&x| f.quantize(x)).collect();
        assert_eq!(got, want, "{mode:?}");
    }
    // Halves: away from zero for "round", to even for "round_even".
    let near = q(8, 4, Round::Nearest, Overflow::Saturate);
    let even = q(8, 4, Round::Even, Overflow::Saturate);
    for (x, n, e) in [
        (0.03125, 0.0625, 0.0),
        (0.09375, 0.125, 0.125),
        (0.15625, 0.1875, 0.125),
    ] {
        assert_eq!(near.quantize(x), n);
        assert_eq!(even.quantize(x), e);
        assert_eq!(near.quantize(-x), -n);
    }
}

#[test]
fn overflow_saturates_or_wraps() {
    let sat = q(16, 15, Round::Floor, Overflow::Saturate);
    assert_eq!(sat.quantize(2.0), 32767.0 / 32768.0);
    assert_eq!(sat.quantize(-2.0), -1.0);
    assert_eq!(sat.quantize(f64::INFINITY), 32767.0 / 32768.0);
    assert!(sat.quantize(f64::NAN).is_nan());
    let wrap = q(8, 0, Round::Floor, Overflow::Wrap);
    assert_eq!(wrap.quantize(128.0), -128.0);
    assert_eq!(wrap.quantize(129.0), -127.0);
    assert_eq!(wrap.quantize(-129.0), 127.0);
    assert_eq!(wrap.quantize(300.0), 44.0);
    let wide = q(32, 0, Round::Floor, Overflow::Wrap);
    assert_eq!(wide.quantize(2147483648.0), -2147483648.0);
}

#[test]
fn snr_in_db() {
    // NumPy: 10*log10(sum(r^2) / sum((r - q)^2)) = 31.249387366082995
    let got = snr_db(&[1.0, 2.0, 3.0, 4.0], &[1.1, 1.9, 3.05, 4.0]);
    assert!((got - 31.249387366082995).abs() < 1e-12);
    assert_eq!(snr_db(&[1.0, 2.0], &[1.0, 2.0]), f64::INFINITY);
    assert_eq!(snr_db(&[0.0, 0.0], &[1.0, 2.0]), f64::NEG_INFINITY);
}

#[test]
fn builtins_display_and_compute() {
    assert_eq!(
        run("print(qfmt(16, 15, \"round_even\", \"saturate\"))\n"),
        "QFmt<16-bit Q0.15, round=round_even, overflow=saturate>\n"
    );
    assert_eq!(
        run("print(qfmt(8, 7, \"floor\", \"wrap\"))\n"),
        "QFmt<8-bit Q0.7, round=floor, overflow=wrap>\n"
    );
    assert_eq!(
        run("f = qfmt(12, 4);\nprint(f.int_bits, f.lsb)\n"),
        "7 0.0625\n"
    );
    assert_eq!(
        run("f = qfmt(32, 28, \"round\");\nprint(qconv([1, 2, 3], [1, 0.5], f))\n"),
        run("print([1, 2.5, 4, 1.5])\n")
    );
    assert_eq!(
        run("print(qadd(0.9, 0.9, qfmt(16, 15)))\n"),
        run("print(32767/32768)\n")
    );
    assert!(error("qfmt(8, 8)").contains("frac_bits (8) must be < word_bits (8)"));
    assert!(error("qfmt(1, 0)").contains("word_bits"));
    assert!(error("qfmt(16, 15, \"nearest\")").contains("unknown rounding mode"));
    assert!(error("qadd([1, 2], [1, 2, 3], qfmt(8, 4))").contains("length mismatch 2 vs 3"));
    assert!(error("quantize(1, 2)").contains("expected qfmt spec"));
}
