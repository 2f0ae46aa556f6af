//! Statements and control flow: assignment and its script-mode echo, `if`/`for`/`while`/
//! `switch`, `break`/`continue`/`return`, function definitions, `run`, `import` (in
//! `import.rs`), keyword commands.

use super::{Flow, Interp, Mode, kernel};
use crate::ast::{Expr, Name, Program, Stmt, StmtKind, Var};
use crate::display;
use crate::error::{LangError, LangResult};
use crate::ops;
use crate::value::{Value, constant, constants};
use std::sync::Arc;

impl Interp {
    /// Run a parsed block or file at top level, noting where each statement starts (see
    /// [`super::StatementStart`]). A top-level `return` ends it quietly.
    pub(crate) fn exec_top(&mut self, program: &Program) -> LangResult<()> {
        for stmt in &program.stmts {
            self.statements.push(super::StatementStart {
                line: self.sources.file_line(stmt.span),
                offset: self.out.len(),
            });
            if self.exec_block(std::slice::from_ref(stmt))? != Flow::Normal {
                break;
            }
        }
        Ok(())
    }

    /// Run statements in order until one ends the list early.
    pub(crate) fn exec_block(&mut self, stmts: &[Stmt]) -> LangResult<Flow> {
        self.exec_statements(stmts, None)
    }

    /// [`Interp::exec_block`], with the compiled code of the `for` loops among `stmts`
    /// kept in `kernels` when given (a loop's body, run again and again).
    fn exec_statements<'a>(
        &mut self,
        stmts: &'a [Stmt],
        mut kernels: Option<&mut kernel::Cache<'a>>,
    ) -> LangResult<Flow> {
        self.nested(|interp| {
            for stmt in stmts {
                interp.check_time().map_err(|e| e.at(stmt.span))?;
                let flow = match &mut kernels {
                    Some(kernels) => interp.exec_stmt_with(stmt, kernels),
                    None => interp.exec_stmt(stmt),
                };
                let flow = flow.map_err(|e| e.at(stmt.span))?;
                if flow != Flow::Normal {
                    return Ok(flow);
                }
            }
            Ok(Flow::Normal)
        })
    }

    pub(super) fn exec_stmt(&mut self, stmt: &Stmt) -> LangResult<Flow> {
        let echo = !stmt.suppressed && !self.in_function();
        match &stmt.kind {
            StmtKind::Expr(e) => self.exec_expr_stmt(e, echo)?,
            StmtKind::Assign { name, op, value } => {
                let mut v = self.eval(value)?;
                if let Some(op) = op {
                    let current = self.read_var(name)?;
                    v = crate::grad::binary(self, *op, &current, &v)?;
                }
                self.echo_assign(echo, name, &v);
                self.vars.assign(name, v);
            }
            StmtKind::IndexAssign { name, args, value } => {
                let rhs = self.eval(value)?;
                let echo = echo && self.config.mode == Mode::Script;
                if let Some(text) = self.index_assign(name, args, rhs, echo)? {
                    self.print_line(&text);
                }
            }
            StmtKind::FieldAssign { name, field, value } => {
                let v = self.eval(value)?;
                self.echo_assign(echo, &format!("{name}.{field}"), &v);
                self.assign_field(name, field, v)?;
            }
            StmtKind::MultiAssign { names, value } => self.exec_multi_assign(names, value, echo)?,
            StmtKind::If {
                branches,
                otherwise,
            } => return self.exec_if(branches, otherwise.as_deref()),
            StmtKind::For { .. } => {
                let defs = kernel::Defs::new();
                return self.exec_stmt_with(stmt, &mut kernel::Cache::new(&defs));
            }
            StmtKind::While { cond, body } => return self.exec_while(cond, body),
            StmtKind::Switch {
                subject,
                cases,
                otherwise,
            } => return self.exec_switch(subject, cases, otherwise.as_deref()),
            StmtKind::Function(def) => self.define_function(def)?,
            StmtKind::Return => return Ok(Flow::Return),
            StmtKind::Break => return Ok(Flow::Break),
            StmtKind::Continue => return Ok(Flow::Continue),
            StmtKind::Run(path) => self.run_file(path)?,
            StmtKind::Import(path) => self.import_file(path, stmt.span)?,
            StmtKind::Command { name, args } => self.exec_command(name, args)?,
        }
        Ok(Flow::Normal)
    }

    /// A bare expression: evaluate and, unless suppressed, print its display. A call here
    /// asks for no output (nargout 0, as MATLAB's statements do): a function that plots
    /// unless its data is asked for (`bode(G)`) plots, and one that returns a value still
    /// returns its first.
    fn exec_expr_stmt(&mut self, e: &Expr, echo: bool) -> LangResult<()> {
        let v = self.eval_with_nargout(e, 0)?;
        if echo && !v.is_none() {
            let text = display::value_in(&v, self.number_format);
            self.print_line(&text);
        }
        Ok(())
    }

    fn echo_assign(&mut self, echo: bool, target: &str, v: &Value) {
        if echo && self.config.mode == Mode::Script {
            let text = display::value_in(v, self.number_format);
            self.print_line(&format!("{target} = {text}"));
        }
    }

    /// The value of the variable `var` names. Inside a function, a constant the caller left
    /// unchanged is not copied into the frame; its initial value is found here.
    pub(crate) fn read_var(&self, var: &Var) -> LangResult<Value> {
        if let Some(v) = self.vars.lookup(var) {
            return Ok(v.clone());
        }
        let inherited = self.in_function().then(|| constant(var)).flatten();
        inherited.ok_or_else(|| LangError::undefined_variable(var))
    }

    fn assign_field(&mut self, name: &str, field: &str, v: Value) -> LangResult<()> {
        match self.vars.get_mut(name) {
            None => {
                let mut fields = std::collections::BTreeMap::new();
                fields.insert(field.to_string(), v);
                let fields = Value::Struct(Arc::new(fields));
                self.vars.insert(Name::from(name), fields);
                Ok(())
            }
            Some(Value::Struct(fields)) => {
                Arc::make_mut(fields).insert(field.to_string(), v);
                Ok(())
            }
            Some(other) => Err(LangError::type_error(format!(
                "'{name}' is a {}, not a struct",
                other.type_name()
            ))),
        }
    }

    fn exec_multi_assign(&mut self, names: &[Var], value: &Expr, echo: bool) -> LangResult<()> {
        let v = self.eval_with_nargout(value, names.len())?;
        let values = match v {
            Value::Tuple(items) if names.len() > 1 || items.len() > 1 => {
                if items.len() < names.len() {
                    return Err(LangError::runtime(format!(
                        "multi-assign: expected {} values, function returned {}",
                        names.len(),
                        items.len()
                    )));
                }
                items[..names.len()].to_vec()
            }
            single if names.len() == 1 => vec![single],
            _ => {
                return Err(LangError::runtime(format!(
                    "multi-assign: expected {} values, function returned 1",
                    names.len()
                )));
            }
        };
        for (name, v) in names.iter().zip(values) {
            self.echo_assign(echo, name, &v);
            self.vars.assign(name, v);
        }
        Ok(())
    }

    fn exec_if(
        &mut self,
        branches: &[(Expr, Vec<Stmt>)],
        otherwise: Option<&[Stmt]>,
    ) -> LangResult<Flow> {
        for (cond, body) in branches {
            let v = self.eval(cond)?;
            if ops::condition(&v, "if").map_err(|e| e.at(cond.span))? {
                return self.exec_block(body);
            }
        }
        match otherwise {
            Some(body) => self.exec_block(body),
            None => Ok(Flow::Normal),
        }
    }

    /// Run `stmt`: a `for` loop of scalar arithmetic runs compiled (its code kept in
    /// `kernels` for its next start), anything else as written.
    fn exec_stmt_with<'a>(
        &mut self,
        stmt: &'a Stmt,
        kernels: &mut kernel::Cache<'a>,
    ) -> LangResult<Flow> {
        let StmtKind::For { var, iter, body } = &stmt.kind else {
            return self.exec_stmt(stmt);
        };
        if let Some(done) = self.try_kernel(stmt, kernels) {
            done?;
            return Ok(Flow::Normal);
        }
        self.exec_for(var, iter, body)
    }

    fn exec_for(&mut self, var: &Var, iter: &Expr, body: &[Stmt]) -> LangResult<Flow> {
        let items = self.eval(iter)?;
        // The loops in the body compile once, not at every iteration (see `kernel::Cache`).
        let defs = kernel::Defs::new();
        let mut kernels = kernel::Cache::new(&defs);
        let count = match &items {
            Value::Vector(a) => a.len(),
            Value::Scalar(_) | Value::Complex(_) => 1,
            Value::Int(a) if a.kind != crate::value::IntKind::Matrix => a.len(),
            other => {
                return Err(LangError::runtime(format!(
                    "for: cannot iterate over {}",
                    other.type_name()
                ))
                .at(iter.span));
            }
        };
        for k in 0..count {
            let item = match &items {
                Value::Vector(a) => Value::number(a.get(0, k)),
                Value::Int(a) => a.like(
                    crate::value::IntKind::Scalar,
                    (1, 1),
                    [a.get(k)].into_iter(),
                ),
                single => single.clone(),
            };
            self.vars.assign(var, item);
            self.check_time()?;
            match self.exec_statements(body, Some(&mut kernels))? {
                Flow::Break => break,
                Flow::Return => return Ok(Flow::Return),
                Flow::Normal | Flow::Continue => {}
            }
        }
        Ok(Flow::Normal)
    }

    fn exec_while(&mut self, cond: &Expr, body: &[Stmt]) -> LangResult<Flow> {
        let defs = kernel::Defs::new();
        let mut kernels = kernel::Cache::new(&defs);
        loop {
            self.check_time()?;
            let v = self.eval(cond)?;
            if !ops::condition(&v, "while").map_err(|e| e.at(cond.span))? {
                return Ok(Flow::Normal);
            }
            match self.exec_statements(body, Some(&mut kernels))? {
                Flow::Break => return Ok(Flow::Normal),
                Flow::Return => return Ok(Flow::Return),
                Flow::Normal | Flow::Continue => {}
            }
        }
    }

    fn exec_switch(
        &mut self,
        subject: &Expr,
        cases: &[(Expr, Vec<Stmt>)],
        otherwise: Option<&[Stmt]>,
    ) -> LangResult<Flow> {
        let value = self.eval(subject)?;
        for (case, body) in cases {
            let candidate = self.eval(case)?;
            if switch_matches(&value, &candidate) {
                return self.exec_block(body);
            }
        }
        match otherwise {
            Some(body) => self.exec_block(body),
            None => Ok(Flow::Normal),
        }
    }

    /// Keyword commands: `hold on`, `grid off`, `close all`, `clear`, `clf`, `format`, ...
    /// `clear`: every user variable and function goes; the constants come back.
    pub(crate) fn clear_workspace(&mut self) {
        self.vars = constants();
        self.functions.clear();
        self.imports = Default::default();
    }

    /// `format MODE` sets the numeric display mode and says so; a bare `format` says which
    /// mode is on (rustlab prints both).
    fn set_format(&mut self, mode: Option<&str>) -> LangResult<()> {
        if let Some(name) = mode {
            self.number_format = crate::display::NumberFormat::named(name).ok_or_else(|| {
                LangError::runtime(format!(
                    "format: unknown mode '{name}' (try short, long, hex, commas)"
                ))
            })?;
        }
        let line = format!("format: {}", self.number_format.name());
        self.print_line(&line);
        Ok(())
    }

    fn exec_command(&mut self, name: &str, args: &[String]) -> LangResult<()> {
        match name {
            "clear" if args.is_empty() => {
                self.clear_workspace();
                Ok(())
            }
            "format" => self.set_format(args.first().map(String::as_str)),
            "cache" => crate::builtins::cache_command(self, args),
            "viewer" => Ok(()),
            _ => {
                let values = args.iter().map(|a| Value::str(a.as_str())).collect();
                self.call_named(name, values, 1)?;
                Ok(())
            }
        }
    }
}

/// `switch` equality: numbers, booleans and strings; a string array case matches any member.
fn switch_matches(value: &Value, candidate: &Value) -> bool {
    match (value.plain(), candidate.plain()) {
        (Value::Scalar(a), Value::Scalar(b)) => a == b,
        (Value::Complex(a), Value::Complex(b)) => a == b,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Str(a), Value::Str(b)) => a == b,
        (Value::Str(a), Value::StrArray(items)) => items.iter().any(|s| s == a),
        _ => false,
    }
}
