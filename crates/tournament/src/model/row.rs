//! Reading a stored match. A big event holds thousands of matches and every command
//! reads them all; through serde, reading them was half of what `result` and
//! `standings` did. Most rows have one shape, the one [`Match`]'s serialisation writes
//! for a pairing and its plain results:
//!
//! `{"board":3,"seats":[12,40],"games":[{"record":{"result":{"kind":"win","winner":0}}}]}`
//!
//! Such a row is read here directly. Any other row (lots, line-ups, fouls, a game's
//! moves, a rarer result, a row written by an earlier version, or one that is not
//! well-formed) goes through serde as before, so a row reads the same either way.

use super::{Game, Match};
use crate::EntrantId;
use crate::result::{GameRecord, GameResult};

/// The match a stored row holds.
pub fn read_match(text: &str) -> Result<Match, serde_json::Error> {
    match Row::new(text).match_row() {
        Some(m) => Ok(m),
        None => serde_json::from_str(text),
    }
}

/// A match with nothing beside its seats and games: no lots, not a third-place match,
/// no playoff, no line-ups.
fn plain(board: u32, seats: Vec<Option<EntrantId>>, games: Vec<Game>) -> Match {
    Match {
        board,
        seats,
        games,
        lots: None,
        third_place: false,
        playoff: false,
        lineups: Vec::new(),
    }
}

/// The row being read; every step gives `None` where the text leaves the common shape.
struct Row<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Row<'a> {
    fn new(text: &'a str) -> Row<'a> {
        Row {
            text: text.as_bytes(),
            at: 0,
        }
    }

    /// Steps over `literal` if the text goes on with it.
    fn eat(&mut self, literal: &[u8]) -> bool {
        let found = self.text[self.at..].starts_with(literal);
        if found {
            self.at += literal.len();
        }
        found
    }

    fn expect(&mut self, literal: &[u8]) -> Option<()> {
        self.eat(literal).then_some(())
    }

    /// A whole number as JSON writes it (no sign, no leading zero) that fits a u32.
    fn number(&mut self) -> Option<u32> {
        let digits = self.text[self.at..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let text = &self.text[self.at..self.at + digits];
        if digits == 0 || (digits > 1 && text[0] == b'0') {
            return None;
        }
        let mut value: u32 = 0;
        for &d in text {
            value = value.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
        }
        self.at += digits;
        Some(value)
    }

    /// `[item,item,…]`, each item read by `item`.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        self.expect(b"[")?;
        let mut items = Vec::with_capacity(2);
        if self.eat(b"]") {
            return Some(items);
        }
        loop {
            items.push(item(self)?);
            if self.eat(b"]") {
                items.shrink_to_fit();
                return Some(items);
            }
            self.expect(b",")?;
        }
    }

    fn match_row(&mut self) -> Option<Match> {
        self.expect(b"{\"board\":")?;
        let board = self.number()?;
        self.expect(b",\"seats\":")?;
        let seats = self.list(|row| match row.eat(b"null") {
            true => Some(None),
            false => row.number().map(|id| Some(EntrantId(id))),
        })?;
        self.expect(b",\"games\":")?;
        let games = self.list(Row::game)?;
        self.expect(b"}")?;
        (self.at == self.text.len()).then(|| plain(board, seats, games))
    }

    /// `{}`, or its fields in the order they are written: `board`, `red`, `record`.
    fn game(&mut self) -> Option<Game> {
        self.expect(b"{")?;
        let mut game = Game {
            board: 1,
            red: 0,
            record: None,
            moves: None,
        };
        // No comma before the first field written, one before each after it.
        let mut comma: &[u8] = b"";
        let mut key = |row: &mut Self, name: &[u8]| {
            let start = row.at;
            let found = row.eat(comma) && row.eat(name);
            match found {
                true => comma = b",",
                false => row.at = start,
            }
            found
        };
        if key(self, b"\"board\":") {
            game.board = self.number()?;
        }
        if key(self, b"\"red\":") {
            game.red = self.number()? as usize;
        }
        if key(self, b"\"record\":") {
            self.expect(b"{\"result\":")?;
            game.record = Some(GameRecord::new(self.result()?));
            self.expect(b"}")?;
        }
        self.expect(b"}")?;
        Some(game)
    }

    /// The results a pairing most often ends in; the others go through serde.
    fn result(&mut self) -> Option<GameResult> {
        self.expect(b"{\"kind\":\"")?;
        let seat = |row: &mut Self, name: &[u8]| {
            row.expect(name)?;
            row.number().map(|n| n as usize)
        };
        let result = if self.eat(b"draw\"") {
            GameResult::Draw
        } else if self.eat(b"win\"") {
            let winner = seat(self, b",\"winner\":")?;
            let moves = match self.eat(b",\"moves\":") {
                true => Some(self.number()?),
                false => None,
            };
            GameResult::Win { winner, moves }
        } else if self.eat(b"forfeit\"") {
            GameResult::Forfeit {
                winner: seat(self, b",\"winner\":")?,
            }
        } else if self.eat(b"double_forfeit\"") {
            GameResult::DoubleForfeit
        } else if self.eat(b"dead_game\"") {
            GameResult::DeadGame {
                leader: seat(self, b",\"leader\":")?,
            }
        } else if self.eat(b"no_result\"") {
            GameResult::NoResult
        } else {
            return None;
        };
        self.expect(b"}")?;
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::{FoulKind, Seat};
    use proptest::prelude::*;

    /// What serde reads: the reference the direct reading must equal.
    fn by_serde(text: &str) -> Match {
        serde_json::from_str(text).unwrap()
    }

    fn results() -> impl Strategy<Value = GameResult> {
        let seat = 0usize..4;
        prop_oneof![
            Just(GameResult::Draw),
            Just(GameResult::DoubleForfeit),
            Just(GameResult::NoResult),
            (seat.clone(), proptest::option::of(0u32..200))
                .prop_map(|(winner, moves)| GameResult::Win { winner, moves }),
            seat.clone()
                .prop_map(|winner| GameResult::Forfeit { winner }),
            seat.clone()
                .prop_map(|leader| GameResult::DeadGame { leader }),
            (seat, 20u32..90).prop_map(|(loser, moves)| GameResult::Surrender { loser, moves }),
        ]
    }

    fn games() -> impl Strategy<Value = Game> {
        (
            1u32..4,
            0usize..2,
            proptest::option::of((results(), any::<bool>())),
            proptest::option::of(Just("h2e2 h9g7".to_string())),
        )
            .prop_map(|(board, red, record, moves)| Game {
                board,
                red,
                record: record.map(|(result, fouled)| {
                    let record = GameRecord::new(result);
                    match fouled {
                        true => record.with_foul(1 as Seat, FoulKind::TouchedImmovablePiece),
                        false => record,
                    }
                }),
                moves,
            })
    }

    fn matches() -> impl Strategy<Value = Match> {
        (
            0u32..u32::MAX,
            proptest::collection::vec(proptest::option::of(0u32..5000), 1..7),
            proptest::collection::vec(games(), 0..5),
            any::<bool>(),
        )
            .prop_map(|(board, seats, games, third_place)| {
                let mut m = plain(
                    board,
                    seats.into_iter().map(|s| s.map(EntrantId)).collect(),
                    games,
                );
                m.third_place = third_place;
                m
            })
    }

    proptest! {
        /// Whatever a match is, its row reads back as itself, and as serde reads it.
        #[test]
        fn a_row_reads_back_as_the_match_written(m in matches()) {
            let text = serde_json::to_string(&m).unwrap();
            let read = read_match(&text).unwrap();
            prop_assert_eq!(&read, &by_serde(&text));
            prop_assert_eq!(read, m);
        }
    }

    #[test]
    fn the_common_shapes_are_read_directly() {
        for text in [
            r#"{"board":1,"seats":[882,1354],"games":[{"record":{"result":{"kind":"draw"}}}]}"#,
            r#"{"board":7,"seats":[3,null],"games":[]}"#,
            r#"{"board":2,"seats":[1,2],"games":[{}]}"#,
            r#"{"board":2,"seats":[1,2],"games":[{"record":{"result":{"kind":"win","winner":1,"moves":28}}},{"board":2,"red":1}]}"#,
            r#"{"board":4,"seats":[5,6,7],"games":[{"record":{"result":{"kind":"dead_game","leader":2}}}]}"#,
        ] {
            let direct = Row::new(text).match_row();
            assert_eq!(direct.as_ref(), Some(&by_serde(text)), "{text}");
        }
    }

    #[test]
    fn other_rows_go_through_serde() {
        for text in [
            // Lots, fouls, moves, a result kind left to serde, an earlier version's row.
            r#"{"board":1,"seats":[1,2],"games":[],"lots":[7,1]}"#,
            r#"{"board":1,"seats":[1,2],"games":[{"record":{"result":{"kind":"draw"},"fouls":[{"seat":0,"kind":"other"}]}}]}"#,
            r#"{"board":1,"seats":[1,2],"games":[{"record":{"result":{"kind":"draw"}},"moves":"h2e2"}]}"#,
            r#"{"board":1,"seats":[1,2],"games":[{"record":{"result":{"kind":"surrender","loser":0,"moves":30}}}]}"#,
            r#"{"board":1,"seats":[1,2],"games":[],"lots":null,"third_place":false}"#,
            // Spaces, or fields in another order.
            r#"{ "board":1,"seats":[1,2],"games":[]}"#,
            r#"{"seats":[1,2],"board":1,"games":[]}"#,
        ] {
            assert!(Row::new(text).match_row().is_none(), "{text}");
            assert_eq!(read_match(text).unwrap(), by_serde(text), "{text}");
        }
    }

    #[test]
    fn a_bad_row_is_refused_as_serde_refuses_it() {
        for text in [
            r#"{"board":01,"seats":[1,2],"games":[]}"#,
            r#"{"board":4294967296,"seats":[1,2],"games":[]}"#,
            r#"{"board":1,"seats":[1,2],"games":[]}x"#,
            r#"{"board":1,"seats":[1,2],"games":[{"record":{"result":{"kind":"win"}}}]}"#,
            r#"{"board":1,"seats":[1,2],"games":[{"record":{"result":{"kind":"wins","winner":0}}}]}"#,
            r#"{"board":1,"seats":[1,2,],"games":[]}"#,
            r#"{"board":1,"seats":[1,2],"games":["#,
        ] {
            assert!(Row::new(text).match_row().is_none(), "{text}");
            let serde = serde_json::from_str::<Match>(text).unwrap_err().to_string();
            assert_eq!(read_match(text).unwrap_err().to_string(), serde, "{text}");
        }
    }
}
