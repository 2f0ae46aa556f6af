//! Labelled values: what the "Expected Numerical Outputs Summary" lists of a run's `print`
//! calls. A call whose first argument is text and that prints a value after it gives rows:
//!
//! * `print("mean(v):", m)` → `mean(v):` | `3`;
//! * the rest of the call, as printed, is the value: `print("kept:", k, "of", n)` →
//!   `kept:` | `2 of 6`; a multi-line value (a matrix) keeps its first line and an ellipsis;
//! * when the first text ends with `=` or `:` (it reads as a label), every later text
//!   argument that also ends with `=` or `:`, holds more than that punctuation and is directly
//!   followed by a value starts a row of its own: `print("|a| =", x, "  |b| =", y)` →
//!   `|a| =` | `6.07` and `|b| =` | `9.20` (leading blanks, `,` and `;` are not part of a
//!   label). A lone `=` (`"3 *", d, "=", n`) continues the value, and a call whose first text
//!   does not read as a label (`print("After", n, "steps:")`) stays one row.

use rlab::{PrintCall, PrintItem};
use serde::{Deserialize, Serialize};

/// One row: a label and the value printed after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelledValue {
    pub label: String,
    pub value: String,
    /// The 0-based line of the run's printed text the `print` call started on.
    pub line: usize,
}

/// The labelled values of the `print` calls of a run that printed `text`.
pub fn labelled_values(text: &str, prints: &[PrintCall]) -> Vec<LabelledValue> {
    let mut rows = Vec::new();
    let (mut line, mut counted) = (0, 0);
    for call in prints {
        let upto = call.offset.min(text.len()).max(counted);
        line += text.as_bytes()[counted..upto]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        counted = upto;
        rows.extend(
            rows_of(&call.items)
                .into_iter()
                .map(|(label, value)| LabelledValue { label, value, line }),
        );
    }
    rows
}

/// The (label, value) rows of one call's arguments.
fn rows_of(items: &[PrintItem]) -> Vec<(String, String)> {
    let Some(PrintItem::Text(first)) = items.first() else {
        return Vec::new();
    };
    if first.trim().is_empty() || !items.iter().any(|i| matches!(i, PrintItem::Value(_))) {
        return Vec::new();
    }
    let split = reads_as_label(first);
    let mut starts = vec![0];
    for k in 1..items.len() {
        let followed_by_value = matches!(items.get(k + 1), Some(PrintItem::Value(_)));
        if let PrintItem::Text(t) = &items[k]
            && split
            && followed_by_value
            && reads_as_label(t)
        {
            starts.push(k);
        }
    }
    starts.push(items.len());
    starts
        .windows(2)
        .map(|w| (label_of(&items[w[0]]), value_of(&items[w[0] + 1..w[1]])))
        .collect()
}

/// Text that ends with `=` or `:` and holds something besides punctuation.
fn reads_as_label(text: &str) -> bool {
    let t = trim_label(text);
    t.ends_with(['=', ':'])
        && t.chars()
            .any(|c| !matches!(c, '=' | ':') && !c.is_whitespace())
}

fn trim_label(text: &str) -> &str {
    text.trim().trim_start_matches([',', ';']).trim_start()
}

fn label_of(item: &PrintItem) -> String {
    match item {
        PrintItem::Text(t) | PrintItem::Value(t) => trim_label(t).to_string(),
    }
}

/// The printed items of a value, joined as `print` joins them, first line only, without
/// trailing rules of dashes and the like (`print("--- d =", d, "---")` → `2`).
fn value_of(items: &[PrintItem]) -> String {
    let shown = match items.iter().rposition(|i| !is_decoration(i)) {
        Some(last) => &items[..=last],
        None => items,
    };
    let texts: Vec<&str> = shown
        .iter()
        .map(|i| match i {
            PrintItem::Text(t) | PrintItem::Value(t) => t.as_str(),
        })
        .collect();
    let joined = texts.join(" ");
    match joined.trim().split_once('\n') {
        Some((first, _)) => format!("{} …", first.trim_end()),
        None => joined.trim().to_string(),
    }
}

/// Text made only of rule characters (`---`, `===`, `***`), which decorates a line.
fn is_decoration(item: &PrintItem) -> bool {
    match item {
        PrintItem::Text(t) => {
            !t.trim().is_empty()
                && t.trim()
                    .chars()
                    .all(|c| matches!(c, '-' | '=' | '*' | '~' | '#' | '_'))
        }
        PrintItem::Value(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PrintItem::{Text, Value};

    fn call(offset: usize, items: Vec<PrintItem>) -> PrintCall {
        PrintCall { offset, items }
    }

    fn rows(items: Vec<PrintItem>) -> Vec<(String, String)> {
        labelled_values("", &[call(0, items)])
            .into_iter()
            .map(|v| (v.label, v.value))
            .collect()
    }

    fn pairs(want: &[(&str, &str)]) -> Vec<(String, String)> {
        want.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn one_row_per_label_and_value() {
        assert_eq!(
            rows(vec![Text("mean(v):   ".into()), Value("3".into())]),
            pairs(&[("mean(v):", "3")])
        );
        let kept = vec![
            Text("discarded: ".into()),
            Value("2".into()),
            Text("of".into()),
            Value("6".into()),
        ];
        assert_eq!(rows(kept), pairs(&[("discarded:", "2 of 6")]));
        assert!(rows(vec![Value("7".into())]).is_empty());
        assert!(rows(vec![Text("just text".into())]).is_empty());
        let matrix = vec![
            Text("P:".into()),
            Value("Matrix(2x2)\n  [1.000000, 0.000000]".into()),
        ];
        assert_eq!(rows(matrix), pairs(&[("P:", "Matrix(2x2) …")]));
    }

    #[test]
    fn several_labels_on_one_line_give_several_rows() {
        let two = vec![
            Text("|a| =".into()),
            Value("6.07".into()),
            Text("  |b| =".into()),
            Value("9.20".into()),
        ];
        assert_eq!(rows(two), pairs(&[("|a| =", "6.07"), ("|b| =", "9.20")]));
        let listed = vec![
            Text("counts at d =".into()),
            Value("64".into()),
            Text(", H =".into()),
            Value("4".into()),
            Text("; d_k:".into()),
            Value("16".into()),
        ];
        assert_eq!(
            rows(listed),
            pairs(&[("counts at d =", "64"), ("H =", "4"), ("d_k:", "16")])
        );
    }

    #[test]
    fn what_does_not_read_as_a_label_stays_in_the_value() {
        let formula = vec![
            Text("Formula: 3 * d =".into()),
            Value("64".into()),
            Text("=".into()),
            Value("192".into()),
        ];
        assert_eq!(rows(formula), pairs(&[("Formula: 3 * d =", "64 = 192")]));
        let sentence = vec![
            Text("After".into()),
            Value("5".into()),
            Text("steps: loss =".into()),
            Value("0.1".into()),
        ];
        assert_eq!(rows(sentence), pairs(&[("After", "5 steps: loss = 0.1")]));
        let trailing = vec![Text("x =".into()), Value("1".into()), Text("y =".into())];
        assert_eq!(rows(trailing), pairs(&[("x =", "1 y =")]));
        let units = vec![Text("t =".into()), Value("5".into()), Text("ms %".into())];
        assert_eq!(rows(units), pairs(&[("t =", "5 ms %")]));
    }

    #[test]
    fn trailing_rules_are_not_part_of_a_value() {
        let ruled = vec![
            Text("--- counts at d =".into()),
            Value("8".into()),
            Text("k =".into()),
            Value("2".into()),
            Text("---".into()),
        ];
        let want = pairs(&[("--- counts at d =", "8"), ("k =", "2")]);
        assert_eq!(rows(ruled), want);
    }

    #[test]
    fn each_value_knows_its_output_line() {
        let text = "a: 1\nnoise\nb: 2 c: 3\n";
        let prints = [
            call(0, vec![Text("a:".into()), Value("1".into())]),
            call(
                11,
                vec![
                    Text("b:".into()),
                    Value("2".into()),
                    Text("c:".into()),
                    Value("3".into()),
                ],
            ),
        ];
        let lines: Vec<(String, usize)> = labelled_values(text, &prints)
            .into_iter()
            .map(|v| (v.label, v.line))
            .collect();
        assert_eq!(
            lines,
            [("a:".into(), 0), ("b:".into(), 2), ("c:".into(), 2)]
        );
    }
}
