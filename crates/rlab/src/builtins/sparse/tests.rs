//! Unit tests of the sparse builtins.
