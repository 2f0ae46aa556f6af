//! The abstract syntax tree of rlab programs: expressions and statements, each with the
//! [`Span`] of the source text it came from so that every error can point at its origin.
//!
//! The tree is produced by [`crate::parser`] and walked by [`crate::eval`].
//! Function bodies and lambda bodies are shared behind `Arc` so that registering a function
//! or creating a lambda never copies the tree.

pub use super::names::{Name, Var};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

/// Where a piece of syntax came from: the source it belongs to (an index into the session's
/// source table), its 1-based line and column (columns count characters), and its byte range
/// within that source's text.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Span {
    pub source: u32,
    pub line: u32,
    pub col: u32,
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// The smallest span covering both `self` and `other` (same source assumed); line and
    /// column are those of `self`.
    pub fn to(self, other: Span) -> Span {
        Span {
            end: other.end.max(self.end),
            ..self
        }
    }
}

/// Binary operators. `AndAnd`/`OrOr` short-circuit and are evaluated specially.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    /// `*`: scaling or matrix product depending on the operand kinds.
    Mul,
    /// `/`: element-wise when one side is a scalar, otherwise an error.
    Div,
    /// `^`: scalar power, element-wise for arrays (no matrix power).
    Pow,
    ElemMul,
    ElemDiv,
    ElemPow,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
}

impl BinOp {
    /// The operator as written in source, for messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Pow => "^",
            BinOp::ElemMul => ".*",
            BinOp::ElemDiv => "./",
            BinOp::ElemPow => ".^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::AndAnd => "&&",
            BinOp::OrOr => "||",
        }
    }

    /// The name rustlab uses in type errors (`unsupported operand types for Add: ...`).
    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "Add",
            BinOp::Sub => "Sub",
            BinOp::Mul => "Mul",
            BinOp::Div => "Div",
            BinOp::Pow => "Pow",
            BinOp::ElemMul => "ElemMul",
            BinOp::ElemDiv => "ElemDiv",
            BinOp::ElemPow => "ElemPow",
            BinOp::Eq => "Eq",
            BinOp::Ne => "Ne",
            BinOp::Lt => "Lt",
            BinOp::Le => "Le",
            BinOp::Gt => "Gt",
            BinOp::Ge => "Ge",
            BinOp::AndAnd => "And",
            BinOp::OrOr => "Or",
        }
    }
}

/// Prefix operators (`+x` is parsed away: it is a no-op).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    /// Whether the evaluator's scalar fast path is worth trying here (operators only).
    pub scalar: ScalarHint,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr {
            kind,
            span,
            scalar: ScalarHint::default(),
        }
    }
}

/// Whether the evaluator's scalar fast path is worth trying on an operator: after it fails
/// (an operand is an array), the next evaluations go straight to the general path, and every
/// [`ScalarHint::RETRY_AFTER`]th tries again. A hint only: both paths give the same value.
/// (Atomic, as a program's tree is shared between sessions.)
#[derive(Default)]
pub struct ScalarHint(AtomicU8);

impl ScalarHint {
    const RETRY_AFTER: u8 = 32;

    /// Whether to try the fast path now (counting a skip when not).
    pub fn try_now(&self) -> bool {
        let skipped = self.0.load(Ordering::Relaxed);
        if skipped != 0 {
            self.0
                .store((skipped + 1) % Self::RETRY_AFTER, Ordering::Relaxed);
        }
        skipped == 0
    }

    /// The fast path did not apply.
    pub fn failed(&self) {
        self.0.store(1, Ordering::Relaxed);
    }
}

impl Clone for ScalarHint {
    fn clone(&self) -> ScalarHint {
        ScalarHint(AtomicU8::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Not part of the expression: any two hints are equal.
impl PartialEq for ScalarHint {
    fn eq(&self, _: &ScalarHint) -> bool {
        true
    }
}

impl std::fmt::Debug for ScalarHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ScalarHint")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Number(f64),
    /// A radix literal (`0xFF`, `0b101`, `0o17`): an integer of the smallest unsigned class
    /// holding it.
    IntLit(u64),
    Str(String),
    /// A bare name: a variable lookup (`undefined variable 'x'` when missing).
    Ident(Var),
    /// `end` inside index arguments: bound to the relevant dimension while they are evaluated.
    End,
    /// A lone `:` as an index argument (all elements).
    Colon,
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `start:stop` or `start:step:stop`.
    Range {
        start: Box<Expr>,
        step: Option<Box<Expr>>,
        stop: Box<Expr>,
    },
    /// `x'` (conjugate = true) or `x.'` (conjugate = false).
    Transpose {
        operand: Box<Expr>,
        conjugate: bool,
    },
    /// `NAME(args)`: indexing or a call, decided at run time (spec §7.3).
    CallOrIndex {
        name: Var,
        args: Vec<Expr>,
    },
    /// `expr(args)` where expr is not a bare name: chained indexing (`svd(P)(1)`).
    Index {
        target: Box<Expr>,
        args: Vec<Expr>,
    },
    /// `expr.NAME` without parentheses: struct field access.
    Field {
        target: Box<Expr>,
        name: String,
    },
    /// `expr.NAME(args)`: method-call sugar for `NAME(expr, args...)`.
    MethodCall {
        target: Box<Expr>,
        name: String,
        args: Vec<Expr>,
    },
    /// `[a, b; c, d]`: rows of elements.
    Matrix(Vec<Vec<Expr>>),
    /// `{"a", "b"}`: a string array literal.
    Cell(Vec<Expr>),
    /// `@(params) body`; `text` is the body's source text, used for display.
    Lambda(Arc<LambdaDef>),
    /// `@name`.
    Handle(String),
}

/// The parsed form of a lambda literal.
#[derive(Clone, Debug, PartialEq)]
pub struct LambdaDef {
    pub params: Vec<Name>,
    pub body: Expr,
    /// Source text of the body, as written (display: `@(x, y) <text>`).
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    /// True when the statement ended with `;` (no echo, no display of a bare expression).
    pub suppressed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// A bare expression; its value is displayed when not suppressed (and not none).
    Expr(Expr),
    /// `name = value` or `name op= value` (`op` is `Add`, `Sub`, `Mul` or `Div`).
    Assign {
        name: Var,
        op: Option<BinOp>,
        value: Expr,
    },
    /// `name(args) = value`.
    IndexAssign {
        name: Var,
        args: Vec<Expr>,
        value: Expr,
    },
    /// `name.field = value`.
    FieldAssign {
        name: String,
        field: String,
        value: Expr,
    },
    /// `[a, b, c] = value`.
    MultiAssign {
        names: Vec<Var>,
        value: Expr,
    },
    If {
        branches: Vec<(Expr, Vec<Stmt>)>,
        otherwise: Option<Vec<Stmt>>,
    },
    For {
        var: Var,
        iter: Expr,
        body: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    Switch {
        subject: Expr,
        cases: Vec<(Expr, Vec<Stmt>)>,
        otherwise: Option<Vec<Stmt>>,
    },
    /// A `function ... end` definition; registers the function when executed.
    Function(Arc<FunctionDef>),
    Return,
    Break,
    Continue,
    /// `run "path"` / `run path`: execute another file in the current session.
    Run(String),
    /// `import "path"`: run a file once per session in its own workspace and keep the
    /// functions it defines (see `docs/language.md`).
    Import(String),
    /// Keyword command forms: `hold on`, `grid off`, `close all`, `format long`, `clear`,
    /// `clf`. `name` is the command, `args` its word arguments. Parenthesised forms such as
    /// `hold("on")` are ordinary calls, not commands.
    Command {
        name: String,
        args: Vec<String>,
    },
}

/// A user function: `function [outs] = name(params) body end`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    pub name: String,
    pub params: Vec<Name>,
    pub outputs: Vec<Name>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// A parsed block or file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub stmts: Vec<Stmt>,
}

#[cfg(test)]
mod tests {
    use super::ScalarHint;

    #[test]
    fn a_failed_scalar_path_is_skipped_then_tried_again() {
        let hint = ScalarHint::default();
        assert!(hint.try_now() && hint.try_now(), "tried until it fails");
        hint.failed();
        let skipped = (0..ScalarHint::RETRY_AFTER - 1)
            .filter(|_| !hint.try_now())
            .count();
        assert_eq!(skipped, usize::from(ScalarHint::RETRY_AFTER) - 1);
        assert!(hint.try_now(), "tried again after the skips");
        assert!(hint.try_now(), "and again while it succeeds");
    }
}
