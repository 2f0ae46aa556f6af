//! Equal units on both axes (`axis("equal")`, polar plots, Smith and Nyquist charts): the
//! axis whose data would be stretched more gets a wider range, centred on the data, so one
//! data unit is as many pixels on x as on y. The plot area itself keeps its size.

use super::frame;
use super::scale::Scale;
use super::view::Plot;

/// `plot` with its ranges widened to equal units per pixel (log or named axes unchanged).
pub(crate) fn equalise(plot: Plot, y_ticks: usize) -> Plot {
    let (w, h) = (plot.rect.w, plot.rect.h);
    let named = plot.x.names.is_some() || plot.y.names.is_some();
    if plot.x.log || plot.y.log || named || !(w > 0.0 && h > 0.0) {
        return plot;
    }
    let per_pixel = ((plot.x.hi - plot.x.lo) / w).max((plot.y.hi - plot.y.lo) / h);
    if !(per_pixel.is_finite() && per_pixel > 0.0) {
        return plot;
    }
    let around = |lo: f64, hi: f64, pixels: f64| {
        let (mid, half) = ((lo + hi) / 2.0, per_pixel * pixels / 2.0);
        (mid - half, mid + half)
    };
    let (x0, x1) = around(plot.x.lo, plot.x.hi, w);
    let (y0, y1) = around(plot.y.lo, plot.y.hi, h);
    Plot {
        x: frame::fitting_x_ticks(w, |max| Scale::linear(x0, x1, max)),
        y: Scale::linear(y0, y1, y_ticks),
        rect: plot.rect,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::svg::view::Rect;

    #[test]
    fn the_stretched_axis_widens_about_its_centre() {
        let plot = Plot {
            rect: Rect::new(0.0, 0.0, 400.0, 200.0),
            x: Scale::linear(-1.0, 1.0, 8),
            y: Scale::linear(-1.0, 1.0, 8),
        };
        let eq = equalise(plot, 6);
        assert_eq!((eq.x.lo, eq.x.hi), (-2.0, 2.0));
        assert_eq!((eq.y.lo, eq.y.hi), (-1.0, 1.0));
        let (a, b) = (eq.px((0.0, 0.0)), eq.px((1.0, 1.0)));
        assert!(
            ((b.0 - a.0) - (a.1 - b.1)).abs() < 1e-9,
            "equal pixels per unit"
        );
        let log = Plot {
            rect: Rect::new(0.0, 0.0, 400.0, 200.0),
            x: Scale::log(1.0, 100.0, true, 8),
            y: Scale::linear(-1.0, 1.0, 8),
        };
        assert_eq!(equalise(log.clone(), 6), log);
    }
}
