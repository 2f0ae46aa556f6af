//! Unit tests of the filter builtins against SciPy 1.17 (`scipy.signal.butter`, `filtfilt`
//! with `padlen = 3*(max(len(a), len(b)) - 1)`, `lfilter_zi`, `remez`, `lfilter`); the
//! numbers were computed with /tmp/pyenv/bin/python and pasted here.

#![allow(clippy::excessive_precision)] // SciPy prints 17 significant digits.

use super::{butter, filtfilt, remez};
use crate::{Config, Session};

/// The printed output of a program (panics on an error).
fn run(program: &str) -> String {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.rlab", 1, program);
    if let Some(e) = out.error {
        panic!("{program}: {}", e.rendered());
    }
    out.text
}

/// The error message of a program that must fail.
fn error(program: &str) -> String {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.rlab", 1, program);
    out.error.expect("an error").error.message
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "entry {i}: got {g}, want {w}"
        );
    }
}

/// `x = sin(0.7 k) + 0.1 k`, k = 0..19 (the filtfilt test signal).
fn test_signal() -> Vec<f64> {
    (0..20)
        .map(|k| (0.7 * k as f64).sin() + 0.1 * k as f64)
        .collect()
}

#[test]
fn butterworth_matches_scipy_butter() {
    // scipy.signal.butter(4, 1000/22050)
    let (b, a) = butter::design(4, 1000.0 / 22050.0, false);
    close(
        &b,
        &[
            2.1520951214109304e-05,
            8.6083804856437217e-05,
            1.2912570728465582e-04,
            8.6083804856437217e-05,
            2.1520951214109304e-05,
        ],
        1e-10,
    );
    close(
        &a,
        &[
            1.0,
            -3.627844202190272,
            4.95122513325103,
            -3.0119242815053817,
            0.6888876856640502,
        ],
        1e-10,
    );
    // scipy.signal.butter(4, 3000/22050, 'high')
    let (b, a) = butter::design(4, 3000.0 / 22050.0, true);
    close(
        &b,
        &[
            0.5691954827951384,
            -2.2767819311805537,
            3.4151728967708306,
            -2.2767819311805537,
            0.5691954827951384,
        ],
        1e-10,
    );
    close(
        &a,
        &[
            1.0,
            -2.886928146144087,
            3.2396809436955674,
            -1.6565335426558154,
            0.32398509222674476,
        ],
        1e-10,
    );
}

#[test]
fn filtfilt_matches_scipy_with_octave_padding() {
    // scipy.signal.butter(2, 0.25); lfilter_zi and filtfilt(b, a, x, padlen=6)
    let (b, a) = butter::design(2, 0.25, false);
    close(
        &b,
        &[
            0.09763107293781749,
            0.19526214587563498,
            0.09763107293781749,
        ],
        1e-12,
    );
    close(&a, &[1.0, -0.9428090415820632, 0.3333333333333332], 1e-12);
    let zi = filtfilt::lfilter_zi(&b, &a).unwrap();
    close(&zi, &[0.9023689270621826, -0.23570226039551573], 1e-12);
    let y = filtfilt::zero_phase(&b, &a, &test_signal());
    close(
        &y,
        &[
            0.00334341259620879,
            0.5061246751241812,
            0.8176212725072918,
            0.8397595584225546,
            0.6091597692602136,
            0.2808329684514371,
            0.05579368842862985,
            0.08673236759090171,
            0.4062613317260544,
            0.9115505678926213,
            1.4125250463817205,
            1.720802242209319,
            1.737399333268476,
            1.4980716396437883,
            1.1557066041580106,
            0.9098221535544345,
            0.9190734597237177,
            1.2403706560229462,
            1.8219382807351585,
            2.5425349805001494,
        ],
        1e-12,
    );
    // An FIR: scipy.signal.filtfilt([0.25, 0.5, 0.25], [1], x, padlen=6)
    let (b, a) = filtfilt::normalize(&[0.25, 0.5, 0.25], &[1.0]).unwrap();
    let y = filtfilt::zero_phase(&b, &a, &test_signal());
    close(
        &y[..4],
        &[
            0.0,
            0.6016310451744481,
            0.9673371716020578,
            0.9721526362511735,
        ],
        1e-12,
    );
    close(&y[19..], &[2.569569762196602], 1e-12);
}

#[test]
fn remez_matches_scipy_remez() {
    let band = |lo: f64, hi: f64, d: f64, w: f64| remez::Band {
        lo,
        hi,
        d_lo: d,
        d_hi: d,
        weight: w,
    };
    // scipy.signal.remez(11, [0, 0.2, 0.3, 0.5], [1, 0])
    let h = remez::design(11, &[band(0.0, 0.2, 1.0, 1.0), band(0.3, 0.5, 0.0, 1.0)]).unwrap();
    close(
        &h,
        &[
            5.3720359124172917e-02,
            -4.6121441469214701e-05,
            -9.1575512527650380e-02,
            -6.7107264123562004e-05,
            3.1313220746845083e-01,
            4.9991992278419434e-01,
            3.1313220746845083e-01,
            -6.7107264123562004e-05,
            -9.1575512527650380e-02,
            -4.6121441469214701e-05,
            5.3720359124172917e-02,
        ],
        1e-9,
    );
    // scipy.signal.remez(63, [0, 0.1, 0.15, 0.5], [1, 0])
    let h = remez::design(63, &[band(0.0, 0.1, 1.0, 1.0), band(0.15, 0.5, 0.0, 1.0)]).unwrap();
    close(
        &h[..5],
        &[
            -2.8840453466674081e-04,
            -1.3751904677715750e-03,
            -7.3636190587244427e-04,
            -1.1228859262707534e-05,
            1.3493230979719137e-03,
        ],
        1e-9,
    );
    close(&h[31..32], &[0.2499487457486472], 1e-9);
    // scipy.signal.remez(51, [0, 0.125, 0.175, 0.5], [1, 0], weight=[1, 10])
    let h = remez::design(
        51,
        &[band(0.0, 0.125, 1.0, 1.0), band(0.175, 0.5, 0.0, 10.0)],
    )
    .unwrap();
    close(
        &h[..3],
        &[
            4.687694502104796e-05,
            2.216601943433397e-03,
            3.803755819110931e-03,
        ],
        1e-9,
    );
    close(&h[25..26], &[0.29245506862171694], 1e-9);
    // scipy.signal.remez(79, [0, 0.125, 0.15, 0.25, 0.275, 0.5], [0, 1, 0])
    let h = remez::design(
        79,
        &[
            band(0.0, 0.125, 0.0, 1.0),
            band(0.15, 0.25, 1.0, 1.0),
            band(0.275, 0.5, 0.0, 1.0),
        ],
    )
    .unwrap();
    close(
        &h[..3],
        &[
            -0.00041541577927992,
            -0.00073132795836304,
            -0.00590577774405937,
        ],
        1e-9,
    );
    close(&h[39..40], &[0.2499481950819634], 1e-9);
}

#[test]
fn builtins_run() {
    assert_eq!(
        run("h = firpm(64, [0, 0.2, 0.3, 1], [1, 1, 0, 0]);\nprint(length(h))\n"),
        "65\n"
    );
    assert_eq!(run("print(state_init(4))\n"), "<fir_state 4>\n");
    assert!(error("filtfilt([1, 2], [1, 0.5], [1, 2, 3])").contains("longer than 3"));
}

#[test]
fn filter_stream_matches_lfilter_across_frames() {
    // scipy.signal.lfilter([0.5, 0.3, -0.2, 0.1], [1], sin(0.9 k)), k = 0..9
    let out = run(
        "h = [0.5, 0.3, -0.2, 0.1];\nx = sin((0:9) * 0.9);\nst = state_init(3);\n\
         [y1, st] = filter_stream(x(1:3), h, st);\n[y2, st] = filter_stream(x(4:7), h, st);\n\
         [y3, st] = filter_stream(x(8:10), h, st);\ny = [y1, y2, y3];\n\
         want = [0, 0.39166345, 0.72192189, 0.34917885, -0.20948309, -0.6096124, -0.5483992, -0.07216842, 0.45867799, 0.64240604];\n\
         print(max(abs(y - want)) < 1e-8)\n",
    );
    assert_eq!(out, "true\n");
    assert!(
        error("st = state_init(2);\nfilter_stream([1, 2], [1, 2, 3, 4], st)")
            .contains("state length 2")
    );
}

#[test]
fn remez_follows_a_piecewise_linear_target() {
    // One band, desired amplitude rising linearly from 0 at DC to 0.8 at 0.8·Nyquist. The
    // minimax error of 41 taps on that band, from a linear program
    // (scipy.optimize.linprog on a 400-point grid), is 0.0042377; the amplitude
    // A(ω) = h[m] + 2 Σ h[m+k] cos kω must stay within it and reach it (equiripple).
    let band = remez::Band {
        lo: 0.0,
        hi: 0.4,
        d_lo: 0.0,
        d_hi: 0.8,
        weight: 1.0,
    };
    let h = remez::design(41, &[band]).unwrap();
    let m = 20;
    for f in [0.0, 0.05, 0.1, 0.2, 0.3, 0.4] {
        let w = 2.0 * std::f64::consts::PI * f;
        let a: f64 = h[m]
            + 2.0
                * (1..=m)
                    .map(|k| h[m + k] * (k as f64 * w).cos())
                    .sum::<f64>();
        assert!((a - 2.0 * f).abs() < 0.00424, "A({f}) = {a}");
        if f == 0.0 {
            assert!((a - 0.0042377).abs() < 1e-5, "A(0) = {a}");
        }
    }
}

#[test]
fn firpmq_taps_are_symmetric_integers_within_the_bits() {
    let out = run(
        "q = firpmq(31, [0, 0.3, 0.4, 1], [1, 1, 0, 0], [1, 1], 10);\n\
         print(max(abs(q - round(q))), max(abs(q - q(end:-1:1))), max(abs(q)) <= 511)\n",
    );
    assert_eq!(out, "0 0 true\n");
}

/// rustlab's firpm_quantization notebook: 63 taps, 10 bits, 12 rounds, the peak stopband of
/// `h / sum(h)` from a 2048-point `freqz`. rustlab's firpmq reaches -45.99 dB there, plain
/// rounding of the float design -38.66 dB (the float design itself -56.19 dB).
#[test]
fn firpmq_beats_rounding_on_the_quantization_notebook() {
    let out = run("b = [0, 0.2, 0.3, 1]; d = [1, 1, 0, 0];\n\
         h = firpm(63, b, d); r = round(h * 512);\n\
         q = firpmq(63, b, d, [1, 1], 10, 12);\n\
         Hr = freqz(r / sum(r), 2048, 48000); Hq = freqz(q / sum(q), 2048, 48000);\n\
         sr = max(20*log10(abs(Hr(2, 615:2048))));\n\
         sq = max(20*log10(abs(Hq(2, 615:2048))));\n\
         print(round(sr * 100) / 100, sq < -45.99, sq < sr)\n");
    assert_eq!(out, "-38.66 true true\n");
}
