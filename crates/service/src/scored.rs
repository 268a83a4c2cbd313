//! How a match scored, as every view shows it: its result as it counts, what was
//! entered when the fouls or Junqi's quick-win rule made it count otherwise and why,
//! and at a table every seat with its player and what the seat scored.

use messages::{Message, msg};
use tournament::result::{JUNQI_SEATS, junqi_seat, text};
use tournament::{Competition, EntrantId, Match, Points, ScoredOtherwise, Seat, Seating};

/// One seat of a table as the pairings show it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SeatView {
    /// 1..N for checkers; `south`, `east`, `north`, `west` for Junqi.
    pub seat: serde_json::Value,
    /// The seat as people read it: 2号 / seat 2, 南 / south.
    pub label: Message,
    pub name: Option<String>,
    pub club: Option<String>,
    /// Four-player Junqi's fixed pairs: the pair (team) the player plays for.
    pub side: Option<String>,
    /// The entrant's points before the round (fixed pairs: the pair's).
    #[serde(serialize_with = "crate::views::points_number")]
    pub points: Points,
    /// What the seat scored in this game, once its result is in (fixed pairs: the
    /// pair's).
    #[serde(serialize_with = "crate::views::optional_points_number")]
    pub scored: Option<Points>,
}

/// A seat as typed and printed in JSON: 1..N, or Junqi's `south` … `west`.
fn seat_json(seating: Seating, seat: Seat) -> serde_json::Value {
    match seating {
        Seating::Partners => serde_json::Value::from(JUNQI_SEATS[seat % 4]),
        _ => serde_json::Value::from(seat + 1),
    }
}

/// A seat's label as sheets and screens show it: `2号` / `seat 2`, Junqi's `南` /
/// `south`, `红方` / `red`.
pub fn seat_label(seating: Seating, seat: Seat) -> Message {
    match seating {
        Seating::Partners => msg!("seat.name", seat = junqi_seat(seat)),
        Seating::Each { .. } => msg!("seat.number", seat = seat + 1),
        Seating::TwoSides if seat == 0 => msg!("seat.name", seat = msg!("xiangqi.side.red")),
        Seating::TwoSides => msg!("seat.name", seat = msg!("xiangqi.side.black")),
    }
}

/// The player on a seat, in a sentence: `2号`, `南家`, `红方`.
fn seat_words(seating: Seating, seat: Seat) -> Message {
    match seating {
        Seating::Partners => msg!("seat.junqi_player", seat = junqi_seat(seat)),
        _ => seat_label(seating, seat),
    }
}

/// Every seat of a match whose game seats more than two sides or four-player Junqi's
/// partners: the player on it (a pair's members on their seats, south and north the
/// first pair's), and what it scored; empty for a game between two sides and a bye.
pub(crate) fn seat_views(
    c: &Competition,
    m: &Match,
    points_of: impl Fn(EntrantId) -> Points,
) -> Vec<SeatView> {
    let seating = c.seating_of(m);
    if !seating.is_table() || m.is_bye() {
        return Vec::new();
    }
    let first = m.games.first();
    let record = first.and_then(|g| g.record.as_ref());
    let scored: Vec<Points> = record
        .and_then(|r| c.assess(m, r, None).ok())
        .map(|scores| scores.iter().map(|s| s.points).collect())
        .unwrap_or_default();
    let red = tournament::Game {
        board: 1,
        red: first.map_or(0, |g| g.red),
        record: None,
        moves: None,
    };
    let pairs = m.seats.len() < seating.seats();
    (0..seating.seats())
        .map(|seat| {
            let id = m.entrant_at(&red, seat, seating);
            let e = id.and_then(|id| c.entrant(id));
            // A pair's k-th seat is its k-th member.
            let member = (0..seat)
                .filter(|&s| m.entrant_at(&red, s, seating) == id)
                .count();
            SeatView {
                seat: seat_json(seating, seat),
                label: seat_label(seating, seat),
                name: match pairs {
                    true => e
                        .and_then(|t| t.members.get(member))
                        .map(|p| p.name.clone()),
                    false => e.map(|e| e.name.clone()),
                },
                club: e.and_then(|e| e.club.clone()),
                side: pairs.then(|| e.map(|t| t.name.clone())).flatten(),
                points: id.map(&points_of).unwrap_or_default(),
                scored: scored.get(seat).copied(),
            }
        })
        .collect()
}

/// A single game's result as it counts, in the vocabulary (`order:1,3,2`); what was
/// entered when the fouls or the quick-win rule made it count otherwise; and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Scored {
    pub result: String,
    /// The result as it counts, in words.
    pub words: Message,
    pub entered: Option<String>,
    /// What was entered, in words.
    pub entered_words: Option<Message>,
    pub why: Vec<Message>,
}

/// How a match of one game scored, once it has a result; `None` for a match of several
/// games or boards.
pub(crate) fn scored(c: &Competition, m: &Match) -> Option<Scored> {
    if c.is_team() {
        return None;
    }
    let record = m.single_record()?;
    let seating = c.seating_of(m);
    let counted = record.effective(seating);
    let result = text::code(&counted, seating);
    let typed = text::code(&record.result, seating);
    let differs = typed != result;
    let why = c
        .scoring
        .otherwise(record, seating)
        .into_iter()
        .flat_map(|r| match r {
            ScoredOtherwise::TwoFouls(seats) => seats
                .into_iter()
                .map(|s| msg!("table.scored.two_fouls", seat = seat_words(seating, s)))
                .collect::<Vec<_>>(),
            ScoredOtherwise::QuickWin { moves, limit } => {
                vec![msg!("table.scored.quick_win", moves = moves, limit = limit)]
            }
        })
        .collect();
    Some(Scored {
        words: text::words(&counted, seating, c.game),
        entered: differs.then_some(typed),
        entered_words: differs.then(|| text::words(&record.result, seating, c.game)),
        result,
        why,
    })
}

/// A result code of a game seated as `seating` in words in the reader's language;
/// text that is no such result as it is.
pub fn result_words(code: &str, c: &Competition, seating: Seating, lang: messages::Lang) -> String {
    match text::read(code, seating, c.game) {
        Ok(r) => messages::render(&text::words(&r, seating, c.game), lang),
        Err(_) => code.to_string(),
    }
}

/// A pairing's result in words as it counts, with why it counts otherwise than entered
/// and what was entered: `1号胜（2号同一局技术犯规两次，判负；录入为：2号胜）`.
pub fn pairing_words(
    p: &crate::PairingView,
    c: &Competition,
    seating: Seating,
    lang: messages::Lang,
) -> Option<String> {
    let result = result_words(p.result.as_deref()?, c, seating, lang);
    let mut notes: Vec<String> = p.why.iter().map(|m| messages::render(m, lang)).collect();
    if let Some(entered) = &p.entered {
        let words = result_words(entered, c, seating, lang);
        notes.push(messages::render(
            &msg!("table.scored.entered", entered = words),
            lang,
        ));
    }
    Some(match (notes.is_empty(), lang) {
        (true, _) => result,
        (false, messages::Lang::Zh) => format!("{result}（{}）", notes.join("；")),
        (false, messages::Lang::En) => format!("{result} ({})", notes.join("; ")),
    })
}
