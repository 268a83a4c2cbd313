//! Round-robin schedules against the published FIDE Berger tables.

use proptest::prelude::*;
use tournament::{Pairing, RoundRobinOptions, round_robin};

fn table(n: u32) -> Vec<Vec<(u32, u32)>> {
    let schedule = round_robin(n, RoundRobinOptions::default());
    let rounds = schedule.iter().map(|p| p.round).max().unwrap_or(0);
    (1..=rounds)
        .map(|r| {
            schedule
                .iter()
                .filter(|p| p.round == r)
                .map(|p| (p.red, p.black))
                .collect()
        })
        .collect()
}

fn parse(rows: &[&str]) -> Vec<Vec<(u32, u32)>> {
    rows.iter()
        .map(|row| {
            row.split(", ")
                .map(|g| {
                    let (a, b) = g.split_once('-').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// FIDE Handbook C.05 Annex 1, Berger table for 7–8 players.
const BERGER_8: [&str; 7] = [
    "1-8, 2-7, 3-6, 4-5",
    "8-5, 6-4, 7-3, 1-2",
    "2-8, 3-1, 4-7, 5-6",
    "8-6, 7-5, 1-4, 2-3",
    "3-8, 4-2, 5-1, 6-7",
    "8-7, 1-6, 2-5, 3-4",
    "4-8, 5-3, 6-2, 7-1",
];

/// FIDE Handbook C.05 Annex 1, Berger table for 9–10 players.
const BERGER_10: [&str; 9] = [
    "1-10, 2-9, 3-8, 4-7, 5-6",
    "10-6, 7-5, 8-4, 9-3, 1-2",
    "2-10, 3-1, 4-9, 5-8, 6-7",
    "10-7, 8-6, 9-5, 1-4, 2-3",
    "3-10, 4-2, 5-1, 6-9, 7-8",
    "10-8, 9-7, 1-6, 2-5, 3-4",
    "4-10, 5-3, 6-2, 7-1, 8-9",
    "10-9, 1-8, 2-7, 3-6, 4-5",
    "5-10, 6-4, 7-3, 8-2, 9-1",
];

#[test]
fn eight_and_ten_players_match_the_published_tables() {
    assert_eq!(table(8), parse(&BERGER_8));
    assert_eq!(table(10), parse(&BERGER_10));
}

#[test]
fn odd_fields_use_the_next_table_with_a_bye() {
    // 7 players: player 8 of the table is the bye, written as 0 after the entrant.
    let seven = table(7);
    let eight = parse(&BERGER_8);
    for (r7, r8) in seven.iter().zip(&eight) {
        for (&(red, black), &(r, b)) in r7.iter().zip(r8) {
            if r == 8 || b == 8 {
                assert_eq!((red, black), (r.min(b), 0));
            } else {
                assert_eq!((red, black), (r, b));
            }
        }
    }
}

/// The rule of RULES.md §6, checked independently of the board order.
#[test]
fn every_size_from_3_to_16_follows_the_formula() {
    for n in 3..=16u32 {
        let size = n + n % 2;
        let m = size - 1;
        for p in round_robin(n, RoundRobinOptions::default()) {
            let r = p.round;
            let (a, b) = (p.red, if p.black == 0 { size } else { p.black });
            let (i, j) = (a.min(b), a.max(b));
            if j == size {
                assert_eq!(
                    (2 * i) % m,
                    (r + 1) % m,
                    "n={n} round {r}: {i} meets the last"
                );
                let last_red = r % 2 == 0;
                if p.black != 0 {
                    assert_eq!(a == size, last_red, "n={n} round {r}");
                }
            } else {
                assert_eq!((i + j) % m, (r + 1) % m, "n={n} round {r}: {i}-{j}");
                let lower_red = (j - i) % 2 == 1;
                assert_eq!(a == i, lower_red, "n={n} round {r}: {i}-{j} colours");
            }
        }
    }
}

fn check_cycle(n: u32, games: &[Pairing]) -> Result<(), TestCaseError> {
    let mut met = std::collections::HashSet::new();
    for g in games.iter().filter(|g| g.black != 0) {
        prop_assert!(
            met.insert((g.red.min(g.black), g.red.max(g.black))),
            "{:?} twice",
            g
        );
    }
    prop_assert_eq!(met.len() as u32, n * (n - 1) / 2);
    Ok(())
}

proptest! {
    #[test]
    fn every_pair_meets_once_per_cycle_with_balanced_colours(n in 2u32..40) {
        let games = round_robin(n, RoundRobinOptions::default());
        check_cycle(n, &games)?;
        for player in 1..=n {
            let red = games.iter().filter(|g| g.red == player && g.black != 0).count() as i64;
            let black = games.iter().filter(|g| g.black == player).count() as i64;
            prop_assert!((red - black).abs() <= 1, "player {} red {} black {}", player, red, black);
            let rounds: Vec<u32> = games.iter().filter(|g| g.red == player || g.black == player).map(|g| g.round).collect();
            let mut unique = rounds.clone();
            unique.dedup();
            prop_assert_eq!(rounds.len(), unique.len(), "player {} plays twice in a round", player);
        }
    }

    #[test]
    fn double_round_robin_reverses_colours(n in 2u32..24, swap in any::<bool>()) {
        let games = round_robin(n, RoundRobinOptions { double: true, swap_last_two: swap });
        let cycle = n + n % 2 - 1;
        let (first, second): (Vec<Pairing>, Vec<Pairing>) = games.iter().partition(|g| g.round <= cycle);
        check_cycle(n, &first)?;
        check_cycle(n, &second)?;
        for g in second.iter().filter(|g| g.black != 0) {
            prop_assert!(first.iter().any(|f| f.red == g.black && f.black == g.red));
        }
    }
}

#[test]
fn swapping_the_last_two_rounds_avoids_three_same_colours_at_the_turn() {
    let plain = round_robin(
        8,
        RoundRobinOptions {
            double: true,
            swap_last_two: false,
        },
    );
    let swapped = round_robin(
        8,
        RoundRobinOptions {
            double: true,
            swap_last_two: true,
        },
    );
    let colours = |games: &[Pairing], player: u32| -> String {
        (1..=14)
            .map(|r| {
                let g = games
                    .iter()
                    .find(|g| g.round == r && (g.red == player || g.black == player))
                    .unwrap();
                if g.red == player { 'W' } else { 'B' }
            })
            .collect()
    };
    let triple = |games: &[Pairing]| {
        (1..=8).any(|p| {
            colours(games, p)[5..9].contains("WWW") || colours(games, p)[5..9].contains("BBB")
        })
    };
    assert!(triple(&plain));
    assert!(!triple(&swapped));
}
