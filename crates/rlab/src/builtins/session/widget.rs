//! `widget(name)`: the value of an interactive control a notebook declares in a
//! ```` ```rustlab-widget ```` fence (rustlab's interactive widgets).
//!
//! The language does not read fences: the embedder (rlbook's Markdown pipeline) declares each
//! widget's value with [`crate::Session::set_widget`] before running the blocks after it. A
//! book is rendered statically, so that value is the declared `default`, which is what
//! rustlab's `widget()` returns outside its live server. A slider or number widget gives a
//! Scalar, an option widget a string.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

/// `widget("name")`: the declared value of the widget called `name`.
pub(super) fn widget(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let name = args.str(0)?;
    match interp.session.widgets.get(name) {
        Some(value) => Ok(value.clone()),
        None => Err(LangError::runtime(format!(
            "widget: no widget named '{name}' is declared (declare it in a ```rustlab-widget block before the code that reads it)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use crate::value::Value;
    use crate::{Config, Session};

    #[test]
    fn a_declared_widget_reads_its_value_and_an_undeclared_one_fails() {
        let mut session = Session::new(Config::default(), Some(1));
        session.set_widget("amp", Value::Scalar(1.5));
        session.set_widget("shape", Value::str("sine"));
        let out = session.run_block(
            "t.rlab",
            1,
            "print(2 * widget(\"amp\"), widget(\"shape\"))\n",
        );
        assert!(out.error.is_none(), "{:?}", out.error);
        assert_eq!(out.text, "3 sine\n");
        let out = session.run_block("t.rlab", 1, "widget(\"typo\")\n");
        let message = out.error.expect("an error").message();
        assert!(message.contains("no widget named 'typo'"), "{message}");
        let out = session.run_block("t.rlab", 1, "widget(3)\n");
        assert!(out.error.is_some());
    }
}
