//! Geometry in plot space: the visible rectangle of a chart, clipping line segments to it
//! (Liang–Barsky), and splitting a polyline with missing points into visible pieces.
//!
//! Plotters does not clip what it draws to the plotting area, so every series is clipped
//! here first: data outside `xlim`/`ylim` never spills over axes, labels or other panels.

/// A point in plot space.
pub(crate) type Point = (f64, f64);

/// The visible rectangle of a chart, in plot space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct View {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

impl View {
    pub(super) fn contains(&self, (x, y): Point) -> bool {
        x >= self.x0 && x <= self.x1 && y >= self.y0 && y <= self.y1
    }

    /// `v` limited to the vertical range.
    pub(super) fn clamp_y(&self, v: f64) -> f64 {
        v.clamp(self.y0, self.y1)
    }

    /// `v` limited to the horizontal range.
    pub(super) fn clamp_x(&self, v: f64) -> f64 {
        v.clamp(self.x0, self.x1)
    }
}

/// The part of segment `a`–`b` inside the view, if any.
pub(crate) fn clip_segment(a: Point, b: Point, view: &View) -> Option<(Point, Point)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let mut t0: f64 = 0.0;
    let mut t1: f64 = 1.0;
    let edges = [
        (-dx, a.0 - view.x0),
        (dx, view.x1 - a.0),
        (-dy, a.1 - view.y0),
        (dy, view.y1 - a.1),
    ];
    for (p, q) in edges {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
            continue;
        }
        let t = q / p;
        if p < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return None;
        }
    }
    let at = |t: f64| (a.0 + t * dx, a.1 + t * dy);
    Some((at(t0), at(t1)))
}

/// The visible pieces of a polyline; `None` points (NaN, Inf, non-positive on a log axis)
/// break the line, as do the places where it leaves the view.
pub(crate) fn visible_paths(points: &[Option<Point>], view: &View) -> Vec<Vec<Point>> {
    let mut paths: Vec<Vec<Point>> = Vec::new();
    let mut current: Vec<Point> = Vec::new();
    for pair in points.windows(2) {
        let clipped = match (pair[0], pair[1]) {
            (Some(a), Some(b)) => clip_segment(a, b, view),
            _ => None,
        };
        match clipped {
            Some((start, end)) => {
                if current.last() != Some(&start) {
                    flush(&mut paths, &mut current);
                    current.push(start);
                }
                current.push(end);
            }
            None => flush(&mut paths, &mut current),
        }
    }
    flush(&mut paths, &mut current);
    if points.len() == 1
        && let Some(Some(p)) = points.first()
        && view.contains(*p)
    {
        paths.push(vec![*p]);
    }
    paths
}

/// A polyline in pixels with no visible change but at most four points per pixel column:
/// each run of consecutive points within one column keeps its first, lowest, highest and last
/// point, in their order.
pub(crate) fn thin_to_pixels(points: Vec<Point>) -> Vec<Point> {
    if points.len() < 8 {
        return points;
    }
    let mut out = Vec::with_capacity(points.len().min(4096));
    let mut run: Vec<Point> = Vec::new();
    for p in points {
        if run.first().is_some_and(|q| q.0.floor() != p.0.floor()) {
            keep_extremes(&mut out, &run);
            run.clear();
        }
        run.push(p);
    }
    keep_extremes(&mut out, &run);
    out
}

fn keep_extremes(out: &mut Vec<Point>, run: &[Point]) {
    if run.len() <= 4 {
        out.extend_from_slice(run);
        return;
    }
    let by_y = |a: &&Point, b: &&Point| a.1.total_cmp(&b.1);
    let low = run
        .iter()
        .enumerate()
        .min_by(|a, b| by_y(&a.1, &b.1))
        .map_or(0, |(i, _)| i);
    let high = run
        .iter()
        .enumerate()
        .max_by(|a, b| by_y(&a.1, &b.1))
        .map_or(0, |(i, _)| i);
    let mut picks = [0, low, high, run.len() - 1];
    picks.sort_unstable();
    let mut last = usize::MAX;
    for i in picks {
        if i != last {
            out.push(run[i]);
            last = i;
        }
    }
}

fn flush(paths: &mut Vec<Vec<Point>>, current: &mut Vec<Point>) {
    if !current.is_empty() {
        paths.push(std::mem::take(current));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VIEW: View = View {
        x0: 0.0,
        x1: 10.0,
        y0: 0.0,
        y1: 10.0,
    };

    #[test]
    fn segments_are_cut_at_the_edges() {
        let (a, b) = clip_segment((-5.0, 5.0), (5.0, 5.0), &VIEW).unwrap();
        assert_eq!((a, b), ((0.0, 5.0), (5.0, 5.0)));
        assert_eq!(clip_segment((-5.0, -1.0), (20.0, -1.0), &VIEW), None);
        let (a, b) = clip_segment((5.0, -10.0), (5.0, 20.0), &VIEW).unwrap();
        assert_eq!((a, b), ((5.0, 0.0), (5.0, 10.0)));
        let inside = clip_segment((1.0, 1.0), (2.0, 3.0), &VIEW).unwrap();
        assert_eq!(inside, ((1.0, 1.0), (2.0, 3.0)));
    }

    #[test]
    fn missing_points_and_exits_split_paths() {
        let pts = [
            Some((1.0, 1.0)),
            Some((2.0, 2.0)),
            None,
            Some((3.0, 3.0)),
            Some((4.0, 4.0)),
            Some((5.0, 50.0)),
            Some((6.0, 5.0)),
        ];
        let paths = visible_paths(&pts, &VIEW);
        assert_eq!(paths.len(), 3, "{paths:?}");
        assert_eq!(paths[0], vec![(1.0, 1.0), (2.0, 2.0)]);
        assert_eq!(paths[1][0], (3.0, 3.0));
        assert_eq!(paths[2].last(), Some(&(6.0, 5.0)));
    }

    #[test]
    fn dense_lines_keep_four_points_per_pixel_column() {
        let wave: Vec<Point> = (0..10_000)
            .map(|i| (f64::from(i) / 100.0, (f64::from(i) * 0.37).sin() * 50.0))
            .collect();
        let thin = thin_to_pixels(wave.clone());
        assert!(thin.len() <= 4 * 100, "{}", thin.len());
        assert_eq!(thin.first(), wave.first());
        assert_eq!(thin.last(), wave.last());
        let column = |x: f64| wave.iter().filter(move |p| p.0.floor() == x);
        let low = column(7.0).map(|p| p.1).fold(f64::MAX, f64::min);
        assert!(
            thin.iter().any(|p| p.0.floor() == 7.0 && p.1 == low),
            "extremes stay"
        );
        let sparse = vec![(0.0, 0.0), (5.0, 1.0), (9.0, 2.0)];
        assert_eq!(thin_to_pixels(sparse.clone()), sparse);
    }

    #[test]
    fn degenerate_inputs_are_safe() {
        assert!(visible_paths(&[], &VIEW).is_empty());
        assert_eq!(visible_paths(&[Some((1.0, 1.0))], &VIEW).len(), 1);
        assert!(visible_paths(&[Some((-1.0, 1.0))], &VIEW).is_empty());
        assert!(visible_paths(&[None, None], &VIEW).is_empty());
        assert_eq!(VIEW.clamp_y(-3.0), 0.0);
        assert_eq!(VIEW.clamp_x(30.0), 10.0);
    }
}
