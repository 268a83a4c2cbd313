//! The event as the organizer builds it: Competition → Stage → Group → Round → Match →
//! Game. Pairings are decisions stored as made; standings are derived from them.

mod earlier;
mod format;
mod group_state;
mod row;

pub use format::{Format, FormatOptions};
pub use group_state::{Away, AwayKind, GroupState, LateEntry};
pub use row::read_match;

use crate::knockout::Bracket;
use crate::matches::MatchFormat;
use crate::result::{GameRecord, Seat, Seating};
use crate::scoring::{Scoring, TeamScoring};
use crate::tiebreak::{Criterion, presets};
use crate::{DrawSeed, Entrant, EntrantId};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GameKind {
    #[serde(rename = "xiangqi")]
    Xiangqi,
    #[serde(rename = "checkers")]
    Checkers,
    #[serde(rename = "junqi")]
    Junqi,
}

/// One discipline and its entry list (项目), e.g. 象棋个人赛.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Competition {
    pub name: String,
    pub game: GameKind,
    /// Boards per team match; `None` for an individual competition.
    pub team_boards: Option<u32>,
    pub scoring: Scoring,
    /// Match points of team matches and of multi-game matches in a round robin.
    pub team_scoring: TeamScoring,
    pub entrants: Vec<Entrant>,
    pub stages: Vec<Stage>,
    /// The time control as printed on pairing sheets (e.g. "每方 40 分钟").
    #[serde(default)]
    pub time_control: Option<String>,
    /// Team events: members keep their registered board order in every line-up (a
    /// reserve may come in; nobody moves above a teammate registered before him).
    #[serde(default)]
    pub fixed_order: bool,
    /// Printed on every sheet's header: venue, dates, organizer, chief arbiter.
    #[serde(default)]
    pub details: EventDetails,
    /// Sector arbiters and double entry.
    #[serde(default)]
    pub hall: crate::hall::Hall,
    /// Xiangqi: the rule book repetitions in game records are judged by.
    #[serde(default)]
    pub xiangqi_rules: XiangqiRules,
    /// Tables of more than two: checkers for 3, 4 or 6, four-player Junqi's two pairs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<crate::tables::Tables>,
    /// Who may enter (an age group, a women's competition): anyone by default.
    #[serde(default, skip_serializing_if = "crate::Eligibility::is_open")]
    pub eligibility: crate::Eligibility,
    /// The hall board its boards are numbered from, where the organizer fixed it; by
    /// default an event's competitions take blocks in order ([`crate::hall::first_boards`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_board: Option<u32>,
}

/// The rule book Xiangqi repetitions are judged by (棋例): the Chinese Xiangqi
/// Association's (the default, as the event's rules are Chinese) or the Asian.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum XiangqiRules {
    #[default]
    Chinese,
    Asian,
}

impl XiangqiRules {
    pub fn is_default(&self) -> bool {
        *self == XiangqiRules::default()
    }
}

/// What an event's sheets say of it besides its name.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventDetails {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dates: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organizer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter: Option<String>,
    /// An imported tournament report file's header lines, in the file's order: those
    /// Qisai has no field for as they were (`112 …`, `132 …`), those it fills itself
    /// by their code alone (`012`), so that an export writes the header back as read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub report_lines: Vec<String>,
}

impl EventDetails {
    pub fn is_empty(&self) -> bool {
        *self == EventDetails::default()
    }
}

impl Competition {
    pub fn new(name: impl Into<String>, game: GameKind, scoring: Scoring) -> Competition {
        Competition {
            name: name.into(),
            game,
            team_boards: None,
            scoring,
            team_scoring: TeamScoring::default(),
            entrants: Vec::new(),
            stages: Vec::new(),
            time_control: None,
            fixed_order: false,
            details: EventDetails::default(),
            hall: crate::hall::Hall::default(),
            xiangqi_rules: XiangqiRules::default(),
            tables: None,
            eligibility: crate::Eligibility::default(),
            first_board: None,
        }
    }

    /// Numbers the competition's boards from hall board `first` (1 for the first).
    pub fn number_boards_from(&mut self, first: u32) {
        for stage in &mut self.stages {
            stage.boards_before = first.saturating_sub(1);
        }
    }

    /// The boards a round of this competition fills at most: a board (a table) for
    /// every two entrants (pairs and teams too), or for every table's worth of players.
    pub fn boards_needed(&self) -> u32 {
        crate::hall::boards_needed(self.entrants.len(), self.seated_tables().map(|t| t.size))
    }

    /// The tables when every seat is an entrant of its own (checkers for 3, 4 or 6,
    /// Junqi with rotating partners); `None` for two-sided matches, fixed pairs too.
    pub fn seated_tables(&self) -> Option<&crate::tables::Tables> {
        self.tables.as_ref().filter(|t| t.seats_individuals())
    }

    /// Four-player Junqi with fixed partners: the entrants are pairs, two to a table.
    pub fn fixed_pairs(&self) -> bool {
        self.tables.as_ref().is_some_and(|t| !t.seats_individuals())
    }

    /// How the competition's games are seated: red against black, four-player Junqi's
    /// two pairs, or a checkers table of the event's size.
    pub fn seating(&self) -> Seating {
        match &self.tables {
            Some(t) if t.game == GameKind::Checkers => Seating::Each {
                seats: t.size,
                places: t.scoring,
            },
            _ => self.scoring.two_sided(),
        }
    }

    /// How a game of match `m` is seated: red against black, four-player Junqi's two
    /// pairs, or a checkers table of as many sides as the match seats (a knockout's
    /// final may seat fewer than the event's tables).
    pub fn seating_of(&self, m: &Match) -> Seating {
        match self.seating() {
            Seating::Each { places, .. } => Seating::Each {
                seats: m.seats.len(),
                places,
            },
            seating => seating,
        }
    }

    /// Whether match `m` is a table: its entrants sit on its one game's seats, more
    /// than two of them or as four-player Junqi's individual partners.
    pub fn is_table(&self, m: &Match) -> bool {
        let seating = self.seating_of(m);
        seating.is_table() && m.seats.len() == seating.seats()
    }

    /// Each seat's part of game `game` of match `m`: its points, outcome, 小分 share
    /// and place, seats as in the game. `totals_before` (per game seat) serves the
    /// 50-point rule.
    pub fn assess(
        &self,
        m: &Match,
        game: &GameRecord,
        totals_before: Option<&[crate::Points]>,
    ) -> Result<Vec<crate::SeatScore>, crate::ScoringError> {
        self.scoring.assess(game, self.seating_of(m), totals_before)
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&Entrant> {
        // Registration numbers run 1, 2, 3 …: look there first, then search (a field
        // with gaps or reordered).
        let at = (id.0 as usize)
            .checked_sub(1)
            .and_then(|k| self.entrants.get(k));
        match at {
            Some(e) if e.id == id => Some(e),
            _ => self.entrants.iter().find(|e| e.id == id),
        }
    }

    pub fn is_team(&self) -> bool {
        self.team_boards.is_some()
    }

    /// The index of stage `index` if it exists and is not drawn yet: only then may it
    /// change.
    fn undrawn(&self, index: usize) -> Result<usize, crate::StageError> {
        let stage = self
            .stages
            .get(index)
            .ok_or(crate::StageError::NoStage(index + 1))?;
        if !stage.groups.is_empty() {
            return Err(crate::StageError::AlreadyDrawn(index + 1));
        }
        Ok(index)
    }

    /// Defines a stage anew before its draw, with settings the core accepts.
    pub fn replace_stage(&mut self, index: usize, stage: Stage) -> Result<(), crate::StageError> {
        let index = self.undrawn(index)?;
        stage.settings.validate()?;
        self.stages[index] = stage;
        Ok(())
    }

    /// Removes a stage before its draw; the later ones move up.
    pub fn remove_stage(&mut self, index: usize) -> Result<Stage, crate::StageError> {
        let index = self.undrawn(index)?;
        Ok(self.stages.remove(index))
    }
}

/// Who goes on to the next stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "count")]
pub enum Advance {
    /// The last stage: nobody.
    #[serde(rename = "none")]
    None,
    /// The top `n` of every group.
    #[serde(rename = "per_group")]
    PerGroup(u32),
    /// The top `n` over all groups (by place, then group order).
    #[serde(rename = "overall")]
    Overall(u32),
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StageSettings {
    pub format: Format,
    pub groups: u32,
    pub advance: Advance,
    pub match_format: MatchFormat,
    pub tiebreaks: Vec<Criterion>,
    /// Places that may not be shared (1 = the champion): ties there need a playoff.
    pub unsharable_places: u32,
}

/// Stage settings that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error(transparent)]
    OutOfRange(#[from] crate::OutOfRange),
    #[error(
        "swap-last needs double: only a double round robin has a first cycle whose last two rounds can be swapped"
    )]
    SwapLastNeedsDouble,
    #[error("a Swiss stage is one group: --groups {0} cannot be used with it")]
    SwissGroups(u32),
    #[error(
        "players: {players} at a game is not played in {game:?}: Junqi has 2 or 4, checkers 2, 3, 4 or 6, Xiangqi 2"
    )]
    Players { game: GameKind, players: usize },
    #[error("a table stage cannot have groups: every round seats the whole field")]
    TableGroups(u32),
}

/// Checks an event's own settings, once, in the core: the players at a game (2; 4 for
/// four-player Junqi; 3, 4 or 6 for checkers) and the boards of a team match.
pub fn check_event_settings(
    game: GameKind,
    players: usize,
    team_boards: Option<u32>,
) -> Result<(), SettingsError> {
    let played = match game {
        GameKind::Xiangqi => players == 2,
        GameKind::Junqi => matches!(players, 2 | 4),
        GameKind::Checkers => matches!(players, 2 | 3 | 4 | 6),
    };
    if !played {
        return Err(SettingsError::Players { game, players });
    }
    if let Some(boards) = team_boards {
        crate::limits::TEAM_BOARDS.check(boards)?;
    }
    Ok(())
}

impl StageSettings {
    /// Checks the settings against sane bounds, once, in the core: groups, advance,
    /// best-of, extra games, then the format's own options. The field is checked at the
    /// draw (a group needs two entrants).
    pub fn validate(&self) -> Result<(), SettingsError> {
        use crate::limits::{ADVANCE, BEST_OF, EXTRA_GAMES, GROUPS};
        GROUPS.check(self.groups)?;
        BEST_OF.check(self.match_format.best_of)?;
        EXTRA_GAMES.check(self.match_format.decider.extra_games)?;
        if let Advance::PerGroup(k) | Advance::Overall(k) = self.advance {
            ADVANCE.check(k)?;
        }
        crate::format::of(&self.format).validate(self)
    }

    pub fn new(format: Format) -> StageSettings {
        StageSettings {
            format,
            groups: 1,
            advance: Advance::None,
            match_format: MatchFormat::default(),
            tiebreaks: presets::INDIVIDUAL.to_vec(),
            unsharable_places: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stage {
    pub name: String,
    pub settings: StageSettings,
    /// Empty until lots are drawn.
    pub groups: Vec<Group>,
    /// The seed of the stage's draw, printed with it.
    pub draw_seed: Option<DrawSeed>,
    /// The hall's boards numbered before this competition's (other competitions'
    /// blocks): its boards are numbered from the next one. Set as the event is read,
    /// never stored.
    #[serde(skip)]
    pub boards_before: u32,
}

/// A pool of a stage (分组); a stage without groups has one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Group {
    pub name: String,
    /// In draw order: a round robin's Berger numbers are positions here (1-based).
    pub entrants: Vec<EntrantId>,
    pub rounds: Vec<Round>,
    /// Ties settled (or being settled) by a playoff, in the order they were set up.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playoffs: Vec<crate::playoff::Playoff>,
    /// What the stage's format keeps about the group (a bracket, late entries, …).
    #[serde(flatten)]
    pub state: GroupState,
}

impl Group {
    /// The first-round lines of a knockout group.
    pub fn bracket(&self) -> Option<&Bracket> {
        self.state.bracket()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Round {
    pub number: u32,
    pub matches: Vec<Match>,
}

/// Entrants meeting at a board (台次) or table in a round: two for Xiangqi, two-player
/// Junqi and checkers, team matches and four-player Junqi's fixed pairs; up to six at a
/// table where every seat is an entrant. A lone entrant is a bye. Its games are seated
/// as the competition's [`Seating`] says; [`Match::entrant_at`] maps a game's seat to
/// the entrant.
///
/// A field at its default (no lots, no result yet, no fouls, a game on the first board
/// with red in the first seat) is not written: a big event's thousands of matches are
/// read by every command.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "earlier::StoredMatch")]
pub struct Match {
    pub board: u32,
    pub seats: Vec<Option<EntrantId>>,
    pub games: Vec<Game>,
    /// Lots drawn to settle a tie: the seed and the seat that went through.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lots: Option<(DrawSeed, Seat)>,
    /// The third-place match of a knockout.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub third_place: bool,
    /// A playoff match (加赛) among tied entrants: outside the stage's own standings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub playoff: bool,
    /// Team matches: each seat's line-up (member indices in board order) when set for
    /// this match; registration order otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineups: Vec<Option<Vec<usize>>>,
}

/// One game of a match (局). For a team match, one board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    /// The team board (1-based); 1 for individual games.
    #[serde(default = "first_board", skip_serializing_if = "is_first_board")]
    pub board: u32,
    /// The match seat that plays red (moves first).
    #[serde(default, skip_serializing_if = "is_first_seat")]
    pub red: Seat,
    /// The result, with seats as in the game: seat 0 is red.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<GameRecord>,
    /// The game's moves as entered (any notation), when a record was attached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
}

// What an individual game's row leaves out: the first board, red in the first seat.
fn first_board() -> u32 {
    1
}

fn is_first_board(board: &u32) -> bool {
    *board == 1
}

fn is_first_seat(seat: &Seat) -> bool {
    *seat == 0
}

impl Match {
    pub fn new(board: u32, seats: Vec<Option<EntrantId>>) -> Match {
        Match {
            board,
            seats,
            games: Vec::new(),
            lots: None,
            third_place: false,
            playoff: false,
            lineups: Vec::new(),
        }
    }

    pub fn is_bye(&self) -> bool {
        self.seats.iter().filter(|s| s.is_some()).count() == 1
    }

    /// The match seat of an entrant.
    pub fn seat_of(&self, entrant: EntrantId) -> Option<Seat> {
        self.seats.iter().position(|&s| s == Some(entrant))
    }

    /// The match seat playing seat `seat` of `game` seated as `seating`: at a table
    /// every seat is an entrant; between two entrants each plays a side, the first red
    /// (or south-north) when `game.red` is 0.
    pub fn seat_in_match(&self, game: &Game, seat: Seat, seating: Seating) -> Seat {
        let side = if self.seats.len() == seating.seats() {
            seat
        } else {
            seating.side_of(seat)
        };
        if self.seats.len() == 2 {
            side ^ (game.red & 1)
        } else {
            side
        }
    }

    /// The entrant playing seat `seat` of `game`.
    pub fn entrant_at(&self, game: &Game, seat: Seat, seating: Seating) -> Option<EntrantId> {
        self.seats
            .get(self.seat_in_match(game, seat, seating))
            .copied()
            .flatten()
    }

    /// The one game of a single-game match, once it has a result.
    pub fn single_record(&self) -> Option<&GameRecord> {
        match &self.games[..] {
            [game] => game.record.as_ref(),
            _ => None,
        }
    }
}

impl Game {
    /// The result seen from the match's seats (seat 0 = the match's first entrant).
    pub fn record_by_match_seat(&self) -> Option<GameRecord> {
        let record = self.record.as_ref()?;
        if self.red == 0 {
            return Some(record.clone());
        }
        Some(record.swapped())
    }
}
