//! Scoring systems: how many points each seat gets for a game. Every value is a
//! setting; presets follow the rules (RULES.md §1, §4, §5).

use crate::Points;
use crate::result::{GameRecord, GameResult, Seat};
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

    fn side(&self, seat: Seat) -> usize {
        if self.seats == 4 { seat % 2 } else { seat }
    }

    /// Points per seat for one game. `totals_before` (per seat) is needed only for the
    /// 50-point rule.
    pub fn score(
        &self,
        game: &GameRecord,
        totals_before: Option<&[Points]>,
    ) -> Result<Vec<Points>, ScoringError> {
        Ok(self
            .assess(game, totals_before)?
            .into_iter()
            .map(|s| s.points)
            .collect())
    }

    /// Whether a win of `moves` moves is inside the quick-win limit (Junqi: it scores
    /// nothing for the winner, whatever the ending).
    fn is_quick(&self, moves: Option<u32>) -> bool {
        matches!((moves, self.quick_win_moves), (Some(m), Some(limit)) if m < limit)
    }

    /// What each seat got from one game: its points, and as the tiebreaks count it
    /// whether it won, drew or lost and its share of the game for 小分. Both come from
    /// the kind of result, never from comparing points: a double forfeit (0-0) is no
    /// draw, an asymmetric draw is no win, a dead game no win for the leader.
    pub fn assess(
        &self,
        game: &GameRecord,
        totals_before: Option<&[Points]>,
    ) -> Result<Vec<SeatScore>, ScoringError> {
        let seats = self.seats;
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
        // The winning side takes `win`, the others `loss`; a quick win scores nothing
        // and counts as no win.
        let decided = |winning_side: usize, win: Points, loss: Points, quick: bool| {
            (0..seats)
                .map(|s| {
                    if self.side(s) != winning_side {
                        SeatScore::lost(loss)
                    } else if quick {
                        SeatScore::nothing(self.quick_win)
                    } else {
                        SeatScore::won(win)
                    }
                })
                .collect::<Vec<_>>()
        };
        let scores = match game.effective(seats) {
            GameResult::Win { winner, moves } => {
                let side = self.side(check(winner)?);
                let mut scores = decided(side, self.win, self.loss, self.is_quick(moves));
                if let (Some(cap), Some(before)) = (self.cap, totals_before) {
                    let opponents_below = (0..seats)
                        .filter(|&s| self.side(s) != side)
                        .all(|s| before.get(s).is_some_and(|&t| t < cap));
                    for s in (0..seats).filter(|&s| self.side(s) == side) {
                        if opponents_below && before.get(s).is_some_and(|&t| t > cap) {
                            scores[s].points = Points::ZERO;
                        }
                    }
                }
                scores
            }
            GameResult::Draw => (0..seats)
                .map(|s| SeatScore::drew(self.draw[self.side(s)]))
                .collect(),
            GameResult::DoubleForfeit => vec![SeatScore::lost(self.double_forfeit); seats],
            GameResult::Forfeit { winner } => decided(
                self.side(check(winner)?),
                self.forfeit_win,
                self.forfeit_loss,
                false,
            ),
            GameResult::DeadGame { leader } => {
                let side = self.side(check(leader)?);
                (0..seats)
                    .map(|s| {
                        let leads = self.side(s) == side;
                        SeatScore {
                            points: self.dead_game[usize::from(!leads)],
                            outcome: Outcome::Draw,
                            share: if leads { 3 } else { 1 },
                        }
                    })
                    .collect()
            }
            GameResult::Escape {
                escaper,
                partner_already_lost,
                moves,
            } => {
                let escaper_side = self.side(check(escaper)?);
                if seats == 2 || partner_already_lost {
                    decided(1 - escaper_side, self.win, self.loss, self.is_quick(moves))
                } else {
                    vec![SeatScore::nothing(Points::ZERO); seats]
                }
            }
            GameResult::Surrender { loser, moves } => {
                if let Some(minimum) = self.min_surrender_moves.filter(|&m| moves < m) {
                    return Err(ScoringError::EarlySurrender { moves, minimum });
                }
                let quick = self.is_quick(Some(moves));
                decided(1 - self.side(check(loser)?), self.win, self.loss, quick)
            }
        };
        Ok(scores)
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
}

impl SeatScore {
    fn won(points: Points) -> SeatScore {
        SeatScore {
            points,
            outcome: Outcome::Win,
            share: 4,
        }
    }

    fn drew(points: Points) -> SeatScore {
        SeatScore {
            points,
            outcome: Outcome::Draw,
            share: 2,
        }
    }

    fn lost(points: Points) -> SeatScore {
        SeatScore {
            points,
            outcome: Outcome::Loss,
            share: 0,
        }
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
