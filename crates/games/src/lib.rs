//! One face for Qisai's three rule engines: a game and the text of its record in, the
//! engine's verdict out, in seats and counts a tournament can score. Pure, no I/O.
//!
//! Seats count from the player who moves first: red in Xiangqi, the first camp of the
//! seating in Chinese checkers, south in Junqi; a four-player Junqi table is
//! south 0, east 1, north 2, west 3, and 0 and 2 are partners.

mod adjudication;
mod checkers_record;
pub mod explain;
mod junqi_record;
pub mod replay;
mod xiangqi_record;

pub use adjudication::{Adjudication, Ending, Outcome, RecordError, Seat};
/// The rule book Xiangqi repetitions are judged by.
pub use xiangqi::RuleCode as XiangqiRules;

/// The three games Qisai runs events for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    Xiangqi,
    Checkers,
    Junqi,
}

/// Replays a record of `game` and says how it stands. Any text the game's own engine
/// reads is accepted: for Xiangqi a move list in any notation or PGN, for checkers and
/// Junqi their record formats (Junqi also as JSON).
pub fn adjudicate(game: Game, record: &str) -> Result<Adjudication, RecordError> {
    adjudicate_under(game, record, XiangqiRules::default())
}

/// [`adjudicate`], Xiangqi repetitions judged by the event's rule book.
pub fn adjudicate_under(
    game: Game,
    record: &str,
    rules: XiangqiRules,
) -> Result<Adjudication, RecordError> {
    match game {
        Game::Xiangqi => xiangqi_record::adjudicate(record, rules),
        Game::Checkers => checkers_record::adjudicate(record),
        Game::Junqi => junqi_record::adjudicate(record),
    }
}

/// Whether a record file holds nothing (no bytes, or white space only): it is refused,
/// not read as a record of no moves.
pub fn is_empty_record(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// A record file's bytes as the text kept with a result: an XQF file becomes PGN (its
/// moves, tags, start position and comments); anything else is text in UTF-8 or GBK.
pub fn record_text(bytes: &[u8]) -> Result<String, RecordError> {
    if is_empty_record(bytes) {
        return Err(RecordError::Unreadable(messages::msg!("record.empty_file")));
    }
    if xiangqi::xqf::is_xqf(bytes) {
        let record =
            xiangqi::xqf::read(bytes).map_err(|e| RecordError::Unreadable(explain::xqf(&e)))?;
        return Ok(record.to_pgn_text());
    }
    Ok(xiangqi::text::decode(bytes).into_owned())
}
