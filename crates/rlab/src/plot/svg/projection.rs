//! The view of a surface: data scaled to the unit box ([`Axes`]), seen orthographically,
//! turned by [`YAW`] about the vertical axis and tilted by [`PITCH`] towards the viewer, and
//! fitted into the panel ([`Projection`]).

use super::scale::Scale;
use super::view::Rect;

/// Turn about the vertical axis, radians.
const YAW: f64 = 0.65;
/// Tilt towards the viewer, radians.
const PITCH: f64 = 0.45;
/// Height of the unit box relative to its width.
const Z_SCALE: f64 = 0.75;

/// A point of the unit box: each coordinate in [-1, 1].
pub(crate) type Unit = (f64, f64, f64);

/// The box's placement on the panel.
pub(crate) struct Projection {
    scale: f64,
    centre: (f64, f64),
}

/// Screen direction (right, up) and depth (larger is farther) of a unit point.
pub(crate) fn turn((u, v, w): Unit) -> (f64, f64, f64) {
    let (sy, cy) = YAW.sin_cos();
    let (sp, cp) = PITCH.sin_cos();
    let right = u * cy - v * sy;
    let back = u * sy + v * cy;
    let up = w * Z_SCALE * cp + back * sp;
    let depth = back * cp - w * Z_SCALE * sp;
    (right, up, depth)
}

impl Projection {
    /// Fit the unit box into `room`.
    pub(super) fn fit(room: Rect) -> Projection {
        let corners = (0..8).map(|k| {
            let pick = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            turn((pick(1), pick(2), pick(4)))
        });
        let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
        for (r, u, _) in corners {
            lo = (lo.0.min(r), lo.1.min(u));
            hi = (hi.0.max(r), hi.1.max(u));
        }
        let scale = (room.w / (hi.0 - lo.0)).min(room.h / (hi.1 - lo.1));
        let centre = (
            room.x + room.w / 2.0 - scale * (lo.0 + hi.0) / 2.0,
            room.y + room.h / 2.0 + scale * (lo.1 + hi.1) / 2.0,
        );
        Projection { scale, centre }
    }

    pub(super) fn px(&self, p: Unit) -> (f64, f64) {
        let (right, up, _) = turn(p);
        (
            self.centre.0 + right * self.scale,
            self.centre.1 - up * self.scale,
        )
    }
}

/// Data → unit box, per axis.
pub(crate) struct Axes {
    pub x: Scale,
    pub y: Scale,
    pub z: Scale,
}

impl Axes {
    pub(super) fn unit(&self, (x, y, z): (f64, f64, f64)) -> Unit {
        (along(&self.x, x), along(&self.y, y), along(&self.z, z))
    }
}

/// Where `v` lies along the box edge of scale `s`: -1 at its low end, 1 at its high end.
pub(crate) fn along(s: &Scale, v: f64) -> f64 {
    (v - s.lo) / (s.hi - s.lo) * 2.0 - 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_fits_its_room() {
        let room = Rect::new(10.0, 20.0, 400.0, 300.0);
        let proj = Projection::fit(room);
        for k in 0..8 {
            let pick = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            let p = proj.px((pick(1), pick(2), pick(4)));
            assert!(room.grown(1e-6).contains(p), "{p:?}");
        }
    }
}
