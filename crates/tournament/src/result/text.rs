//! The one result vocabulary: how an arbiter types a game's result and how every front
//! end prints it, read against the game's seating.
//!
//! - Two sides (red and black): `1-0`, `0-1`, `1/2` (or `=`, `1/2-1/2`), `+-` / `-+`
//!   (forfeit), `0-0` (double forfeit: both over time), and the kinds of one game only:
//!   `dead:red|black` (checkers dead game, the side leading), `escape:red|black` (Junqi,
//!   the side that left), `resign:red|black` (Junqi surrender, the side that gave up).
//! - Four seats in two sides (four-player Junqi): `south-north` or `east-west` (the
//!   winning side), `1/2` (70 moves without a capture), `escape:SEAT[:partner-out]` (the
//!   other side wins only if the escaper's partner was already out), `none`.
//! - A table of N sides (checkers for 3, 4 or 6): `win:SEAT` (the winner; the others
//!   unplaced), `order:S1,S2,…` (the finishing order, every seat once) or `none`.
//!
//! The words Qisai prints for a result (死局·红方领先, 南北方胜, 2号胜, 名次 3、1、2,
//! 西方逃跑) read back as that result.

use std::fmt;
use std::str::FromStr;

use messages::{Lang, Message, msg};

use super::seating::{JUNQI_SEATS, junqi_seat};
use super::{Finish, GameResult, Seat, Seating};
use crate::model::GameKind;

/// A two-sided game's result as text: parses with `FromStr`, prints with `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultText(pub GameResult);

/// Why a typed result was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultError {
    /// Text that is no result of this seating.
    #[error("'{text}' is not a result")]
    Unreadable { text: String, table: bool },
    /// A result of a kind the game does not have (`dead:red` in Xiangqi).
    #[error("'{text}' is not a result of {game:?}")]
    Foreign {
        text: String,
        game: GameKind,
        allowed: Vec<&'static str>,
    },
    /// A table's result of the other kind of table: a side at a checkers table, a
    /// finishing order at a Junqi table.
    #[error("'{0}' is not a result of this kind of table")]
    WrongTable(String),
    /// A seat that is not at a table of `seats`.
    #[error("no seat '{seat}' at a table of {seats}")]
    NoSuchSeat { seat: String, seats: usize },
    /// An order naming a seat twice.
    #[error("seat {} named twice", .0 + 1)]
    SeatTwice(Seat),
    /// An order leaving seats out.
    #[error("seats left out of the order")]
    SeatsMissing(Vec<Seat>),
}

impl ResultError {
    /// What the refusal means, as a message of the catalogue.
    pub fn words(&self) -> Message {
        let seats = |s: &[Seat]| s.iter().map(|s| (s + 1).to_string()).collect::<Vec<_>>();
        match self {
            ResultError::Unreadable { text, table: false } => {
                msg!("result.unreadable", text = text)
            }
            ResultError::Unreadable { text, table: true } => msg!(
                "table.unreadable",
                text = text,
                checkers = "win:2、order:2,1,3",
                junqi = "south-north、east-west、1/2、escape:west、none"
            ),
            ResultError::Foreign {
                text,
                game,
                allowed,
            } => msg!(
                "result.foreign",
                text = text,
                game = crate::game_words(*game),
                allowed = allowed.iter().map(|s| s.to_string()).collect::<Vec<_>>()
            ),
            ResultError::WrongTable(text) => msg!("table.wrong_game", text = text),
            ResultError::NoSuchSeat { seat, seats } => {
                msg!("table.no_such_seat", seat = seat, seats = *seats)
            }
            ResultError::SeatTwice(seat) => msg!("table.seat_twice", seat = seat + 1),
            ResultError::SeatsMissing(missing) => {
                msg!("table.seats_missing", seats = seats(missing))
            }
        }
    }
}

/// Reads `text` as the result of a game of `game` seated as `seating`.
pub fn read(text: &str, seating: Seating, game: GameKind) -> Result<GameResult, ResultError> {
    let text = text.trim();
    let by_code = match seating {
        Seating::TwoSides => text
            .parse::<ResultText>()
            .and_then(|typed| typed.for_game(game)),
        Seating::Partners => read_partners(text),
        Seating::Each { seats, .. } => read_each(text, seats),
    };
    match by_code {
        Err(refused) => read_words(text, seating, game).unwrap_or(Err(refused)),
        read => read,
    }
}

fn unreadable(text: &str) -> ResultError {
    ResultError::Unreadable {
        text: text.to_string(),
        table: true,
    }
}

fn no_seat(text: &str, seats: usize) -> ResultError {
    ResultError::NoSuchSeat {
        seat: text.trim().to_string(),
        seats,
    }
}

/// Whether `text` is a result of the other kind of table.
fn other_table(lower: &str, partners: bool) -> bool {
    let side = matches!(
        lower,
        "south-north" | "north-south" | "east-west" | "west-east" | "1/2"
    ) || lower.starts_with("escape:");
    let seat = lower.starts_with("win:") || lower.starts_with("order:");
    if partners { seat } else { side }
}

fn read_partners(text: &str) -> Result<GameResult, ResultError> {
    let lower = text.to_ascii_lowercase();
    if other_table(&lower, true) {
        return Err(ResultError::WrongTable(text.to_string()));
    }
    if let Some(rest) = lower.strip_prefix("escape:") {
        // `escape:west:partner-out`: the escaper's partner had already lost.
        let (seat, partner_already_lost) = match rest.split_once(':') {
            Some((seat, "partner-out")) => (seat, true),
            Some(_) => return Err(unreadable(text)),
            None => (rest, false),
        };
        let escaper = Seating::Partners
            .seat(seat)
            .ok_or_else(|| no_seat(seat, 4))?;
        return Ok(GameResult::Escape {
            escaper,
            partner_already_lost,
            moves: None,
        });
    }
    Ok(match lower.as_str() {
        "south-north" | "north-south" | "南北" => GameResult::Win {
            winner: 0,
            moves: None,
        },
        "east-west" | "west-east" | "东西" => GameResult::Win {
            winner: 1,
            moves: None,
        },
        "1/2" | "draw" | "和" => GameResult::Draw,
        "none" | "无" => GameResult::NoResult,
        _ => return Err(unreadable(text)),
    })
}

fn read_each(text: &str, seats: usize) -> Result<GameResult, ResultError> {
    let lower = text.to_ascii_lowercase();
    if other_table(&lower, false) {
        return Err(ResultError::WrongTable(text.to_string()));
    }
    let seating = Seating::Each {
        seats,
        places: Default::default(),
    };
    if let Some(seat) = lower.strip_prefix("win:") {
        let winner = seating.seat(seat).ok_or_else(|| no_seat(seat, seats))?;
        return Ok(GameResult::Win {
            winner,
            moves: None,
        });
    }
    // No result: nobody placed (as a winner who fouled out leaves the table).
    if matches!(lower.as_str(), "none" | "无") {
        return Ok(GameResult::NoResult);
    }
    let Some(list) = lower.strip_prefix("order:") else {
        return Err(unreadable(text));
    };
    let mut order = Vec::new();
    for part in list.split([',', '，', '、', ' ']).filter(|p| !p.is_empty()) {
        let seat = seating.seat(part).ok_or_else(|| no_seat(part, seats))?;
        if order.contains(&seat) {
            return Err(ResultError::SeatTwice(seat));
        }
        order.push(seat);
    }
    let missing: Vec<Seat> = (0..seats).filter(|s| !order.contains(s)).collect();
    if !missing.is_empty() {
        return Err(ResultError::SeatsMissing(missing));
    }
    let finish = Finish::new(&order).ok_or_else(|| unreadable(text))?;
    Ok(GameResult::Order { finish })
}

/// A result written in words, as Qisai prints it (in either language) or as arbiters
/// say it: 2号胜, 名次 3、1、2; 南北方胜, 东西胜, 和棋, 无结果, 西方逃跑（同伴已出局）;
/// 红胜, 死局·红方领先, 黑方投降. `None`: not words of a result.
fn read_words(
    text: &str,
    seating: Seating,
    game: GameKind,
) -> Option<Result<GameResult, ResultError>> {
    let compact = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '（' | '）' | '(' | ')'))
            .collect::<String>()
            .to_lowercase()
    };
    let typed = compact(text);
    if typed.is_empty() {
        return None;
    }
    // What Qisai prints for every result of this seating reads back as it.
    let printed = candidates(seating, game).into_iter().find(|r| {
        [Lang::Zh, Lang::En]
            .iter()
            .any(|&lang| compact(&messages::render(&words(r, seating, game), lang)) == typed)
    });
    if let Some(result) = printed {
        return Some(Ok(result));
    }
    match seating {
        Seating::TwoSides => {
            let win = |winner| GameResult::Win {
                winner,
                moves: None,
            };
            let result = match typed.as_str() {
                "红胜" | "红方胜" | "先手胜" => win(0),
                "黑胜" | "黑方胜" | "后手胜" => win(1),
                "和" | "和棋" | "和局" => GameResult::Draw,
                _ => return None,
            };
            Some(Ok(result))
        }
        Seating::Partners => {
            let win = |winner| GameResult::Win {
                winner,
                moves: None,
            };
            let result = match typed.as_str() {
                "南北方胜" | "南北胜" | "南北方" => win(0),
                "东西方胜" | "东西胜" | "东西方" => win(1),
                "和棋" => GameResult::Draw,
                "无结果" => GameResult::NoResult,
                _ => {
                    let (who, rest) = typed.split_once("逃跑")?;
                    let partner_already_lost =
                        rest.contains("同伴已出局") || rest.contains("同伴已负");
                    return Some(match Seating::Partners.seat(who) {
                        Some(escaper) => Ok(GameResult::Escape {
                            escaper,
                            partner_already_lost,
                            moves: None,
                        }),
                        None => Err(no_seat(who, 4)),
                    });
                }
            };
            Some(Ok(result))
        }
        Seating::Each { seats, .. } => {
            if let Some(seat) = typed.strip_suffix('胜') {
                let seat = seat.trim_end_matches('号');
                return Some(
                    seating
                        .seat(seat)
                        .map(|winner| GameResult::Win {
                            winner,
                            moves: None,
                        })
                        .ok_or_else(|| no_seat(seat, seats)),
                );
            }
            let list = typed
                .strip_prefix("名次")
                .or_else(|| typed.strip_prefix("finish"))?;
            let list = list.trim_start_matches([':', '：']);
            Some(read_each(&format!("order:{list}"), seats))
        }
    }
}

/// Every result of a seating whose words can be typed back (a table's orders aside).
fn candidates(seating: Seating, game: GameKind) -> Vec<GameResult> {
    let both = |make: &dyn Fn(Seat) -> GameResult| vec![make(0), make(1)];
    match seating {
        Seating::TwoSides => {
            let mut all = vec![GameResult::Draw, GameResult::DoubleForfeit];
            all.extend(both(&|winner| GameResult::Forfeit { winner }));
            all.extend(both(&|leader| GameResult::DeadGame { leader }));
            all.extend(both(&|escaper| GameResult::Escape {
                escaper,
                partner_already_lost: false,
                moves: None,
            }));
            all.extend(both(&|loser| GameResult::Surrender { loser, moves: 0 }));
            all.into_iter()
                .filter(|r| ResultText(*r).for_game(game).is_ok())
                .collect()
        }
        Seating::Partners => {
            let mut all = vec![GameResult::Draw, GameResult::NoResult];
            all.extend(both(&|winner| GameResult::Win {
                winner,
                moves: None,
            }));
            for escaper in 0..4 {
                for partner_already_lost in [false, true] {
                    all.push(GameResult::Escape {
                        escaper,
                        partner_already_lost,
                        moves: None,
                    });
                }
            }
            all
        }
        Seating::Each { seats, .. } => (0..seats)
            .map(|winner| GameResult::Win {
                winner,
                moves: None,
            })
            .chain([GameResult::NoResult])
            .collect(),
    }
}

/// A result as typed back in the vocabulary: `1-0`, `south-north`, `order:2,1,3`.
pub fn code(result: &GameResult, seating: Seating) -> String {
    match seating {
        Seating::TwoSides => ResultText(*result).code(),
        Seating::Partners => match *result {
            GameResult::Win { winner, .. } | GameResult::Forfeit { winner } => {
                side_code(seating.side_of(winner))
            }
            GameResult::Surrender { loser, .. } => side_code(1 - seating.side_of(loser)),
            GameResult::Draw | GameResult::DeadGame { .. } => "1/2".into(),
            GameResult::Escape {
                escaper,
                partner_already_lost,
                ..
            } => {
                let out = if partner_already_lost {
                    ":partner-out"
                } else {
                    ""
                };
                format!("escape:{}{out}", JUNQI_SEATS[escaper % 4])
            }
            GameResult::DoubleForfeit | GameResult::NoResult | GameResult::Order { .. } => {
                "none".into()
            }
        },
        Seating::Each { .. } => match *result {
            GameResult::Win { winner, .. } | GameResult::Forfeit { winner } => {
                format!("win:{}", winner + 1)
            }
            GameResult::Order { finish } => {
                let seats: Vec<String> = finish.seats().map(|s| (s + 1).to_string()).collect();
                format!("order:{}", seats.join(","))
            }
            _ => "none".into(),
        },
    }
}

fn side_code(side: usize) -> String {
    if side == 0 {
        "south-north"
    } else {
        "east-west"
    }
    .into()
}

/// A result in words for people: plain scores stay scores (`1-0`, `1/2-1/2`); the others
/// say what happened (死局·红方领先, 北方逃跑, 双方超时, 南北方胜, 2号胜, 名次 2、1、3).
pub fn words(result: &GameResult, seating: Seating, game: GameKind) -> Message {
    let side = |seat: Seat| {
        let first = seat == 0;
        match (game, first) {
            (GameKind::Junqi, true) => msg!("junqi.seat.south"),
            (GameKind::Junqi, false) => msg!("junqi.seat.north"),
            (_, true) => msg!("xiangqi.side.red"),
            (_, false) => msg!("xiangqi.side.black"),
        }
    };
    let score = || msg!("result.says.score", score = code(result, seating));
    match seating {
        Seating::TwoSides => match *result {
            GameResult::DoubleForfeit => msg!("result.says.double_forfeit"),
            GameResult::Forfeit { winner } => msg!(
                "result.says.forfeit",
                score = code(result, seating),
                side = side(1 - winner.min(1))
            ),
            GameResult::DeadGame { leader } => msg!("result.says.dead_game", side = side(leader)),
            GameResult::Escape { escaper, .. } => msg!("result.says.escape", side = side(escaper)),
            GameResult::Surrender { loser, .. } => {
                msg!("result.says.surrender", side = side(loser))
            }
            _ => score(),
        },
        Seating::Partners => match *result {
            GameResult::Win { winner, .. } | GameResult::Forfeit { winner }
                if seating.side_of(winner) == 0 =>
            {
                msg!("table.says.south_north")
            }
            GameResult::Win { .. } | GameResult::Forfeit { .. } => msg!("table.says.east_west"),
            GameResult::Surrender { loser, .. } if seating.side_of(loser) == 1 => {
                msg!("table.says.south_north")
            }
            GameResult::Surrender { .. } => msg!("table.says.east_west"),
            GameResult::Draw | GameResult::DeadGame { .. } => msg!("table.says.draw"),
            GameResult::Escape {
                escaper,
                partner_already_lost: true,
                ..
            } => msg!("table.says.escape_partner_out", seat = junqi_seat(escaper)),
            GameResult::Escape { escaper, .. } => {
                msg!("table.says.escape", seat = junqi_seat(escaper))
            }
            _ => msg!("table.says.none"),
        },
        Seating::Each { .. } => match *result {
            GameResult::Win { winner, .. } | GameResult::Forfeit { winner } => {
                msg!("table.says.win", seat = winner + 1)
            }
            GameResult::Order { finish } => msg!(
                "table.says.order",
                seats = finish
                    .seats()
                    .map(|s| (s + 1).to_string())
                    .collect::<Vec<_>>()
            ),
            _ => msg!("table.says.none"),
        },
    }
}

/// The results an arbiter taps on a phone for a game of `seating`, each as sent and
/// as read: the game's own kinds between two sides but a surrender (its move count is
/// the chief arbiter's to enter), the sides, a draw or no result in four-player Junqi,
/// each seat's win at a checkers table (a finishing order is the chief arbiter's).
pub fn tappable(seating: Seating, game: GameKind) -> Vec<(String, GameResult)> {
    let win = |winner| GameResult::Win {
        winner,
        moves: None,
    };
    let coded = |results: Vec<GameResult>| {
        results
            .into_iter()
            .map(|r| (code(&r, seating), r))
            .collect()
    };
    match seating {
        Seating::TwoSides => kinds(seating, game)
            .into_iter()
            .filter_map(|k| Some((k.to_string(), read(k, seating, game).ok()?)))
            .filter(|(_, r)| !matches!(r, GameResult::Surrender { .. }))
            .collect(),
        Seating::Partners => coded(vec![win(0), win(1), GameResult::Draw, GameResult::NoResult]),
        Seating::Each { seats, .. } => coded((0..seats).map(win).collect()),
    }
}

/// The kinds of result a game of `seating` has, as their text patterns (for help and
/// for the UI).
pub fn kinds(seating: Seating, game: GameKind) -> Vec<&'static str> {
    match seating {
        Seating::TwoSides => {
            let own: &[&str] = match game {
                GameKind::Xiangqi => &[],
                GameKind::Checkers => &["dead:red", "dead:black"],
                GameKind::Junqi => &["escape:red", "escape:black", "resign:red", "resign:black"],
            };
            ["1-0", "0-1", "1/2", "+-", "-+", "0-0"]
                .into_iter()
                .chain(own.iter().copied())
                .collect()
        }
        Seating::Partners => vec![
            "south-north",
            "east-west",
            "1/2",
            "escape:south",
            "escape:east",
            "escape:north",
            "escape:west",
            "escape:south:partner-out",
            "escape:east:partner-out",
            "escape:north:partner-out",
            "escape:west:partner-out",
            "none",
        ],
        Seating::Each { .. } => vec!["win:SEAT", "order:S1,S2,…"],
    }
}

/// A two-sided side as typed: `red`, `r`, `红`, `红方`; `black`, `b`, `黑`, `黑方`.
pub fn side(text: &str) -> Option<Seat> {
    Seating::TwoSides.seat(text)
}

impl FromStr for ResultText {
    type Err = ResultError;
    fn from_str(text: &str) -> Result<ResultText, ResultError> {
        let bad = || ResultError::Unreadable {
            text: text.to_string(),
            table: false,
        };
        let t = text.trim().to_ascii_lowercase();
        let result = match t.as_str() {
            "1-0" => GameResult::Win {
                winner: 0,
                moves: None,
            },
            "0-1" => GameResult::Win {
                winner: 1,
                moves: None,
            },
            "1/2" | "=" | "1/2-1/2" | "½-½" | "½" => GameResult::Draw,
            "+-" => GameResult::Forfeit { winner: 0 },
            "-+" => GameResult::Forfeit { winner: 1 },
            "0-0" => GameResult::DoubleForfeit,
            other => {
                let (kind, who) = other.split_once(':').ok_or_else(bad)?;
                let seat = side(who).ok_or_else(bad)?;
                match kind {
                    "dead" => GameResult::DeadGame { leader: seat },
                    "escape" => GameResult::Escape {
                        escaper: seat,
                        partner_already_lost: false,
                        moves: None,
                    },
                    "resign" => GameResult::Surrender {
                        loser: seat,
                        moves: 0,
                    },
                    _ => return Err(bad()),
                }
            }
        };
        Ok(ResultText(result))
    }
}

impl fmt::Display for ResultText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = |s: Seat| if s == 0 { "red" } else { "black" };
        match self.0 {
            GameResult::DeadGame { leader } => write!(f, "dead:{}", colour(leader)),
            GameResult::Escape { escaper, .. } => write!(f, "escape:{}", colour(escaper)),
            GameResult::Surrender { loser, .. } => write!(f, "resign:{}", colour(loser)),
            GameResult::Order { finish } => {
                let seats: Vec<String> = finish.seats().map(|s| (s + 1).to_string()).collect();
                write!(f, "order:{}", seats.join(","))
            }
            _ => f.write_str(self.fixed().unwrap_or_default()),
        }
    }
}

impl ResultText {
    /// The codes that name no seat's colour nor order: one string each.
    fn fixed(self) -> Option<&'static str> {
        Some(match self.0 {
            GameResult::Win { winner: 0, .. } => "1-0",
            GameResult::Win { .. } => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::DoubleForfeit => "0-0",
            GameResult::Forfeit { winner: 0 } => "+-",
            GameResult::Forfeit { .. } => "-+",
            GameResult::NoResult => "none",
            _ => return None,
        })
    }

    /// The result as its code: the fixed ones without the formatting machinery (a big
    /// event's pairings and exports write thousands).
    pub fn code(self) -> String {
        self.fixed()
            .map_or_else(|| self.to_string(), str::to_string)
    }

    /// The result, if `game` has results of its kind.
    pub fn for_game(self, game: GameKind) -> Result<GameResult, ResultError> {
        let allowed = match self.0 {
            GameResult::DeadGame { .. } => game == GameKind::Checkers,
            GameResult::Escape { .. } | GameResult::Surrender { .. } => game == GameKind::Junqi,
            GameResult::Order { .. } | GameResult::NoResult => false,
            _ => true,
        };
        if allowed {
            Ok(self.0)
        } else {
            Err(ResultError::Foreign {
                text: self.to_string(),
                game,
                allowed: kinds(Seating::TwoSides, game),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::TableScoring;

    const THREE: Seating = Seating::Each {
        seats: 3,
        places: TableScoring::Winner,
    };

    fn chinese(m: &Message) -> String {
        messages::render(m, Lang::Zh)
    }

    #[test]
    fn results_round_trip() {
        for text in [
            "1-0",
            "0-1",
            "1/2-1/2",
            "0-0",
            "+-",
            "-+",
            "dead:red",
            "escape:black",
            "resign:red",
        ] {
            let parsed: ResultText = text.parse().unwrap();
            assert_eq!(parsed.to_string(), text);
        }
        assert_eq!("=".parse::<ResultText>().unwrap().0, GameResult::Draw);
        assert!("2-0".parse::<ResultText>().is_err());
        assert!("dead:green".parse::<ResultText>().is_err());
    }

    #[test]
    fn kinds_of_other_games_are_refused() {
        let dead: ResultText = "dead:red".parse().unwrap();
        assert!(dead.for_game(GameKind::Checkers).is_ok());
        let Err(ResultError::Foreign { allowed, .. }) = dead.for_game(GameKind::Xiangqi) else {
            panic!("a dead game is no Xiangqi result");
        };
        assert!(allowed.contains(&"0-0") && !allowed.iter().any(|k| k.contains("dead")));
        let escape: ResultText = "escape:black".parse().unwrap();
        assert!(escape.for_game(GameKind::Checkers).is_err());
        assert!(escape.for_game(GameKind::Junqi).is_ok());
        for game in [GameKind::Xiangqi, GameKind::Checkers, GameKind::Junqi] {
            for kind in kinds(Seating::TwoSides, game) {
                assert!(
                    read(kind, Seating::TwoSides, game).is_ok(),
                    "{kind} in {game:?}"
                );
            }
        }
    }

    #[test]
    fn printouts_say_what_happened() {
        let two = |r: GameResult, game| chinese(&words(&r, Seating::TwoSides, game));
        assert_eq!(
            two(GameResult::DeadGame { leader: 0 }, GameKind::Checkers),
            "死局·红方领先"
        );
        let escape = GameResult::Escape {
            escaper: 1,
            partner_already_lost: false,
            moves: None,
        };
        assert_eq!(two(escape, GameKind::Junqi), "北方逃跑");
        let surrender = GameResult::Surrender {
            loser: 0,
            moves: 30,
        };
        assert_eq!(
            messages::render(
                &words(&surrender, Seating::TwoSides, GameKind::Junqi),
                Lang::En
            ),
            "south surrenders"
        );
        assert_eq!(
            two(GameResult::DoubleForfeit, GameKind::Xiangqi),
            "0-0（双方超时或弃权）"
        );
        assert_eq!(
            two(GameResult::Forfeit { winner: 0 }, GameKind::Xiangqi),
            "+-（黑方弃权）"
        );
        assert_eq!(two(GameResult::Draw, GameKind::Xiangqi), "1/2-1/2");
    }

    #[test]
    fn what_is_printed_reads_back() {
        for game in [GameKind::Xiangqi, GameKind::Checkers, GameKind::Junqi] {
            for result in candidates(Seating::TwoSides, game) {
                for lang in [Lang::Zh, Lang::En] {
                    let printed = messages::render(&words(&result, Seating::TwoSides, game), lang);
                    assert_eq!(
                        read(&printed, Seating::TwoSides, game),
                        Ok(result),
                        "{printed}"
                    );
                }
            }
        }
        for result in candidates(Seating::Partners, GameKind::Junqi) {
            let printed = chinese(&words(&result, Seating::Partners, GameKind::Junqi));
            assert_eq!(
                read(&printed, Seating::Partners, GameKind::Junqi),
                Ok(result),
                "{printed}"
            );
        }
        let order = GameResult::Order {
            finish: Finish::new(&[1, 2, 0]).unwrap(),
        };
        for result in [
            GameResult::Win {
                winner: 2,
                moves: None,
            },
            order,
        ] {
            let printed = chinese(&words(&result, THREE, GameKind::Checkers));
            assert_eq!(read(&printed, THREE, GameKind::Checkers), Ok(result));
        }
        assert_eq!(
            read("红胜", Seating::TwoSides, GameKind::Xiangqi),
            Ok(GameResult::Win {
                winner: 0,
                moves: None
            })
        );
    }

    #[test]
    fn checkers_tables_read_a_winner_or_an_order() {
        let checkers = GameKind::Checkers;
        assert_eq!(
            read("win:3", THREE, checkers),
            Ok(GameResult::Win {
                winner: 2,
                moves: None
            })
        );
        let order = read("order:2,1,3", THREE, checkers).unwrap();
        assert_eq!(code(&order, THREE), "order:2,1,3");
        assert_eq!(
            read("名次 3、1、2", THREE, checkers).map(|r| code(&r, THREE)),
            Ok("order:3,1,2".into())
        );
        assert_eq!(
            read("win:4", THREE, checkers),
            Err(ResultError::NoSuchSeat {
                seat: "4".into(),
                seats: 3
            })
        );
        assert_eq!(
            read("order:1,1,2", THREE, checkers),
            Err(ResultError::SeatTwice(0))
        );
        assert_eq!(
            read("order:1,2", THREE, checkers),
            Err(ResultError::SeatsMissing(vec![2]))
        );
        assert!(matches!(
            read("south-north", THREE, checkers),
            Err(ResultError::WrongTable(_))
        ));
        assert!(matches!(
            read("1-0", THREE, checkers),
            Err(ResultError::Unreadable { table: true, .. })
        ));
    }

    #[test]
    fn junqi_tables_read_by_side_and_seat() {
        let j = |text| read(text, Seating::Partners, GameKind::Junqi);
        let side = |winner| {
            Ok(GameResult::Win {
                winner,
                moves: None,
            })
        };
        assert_eq!(j("south-north"), side(0));
        assert_eq!(j("东西"), side(1));
        assert_eq!(j("东西胜"), side(1));
        assert_eq!(j("1/2"), Ok(GameResult::Draw));
        assert_eq!(j("和棋"), Ok(GameResult::Draw));
        assert_eq!(j("无结果"), Ok(GameResult::NoResult));
        let escape = |escaper, partner_already_lost| {
            Ok(GameResult::Escape {
                escaper,
                partner_already_lost,
                moves: None,
            })
        };
        assert_eq!(j("escape:west"), escape(3, false));
        assert_eq!(j("escape:east:partner-out"), escape(1, true));
        assert_eq!(j("西方逃跑"), escape(3, false));
        assert_eq!(j("西家逃跑（同伴已出局）"), escape(3, true));
        assert!(matches!(
            j("order:1,2,3,4"),
            Err(ResultError::WrongTable(_))
        ));
        let printed = code(&escape(1, true).unwrap(), Seating::Partners);
        assert_eq!(printed, "escape:east:partner-out");
    }
}
