//! Notebook controls: a ```` ```rustlab-widget ```` fence (also ```` ```rlab-widget ````)
//! declares one, in TOML, as rustlab-notebook has them:
//!
//! ```toml
//! name = "amp"          # what `widget("amp")` reads; one control per name in a lesson
//! type = "slider"       # "slider" (min and max required), "number", or "option"
//! min = 0.1
//! max = 2.0
//! step = 0.1            # optional
//! default = 1.0         # within the bounds; for "option", one of `choices`
//! label = "Amplitude"   # optional, the name by default
//! ```
//!
//! A book is a snapshot: every control holds its default, which `widget(name)` returns to the
//! lesson's code, and its page shows the control at that value. A declaration that is not
//! valid is a load error at its line.

use crate::diagnostic::{Diagnostic, Kind};
use std::ops::Range;

/// One control of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Widget {
    pub name: String,
    pub label: String,
    pub control: Control,
    /// Bytes of the whole fence in the lesson's text, and its line.
    pub span: Range<usize>,
    pub line: u32,
}

/// What kind of control, with its bounds and value.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    Slider {
        min: f64,
        max: f64,
        step: Option<f64>,
        value: f64,
    },
    Number {
        min: Option<f64>,
        max: Option<f64>,
        step: Option<f64>,
        value: f64,
    },
    Choice {
        choices: Vec<String>,
        value: String,
    },
}

/// Whether a fence's info string opens a control.
pub fn is_widget(info: &str) -> bool {
    let lang = info.split([',', ' ', '\t', '{']).next().unwrap_or("");
    matches!(lang, "rustlab-widget" | "rlab-widget")
}

impl Widget {
    /// The control declared by `body` (the fence's text), whose fence is at `span`, line
    /// `line` of `display`; the body starts on the next line.
    pub fn parse(
        body: &str,
        span: Range<usize>,
        line: u32,
        display: &str,
    ) -> Result<Widget, Diagnostic> {
        let error = |at: u32, message: String| {
            Diagnostic::error(Kind::Load, format!("widget: {message}"))
                .in_file(display)
                .on_line(at, 1)
        };
        let table: toml::Table = toml::from_str(body).map_err(|e| {
            let at = e
                .span()
                .map_or(0, |s| body[..s.start].matches('\n').count());
            let message = e.message().trim().to_string();
            error(line + 1 + at as u32, format!("invalid TOML: {message}"))
        })?;
        let declared = Declared(&table);
        let name = declared.text("name").unwrap_or_default().trim().to_string();
        if name.is_empty() {
            return Err(error(line, "a control needs a `name`".into()));
        }
        let label = declared.text("label").unwrap_or(&name).to_string();
        let control = (declared.control(&name))
            .map_err(|m| at_key(body, line, display, &format!("widget: {m}")))?;
        Ok(Widget {
            name,
            label,
            control,
            span,
            line,
        })
    }

    /// The value `widget(name)` returns: the control's default.
    pub fn value(&self) -> rlab::value::Value {
        match &self.control {
            Control::Slider { value, .. } | Control::Number { value, .. } => {
                rlab::value::Value::Scalar(*value)
            }
            Control::Choice { value, .. } => rlab::value::Value::str(value.clone()),
        }
    }

    /// The value as the page shows it.
    pub fn shown(&self) -> String {
        match &self.control {
            Control::Slider { value, .. } | Control::Number { value, .. } => {
                rlab::display::scalar(*value)
            }
            Control::Choice { value, .. } => value.clone(),
        }
    }
}

/// A load error about a declaration, at the line of the key it names (`default`, …) with an
/// excerpt, or at the fence when no line holds that key.
fn at_key(body: &str, fence_line: u32, display: &str, message: &str) -> Diagnostic {
    const KEYS: [&str; 6] = ["default", "min", "max", "step", "choices", "type"];
    let key = if message.contains("unknown type") {
        Some("type")
    } else {
        KEYS.into_iter()
            .find(|k| message.contains(&format!("`{k}`")))
    };
    let found = key.and_then(|k| {
        body.lines().enumerate().find(|(_, l)| {
            let t = l.trim_start();
            t.strip_prefix(k)
                .is_some_and(|r| r.trim_start().starts_with('='))
        })
    });
    let d = Diagnostic::error(Kind::Load, message).in_file(display);
    match found {
        Some((i, text)) => {
            let col = (text.len() - text.trim_start().len()) as u32 + 1;
            let width = text.trim().chars().count();
            (d.at(fence_line + 1 + i as u32, col)).with_excerpt(text, width)
        }
        None => d.on_line(fence_line, 1),
    }
}

/// A declaration's keys.
struct Declared<'a>(&'a toml::Table);

impl Declared<'_> {
    fn text(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(toml::Value::as_str)
    }

    fn number(&self, key: &str) -> Result<Option<f64>, String> {
        match self.0.get(key) {
            None => Ok(None),
            Some(toml::Value::Integer(i)) => Ok(Some(*i as f64)),
            Some(toml::Value::Float(x)) if x.is_finite() => Ok(Some(*x)),
            Some(other) => Err(format!("`{key}` must be a number, got {other}")),
        }
    }

    fn control(&self, name: &str) -> Result<Control, String> {
        let kind = self.0.get("type").and_then(toml::Value::as_str);
        match kind {
            Some("slider") => self.slider(name),
            Some("number") => self.number_input(name),
            Some("option") => self.choice(name),
            Some(other) => Err(format!(
                "unknown type `{other}` (expected `slider`, `number`, or `option`)"
            )),
            None => Err(format!("control '{name}' needs a `type`")),
        }
    }

    fn slider(&self, name: &str) -> Result<Control, String> {
        let need = |key| {
            self.number(key)?
                .ok_or(format!("slider '{name}' requires `{key}`"))
        };
        let (min, max) = (need("min")?, need("max")?);
        if min >= max {
            return Err(format!("slider '{name}': `min` must be below `max`"));
        }
        let step = self.step(name)?;
        let value = self.number("default")?.unwrap_or(min);
        within(name, value, Some(min), Some(max))?;
        Ok(Control::Slider {
            min,
            max,
            step,
            value,
        })
    }

    fn number_input(&self, name: &str) -> Result<Control, String> {
        let (min, max) = (self.number("min")?, self.number("max")?);
        if let (Some(lo), Some(hi)) = (min, max)
            && lo > hi
        {
            return Err(format!("number '{name}': `min` must not be above `max`"));
        }
        let step = self.step(name)?;
        let value = self.number("default")?.or(min).unwrap_or(0.0);
        within(name, value, min, max)?;
        Ok(Control::Number {
            min,
            max,
            step,
            value,
        })
    }

    fn step(&self, name: &str) -> Result<Option<f64>, String> {
        match self.number("step")? {
            Some(s) if s <= 0.0 => Err(format!("control '{name}': `step` must be positive")),
            step => Ok(step),
        }
    }

    fn choice(&self, name: &str) -> Result<Control, String> {
        let list = self.0.get("choices").and_then(toml::Value::as_array);
        let choices: Option<Vec<String>> = list.map(|l| {
            (l.iter())
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect()
        });
        let choices = match choices {
            Some(c) if !c.is_empty() && Some(c.len()) == list.map(Vec::len) => c,
            _ => return Err(format!("option '{name}' needs `choices`, a list of text")),
        };
        let value = match self.0.get("default") {
            None => choices[0].clone(),
            Some(toml::Value::String(s)) if choices.contains(s) => s.clone(),
            Some(other) => {
                return Err(format!(
                    "option '{name}': `default` {other} is not one of its choices"
                ));
            }
        };
        Ok(Control::Choice { choices, value })
    }
}

fn within(name: &str, value: f64, min: Option<f64>, max: Option<f64>) -> Result<(), String> {
    let below = min.is_some_and(|lo| value < lo);
    let above = max.is_some_and(|hi| value > hi);
    if below || above {
        let shown = rlab::display::scalar(value);
        return Err(format!("'{name}': `default` {shown} is outside its bounds"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(body: &str) -> Result<Widget, String> {
        Widget::parse(body, 0..1, 10, "content/01-a.md").map_err(|d| d.text())
    }

    #[test]
    fn the_three_kinds_parse_with_their_defaults() {
        let slider = parse("name = \"amp\"\ntype = \"slider\"\nmin = 0.1\nmax = 2\nstep = 0.1\ndefault = 1.0\nlabel = \"Amplitude\"\n").unwrap();
        assert_eq!(
            (slider.name.as_str(), slider.label.as_str()),
            ("amp", "Amplitude")
        );
        assert_eq!(slider.value(), rlab::value::Value::Scalar(1.0));
        let number = parse("name = \"n\"\ntype = \"number\"\ndefault = 3\n").unwrap();
        assert_eq!((number.label.as_str(), number.shown().as_str()), ("n", "3"));
        let choice = parse("name = \"s\"\ntype = \"option\"\nchoices = [\"sine\", \"cosine\"]\ndefault = \"cosine\"\n").unwrap();
        assert_eq!(choice.value(), rlab::value::Value::str("cosine"));
        assert!(is_widget("rustlab-widget") && is_widget("rlab-widget") && !is_widget("rlab"));
    }

    #[test]
    fn mistakes_are_errors_at_their_line() {
        let cases = [
            (
                "name = \"a\"\ntype = \"slider\"\nmax = 1\n",
                "content/01-a.md:10: widget: slider 'a' requires `min`",
            ),
            (
                "name = \"a\"\ntype = \"dial\"\n",
                "content/01-a.md:12:1: widget: unknown type `dial` (expected `slider`, `number`, or `option`)",
            ),
            (
                "name = \"a\"\ntype = \"slider\"\nmin = 0\nmax = 1\ndefault = 2\n",
                "content/01-a.md:15:1: widget: 'a': `default` 2 is outside its bounds\n  15 | default = 2\n     | ^^^^^^^^^^^",
            ),
            (
                "name = \"a\"\ntype = \"option\"\nchoices = [\"x\"]\ndefault = \"y\"\n",
                "content/01-a.md:14:1: widget: option 'a': `default` \"y\" is not one of its choices",
            ),
            (
                "type = \"number\"\n",
                "content/01-a.md:10: widget: a control needs a `name`",
            ),
            (
                "name = \"a\"\n\ntype = = 1\n",
                "content/01-a.md:13: widget: invalid TOML",
            ),
        ];
        for (body, expected) in cases {
            let got = parse(body).unwrap_err();
            assert!(got.starts_with(expected), "{got}\nexpected {expected}");
        }
    }
}
