//! The operator levels of the expression grammar (spec §3.2), loosest first:
//! range `a:b`/`a:s:b`, `||`, `&&`, one non-associative comparison, `+ -`,
//! `* / .* ./`, prefix `- + !`, and right-associative `^ .^` whose exponent is a prefix
//! expression (so `-2^2` is -4 and `2^-1` is 0.5). Operands below that are in `primary`.

use super::{Node, Parser};
use crate::ast::{BinOp, ExprKind, UnOp};
use crate::error::LangResult;
use crate::lexer::Tok;

impl Parser<'_> {
    /// `range := lor [ ':' add [ ':' lor ] ]`; the middle operand of `a:b:c` is additive.
    pub(super) fn parse_range(&mut self) -> LangResult<Node> {
        let start = self.parse_or()?;
        if !self.eat(&Tok::Colon) {
            return Ok(start);
        }
        let second = self.parse_add()?;
        let (step, stop) = if self.eat(&Tok::Colon) {
            (Some(second), self.parse_or()?)
        } else {
            (None, second)
        };
        let span = start.expr.span.to(stop.expr.span);
        let height = start
            .height
            .max(stop.height)
            .max(step.as_ref().map_or(0, |s| s.height));
        let kind = ExprKind::Range {
            start: Box::new(start.expr),
            step: step.map(|s| Box::new(s.expr)),
            stop: Box::new(stop.expr),
        };
        self.node(kind, span, height)
    }

    fn parse_or(&mut self) -> LangResult<Node> {
        self.binary_chain(Self::parse_and, |tok| match tok {
            Tok::PipePipe => Some(BinOp::OrOr),
            _ => None,
        })
    }

    fn parse_and(&mut self) -> LangResult<Node> {
        self.binary_chain(Self::parse_comparison, |tok| match tok {
            Tok::AmpAmp => Some(BinOp::AndAnd),
            _ => None,
        })
    }

    /// At most one comparison: `a < b < c` is an error.
    fn parse_comparison(&mut self) -> LangResult<Node> {
        let lhs = self.parse_add()?;
        let Some(op) = comparison_op(self.peek()) else {
            return Ok(lhs);
        };
        self.bump();
        let rhs = self.parse_add()?;
        let node = self.binary(op, lhs, rhs)?;
        if let Some(second) = comparison_op(self.peek()) {
            let msg = format!(
                "comparisons cannot be chained ('{}' after '{}'): combine them with &&",
                second.symbol(),
                op.symbol()
            );
            return Err(self.error_here(msg));
        }
        Ok(node)
    }

    pub(super) fn parse_add(&mut self) -> LangResult<Node> {
        self.binary_chain(Self::parse_mul, |tok| match tok {
            Tok::Plus => Some(BinOp::Add),
            Tok::Minus => Some(BinOp::Sub),
            _ => None,
        })
    }

    fn parse_mul(&mut self) -> LangResult<Node> {
        self.binary_chain(Self::parse_unary, |tok| match tok {
            Tok::Star => Some(BinOp::Mul),
            Tok::Slash => Some(BinOp::Div),
            Tok::DotStar => Some(BinOp::ElemMul),
            Tok::DotSlash => Some(BinOp::ElemDiv),
            _ => None,
        })
    }

    /// `operand { op operand }`, left-associative.
    fn binary_chain(
        &mut self,
        operand: fn(&mut Self) -> LangResult<Node>,
        op_of: fn(&Tok) -> Option<BinOp>,
    ) -> LangResult<Node> {
        let mut lhs = operand(self)?;
        while let Some(op) = op_of(self.peek()) {
            self.bump();
            let rhs = operand(self)?;
            lhs = self.binary(op, lhs, rhs)?;
        }
        Ok(lhs)
    }

    fn binary(&self, op: BinOp, lhs: Node, rhs: Node) -> LangResult<Node> {
        let span = lhs.expr.span.to(rhs.expr.span);
        let height = lhs.height.max(rhs.height);
        let kind = ExprKind::Binary(op, Box::new(lhs.expr), Box::new(rhs.expr));
        self.node(kind, span, height)
    }

    /// `('-' | '+' | '!') unary | power`; a prefix `+` is dropped.
    pub(super) fn parse_unary(&mut self) -> LangResult<Node> {
        self.nested(|p| {
            let op = match p.peek() {
                Tok::Minus => Some(UnOp::Neg),
                Tok::Bang => Some(UnOp::Not),
                Tok::Plus => None,
                _ => return p.parse_power(),
            };
            let start = p.bump().span;
            let mut operand = p.parse_unary()?;
            let span = start.to(operand.expr.span);
            match op {
                Some(op) => {
                    let kind = ExprKind::Unary(op, Box::new(operand.expr));
                    p.node(kind, span, operand.height)
                }
                None => {
                    operand.expr.span = span;
                    Ok(operand)
                }
            }
        })
    }

    /// `postfix [ ('^' | '.^') unary ]`.
    fn parse_power(&mut self) -> LangResult<Node> {
        let base = self.parse_postfix()?;
        let op = match self.peek() {
            Tok::Caret => BinOp::Pow,
            Tok::DotCaret => BinOp::ElemPow,
            _ => return Ok(base),
        };
        self.bump();
        let exponent = self.parse_unary()?;
        self.binary(op, base, exponent)
    }
}

fn comparison_op(tok: &Tok) -> Option<BinOp> {
    match tok {
        Tok::EqEq => Some(BinOp::Eq),
        Tok::BangEq => Some(BinOp::Ne),
        Tok::Lt => Some(BinOp::Lt),
        Tok::LtEq => Some(BinOp::Le),
        Tok::Gt => Some(BinOp::Gt),
        Tok::GtEq => Some(BinOp::Ge),
        _ => None,
    }
}
