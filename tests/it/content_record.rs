//! The shipped course against its record, continued (helpers in `content`): each summary
//! row is a labelled value of the record entry it names (within that entry's tolerance), a
//! recorded number moved within the record's tolerance still checks locked and one moved
//! beyond it drifts, and an edited lesson drifts at the block's own place.

use crate::common;
use crate::content::{Course, built_course, read, shipped_copy, sources};

use rlbook::record::compare::{Tolerance, compare_lines};
use rlbook::record::format::{Entry, EntryKey, Record};

/// The summary table's rows: label, value and the entry that printed it.
fn summary_rows(page: &str) -> Vec<(String, String, EntryKey)> {
    let start = page
        .find("<table class=\"generated outputs-summary\">")
        .expect("a summary table");
    let table = &page[start..start + page[start..].find("</table>").unwrap()];
    let cell = |row: &str, n: usize| -> String {
        let text = row.split("<td>").nth(n).unwrap_or_default();
        let text = text.split("</td>").next().unwrap_or_default();
        let text = text
            .trim_start_matches("<code>")
            .trim_end_matches("</code>");
        common::unescape(text)
    };
    (table.split("<tr><td>").skip(1))
        .map(|row| {
            let row = format!("<td>{row}");
            let by = cell(&row, 3);
            let by = by
                .split('>')
                .nth(1)
                .and_then(|t| t.split('<').next())
                .unwrap();
            let key = match by.strip_prefix("block ") {
                Some(n) => EntryKey::Block(n.parse().expect("block number")),
                None => EntryKey::Script(by.to_string()),
            };
            (cell(&row, 1), cell(&row, 2), key)
        })
        .collect()
}

/// Whether some recorded line shows `label` followed by `value` (within `tol`; a multi-line
/// value's first line, shown with an ellipsis, counts by that line).
fn recorded_with_label(entry: &Entry, label: &str, value: &str, tol: Tolerance) -> bool {
    let value = value.trim_end_matches('…').trim_end();
    let words = value.split_whitespace().count();
    entry.text.lines().any(|line| {
        line.match_indices(label).any(|(at, _)| {
            let rest = &line[at + label.len()..];
            let shown: Vec<&str> = rest.split_whitespace().take(words).collect();
            compare_lines(
                &[&shown.join(" ")],
                &[&value.split_whitespace().collect::<Vec<_>>().join(" ")],
                tol,
            )
            .is_empty()
        })
    })
}

#[test]
fn the_summary_rows_are_labelled_values_of_the_record() {
    let course = built_course();
    let rows = summary_rows(&course.site(&format!("{}.html", course.slug())));
    assert!(!rows.is_empty());
    let unrecorded: Vec<String> = (rows.iter())
        .filter(|(label, value, key)| {
            let entry = course.entry(key);
            !entry.is_some_and(|e| recorded_with_label(e, label, value, course.tolerance(key)))
        })
        .map(|(label, value, key)| format!("{key}: {label} {value}"))
        .collect();
    assert!(
        unrecorded.is_empty(),
        "rows not in the record: {unrecorded:#?}"
    );
    let (label, value, key) = &rows[0];
    let moved = format!("{value} 1");
    let entry = course.entry(key).unwrap();
    assert!(!recorded_with_label(
        entry,
        label,
        &moved,
        course.tolerance(key)
    ));
    assert!(!recorded_with_label(
        entry,
        "no such label:",
        value,
        course.tolerance(key)
    ));
    let printers = |k: fn(&EntryKey) -> bool| {
        let mut keys: Vec<String> = (rows.iter())
            .filter(|r| k(&r.2))
            .map(|r| r.2.to_string())
            .collect();
        keys.dedup();
        keys.len()
    };
    assert!(
        printers(|k| matches!(k, EntryKey::Block(_))) > 1,
        "rows of several blocks"
    );
    assert!(
        printers(|k| matches!(k, EntryKey::Script(_))) > 1,
        "rows of several scripts"
    );
}

/// The first number of a block entry's printed text with the most significant digits: the
/// entry, the number as recorded and its value.
fn most_precise_number(record: &Record) -> (EntryKey, String, f64) {
    let digits = |t: &str| t.chars().filter(char::is_ascii_digit).count();
    let blocks = (record.entries.iter()).filter(|e| matches!(e.key, EntryKey::Block(_)));
    let words = blocks.flat_map(|e| e.text.split_whitespace().map(move |w| (e, w)));
    let numbers = words.filter_map(|(e, w)| Some((e, w, w.parse::<f64>().ok()?)));
    let (e, w, x) = numbers
        .filter(|(_, _, x)| *x != 0.0)
        .max_by_key(|(_, w, _)| digits(w))
        .expect("a printed number");
    (e.key.clone(), w.to_string(), x)
}

/// `rlbook check --locked` on a copy whose record has `number` in `key` replaced by `by`.
fn check_with_recorded(course: &Course, key: &EntryKey, number: &str, by: f64) -> common::Run {
    let copy = shipped_copy();
    let path = copy.path().join(format!("expected/{}.txt", course.slug()));
    let header = format!("=== {key} (");
    let text = read(&path);
    let at = text.find(&header).expect("the entry");
    let within = at + text[at..].find(&format!(" {number}")).expect("the number") + 1;
    let edited = format!(
        "{}{by:?}{}",
        &text[..within],
        &text[within + number.len()..]
    );
    std::fs::write(&path, edited).unwrap();
    let run = common::rlbook(copy.path(), &["check", "--locked"], &[]);
    drop(copy);
    run
}

#[test]
fn a_recorded_number_drifts_only_beyond_the_records_tolerance() {
    let course = built_course();
    let (key, number, x) = most_precise_number(&course.record);
    let tol = course.tolerance(&key);
    let slack = tol.atol + tol.rtol * x.abs();
    let within = check_with_recorded(&course, &key, &number, x + slack / 4.0);
    assert!(within.ok, "within the tolerance: {}", within.stderr);
    let beyond = check_with_recorded(&course, &key, &number, x + slack * 4.0);
    assert!(!beyond.ok, "beyond the tolerance, {number} must drift");
    let lesson = &course.book.lessons[0].display;
    let line = course.entry(&key).unwrap().line;
    assert!(
        beyond.stderr.contains(&format!("{lesson}:{line} {key}"))
            && beyond.stderr.contains(&number),
        "{}",
        beyond.stderr
    );
}

#[test]
fn an_edited_lesson_drifts_from_the_record() {
    let course = built_course();
    let copy = shipped_copy();
    let lesson = &course.book.lessons[0];
    let (fence_lines, _) = sources(&course);
    let source = read(&lesson.path);
    let mut lines: Vec<&str> = source.lines().collect();
    let first = fence_lines[0] as usize;
    lines.insert(first, "print(\"an edit:\", 1)");
    let path = copy
        .path()
        .join(lesson.path.strip_prefix(course.root()).unwrap());
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let run = common::rlbook(copy.path(), &["check", "--locked"], &[]);
    assert!(!run.ok, "an edited block must drift");
    let place = format!("{}:{first} block 1", lesson.display);
    assert!(run.stderr.contains(&place), "{place}: {}", run.stderr);
}
