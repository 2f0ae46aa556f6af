//! The recorded form of an animation (`saveanim`): its name and speed, and the digest of every
//! frame, so that a change in any one frame is drift. Frames are compared as figures are
//! ([`super::digest`]).

use super::compare::{Tolerance, numbers_match};
use super::digest::{FigureDigest, differences, json};
use rlab::Animation;
use serde::{Deserialize, Serialize};

/// An animation's name and speed (one JSON object in the record).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnimationHeader {
    pub name: String,
    pub fps: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnimationDigest {
    pub header: AnimationHeader,
    pub frames: Vec<FigureDigest>,
}

impl AnimationDigest {
    pub fn of(animation: &Animation) -> AnimationDigest {
        AnimationDigest {
            header: AnimationHeader {
                name: animation.name.clone(),
                fps: animation.fps,
            },
            frames: animation.frames.iter().map(FigureDigest::of).collect(),
        }
    }
}

/// Differences between a recorded and a current animation, one sentence each
/// (`frame 7 series "value": 3 points, max |Δ| = 0.5`).
pub fn animation_differences(
    old: &AnimationDigest,
    new: &AnimationDigest,
    tol: Tolerance,
) -> Vec<String> {
    let (a, b) = (&old.header, &new.header);
    let mut out = Vec::new();
    let speed = a.fps.to_string();
    if a.name != b.name || !numbers_match(&speed, a.fps, b.fps, tol) {
        out.push(format!("name or speed changed: {} → {}", json(a), json(b)));
    }
    if old.frames.len() != new.frames.len() {
        out.push(format!(
            "{} frames → {}",
            old.frames.len(),
            new.frames.len()
        ));
        return out;
    }
    for (k, (f, g)) in old.frames.iter().zip(&new.frames).enumerate() {
        out.extend(
            differences(f, g, tol)
                .into_iter()
                .map(|d| format!("frame {} {d}", k + 1)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rlab::Figure;
    use rlab::plot::model::{Color, LineStyle, Series, SeriesKind};

    fn animation(ys: &[f64]) -> Animation {
        let frames = ys
            .iter()
            .map(|&y| {
                let mut fig = Figure::new(1);
                fig.panels[0].series.push(Series {
                    kind: SeriesKind::Line,
                    label: "value".into(),
                    color: Color::Auto(0),
                    style: LineStyle::Solid,
                    x: vec![0.0, 1.0],
                    y: vec![0.0, y],
                });
                fig
            })
            .collect();
        Animation {
            name: "wave.html".into(),
            fps: 10.0,
            frames,
        }
    }

    #[test]
    fn a_change_in_any_frame_is_a_difference() {
        let tol = Tolerance::default();
        let old = AnimationDigest::of(&animation(&[1.0, 2.0, 3.0]));
        assert!(animation_differences(&old, &old.clone(), tol).is_empty());
        let new = AnimationDigest::of(&animation(&[1.0, 2.5, 3.0]));
        let diffs = animation_differences(&old, &new, tol);
        assert_eq!(diffs.len(), 1, "{diffs:?}");
        assert!(diffs[0].starts_with("frame 2 "), "{diffs:?}");
        let shorter = AnimationDigest::of(&animation(&[1.0, 2.0]));
        assert_eq!(
            animation_differences(&old, &shorter, tol),
            vec!["3 frames → 2"]
        );
        let mut slower = old.clone();
        slower.header.fps = 5.0;
        assert!(animation_differences(&old, &slower, tol)[0].starts_with("name or speed"));
    }
}
