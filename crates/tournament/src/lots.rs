//! Drawing of lots (抽签). Every draw runs on a ChaCha stream from a stored seed, and
//! index sampling and shuffling are written here, not borrowed from a library whose
//! algorithm could change: the same seed gives the same draw on every machine and
//! every version.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The seed of a draw: printed on the draw sheet so anyone can re-run it.
pub type DrawSeed = u64;

pub struct Lots {
    rng: ChaCha20Rng,
}

impl Lots {
    pub fn new(seed: DrawSeed) -> Lots {
        Lots {
            rng: ChaCha20Rng::seed_from_u64(seed),
        }
    }

    /// A uniform index in `0..n` (n > 0), by rejection so every index is equally likely.
    pub fn index(&mut self, n: usize) -> usize {
        assert!(n > 0, "drawing from nothing");
        let n = n as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.rng.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// One of `items`, uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draw() {
        let draw = |seed| {
            let mut v: Vec<u32> = (1..=16).collect();
            Lots::new(seed).shuffle(&mut v);
            v
        };
        assert_eq!(draw(42), draw(42));
        assert_ne!(draw(42), draw(43));
        let mut sorted = draw(7);
        sorted.sort();
        assert_eq!(sorted, (1..=16).collect::<Vec<_>>());
    }

    #[test]
    fn the_stream_is_fixed() {
        // Guards against a silent change of the generator: these are the first draws
        // for seed 2026 and must never change, or stored draws could not be re-run.
        let mut lots = Lots::new(2026);
        let first: Vec<usize> = (0..8).map(|_| lots.index(100)).collect();
        assert_eq!(first, FIRST_DRAWS_2026);
    }

    const FIRST_DRAWS_2026: [usize; 8] = [86, 66, 4, 10, 83, 10, 0, 7];
}
