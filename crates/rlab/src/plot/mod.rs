//! Figures: the model plotting builtins build ([`model`]), colours and line styles
//! ([`color`]), colormaps ([`colormap`]) and SVG rendering ([`svg`]).

pub mod color;
pub mod colormap;
pub mod model;
pub mod svg;
