//! Entering a result: one call finds the match (a board or a table) by its round and
//! stage-wide number, checks the game against it, records it (a correction keeps what
//! it replaced), resets the later matches that depended on what changed, and settles
//! what waited for it in the hall.

use crate::EntrantId;
use crate::matches::{MatchState, red_seat};
use crate::model::{Competition, Game, Match};
use crate::play::{find, stage_board};
use crate::result::GameRecord;
use crate::scoring::ScoringError;
use crate::stage::state_of;

use super::went_on::{changed_qualifiers, went_on};

/// A result to enter.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The stage's index.
    pub stage: usize,
    pub round: u32,
    /// Stage-wide, as the pairings show it.
    pub board: u32,
    /// The game of a multi-game match, or the board of a team match (1-based); `None`:
    /// the next game, or the only one.
    pub game: Option<u32>,
    pub record: GameRecord,
    /// The game's moves as entered, kept with it.
    pub moves: Option<String>,
}

/// What entering changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    /// The game (1-based) the result went to.
    pub game: u32,
    /// The result it replaced, when it was a correction (not the same result again,
    /// as when a record is attached to it).
    pub corrected_from: Option<GameRecord>,
    /// Later matches removed because they depended on a winner that changed: (round,
    /// stage-wide board, the match as it was).
    pub reset: Vec<(u32, u32, Match)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("stage {0} has not been drawn yet")]
    NotDrawn(usize),
    #[error("there is no round {0} in the current stage")]
    NoRound(u32),
    #[error("round {round} has no board {board}")]
    NoBoard { round: u32, board: u32 },
    #[error("round {round}, board {board} is a bye: it has no result to enter")]
    Bye { round: u32, board: u32 },
    #[error("--game counts from 1")]
    GameZero,
    #[error("a team match needs --game BOARD")]
    TeamNeedsBoard,
    #[error("the match is decided: name the game to correct with --game K")]
    NameTheGame,
    #[error("round {round}, board {board}, game {game} has this result already: nothing changed")]
    Same { round: u32, board: u32, game: u32 },
    #[error("a team match has boards 1 to {boards}, not {game}")]
    NoTeamBoard { boards: usize, game: u32 },
    #[error("the match is decided already: no further game")]
    Decided,
    #[error(
        "round {round}, board {board} is annulled: {name} withdrew and all his games were annulled"
    )]
    Annulled {
        round: u32,
        board: u32,
        name: String,
    },
    #[error(
        "round {round}, board {board} is tied after all its games: lots decide it, no further game"
    )]
    LotsDue { round: u32, board: u32 },
    #[error("game {next} comes first: the match has {played} games so far")]
    GameComesFirst { next: usize, played: usize },
    /// The stage drawn from this one would get another field: (1-based stage, who
    /// would drop out, who would come in).
    #[error(
        "this would change who went on to stage {next}, which is drawn already: undo stage {next}'s draw first"
    )]
    WouldChangeWhoWentOn {
        next: usize,
        out: Vec<EntrantId>,
        r#in: Vec<EntrantId>,
    },
    #[error("round {round}, table {board} plays one game")]
    OneGame { round: u32, board: u32 },
    #[error(transparent)]
    Scoring(#[from] ScoringError),
}

/// Enters `entry` into the competition; nothing changes when it is refused. An earlier
/// stage stays open while the stage drawn from it keeps its field: a correction that
/// would change who went on is refused.
pub fn enter(c: &mut Competition, entry: Entry) -> Result<Entered, EntryError> {
    let stage = entry.stage;
    let guard = c
        .stages
        .get(stage + 1)
        .filter(|next| !next.groups.is_empty())
        .map(|_| (c.clone(), went_on(c, stage)));
    let (round, board) = (entry.round, entry.board);
    let entered = record(c, entry)?;
    if let Some((original, before)) = guard
        && let Some((out, r#in)) = changed_qualifiers(c, stage, &before)
    {
        *c = original;
        return Err(EntryError::WouldChangeWhoWentOn {
            next: stage + 2,
            out,
            r#in,
        });
    }
    // What sector arbiters entered for this game waited for this result.
    c.hall.settle(stage, round, board, entered.game);
    Ok(entered)
}

fn record(c: &mut Competition, entry: Entry) -> Result<Entered, EntryError> {
    let (round, board) = (entry.round, entry.board);
    let stage = c
        .stages
        .get(entry.stage)
        .ok_or(EntryError::NotDrawn(entry.stage + 1))?;
    if stage.groups.is_empty() {
        return Err(EntryError::NotDrawn(entry.stage + 1));
    }
    let (g, r, i) = find(stage, round, board)?;
    let group = &stage.groups[g];
    // A playoff match plays to its playoff's length.
    let format =
        crate::playoff::format_of(group, group.rounds[r].number, stage.settings.match_format);
    // A knockout's matches must have a winner; a round robin's are played to length.
    let needs_winner = crate::format::of(&stage.settings.format)
        .capabilities()
        .needs_winner;
    let before = group.rounds[r].matches[i].clone();
    if before.is_bye() {
        return Err(EntryError::Bye { round, board });
    }
    if let Some(gone) = before
        .seats
        .iter()
        .flatten()
        .filter_map(|&id| c.entrant(id))
        .find(|e| e.annulled)
    {
        return Err(EntryError::Annulled {
            round,
            board,
            name: gone.name.clone(),
        });
    }
    // Scoring checks (a surrender too early, a seat too many) before anything changes.
    c.assess(&before, &entry.record, None)?;
    let seating = c.seating_of(&before);
    if c.is_table(&before) {
        return record_table(c, entry, (g, r, i), before);
    }
    let team = c.is_team();
    let game = match entry.game {
        Some(0) => return Err(EntryError::GameZero),
        Some(k) => k,
        None if team => return Err(EntryError::TeamNeedsBoard),
        None => match state_of(format, seating, &before) {
            MatchState::Playing { game, .. } if needs_winner || game <= format.best_of.max(1) => {
                game
            }
            MatchState::NeedsLots if before.games.len() > 1 => {
                return Err(EntryError::LotsDue { round, board });
            }
            _ if before.games.len() <= 1 => 1,
            _ => return Err(EntryError::NameTheGame),
        },
    };
    let index = game as usize - 1;
    // The same result again changes nothing, unless it brings a record to keep.
    let same_result =
        before.games.get(index).and_then(|g| g.record.as_ref()) == Some(&entry.record);
    let new_moves = entry.moves.is_some()
        && before.games.get(index).and_then(|g| g.moves.as_ref()) != entry.moves.as_ref();
    if same_result && !new_moves {
        return Err(EntryError::Same { round, board, game });
    }
    // 加赛: a team knockout tied on game points plays the extra games its decider
    // allows (first boards against each other), one after another while still tied.
    let boards = c.team_boards.unwrap_or(0) as usize;
    let tied_so_far = team && needs_winner && index == before.games.len() && index >= boards && {
        let regular = crate::stage::team_game_points(c, &before, |b| b as usize <= boards)?;
        let extra = crate::stage::team_game_points(c, &before, |b| b as usize > boards)?;
        regular.is_some_and(|p| p[0] == p[1]) && extra.is_none_or(|p| p[0] == p[1])
    };
    let extra_game_due = tied_so_far && index - boards < format.decider.extra_games as usize;
    if tied_so_far && !extra_game_due && before.lots.is_none() {
        return Err(EntryError::LotsDue { round, board });
    }
    let m = &mut c.stages[entry.stage].groups[g].rounds[r].matches[i];
    let corrected_from;
    if team && index == m.games.len() && index >= boards {
        if !extra_game_due {
            return Err(EntryError::NoTeamBoard { boards, game });
        }
        corrected_from = None;
        m.games.push(Game {
            board: game,
            red: index % 2,
            record: Some(entry.record),
            moves: entry.moves,
        });
    } else if team || index < m.games.len() {
        let boards = m.games.len();
        let slot = m
            .games
            .get_mut(index)
            .ok_or(EntryError::NoTeamBoard { boards, game })?;
        // The same result again (a record attached to it) corrects nothing.
        let same = slot.record.as_ref() == Some(&entry.record);
        corrected_from = slot.record.replace(entry.record).filter(|_| !same);
        slot.moves = entry.moves;
    } else if index == m.games.len() {
        let state = state_of(format, seating, m);
        if state == MatchState::NeedsLots {
            return Err(EntryError::LotsDue { round, board });
        }
        let open = matches!(state, MatchState::Playing { .. });
        if !open || !(needs_winner || index < format.best_of.max(1) as usize) {
            return Err(EntryError::Decided);
        }
        corrected_from = None;
        m.games.push(Game {
            board: 1,
            red: red_seat(index),
            record: Some(entry.record),
            moves: entry.moves,
        });
    } else {
        // A game beyond the next one: lots are due, the match is decided (there is none
        // to come), or the next game comes first.
        return Err(match state_of(format, seating, m) {
            MatchState::NeedsLots => EntryError::LotsDue { round, board },
            MatchState::Decided { .. } => EntryError::Decided,
            MatchState::Playing { .. } => EntryError::GameComesFirst {
                next: m.games.len() + 1,
                played: m.games.len(),
            },
        });
    }
    let reset = reset_dependents(c, entry.stage, (g, r, i), &before);
    Ok(Entered {
        game,
        corrected_from,
        reset,
    })
}

/// A table's one game: entered, or corrected.
fn record_table(
    c: &mut Competition,
    entry: Entry,
    (g, r, i): (usize, usize, usize),
    before: Match,
) -> Result<Entered, EntryError> {
    let (round, board) = (entry.round, entry.board);
    if entry.game.is_some_and(|k| k != 1) {
        return Err(EntryError::OneGame { round, board });
    }
    let old = before.games.first();
    if old.and_then(|g| g.record.as_ref()) == Some(&entry.record)
        && (entry.moves.is_none() || old.and_then(|g| g.moves.as_ref()) == entry.moves.as_ref())
    {
        return Err(EntryError::Same {
            round,
            board,
            game: 1,
        });
    }
    let m = &mut c.stages[entry.stage].groups[g].rounds[r].matches[i];
    let corrected_from = m
        .games
        .first()
        .and_then(|g| g.record.clone())
        .filter(|old| *old != entry.record);
    m.games = vec![Game {
        board: 1,
        red: 0,
        record: Some(entry.record),
        moves: entry.moves,
    }];
    let reset = reset_dependents(c, entry.stage, (g, r, i), &before);
    Ok(Entered {
        game: 1,
        corrected_from,
        reset,
    })
}

/// Removes the later matches that depended on a result, once a correction leaves them
/// standing no more (a knockout's changed winner, a table knockout's changed field).
fn reset_dependents(
    c: &mut Competition,
    stage: usize,
    (g, r, i): (usize, usize, usize),
    before: &Match,
) -> Vec<(u32, u32, Match)> {
    let s = &c.stages[stage];
    let group = &s.groups[g];
    let format = crate::format::of(&s.settings.format);
    let dependents = format.dependents_of(group, group.rounds[r].number, before.board);
    if dependents.is_empty() || format.dependents_stand(c, stage, (g, r, i), before) {
        return Vec::new();
    }
    let group = &mut c.stages[stage].groups[g];
    let mut removed = Vec::new();
    for (round, board, third) in dependents {
        if let Some(x) = group.rounds.iter_mut().find(|x| x.number == round)
            && let Some(pos) = x
                .matches
                .iter()
                .position(|m| m.board == board && m.third_place == third)
        {
            removed.push((round, board, x.matches.remove(pos)));
        }
    }
    group.rounds.retain(|x| !x.matches.is_empty());
    let s = &c.stages[stage];
    removed
        .into_iter()
        .map(|(round, board, m)| (round, stage_board(s, g, round, board), m))
        .collect()
}

impl Competition {
    /// Enters a result: see [`enter`].
    pub fn enter(&mut self, entry: Entry) -> Result<Entered, EntryError> {
        enter(self, entry)
    }
}
