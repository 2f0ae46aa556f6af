//! Expression evaluation: literals, variables, operators (with `&&`/`||` short-circuit),
//! ranges, transposes, matrix and string-array literals, lambdas and handles. Calls and
//! indexing are resolved in `call`; index reads in `index`.

use super::Interp;
use crate::ast::{BinOp, Expr, ExprKind, UnOp};
use crate::error::{LangError, LangResult};
use crate::grad;
use crate::ops;
use crate::value::{IntArray, IntClass, Lambda, Value};
use std::borrow::Cow;
use std::sync::Arc;

impl Interp {
    /// Evaluate an expression for one value.
    pub(crate) fn eval(&mut self, e: &Expr) -> LangResult<Value> {
        if matches!(e.kind, ExprKind::Binary(..) | ExprKind::Unary(..)) && e.scalar.try_now() {
            match self.try_scalar(e) {
                Some(x) => return Ok(Value::Scalar(x)),
                None => e.scalar.failed(),
            }
        }
        self.eval_with_nargout(e, 1)
    }

    /// Evaluate an expression whose value feeds `nargout` names (`[a, b] = f(...)`): direct
    /// calls are told how many outputs are wanted.
    pub(crate) fn eval_with_nargout(&mut self, e: &Expr, nargout: usize) -> LangResult<Value> {
        self.nested(|interp| interp.eval_kind(e, nargout))
            .map_err(|err| err.at(e.span))
    }

    /// Evaluate a prose interpolation expression at top level.
    pub(crate) fn eval_inline(&mut self, e: &Expr) -> LangResult<Value> {
        self.eval(e)
    }

    fn eval_kind(&mut self, e: &Expr, nargout: usize) -> LangResult<Value> {
        match &e.kind {
            ExprKind::Number(x) => Ok(Value::Scalar(*x)),
            ExprKind::IntLit(x) => {
                let class = IntClass::smallest_unsigned(*x);
                let value = IntArray::scalar(class, false, i128::from(*x));
                Ok(Value::Int(Arc::new(value)))
            }
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Ident(var) => self.read_var(var),
            ExprKind::End => self
                .end_values
                .last()
                .map(|&n| Value::Scalar(n))
                .ok_or_else(|| LangError::runtime("'end' is only valid inside index arguments")),
            ExprKind::Colon => Err(LangError::runtime(
                "':' alone is only valid as an index argument",
            )),
            ExprKind::Unary(op, operand) => {
                let v = self.eval(operand)?;
                match op {
                    UnOp::Neg => grad::negate(self, &v),
                    UnOp::Not => ops::not(&v),
                }
            }
            ExprKind::Binary(op, lhs, rhs) => self.eval_binary(*op, lhs, rhs),
            ExprKind::Range { start, step, stop } => self.eval_range(start, step.as_deref(), stop),
            ExprKind::Transpose { operand, conjugate } => {
                let v = self.eval(operand)?;
                grad::transpose(self, &v, *conjugate)
            }
            ExprKind::CallOrIndex { name, args } => self.call_or_index(name, args, nargout),
            ExprKind::Index { target, args } => {
                let v = self.eval(target)?;
                self.index_chained(&v, args)
            }
            ExprKind::Field { target, name } => {
                let v = self.eval(target)?;
                field(&v, name)
            }
            ExprKind::MethodCall { target, name, args } => {
                let receiver = self.eval(target)?;
                self.method_call(receiver, name, args, nargout)
            }
            ExprKind::Matrix(rows) => self.eval_matrix(rows),
            ExprKind::Cell(items) => self.eval_cell(items),
            ExprKind::Lambda(def) => Ok(Value::Lambda(Arc::new(Lambda {
                def: Arc::clone(def),
                captured: Arc::new(self.vars.clone()),
            }))),
            ExprKind::Handle(name) => Ok(Value::Handle(name.clone())),
        }
    }

    fn eval_binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr) -> LangResult<Value> {
        match op {
            BinOp::AndAnd | BinOp::OrOr => {
                let left = ops::logical_operand(&self.eval(lhs)?)?;
                let decided = if op == BinOp::AndAnd { !left } else { left };
                if decided {
                    return Ok(Value::Bool(left));
                }
                let right = ops::logical_operand(&self.eval(rhs)?)?;
                Ok(Value::Bool(right))
            }
            BinOp::Mul if is_transpose(lhs) || is_transpose(rhs) => self.eval_product(lhs, rhs),
            _ => {
                if let Some(result) = self.binary_in_place(op, lhs, rhs) {
                    return result;
                }
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                grad::binary_owned(self, op, a, b)
            }
        }
    }

    /// `a op b` when each operand is a variable that is set or a number written out, read
    /// where it is: no reference count is touched (cloning and dropping a variable's `Arc`
    /// are two atomic operations, a real share of an operator on a small array). Such
    /// operands have no side effects, so reading them in place is reading them in order.
    /// `None` for any other operand, an unset name (a constant, an error: the general path's
    /// business) and a value `grad` follows.
    fn binary_in_place(&self, op: BinOp, lhs: &Expr, rhs: &Expr) -> Option<LangResult<Value>> {
        let (a, b) = (self.operand_in_place(lhs)?, self.operand_in_place(rhs)?);
        let (a, b) = (a.as_ref(), b.as_ref());
        (!grad::tracked(a) && !grad::tracked(b)).then(|| ops::binary(op, a, b))
    }

    fn operand_in_place(&self, e: &Expr) -> Option<Cow<'_, Value>> {
        match &e.kind {
            ExprKind::Ident(var) => self.vars.lookup(var).map(Cow::Borrowed),
            ExprKind::Number(x) => Some(Cow::Owned(Value::Scalar(*x))),
            _ => None,
        }
    }

    fn eval_range(&mut self, start: &Expr, step: Option<&Expr>, stop: &Expr) -> LangResult<Value> {
        let a = self.eval_bound(start)?;
        let s = match step {
            Some(step) => self.eval_bound(step)?,
            None => 1.0,
        };
        let b = self.eval_bound(stop)?;
        ops::range(a, s, b)
    }

    /// A range bound: a real scalar (`expected scalar, got vector`).
    fn eval_bound(&mut self, e: &Expr) -> LangResult<f64> {
        let v = self.eval(e)?;
        v.to_f64().map_err(|err| err.at(e.span))
    }

    fn eval_matrix(&mut self, rows: &[Vec<Expr>]) -> LangResult<Value> {
        let mut values = Vec::with_capacity(rows.len());
        for row in rows {
            let mut items = Vec::with_capacity(row.len());
            for item in row {
                items.push(self.eval(item)?);
            }
            values.push(items);
        }
        grad::concat(self, values)
    }

    fn eval_cell(&mut self, items: &[Expr]) -> LangResult<Value> {
        let mut strings = Vec::with_capacity(items.len());
        for item in items {
            match self.eval(item)? {
                Value::Str(s) => strings.push(s),
                other => {
                    return Err(LangError::type_error(format!(
                        "cell array elements must be strings, got {}",
                        other.type_name()
                    ))
                    .at(item.span));
                }
            }
        }
        Ok(Value::StrArray(Arc::new(strings)))
    }
}

/// `s.name` on a struct.
fn field(v: &Value, name: &str) -> LangResult<Value> {
    match v {
        Value::Struct(fields) => fields
            .get(name)
            .cloned()
            .ok_or_else(|| LangError::runtime(format!("struct has no field '{name}'"))),
        Value::Object(o) => o.0.field(name).ok_or_else(|| {
            LangError::runtime(format!("{} has no field '{name}'", o.0.type_name()))
        }),
        other => Err(LangError::type_error(format!(
            "cannot access field '{name}' of a {}",
            other.type_name()
        ))),
    }
}

/// Whether `e` is written as a transpose (`x'` or `x.'`).
fn is_transpose(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Transpose { .. })
}

#[cfg(test)]
mod tests {
    use crate::eval::printed_or_error as run;

    /// What `code` prints, its error cut to the message's first line (where and what).
    fn outcome(code: &str) -> String {
        let out = run(code);
        match out.split_once("error: ") {
            Some((printed, error)) => {
                format!("{printed}error: {}", error.lines().next().unwrap_or(""))
            }
            None => out,
        }
    }

    /// Operands read in place give what the same operands evaluated give (`id(x)` is a
    /// call, so it takes the general path), to the last bit, and the same errors at the same
    /// place (the expression starts at the same column either way).
    #[test]
    fn operands_read_in_place_give_the_general_paths_values_and_errors() {
        let setup = "seed(3); id = @(v) v; s = -0.0; x = randn(3, 4); y = randn(3, 4);\n\
                     r = randn(1, 4); c = [1 + 2j, -0.5]; k = int32([7 -3 2]); b = true;\n";
        let show = "\ndisp(class(z)); disp(size(z)); fprintf(\"%.17g \", real(double(z)), imag(double(z)));";
        let names = ["s", "x", "y", "r", "c", "k", "b", "2.5"];
        for op in ["+", "-", ".*", "*", "./", "/", ".^", "^", "==", "<", "!="] {
            for a in names {
                for b in names {
                    let in_place = outcome(&format!("{setup}z = {a} {op} {b};{show}"));
                    let general = outcome(&format!("{setup}z = id({a}) {op} id({b});{show}"));
                    assert_eq!(in_place, general, "{a} {op} {b}");
                }
            }
        }
    }

    #[test]
    fn an_unset_name_and_a_constant_take_the_general_path() {
        let undefined = run("x = 1;\ny = x + nothing;");
        assert!(undefined.contains("nothing"), "{undefined}");
        assert!(
            undefined.contains("2:9"),
            "the name's position: {undefined}"
        );
        let constant = run("function r = f(x)\n  r = x * pi;\nend\ndisp(f(2) - 2 * pi);");
        assert_eq!(constant, "0\n");
    }
}
