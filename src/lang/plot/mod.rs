//! Figures: the model plotting builtins build ([`model`]) and its SVG rendering ([`svg`]).

pub mod model;
pub mod svg;
