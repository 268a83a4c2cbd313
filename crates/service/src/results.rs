//! Entering and correcting results, checked against a game record when one is given.

use tournament::{EntrantId, GameRecord, GameResult, MatchState, stage as progress};

use crate::entry::{FoulSpec, result_text};
use crate::record_check;
use crate::select::chosen_stage;
use crate::select::current_stage;
use crate::{Event, Result, ServiceError};
use tournament::ResultText;

/// What `qisai result` asks for.
#[derive(Debug, Clone)]
pub struct ResultEntry {
    /// The stage (1-based); the current one by default. Earlier stages stay open.
    pub stage: Option<usize>,
    pub round: u32,
    pub board: u32,
    pub result: ResultText,
    /// The game of a multi-game match, or the board of a team match (1-based).
    pub game: Option<u32>,
    /// A game record to check the result against: Xiangqi in any notation or PGN,
    /// checkers and Junqi in their engines' record formats.
    pub record: Option<String>,
    pub fouls: Vec<FoulSpec>,
    /// Game length, for Junqi's quick-win and surrender rules.
    pub moves: Option<u32>,
    /// Keep the typed result even where the record says otherwise (logged).
    pub force: bool,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Recorded {
    pub round: u32,
    pub board: u32,
    pub game: u32,
    pub result: String,
    /// The result this one replaced, when it was a correction.
    pub corrected_from: Option<String>,
    /// Later knockout matches reset because they depended on this result:
    /// (round, board, the result they had).
    pub reset: Vec<(u32, u32, Option<String>)>,
    /// The engine's verdict when a record was given.
    pub adjudicated: Option<String>,
    /// The same in Chinese.
    pub adjudicated_zh: Option<String>,
    /// The typed result overrode the record's verdict.
    pub overridden: bool,
}

/// A refused entry in words, naming the entrants a changed field would concern.
fn refusal(c: &tournament::Competition, e: tournament::play::EntryError) -> ServiceError {
    use tournament::play::EntryError::WouldChangeWhoWentOn;
    let WouldChangeWhoWentOn { next, out, r#in } = &e else {
        return e.into();
    };
    let names = |ids: &[EntrantId]| {
        ids.iter()
            .map(|&id| {
                c.entrant(id)
                    .map_or_else(|| format!("#{}", id.0), |e| e.name.clone())
            })
            .collect::<Vec<_>>()
    };
    if out.is_empty() && r#in.is_empty() {
        // Those who went on stay certain to, but the rounds after the match reopen.
        return ServiceError::refused(messages::msg!(
            "result.would_reopen",
            stage = *next,
            previous = *next - 1
        ));
    }
    ServiceError::refused(messages::msg!(
        "result.would_change_who_went_on_named",
        stage = *next,
        out = names(out),
        came_in = names(r#in)
    ))
}

/// The most a game record kept with a result may hold: a long game with every
/// comment is a few tens of KB.
pub const RECORD_BYTES: usize = 1 << 20;

/// A record is kept with its result and in the log: one of a game's size, not a disk's.
pub(crate) fn bounded_record(text: &str) -> Result<()> {
    if text.len() > RECORD_BYTES {
        return Err(ServiceError::refused(messages::msg!(
            "result.record_too_large",
            size = text.len().div_ceil(1024),
            limit = RECORD_BYTES / 1024
        )));
    }
    Ok(())
}

impl Event {
    pub fn record_result(&mut self, entry: ResultEntry) -> Result<Recorded> {
        let checked = self.check_entry(&entry)?;
        self.file.change_with("result", |c| {
            let (recorded, summary) = enter_checked(c, &entry, &checked)?;
            Ok((recorded, crate::logged(summary)))
        })
    }

    /// The typed result made a game record: fouls added, checked against the game
    /// record when one is given. Nothing is changed.
    pub(crate) fn check_entry(&self, entry: &ResultEntry) -> Result<Checked> {
        // A kind of another game (`dead:red` in Xiangqi) is refused before anything else.
        let mut result = entry.result.for_game(self.competition()?.game)?;
        match &mut result {
            GameResult::Win { moves, .. } | GameResult::Escape { moves, .. } => {
                *moves = entry.moves
            }
            GameResult::Surrender { moves, .. } => match entry.moves {
                Some(m) => *moves = m,
                // A record counts the moves itself.
                None if entry.record.is_some() => {}
                None => {
                    return Err(ServiceError::refused(messages::msg!(
                        "result.surrender_needs_moves"
                    )));
                }
            },
            _ => {}
        }
        let mut adjudicated = None;
        let mut adjudicated_zh = None;
        let mut overridden = false;
        if let Some(text) = &entry.record {
            bounded_record(text)?;
            let checked =
                record_check::check(&self.competition()?, text, result, entry.moves, entry.force)?;
            result = checked.result;
            adjudicated = Some(checked.verdict);
            adjudicated_zh = Some(checked.verdict_zh);
            overridden = checked.overridden;
        }
        let mut record = GameRecord::new(result);
        for foul in &entry.fouls {
            record = record.with_foul(foul.seat, foul.kind);
        }
        Ok(Checked {
            record,
            adjudicated,
            adjudicated_zh,
            overridden,
        })
    }

    /// Draws the lots that settle a tied knockout match; the seed is stored and printed.
    pub fn draw_match_lots(
        &mut self,
        round: u32,
        board: u32,
        seed: Option<u64>,
    ) -> Result<(u64, String)> {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64 % 1_000_000_000)
                .unwrap_or(0)
        });
        self.file.change_with("lots", |c| {
            let stage = current_stage(c)?;
            let format = c.stages[stage].settings.match_format;
            let (g, r, i) = tournament::play::find(&c.stages[stage], round, board)?;
            let knockout = tournament::format::of(&c.stages[stage].settings.format)
                .capabilities()
                .needs_winner;
            let snapshot = c.stages[stage].groups[g].rounds[r].matches[i].clone();
            // A team match needs lots when every board is in and the game points are level.
            let needs_lots = if c.is_team() {
                knockout
                    && snapshot.lots.is_none()
                    && snapshot.games.iter().all(|x| x.record.is_some())
                    && progress::match_winner(c, format, &snapshot).is_none()
            } else {
                knockout && progress::state_of(format, &snapshot) == MatchState::NeedsLots
            };
            let m = &mut c.stages[stage].groups[g].rounds[r].matches[i];
            if !needs_lots {
                return Err(ServiceError::refused(messages::msg!(
                    "result.no_lots_needed",
                    round = round,
                    board = board
                )));
            }
            let seat = tournament::draw_match_lots(seed);
            m.lots = Some((seed, seat));
            let winner = m.seats[seat]
                .and_then(|id| c.entrant(id))
                .map_or_else(String::new, |e| e.name.clone());
            Ok((
                (seed, winner.clone()),
                crate::logged(messages::msg!(
                    "log.lots",
                    round = round,
                    board = board,
                    seed = seed.to_string(),
                    winner = winner
                )),
            ))
        })
    }
}

/// A result checked and ready to enter.
pub(crate) struct Checked {
    record: GameRecord,
    adjudicated: Option<String>,
    adjudicated_zh: Option<String>,
    overridden: bool,
}

/// Enters a checked result into the model; what happened and the log's words for it.
/// What waited for the game in the hall (double entry) is settled.
pub(crate) fn enter_checked(
    c: &mut tournament::Competition,
    entry: &ResultEntry,
    checked: &Checked,
) -> Result<(Recorded, messages::Message)> {
    let Checked {
        record,
        adjudicated,
        adjudicated_zh,
        overridden,
    } = checked;
    let overridden = *overridden;
    let stage = chosen_stage(c, entry.stage)?;
    let entered = tournament::play::enter(
        c,
        tournament::play::Entry {
            stage,
            round: entry.round,
            board: entry.board,
            game: entry.game,
            record: record.clone(),
            moves: entry.record.clone(),
        },
    )
    .map_err(|e| refusal(c, e))?;
    let game_number = entered.game;
    // The log words results (死局·红方领先, 北方投降) in both languages.
    let game = c.game;
    let in_words = |r: &tournament::GameResult| {
        messages::Param::words(
            tournament::result::text::words(r, game, true),
            tournament::result::text::words(r, game, false),
        )
    };
    let old_words = entered.corrected_from.as_ref().map(|r| in_words(&r.result));
    let corrected_from = entered.corrected_from.map(|r| result_text(&r.result));
    let reset: Vec<(u32, u32, Option<String>)> = entered
        .reset
        .iter()
        .map(|(r, b, m)| (*r, *b, crate::views::match_result_text(c, m)))
        .collect();
    let text = result_text(&record.result);
    let place = place_words(c, stage, entry.round, entry.board, game_number);
    let overridden_note = match overridden {
        true => messages::Param::from(messages::msg!(
            "log.overridden",
            record = messages::Param::words(
                adjudicated_zh.clone().unwrap_or_default(),
                adjudicated.clone().unwrap_or_default()
            )
        )),
        false => "".into(),
    };
    let reset_note = match reset.len() {
        0 => "".into(),
        n => messages::Param::from(messages::msg!("log.reset", matches = n)),
    };
    let summary = match old_words {
        Some(old) => messages::msg!(
            "log.corrected",
            place = place,
            old = old,
            new = in_words(&record.result),
            overridden = overridden_note,
            reset = reset_note
        ),
        None => messages::msg!(
            "log.result",
            place = place,
            result = in_words(&record.result),
            overridden = overridden_note,
            reset = reset_note
        ),
    };
    c.hall.settle(stage, entry.round, entry.board, game_number);
    Ok((
        Recorded {
            round: entry.round,
            board: entry.board,
            game: game_number,
            result: text,
            corrected_from,
            reset,
            adjudicated: adjudicated.clone(),
            adjudicated_zh: adjudicated_zh.clone(),
            overridden,
        },
        summary,
    ))
}

/// Where a game is, for the log: 第1阶段 循环赛 第2轮 第1台 甲 对 乙 (第1局).
pub(crate) fn place_words(
    c: &tournament::Competition,
    stage: usize,
    round: u32,
    board: u32,
    game_number: u32,
) -> messages::Message {
    let s = &c.stages[stage];
    let players = tournament::play::find(s, round, board)
        .ok()
        .map(|(g, r, i)| {
            let m = &s.groups[g].rounds[r].matches[i];
            let who = |k: usize| {
                crate::views::name(c, m.seats.get(k).copied().flatten()).unwrap_or_default()
            };
            messages::msg!("log.players", red = who(0), black = who(1))
        });
    messages::msg!(
        "log.place",
        stage = &s.name,
        round = round,
        board = board,
        players = players.unwrap_or_else(|| messages::msg!("log.nobody")),
        game = if c.is_team() {
            messages::msg!("log.team_board", board = game_number)
        } else {
            messages::msg!("log.game", game = game_number)
        }
    )
}
