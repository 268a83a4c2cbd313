//! Knockout and group draws: invariants over many sizes and seeds.

use std::collections::HashSet;
use tournament::format::KnockoutOptions;

use proptest::prelude::*;
use tournament::{
    Competition, Entrant, EntrantId, Format, Game, GameKind, GameRecord, GameResult, Lots, Scoring,
    Stage, StageSettings, draw_groups, draw_stage, drawn_bracket, knockout_placings, pair_knockout,
    seeded_bracket,
};

fn competition(n: u32, clubs: u32, format: Format) -> Competition {
    let mut c = Competition::new("象棋个人赛", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=n)
        .map(|i| {
            let e = Entrant::new(i, format!("棋手{i}"));
            if clubs > 0 {
                e.with_club(format!("单位{}", i % clubs))
            } else {
                e
            }
        })
        .collect();
    c.stages.push(Stage {
        name: "淘汰赛".into(),
        settings: StageSettings::new(format),
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    });
    c
}

/// Plays a knockout group to the end with results drawn from `seed`; checks that
/// nobody plays twice in a round. Returns the placings.
fn play_out(c: &mut Competition, seed: u64) -> Vec<(EntrantId, tournament::Place)> {
    let mut lots = Lots::new(seed);
    let third_place = c.stages[0]
        .settings
        .format
        .read::<KnockoutOptions>()
        .is_some_and(|o| o.third_place);
    let format = c.stages[0].settings.match_format;
    loop {
        for round in &mut c.stages[0].groups[0].rounds {
            let mut seen = HashSet::new();
            for m in &mut round.matches {
                for id in m.seats.iter().flatten() {
                    assert!(
                        seen.insert(*id),
                        "{id:?} plays twice in round {}",
                        round.number
                    );
                }
                if !m.is_bye() && m.games.is_empty() {
                    let winner = lots.index(2);
                    let record = GameRecord::new(GameResult::Win {
                        winner,
                        moves: None,
                    });
                    m.games.push(Game {
                        board: 1,
                        red: 0,
                        record: Some(record),
                        moves: None,
                    });
                }
            }
        }
        let mut group = c.stages[0].groups[0].clone();
        match pair_knockout(c, format, &mut group, third_place) {
            Ok(added) => assert!(!added.is_empty()),
            Err(tournament::StageError::Finished) => break,
            Err(e) => panic!("{e}"),
        }
        c.stages[0].groups[0] = group;
    }
    knockout_placings(c, format, &c.stages[0].groups[0]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_knockout_has_one_champion(n in 2u32..=256, seed in any::<u64>(), third in any::<bool>()) {
        let mut c = competition(n, 7, Format::new(&KnockoutOptions { third_place: third }));
        draw_stage(&mut c, 0, seed).unwrap();
        let places = play_out(&mut c, seed);
        prop_assert_eq!(places.len() as u32, n, "everyone is placed");
        prop_assert_eq!(places.iter().filter(|(_, p)| p.first == 1 && p.last == 1).count(), 1);
        let third_place_played = third && n >= 4;
        if third_place_played {
            prop_assert!(places.iter().any(|(_, p)| p.first == 3 && p.last == 3));
            prop_assert!(places.iter().any(|(_, p)| p.first == 4 && p.last == 4));
        }
        // A shared place is shared by exactly as many as it spans, and together the
        // places run 1..n without gaps.
        let mut spans: Vec<(u32, u32)> = places.iter().map(|(_, p)| (p.first, p.last)).collect();
        spans.sort();
        spans.dedup();
        let mut next = 1;
        for (first, last) in spans {
            prop_assert_eq!(first, next);
            let sharing = places.iter().filter(|(_, p)| p.first == first).count() as u32;
            prop_assert_eq!(sharing, last - first + 1);
            next = last + 1;
        }
        prop_assert_eq!(next, n + 1);
    }

    #[test]
    fn the_same_seed_gives_the_same_draw(n in 2usize..200, seed in any::<u64>(), seeds in 0usize..16) {
        let entrants: Vec<Entrant> = (1..=n as u32).map(|i| Entrant::new(i, format!("{i}")).with_club(format!("{}", i % 5))).collect();
        let seeded: Vec<EntrantId> = (1..=seeds.min(n) as u32).map(EntrantId).collect();
        prop_assert_eq!(drawn_bracket(&entrants, &seeded, seed), drawn_bracket(&entrants, &seeded, seed));
        prop_assert_eq!(draw_groups(&entrants, &seeded, 4, seed), draw_groups(&entrants, &seeded, 4, seed));
    }

    #[test]
    fn byes_go_to_the_top_seeds(n in 2usize..300) {
        let order: Vec<EntrantId> = (1..=n as u32).map(EntrantId).collect();
        let bracket = seeded_bracket(&order);
        let byes = bracket.size() - n;
        for slot in bracket.first_round() {
            if slot.top.is_none() || slot.bottom.is_none() {
                let player = slot.top.or(slot.bottom).unwrap();
                prop_assert!(player.0 as usize <= byes, "{:?} has a bye but is not a top-{} seed", player, byes);
            }
        }
    }

    #[test]
    fn a_drawn_bracket_gives_its_byes_to_the_top_seeds(n in 3usize..70, seed in any::<u64>()) {
        // As the stage draws it: the seeds, then by rating, as many as there are byes.
        let entrants: Vec<Entrant> = (1..=n as u32).map(|i| Entrant::new(i, format!("{i}"))).collect();
        let byes = tournament::seeding::bracket_size(n) - n;
        let seeded: Vec<EntrantId> = (1..=byes.max(1) as u32).map(EntrantId).collect();
        let bracket = drawn_bracket(&entrants, &seeded, seed);
        let mut with_bye: Vec<u32> = bracket
            .first_round()
            .iter()
            .filter(|slot| slot.top.is_none() != slot.bottom.is_none())
            .map(|slot| slot.top.or(slot.bottom).unwrap().0)
            .collect();
        with_bye.sort();
        prop_assert_eq!(with_bye, (1..=byes as u32).collect::<Vec<_>>());
    }

    #[test]
    fn club_mates_are_spread_over_halves_and_quarters(size_exp in 3u32..8, seed in any::<u64>(), big in 2usize..12) {
        // A full bracket: one big club, the rest in pairs. The biggest club is placed
        // first, so it is always perfectly spread; pairs are split across halves.
        let size = 1usize << size_exp;
        let big = big.min(size / 2);
        let entrants: Vec<Entrant> = (0..size as u32)
            .map(|i| {
                let club = if (i as usize) < big { "大".to_string() } else { format!("对{}", i / 2) };
                Entrant::new(i + 1, format!("{i}")).with_club(club)
            })
            .collect();
        let bracket = drawn_bracket(&entrants, &[], seed);
        let club_of = |id: EntrantId| entrants[id.0 as usize - 1].club.clone().unwrap();
        let count_in = |club: &str, start: usize, len: usize| {
            bracket.lines[start..start + len].iter().flatten().filter(|&&id| club_of(id) == club).count()
        };
        for parts in [2, 4] {
            let len = size / parts;
            let counts: Vec<usize> = (0..parts).map(|k| count_in("大", k * len, len)).collect();
            prop_assert!(counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1, "{:?} over {} parts", counts, parts);
        }
    }

    #[test]
    fn group_draw_snakes_seeds_and_balances_sizes(n in 4usize..120, groups in 2usize..9, seeds in 0usize..20, seed in any::<u64>()) {
        prop_assume!(groups <= n);
        let entrants: Vec<Entrant> = (1..=n as u32).map(|i| Entrant::new(i, format!("{i}")).with_club(format!("{}", i % 6))).collect();
        let seeded: Vec<EntrantId> = (1..=seeds.min(n) as u32).map(EntrantId).collect();
        let draw = draw_groups(&entrants, &seeded, groups, seed);
        let sizes: Vec<usize> = draw.groups.iter().map(Vec::len).collect();
        prop_assert_eq!(sizes.iter().sum::<usize>(), n);
        prop_assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{:?}", sizes);
        for (k, s) in seeded.iter().enumerate() {
            let g = draw.groups.iter().position(|members| members.contains(s)).unwrap();
            prop_assert_eq!(g, tournament::seeding::snake(k, groups), "seed {} in group {}", k + 1, g);
        }
    }
}

#[test]
fn club_pairs_are_split_whenever_possible() {
    // 16 entrants in 8 clubs of two, no seeds: every pair ends in different halves.
    for seed in 0..200 {
        let entrants: Vec<Entrant> = (0..16u32)
            .map(|i| Entrant::new(i + 1, format!("{i}")).with_club(format!("{}", i / 2)))
            .collect();
        let bracket = drawn_bracket(&entrants, &[], seed);
        for club in 0..8u32 {
            let halves: Vec<usize> = bracket
                .lines
                .iter()
                .enumerate()
                .filter(|(_, id)| id.is_some_and(|id| (id.0 - 1) / 2 == club))
                .map(|(line, _)| line / 8)
                .collect();
            assert_ne!(halves[0], halves[1], "seed {seed}: club {club} in one half");
        }
    }
}
