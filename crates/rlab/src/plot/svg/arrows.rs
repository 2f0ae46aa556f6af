//! Arrows of vector-field charts: quiver shafts with their heads, the midpoint arrowhead of
//! each streamline, and the filled triangle every head is drawn as (in pixels, so heads
//! keep their shape whatever the axes' aspect).

use super::clip::{Point, View};
use super::series::Mark;
use super::writer::{Svg, path_data};
use crate::plot::model::LineStyle;

/// Length of a fixed-size head (streamlines) and the longest quiver head, in pixels.
const HEAD: f64 = 8.0;
/// A quiver head is at most this fraction of its arrow.
const HEAD_SHARE: f64 = 0.35;
/// Half the head's width, as a fraction of its length.
const HALF_WIDTH: f64 = 0.45;

/// Quiver marks from (base, tip, gap) triplets in plot space: a shaft and a head for each
/// arrow whose base is in view.
pub(crate) fn quiver(points: &[Option<Point>], view: &View) -> Vec<Mark> {
    let mut marks = Vec::new();
    for triplet in points.chunks(3) {
        let (Some(Some(base)), Some(Some(tip))) = (triplet.first(), triplet.get(1)) else {
            continue;
        };
        if !view.contains(*base) {
            continue;
        }
        marks.push(Mark::Line(vec![*base, *tip], LineStyle::Solid));
        marks.push(Mark::Head(*tip, *base, true));
    }
    marks
}

/// A fixed-size head at the middle of each path with at least two points, pointing along it.
pub(crate) fn midpoint_heads(paths: &[Vec<Point>]) -> Vec<Mark> {
    paths
        .iter()
        .filter(|p| p.len() >= 2)
        .map(|p| {
            let mid = p.len() / 2;
            let (from, to) = (p[mid.saturating_sub(1)], p[mid.max(1).min(p.len() - 1)]);
            Mark::Head(to, from, false)
        })
        .collect()
}

/// The triangle of a head at `tip` pointing away from `from` (pixels); nothing when the two
/// coincide or a quiver arrow is shorter than two pixels.
pub(crate) fn write_head(svg: &mut Svg, tip: Point, from: Point, shaft: bool) {
    let (dx, dy) = (tip.0 - from.0, tip.1 - from.1);
    let length = dx.hypot(dy);
    if !(length.is_finite() && length > 1e-9) || (shaft && length < 2.0) {
        return;
    }
    let size = if shaft {
        (length * HEAD_SHARE).min(HEAD)
    } else {
        HEAD
    };
    let (ux, uy) = (dx / length, dy / length);
    let back = (tip.0 - ux * size, tip.1 - uy * size);
    let half = size * HALF_WIDTH;
    let left = (back.0 - uy * half, back.1 + ux * half);
    let right = (back.0 + uy * half, back.1 - ux * half);
    let d = format!("{}Z", path_data(&[tip, left, right]));
    svg.leaf("path", &[("d", d.into()), ("fill", "currentColor".into())]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        View {
            x0: 0.0,
            x1: 10.0,
            y0: 0.0,
            y1: 10.0,
        }
    }

    #[test]
    fn quiver_draws_arrows_whose_base_is_in_view() {
        let pts = [
            Some((1.0, 1.0)),
            Some((2.0, 1.0)),
            None,
            Some((20.0, 1.0)),
            Some((21.0, 1.0)),
            None,
            Some((3.0, 3.0)),
            None,
            None,
        ];
        let marks = quiver(&pts, &view());
        assert_eq!(marks.len(), 2);
        assert_eq!(marks[1], Mark::Head((2.0, 1.0), (1.0, 1.0), true));
    }

    #[test]
    fn heads_point_along_the_path_and_skip_tiny_arrows() {
        let path = vec![(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)];
        let heads = midpoint_heads(&[path, vec![(5.0, 5.0)]]);
        assert_eq!(heads, vec![Mark::Head((2.0, 0.0), (1.0, 0.0), false)]);
        let mut svg = Svg::default();
        write_head(&mut svg, (10.0, 0.0), (0.0, 0.0), true);
        write_head(&mut svg, (1.0, 0.0), (0.0, 0.0), true);
        write_head(&mut svg, (1.0, 0.0), (1.0, 0.0), false);
        let out = svg.finish();
        assert_eq!(out.matches("<path").count(), 1, "{out}");
        assert!(out.contains("M10 0L6.5 1.58L6.5 -1.58Z"), "{out}");
    }
}
