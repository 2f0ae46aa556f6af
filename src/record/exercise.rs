//! An exercise's check as a record entry's text: each checked variable as `name = RxC` and
//! its rows (text as `name = "…"`), then each answer as `answer k = value`. Numbers are
//! written in full (the shortest text that reads back as the same number), so the drift
//! check compares them within the exercise's tolerance like any printed number.

use crate::exec::exercise::ExerciseRun;
use rlab_page::check::Expected;
use std::fmt::Write as _;

/// The entry text of an exercise's check.
pub(super) fn text(run: &ExerciseRun) -> String {
    let mut out = String::new();
    for (name, value) in &run.values {
        match value {
            Ok(Expected::Numbers { rows, cols, re, im }) => {
                let _ = writeln!(out, "{name} = {rows}x{cols}");
                rows_of(&mut out, *rows, *cols, re);
                if let Some(im) = im {
                    let _ = writeln!(out, "{name} imaginary part");
                    rows_of(&mut out, *rows, *cols, im);
                }
            }
            Ok(Expected::Text { text }) => {
                let _ = writeln!(out, "{name} = {text:?}");
            }
            Err(why) => {
                let _ = writeln!(out, "{name}: error: {why}");
            }
        }
    }
    for (k, answer) in run.answers.iter().enumerate() {
        let _ = match answer {
            Ok(x) => writeln!(out, "answer {} = {x:?}", k + 1),
            Err(e) => writeln!(out, "answer {}: error: {}", k + 1, e.error),
        };
    }
    out.trim_end().to_string()
}

/// The rows of a column-major `rows`×`cols` array, one line each.
fn rows_of(out: &mut String, rows: usize, cols: usize, values: &[f64]) {
    for r in 0..rows {
        let row: Vec<String> = (0..cols)
            .map(|c| format!("{:?}", values[c * rows + r]))
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_answers_are_written_in_full() {
        let run = ExerciseRun {
            values: vec![
                (
                    "A".into(),
                    Ok(Expected::Numbers {
                        rows: 2,
                        cols: 2,
                        re: vec![0.1, 0.2, 1.0, f64::NAN],
                        im: None,
                    }),
                ),
                ("s".into(), Ok(Expected::Text { text: "hi".into() })),
                ("q".into(), Err("not set".into())),
            ],
            answers: vec![Ok(4.0), Ok(1e-20)],
        };
        assert_eq!(
            text(&run),
            "A = 2x2\n0.1 1.0\n0.2 NaN\ns = \"hi\"\nq: error: not set\nanswer 1 = 4.0\nanswer 2 = 1e-20"
        );
    }
}
