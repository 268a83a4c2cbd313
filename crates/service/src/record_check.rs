//! A typed result checked against the game record attached to it, for all three games
//! and every seating: two sides, four-player Junqi's pairs, a checkers table.

use games::{Adjudication, Outcome};
use messages::{Explain, Message, msg};
use tournament::result::text;
use tournament::{Competition, Finish, GameKind, GameResult, Seating};

use crate::{Result, ServiceError};

/// What the record settled.
pub(crate) struct Checked {
    /// The result to store: the record's own when it agrees with the typed one (it
    /// knows the kind of ending, the game length, a table's whole order), else the
    /// typed one.
    pub result: GameResult,
    /// The engine's verdict, e.g. `1-0（将死，41 着）` / `1-0 (checkmate, 41 plies)`.
    pub verdict: Message,
    /// The typed result was kept against the record (`force`).
    pub overridden: bool,
}

/// Replays `record` and compares its outcome with `typed`, a result of a game seated
/// as `seating`. A game not over on the board (a resignation or a loss on time entered
/// by hand) is no disagreement; in Junqi a game length given by hand (`typed_moves`)
/// must match the record's too.
pub(crate) fn check(
    c: &Competition,
    seating: Seating,
    record: &str,
    typed: GameResult,
    typed_moves: Option<u32>,
    force: bool,
) -> Result<Checked> {
    let game = match c.game {
        GameKind::Xiangqi => games::Game::Xiangqi,
        GameKind::Checkers => games::Game::Checkers,
        GameKind::Junqi => games::Game::Junqi,
    };
    let rules = match c.xiangqi_rules {
        tournament::model::XiangqiRules::Chinese => games::XiangqiRules::Chinese,
        tournament::model::XiangqiRules::Asian => games::XiangqiRules::Asian,
    };
    let adjudication = games::adjudicate_under(game, record, rules)
        .map_err(|e| ServiceError::refused(msg!("record.refused", why = e.message())))?;
    if adjudication.seats != seating.seats() {
        return Err(ServiceError::refused(msg!(
            "record.seats",
            seats = adjudication.seats,
            event = seating.seats()
        )));
    }
    // Junqi scores by the game length (quick wins, early surrenders).
    let length_counts = c.game == GameKind::Junqi;
    let moves = length_counts.then(|| typed_moves.unwrap_or(adjudication.moves));
    let expected = as_result(&adjudication, seating, moves);
    let verdict = match &expected {
        Some(r) => verdict(c.game, text::code(r, seating), &adjudication),
        None => unfinished(c.game, adjudication.moves),
    };
    let typed = completed(typed, moves, expected.as_ref());
    let outcome_differs = expected
        .as_ref()
        .is_some_and(|e| !agree(e, &typed, seating));
    let length_differs = length_counts && typed_moves.is_some_and(|m| m != adjudication.moves);
    if !outcome_differs && !length_differs {
        // The record's own result knows more, but a two-sided result typed as a
        // forfeit or a table's winner typed alone stays as typed where the record
        // only agrees with it.
        let result = match expected {
            Some(e) if keeps_typed(&e, &typed) => typed,
            Some(e) => e,
            None => typed,
        };
        return Ok(Checked {
            result,
            verdict,
            overridden: false,
        });
    }
    if !force {
        let result = text::code(&typed, seating);
        let typed = match typed_moves.filter(|_| length_differs) {
            Some(moves) => msg!("record.typed_after", result = result, moves = moves),
            None => msg!("record.typed", result = result),
        };
        return Err(ServiceError::Disagreement {
            record: verdict,
            typed,
        });
    }
    Ok(Checked {
        result: typed,
        verdict,
        overridden: true,
    })
}

/// A record that ends before the game did: how far it goes.
fn unfinished(game: GameKind, count: u32) -> Message {
    match (game, count) {
        (GameKind::Xiangqi, 1) => msg!("record.unfinished_ply", count = count),
        (GameKind::Xiangqi, _) => msg!("record.unfinished_plies", count = count),
        (_, 1) => msg!("record.unfinished_move", count = count),
        (_, _) => msg!("record.unfinished_moves", count = count),
    }
}

/// The engine's verdict: the result as coded, how the game ended, its length (Xiangqi
/// counts plies, 着; the others every player's move, 步).
fn verdict(game: GameKind, result: String, adjudication: &Adjudication) -> Message {
    let (ending, count) = (adjudication.ending.words.clone(), adjudication.moves);
    match (game, count) {
        (GameKind::Xiangqi, 1) => msg!(
            "record.verdict_ply",
            result = result,
            ending = ending,
            count = count
        ),
        (GameKind::Xiangqi, _) => msg!(
            "record.verdict_plies",
            result = result,
            ending = ending,
            count = count
        ),
        (_, 1) => msg!(
            "record.verdict_move",
            result = result,
            ending = ending,
            count = count
        ),
        (_, _) => msg!(
            "record.verdict_moves",
            result = result,
            ending = ending,
            count = count
        ),
    }
}

/// Whether the typed result is stored rather than the record's: only where the record
/// says no more than it (a table's winner where the record has no whole order).
fn keeps_typed(record: &GameResult, typed: &GameResult) -> bool {
    matches!(
        (record, typed),
        (GameResult::Win { .. }, GameResult::Order { .. })
    )
}

/// The record's outcome as a result of a game seated as `seating`: a table's whole
/// finishing order where the record has one.
fn as_result(a: &Adjudication, seating: Seating, moves: Option<u32>) -> Option<GameResult> {
    if let Seating::Each { seats, .. } = seating
        && a.order.len() == seats
        && let Some(finish) = Finish::new(&a.order)
    {
        return Some(GameResult::Order { finish });
    }
    Some(match a.outcome {
        Outcome::Ongoing => return None,
        Outcome::Win { winner } => GameResult::Win { winner, moves },
        Outcome::Draw | Outcome::DeadGame { leader: None } => GameResult::Draw,
        Outcome::DeadGame {
            leader: Some(leader),
        } => GameResult::DeadGame { leader },
        Outcome::Surrender { loser } => GameResult::Surrender {
            loser,
            moves: moves.unwrap_or(a.moves),
        },
        Outcome::Escape {
            escaper,
            partner_already_lost,
        } => GameResult::Escape {
            escaper,
            partner_already_lost,
            moves: moves.or(Some(a.moves)),
        },
    })
}

/// Whether two results of a game say the same: the same decision for a side (a
/// resignation typed as 0-1 agrees with a surrender), and the same order where both
/// give a table's whole order.
fn agree(a: &GameResult, b: &GameResult, seating: Seating) -> bool {
    match (a, b) {
        (GameResult::Order { finish: x }, GameResult::Order { finish: y }) => x == y,
        _ => a.decision(seating) == b.decision(seating),
    }
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
