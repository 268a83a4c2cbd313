//! The seeds' three-stage event (RULES.md §1, format B): lots into groups with
//! single elimination, then a round robin, then a knockout seeded by points.

use tournament::format::KnockoutOptions;
use tournament::{
    Advance, Competition, DecidedBy, Entrant, EntrantId, Format, Game, GameKind, GameRecord,
    GameResult, MatchFormat, MatchState, RoundRobinOptions, Scoring, Seating, Stage, StageSettings,
    advancing, draw_match_lots, draw_stage, group_standings, knockout_placings, pair_knockout,
    stage,
};

fn stage_of(name: &str, settings: StageSettings) -> Stage {
    Stage {
        name: name.into(),
        settings,
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    }
}

/// The lower registration number wins every game: a predictable field.
fn favourite_wins(m: &tournament::Match, red: usize) -> GameRecord {
    let ids: Vec<EntrantId> = m.seats.iter().flatten().copied().collect();
    let better = if ids[0] < ids[1] { 0 } else { 1 };
    let winner_game_seat = if better == red { 0 } else { 1 };
    GameRecord::new(GameResult::Win {
        winner: winner_game_seat,
        moves: None,
    })
}

fn play_knockout(c: &mut Competition, stage_index: usize) {
    let format = c.stages[stage_index].settings.match_format;
    let third = c.stages[stage_index]
        .settings
        .format
        .read::<KnockoutOptions>()
        .is_some_and(|o| o.third_place);
    for g in 0..c.stages[stage_index].groups.len() {
        loop {
            for round in &mut c.stages[stage_index].groups[g].rounds {
                for m in round.matches.iter_mut().filter(|m| !m.is_bye()) {
                    while let Some(red) = stage::next_red(format, Seating::TwoSides, m) {
                        let record = favourite_wins(m, red);
                        m.games.push(Game {
                            board: 1,
                            red,
                            record: Some(record),
                            moves: None,
                        });
                    }
                }
            }
            let mut group = c.stages[stage_index].groups[g].clone();
            match pair_knockout(c, format, &mut group, third) {
                Ok(_) => c.stages[stage_index].groups[g] = group,
                Err(tournament::StageError::Finished) => break,
                Err(e) => panic!("{e}"),
            }
        }
    }
}

#[test]
fn groups_then_round_robin_then_points_knockout() {
    let mut c = Competition::new("象棋个人赛", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=16)
        .map(|i| Entrant::new(i, format!("棋手{i}")).with_club(format!("单位{}", i % 4)))
        .collect();
    let mut s1 = StageSettings::new(Format::new(&KnockoutOptions { third_place: false }));
    s1.groups = 4;
    s1.advance = Advance::PerGroup(2);
    let mut s2 = StageSettings::new(Format::new(&RoundRobinOptions::default()));
    s2.advance = Advance::Overall(4);
    let mut s3 = StageSettings::new(Format::with_kind(
        "points_knockout",
        &KnockoutOptions { third_place: true },
    ));
    s3.match_format = MatchFormat::best_of_three();
    c.stages = vec![
        stage_of("第一阶段", s1),
        stage_of("第二阶段", s2),
        stage_of("第三阶段", s3),
    ];

    // Stage 1: four groups of four, each a knockout of two rounds.
    draw_stage(&mut c, 0, 20261130).unwrap();
    assert_eq!(c.stages[0].draw_seed, Some(20261130));
    assert_eq!(
        c.stages[0]
            .groups
            .iter()
            .map(|g| g.entrants.len())
            .collect::<Vec<_>>(),
        [4, 4, 4, 4]
    );
    play_knockout(&mut c, 0);
    let finalists = advancing(&c, 0).unwrap();
    assert_eq!(finalists.len(), 8);
    // Group winners first: the best-numbered player of each group.
    for (g, group) in c.stages[0].groups.iter().enumerate() {
        assert_eq!(finalists[g], *group.entrants.iter().min().unwrap());
    }

    // Stage 2: a round robin of the eight, all seven rounds paired at once.
    draw_stage(&mut c, 1, 7).unwrap();
    let group = &mut c.stages[1].groups[0];
    assert_eq!(group.rounds.len(), 7);
    for round in &mut group.rounds {
        for m in &mut round.matches {
            let record = favourite_wins(m, 0);
            m.games.push(Game {
                board: 1,
                red: 0,
                record: Some(record),
                moves: None,
            });
        }
    }
    let (_, table) = group_standings(&c, 1, 0).unwrap();
    let mut expected = finalists.clone();
    expected.sort();
    let order: Vec<EntrantId> = table.rows.iter().map(|r| r.entrant).collect();
    assert_eq!(
        order, expected,
        "the favourite always wins, so the ranking is by number"
    );
    assert_eq!(
        table.rows[0].values[0],
        Some(7 * 2 * tournament::tiebreak::SIXTEENTHS),
        "seven wins at 2 points, in sixteenths"
    );

    // Stage 3: the top four by points, 1 v 4 and 2 v 3, best of three, third place played.
    draw_stage(&mut c, 2, 99).unwrap();
    let first_round = &c.stages[2].groups[0].rounds[0];
    let pairs: Vec<Vec<EntrantId>> = first_round
        .matches
        .iter()
        .map(|m| m.seats.iter().flatten().copied().collect())
        .collect();
    assert_eq!(pairs, [vec![order[0], order[3]], vec![order[1], order[2]]]);
    play_knockout(&mut c, 2);
    let places =
        knockout_placings(&c, MatchFormat::best_of_three(), &c.stages[2].groups[0]).unwrap();
    let place_of = |id: EntrantId| places.iter().find(|(e, _)| *e == id).unwrap().1.to_string();
    assert_eq!(place_of(order[0]), "1");
    assert_eq!(place_of(order[1]), "2");
    assert_eq!(place_of(order[2]), "3");
    assert_eq!(place_of(order[3]), "4");
}

#[test]
fn a_best_of_three_semifinal_decided_by_lots() {
    let mut c = Competition::new("象棋个人赛", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=4)
        .map(|i| Entrant::new(i, format!("棋手{i}")).with_seed(i))
        .collect();
    let mut settings = StageSettings::new(Format::with_kind(
        "points_knockout",
        &KnockoutOptions { third_place: false },
    ));
    settings.match_format = MatchFormat::best_of_three();
    c.stages = vec![stage_of("决赛阶段", settings)];
    draw_stage(&mut c, 0, 1).unwrap();
    let format = MatchFormat::best_of_three();
    let m = &mut c.stages[0].groups[0].rounds[0].matches[0];
    // Game 1: seat 0 red wins; game 2: seat 1 red wins; game 3 drawn; extra game drawn.
    for (red, result) in [
        (
            0,
            GameResult::Win {
                winner: 0,
                moves: None,
            },
        ),
        (
            1,
            GameResult::Win {
                winner: 0,
                moves: None,
            },
        ),
        (0, GameResult::Draw),
        (1, GameResult::Draw),
    ] {
        assert_eq!(stage::next_red(format, Seating::TwoSides, m), Some(red));
        m.games.push(Game {
            board: 1,
            red,
            record: Some(GameRecord::new(result)),
            moves: None,
        });
    }
    assert_eq!(
        stage::state_of(format, Seating::TwoSides, m),
        MatchState::NeedsLots
    );
    let lot_seed = 4242;
    m.lots = Some((lot_seed, draw_match_lots(lot_seed)));
    assert!(matches!(
        stage::state_of(format, Seating::TwoSides, m),
        MatchState::Decided {
            by: DecidedBy::Lots,
            ..
        }
    ));
    let winner =
        stage::match_winner(&c, format, &c.stages[0].groups[0].rounds[0].matches[0]).unwrap();
    assert_eq!(
        winner,
        c.stages[0].groups[0].rounds[0].matches[0].seats[draw_match_lots(lot_seed)].unwrap()
    );
    // The final cannot be paired before the other semifinal is decided.
    let mut group = c.stages[0].groups[0].clone();
    assert_eq!(
        pair_knockout(&c, format, &mut group, false),
        Err(tournament::StageError::Undecided { round: 1, board: 2 })
    );
}
