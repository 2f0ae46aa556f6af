//! The lexer (spec §2). Placeholder until the parser lands.
