//! The light polar grid of `polar` plots: circles at round radii about the origin and
//! spokes every 30°, drawn in the grid colour under the data (inside the plot's clip).

use super::frame::{self, open_role};
use super::numbers::nice_step;
use super::style::GRID_MAJOR;
use super::view::Plot;
use super::writer::Svg;

/// Spokes every this many degrees.
const SPOKE_DEGREES: usize = 30;
/// Circles drawn at most.
const MAX_CIRCLES: usize = 12;

/// Circles and spokes about the origin, out to the farthest corner of the view.
pub(crate) fn grid(svg: &mut Svg, plot: &Plot) {
    let (x, y) = (&plot.x, &plot.y);
    if x.log || y.log {
        return;
    }
    let corners = [(x.lo, y.lo), (x.lo, y.hi), (x.hi, y.lo), (x.hi, y.hi)];
    let reach = corners.iter().map(|(a, b)| a.hypot(*b)).fold(0.0, f64::max);
    if !(reach.is_finite() && reach > 0.0) {
        return;
    }
    let step = nice_step(reach / 6.0);
    let centre = plot.px((0.0, 0.0));
    let per_unit = (
        plot.rect.w / (x.hi - x.lo).max(f64::MIN_POSITIVE),
        plot.rect.h / (y.hi - y.lo).max(f64::MIN_POSITIVE),
    );
    let class = format!("{} rlf-polar", GRID_MAJOR.class);
    open_role(
        svg,
        GRID_MAJOR,
        &[("class", class.into()), ("fill", "none".into())],
    );
    for k in (1..=MAX_CIRCLES).take_while(|k| *k as f64 * step <= reach) {
        let r = k as f64 * step;
        svg.leaf(
            "ellipse",
            &[
                ("cx", centre.0.into()),
                ("cy", centre.1.into()),
                ("rx", (r * per_unit.0).into()),
                ("ry", (r * per_unit.1).into()),
            ],
        );
    }
    for k in (0..360).step_by(SPOKE_DEGREES) {
        let a = (k as f64).to_radians();
        let end = plot.px((reach * a.cos(), reach * a.sin()));
        frame::line(svg, [centre.0, centre.1, end.0, end.1]);
    }
    svg.close("g");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::svg::scale::Scale;
    use crate::plot::svg::view::Rect;

    #[test]
    fn circles_at_round_radii_and_twelve_spokes() {
        let plot = Plot {
            rect: Rect::new(0.0, 0.0, 200.0, 200.0),
            x: Scale::linear(-1.0, 1.0, 8),
            y: Scale::linear(-1.0, 1.0, 8),
        };
        let mut svg = Svg::default();
        grid(&mut svg, &plot);
        let out = svg.finish();
        // Reach √2 → step 0.5 (nice ≥ 0.236 is 0.5): circles 0.5 and 1.
        assert_eq!(out.matches("<ellipse").count(), 2, "{out}");
        assert!(out.contains(r#"rx="100""#));
        assert_eq!(out.matches("<line").count(), 12);
    }
}
