//! An animation (`frame()` … `saveanim(name, fps)`) on a page: each frame is drawn by the
//! figure renderer into a file of its own (`…/block-N-anim-K/frame-F.svg`, with its CSV),
//! and the page shows the first frame with Play, a frame slider and the frame number, which
//! the page script enables. Nothing moves until the reader asks: Play steps through the
//! frames at the animation's speed, and under `prefers-reduced-motion: reduce` there is no
//! Play, only the slider. Without scripts the first frame shows. The still formats show a
//! strip of frames instead (see `render::markdown`).

use super::{Draw, csv_path, table};
use crate::FigureFile;
use rlab::markup::escape;
use rlab::plot::model::Animation;

/// Where an animation goes.
pub struct AnimationPlace<'a> {
    /// Site folder of its frames, e.g. `figures/12-x/block-5-anim-1`.
    pub folder: String,
    /// The link from the page showing it to a site path (see [`super::Place::link`]).
    pub link: &'a dyn Fn(&str) -> String,
    /// Its id on the page.
    pub id: String,
}

/// The frames' files and the HTML that shows the animation.
pub fn embed(draw: Draw, anim: &Animation, place: &AnimationPlace) -> (Vec<FigureFile>, String) {
    let mut files = Vec::with_capacity(anim.frames.len());
    let mut hrefs = Vec::with_capacity(anim.frames.len());
    for (k, frame) in anim.frames.iter().enumerate() {
        let path = format!("{}/frame-{}.svg", place.folder, k + 1);
        let drawing = (draw.wide)(frame, &format!("{}-f{}", place.id, k + 1));
        hrefs.push((place.link)(&path));
        files.push(FigureFile {
            path,
            svg: drawing.svg,
            csv: table::csv(frame),
        });
    }
    let n = files.len();
    let first = hrefs.first().cloned().unwrap_or_default();
    let frames_json = serde_json::to_string(&hrefs).unwrap_or_else(|_| "[]".into());
    let name = &anim.name;
    let title = anim
        .frames
        .first()
        .map(rlab::plot::svg::title)
        .unwrap_or_default();
    let html = format!(
        "<figure class=\"rla\" id=\"{id}\" data-fps=\"{fps}\" data-frames=\"{frames}\">\n\
         <img class=\"rla-frame\" src=\"{first}\" alt=\"{alt}\">\n\
         <div class=\"rla-controls\" hidden>\n\
         <button type=\"button\" class=\"rla-play\" aria-pressed=\"false\">Play</button>\n\
         <input type=\"range\" class=\"rla-seek\" min=\"1\" max=\"{n}\" value=\"1\" \
         aria-label=\"Frame of {label}\">\n\
         <output class=\"rla-at\" aria-live=\"polite\">Frame 1 of {n}</output>\n</div>\n\
         <figcaption>Animation {label}: {n} frames at {fps} frames per second. \
         <a href=\"{csv}\" download>CSV of frame 1</a></figcaption>\n</figure>\n",
        id = escape(&place.id),
        fps = fps_text(anim.fps),
        frames = escape(&frames_json),
        first = escape(&first),
        alt = escape(&format!("{title}, frame 1 of {n}")),
        label = escape(&format!("“{name}”")),
        csv = escape(&csv_path(&first)),
    );
    (files, html)
}

/// The speed as written: `30`, `12.5`.
fn fps_text(fps: f64) -> String {
    if fps.is_finite() && fps > 0.0 {
        format!("{fps}")
    } else {
        "10".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rlab::plot::model::{Color, Figure, LineStyle, Series, SeriesKind};

    fn frame(y: f64) -> Figure {
        let mut fig = Figure::new(1);
        fig.panels[0].title = format!("y = {y}");
        fig.panels[0].series.push(Series {
            kind: SeriesKind::Line,
            label: String::new(),
            color: Color::Auto(0),
            style: LineStyle::Solid,
            x: vec![0.0, 1.0],
            y: vec![y, y],
        });
        fig
    }

    #[test]
    fn every_frame_is_a_file_and_the_page_shows_the_first_with_its_controls() {
        let anim = Animation {
            name: "wave.html".into(),
            fps: 30.0,
            frames: vec![frame(1.0), frame(2.0), frame(3.0)],
        };
        let place = AnimationPlace {
            folder: "figures/01-a/block-2-anim-1".into(),
            link: &|to| to.to_string(),
            id: "rla2-1".into(),
        };
        let (files, html) = embed(super::super::SVG, &anim, &place);
        assert_eq!(files.len(), 3);
        assert_eq!(files[2].path, "figures/01-a/block-2-anim-1/frame-3.svg");
        assert!(files[1].csv.contains("1,line,,1,2,\n"), "{}", files[1].csv);
        assert!(html.contains("<img class=\"rla-frame\" src=\"figures/01-a/block-2-anim-1/frame-1.svg\" alt=\"y = 1, frame 1 of 3\">"), "{html}");
        assert!(html.contains("data-fps=\"30\""), "{html}");
        assert!(
            html.contains("data-frames=\"[&quot;figures/01-a/block-2-anim-1/frame-1.svg&quot;,"),
            "{html}"
        );
        assert!(
            html.contains("<div class=\"rla-controls\" hidden>"),
            "no controls without the script"
        );
        assert!(
            html.contains("Animation “wave.html”: 3 frames at 30 frames per second."),
            "{html}"
        );
    }
}
