//! SVG rendering of the figure model. Placeholder until it lands.
