//! Figures: the model plotting builtins build ([`model`]), colours and line styles
//! ([`color`]), colormaps ([`colormap`]), contour and streamline geometry ([`contour`], [`streamline`]) and SVG rendering ([`svg`]).

pub mod color;
pub mod colormap;
pub mod contour;
pub mod model;
pub mod streamline;
pub mod svg;
