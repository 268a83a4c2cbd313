//! What each refusal of the core means, as a message of the one catalogue (the
//! `messages` crate): a code and its parts, worded by the front ends.

use messages::{Explain, Message, Param, msg};

use crate::check::{Place, Problem};
use crate::model::{GameKind, SettingsError};
use crate::play::EntryError;
use crate::result::ResultError;
use crate::scoring::ScoringError;
use crate::stage::StageError;
use crate::swiss::{AwayError, LateEntryError};
use crate::team::LineupError;
use crate::tiebreak::UnknownCriterion;
use crate::{EntrantId, OutOfRange, ParsePointsError};

/// The game's name in both languages.
pub fn game_words(game: GameKind) -> Param {
    match game {
        GameKind::Xiangqi => msg!("game.xiangqi").into(),
        GameKind::Checkers => msg!("game.checkers").into(),
        GameKind::Junqi => msg!("game.junqi").into(),
    }
}

fn numbers(entrants: &[EntrantId]) -> Vec<String> {
    entrants.iter().map(|e| e.0.to_string()).collect()
}

impl Explain for OutOfRange {
    fn message(&self) -> Message {
        msg!(
            "out_of_range",
            field = self.bound.words(),
            value = self.value,
            min = self.bound.min,
            max = self.bound.max
        )
    }
}

impl Explain for SettingsError {
    fn message(&self) -> Message {
        match self {
            SettingsError::OutOfRange(r) => r.message(),
            SettingsError::SwapLastNeedsDouble => msg!("settings.swap_last_needs_double"),
            SettingsError::SwissGroups(groups) => msg!("settings.swiss_groups", groups = *groups),
            SettingsError::TableGroups(groups) => msg!("settings.table_groups", groups = *groups),
            SettingsError::Players { game, players } => {
                msg!(
                    "settings.players",
                    game = game_words(*game),
                    players = *players
                )
            }
        }
    }
}

impl Explain for ScoringError {
    fn message(&self) -> Message {
        match self {
            ScoringError::NoSuchSeat { seat, seats } => {
                msg!("scoring.no_such_seat", seat = *seat + 1, seats = *seats)
            }
            ScoringError::EarlySurrender { moves, minimum } => {
                msg!(
                    "scoring.early_surrender",
                    moves = *moves,
                    minimum = *minimum
                )
            }
            ScoringError::NoDeadGame => msg!("scoring.no_dead_game"),
        }
    }
}

impl Explain for StageError {
    fn message(&self) -> Message {
        use StageError as E;
        match self {
            E::NoStage(s) => msg!("stage.none", stage = *s),
            E::AlreadyDrawn(s) => msg!("stage.drawn_already", stage = *s),
            E::NotDrawn(s) => msg!("stage.not_drawn", stage = *s),
            E::Undecided { round, board } => {
                msg!("stage.undecided", round = *round, board = *board)
            }
            E::TableNeedsOrder {
                round,
                table,
                per_table,
            } => msg!(
                "stage.table_needs_order",
                round = *round,
                table = *table,
                per_table = *per_table
            ),
            E::NotKnockout => msg!("stage.not_knockout"),
            E::Finished => msg!("stage.finished"),
            E::TooFew(n) => msg!("stage.too_few", entrants = *n),
            E::TooManyGroups { groups, entrants } => {
                msg!(
                    "stage.too_many_groups",
                    groups = *groups,
                    entrants = *entrants
                )
            }
            E::GroupTooLarge { size, most } => {
                msg!("stage.group_too_large", size = *size, most = *most)
            }
            E::PairedAtDraw(rounds) => msg!("stage.paired_at_draw", rounds = *rounds),
            E::Settings(s) => s.message(),
            E::Unsettled { stage, .. } => msg!("stage.unsettled", stage = *stage),
            E::NobodyAdvances => msg!("stage.nobody_advances"),
            E::NoRound(r) => msg!("round.none", round = *r),
            E::NoBoard { round, board } => msg!("round.no_board", round = *round, board = *board),
            E::SwapItself { round, board } => {
                msg!("round.swap_itself", round = *round, board = *board)
            }
            E::RoundStarted(r) => msg!("round.started", round = *r),
            E::NotInRound { entrant, round } => {
                msg!("round.not_in", entrant = entrant.0, round = *round)
            }
            E::Unpairable { round, entrants } => {
                msg!(
                    "round.unpairable",
                    round = *round,
                    entrants = numbers(entrants)
                )
            }
            E::Incomplete { round, boards } => {
                msg!("round.open", round = *round, boards = boards.as_slice())
            }
            E::NotSwiss => msg!("swiss.not_swiss"),
            E::TooManyRounds { rounds, entrants } => {
                msg!(
                    "swiss.too_many_rounds",
                    rounds = *rounds,
                    entrants = *entrants
                )
            }
            E::Scoring(s) => s.message(),
        }
    }
}

impl Explain for EntryError {
    fn message(&self) -> Message {
        use EntryError as E;
        match self {
            E::NotDrawn(s) => msg!("stage.not_drawn", stage = *s),
            E::NoRound(r) => msg!("result.no_round", round = *r),
            E::NoBoard { round, board } => msg!("round.no_board", round = *round, board = *board),
            E::Bye { round, board } => msg!("result.bye", round = *round, board = *board),
            E::GameZero => msg!("result.game_zero"),
            E::TeamNeedsBoard => msg!("result.team_needs_board"),
            E::NameTheGame => msg!("result.name_the_game"),
            E::Same { round, board, game } => {
                msg!("result.same", round = *round, board = *board, game = *game)
            }
            E::NoTeamBoard { boards, game } => {
                msg!("result.no_team_board", boards = *boards, game = *game)
            }
            E::Decided => msg!("result.decided"),
            E::Annulled { round, board, name } => msg!(
                "result.annulled",
                round = *round,
                board = *board,
                name = name
            ),
            E::LotsDue { round, board } => msg!("result.lots_due", round = *round, board = *board),
            E::OneGame { round, board } => msg!("result.one_game", round = *round, board = *board),
            E::GameComesFirst { next, played } => {
                msg!("result.game_comes_first", next = *next, played = *played)
            }
            E::WouldChangeWhoWentOn { next, out, r#in } => msg!(
                "result.would_change_who_went_on",
                stage = *next,
                out = numbers(out),
                came_in = numbers(r#in)
            ),
            E::Scoring(s) => s.message(),
        }
    }
}

impl Explain for ResultError {
    fn message(&self) -> Message {
        self.words()
    }
}

impl Explain for ParsePointsError {
    fn message(&self) -> Message {
        msg!("points.unreadable", text = &self.0)
    }
}

impl Explain for UnknownCriterion {
    fn message(&self) -> Message {
        msg!("tiebreak.unknown", name = &self.0)
    }
}

impl Explain for LateEntryError {
    fn message(&self) -> Message {
        match self {
            LateEntryError::Closed => msg!("late.closed"),
            LateEntryError::TooLate => msg!("late.too_late"),
            LateEntryError::PointsBeforeDraw => msg!("late.points_before_draw"),
            LateEntryError::TooManyPoints {
                points,
                most,
                rounds,
            } => msg!(
                "late.too_many_points",
                points = points.to_string(),
                most = most.to_string(),
                rounds = *rounds
            ),
        }
    }
}

impl Explain for AwayError {
    fn message(&self) -> Message {
        match self {
            AwayError::NotSwiss => msg!("away.not_swiss"),
            AwayError::Paired(r) => msg!("away.paired", round = *r),
            AwayError::NoRound { round, rounds } => {
                msg!("away.no_round", round = *round, rounds = *rounds)
            }
            AwayError::NotInStage(id) => msg!("away.not_in_stage", entrant = *id),
        }
    }
}

impl Explain for LineupError {
    fn message(&self) -> Message {
        use LineupError as E;
        match self {
            E::NotTeamEvent => msg!("lineup.not_team_event"),
            E::NoTeam(t) => msg!("lineup.no_team", team = t),
            E::NotPlaying { team, round } => {
                msg!("lineup.not_playing", team = team, round = *round)
            }
            E::Bye { team, round } => msg!("lineup.bye", team = team, round = *round),
            E::Started { team, round } => msg!("lineup.started", team = team, round = *round),
            E::WrongLength {
                team,
                boards,
                given,
            } => msg!(
                "lineup.wrong_length",
                team = team,
                boards = *boards,
                given = *given
            ),
            E::NotAMember { team, board, name } => {
                msg!(
                    "lineup.not_a_member",
                    team = team,
                    board = *board,
                    name = name
                )
            }
            E::Twice {
                team,
                board,
                name,
                first,
            } => msg!(
                "lineup.twice",
                team = team,
                board = *board,
                name = name,
                first = *first
            ),
            E::OutOfOrder {
                team,
                board,
                name,
                above,
                above_board,
            } => msg!(
                "lineup.out_of_order",
                team = team,
                board = *board,
                name = name,
                above = above,
                above_board = *above_board
            ),
        }
    }
}

impl Explain for Place {
    fn message(&self) -> Message {
        let mut m = msg!("check.place.stage", stage = self.stage);
        if let Some(g) = &self.group {
            m = msg!("check.place.group", place = m, group = g);
        }
        if let Some(r) = self.round {
            m = msg!("check.place.round", place = m, round = r);
        }
        if let Some(b) = self.board {
            m = msg!("check.place.board", place = m, board = b);
        }
        m
    }
}

impl Explain for Problem {
    fn message(&self) -> Message {
        use Problem as P;
        match self {
            P::UnknownEntrant { place, entrant } => {
                msg!(
                    "check.unknown_entrant",
                    place = place.message(),
                    entrant = *entrant
                )
            }
            P::TwoGroups { place, entrant } => {
                msg!(
                    "check.two_groups",
                    place = place.message(),
                    entrant = *entrant
                )
            }
            P::NotInGroup { place, entrant } => {
                msg!(
                    "check.not_in_group",
                    place = place.message(),
                    entrant = *entrant
                )
            }
            P::PlaysTwice { place, entrant } => {
                msg!(
                    "check.plays_twice",
                    place = place.message(),
                    entrant = *entrant
                )
            }
            P::BoardTwice { place } => msg!("check.board_twice", place = place.message()),
            P::BadSeat { place } => msg!("check.bad_seat", place = place.message()),
            P::BoardCount {
                place,
                games,
                boards,
            } => msg!(
                "check.board_count",
                place = place.message(),
                games = *games,
                boards = *boards
            ),
            P::TooManyGames { place, games, most } => msg!(
                "check.too_many_games",
                place = place.message(),
                games = *games,
                most = *most
            ),
            P::NotAWinner { place, entrant } => {
                msg!(
                    "check.not_a_winner",
                    place = place.message(),
                    entrant = *entrant
                )
            }
            P::NoSeed { stage } => msg!("check.no_seed", stage = *stage),
            P::ThirdPlaceOpen { place } => {
                msg!("check.third_place_open", place = place.message())
            }
            P::FieldIsNotWhoWentOn { stage } => {
                msg!("check.field", stage = *stage, previous = *stage - 1)
            }
            P::OutOfBounds {
                entrant,
                bound,
                value,
            } => msg!(
                "check.out_of_bounds",
                entrant = *entrant,
                field = bound.words(),
                value = *value,
                min = bound.min,
                max = bound.max
            ),
            P::UnsoundScoring => msg!("check.unsound_scoring"),
        }
    }
}
