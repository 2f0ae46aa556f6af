//! Struct and cell queries: `isstruct`, `fieldnames` (prints the sorted names, as rustlab
//! does, and returns none), `isfield`, `rmfield` (a copy without one field) and `iscell`
//! (true for string arrays, rlab's only cells).

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

pub(super) fn isstruct(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Bool(matches!(args.value(0)?, Value::Struct(_))))
}

pub(super) fn iscell(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Bool(matches!(args.value(0)?, Value::StrArray(_))))
}

/// The fields of argument 0 (`NAME() requires a struct, got scalar`).
fn fields(args: &Args) -> LangResult<&Arc<BTreeMap<String, Value>>> {
    match args.value(0)? {
        Value::Struct(fields) => Ok(fields),
        other => Err(LangError::runtime(format!(
            "{}() requires a struct, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// Prints `  name` for each field in sorted order.
pub(super) fn fieldnames(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    for name in fields(&args)?.keys() {
        interp.print_line(&format!("  {name}"));
    }
    Ok(Value::None)
}

pub(super) fn isfield(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let name = args.str(1)?;
    Ok(Value::Bool(fields(&args)?.contains_key(name)))
}

pub(super) fn rmfield(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let name = args.str(1)?;
    let mut copy = (**fields(&args)?).clone();
    if copy.remove(name).is_none() {
        return Err(LangError::runtime(format!("struct has no field '{name}'")));
    }
    Ok(Value::Struct(Arc::new(copy)))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use super::*;
    use crate::builtins::numeric::testing::*;

    fn point() -> Value {
        let mut f = BTreeMap::new();
        f.insert("y".to_string(), s(2.0));
        f.insert("x".to_string(), s(1.0));
        Value::Struct(Arc::new(f))
    }

    #[test]
    fn struct_queries() {
        assert_eq!(
            call(TABLE, "isstruct", vec![point()]).unwrap(),
            Value::Bool(true)
        );
        assert_eq!(
            call(TABLE, "isstruct", vec![s(4.0)]).unwrap(),
            Value::Bool(false)
        );
        let has = |f: &str| call(TABLE, "isfield", vec![point(), Value::str(f)]).unwrap();
        assert_eq!(
            (has("x"), has("w")),
            (Value::Bool(true), Value::Bool(false))
        );
        let cell = Value::StrArray(Arc::new(vec!["a".into()]));
        assert_eq!(
            call(TABLE, "iscell", vec![cell]).unwrap(),
            Value::Bool(true)
        );
        assert_eq!(
            call(TABLE, "iscell", vec![v(&[1.0])]).unwrap(),
            Value::Bool(false)
        );
    }

    #[test]
    fn fieldnames_prints_sorted_names() {
        let mut interp = interp();
        let r = call_in(&mut interp, TABLE, "fieldnames", vec![point()], 1).unwrap();
        assert_eq!(r, Value::None);
        assert_eq!(interp.out, "  x\n  y\n");
        assert_eq!(
            error(TABLE, "fieldnames", vec![s(1.0)]),
            "runtime error: fieldnames() requires a struct, got scalar"
        );
    }

    #[test]
    fn rmfield_copies_without_the_field() {
        let r = call(TABLE, "rmfield", vec![point(), Value::str("x")]).unwrap();
        let Value::Struct(f) = r else { panic!() };
        assert_eq!(f.keys().collect::<Vec<_>>(), ["y"]);
        assert_eq!(
            error(TABLE, "rmfield", vec![point(), Value::str("z")]),
            "runtime error: struct has no field 'z'"
        );
        assert!(error(TABLE, "rmfield", vec![point(), s(1.0)]).contains("expected string"));
    }
}
