//! Tests of the signal-processing builtins through the language, against numpy.fft and
//! scipy.signal values (scipy 1.17 in /tmp/pyenv; each test says how its numbers came).

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

/// Assert that `expr` (an rlab expression) is within `tol` of `reference` element-wise.
fn close(expr: &str, reference: &str, tol: f64) {
    close_in("", expr, reference, tol);
}

/// [`close`] after running `prelude`.
fn close_in(prelude: &str, expr: &str, reference: &str, tol: f64) {
    let program = format!(
        "{prelude}y__ = {expr};\nr__ = {reference};\nprint(length(y__) == length(r__))\nprint(max(abs(y__(:) - r__(:))))\n"
    );
    let out = run(&program);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("true"), "{expr}: length differs ({out})");
    let err: f64 = lines
        .next()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(f64::NAN);
    assert!(err <= tol, "{expr}: max error {err} > {tol}");
}

#[test]
fn fft_pads_to_a_power_of_two() {
    // numpy: np.fft.fft([1,2,3,0]) and np.fft.fft([1,2,3,4,5], 8).
    close("fft([1, 2, 3])", "[6, -2-2*j, 2, -2+2*j]", 1e-12);
    close(
        "fft([1, 2, 3, 4, 5])",
        "[15, -5.414213562373-7.242640687119*j, 3+2*j, -2.585786437627-1.242640687119*j, \
         3, -2.585786437627+1.242640687119*j, 3-2*j, -5.414213562373+7.242640687119*j]",
        1e-11,
    );
    // np.fft.ifft([10, -2+2j, -2, -2-2j]) = [1, 2, 3, 4].
    close("ifft([10, -2+2*j, -2, -2-2*j])", "[1, 2, 3, 4]", 1e-12);
    close("real(ifft(fft([0.5, -1, 2])))", "[0.5, -1, 2, 0]", 1e-12);
}

#[test]
fn ifft_needs_a_power_of_two() {
    let mut session = Session::new(Config::default(), Some(1));
    let out = session.run_block("t.rlab", 1, "ifft([1, 2, 3])\n");
    let message = out.error.map(|e| e.message().clone()).unwrap_or_default();
    assert_eq!(
        message,
        "runtime error: ifft: input length 3 is not a power of two"
    );
}

#[test]
fn fftfreq_and_fftshift_follow_numpy() {
    // np.fft.fftfreq(8, 1/8000) and np.fft.fftfreq(5, 1/10) (rustlab takes the rate).
    close(
        "fftfreq(8, 8000)",
        "[0, 1000, 2000, 3000, -4000, -3000, -2000, -1000]",
        1e-9,
    );
    close("fftfreq(5, 10)", "[0, 2, 4, -4, -2]", 1e-12);
    // np.fft.fftshift([0,1,2,3,4]) and ([0,1,2,3]).
    close("fftshift([0, 1, 2, 3, 4])", "[3, 4, 0, 1, 2]", 0.0);
    close("fftshift([0, 1, 2, 3])", "[2, 3, 0, 1]", 0.0);
    close(
        "spectrum([1, 2, 3, 4], 8)",
        "[-4, -2, 0, 2; 3, 4, 1, 2]",
        1e-12,
    );
}

#[test]
fn windows_match_scipy_symmetric_windows() {
    // scipy.signal.get_window(name, 5, fftbins=False).
    close("window(\"hann\", 5)", "[0, 0.5, 1, 0.5, 0]", 1e-15);
    close(
        "window(\"hamming\", 5)",
        "[0.08, 0.54, 1, 0.54, 0.08]",
        1e-15,
    );
    close("window(\"blackman\", 5)", "[0, 0.34, 1, 0.34, 0]", 1e-15);
    close("window(\"rect\", 5)", "[1, 1, 1, 1, 1]", 0.0);
    // get_window(("kaiser", 8.6), 5, fftbins=False).
    close(
        "window(\"kaiser\", 5)",
        "[0.001332513998, 0.34039362244, 1, 0.34039362244, 0.001332513998]",
        1e-11,
    );
    close("window(\"Hanning\", 1)", "[1]", 0.0);
}

#[test]
fn fir_designs_match_firwin() {
    // scipy.signal.firwin(7, 1000, window="hann", fs=8000).
    close(
        "fir_lowpass(7, 1000, 8000, \"hann\")",
        "[0, 0.059635744818, 0.253013037371, 0.374702435622, 0.253013037371, 0.059635744818, 0]",
        1e-11,
    );
    // firwin(8, 1000, window="hamming", fs=8000): an even tap count.
    close(
        "fir_lowpass(8, 1000, 8000, \"hamming\")",
        "[0.003560172703, 0.038083722796, 0.161031852333, 0.297324252169, \
         0.297324252169, 0.161031852333, 0.038083722796, 0.003560172703]",
        1e-11,
    );
    // h = -firwin(7, 1000, window="hamming", fs=8000); h[3] += 1.
    close(
        "fir_highpass(7, 1000, 8000, \"hamming\")",
        "[-0.008485920062, -0.069755250084, -0.245030941778, 0.646544223848, \
         -0.245030941778, -0.069755250084, -0.008485920062]",
        1e-11,
    );
    // firwin(9, 2000, window="blackman", fs=8000) - firwin(9, 500, window="blackman", fs=8000).
    close(
        "fir_bandpass(9, 500, 2000, 8000, \"blackman\")",
        "[0, -0.02336837994215, -0.09494415081981, 0.01786559666092, 0.2008938682021, \
         0.01786559666092, -0.09494415081981, -0.02336837994215, 0]",
        1e-11,
    );
}

#[test]
fn convolution_and_upfirdn_match_numpy_and_scipy() {
    // np.convolve([1,2,3], [0,1,0.5]).
    close(
        "convolve([1, 2, 3], [0, 1, 0.5])",
        "[0, 1, 2.5, 4, 1.5]",
        1e-15,
    );
    close("convolve([1+j, 2+j], [1, 1])", "[1+j, 3+2*j, 2+j]", 1e-15);
    // scipy.signal.upfirdn(h, x, up, down) (taps first there) for three rate pairs.
    close(
        "upfirdn([1, 2, 3], [1, 1, 1], 2, 1)",
        "[1, 1, 3, 2, 5, 3, 3]",
        1e-15,
    );
    close(
        "upfirdn([1, 2, 3], [1, 1, 1], 3, 2)",
        "[1, 1, 2, 3, 3]",
        1e-15,
    );
    close(
        "upfirdn([0.5, 0.5], [1, 2, 3, 4, 5, 6, 7], 1, 3)",
        "[0.5, 3.5, 6.5]",
        1e-15,
    );
}

#[test]
fn kaiser_parameters_match_scipy() {
    // scipy.signal.kaiser_beta(60) = 5.65326, (40) = 3.3953210522614574, (80) = 7.85726;
    // scipy.signal.kaiserord(60, 200/4000) = (147, 5.65326).
    use super::kaiser::{kaiser_beta, kaiser_taps};
    assert!((kaiser_beta(60.0) - 5.65326).abs() < 1e-12);
    assert!((kaiser_beta(40.0) - 3.3953210522614574).abs() < 1e-12);
    assert!((kaiser_beta(80.0) - 7.85726).abs() < 1e-12);
    assert_eq!(kaiser_taps("t", 60.0, 200.0 / 8000.0).unwrap(), 147);
    close(
        "[length(fir_lowpass_kaiser(1000, 200, 60, 8000))]",
        "[147]",
        0.0,
    );
    close(
        "[sum(fir_lowpass_kaiser(1000, 200, 60, 8000))]",
        "[1]",
        1e-12,
    );
}

#[test]
fn freqz_matches_scipy_on_a_power_of_two_grid() {
    // scipy.signal.freqz(firwin(7, 1000, window="hann", fs=8000), worN=4, fs=8000).
    close(
        "freqz(fir_lowpass(7, 1000, 8000, \"hann\"), 4, 8000)",
        "[0, 1000, 2000, 3000; 1, -0.5179676705266-0.517967670527*j, 0.255430945987*j, \
         0.01194159578472-0.011941595785*j]",
        1e-11,
    );
}

/// The test signal of the spectral tests (the same formula gave the scipy numbers).
const SIGNAL: &str = "(sin(0.3 * (0:39)) + 0.5 * cos(1.1 * (0:39)) + 0.1 * (0:39))";

#[test]
fn pwelch_matches_scipy_welch_without_detrending() {
    // scipy.signal.welch(x, fs=100, window=get_window("hamming", 8, fftbins=False),
    // noverlap=4, nfft=8, detrend=False) — also rustlab's defaults for 40 samples.
    let pxx = "[2.7121084704735e-01, 1.4239145943478e-01, 5.6292501333765e-03, \
               2.6230673977128e-04, 8.4831709040209e-06]";
    close(&format!("pwelch({SIGNAL}, 100)"), pxx, 1e-13);
    let program = format!("[P, f] = pwelch({SIGNAL}, 100, 8, 4, 8, \"onesided\");\nprint(f)\n");
    assert_eq!(
        run(&program),
        "[1×5]  0.000000  12.500000  25.000000  37.500000  50.000000\n"
    );
    // welch(..., window=get_window("hann", 10, fftbins=False), noverlap=3, nfft=16,
    // return_onesided=False): P in raw FFT order.
    close(
        &format!("pwelch({SIGNAL}, 100, window(\"hann\", 10), 3, 16, \"twosided\")"),
        "[2.8996311347854e-01, 1.9035534961249e-01, 4.7621372565080e-02, 3.9951339196477e-03, \
          2.2626273663829e-03, 5.2738434798173e-04, 1.6660033607857e-05, 4.4015160452092e-06, \
          1.0538365860923e-07, 4.4015160452092e-06, 1.6660033607857e-05, 5.2738434798173e-04, \
          2.2626273663829e-03, 3.9951339196477e-03, 4.7621372565080e-02, 1.9035534961249e-01]",
        1e-13,
    );
}

#[test]
fn stft_columns_are_segment_spectra() {
    // numpy: np.fft.rfft(x[s:s+16] * get_window("hann", 16, fftbins=False)) for
    // s = 0, 8, 16, 24 (rows are bins, columns frames).
    let program =
        format!("[S, f, t] = stft({SIGNAL}, 100, 16);\nprint(size(S), t(1), t(end), f(2))\n");
    assert_eq!(run(&program), "[1×2]  9.000000  4.000000 0.08 0.32 6.25\n");
    close(
        &format!("stft({SIGNAL}, 100, 16)(3, :)"),
        "[0.0064701664721+1.8413272649278*j, -0.6304059552016-2.0005780648507*j, \
          2.4446927762298+0.2703747349205*j, -1.0085697915221+0.6113780262563*j]",
        1e-12,
    );
}

#[test]
fn cwt_matches_the_morlet_filter_bank() {
    // numpy: pad 20 zeros each side to 128 samples, fft, multiply by
    // exp(-(s*omega - 6)^2 / 2), ifft, keep the middle 40 (columns 1, 11, 40 shown).
    let program = format!("[W, fr, t] = cwt({SIGNAL}, 10, \"morlet\", [2, 5]);\n");
    close_in(
        &program,
        "W(1, [1, 11, 40])",
        "[0.0107392045994-0.0159606709024*j, -0.006438402633-0.0103280791867*j, \
          0.2411321497482+0.0511552188754*j]",
        1e-12,
    );
    close_in(
        &program,
        "W(2, [1, 11, 40])",
        "[0.1014199617854-0.0502746224112*j, -0.00372916958-0.2171668541439*j, \
          0.2437905809114+0.1112655076503*j]",
        1e-12,
    );
    close_in(
        &program,
        "fr",
        "[6 * 10 / (2 * pi * 2), 6 * 10 / (2 * pi * 5)]",
        1e-12,
    );
}

#[test]
fn db_clip_keeps_eighty_decibels() {
    use super::spectral::db_clip;
    use crate::value::C64;
    let z = |v: f64| C64::new(v, 0.0);
    assert_eq!(db_clip(&[z(1.0), z(1e-6), z(0.0)]), vec![0.0, -80.0, -80.0]);
    assert_eq!(db_clip(&[z(0.0)]), vec![0.0]);
}

#[test]
fn long_convolutions_use_the_fft_and_agree() {
    use super::fir::convolution;
    use crate::value::C64;
    // 1100 × 1000 products pass the direct limit; compare with the direct sum of a smaller
    // split (convolution is linear in h).
    let x: Vec<C64> = (0..1100)
        .map(|k| C64::new((k as f64 * 0.37).sin(), 0.0))
        .collect();
    let h: Vec<C64> = (0..1000)
        .map(|k| C64::new(1.0 / (1.0 + k as f64), 0.0))
        .collect();
    let fast = convolution(&x, &h).unwrap();
    let (h1, h2) = h.split_at(500);
    let a = convolution(&x, h1).unwrap();
    let b = convolution(&x, h2).unwrap();
    assert_eq!(fast.len(), 2099);
    for (k, y) in fast.iter().enumerate() {
        let direct = a.get(k).copied().unwrap_or_default()
            + k.checked_sub(500)
                .and_then(|j| b.get(j))
                .copied()
                .unwrap_or_default();
        assert!((y - direct).norm() < 1e-9, "sample {k}");
    }
}

#[test]
fn spectrogram_and_scalogram_draw_db_heatmaps() {
    let mut session = Session::new(Config::default(), Some(1));
    let program = format!("spectrogram({SIGNAL}, 100, 16, 8, 16);\n");
    let out = session.run_block("t.rlab", 1, &program);
    let panel = &out.figures[0].panels[0];
    let map = panel.heatmap.as_ref().expect("a heatmap");
    assert_eq!((map.rows, map.cols, panel.image_y_up), (9, 4, Some(true)));
    let top = map.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert!(map.values.iter().all(|v| *v >= top - 80.0));
    let out = session.run_block(
        "t.rlab",
        1,
        &format!("scalogram({SIGNAL}, 100, \"morlet\", 8);\n"),
    );
    let panel = &out.figures[0].panels[0];
    let map = panel.heatmap.as_ref().expect("a heatmap");
    assert_eq!((map.rows, map.cols, panel.image_y_up), (8, 40, Some(false)));
}

#[test]
fn odd_inputs_give_errors_or_values_never_panics() {
    let calls = [
        "fft(NaN)",
        "fft([Inf, 1])",
        "ifft([])",
        "fftshift([])",
        "fftshift(2)",
        "fftfreq(0, 1)",
        "spectrum([], 8)",
        "spectrum(1, NaN)",
        "window(\"hann\", 0)",
        "window(\"kaiser\", 2)",
        "window(3, 3)",
        "convolve([], [1])",
        "convolve(1, 2)",
        "upfirdn([], [1], 2, 2)",
        "upfirdn([1], [], 2, 2)",
        "upfirdn([1, 2], [1, 2, 3], 1e12, 1)",
        "upfirdn([1, 2], [1], 1, 1e12)",
        "fir_lowpass(1, 1000, 8000, \"hann\")",
        "fir_highpass(2, 1000, 8000, \"rect\")",
        "fir_lowpass(5, NaN, 8000, \"hann\")",
        "fir_lowpass(1e12, 100, 8000, \"hann\")",
        "fir_notch(100, 400, 8000, 31, \"hann\")",
        "fir_lowpass_kaiser(1000, 1e-9, 60, 8000)",
        "fir_lowpass_kaiser(1000, 200, 1e6, 8000)",
        "fir_lowpass_kaiser(1000, 200, 10, 8000)",
        "fir_bandpass_kaiser(1, 2, 200, 60, 8000)",
        "freqz([], 4, 8)",
        "freqz([1], 1e300, 8)",
        "freqz(NaN, 3, 8)",
        "pwelch([1, 2, 3], 8)",
        "pwelch(zeros(1, 64), 8)",
        "pwelch(ones(1, 64), 8, [1, NaN])",
        "pwelch(ones(1, 64), 8, zeros(1, 4))",
        "pwelch(ones(1, 64), 8, 8, 7, 1e300)",
        "pwelch(ones(1, 64) * j, 8)",
        "stft(ones(1, 64), 8, 64, 0, 64, \"twosided\")",
        "stft(ones(1, 10), 8)",
        "spectrogram(zeros(1, 200), 8)",
        "cwt(1, 1)",
        "cwt(ones(1, 8), 8, \"morlet\", 0)",
        "cwt(ones(1, 8), 8, \"morlet\", [1e300])",
        "cwt(ones(1, 8), 8, \"morlet\", [NaN])",
        "scalogram(zeros(1, 16), 8, \"morlet\", 4)",
        "cwt(ones(1, 8), 8, \"morlet\", 1e12)",
    ];
    for call in calls {
        let mut session = Session::new(Config::default(), Some(1));
        let _ = session.run_block("t.rlab", 1, &format!("{call}\n"));
    }
}
