//! The random stream of a session (spec §9): rand 0.8 `StdRng` seeded with
//! `seed_from_u64`, `rand_distr` 0.4 standard normals for `randn`, rand's
//! `Uniform::new(0.0, 1.0)` for `rand`, `gen_range(lo..=hi)` for `randi`. Using these exact
//! crates (not a re-implementation) is what makes the streams bit-identical to rustlab's.
//!
//! Each session owns one generator; nothing is process-wide, so lessons built in parallel
//! never share or disturb each other's streams.

use rand::distributions::{Distribution, Uniform};
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng};
use rand_distr::StandardNormal;

#[derive(Clone, Debug)]
pub struct Rng {
    inner: StdRng,
}

impl Rng {
    /// A generator seeded with `seed_from_u64(seed)`.
    pub fn seeded(seed: u64) -> Rng {
        Rng {
            inner: StdRng::seed_from_u64(seed),
        }
    }

    /// `seed(N)`: restart the stream.
    pub fn reseed(&mut self, seed: u64) {
        self.inner = StdRng::seed_from_u64(seed);
    }

    /// One standard normal draw (`randn`).
    pub fn normal(&mut self) -> f64 {
        // rustlab samples Normal::new(0, 1), i.e. 0 + 1 * z: the same bits as z.
        census::count(0);
        let z: f64 = self.inner.sample(StandardNormal);
        0.0 + z
    }

    /// One uniform draw in [0, 1) (`rand`).
    pub fn uniform(&mut self) -> f64 {
        census::count(1);
        Uniform::new(0.0, 1.0).sample(&mut self.inner)
    }

    /// One integer in `lo..=hi` (`randi`); `lo <= hi` is the caller's duty.
    pub fn int_inclusive(&mut self, lo: i64, hi: i64) -> i64 {
        census::count(2);
        self.inner.gen_range(lo..=hi)
    }

    /// `n` consecutive draws of `draw`.
    pub fn fill(&mut self, n: usize, mut draw: impl FnMut(&mut Rng) -> f64) -> Vec<f64> {
        (0..n).map(|_| draw(self)).collect()
    }
}

/// Draws made on this thread so far: normals, uniforms, integers. Only with the
/// `draw-census` feature (a benchmark's, to leave the generator's own cost out of the
/// interpreter's); the default build counts nothing.
#[cfg(feature = "draw-census")]
pub fn census() -> [u64; 3] {
    census::DRAWS.with(std::cell::Cell::get)
}

mod census {
    #[cfg(feature = "draw-census")]
    thread_local! {
        pub(super) static DRAWS: std::cell::Cell<[u64; 3]> = const { std::cell::Cell::new([0; 3]) };
    }

    /// Count one draw of `kind` (0 normal, 1 uniform, 2 integer).
    #[inline(always)]
    pub(super) fn count(kind: usize) {
        #[cfg(feature = "draw-census")]
        DRAWS.with(|draws| {
            let mut counts = draws.get();
            counts[kind] += 1;
            draws.set(counts);
        });
        #[cfg(not(feature = "draw-census"))]
        let _ = kind;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn randn_vectors_of_spec_section_9() {
        let mut r = Rng::seeded(42);
        let v = r.fill(3, Rng::normal);
        assert_eq!(
            v,
            [0.06942791836196335, 0.13293812199412544, 0.2625763573739537]
        );
        assert_eq!(r.normal(), -0.22530087839099155);
        assert_eq!(Rng::seeded(0).normal(), 0.7128130103834549);
    }

    #[test]
    fn rand_vectors_of_spec_section_9() {
        let mut r = Rng::seeded(7);
        let v = r.fill(3, Rng::uniform);
        assert_eq!(
            v,
            [
                0.030317360865101284,
                0.3070862833742407,
                0.14264215670077252
            ]
        );
    }

    #[test]
    fn randi_vector_of_spec_section_9() {
        let mut r = Rng::seeded(1);
        let v: Vec<i64> = (0..5).map(|_| r.int_inclusive(1, 10)).collect();
        assert_eq!(v, [5, 3, 8, 6, 3]);
    }

    #[test]
    fn scaled_matrix_start_of_the_seed() {
        // seed(12); H = randn(4, 6) * 3.0 + 1.5 -> H(1,1), H(1,2)
        let mut r = Rng::seeded(12);
        let a = r.normal() * 3.0 + 1.5;
        let b = r.normal() * 3.0 + 1.5;
        assert_eq!(a, 1.3188665536325714);
        assert_eq!(b, 2.8424774238583095);
    }
}
