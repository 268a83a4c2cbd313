//! The input of standings: every entrant's encounters (one per pairing: a game, a team
//! match, a table), with the points, outcome, 小分 share, colour, place and fouls the
//! tiebreaks read. Built from a stage's matches by `stage::group_field`.

use std::collections::BTreeMap;

use crate::{EntrantId, Points};

/// The side an entrant played in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Black,
}

/// Won, drawn or lost, from the entrant's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The 小分 share of a plain result, in quarters of a win.
    pub fn share(self) -> u8 {
        match self {
            Outcome::Win => 4,
            Outcome::Draw => 2,
            Outcome::Loss => 0,
        }
    }
}

/// One entrant's side of one pairing (a game, or a team match), as the tiebreaks see it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Encounter {
    pub round: u32,
    /// Everyone met: the opponent of a two-sided pairing, the others (on other sides)
    /// at a table; empty for a bye.
    pub opponents: Vec<EntrantId>,
    /// The entrant's colour in a single game between two sides; `None` for byes, team
    /// and multi-game matches, and tables.
    pub colour: Option<Colour>,
    /// The points the standings count: game points, or match points (场分) in team
    /// and multi-game events.
    pub points: Points,
    pub outcome: Outcome,
    /// Team and multi-game events: the games' points (局分); single games: `points`.
    pub game_points: Points,
    /// Games won (a bye counts as a win in individual events).
    pub game_wins: u32,
    /// The share of the pairing for 小分, in quarters of a win: 4 won, 2 drawn, 3 or 1
    /// for a checkers dead game, 0 lost or scored by nobody.
    #[serde(default)]
    pub share: u8,
    /// Wins with black.
    pub black_wins: u32,
    /// Games played with black.
    pub black_games: u32,
    pub fouls: u32,
    /// A table: the finishing place in hundredths of a place, when the result gives
    /// one; seats left unplaced beside a placed winner share the places left (their
    /// mean: two losers at a table of three have 2.5 each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place_hundredths: Option<u32>,
    /// Not played over the board: a bye, a requested bye or a forfeit. The FIDE
    /// tiebreaks treat these rounds apart (C.07 §16); `None` for a game played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unplayed: Option<Unplayed>,
    /// Played but not to be rated (a game of less than one move).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrated: bool,
}

/// How a round went unplayed, as the FIDE tiebreaks distinguish it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unplayed {
    /// 轮空: the pairing left the entrant without an opponent (PAB).
    PairingBye,
    /// A bye the entrant asked for, with the points it was given (HPB, FPB; a
    /// zero-point bye leaves no encounter).
    RequestedBye,
    /// Won because the opponent did not play.
    ForfeitWin,
    /// Lost by not playing (also both absent).
    ForfeitLoss,
}

impl Encounter {
    /// A single game between two sides.
    pub fn game(
        round: u32,
        opponent: EntrantId,
        colour: Colour,
        points: Points,
        outcome: Outcome,
    ) -> Encounter {
        Encounter::new(round, vec![opponent], Some(colour), points, outcome)
    }

    /// A pairing (a game, a match with `colour` `None`, a table): those met on the
    /// other sides, the colour played between two sides, the points and the outcome.
    pub fn new(
        round: u32,
        opponents: Vec<EntrantId>,
        colour: Option<Colour>,
        points: Points,
        outcome: Outcome,
    ) -> Encounter {
        let black = colour == Some(Colour::Black);
        Encounter {
            round,
            opponents,
            colour,
            points,
            outcome,
            game_points: points,
            game_wins: u32::from(outcome == Outcome::Win),
            share: outcome.share(),
            black_wins: u32::from(black && outcome == Outcome::Win),
            black_games: u32::from(black),
            fouls: 0,
            place_hundredths: None,
            unplayed: None,
            unrated: false,
        }
    }

    /// A bye: the points the scoring gives it, counted as a win.
    pub fn bye(round: u32, points: Points) -> Encounter {
        Encounter {
            unplayed: Some(Unplayed::PairingBye),
            share: 0,
            ..Encounter::new(round, Vec::new(), None, points, Outcome::Win)
        }
    }

    /// A bye the entrant asked for (HPB, FPB), worth `points`.
    pub fn requested_bye(round: u32, points: Points) -> Encounter {
        Encounter {
            outcome: Outcome::Draw,
            game_wins: 0,
            unplayed: Some(Unplayed::RequestedBye),
            ..Encounter::bye(round, points)
        }
    }

    /// Marks an encounter as not played over the board.
    pub fn unplayed(mut self, how: Unplayed) -> Encounter {
        self.unplayed = Some(how);
        self
    }

    /// Played over the board (not a bye, not a forfeit).
    pub fn played(&self) -> bool {
        self.unplayed.is_none()
    }

    /// The 小分 share when it is not the outcome's (a dead game).
    pub fn with_share(mut self, share: u8) -> Encounter {
        self.share = share;
        self
    }

    pub fn with_fouls(mut self, fouls: u32) -> Encounter {
        self.fouls = fouls;
        self
    }

    /// The opponent of a two-sided pairing (at a table, the first of those met).
    pub fn opponent(&self) -> Option<EntrantId> {
        self.opponents.first().copied()
    }
}

/// Every entrant's encounters; the input of standings.
#[derive(Debug, Clone, Default)]
pub struct Field {
    /// Each entrant's encounters and points total, by id: a sorted list searched by
    /// halves (the thousands of encounters of a big Swiss are added one by one).
    entrants: Vec<(EntrantId, Played)>,
    awarded: BTreeMap<EntrantId, Points>,
    /// The round after which awarded points were given (0: from the start).
    awarded_after: BTreeMap<EntrantId, u32>,
    /// The last round with a result: running totals run to it.
    rounds: u32,
    bye_opponent: ByeOpponent,
    /// Points for a win and for a draw (the FIDE tiebreaks' dummy opponents and
    /// 50 % marks); 1 and ½ unless set.
    scale: Option<(Points, Points)>,
    ratings: BTreeMap<EntrantId, u32>,
    /// Pairings fixed in advance (a round robin): FIDE's rules count forfeits as games.
    round_robin: bool,
}

/// One entrant's encounters and the points they and any award bring.
#[derive(Debug, Clone, Default)]
struct Played {
    encounters: Vec<Encounter>,
    total: Points,
}

impl Field {
    /// Entrants who have not played yet are listed too, so they appear in the standings.
    pub fn new(entrants: impl IntoIterator<Item = EntrantId>) -> Field {
        let mut ids: Vec<EntrantId> = entrants.into_iter().collect();
        ids.sort_unstable();
        ids.dedup();
        Field {
            entrants: ids.into_iter().map(|id| (id, Played::default())).collect(),
            ..Field::default()
        }
    }

    /// Where the entrant is in the list, or where it would go.
    fn place(&self, entrant: EntrantId) -> Result<usize, usize> {
        self.entrants.binary_search_by_key(&entrant, |(id, _)| *id)
    }

    fn played(&self, entrant: EntrantId) -> Option<&Played> {
        self.place(entrant).ok().map(|at| &self.entrants[at].1)
    }

    /// The entrant's record, added in its place if it has none yet.
    fn played_mut(&mut self, entrant: EntrantId) -> &mut Played {
        let at = match self.place(entrant) {
            Ok(at) => at,
            Err(at) => {
                self.entrants.insert(at, (entrant, Played::default()));
                at
            }
        };
        &mut self.entrants[at].1
    }

    /// Room for `rounds` encounters each, so that a big field is not copied as it grows.
    pub fn reserve(&mut self, rounds: usize) {
        for (_, played) in &mut self.entrants {
            played.encounters.reserve_exact(rounds);
        }
    }

    pub fn add(&mut self, entrant: EntrantId, encounter: Encounter) {
        let played = self.played_mut(entrant);
        played.total += encounter.points;
        played.encounters.push(encounter);
    }

    /// Points given outside any game: a late entrant's starting score.
    pub fn award(&mut self, entrant: EntrantId, points: Points) {
        if let Ok(at) = self.place(entrant) {
            self.entrants[at].1.total += points;
            *self.awarded.entry(entrant).or_default() += points;
        }
    }

    /// Points given outside any game once round `after` was over: a late entrant's
    /// starting score counts in running totals from that round on.
    pub fn award_after(&mut self, entrant: EntrantId, points: Points, after: u32) {
        self.award(entrant, points);
        self.awarded_after.insert(entrant, after);
    }

    /// The round after which the awarded points were given (0: from the start).
    pub fn awarded_after(&self, entrant: EntrantId) -> u32 {
        self.awarded_after.get(&entrant).copied().unwrap_or(0)
    }

    /// The rounds so far: the last with a result.
    pub fn set_rounds(&mut self, rounds: u32) {
        self.rounds = rounds;
    }

    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The points given outside any game.
    pub fn awarded(&self, entrant: EntrantId) -> Points {
        self.awarded.get(&entrant).copied().unwrap_or_default()
    }

    /// What a bye counts as in 对手分.
    pub fn set_bye_opponent(&mut self, value: ByeOpponent) {
        self.bye_opponent = value;
    }

    pub fn bye_opponent(&self) -> ByeOpponent {
        self.bye_opponent
    }

    /// Points for a win and for a draw in this event.
    pub fn set_scale(&mut self, win: Points, draw: Points) {
        self.scale = Some((win, draw));
    }

    /// Points for a win and for a draw (1 and ½ unless set).
    pub fn scale(&self) -> (Points, Points) {
        self.scale.unwrap_or((Points::whole(1), Points::half()))
    }

    pub fn set_round_robin(&mut self, round_robin: bool) {
        self.round_robin = round_robin;
    }

    pub fn round_robin(&self) -> bool {
        self.round_robin
    }

    pub fn set_rating(&mut self, entrant: EntrantId, rating: u32) {
        self.ratings.insert(entrant, rating);
    }

    /// The entrant's rating, when registered with one.
    pub fn rating(&self, entrant: EntrantId) -> Option<u32> {
        self.ratings.get(&entrant).copied()
    }

    pub fn entrants(&self) -> impl Iterator<Item = EntrantId> + '_ {
        self.entrants.iter().map(|(id, _)| *id)
    }

    pub fn encounters(&self, entrant: EntrantId) -> &[Encounter] {
        self.played(entrant)
            .map_or(&[], |p| p.encounters.as_slice())
    }

    /// The entrant's points total (the `points` of all its encounters).
    pub fn total(&self, entrant: EntrantId) -> Points {
        self.played(entrant).map_or(Points::ZERO, |p| p.total)
    }
}

/// What a bye counts as in 对手分 (Buchholz).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum ByeOpponent {
    /// The 2011 rule: the lowest score among the players who have points.
    #[default]
    #[serde(rename = "lowest")]
    Lowest,
    #[serde(rename = "zero")]
    Zero,
    /// The player's own score.
    #[serde(rename = "own")]
    Own,
}
