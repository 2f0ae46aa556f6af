//! A slice write as code: the target's lane located (which gives the length), each lane
//! of the value located and copied into its buffer (lane k into buffer k), then the value's
//! code, with each lane read at the position, run at every position (`SliceLoop`), and the
//! target's lane written from the elements. Every part that cannot go on, before anything is
//! written, runs the whole statement the general way and goes on after it.

use super::{LATER, Lowering};
use crate::eval::kernel::code::{Fallback, LaneAt, Op};
use crate::eval::kernel::{Axis, Lane, SliceWrite};

impl<'a> Lowering<'a, '_> {
    pub(super) fn slice_write(&mut self, s: &SliceWrite<'a>) {
        let fallback = self.fallback(Fallback::Statement {
            stmt: s.stmt,
            resume: LATER,
        });
        let known = self.known.clone();
        let target = self.lane_at(&s.target, s.axis, fallback);
        self.emit(Op::SliceStart {
            lane: target,
            fallback,
        });
        for (buffer, lane) in s.lanes.iter().enumerate() {
            let lane = self.lane_at(lane, s.axis, fallback);
            self.emit(Op::LaneLoad {
                lane,
                buffer: buffer as u32,
                fallback,
            });
        }
        let run = self.emit(Op::SliceLoop { end: LATER });
        let value = self.expr(&s.value, None, fallback);
        self.emit(Op::LanePut { value });
        let end = self.here();
        self.code.ops[run] = Op::SliceLoop { end };
        self.emit(Op::SliceStore {
            lane: target,
            fallback,
        });
        self.resume_here(fallback);
        // The general path may have run the statement instead: guards passed above prove
        // nothing on that path.
        self.known = known;
    }

    /// `lane`, along `axis`, with its index computed.
    fn lane_at(&mut self, lane: &Lane<'a>, axis: Axis, fallback: u32) -> LaneAt {
        LaneAt {
            array: lane.array as u32,
            fixed: self.expr(&lane.fixed, None, fallback),
            axis,
        }
    }

    /// Lane `k`'s element at the slice write's position, into `dst` (or a new register).
    pub(super) fn lane_read(&mut self, k: usize, dst: Option<u32>) -> u32 {
        let dst = dst.unwrap_or_else(|| self.register());
        let buffer = k as u32;
        self.emit(Op::LaneRead { dst, buffer });
        dst
    }
}
