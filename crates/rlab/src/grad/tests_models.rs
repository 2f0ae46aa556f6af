//! `grad` of whole models against backward passes written by hand in rlab: a two-layer MLP
//! and a one-block transformer (LayerNorm, single-head causal attention, residuals, a GELU
//! MLP, softmax cross-entropy). Both must agree to 1e-10 relative.

use super::tests::{scalar, session};

const MLP: &str = r#"
function L = mlp_loss(X, W1, b1, W2, b2, Y)
  H = tanh(X * W1 + b1);
  P = H * W2 + b2;
  L = mean(sum((P - Y) .^ 2, 2));
end
function [dW1, db1, dW2, db2] = mlp_backward(X, W1, b1, W2, b2, Y)
  N = size(X)(1);
  Z = X * W1 + b1;
  H = tanh(Z);
  P = H * W2 + b2;
  dP = 2 * (P - Y) / N;
  dW2 = H' * dP;
  db2 = sum(dP, 1);
  dZ = (dP * W2') .* (1 - H .^ 2);
  dW1 = X' * dZ;
  db1 = sum(dZ, 1);
end
X = randn(5, 3);
W1 = randn(3, 4);
b1 = randn(4);
W2 = randn(4, 2);
b2 = randn(2);
Y = randn(5, 2);
[L, g1, g2, g3, g4] = value_and_grad(@() mlp_loss(X, W1, b1, W2, b2, Y), {W1, b1, W2, b2});
[h1, h2, h3, h4] = mlp_backward(X, W1, b1, W2, b2, Y);
% A sum, not max: max skips NaN.
err = dist(g1, h1) + dist(g2, h2) + dist(g3, h3) + dist(g4, h4);
lerr = abs(L - mlp_loss(X, W1, b1, W2, b2, Y));
"#;

#[test]
fn an_mlp_matches_its_hand_written_backward_pass() {
    let s = session(MLP);
    assert!(
        scalar(&s, "err") <= 1e-10,
        "relative error {}",
        scalar(&s, "err")
    );
    assert_eq!(scalar(&s, "lerr"), 0.0);
}

const BLOCK: &str = r#"
function L = block_loss(X, Wq, Wk, Wv, Wo, W1, b1, W2, b2, Wu, Y)
  T = size(X)(1);
  d = size(X)(2);
  H = layernorm(X);
  S = (H * Wq) * (H * Wk)' / sqrt(d) + causal_mask(T);
  R = X + softmax(S) * (H * Wv) * Wo;
  H2 = layernorm(R);
  O = R + gelu(H2 * W1 + b1) * W2 + b2;
  P = softmax(O * Wu);
  L = -mean(sum(log(P) .* Y, 2));
end

% Row-wise layernorm backward: dX from the input X, the output N and the adjoint dN.
function dX = ln_back(X, N, dN)
  d = size(X)(2);
  mu = mean(X, 2);
  sig = sqrt(mean((X - mu) .^ 2, 2) + 1e-5);
  dX = (dN - mean(dN, 2) - N .* mean(dN .* N, 2)) ./ sig;
end

function [dX, dWq, dWk, dWv, dWo, dW1, db1, dW2, db2, dWu] = block_back(X, Wq, Wk, Wv, Wo, W1, b1, W2, b2, Wu, Y)
  T = size(X)(1);
  d = size(X)(2);
  H = layernorm(X);
  Q = H * Wq;
  K = H * Wk;
  V = H * Wv;
  P = softmax(Q * K' / sqrt(d) + causal_mask(T));
  C = P * V;
  R = X + C * Wo;
  H2 = layernorm(R);
  Z = H2 * W1 + b1;
  O = R + gelu(Z) * W2 + b2;
  Pr = softmax(O * Wu);
  dLogits = (Pr - Y) / T;
  dWu = O' * dLogits;
  dO = dLogits * Wu';
  db2 = sum(dO, 1);
  dW2 = gelu(Z)' * dO;
  dZ = (dO * W2') .* gelu_grad(Z);
  dW1 = H2' * dZ;
  db1 = sum(dZ, 1);
  dR = dO + ln_back(R, H2, dZ * W1');
  dWo = C' * dR;
  dC = dR * Wo';
  dV = P' * dC;
  dP = dC * V';
  dS = P .* (dP - sum(dP .* P, 2)) / sqrt(d);
  dQ = dS * K;
  dK = dS' * Q;
  dWq = H' * dQ;
  dWk = H' * dK;
  dWv = H' * dV;
  dX = dR + ln_back(X, H, dQ * Wq' + dK * Wk' + dV * Wv');
end

T = 6; d = 8; h = 16; nv = 5;
X = randn(T, d);
Wq = randn(d, d) / 3; Wk = randn(d, d) / 3; Wv = randn(d, d) / 3; Wo = randn(d, d) / 3;
W1 = randn(d, h) / 3; b1 = randn(h) / 10; W2 = randn(h, d) / 3; b2 = randn(d) / 10;
Wu = randn(d, nv);
Y = zeros(T, nv);
for t = 1:T
  Y(t, mod(3 * t, nv) + 1) = 1;
end
[L, gX, gWq, gWk, gWv, gWo, gW1, gb1, gW2, gb2, gWu] = value_and_grad(@() block_loss(X, Wq, Wk, Wv, Wo, W1, b1, W2, b2, Wu, Y), {X, Wq, Wk, Wv, Wo, W1, b1, W2, b2, Wu});
[hX, hWq, hWk, hWv, hWo, hW1, hb1, hW2, hb2, hWu] = block_back(X, Wq, Wk, Wv, Wo, W1, b1, W2, b2, Wu, Y);
errs = [dist(gX, hX), dist(gWq, hWq), dist(gWk, hWk), dist(gWv, hWv), dist(gWo, hWo), dist(gW1, hW1), dist(gb1, hb1), dist(gW2, hW2), dist(gb2, hb2), dist(gWu, hWu)];
err = sum(errs);
smallest = min([norm(gX), norm(gWq), norm(gWk), norm(gb1), norm(gb2)]);
lerr = abs(L - block_loss(X, Wq, Wk, Wv, Wo, W1, b1, W2, b2, Wu, Y));
"#;

#[test]
fn a_transformer_block_matches_its_hand_written_backward_pass() {
    let s = session(BLOCK);
    assert!(
        scalar(&s, "err") <= 1e-10,
        "relative error {}",
        scalar(&s, "err")
    );
    assert!(
        scalar(&s, "smallest") > 1e-6,
        "every gradient is non-trivial"
    );
    assert_eq!(scalar(&s, "lerr"), 0.0);
}

#[test]
fn the_transformer_gradient_also_matches_central_differences() {
    let code = format!(
        "{BLOCK}\nf = @(w) block_loss(X, w, Wk, Wv, Wo, W1, b1, W2, b2, Wu, Y);\nfderr = dist(gWq, fd(f, Wq));\n"
    );
    let s = session(&code);
    assert!(scalar(&s, "fderr") <= 1e-6, "{}", scalar(&s, "fderr"));
}
