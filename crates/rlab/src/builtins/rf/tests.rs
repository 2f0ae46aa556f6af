//! Tests of the RF builtins against textbook values.
