//! Builtins: signal processing (rustlab's FFT, DSP — FIR Filters and DSP — Kaiser FIR
//! sections).
//!
//! Files by concept: `signal` (shared argument reading, sizes and the FFT), `fft` (the FFT
//! family), `windows` (window shapes), `fir` (windowed-sinc design, convolution, upfirdn),
//! `kaiser` (automatic-length Kaiser designs and the notch), `freqz` (frequency response),
//! `segments` and `spectral` (pwelch, stft, spectrogram), `waterfall` (the STFT in dB, newest
//! segment first), `wavelet` (cwt, scalogram), `stream` (their frame-by-frame forms).

mod fft;
mod fir;
mod freqz;
mod kaiser;
mod segments;
mod signal;
mod spectral;
mod stream;
#[cfg(test)]
mod stream_tests;
#[cfg(test)]
mod tests;
mod waterfall;
mod wavelet;
mod windows;

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "fft",
        fft::fft,
        "fft(x): discrete Fourier transform, zero-padded to the next power of two",
    ),
    Builtin::new(
        "ifft",
        fft::ifft,
        "ifft(X): inverse FFT (length must be a power of two)",
    ),
    Builtin::new(
        "fftshift",
        fft::fftshift,
        "fftshift(X): move the zero-frequency bin to the centre",
    ),
    Builtin::new(
        "fftfreq",
        fft::fftfreq,
        "fftfreq(n, sample_rate): the Hz value of each bin of an n-point FFT",
    ),
    Builtin::new(
        "spectrum",
        fft::spectrum,
        "spectrum(X, sample_rate): 2×n matrix [DC-centred Hz axis; fftshift(X)]",
    ),
    Builtin::new(
        "window",
        windows::window,
        "window(name, n): rectangular, hann, hamming, blackman or kaiser window of length n",
    ),
    Builtin::new(
        "convolve",
        fir::convolve,
        "convolve(x, h): linear convolution, length len(x) + len(h) - 1",
    ),
    Builtin::new(
        "upfirdn",
        fir::upfirdn,
        "upfirdn(x, h, p, q): upsample by p, FIR filter with h, downsample by q",
    ),
    Builtin::new(
        "fir_lowpass",
        fir::fir_lowpass,
        "fir_lowpass(taps, cutoff_hz, sample_rate, window): windowed-sinc lowpass taps",
    ),
    Builtin::new(
        "fir_highpass",
        fir::fir_highpass,
        "fir_highpass(taps, cutoff_hz, sample_rate, window): windowed-sinc highpass taps",
    ),
    Builtin::new(
        "fir_bandpass",
        fir::fir_bandpass,
        "fir_bandpass(taps, low_hz, high_hz, sample_rate, window): windowed-sinc bandpass taps",
    ),
    Builtin::new(
        "fir_lowpass_kaiser",
        kaiser::fir_lowpass_kaiser,
        "fir_lowpass_kaiser(cutoff_hz, trans_bw_hz, stopband_attn_db, sample_rate): Kaiser lowpass",
    ),
    Builtin::new(
        "fir_highpass_kaiser",
        kaiser::fir_highpass_kaiser,
        "fir_highpass_kaiser(cutoff_hz, trans_bw_hz, stopband_attn_db, sample_rate): Kaiser highpass",
    ),
    Builtin::new(
        "fir_bandpass_kaiser",
        kaiser::fir_bandpass_kaiser,
        "fir_bandpass_kaiser(low_hz, high_hz, trans_bw_hz, stopband_attn_db, sample_rate): Kaiser bandpass",
    ),
    Builtin::new(
        "fir_notch",
        kaiser::fir_notch,
        "fir_notch(center_hz, bandwidth_hz, sample_rate, num_taps, window): notch filter taps",
    ),
    Builtin::new(
        "freqz",
        freqz::freqz,
        "freqz(h, n_points, sample_rate): 2×n matrix [Hz axis; complex response]",
    ),
    Builtin::new(
        "pwelch",
        spectral::pwelch,
        "[Pxx, f] = pwelch(x, fs[, window[, noverlap[, nfft[, sided]]]]): Welch PSD (one output also plots)",
    ),
    Builtin::new(
        "stft",
        spectral::stft,
        "[S, f, t] = stft(x, fs[, window[, noverlap[, nfft[, sided]]]]): short-time Fourier transform",
    ),
    Builtin::new(
        "spectrogram",
        spectral::spectrogram,
        "spectrogram(x, fs[, window[, noverlap[, nfft]]]): heatmap of 20·log10|STFT| (80 dB range)",
    ),
    Builtin::new(
        "waterfall",
        waterfall::waterfall,
        "[W, f, t] = waterfall(x, fs[, window[, noverlap[, nfft[, sided]]]]): 20·log10|STFT|, a row per segment, newest first (a bare call draws it)",
    ),
    Builtin::new(
        "cwt",
        wavelet::cwt,
        "[W, freqs, t] = cwt(x, fs[, \"morlet\"[, n_scales | scales]]): Morlet wavelet transform",
    ),
    Builtin::new(
        "stft_stream_init",
        stream::stft_stream_init,
        "stft_stream_init(fs, window, noverlap, nfft[, sided]): state of a frame-by-frame STFT (one-sided unless \"twosided\")",
    ),
    Builtin::new(
        "stft_stream",
        stream::stft_stream,
        "[S_cols, state] = stft_stream(frame, state): the STFT columns the new samples complete (n_freqs×0 if none)",
    ),
    Builtin::new(
        "pwelch_stream_init",
        stream::pwelch_stream_init,
        "pwelch_stream_init(fs, window, noverlap, nfft[, ema_alpha]): state of a frame-by-frame Welch PSD",
    ),
    Builtin::new(
        "pwelch_stream",
        stream::pwelch_stream,
        "[Pxx, state] = pwelch_stream(frame, state): running Welch PSD (cumulative mean or EMA; empty until a segment)",
    ),
    Builtin::new(
        "cwt_stream_init",
        stream::cwt_stream_init,
        "cwt_stream_init(fs, n_samples[, n_scales | scales]): state of a sliding-window Morlet CWT",
    ),
    Builtin::new(
        "cwt_stream",
        stream::cwt_stream,
        "[W, state] = cwt_stream(frame, state): CWT of the latest n_samples samples (n_scales×0 until full)",
    ),
    Builtin::new(
        "scalogram",
        wavelet::scalogram,
        "scalogram(x, fs[, \"morlet\"[, n_scales | scales]]): heatmap of 20·log10|CWT| (80 dB range)",
    ),
];
