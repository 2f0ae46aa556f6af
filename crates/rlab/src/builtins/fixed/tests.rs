//! Unit tests of the fixed-point builtins.
