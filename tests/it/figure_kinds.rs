//! The figure kinds of rustlab's reference through the binary: the fixture book
//! `figure-kinds` (contour lines, filled contours, quiver, streamlines, a heatmap with a held
//! vector field and contours, stem, log-log, polar, a response in dB, a Smith chart, pictures
//! from `image` and a `waterfall`) builds locked to its record, and each figure's SVG,
//! description, data table and CSV say what it shows; its animation is a player over frame
//! files in HTML and a strip of frames in the Markdown book.

use crate::common;
use crate::common::read;

#[test]
fn every_new_figure_kind_builds_locked_with_its_data() {
    let dir = common::fixture_book("figure-kinds");
    let run = common::rlbook(dir.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    let fields = "site/figures/01-fields";
    let contourf = read(dir.path(), &format!("{fields}/block-2-1.csv"));
    assert!(
        contourf
            .lines()
            .filter(|l| l.starts_with("1,contourf,"))
            .count()
            == 41 * 41
    );
    let quiver = read(dir.path(), &format!("{fields}/block-3-1.csv"));
    assert!(
        quiver.contains("1,quiver,quiver: u,0.5,0.5,-0.5\n"),
        "{quiver}"
    );
    let svg = read(dir.path(), &format!("{fields}/block-2-1.svg"));
    assert!(
        svg.contains("filled contour plot of 41×41 values in"),
        "{svg}"
    );
    let svg = read(dir.path(), &format!("{fields}/block-5-1.svg"));
    assert!(
        svg.contains("Over it: vector field and contour plot."),
        "{svg}"
    );
    let svg = read(dir.path(), &format!("{fields}/block-3-1.svg"));
    assert!(svg.contains("Vector field with 1 series"), "{svg}");
    let stream = read(dir.path(), &format!("{fields}/block-4-1.svg"));
    assert!(stream.contains("Streamline plot"), "{stream}");
    assert!(
        stream.len() < 200_000,
        "streamlines stay small: {}",
        stream.len()
    );
    let page = read(dir.path(), "site/01-fields.html");
    assert!(
        page.contains("\"bands\":{\"x\":["),
        "filled contours send their samples"
    );
    assert!(
        page.contains("\"kind\":\"quiver\""),
        "quiver arrows reach the page"
    );
    let smith = read(dir.path(), "site/figures/02-curves/block-5-1.svg");
    assert!(smith.contains("Line chart with 1 series: S11"), "{smith}");
    let record = read(dir.path(), "expected/02-curves.txt");
    assert!(
        !record.contains("\"kind\":\"guide\""),
        "the Smith grid is not data"
    );
    let loglog = read(dir.path(), "expected/02-curves.txt");
    assert!(loglog.contains("\"log_x\":true"), "log x is recorded");
}

#[test]
fn an_animation_is_a_player_in_html_and_a_strip_in_markdown() {
    let dir = common::fixture_book("figure-kinds");
    let run = common::rlbook(dir.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    let page = read(dir.path(), "site/03-animation.html");
    let folder = "figures/03-animation/block-1-anim-1";
    assert!(
        page.contains("<figure class=\"rla\" id=\"rla1-1\" data-fps=\"6\""),
        "{page}"
    );
    assert!(page.contains(&format!(
        "src=\"{folder}/frame-1.svg\" alt=\"k = 1, frame 1 of 12\""
    )));
    for k in 1..=12 {
        let frame = read(dir.path(), &format!("site/{folder}/frame-{k}.svg"));
        assert!(frame.contains(&format!("k = {k}")), "frame {k}");
        assert!(
            dir.path()
                .join(format!("site/{folder}/frame-{k}.csv"))
                .is_file()
        );
    }
    let md = read(dir.path(), "book/03-animation.md");
    assert!(
        md.contains("*Animation pulse.html: 12 frames at 6 frames per second; frames 1, 3, 5, 8, 10, 12 shown.*"),
        "{md}"
    );
    assert_eq!(md.matches("](plots/03-animation/").count(), 6, "{md}");
    let record = read(dir.path(), "expected/03-animation.txt");
    assert_eq!(record.matches("frame ").count(), 12, "{record}");
}

#[test]
fn images_and_waterfalls_carry_their_pixels_and_rows() {
    let dir = common::fixture_book("figure-kinds");
    let run = common::rlbook(dir.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    let images = "site/figures/05-images";
    let grey = read(dir.path(), &format!("{images}/block-1-1.svg"));
    assert!(
        grey.contains("image of 32×32 pixels, values from 0 to 248 (of 0 to 255, colormap gray)."),
        "{grey}"
    );
    let rgb = read(dir.path(), &format!("{images}/block-3-1.csv"));
    assert!(rgb.contains("\n1,image,red,26,7,200\n1,image,green,26,7,124\n1,image,blue,26,7,48\n"));
    assert_eq!(
        rgb.lines().filter(|l| l.starts_with("1,image,")).count(),
        3 * 32 * 32
    );
    let page = read(dir.path(), "site/05-images.html");
    assert!(
        page.contains("\"kind\":\"image\""),
        "image panels reach the page"
    );
    assert!(
        page.contains("\"channels\":3"),
        "a true-colour image sends its channels"
    );
    let record = read(dir.path(), "expected/05-images.txt");
    assert!(
        record.contains("grid {\"kind\":\"image\",\"rows\":32,\"cols\":32,\"colormap\":\"rgb\"")
    );
    let fall = read(dir.path(), &format!("{images}/block-4-1.svg"));
    assert!(fall.contains("heatmap of 45×65 values"), "{fall}");
    assert!(record.contains("| [1×2]  45.000000  65.000000\n| 1.44 0.032\n"));
}
