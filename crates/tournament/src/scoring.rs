//! Scoring systems: how many points each seat gets for a game. Every value is a
//! setting; presets follow the rules (RULES.md §1, §4, §5).

use std::str::FromStr;

use crate::Points;
use crate::result::{GameRecord, GameResult, MAX_SEATS, Seat, Seating};
use crate::standings::Outcome;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scoring {
    /// 2 for a two-player game, 4 for four-player Junqi (two allied pairs).
    pub seats: usize,
    pub win: Points,
    pub loss: Points,
    /// The draw, to the first and second player (an organizer may make it asymmetric).
    pub draw: [Points; 2],
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub double_forfeit: Points,
    /// 轮空: the Chinese rules count a bye as a win.
    pub bye: Points,
    /// Checkers dead game: to the side leading by half a step, and to the other.
    pub dead_game: [Points; 2],
    /// Junqi: a win inside this many moves scores `quick_win` for the winner.
    pub quick_win_moves: Option<u32>,
    pub quick_win: Points,
    /// Junqi's 50-point rule: a winner above this total gains nothing against opponents
    /// below it.
    pub cap: Option<Points>,
    /// Junqi: a surrender inside this many moves is refused.
    pub min_surrender_moves: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    #[error("seat {seat} does not exist at a table of {seats}")]
    NoSuchSeat { seat: Seat, seats: usize },
    #[error("a surrender after {moves} moves is refused: none is allowed in the first {minimum}")]
    EarlySurrender { moves: u32, minimum: u32 },
    #[error("this scoring has no dead game")]
    NoDeadGame,
}

impl Scoring {
    /// What every scale the commands accept holds: a win scores more than a loss, each
    /// draw, dead game and the bye no less than a loss and no more than a win, a forfeit
    /// win more than a forfeit loss.
    pub fn is_sound(&self) -> bool {
        let between = |p: Points| self.loss <= p && p <= self.win;
        self.win > self.loss
            && self.draw.iter().all(|&d| between(d))
            && self.dead_game.iter().all(|&d| between(d))
            && between(self.bye)
            && self.double_forfeit <= self.win
            && self.forfeit_win > self.forfeit_loss
            && between(self.quick_win)
    }

    /// Xiangqi 2/1/0 (the Chinese rules' default); a bye and a forfeit win score 2.
    pub fn xiangqi() -> Scoring {
        Scoring::two_player(Points::whole(2), Points::whole(1), Points::ZERO)
    }

    /// Xiangqi 1/½/0.
    pub fn xiangqi_one_half_zero() -> Scoring {
        Scoring::two_player(Points::whole(1), Points::half(), Points::ZERO)
    }

    /// Any win/draw/loss scale for two players, forfeits and byes as wins.
    pub fn two_player(win: Points, draw: Points, loss: Points) -> Scoring {
        Scoring {
            seats: 2,
            win,
            loss,
            draw: [draw, draw],
            forfeit_win: win,
            forfeit_loss: loss,
            double_forfeit: Points::ZERO,
            bye: win,
            dead_game: [draw, draw],
            quick_win_moves: None,
            quick_win: win,
            cap: None,
            min_surrender_moves: None,
        }
    }

    /// Chinese checkers: 1/½/0, a dead game 0.75 / 0.25.
    pub fn checkers() -> Scoring {
        Scoring {
            dead_game: [Points::from_quarters(3), Points::from_quarters(1)],
            ..Scoring::two_player(Points::whole(1), Points::half(), Points::ZERO)
        }
    }

    /// Junqi: two players ±1 (a win inside 30 moves scores 0), four players ±2 to each
    /// partner (inside 40 moves 0); no surrender in the first 20 moves.
    pub fn junqi(players: usize) -> Scoring {
        let four = players == 4;
        let (win, moves) = if four { (2, 40) } else { (1, 30) };
        Scoring {
            seats: if four { 4 } else { 2 },
            quick_win_moves: Some(moves),
            quick_win: Points::ZERO,
            min_surrender_moves: Some(20),
            forfeit_loss: Points::whole(-win),
            ..Scoring::two_player(Points::whole(win), Points::ZERO, Points::whole(-win))
        }
    }

    /// Points per seat for one game between two sides (four seats in two sides when
    /// the scoring has four). `totals_before` (per seat) is needed only for the
    /// 50-point rule.
    pub fn score(
        &self,
        game: &GameRecord,
        totals_before: Option<&[Points]>,
    ) -> Result<Vec<Points>, ScoringError> {
        Ok(self
            .assess(game, self.two_sided(), totals_before)?
            .into_iter()
            .map(|s| s.points)
            .collect())
    }

    /// The seating of a game between two sides under this scoring: red and black, or
    /// four-player Junqi's two pairs.
    pub fn two_sided(&self) -> Seating {
        if self.seats == 4 {
            Seating::Partners
        } else {
            Seating::TwoSides
        }
    }

    /// Whether a win of `moves` moves is inside the quick-win limit (Junqi: it scores
    /// nothing for the winner, whatever the ending).
    fn is_quick(&self, moves: Option<u32>) -> bool {
        matches!((moves, self.quick_win_moves), (Some(m), Some(limit)) if m < limit)
    }

    /// What each seat of a game seated as `seating` got from it: its points, as the
    /// tiebreaks count it whether it won, drew or lost, its share of the game for 小分,
    /// and its finishing place where the result gives one. All come from the kind of
    /// result, never from comparing points: a double forfeit (0-0) is no draw, an
    /// asymmetric draw is no win, a dead game no win for the leader. Two fouls in a
    /// game lose it ([`GameRecord::effective`]).
    pub fn assess(
        &self,
        game: &GameRecord,
        seating: Seating,
        totals_before: Option<&[Points]>,
    ) -> Result<Vec<SeatScore>, ScoringError> {
        let seats = seating.seats();
        let check = |seat: Seat| {
            if seat < seats {
                Ok(seat)
            } else {
                Err(ScoringError::NoSuchSeat { seat, seats })
            }
        };
        for foul in &game.fouls {
            check(foul.seat)?;
        }
        let result = game.effective(seating);
        if let Seating::Each { places, .. } = seating {
            return Ok(places.assess(&result, seats));
        }
        let side = |seat: Seat| seating.side_of(seat);
        // The winning side takes `win`, the others `loss`; a quick win scores nothing
        // and counts as no win.
        let decided = |winning_side: usize, win: Points, loss: Points, quick: bool| {
            (0..seats)
                .map(|s| {
                    if side(s) != winning_side {
                        SeatScore::lost(loss).placed(2)
                    } else if quick {
                        // No points and no win counted, but the game was won: first.
                        SeatScore::nothing(self.quick_win).placed(1)
                    } else {
                        SeatScore::won(win).placed(1)
                    }
                })
                .collect::<Vec<_>>()
        };
        let scores = match result {
            GameResult::Win { winner, moves } => {
                let winners = side(check(winner)?);
                let mut scores = decided(winners, self.win, self.loss, self.is_quick(moves));
                if let (Some(cap), Some(before)) = (self.cap, totals_before) {
                    let opponents_below = (0..seats)
                        .filter(|&s| side(s) != winners)
                        .all(|s| before.get(s).is_some_and(|&t| t < cap));
                    for s in (0..seats).filter(|&s| side(s) == winners) {
                        if opponents_below && before.get(s).is_some_and(|&t| t > cap) {
                            scores[s].points = Points::ZERO;
                        }
                    }
                }
                scores
            }
            GameResult::Draw => (0..seats)
                .map(|s| SeatScore::drew(self.draw[side(s)]))
                .collect(),
            GameResult::DoubleForfeit => vec![SeatScore::lost(self.double_forfeit); seats],
            GameResult::NoResult => vec![SeatScore::nothing(Points::ZERO); seats],
            GameResult::Forfeit { winner } => decided(
                side(check(winner)?),
                self.forfeit_win,
                self.forfeit_loss,
                false,
            ),
            GameResult::DeadGame { leader } => {
                let leaders = side(check(leader)?);
                (0..seats)
                    .map(|s| {
                        let leads = side(s) == leaders;
                        SeatScore {
                            points: self.dead_game[usize::from(!leads)],
                            outcome: Outcome::Draw,
                            share: if leads { 3 } else { 1 },
                            place: None,
                        }
                    })
                    .collect()
            }
            GameResult::Escape {
                escaper,
                partner_already_lost,
                moves,
            } => {
                let escapers = side(check(escaper)?);
                if seating == Seating::TwoSides || partner_already_lost {
                    decided(1 - escapers, self.win, self.loss, self.is_quick(moves))
                } else {
                    vec![SeatScore::nothing(Points::ZERO); seats]
                }
            }
            GameResult::Surrender { loser, moves } => {
                if let Some(minimum) = self.min_surrender_moves.filter(|&m| moves < m) {
                    return Err(ScoringError::EarlySurrender { moves, minimum });
                }
                let quick = self.is_quick(Some(moves));
                decided(1 - side(check(loser)?), self.win, self.loss, quick)
            }
            // A finishing order between two sides: the first wins.
            GameResult::Order { finish } => match finish.first() {
                Some(first) => decided(side(check(first)?), self.win, self.loss, false),
                None => vec![SeatScore::nothing(Points::ZERO); seats],
            },
        };
        Ok(scores)
    }
}

/// Why a game scores otherwise than its result reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoredOtherwise {
    /// These seats fouled twice in the game and lost it (同一局技术犯规两次判负).
    TwoFouls(Vec<Seat>),
    /// Junqi: won inside the quick-win limit; the winners score nothing, the losers
    /// still lose.
    QuickWin { moves: u32, limit: u32 },
}

impl Scoring {
    /// Why `game` (seated as `seating`) scores otherwise than its result reads: two
    /// fouls, Junqi's quick-win rule.
    pub fn otherwise(&self, game: &GameRecord, seating: Seating) -> Vec<ScoredOtherwise> {
        let mut why = Vec::new();
        let fouled = game.fouled_out(seating);
        if !fouled.is_empty() {
            why.push(ScoredOtherwise::TwoFouls(fouled));
        }
        let counted = game.effective(seating);
        let won = matches!(counted.decision(seating), crate::Decision::Side(_))
            && !matches!(seating, Seating::Each { .. });
        if let (true, Some(moves), Some(limit)) = (won, counted.moves(), self.quick_win_moves)
            && moves < limit
        {
            why.push(ScoredOtherwise::QuickWin { moves, limit });
        }
        why
    }
}

/// One seat's part of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatScore {
    pub points: Points,
    /// Won, drawn or lost as 胜局 and the like count it.
    pub outcome: Outcome,
    /// The share of the game for 小分, in quarters: win 4, draw 2, dead game 3 / 1,
    /// a loss or a game nobody scores 0.
    pub share: u8,
    /// The finishing place (1 = first) where the result gives one: a table's order, its
    /// winner alone, the winning and the losing side.
    pub place: Option<u32>,
}

impl SeatScore {
    fn won(points: Points) -> SeatScore {
        SeatScore {
            points,
            outcome: Outcome::Win,
            share: 4,
            place: None,
        }
    }

    fn drew(points: Points) -> SeatScore {
        SeatScore {
            points,
            outcome: Outcome::Draw,
            share: 2,
            place: None,
        }
    }

    fn lost(points: Points) -> SeatScore {
        SeatScore {
            points,
            outcome: Outcome::Loss,
            share: 0,
            place: None,
        }
    }

    fn placed(mut self, place: u32) -> SeatScore {
        self.place = Some(place);
        self
    }

    /// A game that gives this seat nothing to count: a quick Junqi win, an escape
    /// nobody scores.
    fn nothing(points: Points) -> SeatScore {
        SeatScore::lost(points)
    }
}

/// Team matches: match points from the boards' game points (RULES.md §5: more game
/// points win 2 match points, equal 1 each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamScoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Default for TeamScoring {
    fn default() -> Self {
        TeamScoring {
            win: Points::whole(2),
            draw: Points::whole(1),
            loss: Points::ZERO,
        }
    }
}

impl TeamScoring {
    /// Match points of the two teams from their game points.
    pub fn match_points(&self, game_points: [Points; 2]) -> [Points; 2] {
        match game_points[0].cmp(&game_points[1]) {
            std::cmp::Ordering::Greater => [self.win, self.loss],
            std::cmp::Ordering::Less => [self.loss, self.win],
            std::cmp::Ordering::Equal => [self.draw, self.draw],
        }
    }
}

/// How a table of N sides (checkers for 3, 4 or 6) scores: by finishing place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "points", rename_all = "snake_case")]
pub enum TableScoring {
    /// The winner 1, the others 0 (the seeds' 1 / ½ / 0 at two seats).
    #[default]
    Winner,
    /// By finishing place: N − 1 for the first, then one less each place, 0 for the last.
    Placement,
    /// Points by finishing place, first place first.
    Custom(PlacePoints),
}

/// Points by finishing place, first place first (at most one per seat of a table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacePoints {
    len: u8,
    points: [u32; MAX_SEATS],
}

impl PlacePoints {
    pub fn new(points: &[u32]) -> Option<PlacePoints> {
        if points.len() > MAX_SEATS {
            return None;
        }
        let mut all = [0; MAX_SEATS];
        all[..points.len()].copy_from_slice(points);
        Some(PlacePoints {
            len: points.len() as u8,
            points: all,
        })
    }

    pub fn get(&self, place: usize) -> Option<u32> {
        self.points[..self.len as usize].get(place).copied()
    }
}

impl serde::Serialize for PlacePoints {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.points[..self.len as usize])
    }
}

impl<'de> serde::Deserialize<'de> for PlacePoints {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PlacePoints, D::Error> {
        let points = Vec::<u32>::deserialize(d)?;
        PlacePoints::new(&points).ok_or_else(|| {
            serde::de::Error::custom(format!("points for at most {MAX_SEATS} places"))
        })
    }
}

/// Text that is no table scoring.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a table scoring: winner, placement or points by place (3,2,1,0)")]
pub struct UnknownTableScoring(pub String);

impl FromStr for TableScoring {
    type Err = UnknownTableScoring;

    /// `winner`, `placement`, or points by place (`3,2,1,0`).
    fn from_str(text: &str) -> Result<TableScoring, UnknownTableScoring> {
        let bad = || UnknownTableScoring(text.to_string());
        match text.trim() {
            "winner" => Ok(TableScoring::Winner),
            "placement" => Ok(TableScoring::Placement),
            list => {
                let points = list
                    .split([',', '-', '/'])
                    .map(|p| p.trim().parse::<u32>())
                    .collect::<Result<Vec<u32>, _>>()
                    .map_err(|_| bad())?;
                PlacePoints::new(&points)
                    .map(TableScoring::Custom)
                    .ok_or_else(bad)
            }
        }
    }
}

impl TableScoring {
    /// Each seat's part of a table of `seats` from the result that counts: points by
    /// place for the placed (a winner alone is placed first, the others unplaced and
    /// scoring nothing); the first place counts as the table won.
    fn assess(&self, result: &GameResult, seats: usize) -> Vec<SeatScore> {
        let order: Vec<Seat> = match *result {
            GameResult::Order { finish } => finish.seats().collect(),
            GameResult::Win { winner, .. } | GameResult::Forfeit { winner } => vec![winner],
            _ => Vec::new(),
        };
        (0..seats)
            .map(|seat| {
                let place = order.iter().position(|&s| s == seat);
                let points = match (self, place) {
                    (TableScoring::Winner, Some(0)) => 1,
                    (TableScoring::Winner, _) | (_, None) => 0,
                    (TableScoring::Placement, Some(p)) => (seats - 1 - p) as u32,
                    (TableScoring::Custom(points), Some(p)) => points.get(p).unwrap_or(0),
                };
                SeatScore {
                    points: Points::whole(points as i32),
                    outcome: if place == Some(0) {
                        Outcome::Win
                    } else {
                        Outcome::Loss
                    },
                    share: 0,
                    place: place.map(|p| p as u32 + 1),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_preset_is_sound_and_a_negative_win_is_not() {
        for s in [
            Scoring::xiangqi(),
            Scoring::xiangqi_one_half_zero(),
            Scoring::checkers(),
            Scoring::junqi(2),
            Scoring::junqi(4),
        ] {
            assert!(s.is_sound(), "{s:?}");
        }
        let mut hand_edited = Scoring::xiangqi();
        hand_edited.win = Points::from_quarters(-20);
        assert!(!hand_edited.is_sound());
        let draw_above_win = Scoring::two_player(p("1"), p("2"), p("0"));
        assert!(!draw_above_win.is_sound());
    }

    use super::*;
    use crate::result::FoulKind;

    fn p(s: &str) -> Points {
        s.parse().unwrap()
    }

    fn score(s: &Scoring, r: GameResult) -> Vec<Points> {
        s.score(&GameRecord::new(r), None).unwrap()
    }

    #[test]
    fn xiangqi_scales_and_double_time_forfeit() {
        let s = Scoring::xiangqi();
        assert_eq!(
            score(
                &s,
                GameResult::Win {
                    winner: 1,
                    moves: None
                }
            ),
            [p("0"), p("2")]
        );
        assert_eq!(score(&s, GameResult::Draw), [p("1"), p("1")]);
        assert_eq!(score(&s, GameResult::DoubleForfeit), [p("0"), p("0")]);
        let asymmetric = Scoring {
            draw: [p("1"), p("2")],
            ..Scoring::two_player(p("3"), p("1"), p("0"))
        };
        assert_eq!(score(&asymmetric, GameResult::Draw), [p("1"), p("2")]);
        assert_eq!(
            score(&Scoring::xiangqi_one_half_zero(), GameResult::Draw),
            [p("0.5"), p("0.5")]
        );
    }

    #[test]
    fn second_foul_loses_the_game() {
        let s = Scoring::xiangqi();
        let one = GameRecord::new(GameResult::Win {
            winner: 0,
            moves: None,
        })
        .with_foul(0, FoulKind::RepeatedDrawOffers);
        assert_eq!(s.score(&one, None).unwrap(), [p("2"), p("0")]);
        let two = one.with_foul(0, FoulKind::TouchedImmovablePiece);
        assert_eq!(s.score(&two, None).unwrap(), [p("0"), p("2")]);
    }

    #[test]
    fn checkers_dead_game() {
        // The side leading by half a step scores 0.75, the other 0.25.
        let s = Scoring::checkers();
        assert_eq!(
            score(&s, GameResult::DeadGame { leader: 1 }),
            [p("0.25"), p("0.75")]
        );
    }

    #[test]
    fn four_player_junqi() {
        let s = Scoring::junqi(4);
        // Seats 0 and 2 beat 1 and 3 after 55 moves: +2 each, -2 each.
        assert_eq!(
            score(
                &s,
                GameResult::Win {
                    winner: 2,
                    moves: Some(55)
                }
            ),
            [p("2"), p("-2"), p("2"), p("-2")]
        );
        // Inside 40 moves the winners score 0; the losers still lose 2.
        assert_eq!(
            score(
                &s,
                GameResult::Win {
                    winner: 0,
                    moves: Some(35)
                }
            ),
            [p("0"), p("-2"), p("0"), p("-2")]
        );
        // Seat 1 escapes while its partner plays on: nobody scores.
        let nobody = GameResult::Escape {
            escaper: 1,
            partner_already_lost: false,
            moves: None,
        };
        assert_eq!(score(&s, nobody), [p("0"); 4]);
        // Seat 1 escapes after its partner, seat 3, had lost: seats 0 and 2 win.
        let wins = GameResult::Escape {
            escaper: 1,
            partner_already_lost: true,
            moves: None,
        };
        assert_eq!(score(&s, wins), [p("2"), p("-2"), p("2"), p("-2")]);
        let early = s.score(
            &GameRecord::new(GameResult::Surrender {
                loser: 3,
                moves: 12,
            }),
            None,
        );
        assert_eq!(
            early,
            Err(ScoringError::EarlySurrender {
                moves: 12,
                minimum: 20
            })
        );
    }

    #[test]
    fn junqi_fifty_point_rule() {
        let s = Scoring {
            cap: Some(p("50")),
            ..Scoring::junqi(2)
        };
        let win = GameRecord::new(GameResult::Win {
            winner: 0,
            moves: Some(60),
        });
        assert_eq!(
            s.score(&win, Some(&[p("51"), p("49")])).unwrap(),
            [p("0"), p("-1")]
        );
        assert_eq!(
            s.score(&win, Some(&[p("51"), p("50")])).unwrap(),
            [p("1"), p("-1")]
        );
        // Two-player escape: the opponent wins.
        assert_eq!(
            score(
                &s,
                GameResult::Escape {
                    escaper: 0,
                    partner_already_lost: false,
                    moves: None,
                }
            ),
            [p("-1"), p("1")]
        );
    }

    #[test]
    fn team_match_points_from_game_points() {
        let t = TeamScoring::default();
        assert_eq!(t.match_points([p("5"), p("3")]), [p("2"), p("0")]);
        assert_eq!(t.match_points([p("4"), p("4")]), [p("1"), p("1")]);
    }
}
