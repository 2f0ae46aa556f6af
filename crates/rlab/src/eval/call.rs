//! Name resolution and calls (spec §7): `NAME(args)` indexes a variable, or calls a user
//! function, a lambda or handle held in a variable, or a builtin, in that order. User
//! functions run in a fresh workspace; lambdas in their captured one. `run "file"` executes
//! another file in the current workspace.

use super::fused::ProductReduction;
use super::{Flow, Interp};
use crate::ast::{Expr, FunctionDef, Var};
use crate::builtins::{self, Args};
use crate::error::{LangError, LangResult};
use crate::grad;
use crate::parser;
use crate::value::{Lambda, Value, Workspace};
use std::path::Path;
use std::sync::Arc;

impl Interp {
    /// `NAME(args)`: index a variable or call a function (resolution order of spec §7.3;
    /// indexing a scalar variable is tried last so it never shadows a function).
    pub(crate) fn call_or_index(
        &mut self,
        var: &Var,
        args: &[Expr],
        nargout: usize,
    ) -> LangResult<Value> {
        if let Some(result) = grad::special_form(self, var, args, nargout) {
            return result;
        }
        if let Some(result) = builtins::profile_form(self, var, args) {
            return result;
        }
        if self.vars.lookup(var).is_some_and(is_indexable) {
            return self.index_variable(var, args);
        }
        // Resolving before the arguments are evaluated is the same as after: no expression
        // defines a function or a variable.
        let callable = self.resolve_occurrence(var);
        if let Some(Callable::User(def)) = &callable
            && def.params.len() == args.len()
        {
            return self.call_user_on(def, args, nargout);
        }
        if let Some(Callable::Builtin(builtin)) = callable
            && let Some(call) = ProductReduction::of(builtin, args, nargout)
            && !self.session.profile.tracks(builtin.name)
        {
            return self.reduce_product(call, builtin);
        }
        let values = self.eval_args(args)?;
        if let Some(callable) = callable {
            return self.call_callable(callable, values, nargout);
        }
        if let Some(v) = self.vars.lookup(var)
            && matches!(
                v.plain(),
                Value::Scalar(_) | Value::Complex(_) | Value::Bool(_)
            )
        {
            let v = v.clone();
            return self.index_scalar(&v, &values);
        }
        Err(LangError::undefined_function(var))
    }

    /// Call a function by name with evaluated arguments (commands, `feval`, method sugar).
    pub(crate) fn call_named(
        &mut self,
        name: &str,
        args: Vec<Value>,
        nargout: usize,
    ) -> LangResult<Value> {
        match self.resolve_callable(name) {
            Some(callable) => self.call_callable(callable, args, nargout),
            None => Err(LangError::undefined_function(name)),
        }
    }

    /// `obj.NAME(args)`: sugar for `NAME(obj, args...)`.
    pub(crate) fn method_call(
        &mut self,
        receiver: Value,
        name: &str,
        args: &[Expr],
        nargout: usize,
    ) -> LangResult<Value> {
        let mut values = vec![receiver];
        values.extend(self.eval_args(args)?);
        if let Some(v) = self.vars.get(name)
            && is_indexable(v)
        {
            let v = v.clone();
            return self.index_with_values(&v, &values);
        }
        self.call_named(name, values, nargout)
    }

    /// Call a lambda or handle value (also used by builtins such as `arrayfun`).
    pub(crate) fn call_value(
        &mut self,
        f: &Value,
        args: Vec<Value>,
        nargout: usize,
    ) -> LangResult<Value> {
        match f {
            Value::Lambda(l) => self.call_lambda(l, args),
            Value::Handle(name) => self.call_named(name, args, nargout),
            Value::Str(name) => self.call_named(name, args, nargout),
            other => Err(LangError::type_error(format!(
                "cannot call a value of type {}",
                other.type_name()
            ))),
        }
    }

    fn eval_args(&mut self, args: &[Expr]) -> LangResult<Vec<Value>> {
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.eval(arg)?);
        }
        Ok(values)
    }

    fn resolve_callable(&self, name: &str) -> Option<Callable> {
        if let Some(def) = self.functions.get(name) {
            return Some(Callable::User(Arc::clone(def)));
        }
        if let Some(v @ (Value::Lambda(_) | Value::Handle(_))) = self.vars.get(name) {
            return Some(Callable::Value(v.clone()));
        }
        builtins::lookup(name).map(Callable::Builtin)
    }

    /// [`Self::resolve_callable`] for a name in the source: the variable through the
    /// occurrence's slot hint, the builtin through its remembered position.
    fn resolve_occurrence(&self, var: &Var) -> Option<Callable> {
        if !self.functions.is_empty()
            && let Some(def) = self.functions.get(&*var.name)
        {
            return Some(Callable::User(Arc::clone(def)));
        }
        if let Some(v @ (Value::Lambda(_) | Value::Handle(_))) = self.vars.lookup(var) {
            return Some(Callable::Value(v.clone()));
        }
        builtins::lookup_var(var).map(Callable::Builtin)
    }

    fn call_callable(
        &mut self,
        callable: Callable,
        args: Vec<Value>,
        nargout: usize,
    ) -> LangResult<Value> {
        match callable {
            Callable::User(def) => self.call_user(&def, args, nargout),
            Callable::Value(v) => self.call_value(&v, args, nargout),
            Callable::Builtin(b) => self.call_builtin(b, args, nargout),
        }
    }

    /// Call a builtin with evaluated arguments: integer arguments widened where it takes
    /// none, tracked ones through `grad`, and the session's cache and profile told.
    pub(super) fn call_builtin(
        &mut self,
        b: &'static builtins::Builtin,
        args: Vec<Value>,
        nargout: usize,
    ) -> LangResult<Value> {
        builtins::check_pure(self, b.name)?;
        let args = builtins::integer::widen_args(b.name, args);
        if grad::any_tracked(&args) {
            return grad::call_builtin(self, b, args, nargout);
        }
        if self.session.cache.is_active() && builtins::is_impure(b.name) {
            self.session.cache.impure_calls += 1;
        }
        if self.session.profile.tracks(b.name) {
            return builtins::profiled(self, b, args, nargout);
        }
        (b.func)(self, Args::new(b.name, args, nargout))
    }

    fn call_user(
        &mut self,
        def: &FunctionDef,
        args: Vec<Value>,
        nargout: usize,
    ) -> LangResult<Value> {
        if args.len() != def.params.len() {
            return Err(LangError::runtime(format!(
                "function expects {} argument(s), got {}",
                def.params.len(),
                args.len()
            )));
        }
        let mut frame = self.new_frame(def);
        frame.extend(def.params.iter().cloned().zip(args));
        self.run_user(def, frame, nargout)
    }

    /// `f(args)` of a user function taking as many parameters: each argument is evaluated
    /// straight into the callee's frame (no list of values in between).
    fn call_user_on(
        &mut self,
        def: &FunctionDef,
        args: &[Expr],
        nargout: usize,
    ) -> LangResult<Value> {
        let mut frame = self.new_frame(def);
        for (param, arg) in def.params.iter().zip(args) {
            let value = self.eval(arg)?;
            frame.insert(param.clone(), value);
        }
        self.run_user(def, frame, nargout)
    }

    /// The workspace a call of `def` starts with. The callee sees the caller's values of the
    /// constants (spec §7.1, plus `true` and `false`, which rustlab forgets). Unchanged ones
    /// are found by `read_var`'s fallback, so a call copies only constants the caller
    /// redefined.
    fn new_frame(&self, def: &FunctionDef) -> Workspace {
        let mut frame = Workspace::with_capacity(def.params.len() + def.outputs.len() + 4);
        frame.extend(self.vars.changed_constants());
        frame
    }

    /// Run `def`'s body in `frame` (its parameters set) and collect its outputs.
    fn run_user(
        &mut self,
        def: &FunctionDef,
        frame: Workspace,
        nargout: usize,
    ) -> LangResult<Value> {
        if nargout > 1 && nargout > def.outputs.len() {
            return Err(LangError::runtime(format!(
                "function '{}' declares {} output(s), but caller asked for {nargout}",
                def.name,
                def.outputs.len()
            )));
        }
        if !self.session.cache.is_active() {
            let frame = self.in_frame(frame, |interp| interp.exec_block(&def.body))?;
            return collect_outputs(def, frame, nargout);
        }
        let args: Vec<Value> = (def.params.iter())
            .map(|p| frame.get(p).cloned().unwrap_or(Value::None))
            .collect();
        let pending = match self.session.cache.lookup(def, args, nargout) {
            Ok(stored) => return Ok(stored),
            Err(pending) => pending,
        };
        let frame = self.in_frame(frame, |interp| interp.exec_block(&def.body))?;
        let result = collect_outputs(def, frame, nargout)?;
        if let Some(pending) = pending {
            self.session.cache.store(pending, &result);
        }
        Ok(result)
    }

    fn call_lambda(&mut self, lambda: &Lambda, args: Vec<Value>) -> LangResult<Value> {
        let def = &lambda.def;
        if args.len() != def.params.len() {
            return Err(LangError::runtime(format!(
                "lambda expects {} argument(s), got {}",
                def.params.len(),
                args.len()
            )));
        }
        let mut frame = (*lambda.captured).clone();
        frame.extend(def.params.iter().cloned().zip(args));
        let mut result = Ok(Value::None);
        self.in_frame(frame, |interp| {
            result = interp.eval(&def.body);
            Ok(Flow::Normal)
        })?;
        result
    }

    /// Run `body` with `frame` as the workspace, one call level deeper; give the frame back.
    fn in_frame(
        &mut self,
        frame: Workspace,
        body: impl FnOnce(&mut Interp) -> LangResult<Flow>,
    ) -> LangResult<Workspace> {
        if self.depth >= self.config.limits.max_call_depth {
            return Err(LangError::limit(format!(
                "recursion depth limit of {} calls exceeded",
                self.config.limits.max_call_depth
            )));
        }
        let caller = std::mem::replace(&mut self.vars, frame);
        self.depth += 1;
        let flow = body(self);
        self.depth -= 1;
        let frame = std::mem::replace(&mut self.vars, caller);
        match flow? {
            Flow::Break | Flow::Continue => Err(LangError::runtime(
                "'break' or 'continue' outside of a loop",
            )),
            Flow::Normal | Flow::Return => Ok(frame),
        }
    }

    /// The text of the file a `verb` (`run`, `import`) names: `full` as resolved against the
    /// session's folder, `path` as written (for the message).
    pub(super) fn read_source(&self, verb: &str, full: &Path, path: &str) -> LangResult<String> {
        (self.config.host.read_source(full))
            .map_err(|e| LangError::runtime(e.message(verb, "read", path)))
    }

    /// `run "path"`: execute a file's statements in the current workspace.
    pub(crate) fn run_file(&mut self, path: &str) -> LangResult<()> {
        let full = self.config.base_dir.join(path);
        let key = self.config.host.identity(&full);
        if self.running_files.contains(&key) {
            return Err(LangError::runtime(format!(
                "run: '{path}' is already running (a file cannot run itself)"
            )));
        }
        let read = self.read_source("run", &full, path);
        self.files_run.push(super::FileRun {
            path: full.clone(),
            contents: read.as_ref().ok().map(|t| t.as_bytes().to_vec()),
        });
        let text = read?;
        let name = self.config.host.display_path(&full);
        let source = self.sources.add(&name, &text, 1);
        let program = parser::parse_program(&text, source)?;
        self.running_files.push(key);
        let result = self.exec_block(&program.stmts);
        self.running_files.pop();
        result.map(|_| ())
    }
}

/// What a name can be called as.
enum Callable {
    User(Arc<FunctionDef>),
    Value(Value),
    Builtin(&'static builtins::Builtin),
}

/// Kinds that `NAME(args)` indexes rather than calls.
fn is_indexable(v: &Value) -> bool {
    matches!(
        v.plain(),
        Value::Vector(_)
            | Value::Matrix(_)
            | Value::Str(_)
            | Value::StrArray(_)
            | Value::Tuple(_)
            | Value::Tensor3(_)
            | Value::Sparse(_)
            | Value::Int(_)
    )
}

/// The result of a user-function call: first output (or none), or a tuple of `nargout`.
fn collect_outputs(def: &FunctionDef, mut frame: Workspace, nargout: usize) -> LangResult<Value> {
    if nargout <= 1 {
        // The frame is dropped after this: its value is taken without reshaping it.
        let first = def.outputs.first().and_then(|name| frame.get_mut(name));
        return Ok(first.map_or(Value::None, |v| std::mem::replace(v, Value::None)));
    }
    let mut items = Vec::with_capacity(nargout);
    for name in &def.outputs[..nargout] {
        match frame.remove(name) {
            Some(v) => items.push(v),
            None => {
                return Err(LangError::runtime(format!(
                    "function '{}': output '{name}' was not assigned in the body",
                    def.name
                )));
            }
        }
    }
    Ok(Value::tuple(items))
}

#[cfg(test)]
mod tests {
    use crate::{Config, Session};

    fn run_error(code: &str) -> String {
        let mut s = Session::new(Config::default(), Some(0));
        let out = s.run_block("t.md", 1, code);
        out.error.map(|e| e.error.message).unwrap_or_default()
    }

    #[test]
    fn run_reads_only_regular_files() {
        // A device would be read forever (/dev/zero) or block (a FIFO, a terminal).
        assert_eq!(
            run_error("run \"/dev/null\"\n"),
            "run: '/dev/null' is not a regular file"
        );
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.rlab");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let code = format!("run \"{}\"\n", fifo.display());
            assert!(run_error(&code).ends_with("is not a regular file"));
        }
        assert!(run_error("run \"/nonexistent/x.rlab\"\n").starts_with("run: cannot read"));
    }

    /// A call site that found a builtin once still finds what the name means later: a user
    /// function defined afterwards, a lambda assigned to the name (which captures `k`).
    #[test]
    fn a_call_site_follows_what_its_name_means() {
        let mut s = Session::new(Config::default(), Some(0));
        let mut run = |code: &str| {
            let out = s.run_block("t.md", 1, code);
            assert!(out.error.is_none(), "{code}: {:?}", out.error);
            out.text
        };
        run(
            "function y = g(x)\n  y = sum(x);\nend\nfunction y = h(x)\n  y = 0;\n  for k = 1:3\n    if k == 2\n      sum = @(v) 40 + k;\n    end\n    y = y + sum(x);\n  end\nend\n",
        );
        assert_eq!(
            run("print(g([1 2]), h([1 2]))\n"),
            run("print(3, 3 + 42 + 42)\n")
        );
        run("function y = sum(x)\n  y = -1;\nend\n");
        assert_eq!(run("print(g([1 2]))\n"), run("print(-1)\n"));
    }
}
