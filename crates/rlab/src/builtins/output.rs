//! Builtins: output (spec §8.2, §10.8): `print` (displays joined by one space, then a
//! newline), `disp`, `fprintf` (no newline added), `sprintf` (returns a Str) and `error`
//! (raises a runtime error). Values are formatted only by [`crate::display`] and
//! formats only by [`crate::format`].

use super::{Args, Builtin};
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::{Interp, PrintCall, PrintItem};
use crate::format;
use crate::value::Value;

/// `print` takes at most this many arguments (rustlab's limit).
const PRINT_MAX_ARGS: usize = 16;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "print",
        func: print,
        doc: "print(a, b, ...): the displays of up to 16 values joined by one space, then a newline",
    },
    Builtin {
        name: "disp",
        func: disp,
        doc: "disp(x): the display of x, then a newline",
    },
    Builtin {
        name: "fprintf",
        func: fprintf,
        doc: "fprintf(fmt, ...): print formatted text (no newline added; write \\n)",
    },
    Builtin {
        name: "sprintf",
        func: sprintf,
        doc: "sprintf(fmt, ...): formatted text as a string",
    },
    Builtin {
        name: "help",
        func: help,
        doc: "help() | help(\"name\"): list the builtins, or print one builtin's description",
    },
    Builtin {
        name: "error",
        func: error,
        doc: "error(msg) | error(fmt, ...): stop with a runtime error carrying the (formatted) message",
    },
];

fn print(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, PRINT_MAX_ARGS)?;
    let items: Vec<PrintItem> = args
        .values
        .iter()
        .map(|v| match v {
            Value::Str(s) => PrintItem::Text(s.clone()),
            other => PrintItem::Value(display::value_in(other, interp.number_format)),
        })
        .collect();
    let texts: Vec<&str> = items
        .iter()
        .map(|i| match i {
            PrintItem::Text(t) | PrintItem::Value(t) => t.as_str(),
        })
        .collect();
    let offset = interp.out.len();
    interp.print_line(&texts.join(" "));
    interp.prints.push(PrintCall { offset, items });
    Ok(Value::None)
}

/// `help()` lists the builtins; `help("name")` prints one builtin's doc line.
fn help(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 1)?;
    if args.is_empty() {
        let mut names: Vec<&str> = super::all().map(|b| b.name).collect();
        names.sort_unstable();
        interp.print_line(&names.join(" "));
        return Ok(Value::None);
    }
    let name = args.str(0)?;
    match super::lookup(name) {
        Some(b) => interp.print_line(b.doc),
        None => return Err(LangError::undefined_function(name)),
    }
    Ok(Value::None)
}

fn disp(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let text = display::value_in(args.value(0)?, interp.number_format);
    interp.print_line(&text);
    Ok(Value::None)
}

/// The text of `fmt` (argument 0) applied to the remaining arguments.
fn formatted(args: &Args) -> LangResult<String> {
    if args.is_empty() {
        return Err(LangError::name(format!(
            "wrong number of arguments for '{}': expected at least 1, got 0",
            args.name
        )));
    }
    let fmt = args.str(0)?;
    format::sprintf(fmt, &args.values[1..])
}

fn fprintf(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let text = formatted(&args)?;
    interp.print_raw(&text);
    Ok(Value::None)
}

fn sprintf(_: &mut Interp, args: Args) -> LangResult<Value> {
    Ok(Value::Str(formatted(&args)?))
}

/// `error(msg)` uses the message as it is (a non-string as its display, MATLAB's and
/// rustlab's reading); with more arguments the first one is a format.
fn error(_: &mut Interp, args: Args) -> LangResult<Value> {
    let message = match args.values.as_slice() {
        [Value::Str(text)] => text.clone(),
        [other] => display::value(other),
        _ => formatted(&args)?,
    };
    Err(LangError::runtime(message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::lookup;
    use crate::error::ErrorKind;
    use crate::eval::Config;
    use crate::rng::Rng;

    /// Run a builtin; return its result and what it printed.
    fn run(name: &str, args: Vec<Value>) -> (LangResult<Value>, String) {
        let mut interp = Interp::new(Config::default(), Rng::seeded(0));
        let result = match lookup(name) {
            Some(b) => (b.func)(&mut interp, Args::new(b.name, args, 1)),
            None => Err(LangError::undefined_function(name)),
        };
        (result, interp.out)
    }

    fn message(result: LangResult<Value>) -> String {
        result
            .map(|v| format!("unexpected {v:?}"))
            .unwrap_or_else(|e| e.message)
    }

    #[test]
    fn print_records_labels_apart_from_values() {
        let mut interp = Interp::new(Config::default(), Rng::seeded(0));
        let b = lookup("print").unwrap();
        let args = vec![Value::str("mean:"), Value::Scalar(3.0)];
        (b.func)(&mut interp, Args::new(b.name, args, 1)).unwrap();
        assert_eq!(
            interp.prints,
            vec![PrintCall {
                offset: 0,
                items: vec![
                    PrintItem::Text("mean:".into()),
                    PrintItem::Value("3".into())
                ]
            }]
        );
    }

    #[test]
    fn help_lists_builtins_and_prints_docs() {
        let (result, out) = run("help", vec![]);
        assert!(result.is_ok());
        assert!(out.contains(" print ") && out.contains(" zeros"), "{out}");
        let (_, out) = run("help", vec![Value::str("print")]);
        assert!(out.starts_with("print(a, b, ...)"), "{out}");
        let (result, _) = run("help", vec![Value::str("nope")]);
        assert_eq!(message(result), "undefined function 'nope'");
    }

    #[test]
    fn print_joins_displays_with_one_space() {
        let args = vec![
            Value::str("std(v) (pop):      "),
            Value::Scalar(std::f64::consts::SQRT_2),
        ];
        let (result, out) = run("print", args);
        assert_eq!(result.unwrap(), Value::None);
        assert_eq!(out, "std(v) (pop):       1.4142135623730951\n");
        let args = vec![
            Value::str("Dot product h . e:"),
            Value::Scalar(0.0),
            Value::str("  l . l:"),
            Value::Scalar(1.0),
        ];
        assert_eq!(run("print", args).1, "Dot product h . e: 0   l . l: 1\n");
        let row_sums = Value::matrix_rows(2, 1, vec![1.0, 1.0]);
        let (_, out) = run("print", vec![Value::str("Row sums:"), row_sums]);
        assert_eq!(out, "Row sums: Matrix(2x1)\n  [1.000000]\n  [1.000000]\n");
        let v = Value::row(vec![64.0, 32.0]);
        let (_, out) = run("print", vec![Value::str("PE shape:"), v]);
        assert_eq!(out, "PE shape: [1×2]  64.000000  32.000000\n");
    }

    #[test]
    fn print_without_arguments_and_with_too_many() {
        assert_eq!(run("print", vec![]).1, "\n");
        let (result, out) = run("print", vec![Value::Scalar(1.0); 17]);
        assert_eq!(
            message(result),
            "wrong number of arguments for 'print': expected 0..16, got 17"
        );
        assert_eq!(out, "");
        assert_eq!(run("print", vec![Value::Scalar(1.0); 16]).1.len(), 32);
    }

    #[test]
    fn disp_prints_one_display() {
        let (result, out) = run("disp", vec![Value::Bool(true)]);
        assert_eq!(result.unwrap(), Value::None);
        assert_eq!(out, "true\n");
        assert_eq!(
            message(run("disp", vec![]).0),
            "wrong number of arguments for 'disp': expected 1, got 0"
        );
    }

    #[test]
    fn fprintf_adds_no_newline() {
        let (result, out) = run("fprintf", vec![Value::str("x=%.2f"), Value::Scalar(0.5)]);
        assert_eq!(result.unwrap(), Value::None);
        assert_eq!(out, "x=0.50");
        assert_eq!(run("fprintf", vec![Value::str("a\\nb\\n")]).1, "a\nb\n");
        assert_eq!(
            message(run("fprintf", vec![Value::Scalar(1.0)]).0),
            "fprintf: expected string, got scalar"
        );
        assert_eq!(
            message(run("fprintf", vec![]).0),
            "wrong number of arguments for 'fprintf': expected at least 1, got 0"
        );
    }

    #[test]
    fn sprintf_returns_a_string() {
        let (result, out) = run(
            "sprintf",
            vec![Value::str("%d-%d"), Value::row(vec![1.0, 2.0])],
        );
        assert_eq!(result.unwrap(), Value::str("1-2"));
        assert_eq!(out, "");
        assert_eq!(
            message(run("sprintf", vec![Value::str("%d")]).0),
            "format: not enough arguments for '%d'"
        );
    }

    #[test]
    fn error_raises_a_runtime_error() {
        let (result, _) = run("error", vec![Value::str("bad %d thing")]);
        let err = result.unwrap_err();
        assert_eq!(err.kind, ErrorKind::Runtime);
        assert_eq!(err.message, "bad %d thing");
        let formatted = run("error", vec![Value::str("k = %d"), Value::Scalar(3.0)]).0;
        assert_eq!(message(formatted), "k = 3");
        assert_eq!(message(run("error", vec![Value::Scalar(2.5)]).0), "2.5");
        assert_eq!(
            message(run("error", vec![]).0),
            "wrong number of arguments for 'error': expected at least 1, got 0"
        );
    }
}
