//! The record of expected outputs and the drift check. For now: the number-aware text
//! comparison shared by the drift check and the fidelity tests.

pub mod compare;
