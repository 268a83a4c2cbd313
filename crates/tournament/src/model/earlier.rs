//! What files written by earlier versions hold, read into today's model. Until the
//! results of tables became games, a table kept its one result beside the match
//! (`"table": {"result": {"kind": "order", "seats": [1, 0, 2]}, "moves": 35, …}`); such a
//! match reads as a match with that one game.

use super::{Game, Match};
use crate::result::{Finish, Foul, GameRecord, GameResult};
use crate::{DrawSeed, EntrantId, Seat};

/// A match as any version stored it.
#[derive(serde::Deserialize)]
pub(super) struct StoredMatch {
    board: u32,
    seats: Vec<Option<EntrantId>>,
    games: Vec<Game>,
    #[serde(default)]
    lots: Option<(DrawSeed, Seat)>,
    #[serde(default)]
    third_place: bool,
    #[serde(default)]
    playoff: bool,
    #[serde(default)]
    lineups: Vec<Option<Vec<usize>>>,
    /// Before: a table's result beside its games.
    #[serde(default)]
    table: Option<TableRecord>,
}

#[derive(serde::Deserialize)]
struct TableRecord {
    result: TableResult,
    #[serde(default)]
    moves: Option<u32>,
    #[serde(default)]
    fouls: Vec<Foul>,
    #[serde(default)]
    record: Option<String>,
}

#[derive(serde::Deserialize)]
#[serde(tag = "kind", content = "seats", rename_all = "snake_case")]
enum TableResult {
    Win(usize),
    Order(Vec<usize>),
    Side([usize; 2]),
    Draw,
    Escape { seat: usize, partner_out: bool },
    NoResult,
}

impl TableRecord {
    fn game(self) -> Game {
        let moves = self.moves;
        let result = match self.result {
            TableResult::Win(winner) | TableResult::Side([winner, _]) => {
                GameResult::Win { winner, moves }
            }
            TableResult::Order(order) => match Finish::new(&order) {
                Some(finish) => GameResult::Order { finish },
                None => GameResult::NoResult,
            },
            TableResult::Draw => GameResult::Draw,
            TableResult::Escape { seat, partner_out } => GameResult::Escape {
                escaper: seat,
                partner_already_lost: partner_out,
                moves,
            },
            TableResult::NoResult => GameResult::NoResult,
        };
        Game {
            board: 1,
            red: 0,
            record: Some(GameRecord {
                fouls: self.fouls,
                ..GameRecord::new(result)
            }),
            moves: self.record,
        }
    }
}

impl From<StoredMatch> for Match {
    fn from(stored: StoredMatch) -> Match {
        let mut games = stored.games;
        if let Some(table) = stored.table {
            games = vec![table.game()];
        }
        // Read without knowing their length, a match's lists were given room for four:
        // a big event's thousands of matches would keep three empty games each.
        games.shrink_to_fit();
        let mut seats = stored.seats;
        seats.shrink_to_fit();
        Match {
            board: stored.board,
            seats,
            games,
            lots: stored.lots,
            third_place: stored.third_place,
            playoff: stored.playoff,
            lineups: stored.lineups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_result_kept_beside_the_match_reads_as_its_game() {
        let stored = r#"{"board":2,"seats":[1,2,3],"games":[],"lots":null,"third_place":false,
            "table":{"result":{"kind":"order","seats":[1,0,2]},"fouls":[{"seat":2,"kind":"other"}],"record":"a1-b2"}}"#;
        let m: Match = serde_json::from_str(stored).unwrap();
        let game = &m.games[0];
        let record = game.record.as_ref().unwrap();
        assert_eq!(
            record.result,
            GameResult::Order {
                finish: Finish::new(&[1, 0, 2]).unwrap()
            }
        );
        assert_eq!(record.fouls.len(), 1);
        assert_eq!(game.moves.as_deref(), Some("a1-b2"));
        let junqi = r#"{"board":1,"seats":[1,2,3,4],"games":[],"lots":null,"third_place":false,
            "table":{"result":{"kind":"side","seats":[1,3]},"moves":30}}"#;
        let m: Match = serde_json::from_str(junqi).unwrap();
        assert_eq!(
            m.games[0].record.as_ref().unwrap().result,
            GameResult::Win {
                winner: 1,
                moves: Some(30)
            }
        );
        // Written again, it is today's match.
        let again: Match = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(again, m);
    }

    #[test]
    fn what_is_at_its_default_is_not_written_and_reads_back() {
        let mut m = Match::new(3, vec![Some(EntrantId(1)), Some(EntrantId(2))]);
        m.games = vec![Game {
            board: 1,
            red: 0,
            record: Some(GameRecord::new(GameResult::Win {
                winner: 1,
                moves: None,
            })),
            moves: None,
        }];
        let written = serde_json::to_string(&m).unwrap();
        assert_eq!(
            written,
            r#"{"board":3,"seats":[1,2],"games":[{"record":{"result":{"kind":"win","winner":1}}}]}"#
        );
        assert_eq!(serde_json::from_str::<Match>(&written).unwrap(), m);
        // As earlier versions wrote it, every field spelled out.
        let spelled = r#"{"board":3,"seats":[1,2],"games":[{"board":1,"red":0,"record":{"result":{"kind":"win","winner":1,"moves":null},"fouls":[]}}],"lots":null,"third_place":false}"#;
        assert_eq!(serde_json::from_str::<Match>(spelled).unwrap(), m);
        // Lots, a third-place match, fouls and an unplayed game on another board with
        // red in the second seat are kept.
        m.lots = Some((7, 1));
        m.third_place = true;
        m.games[0].record.as_mut().unwrap().fouls = vec![Foul {
            seat: 0,
            kind: crate::result::FoulKind::Other,
        }];
        m.games.push(Game {
            board: 2,
            red: 1,
            record: None,
            moves: None,
        });
        let again: Match = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(again, m);
    }
}
