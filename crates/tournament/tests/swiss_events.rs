//! Whole Swiss events with random fields and results, played through the core: every
//! round everyone active plays once (or has the bye), nobody meets an opponent twice,
//! nobody has two byes, with 禁3先/后 nobody has the same colour three times running,
//! and the bye always goes to a lowest-scored player who has not had one. Team Swiss
//! is paired by match points with the board colours of the team rule.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use tournament::swiss::SwissOptions;
use tournament::{
    Competition, Entrant, EntrantId, Format, GameKind, GameRecord, GameResult, Points, Scoring,
    Stage, StageError, StageSettings, draw_stage, play,
};

fn event(players: usize, options: SwissOptions, ratings: &[u32]) -> Competition {
    let mut c = Competition::new("积分编排", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=players as u32)
        .map(|i| {
            let e = Entrant::new(i, format!("P{i}"));
            match ratings.get(i as usize - 1) {
                Some(&r) if r > 0 => e.with_rating(r),
                _ => e,
            }
        })
        .collect();
    let mut settings = StageSettings::new(Format::new(&options));
    settings.tiebreaks = tournament::presets::SWISS_BUCHHOLZ_2011.to_vec();
    c.stages.push(Stage {
        name: "swiss".into(),
        settings,
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    });
    c
}

/// Enters every open board of the latest round: 0 red wins, 1 draw, 2 black wins.
fn play_round(c: &mut Competition, outcomes: &mut impl Iterator<Item = u8>) {
    let round = c.stages[0].groups[0].rounds.last().unwrap().clone();
    for m in round.matches.iter().filter(|m| !m.is_bye()) {
        let result = match outcomes.next().unwrap_or(1) {
            0 => GameResult::Win {
                winner: 0,
                moves: None,
            },
            1 => GameResult::Draw,
            _ => GameResult::Win {
                winner: 1,
                moves: None,
            },
        };
        c.enter(play::Entry {
            stage: 0,
            round: round.number,
            board: m.board,
            game: None,
            record: GameRecord::new(result),
            moves: None,
        })
        .unwrap();
    }
}

fn pair(c: &mut Competition) -> Result<(), StageError> {
    let settings = c.stages[0].settings.clone();
    let mut group = c.stages[0].groups[0].clone();
    tournament::format::of(&settings.format).pair_next(c, &settings, &mut group)?;
    c.stages[0].groups[0] = group;
    Ok(())
}

/// Checks every rule over the rounds played so far.
fn check(c: &Competition, no_three_same: bool) -> Result<(), TestCaseError> {
    let group = &c.stages[0].groups[0];
    let mut met = BTreeSet::new();
    let mut byes: BTreeMap<EntrantId, u32> = BTreeMap::new();
    let mut colours: BTreeMap<EntrantId, Vec<bool>> = BTreeMap::new();
    for round in &group.rounds {
        let mut seen = BTreeSet::new();
        for m in &round.matches {
            for id in m.seats.iter().flatten() {
                prop_assert!(seen.insert(*id), "{id:?} twice in round {}", round.number);
            }
            match m.seats[..] {
                [Some(a), None] => *byes.entry(a).or_default() += 1,
                [Some(red), Some(black)] => {
                    prop_assert!(
                        met.insert((red.min(black), red.max(black))),
                        "{red:?} v {black:?} again in round {}",
                        round.number
                    );
                    colours.entry(red).or_default().push(true);
                    colours.entry(black).or_default().push(false);
                }
                _ => prop_assert!(false, "a board without players"),
            }
        }
        prop_assert_eq!(seen.len(), c.entrants.len(), "everyone plays each round");
    }
    for (id, n) in &byes {
        prop_assert!(*n <= 1, "{:?} had {} byes", id, n);
    }
    if no_three_same {
        for (id, c) in &colours {
            prop_assert!(
                !c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "{id:?}: {c:?}"
            );
        }
    }
    Ok(())
}

/// The bye of the latest round went to a player of the lowest score among those
/// without one.
fn check_bye(before: &Competition, after: &Competition) -> Result<(), TestCaseError> {
    let group = &after.stages[0].groups[0];
    let Some(round) = group.rounds.last() else {
        return Ok(());
    };
    let Some(bye) = round.matches.iter().find(|m| m.is_bye()) else {
        return Ok(());
    };
    let receiver = bye.seats[0].unwrap();
    let earlier = &before.stages[0].groups[0];
    let had_bye: BTreeSet<EntrantId> = earlier
        .rounds
        .iter()
        .flat_map(|r| r.matches.iter().filter(|m| m.is_bye()))
        .filter_map(|m| m.seats[0])
        .collect();
    let field = tournament::stage::group_field(before, earlier, 1).unwrap();
    let lowest: Points = before
        .entrants
        .iter()
        .filter(|e| !had_bye.contains(&e.id))
        .map(|e| field.total(e.id))
        .min()
        .unwrap();
    prop_assert!(!had_bye.contains(&receiver), "a second bye");
    prop_assert_eq!(field.total(receiver), lowest, "the bye to the lowest score");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn random_swiss_events_keep_the_rules(
        players in 5usize..=21,
        rounds in 3u32..=7,
        no_three_same in any::<bool>(),
        ratings in proptest::collection::vec(0u32..2600, 21),
        outcomes in proptest::collection::vec(0u8..3, 120),
        seed in any::<u64>(),
    ) {
        let rounds = rounds.min(players as u32 / 2);
        let mut options = SwissOptions::new(rounds);
        options.no_three_same = no_three_same;
        let mut c = event(players, options, &ratings);
        draw_stage(&mut c, 0, seed).unwrap();
        let mut outcomes = outcomes.into_iter().cycle();
        check(&c, no_three_same)?;
        loop {
            play_round(&mut c, &mut outcomes);
            let before = c.clone();
            match pair(&mut c) {
                Ok(()) => {}
                Err(StageError::Finished) => break,
                // A late round that cannot be paired without a rematch is reported,
                // not forced; the organizer pairs it by hand.
                Err(StageError::Unpairable { .. }) => break,
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            }
            check(&c, no_three_same)?;
            check_bye(&before, &c)?;
        }
    }
}

#[test]
fn round_one_is_folded_by_rating_with_the_unrated_last() {
    let ratings = [1800, 0, 2400, 2200, 0, 2000];
    let mut c = event(6, SwissOptions::new(3), &ratings);
    draw_stage(&mut c, 0, 11).unwrap();
    let group = &c.stages[0].groups[0];
    // By rating: P3 2400, P4 2200, P6 2000, P1 1800, then P2 and P5 by lot.
    assert_eq!(
        &group.entrants[..4],
        &[EntrantId(3), EntrantId(4), EntrantId(6), EntrantId(1)]
    );
    let pairs: Vec<(EntrantId, EntrantId)> = group.rounds[0]
        .matches
        .iter()
        .map(|m| {
            let (a, b) = (m.seats[0].unwrap(), m.seats[1].unwrap());
            let pos = |id| group.entrants.iter().position(|&e| e == id).unwrap();
            if pos(a) < pos(b) { (a, b) } else { (b, a) }
        })
        .collect();
    let e = &group.entrants;
    assert_eq!(pairs, [(e[0], e[3]), (e[1], e[4]), (e[2], e[5])]);
}

#[test]
fn team_swiss_pairs_by_match_points_with_the_team_colours() {
    let mut c = event(6, SwissOptions::new(3), &[]);
    c.team_boards = Some(4);
    c.stages[0].settings.tiebreaks = tournament::presets::TEAM.to_vec();
    draw_stage(&mut c, 0, 5).unwrap();
    // Every board of round 1: team 1 wins all four on board 1, draws elsewhere.
    let round = c.stages[0].groups[0].rounds[0].clone();
    for m in &round.matches {
        let reds: Vec<usize> = m.games.iter().map(|g| g.red).collect();
        assert_eq!(reds, [0, 1, 0, 1], "first-named team red on odd boards");
        for board in 1..=4 {
            let result = if m.board == 1 {
                GameResult::Win {
                    winner: if board % 2 == 1 { 0 } else { 1 },
                    moves: None,
                }
            } else {
                GameResult::Draw
            };
            c.enter(play::Entry {
                stage: 0,
                round: 1,
                board: m.board,
                game: Some(board),
                record: GameRecord::new(result),
                moves: None,
            })
            .unwrap();
        }
    }
    pair(&mut c).unwrap();
    // The winners of board 1 lead on match points and head round 2.
    let r1 = &c.stages[0].groups[0].rounds[0].matches[0];
    let winner = r1.seats[0].unwrap();
    let r2 = &c.stages[0].groups[0].rounds[1].matches[0];
    assert!(r2.seats.contains(&Some(winner)), "{r2:?}");
}
