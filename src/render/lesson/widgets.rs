//! A lesson's controls (```` ```rustlab-widget ```` fences) on its page: each is shown as the
//! form control it declares (a slider, a number input, a choice of options), disabled and set
//! to the value the book was built with, since a book's outputs are a snapshot of that value.

use crate::book::widget::{Control, Widget};
use crate::markup::escape;
use rlab::display::scalar;

/// The control `w` as HTML.
pub(super) fn html(w: &Widget) -> String {
    let name = escape(&w.name);
    let label = escape(&w.label);
    let id = format!("widget-{}", slug(&w.name));
    let kind = match w.control {
        Control::Slider { .. } => "slider",
        Control::Number { .. } => "number",
        Control::Choice { .. } => "option",
    };
    let mut html = format!(
        "<fieldset class=\"rlab-widget\" data-widget=\"{name}\" data-widget-type=\"{kind}\" disabled>\n<legend>{label}</legend>\n"
    );
    html.push_str(&input(w, &id, &name, &label));
    html.push_str(
        "<p class=\"widget-note\">The value this page was built with.</p>\n</fieldset>\n",
    );
    html
}

fn input(w: &Widget, id: &str, name: &str, label: &str) -> String {
    let bounds = |min: Option<f64>, max: Option<f64>, step: Option<f64>| {
        [("min", min), ("max", max), ("step", step)]
            .iter()
            .filter_map(|(k, v)| v.map(|v| format!(" {k}=\"{}\"", scalar(v))))
            .collect::<String>()
    };
    match &w.control {
        Control::Slider {
            min,
            max,
            step,
            value,
        } => format!(
            "<input type=\"range\" id=\"{id}\" name=\"{name}\" aria-label=\"{label}\"{} value=\"{v}\">\n<output for=\"{id}\">{v}</output>\n",
            bounds(Some(*min), Some(*max), *step),
            v = scalar(*value)
        ),
        Control::Number {
            min,
            max,
            step,
            value,
        } => format!(
            "<input type=\"number\" id=\"{id}\" name=\"{name}\" aria-label=\"{label}\"{} value=\"{}\">\n",
            bounds(*min, *max, *step),
            scalar(*value)
        ),
        Control::Choice { choices, value } => (choices.iter().enumerate())
            .map(|(i, c)| {
                let checked = if c == value { " checked" } else { "" };
                let c = escape(c);
                format!(
                    "<label><input type=\"radio\" id=\"{id}-{i}\" name=\"{name}\" value=\"{c}\"{checked}> {c}</label>\n"
                )
            })
            .collect(),
    }
}

/// The control as one line of the Markdown book (and so of the EPUB and the PDF):
/// `**Amplitude:** `1` (slider from 0.1 to 2)`.
pub(crate) fn markdown(w: &Widget) -> String {
    let range = |min: Option<f64>, max: Option<f64>| match (min, max) {
        (Some(lo), Some(hi)) => format!(" from {} to {}", scalar(lo), scalar(hi)),
        (Some(lo), None) => format!(" from {}", scalar(lo)),
        (None, Some(hi)) => format!(" up to {}", scalar(hi)),
        (None, None) => String::new(),
    };
    let what = match &w.control {
        Control::Slider { min, max, .. } => format!("slider{}", range(Some(*min), Some(*max))),
        Control::Number { min, max, .. } => format!("number{}", range(*min, *max)),
        Control::Choice { choices, .. } => format!("one of {}", choices.join(", ")),
    };
    format!(
        "**{}:** `{}` ({what})\n",
        w.label.replace('*', "\\*"),
        w.shown()
    )
}

/// An id made of the name's letters, digits, `-` and `_`.
fn slug(name: &str) -> String {
    (name.chars())
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widget(body: &str) -> Widget {
        Widget::parse(body, 0..1, 1, "content/01-a.md").unwrap()
    }

    #[test]
    fn each_kind_is_a_disabled_control_at_its_value() {
        let slider = widget(
            "name = \"amp\"\ntype = \"slider\"\nmin = 0.1\nmax = 2\nstep = 0.1\ndefault = 1\nlabel = \"A <b>\"\n",
        );
        let shown = html(&slider);
        assert!(shown.starts_with("<fieldset class=\"rlab-widget\" data-widget=\"amp\" data-widget-type=\"slider\" disabled>\n<legend>A &lt;b&gt;</legend>\n"), "{shown}");
        assert!(shown.contains("<input type=\"range\" id=\"widget-amp\" name=\"amp\" aria-label=\"A &lt;b&gt;\" min=\"0.1\" max=\"2\" step=\"0.1\" value=\"1\">\n<output for=\"widget-amp\">1</output>"), "{shown}");
        assert_eq!(markdown(&slider), "**A <b>:** `1` (slider from 0.1 to 2)\n");
        let choice = widget("name = \"s\"\ntype = \"option\"\nchoices = [\"sine\", \"cosine\"]\n");
        let shown = html(&choice);
        assert!(shown.contains("<label><input type=\"radio\" id=\"widget-s-0\" name=\"s\" value=\"sine\" checked> sine</label>"), "{shown}");
        assert_eq!(markdown(&choice), "**s:** `sine` (one of sine, cosine)\n");
        let number = widget("name = \"n 1\"\ntype = \"number\"\nmin = 1\n");
        assert!(
            html(&number).contains(
                "id=\"widget-n-1\" name=\"n 1\" aria-label=\"n 1\" min=\"1\" value=\"1\">"
            )
        );
    }
}
