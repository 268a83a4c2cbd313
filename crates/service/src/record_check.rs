//! A typed result checked against the game record attached to it, for all three games.

use games::{Adjudication, Outcome};
use messages::{Explain, msg};
use tournament::{Competition, GameKind, GameResult, Seat};

use crate::entry::result_text;
use crate::{Result, ServiceError};

/// What the record settled.
pub(crate) struct Checked {
    /// The result to store: the record's own when it agrees with the typed one (it
    /// knows the kind of ending and the game length), else the typed one.
    pub result: GameResult,
    /// The engine's verdict, e.g. `1-0 (checkmate, 41 plies)`.
    pub verdict: String,
    /// The same in Chinese, e.g. `1-0（将死，41 着）`.
    pub verdict_zh: String,
    /// The typed result was kept against the record (`force`).
    pub overridden: bool,
}

/// Replays `record` and compares its outcome with `typed`. A game not over on the
/// board (a resignation or a loss on time entered by hand) is no disagreement; in
/// Junqi a game length given by hand (`typed_moves`) must match the record's too.
pub(crate) fn check(
    c: &Competition,
    record: &str,
    typed: GameResult,
    typed_moves: Option<u32>,
    force: bool,
) -> Result<Checked> {
    // Xiangqi counts plies (着), the others every player's move (步).
    let (game, units, unit_zh) = match c.game {
        GameKind::Xiangqi => (games::Game::Xiangqi, ["ply", "plies"], "着"),
        GameKind::Checkers => (games::Game::Checkers, ["move", "moves"], "步"),
        GameKind::Junqi => (games::Game::Junqi, ["move", "moves"], "步"),
    };
    let rules = match c.xiangqi_rules {
        tournament::model::XiangqiRules::Chinese => games::XiangqiRules::Chinese,
        tournament::model::XiangqiRules::Asian => games::XiangqiRules::Asian,
    };
    let adjudication = games::adjudicate_under(game, record, rules)
        .map_err(|e| ServiceError::refused(msg!("record.refused", why = e.message())))?;
    if adjudication.seats != c.scoring.seats {
        return Err(ServiceError::refused(msg!(
            "record.seats",
            seats = adjudication.seats,
            event = c.scoring.seats
        )));
    }
    let four_seats = adjudication.seats == 4;
    // Junqi scores by the game length (quick wins, early surrenders).
    let length_counts = c.game == GameKind::Junqi;
    let moves = length_counts.then(|| typed_moves.unwrap_or(adjudication.moves));
    let expected = as_result(&adjudication, moves);
    let shown = expected
        .as_ref()
        .map_or_else(|| "*".to_string(), result_text);
    let (ending, count) = (adjudication.ending, adjudication.moves);
    let unit = units[usize::from(count != 1)];
    let verdict = format!("{shown} ({}, {count} {unit})", ending.en);
    let verdict_zh = format!("{shown}（{}，{count} {unit_zh}）", ending.zh);
    let typed = completed(typed, moves, expected.as_ref());
    let outcome_differs = expected
        .as_ref()
        .is_some_and(|e| decision(e, four_seats) != decision(&typed, four_seats));
    let length_differs = length_counts && typed_moves.is_some_and(|m| m != adjudication.moves);
    if !outcome_differs && !length_differs {
        return Ok(Checked {
            result: expected.unwrap_or(typed),
            verdict,
            verdict_zh,
            overridden: false,
        });
    }
    if !force {
        let mut typed_text = result_text(&typed);
        if let Some(m) = typed_moves.filter(|_| length_differs) {
            typed_text.push_str(&format!(" after {m} moves"));
        }
        return Err(ServiceError::Disagreement {
            record: verdict,
            record_zh: verdict_zh,
            typed: typed_text,
        });
    }
    Ok(Checked {
        result: typed,
        verdict,
        verdict_zh,
        overridden: true,
    })
}

/// The record's outcome as a result between the two sides of a pairing: in
/// four-player Junqi, seats 0 and 2 are one side, 1 and 3 the other.
fn as_result(a: &Adjudication, moves: Option<u32>) -> Option<GameResult> {
    let side = |seat: Seat| if a.seats == 4 { seat % 2 } else { seat };
    Some(match a.outcome {
        Outcome::Ongoing => return None,
        Outcome::Win { winner } => GameResult::Win {
            winner: side(winner),
            moves,
        },
        Outcome::Draw | Outcome::DeadGame { leader: None } => GameResult::Draw,
        Outcome::DeadGame {
            leader: Some(leader),
        } => GameResult::DeadGame {
            leader: side(leader),
        },
        Outcome::Surrender { loser } => GameResult::Surrender {
            loser: side(loser),
            moves: moves.unwrap_or(a.moves),
        },
        Outcome::Escape {
            escaper,
            partner_already_lost,
        } => GameResult::Escape {
            escaper: side(escaper),
            partner_already_lost,
            moves: moves.or(Some(a.moves)),
        },
    })
}

/// The typed result with what only the record knows: the game length, and whether an
/// escaper's partner was already out.
fn completed(typed: GameResult, moves: Option<u32>, record: Option<&GameResult>) -> GameResult {
    match (typed, moves, record) {
        (GameResult::Win { winner, .. }, Some(_), _) => GameResult::Win { winner, moves },
        (GameResult::Surrender { loser, .. }, Some(moves), _) => {
            GameResult::Surrender { loser, moves }
        }
        (
            GameResult::Escape { escaper, .. },
            _,
            Some(&GameResult::Escape {
                escaper: e,
                partner_already_lost,
                moves: counted,
            }),
        ) if e == escaper => GameResult::Escape {
            escaper,
            partner_already_lost,
            moves: moves.or(counted),
        },
        (
            GameResult::Escape {
                escaper,
                partner_already_lost,
                ..
            },
            Some(_),
            _,
        ) => GameResult::Escape {
            escaper,
            partner_already_lost,
            moves,
        },
        _ => typed,
    }
}

/// Who a result favours, whatever the kind of ending: a resignation typed as 0-1
/// agrees with a record that ends in a surrender.
#[derive(Debug, PartialEq, Eq)]
enum Decision {
    Side(Seat),
    Draw,
    Nobody,
    DeadGame(Seat),
}

fn decision(r: &GameResult, four_seats: bool) -> Decision {
    match *r {
        GameResult::Win { winner, .. } | GameResult::Forfeit { winner } => Decision::Side(winner),
        GameResult::Surrender { loser, .. } => Decision::Side(loser ^ 1),
        // In four-player Junqi an escape scores only when the partner was already out.
        GameResult::Escape {
            escaper,
            partner_already_lost,
            ..
        } if !four_seats || partner_already_lost => Decision::Side(escaper ^ 1),
        GameResult::Escape { .. } | GameResult::DoubleForfeit => Decision::Nobody,
        GameResult::Draw => Decision::Draw,
        GameResult::DeadGame { leader } => Decision::DeadGame(leader),
    }
}
