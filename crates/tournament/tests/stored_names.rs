//! The names under which event files store the model's enums: written here once, they
//! must never change with a rename in the code (files organizers already have hold them).

use serde_json::{Value, json};
use tournament::format::KnockoutOptions;
use tournament::tiebreak::{BuchholzCut, HeadToHeadMode};
use tournament::{
    Advance, Criterion, Format, FoulKind, GameKind, GameResult, RoundRobinOptions, Settlement,
};

fn stored<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    value: T,
    expected: Value,
) {
    assert_eq!(serde_json::to_value(&value).unwrap(), expected);
    assert_eq!(serde_json::from_value::<T>(expected).unwrap(), value);
}

#[test]
fn games_and_formats() {
    stored(GameKind::Xiangqi, json!("xiangqi"));
    stored(GameKind::Checkers, json!("checkers"));
    stored(GameKind::Junqi, json!("junqi"));
    stored(
        Format::new(&RoundRobinOptions {
            double: true,
            swap_last_two: false,
        }),
        json!({"kind": "round_robin", "double": true, "swap_last_two": false}),
    );
    stored(
        Format::new(&KnockoutOptions { third_place: true }),
        json!({"kind": "knockout", "third_place": true}),
    );
    stored(
        Format::with_kind("points_knockout", &KnockoutOptions { third_place: false }),
        json!({"kind": "points_knockout", "third_place": false}),
    );
    stored(Advance::None, json!({"kind": "none"}));
    stored(
        Advance::PerGroup(2),
        json!({"kind": "per_group", "count": 2}),
    );
    stored(Advance::Overall(4), json!({"kind": "overall", "count": 4}));
}

#[test]
fn results_and_fouls() {
    stored(
        GameResult::Win {
            winner: 1,
            moves: Some(40),
        },
        json!({"kind": "win", "winner": 1, "moves": 40}),
    );
    stored(GameResult::Draw, json!({"kind": "draw"}));
    stored(GameResult::DoubleForfeit, json!({"kind": "double_forfeit"}));
    stored(
        GameResult::Forfeit { winner: 0 },
        json!({"kind": "forfeit", "winner": 0}),
    );
    stored(
        GameResult::DeadGame { leader: 1 },
        json!({"kind": "dead_game", "leader": 1}),
    );
    stored(
        GameResult::Escape {
            escaper: 0,
            partner_already_lost: true,
            moves: None,
        },
        json!({"kind": "escape", "escaper": 0, "partner_already_lost": true}),
    );
    stored(
        GameResult::Surrender {
            loser: 1,
            moves: 33,
        },
        json!({"kind": "surrender", "loser": 1, "moves": 33}),
    );
    for (kind, name) in [
        (FoulKind::RepeatedDrawOffers, "repeated_draw_offers"),
        (FoulKind::FalseMoveLimitClaim, "false_move_limit_claim"),
        (FoulKind::TouchedImmovablePiece, "touched_immovable_piece"),
        (
            FoulKind::TouchedUncapturablePiece,
            "touched_uncapturable_piece",
        ),
        (FoulKind::IllegalMove, "illegal_move"),
        (FoulKind::Other, "other"),
    ] {
        stored(kind, json!(name));
    }
}

#[test]
fn tiebreaks_and_playoffs() {
    for (criterion, name) in [
        (Criterion::Points, json!("points")),
        (Criterion::MatchPoints, json!("match_points")),
        (Criterion::GamePoints, json!("game_points")),
        (Criterion::SonnebornBerger, json!("sonneborn_berger")),
        (Criterion::Wins, json!("wins")),
        (Criterion::TeamWins, json!("team_wins")),
        (
            Criterion::HeadToHead(HeadToHeadMode::TwoOnly),
            json!({"head_to_head": "two_only"}),
        ),
        (
            Criterion::TeamHeadToHead(HeadToHeadMode::MiniTable),
            json!({"team_head_to_head": "mini_table"}),
        ),
        (Criterion::Fouls, json!("fouls")),
        (Criterion::TeamFouls, json!("team_fouls")),
        (Criterion::BlackGames, json!("black_games")),
        (Criterion::BlackInMutualGame, json!("black_in_mutual_game")),
        (Criterion::BlackWins, json!("black_wins")),
        (
            Criterion::Buchholz(BuchholzCut::Cut1),
            json!({"buchholz": "cut1"}),
        ),
        (
            Criterion::Buchholz(BuchholzCut::None),
            json!({"buchholz": "none"}),
        ),
        (
            Criterion::Buchholz(BuchholzCut::Median),
            json!({"buchholz": "median"}),
        ),
        (
            Criterion::Progressive { cut: 1 },
            json!({"progressive": {"cut": 1}}),
        ),
    ] {
        stored(criterion, name);
    }
    stored(
        Settlement::Lots {
            seed: 7,
            order: vec![tournament::EntrantId(2), tournament::EntrantId(1)],
        },
        json!({"kind": "lots", "seed": 7, "order": [2, 1]}),
    );
    stored(
        Settlement::Games {
            best_of: 1,
            first_round: 4,
            last_round: 6,
        },
        json!({"kind": "games", "best_of": 1, "first_round": 4, "last_round": 6}),
    );
}
