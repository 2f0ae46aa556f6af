//! The standalone page `saveanim("name.html")` writes when a session may write files: every
//! frame's SVG (drawn by the same renderer as still figures), only the first shown, with a
//! Play/Pause button and a frame slider. It never plays by itself, and with reduced motion
//! asked for, Play steps one frame instead of playing.

use crate::markup::escape;
use crate::plot::model::Figure;
use crate::plot::svg;
use std::fmt::Write;

/// The page showing `frames` at `fps` frames per second, titled `name`.
pub(super) fn html(frames: &[Figure], fps: f64, name: &str) -> String {
    let title = escape(name);
    let n = frames.len();
    let mut body = String::new();
    for (k, fig) in frames.iter().enumerate() {
        let hidden = if k == 0 { "" } else { " hidden" };
        let _ = write!(
            body,
            "<div class=\"frame\"{hidden}>\n{}</div>\n",
            svg::render(fig)
        );
    }
    let interval = (1000.0 / fps).round().max(1.0);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n</head>\n<body style=\"margin:0;background:#ffffff\">\n\
         <div role=\"group\" aria-label=\"Animation {title}\">\n{body}\
         <p><button type=\"button\" id=\"play\">Play</button>\n\
         <input type=\"range\" id=\"at\" min=\"1\" max=\"{n}\" value=\"1\" \
         aria-label=\"Frame\">\n<output id=\"shown\" aria-live=\"polite\">1 / {n}</output></p>\n\
         </div>\n<script>\n{}</script>\n</body>\n</html>\n",
        script(interval)
    )
}

/// The player: the slider shows a frame; Play advances every `interval` ms until the end.
fn script(interval: f64) -> String {
    format!(
        "(function () {{\n\
         var frames = document.querySelectorAll('.frame'), at = document.getElementById('at');\n\
         var play = document.getElementById('play'), out = document.getElementById('shown');\n\
         var still = matchMedia('(prefers-reduced-motion: reduce)').matches, timer = null;\n\
         function show(k) {{\n\
           frames.forEach(function (f, i) {{ f.hidden = i !== k; }});\n\
           at.value = k + 1; out.textContent = (k + 1) + ' / ' + frames.length;\n\
         }}\n\
         function stop() {{ clearInterval(timer); timer = null; play.textContent = 'Play'; }}\n\
         at.addEventListener('input', function () {{ stop(); show(at.value - 1); }});\n\
         play.addEventListener('click', function () {{\n\
           var k = at.value - 1;\n\
           if (still) {{ show((k + 1) % frames.length); return; }}\n\
           if (timer) {{ stop(); return; }}\n\
           if (k === frames.length - 1) show(0);\n\
           play.textContent = 'Pause';\n\
           timer = setInterval(function () {{\n\
             var next = at.value * 1;\n\
             if (next >= frames.length) {{ stop(); return; }}\n\
             show(next);\n\
           }}, {interval});\n\
         }});\n\
         }})();\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_shows_the_first_frame_and_the_controls() {
        let frames = vec![Figure::new(1), Figure::new(1), Figure::new(1)];
        let page = html(&frames, 4.0, "a<b>.html");
        assert!(page.contains("<title>a&lt;b&gt;.html</title>"));
        assert_eq!(page.matches("<div class=\"frame\"").count(), 3);
        assert_eq!(page.matches("<div class=\"frame\" hidden>").count(), 2);
        assert!(page.contains("max=\"3\"") && page.contains("aria-label=\"Frame\""));
        assert!(page.contains("}, 250);"), "4 fps is 250 ms a frame");
        assert!(page.contains("prefers-reduced-motion"));
    }
}
