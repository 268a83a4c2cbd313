//! A table's result as the organizer types it, and what each seat scores from it.
//!
//! Checkers (every seat its own side, seat 1 moving first): `win:SEAT` (the winner; the
//! others unplaced) or `order:S1,S2,…` (the finishing order, every seat once).
//! Four-player Junqi (south and north against east and west): `south-north` or
//! `east-west` (the winning side), `1/2` (70 moves without a capture), `escape:SEAT`
//! (the seeds' partner rule: the other side wins if the escaper's partner was already
//! out, otherwise nobody scores), `none`.

use std::fmt;
use std::str::FromStr;

use messages::{Explain, Message, msg};

/// The seats of a four-player Junqi table, in turn order.
pub const JUNQI_SEATS: [&str; 4] = ["south", "east", "north", "west"];

/// A table's result, seats 0-based.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "seats", rename_all = "snake_case")]
pub enum TableResult {
    /// One seat won; the others are unplaced.
    Win(usize),
    /// Every seat, first to last.
    Order(Vec<usize>),
    /// Junqi: the side of these two seats won (south-north: 0 and 2).
    Side([usize; 2]),
    /// Junqi: a draw (70 moves without a capture).
    Draw,
    /// Junqi: a player left; `partner_out`: the partner had already lost.
    Escape { seat: usize, partner_out: bool },
    /// Junqi: nobody scores.
    NoResult,
}

/// Why a table result was refused; the table is named by the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableResultError {
    /// Not a result of this vocabulary.
    Unreadable(String),
    /// A seat that is not at a table of `seats`.
    NoSuchSeat { seat: String, seats: usize },
    /// An order naming a seat twice.
    SeatTwice(usize),
    /// An order leaving seats out.
    SeatsMissing(Vec<usize>),
    /// A side's result (or an escape) at a checkers table, or a finishing order at a
    /// Junqi table.
    WrongGame(String),
}

/// The game of a table, for reading its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableGame {
    /// Chinese checkers with this many seats (2, 3, 4 or 6).
    Checkers(usize),
    /// Four-player Junqi, two against two.
    Junqi,
}

impl TableGame {
    pub fn seats(self) -> usize {
        match self {
            TableGame::Checkers(n) => n,
            TableGame::Junqi => 4,
        }
    }

    /// A seat as typed: 1..N for checkers, `south`/`east`/`north`/`west` (or 1..4) for
    /// Junqi.
    pub fn seat(self, text: &str) -> Result<usize, TableResultError> {
        let text = text.trim();
        let seats = self.seats();
        let bad = || TableResultError::NoSuchSeat {
            seat: text.to_string(),
            seats,
        };
        if let Ok(n) = text.parse::<usize>() {
            return (1..=seats).contains(&n).then(|| n - 1).ok_or_else(bad);
        }
        match self {
            TableGame::Junqi => JUNQI_SEATS
                .iter()
                .position(|s| s.eq_ignore_ascii_case(text))
                .or_else(|| ["南", "东", "北", "西"].iter().position(|s| *s == text))
                .ok_or_else(bad),
            TableGame::Checkers(_) => Err(bad()),
        }
    }
}

impl TableResult {
    /// Reads a result written in words, as Qisai prints them and arbiters say them:
    /// `2号胜`, `名次 3、1、2`; `南北方胜`, `东西胜`, `和棋`, `无结果`, `西方逃跑`
    /// (`西家逃跑（同伴已出局）`: the escaper's partner had already lost).
    fn read_words(text: &str, game: TableGame) -> Option<Result<TableResult, TableResultError>> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let junqi = game == TableGame::Junqi;
        if !junqi {
            if let Some(seat) = compact.strip_suffix('胜') {
                let seat = seat.strip_suffix('号').unwrap_or(seat);
                return Some(game.seat(seat).map(TableResult::Win));
            }
            let list = compact.strip_prefix("名次")?;
            let list = list
                .trim_start_matches([':', '：'])
                .replace(['、', '，'], ",");
            return Some(TableResult::read(&format!("order:{list}"), game));
        }
        let side = |s: &str| match s {
            "南北方胜" | "南北胜" | "南北方" => Some(TableResult::Side([0, 2])),
            "东西方胜" | "东西胜" | "东西方" => Some(TableResult::Side([1, 3])),
            "和棋" => Some(TableResult::Draw),
            "无结果" => Some(TableResult::NoResult),
            _ => None,
        };
        if let Some(result) = side(compact.as_str()) {
            return Some(Ok(result));
        }
        let (who, rest) = compact.split_once("逃跑")?;
        let who = who.trim_end_matches(['方', '家']);
        let partner_out = rest.contains("同伴已出局") || rest.contains("同伴已负");
        Some(
            game.seat(who)
                .map(|seat| TableResult::Escape { seat, partner_out }),
        )
    }

    /// Reads `text` as a result of a table of `game`.
    pub fn read(text: &str, game: TableGame) -> Result<TableResult, TableResultError> {
        let text = text.trim();
        if !text.is_ascii()
            && let Some(result) = TableResult::read_words(text, game)
        {
            return result;
        }
        let lower = text.to_ascii_lowercase();
        let junqi = game == TableGame::Junqi;
        let wrong = || TableResultError::WrongGame(text.to_string());
        if let Some(seat) = lower.strip_prefix("win:") {
            return if junqi {
                Err(wrong())
            } else {
                Ok(TableResult::Win(game.seat(seat)?))
            };
        }
        if let Some(list) = lower.strip_prefix("order:") {
            if junqi {
                return Err(wrong());
            }
            let mut order = Vec::new();
            for part in list.split([',', '，', ' ']).filter(|p| !p.is_empty()) {
                let seat = game.seat(part)?;
                if order.contains(&seat) {
                    return Err(TableResultError::SeatTwice(seat));
                }
                order.push(seat);
            }
            let missing: Vec<usize> = (0..game.seats()).filter(|s| !order.contains(s)).collect();
            if !missing.is_empty() {
                return Err(TableResultError::SeatsMissing(missing));
            }
            return Ok(TableResult::Order(order));
        }
        if let Some(seat) = lower.strip_prefix("escape:") {
            if !junqi {
                return Err(wrong());
            }
            // `escape:west:partner-out`: the escaper's partner had already lost.
            let (seat, partner_out) = match seat.split_once(':') {
                Some((seat, "partner-out")) => (seat, true),
                Some(_) => return Err(TableResultError::Unreadable(text.to_string())),
                None => (seat, false),
            };
            return Ok(TableResult::Escape {
                seat: game.seat(seat)?,
                partner_out,
            });
        }
        match lower.as_str() {
            "south-north" | "north-south" | "南北" if junqi => Ok(TableResult::Side([0, 2])),
            "east-west" | "west-east" | "东西" if junqi => Ok(TableResult::Side([1, 3])),
            "1/2" | "draw" | "和" if junqi => Ok(TableResult::Draw),
            "none" | "无" if junqi => Ok(TableResult::NoResult),
            "south-north" | "north-south" | "east-west" | "west-east" | "1/2" | "none" => {
                Err(wrong())
            }
            _ => Err(TableResultError::Unreadable(text.to_string())),
        }
    }
}

impl fmt::Display for TableResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableResult::Win(s) => write!(f, "win:{}", s + 1),
            TableResult::Order(o) => {
                let seats: Vec<String> = o.iter().map(|s| (s + 1).to_string()).collect();
                write!(f, "order:{}", seats.join(","))
            }
            TableResult::Side([0, _]) => f.write_str("south-north"),
            TableResult::Side(_) => f.write_str("east-west"),
            TableResult::Draw => f.write_str("1/2"),
            TableResult::Escape { seat, partner_out } => {
                write!(f, "escape:{}", JUNQI_SEATS[*seat])?;
                if *partner_out {
                    f.write_str(":partner-out")?;
                }
                Ok(())
            }
            TableResult::NoResult => f.write_str("none"),
        }
    }
}

/// Junqi's seats in Chinese, in turn order.
pub const JUNQI_SEATS_ZH: [&str; 4] = ["南", "东", "北", "西"];

impl TableResult {
    /// The result in words: 3号胜, 名次 2、1、3, 南北方胜, 西方逃跑 …
    pub fn words(&self) -> Message {
        let junqi_seat =
            |s: usize| messages::Param::words(JUNQI_SEATS_ZH[s % 4], JUNQI_SEATS[s % 4]);
        match self {
            TableResult::Win(s) => msg!("table.says.win", seat = s + 1),
            TableResult::Order(o) => msg!(
                "table.says.order",
                seats = o.iter().map(|s| (s + 1).to_string()).collect::<Vec<_>>()
            ),
            TableResult::Side([0, _]) => msg!("table.says.south_north"),
            TableResult::Side(_) => msg!("table.says.east_west"),
            TableResult::Draw => msg!("table.says.draw"),
            TableResult::Escape {
                seat,
                partner_out: true,
            } => msg!("table.says.escape_partner_out", seat = junqi_seat(*seat)),
            TableResult::Escape { seat, .. } => msg!("table.says.escape", seat = junqi_seat(*seat)),
            TableResult::NoResult => msg!("table.says.none"),
        }
    }
}

/// How a checkers table scores.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "points", rename_all = "snake_case")]
pub enum TableScoring {
    /// The winner 1, the others 0 (the seeds' 1 / ½ / 0 at two seats).
    #[default]
    Winner,
    /// By finishing place: N − 1 for the first, then one less each place, 0 for the last.
    Placement,
    /// Points by finishing place, first place first.
    Custom(Vec<u32>),
}

/// Each seat's points (in halves of a point, as the core counts them) and finishing
/// place (1-based; `None`: unplaced) at a checkers table.
pub fn checkers_scores(
    result: &TableResult,
    seats: usize,
    scoring: &TableScoring,
) -> Vec<(u32, Option<usize>)> {
    let order: Vec<usize> = match result {
        TableResult::Order(o) => o.clone(),
        TableResult::Win(w) => vec![*w],
        _ => Vec::new(),
    };
    (0..seats)
        .map(|seat| {
            let place = order.iter().position(|&s| s == seat);
            let halves = match (scoring, place, result) {
                (TableScoring::Winner, Some(0), _) => 2,
                (TableScoring::Winner, _, _) => 0,
                // A winner alone is placed first; the others share no place.
                (_, None, _) => 0,
                (TableScoring::Placement, Some(p), _) => 2 * (seats - 1 - p) as u32,
                (TableScoring::Custom(points), Some(p), _) => {
                    2 * points.get(p).copied().unwrap_or(0)
                }
            };
            (halves, place.map(|p| p + 1))
        })
        .collect()
}

/// Each seat's points at a four-player Junqi table: ±2 to each player of the sides
/// (the seeds' four-player scoring); a win inside `quick_limit` moves scores nothing
/// for the winners ("40步完毕，赢方不得分") while the losers still lose 2, as with fixed
/// partners; 0 for a draw or no result. An escape gives the other side the win when the
/// escaper's partner was already out; otherwise nobody scores.
pub fn junqi_scores(result: &TableResult, moves: Option<u32>, quick_limit: u32) -> [i32; 4] {
    let quick = moves.is_some_and(|m| m < quick_limit);
    let win_for = |side: [usize; 2]| {
        let mut points = [-2; 4];
        for s in side {
            points[s] = if quick { 0 } else { 2 };
        }
        points
    };
    match result {
        TableResult::Side(side) => win_for(*side),
        TableResult::Escape {
            seat,
            partner_out: true,
        } => {
            let other = if seat % 2 == 0 { [1, 3] } else { [0, 2] };
            win_for(other)
        }
        _ => [0; 4],
    }
}

impl Explain for TableResultError {
    fn message(&self) -> Message {
        match self {
            TableResultError::Unreadable(text) => msg!(
                "table.unreadable",
                text = text,
                checkers = "win:2、order:2,1,3",
                junqi = "south-north、east-west、1/2、escape:west、none"
            ),
            TableResultError::NoSuchSeat { seat, seats } => {
                msg!("table.no_such_seat", seat = seat, seats = *seats)
            }
            TableResultError::SeatTwice(seat) => msg!("table.seat_twice", seat = seat + 1),
            TableResultError::SeatsMissing(seats) => msg!(
                "table.seats_missing",
                seats = seats
                    .iter()
                    .map(|s| (s + 1).to_string())
                    .collect::<Vec<_>>()
            ),
            TableResultError::WrongGame(text) => msg!("table.wrong_game", text = text),
        }
    }
}

impl FromStr for TableScoring {
    type Err = TableResultError;

    /// `winner`, `placement`, or points by place (`3,2,1,0`).
    fn from_str(text: &str) -> Result<TableScoring, TableResultError> {
        match text.trim() {
            "winner" => Ok(TableScoring::Winner),
            "placement" => Ok(TableScoring::Placement),
            list => list
                .split([',', '-', '/'])
                .map(|p| p.trim().parse::<u32>())
                .collect::<Result<Vec<u32>, _>>()
                .map(TableScoring::Custom)
                .map_err(|_| TableResultError::Unreadable(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX: TableGame = TableGame::Checkers(6);

    #[test]
    fn checkers_results_read_as_typed() {
        assert_eq!(TableResult::read("win:3", SIX), Ok(TableResult::Win(2)));
        assert_eq!(
            TableResult::read("order:2,1,3", TableGame::Checkers(3)),
            Ok(TableResult::Order(vec![1, 0, 2]))
        );
        assert_eq!(
            TableResult::read("order:2,1,3", TableGame::Checkers(3))
                .unwrap()
                .to_string(),
            "order:2,1,3"
        );
    }

    #[test]
    fn bad_seats_and_orders_are_refused() {
        let three = TableGame::Checkers(3);
        assert_eq!(
            TableResult::read("win:4", three),
            Err(TableResultError::NoSuchSeat {
                seat: "4".into(),
                seats: 3
            })
        );
        assert_eq!(
            TableResult::read("order:1,1,2", three),
            Err(TableResultError::SeatTwice(0))
        );
        assert_eq!(
            TableResult::read("order:1,2", three),
            Err(TableResultError::SeatsMissing(vec![2]))
        );
        assert!(matches!(
            TableResult::read("south-north", three),
            Err(TableResultError::WrongGame(_))
        ));
        assert!(matches!(
            TableResult::read("order:1,2,3,4", TableGame::Junqi),
            Err(TableResultError::WrongGame(_))
        ));
        assert!(matches!(
            TableResult::read("1-0", three),
            Err(TableResultError::Unreadable(_))
        ));
    }

    #[test]
    fn junqi_results_read_by_side_and_seat() {
        let j = TableGame::Junqi;
        assert_eq!(
            TableResult::read("south-north", j),
            Ok(TableResult::Side([0, 2]))
        );
        assert_eq!(TableResult::read("东西", j), Ok(TableResult::Side([1, 3])));
        assert_eq!(TableResult::read("1/2", j), Ok(TableResult::Draw));
        assert_eq!(
            TableResult::read("escape:west", j),
            Ok(TableResult::Escape {
                seat: 3,
                partner_out: false
            })
        );
        assert_eq!(
            TableResult::read("escape:east:partner-out", j),
            Ok(TableResult::Escape {
                seat: 1,
                partner_out: true
            })
        );
        assert_eq!(
            TableResult::read("escape:east:partner-out", j)
                .unwrap()
                .to_string(),
            "escape:east:partner-out"
        );
        assert_eq!(TableResult::read("none", j), Ok(TableResult::NoResult));
        // In words, as printed and as arbiters say them.
        assert_eq!(
            TableResult::read("西方逃跑", j),
            Ok(TableResult::Escape {
                seat: 3,
                partner_out: false
            })
        );
        assert_eq!(
            TableResult::read("西家逃跑（同伴已出局）", j),
            Ok(TableResult::Escape {
                seat: 3,
                partner_out: true
            })
        );
        assert_eq!(
            TableResult::read("南北方胜", j),
            Ok(TableResult::Side([0, 2]))
        );
        assert_eq!(
            TableResult::read("东西胜", j),
            Ok(TableResult::Side([1, 3]))
        );
        assert_eq!(TableResult::read("和棋", j), Ok(TableResult::Draw));
        assert_eq!(TableResult::read("无结果", j), Ok(TableResult::NoResult));
        let c = TableGame::Checkers(3);
        assert_eq!(TableResult::read("2号胜", c), Ok(TableResult::Win(1)));
        assert_eq!(
            TableResult::read("名次 3、1、2", c),
            Ok(TableResult::Order(vec![2, 0, 1]))
        );
        // What Qisai prints reads back.
        for result in [
            TableResult::Escape {
                seat: 1,
                partner_out: true,
            },
            TableResult::Escape {
                seat: 2,
                partner_out: false,
            },
            TableResult::Side([1, 3]),
            TableResult::Draw,
        ] {
            let words = messages::render(&result.words(), messages::Lang::Zh);
            assert_eq!(TableResult::read(&words, j), Ok(result), "{words}");
        }
        for result in [TableResult::Win(2), TableResult::Order(vec![1, 2, 0])] {
            let words = messages::render(&result.words(), messages::Lang::Zh);
            assert_eq!(TableResult::read(&words, c), Ok(result), "{words}");
        }
    }

    #[test]
    fn checkers_scoring_by_winner_or_place() {
        // Three seats, finishing 2, 1, 3.
        let order = TableResult::Order(vec![1, 0, 2]);
        assert_eq!(
            checkers_scores(&order, 3, &TableScoring::Winner),
            [(0, Some(2)), (2, Some(1)), (0, Some(3))]
        );
        assert_eq!(
            checkers_scores(&order, 3, &TableScoring::Placement),
            [(2, Some(2)), (4, Some(1)), (0, Some(3))]
        );
        assert_eq!(
            checkers_scores(&order, 3, &"5,2,0".parse().unwrap()),
            [(4, Some(2)), (10, Some(1)), (0, Some(3))]
        );
        // A winner alone: the others unplaced, nothing for them even by placement.
        assert_eq!(
            checkers_scores(&TableResult::Win(2), 3, &TableScoring::Placement),
            [(0, None), (0, None), (4, Some(1))]
        );
    }

    #[test]
    fn junqi_scores_two_each_way() {
        assert_eq!(
            junqi_scores(&TableResult::Side([0, 2]), Some(80), 40),
            [2, -2, 2, -2]
        );
        // Inside 40 moves the winners score nothing; the losers still lose 2.
        assert_eq!(
            junqi_scores(&TableResult::Side([1, 3]), Some(30), 40),
            [-2, 0, -2, 0]
        );
        // An escape: the other side wins only if the escaper's partner was already out.
        let escaped = |partner_out| TableResult::Escape {
            seat: 1,
            partner_out,
        };
        assert_eq!(junqi_scores(&escaped(true), Some(90), 40), [2, -2, 2, -2]);
        assert_eq!(junqi_scores(&escaped(false), Some(90), 40), [0; 4]);
        assert_eq!(junqi_scores(&TableResult::Draw, Some(120), 40), [0; 4]);
    }
}
