//! Seed orderings: pure functions from a list to a list, each tested on its own.

/// The smallest power of two holding `n` entrants (at least 2).
pub fn bracket_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

/// The standard knockout seed order: line `i` of a bracket of `size` lines holds seed
/// `lines[i]` (1-based), so the top seeds meet as late as possible.
/// 8: 1, 8, 4, 5, 2, 7, 3, 6.
pub fn seed_lines(size: usize) -> Vec<u32> {
    assert!(size.is_power_of_two(), "a bracket has a power-of-two size");
    let mut lines = vec![1u32];
    while lines.len() < size {
        let n = lines.len() as u32 * 2;
        lines = lines.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    lines
}

/// The seed lines of a drawn bracket: the standard order with the bottom half
/// mirrored, so seeds 1 and 2 stand at the two ends, seeds 3–4 in the two other
/// quarters, 5–8 in the four other eighths. Pairs of lines stay together.
pub fn drawn_seed_lines(size: usize) -> Vec<u32> {
    let mut lines = seed_lines(size);
    lines[size / 2..].reverse();
    lines
}

/// Snake order over `groups`: seed k (0-based) goes to group `snake(k, groups)`:
/// A B C D D C B A A B ...
pub fn snake(k: usize, groups: usize) -> usize {
    let pass = k / groups;
    let i = k % groups;
    if pass.is_multiple_of(2) {
        i
    } else {
        groups - 1 - i
    }
}

/// The seed groups drawn together in a drawn bracket: [1], [2], [3, 4], [5..8], ...
pub fn seed_band(seed: u32) -> u32 {
    match seed {
        0 | 1 => 0,
        2 => 1,
        s => 32 - (s - 1).leading_zeros(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_orders_from_the_rules() {
        assert_eq!(seed_lines(2), [1, 2]);
        assert_eq!(seed_lines(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            seed_lines(16),
            [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
    }

    #[test]
    fn drawn_layout_puts_seeds_one_and_two_at_the_ends() {
        let lines = drawn_seed_lines(32);
        let line_of = |seed: u32| lines.iter().position(|&s| s == seed).unwrap() + 1;
        assert_eq!((line_of(1), line_of(2)), (1, 32));
        let mut three_four = [line_of(3), line_of(4)];
        three_four.sort();
        assert_eq!(three_four, [9, 24], "the second and third quarters");
        let mut eighths: Vec<usize> = (5..=8).map(|s| (line_of(s) - 1) / 4).collect();
        eighths.sort();
        assert_eq!(eighths, [1, 3, 4, 6], "the eighths without seeds 1-4");
    }

    #[test]
    fn snake_goes_back_and_forth() {
        let groups: Vec<usize> = (0..8).map(|k| snake(k, 3)).collect();
        assert_eq!(groups, [0, 1, 2, 2, 1, 0, 0, 1]);
    }

    #[test]
    fn bands_are_powers_of_two() {
        let bands: Vec<u32> = (1..=9).map(seed_band).collect();
        assert_eq!(bands, [0, 1, 2, 2, 3, 3, 3, 3, 4]);
        assert_eq!(bracket_size(5), 8);
        assert_eq!(bracket_size(1), 2);
        assert_eq!(bracket_size(64), 64);
    }
}
