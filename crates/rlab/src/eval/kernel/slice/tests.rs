//! Slice writes in compiled loops give the general path's values, bit for bit, and its
//! errors; those that cannot be compiled leave the loop to the general path.

use crate::eval::kernel::tests::{compiles, same_as_general};

#[test]
fn slice_writes_match_the_general_path_bit_for_bit() {
    let setup = "seed(3); E = randn(6, 5); D = randn(4, 5); W = randn(5, 3); G = randn(5, 4); tok = [3 1 6 3 2]; lr = 0.05;\n";
    let show = "fprintf(\"%.17g \", E); fprintf(\"%.17g \", W); print(t)\n";
    for body in [
        // The embedding update of a training step, a row read where it is written.
        "E(tok(t), :) = E(tok(t), :) - lr * D(t, :);",
        // Columns, a divisor that is a number, operators on a lane and on a number.
        "W(:, t - 1) = -W(:, t - 1) .* 0.5 - G(:, t) ./ (1 + t) + t ^ 2 / 3;",
        // Element-wise math builtins, powers and products of lanes, an element read.
        "E(t, :) = exp(-D(t, :) .^ 2) .* sqrt(abs(E(t + 1, :))) + mod(D(t, :), 0.3) * D(1, 2);",
        // A number for every element; another row of the target, read before the writes.
        "E(t + 2, :) = t * 2; E(t, :) = E(t + 1, :) + E(t, :) ./ E(t + 2, :);",
        // `mod` of a lane by a number.
        "E(t, :) = mod(E(t, :) * 7, lr + 2) - mod(D(t, :), 0.5);",
        // An index that is not whole is truncated as an element read's.
        "E(t + 0.5, :) = D(t + 0.25, :) * 2;",
        // Parts that read no lane (computed once for the whole row) among parts that do.
        "E(t, :) = E(t, :) * (lr + t * 2) - exp(-lr) + D(t, :) .^ 2 - (-t) + sqrt(t) * (t - lr * 3);",
        // A value that reads no lane at all.
        "E(t, :) = -(lr * t + W(t, 1)) / 3;",
        // Operator pairs over lanes: the inner one of numbers, of lanes, of a lane and a
        // number; its value on either side of the outer one; every operator.
        "E(t, :) = lr * t - D(t, :);",
        "E(t, :) = lr - D(t, :) .* E(t, :);",
        "E(t, :) = D(t, :) ./ t + E(t, :);",
        "E(t, :) = 2 .^ D(t, :) - lr; E(t + 1, :) = E(t, :) .^ lr ./ D(t, :);",
        "E(t, :) = (E(t, :) - D(t, :)) .* (t + D(t, :));",
    ] {
        same_as_general(&format!("{setup}for t = 2:4\n  {body}\nend\n{show}"));
        assert!(
            compiles(setup, &format!("for t = 2:4\n  {body}\nend\n")),
            "{body}"
        );
    }
}

#[test]
fn a_lane_divided_is_divided_as_an_array() {
    // A row is an array in the general path, even of one element, and an array is divided
    // by rustlab's array division: 0.76178304085875426 / 3 is 0.2539276802862514, the
    // same in an array 0.25392768028625146. A number divided by a number is plain.
    let setup = "D = [0.76178304085875426, 0.1; 0.1, 0.2]; C = D(:, 1); lr = 3;\n";
    let show = "fprintf(\"%.17g \", D, C);\n";
    for body in [
        "D(t, :) = D(t, :) ./ 3;",
        "C(t, :) = C(t, :) ./ lr;",
        "D(t, :) = D(t, :) / lr + 1;",
        "D(t, :) = 1 + D(t, :) / 3;",
        "D(t, :) = D(t, :) .* 0 + 0.76178304085875426 / lr;",
    ] {
        let code = format!("for t = 1:2\n  {body}\nend\n");
        assert!(compiles(setup, &code), "{body}");
        same_as_general(&format!("{setup}{code}{show}"));
    }
}

#[test]
fn slice_writes_that_cannot_be_done_here_are_the_general_paths() {
    let setup = "E = [16 2 3 13; 5 11 10 8; 9 7 6 12; 4 14 15 1]; D = [1 2 3; 4 5 6]; v = [1 2 3 4]; Z = zeros(2, 0); lr = 0.5;\n";
    let show = "print(E, v, size(Z))\n";
    for body in [
        // Lanes of other lengths, rows past the end (read, and written: it grows).
        "E(t, :) = E(t, :) + D(1, :);",
        "E(t, :) = D(t + 1, :);",
        "E(t + 3, :) = E(t, :) * lr;",
        // A Vector target or lane, an empty target.
        "v(1, :) = v(1, :) * 2;",
        "E(t, :) = v(1, :) + 1;",
        "E(t, :) = E(t, :) - lr; Z(t, :) = 1;",
    ] {
        // These compile; the statement hands over when it runs.
        let code = format!("for t = 1:2\n  {body}\nend\n");
        assert!(compiles(setup, &code), "{body}");
        same_as_general(&format!("{setup}{code}{show}"));
    }
    // Matrix operations on lanes, and a read of the target's element that a write changes,
    // do not compile; the loop runs the general way.
    for body in [
        "E(t, :) = E(t, :) * E(t, :);",
        "E(t, :) = E(t, :) / E(1, :);",
        "E(t, :) = E(t, :) ^ 2;",
        "E(t, :) = E(t, :) * E(t, 1);",
        "E(t, :) = E(:, t);",
        // `mod` takes a number for its modulus.
        "E(t, :) = mod(E(t, :), E(t, :) + 2);",
        "E(t, :) = mod(3, E(t, :) + 5);",
    ] {
        let code = format!("for t = 1:2\n  {body}\nend\n");
        assert!(!compiles(setup, &code), "{body}");
        same_as_general(&format!("{setup}{code}{show}"));
    }
}
