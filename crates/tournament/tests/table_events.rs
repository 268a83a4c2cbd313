//! Events at tables of three to six played through the core: the exact designs a round
//! robin in tables draws (every pair meets once), rotating partners (every pair
//! partners once), everyone seated once per round with sit-outs spread, Swiss rounds
//! seating the leaders together, a knockout in tables with exactly one champion, and
//! standings from the seeds' scoring (对手分 over every opponent at a table).

use std::collections::BTreeMap;

use proptest::prelude::*;
use tournament::format;
use tournament::play::Entry;
use tournament::tables::{Partners, TableScoring, TableStage, TableStageKind, Tables};
use tournament::{
    Competition, Entrant, EntrantId, Finish, Format, GameKind, GameRecord, GameResult, Points,
    Scoring, Stage, StageSettings, draw_stage, presets,
};

/// Enters a table's one game, as the service does after reading it.
fn enter_table(c: &mut Competition, round: u32, table: u32, record: GameRecord) {
    c.enter(Entry {
        stage: 0,
        round,
        board: table,
        game: None,
        record,
        moves: None,
    })
    .unwrap();
}

fn order(seats: &[usize]) -> GameResult {
    GameResult::Order {
        finish: Finish::new(seats).unwrap(),
    }
}

fn event(game: GameKind, players: usize, size: usize, stage: TableStage) -> Competition {
    let scoring = match game {
        GameKind::Junqi => Scoring::junqi(4),
        _ => Scoring::checkers(),
    };
    let mut c = Competition::new("分桌", game, scoring);
    c.tables = Some(Tables {
        game,
        size,
        partners: if stage.rotating {
            Partners::Rotating
        } else {
            Partners::Fixed
        },
        scoring: TableScoring::Winner,
    });
    c.entrants = (1..=players as u32)
        .map(|i| Entrant::new(i, format!("P{i}")).with_rating(2000 - i))
        .collect();
    let mut settings = StageSettings::new(Format::new(&stage));
    settings.tiebreaks = presets::TABLES.to_vec();
    c.stages.push(Stage {
        name: "tables".into(),
        settings,
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    });
    c
}

fn stage(format: TableStageKind, size: u32, rounds: u32) -> TableStage {
    TableStage {
        format,
        size,
        rotating: false,
        rounds,
        per_table: 1,
    }
}

/// How often each pair sat at one table, over every round of the stage.
fn meetings(c: &Competition) -> BTreeMap<(EntrantId, EntrantId), u32> {
    let mut met = BTreeMap::new();
    for round in &c.stages[0].groups[0].rounds {
        for m in round.matches.iter().filter(|m| !m.is_bye()) {
            let seated: Vec<EntrantId> = m.seats.iter().flatten().copied().collect();
            for (i, &a) in seated.iter().enumerate() {
                for &b in &seated[i + 1..] {
                    *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                }
            }
        }
    }
    met
}

fn every_pair_once(c: &Competition, players: u32) {
    let met = meetings(c);
    let pairs = players * (players - 1) / 2;
    assert_eq!(met.len() as u32, pairs, "every pair meets");
    assert!(met.values().all(|&n| n == 1), "no pair meets twice");
}

/// The resolvable designs: 9 in threes over 4 rounds and 16 in fours over 5 (affine
/// planes), 15 in threes over 7 (Kirkman): every pair meets exactly once.
#[test]
fn exact_designs_seat_every_pair_once() {
    for (players, size, rounds) in [(9, 3, 4), (16, 4, 5), (15, 3, 7)] {
        let s = stage(TableStageKind::RoundRobin, size as u32, 0);
        let mut c = event(GameKind::Checkers, players, size, s);
        draw_stage(&mut c, 0, 11).unwrap();
        assert_eq!(
            c.stages[0].groups[0].rounds.len(),
            rounds,
            "{players} in {size}s"
        );
        every_pair_once(&c, players as u32);
    }
}

#[test]
fn eight_rotating_partners_partner_once_over_seven_rounds() {
    let mut s = stage(TableStageKind::RoundRobin, 4, 0);
    s.rotating = true;
    let mut c = event(GameKind::Junqi, 8, 4, s);
    draw_stage(&mut c, 0, 9).unwrap();
    let rounds = &c.stages[0].groups[0].rounds;
    assert_eq!(rounds.len(), 7);
    let mut partnered = BTreeMap::new();
    for m in rounds.iter().flat_map(|r| &r.matches) {
        let s: Vec<EntrantId> = m.seats.iter().flatten().copied().collect();
        // South and north, east and west.
        for (a, b) in [(s[0], s[2]), (s[1], s[3])] {
            *partnered.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
    }
    assert_eq!(partnered.len(), 28, "every pair of eight partners");
    assert!(partnered.values().all(|&n| n == 1));
}

/// How often each player had each seat.
fn seat_counts(c: &Competition) -> BTreeMap<EntrantId, BTreeMap<usize, u32>> {
    let mut counts: BTreeMap<EntrantId, BTreeMap<usize, u32>> = BTreeMap::new();
    for m in c.stages[0].groups[0].rounds.iter().flat_map(|r| &r.matches) {
        if m.is_bye() {
            continue;
        }
        for (seat, e) in m.seats.iter().enumerate() {
            *counts
                .entry(e.unwrap())
                .or_default()
                .entry(seat)
                .or_default() += 1;
        }
    }
    counts
}

/// Who moves first (seat 1, south) is spread: nobody has it more than once beyond an
/// even share (rounds ÷ size, rounded up).
fn first_moves_spread(c: &Competition, size: usize) {
    let rounds = c.stages[0].groups[0].rounds.len();
    let share = rounds.div_ceil(size) as u32;
    for (player, seats) in seat_counts(c) {
        let first = seats.get(&0).copied().unwrap_or(0);
        assert!(
            first <= share + 1,
            "{player:?} moves first {first} times in {rounds} rounds"
        );
    }
}

#[test]
fn rotating_partners_turn_the_tables_so_that_everyone_moves_first_in_turn() {
    for players in [8usize, 12, 16] {
        let mut s = stage(TableStageKind::RoundRobin, 4, 0);
        s.rotating = true;
        let mut c = event(GameKind::Junqi, players, 4, s);
        draw_stage(&mut c, 0, 3).unwrap();
        first_moves_spread(&c, 4);
    }
}

#[test]
fn nine_in_threes_share_the_first_move() {
    let mut c = event(
        GameKind::Checkers,
        9,
        3,
        stage(TableStageKind::RoundRobin, 3, 0),
    );
    draw_stage(&mut c, 0, 11).unwrap();
    first_moves_spread(&c, 3);
}

/// Enters a finishing order at every open table of the latest round, from `orders`.
fn play_round(c: &mut Competition, orders: &mut impl Iterator<Item = u64>) {
    let round = c.stages[0].groups[0].rounds.last().unwrap().clone();
    for m in round.matches.iter().filter(|m| !m.is_bye()) {
        let mut order: Vec<usize> = (0..m.seats.len()).collect();
        let mut lots = tournament::Lots::new(orders.next().unwrap_or(0));
        lots.shuffle(&mut order);
        let record = GameRecord::new(self::order(&order));
        enter_table(c, round.number, m.board, record);
    }
}

fn pair(c: &mut Competition) {
    let settings = c.stages[0].settings.clone();
    let mut group = c.stages[0].groups[0].clone();
    format::of(&settings.format)
        .pair_next(c, &settings, &mut group)
        .unwrap();
    c.stages[0].groups[0] = group;
}

/// Everyone once in every round, at a table or sitting out.
fn seated_once(c: &Competition, players: usize) {
    for round in &c.stages[0].groups[0].rounds {
        let mut seen: Vec<EntrantId> = round
            .matches
            .iter()
            .flat_map(|m| m.seats.iter().flatten().copied())
            .collect();
        seen.sort();
        let all: Vec<EntrantId> = (1..=players as u32).map(EntrantId).collect();
        assert_eq!(seen, all, "round {}", round.number);
    }
}

fn sit_outs(c: &Competition) -> BTreeMap<EntrantId, u32> {
    let mut byes = BTreeMap::new();
    for m in c.stages[0].groups[0].rounds.iter().flat_map(|r| &r.matches) {
        if m.is_bye() {
            *byes.entry(m.seats[0].unwrap()).or_insert(0) += 1;
        }
    }
    byes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Any field in tables of 3, 4 or 6: everyone is seated once a round, nobody sits out
    /// twice before everyone has sat out once, and repeated meetings stay within what
    /// the rounds force (a pair meets at most ⌈rounds·(size−1)/(players−1)⌉ times + 1).
    #[test]
    fn round_robins_in_tables_seat_everyone_fairly(players in 5usize..30, size in prop::sample::select(vec![3usize, 4, 6]), seed in 0u64..1000) {
        prop_assume!(players > size);
        let mut c = event(GameKind::Checkers, players, size, stage(TableStageKind::RoundRobin, size as u32, 0));
        draw_stage(&mut c, 0, seed).unwrap();
        seated_once(&c, players);
        let byes = sit_outs(&c);
        let most = byes.values().copied().max().unwrap_or(0);
        let least = if byes.len() == players { byes.values().copied().min().unwrap_or(0) } else { 0 };
        prop_assert!(most <= least + 1, "sit-outs spread: {byes:?}");
        let rounds = c.stages[0].groups[0].rounds.len();
        let bound = (rounds * (size - 1)).div_ceil(players - 1) as u32 + 1;
        prop_assert!(meetings(&c).values().all(|&n| n <= bound));
    }

    /// A Swiss in tables: every round seats everyone once, and the leader after a round
    /// sits at table 1 in the next.
    #[test]
    fn swiss_in_tables_seats_the_leaders_together(players in 7usize..25, size in prop::sample::select(vec![3usize, 4, 6]), seed in 0u64..1000) {
        prop_assume!(players > size);
        let mut c = event(GameKind::Checkers, players, size, stage(TableStageKind::Swiss, size as u32, 3));
        draw_stage(&mut c, 0, seed).unwrap();
        let mut orders = (seed * 7..).step_by(3);
        for _ in 0..2 {
            play_round(&mut c, &mut orders);
            let (_, table) = tournament::group_standings(&c, 0, 0).unwrap();
            let leader = table.rows[0].entrant;
            let leaders_points = table.rows[0].values[0];
            pair(&mut c);
            let next = c.stages[0].groups[0].rounds.last().unwrap();
            let first_table = &next.matches[0];
            // The leader (or one tied with the leader, or a sit-out) opens table 1.
            let at_first = first_table.seats.iter().flatten().any(|&e| e == leader)
                || table.rows.iter().filter(|r| r.values[0] == leaders_points).any(|r| first_table.seats.contains(&Some(r.entrant)))
                || next.matches.iter().any(|m| m.is_bye() && m.seats[0] == Some(leader));
            prop_assert!(at_first);
        }
        seated_once(&c, players);
    }

    /// A knockout in tables with random orders ends with one table whose winner is the
    /// only entrant placed first.
    #[test]
    fn knockouts_in_tables_have_one_champion(players in 4usize..40, size in prop::sample::select(vec![3usize, 4, 6]), seed in 0u64..1000) {
        prop_assume!(players > size);
        let mut c = event(GameKind::Checkers, players, size, stage(TableStageKind::Knockout, size as u32, 0));
        draw_stage(&mut c, 0, seed).unwrap();
        let mut orders = (seed..).step_by(5);
        let knockout = format::of(&c.stages[0].settings.format);
        for _ in 0..20 {
            play_round(&mut c, &mut orders);
            let settings = c.stages[0].settings.clone();
            if knockout.is_finished(&c, &settings, &c.stages[0].groups[0]) {
                break;
            }
            pair(&mut c);
        }
        let places = knockout.placings(&c, 0, 0).unwrap();
        prop_assert_eq!(places.len(), players);
        let champions: Vec<_> = places.iter().filter(|(_, p)| p.first == 1).collect();
        prop_assert_eq!(champions.len(), 1);
        prop_assert_eq!(champions[0].1.last, 1);
    }
}

/// The seeds' four-player scoring through the standings: ±2 to each player of the
/// sides; a win inside 40 moves scores nothing for the winners while the losers lose 2
/// ("40步完毕，赢方不得分"), with rotating partners as with fixed ones; 对手分 counts the
/// two opponents of each table, not the partner.
#[test]
fn four_player_junqi_scores_two_each_way_and_counts_both_opponents() {
    let mut s = stage(TableStageKind::RoundRobin, 4, 2);
    s.rotating = true;
    let mut c = event(GameKind::Junqi, 4, 4, s);
    draw_stage(&mut c, 0, 1).unwrap();
    let won_by = |winner, moves| {
        GameRecord::new(GameResult::Win {
            winner,
            moves: Some(moves),
        })
    };
    enter_table(&mut c, 1, 1, won_by(0, 80));
    // Round 2 won inside 40 moves by east and west.
    enter_table(&mut c, 2, 1, won_by(1, 35));
    let (field, table) = tournament::group_standings(&c, 0, 0).unwrap();
    let in_round = |id: EntrantId, round: u32| {
        field
            .encounters(id)
            .iter()
            .find(|e| e.round == round)
            .map(|e| e.points)
    };
    let first = &c.stages[0].groups[0].rounds[0].matches[0].seats;
    let (south, east) = (first[0].unwrap(), first[1].unwrap());
    assert_eq!(in_round(south, 1), Some(Points::whole(2)));
    assert_eq!(in_round(east, 1), Some(Points::whole(-2)));
    let second = &c.stages[0].groups[0].rounds[1].matches[0].seats;
    for (seat, who) in second.iter().enumerate() {
        let expected = if seat % 2 == 1 { 0 } else { -2 };
        assert_eq!(
            in_round(who.unwrap(), 2),
            Some(Points::whole(expected)),
            "seat {seat} of round 2"
        );
    }
    // South's opponents in round 1: east and west, −2 each; in round 2 the two it met
    // then. Partners never count.
    let round_one = &field.encounters(south)[0];
    let opponents: Vec<EntrantId> = round_one.opponents.clone();
    assert_eq!(opponents, [first[1].unwrap(), first[3].unwrap()]);
    assert!(table.rows[0].values[0] == Some(32));
}

/// Two technical fouls lose a checkers table's game: the fouler goes to the back.
#[test]
fn two_fouls_place_a_checkers_player_last() {
    let mut c = event(
        GameKind::Checkers,
        3,
        3,
        stage(TableStageKind::RoundRobin, 3, 1),
    );
    c.tables.as_mut().unwrap().scoring = TableScoring::Placement;
    draw_stage(&mut c, 0, 1).unwrap();
    let foul = |seat| tournament::Foul {
        seat,
        kind: tournament::FoulKind::IllegalMove,
    };
    let record = GameRecord {
        fouls: vec![foul(0), foul(0)],
        ..GameRecord::new(order(&[0, 1, 2]))
    };
    enter_table(&mut c, 1, 1, record);
    let seats = c.stages[0].groups[0].rounds[0].matches[0].seats.clone();
    let (field, _) = tournament::group_standings(&c, 0, 0).unwrap();
    // Placement at three: 2, 1, 0; the first finisher fouled out and scores nothing.
    let points: Vec<Points> = seats.iter().map(|s| field.total(s.unwrap())).collect();
    assert_eq!(points, [Points::ZERO, Points::whole(2), Points::whole(1)]);
}
