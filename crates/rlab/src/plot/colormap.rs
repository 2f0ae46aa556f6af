//! Colormaps for heatmaps, `imagesc` and `surf`: a value in `[0, 1]` to an RGB colour.
//!
//! Each map is a short list of evenly spaced colour stops sampled from the published map,
//! interpolated linearly. `viridis` is the default and the only one the course uses; the
//! other common names are accepted too, and unknown names fall back to `viridis`.

/// A colormap: evenly spaced stops from value 0 to value 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colormap {
    stops: &'static [(u8, u8, u8)],
}

/// The colour drawn for cells whose value is NaN or infinite.
pub const MISSING: (u8, u8, u8) = (200, 200, 200);

const VIRIDIS: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (72, 40, 120),
    (62, 73, 137),
    (49, 104, 142),
    (38, 130, 142),
    (31, 158, 137),
    (53, 183, 121),
    (110, 206, 88),
    (253, 231, 37),
];

const PLASMA: [(u8, u8, u8); 9] = [
    (13, 8, 135),
    (70, 3, 159),
    (114, 1, 168),
    (156, 23, 158),
    (189, 55, 134),
    (216, 87, 107),
    (237, 121, 83),
    (251, 159, 58),
    (240, 249, 33),
];

const INFERNO: [(u8, u8, u8); 9] = [
    (0, 0, 4),
    (27, 12, 65),
    (74, 12, 107),
    (120, 28, 109),
    (165, 44, 96),
    (207, 68, 70),
    (237, 105, 37),
    (251, 155, 6),
    (252, 255, 164),
];

const MAGMA: [(u8, u8, u8); 9] = [
    (0, 0, 4),
    (24, 15, 61),
    (68, 15, 118),
    (114, 31, 129),
    (158, 47, 127),
    (205, 64, 113),
    (241, 96, 93),
    (253, 150, 104),
    (252, 253, 191),
];

const GRAY: [(u8, u8, u8); 2] = [(0, 0, 0), (255, 255, 255)];

const HOT: [(u8, u8, u8); 4] = [(10, 0, 0), (255, 0, 0), (255, 255, 0), (255, 255, 255)];

const JET: [(u8, u8, u8); 9] = [
    (0, 0, 143),
    (0, 0, 255),
    (0, 127, 255),
    (0, 255, 255),
    (127, 255, 127),
    (255, 255, 0),
    (255, 127, 0),
    (255, 0, 0),
    (127, 0, 0),
];

const COOLWARM: [(u8, u8, u8); 5] = [
    (59, 76, 192),
    (141, 176, 254),
    (221, 221, 221),
    (244, 154, 123),
    (180, 4, 38),
];

impl Colormap {
    /// The map called `name` (case-insensitive); unknown names give `viridis`.
    pub fn named(name: &str) -> Colormap {
        let stops: &'static [(u8, u8, u8)] = match name.trim().to_ascii_lowercase().as_str() {
            "plasma" => &PLASMA,
            "inferno" => &INFERNO,
            "magma" => &MAGMA,
            "gray" | "grey" | "greys" => &GRAY,
            "hot" => &HOT,
            "jet" => &JET,
            "coolwarm" => &COOLWARM,
            _ => &VIRIDIS,
        };
        Colormap { stops }
    }

    /// The colour at `t` in `[0, 1]` (clamped); NaN gives [`MISSING`].
    pub fn at(&self, t: f64) -> (u8, u8, u8) {
        if t.is_nan() {
            return MISSING;
        }
        let last = self.stops.len().saturating_sub(1);
        let position = t.clamp(0.0, 1.0) * last as f64;
        let lower = (position.floor() as usize).min(last);
        let upper = (lower + 1).min(last);
        let frac = position - lower as f64;
        match (self.stops.get(lower), self.stops.get(upper)) {
            (Some(&a), Some(&b)) => mix(a, b, frac),
            _ => MISSING,
        }
    }
}

fn mix(a: (u8, u8, u8), b: (u8, u8, u8), frac: f64) -> (u8, u8, u8) {
    let channel = |x: u8, y: u8| {
        let v = f64::from(x) + (f64::from(y) - f64::from(x)) * frac;
        v.round().clamp(0.0, 255.0) as u8
    };
    (channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viridis_runs_from_purple_to_yellow() {
        let map = Colormap::named("viridis");
        assert_eq!(map.at(0.0), (68, 1, 84));
        assert_eq!(map.at(1.0), (253, 231, 37));
        assert_eq!(map.at(0.5), (38, 130, 142));
        assert_eq!(map.at(-3.0), map.at(0.0), "values are clamped");
        assert_eq!(map.at(7.0), map.at(1.0));
    }

    #[test]
    fn stops_are_interpolated() {
        let gray = Colormap::named("Gray");
        assert_eq!(gray.at(0.5), (128, 128, 128));
        assert_eq!(gray.at(0.25), (64, 64, 64));
    }

    #[test]
    fn nan_is_missing_and_unknown_names_are_viridis() {
        assert_eq!(Colormap::named("viridis").at(f64::NAN), MISSING);
        assert_eq!(Colormap::named("nonsense"), Colormap::named("viridis"));
        assert_ne!(Colormap::named("jet"), Colormap::named("viridis"));
        for name in ["plasma", "inferno", "magma", "hot", "coolwarm", "grey"] {
            assert_ne!(Colormap::named(name), Colormap::named("viridis"), "{name}");
        }
    }
}
