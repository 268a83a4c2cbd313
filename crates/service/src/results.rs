//! Entering and correcting results, of a board or a table alike: typed in the one
//! vocabulary, read against the match's seating, checked against a game record when
//! one is given, entered by the core in one call.

use messages::{Message, Param, msg};
use tournament::result::text;
use tournament::{
    Competition, EntrantId, FoulKind, GameRecord, GameResult, Match, MatchState, Seating,
    stage as progress,
};

use crate::record_check;
use crate::select::chosen_stage;
use crate::select::current_stage;
use crate::{Event, Result, ServiceError};

/// What `qisai result` asks for.
#[derive(Debug, Clone, Default)]
pub struct ResultEntry {
    /// The stage (1-based); the current one by default. Earlier stages stay open.
    pub stage: Option<usize>,
    pub round: u32,
    /// The board, or at a table event the table.
    pub board: u32,
    /// As typed, read against the board's seating: `1-0`, `+-`, `dead:red`, `win:2`,
    /// `order:3,1,2`, `south-north`, `escape:west:partner-out`, or the same in words
    /// (红胜, 2号胜, 西方逃跑).
    pub result: String,
    /// The game of a multi-game match, or the board of a team match (1-based).
    pub game: Option<u32>,
    /// A game record to check the result against: Xiangqi in any notation or PGN,
    /// checkers and Junqi in their engines' record formats.
    pub record: Option<String>,
    /// Fouls as typed, `SEAT:KIND`: `red:touch-own`, `2:illegal-move`, `west:other`.
    pub fouls: Vec<String>,
    /// Game length, for Junqi's quick-win and surrender rules.
    pub moves: Option<u32>,
    /// Keep the typed result even where the record says otherwise (logged).
    pub force: bool,
}

impl ResultEntry {
    /// `result` typed for `board` of `round` in the current stage.
    pub fn new(round: u32, board: u32, result: impl Into<String>) -> ResultEntry {
        ResultEntry {
            round,
            board,
            result: result.into(),
            ..ResultEntry::default()
        }
    }
}

/// The engine's verdict on a record given with a result. In JSON: the message
/// (`verdict`), and as front ends have read it, in English (`adjudicated`) and in
/// Chinese (`adjudicated_zh`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict(pub Option<Message>);

impl serde::Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let words = |lang| self.0.as_ref().map(|m| messages::render(m, lang));
        let mut map = s.serialize_map(Some(3))?;
        map.serialize_entry("verdict", &self.0)?;
        map.serialize_entry("adjudicated", &words(messages::Lang::En))?;
        map.serialize_entry("adjudicated_zh", &words(messages::Lang::Zh))?;
        map.end()
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Recorded {
    pub round: u32,
    pub board: u32,
    pub game: u32,
    /// As typed back in the vocabulary: `1-0`, `order:2,1,3`, `south-north`.
    pub result: String,
    /// The result in words (死局·红方领先, 2号胜, 南北方胜).
    pub words: Message,
    /// The result this one replaced, when it was a correction.
    pub corrected_from: Option<String>,
    /// The replaced result in words.
    pub corrected_words: Option<Message>,
    /// Later matches reset because they depended on this result:
    /// (round, board, the result they had).
    pub reset: Vec<(u32, u32, Option<String>)>,
    /// The engine's verdict when a record was given.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// The typed result overrode the record's verdict.
    pub overridden: bool,
    /// What happened, a message a line, for a front end to word.
    pub report: Vec<Message>,
}

/// A refused entry in words, naming the entrants a changed field would concern.
fn refusal(c: &Competition, e: tournament::play::EntryError) -> ServiceError {
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
        return ServiceError::refused(msg!(
            "result.would_reopen",
            stage = *next,
            previous = *next - 1
        ));
    }
    ServiceError::refused(msg!(
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
        return Err(ServiceError::refused(msg!(
            "result.record_too_large",
            size = text.len().div_ceil(1024),
            limit = RECORD_BYTES / 1024
        )));
    }
    Ok(())
}

/// Where a result goes, as the organizer names it: 第 1 轮 第 3 台 第 1 局, 第 1 轮 第 2
/// 场 第 3 台 (a team match's board), 第 1 轮 第 2 桌 (a table).
pub(crate) fn place(c: &Competition, m: &Match, round: u32, board: u32, game: u32) -> Message {
    if c.is_table(m) {
        msg!("result.at.table", round = round, board = board)
    } else if c.is_team() {
        msg!(
            "result.at.team_board",
            round = round,
            board = board,
            game = game
        )
    } else {
        msg!("result.at.game", round = round, board = board, game = game)
    }
}

/// A refusal of what was typed for a board, naming it.
fn refused_at(c: &Competition, m: &Match, round: u32, board: u32, why: Message) -> ServiceError {
    let at = if c.is_table(m) {
        msg!("result.at.table", round = round, board = board)
    } else {
        msg!("result.at.board", round = round, board = board)
    };
    ServiceError::refused(msg!("result.refused_at", place = at, why = why))
}

/// Fouls typed `SEAT:KIND` for a game seated as `seating`.
fn read_fouls(
    texts: &[String],
    seating: Seating,
) -> std::result::Result<Vec<(usize, FoulKind)>, Message> {
    texts
        .iter()
        .map(|text| {
            let bad = || msg!("foul.unreadable", text = text, seats = seat_names(seating));
            let (seat, kind) = text.trim().split_once(':').ok_or_else(bad)?;
            let seat = seating.seat(seat).ok_or_else(bad)?;
            let kind = FoulKind::typed(kind).ok_or_else(bad)?;
            Ok((seat, kind))
        })
        .collect()
}

/// The seats of a seating as typed: red, black; south … west; 1 … N.
fn seat_names(seating: Seating) -> Vec<String> {
    match seating {
        Seating::TwoSides => vec!["red".into(), "black".into()],
        Seating::Partners => tournament::result::JUNQI_SEATS
            .iter()
            .map(|s| s.to_string())
            .collect(),
        Seating::Each { seats, .. } => (1..=seats).map(|s| s.to_string()).collect(),
    }
}

impl Event {
    pub fn record_result(&mut self, entry: ResultEntry) -> Result<Recorded> {
        let recorded = self.check_entry(&entry).and_then(|checked| {
            self.file.change_with("result", |c| {
                let (recorded, summary) = enter_checked(c, &entry, &checked)?;
                Ok((recorded, crate::logged(summary)))
            })
        });
        if let Err(why) = &recorded {
            self.keep_refused_correction(&entry, why, None);
        }
        recorded
    }

    /// A correction the event's rules refused is kept in the log (who tried to change
    /// which result to what, and why not), though nothing changed.
    pub(crate) fn keep_refused_correction(
        &mut self,
        entry: &ResultEntry,
        why: &ServiceError,
        by: Option<&str>,
    ) {
        let Ok(c) = self.competition() else { return };
        let Some(summary) = refused_correction(&c, entry, why, by) else {
            return;
        };
        // The refusal is what the organizer must hear; a log that cannot be written
        // (a read-only file) has nothing to add to it.
        let _ = self.file.note(&crate::logged(summary));
    }

    /// The typed result read against its board's seating, its fouls added, checked
    /// against the game record when one is given. Nothing is changed.
    pub(crate) fn check_entry(&self, entry: &ResultEntry) -> Result<Checked> {
        let c = self.competition()?;
        let (round, board) = (entry.round, entry.board);
        let stage = chosen_stage(&c, entry.stage)?;
        let m = tournament::play::match_at(&c, stage, round, board)?;
        let seating = c.seating_of(m);
        let refused = |why: Message| refused_at(&c, m, round, board, why);
        let typed = text::read(&entry.result, seating, c.game).map_err(|e| refused(e.words()))?;
        let mut result = typed.with_moves(entry.moves);
        if let GameResult::Surrender { .. } = result
            && entry.moves.is_none()
            && entry.record.is_none()
        {
            // A record counts the moves itself.
            return Err(ServiceError::refused(msg!("result.surrender_needs_moves")));
        }
        let fouls = read_fouls(&entry.fouls, seating).map_err(refused)?;
        let mut verdict = None;
        let mut overridden = false;
        if let Some(text) = &entry.record {
            bounded_record(text)?;
            let checked = record_check::check(&c, seating, text, result, entry.moves, entry.force)?;
            result = checked.result;
            verdict = Some(checked.verdict);
            overridden = checked.overridden;
        }
        let mut record = GameRecord::new(result);
        for (seat, kind) in fouls {
            record = record.with_foul(seat, kind);
        }
        Ok(Checked {
            stage,
            record,
            verdict,
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
                knockout
                    && progress::state_of(format, c.seating_of(&snapshot), &snapshot)
                        == MatchState::NeedsLots
            };
            let m = &mut c.stages[stage].groups[g].rounds[r].matches[i];
            if !needs_lots {
                return Err(ServiceError::refused(msg!(
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
                crate::logged(msg!(
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
    stage: usize,
    record: GameRecord,
    verdict: Option<Message>,
    overridden: bool,
}

/// Enters a checked result into the model (the core settles what waited for it in the
/// hall); what happened and the log's words for it.
pub(crate) fn enter_checked(
    c: &mut Competition,
    entry: &ResultEntry,
    checked: &Checked,
) -> Result<(Recorded, Message)> {
    let Checked {
        stage,
        record,
        verdict,
        overridden,
    } = checked;
    let (stage, overridden, round, board) = (*stage, *overridden, entry.round, entry.board);
    let entered = tournament::play::enter(
        c,
        tournament::play::Entry {
            stage,
            round,
            board,
            game: entry.game,
            record: record.clone(),
            moves: entry.record.clone(),
        },
    )
    .map_err(|e| refusal(c, e))?;
    let game_number = entered.game;
    let m = tournament::play::match_at(c, stage, round, board)?.clone();
    let seating = c.seating_of(&m);
    let words = |r: &GameResult| text::words(r, seating, c.game);
    let code = text::code(&record.result, seating);
    let old = corrected(&entered, record, seating).map(|r| r.result);
    let reset: Vec<(u32, u32, Option<String>)> = entered
        .reset
        .iter()
        .map(|(r, b, m)| (*r, *b, crate::views::match_result_text(c, m)))
        .collect();
    let overridden_note: Param = match (verdict, overridden) {
        (Some(v), true) => msg!("log.overridden", record = v.clone()).into(),
        _ => "".into(),
    };
    let reset_note: Param = match reset.len() {
        0 => "".into(),
        n => msg!("log.reset", matches = n).into(),
    };
    let at = place_words(c, stage, round, board, game_number);
    let summary = match old {
        Some(old) => msg!(
            "log.corrected",
            place = at,
            old = words(&old),
            new = words(&record.result),
            overridden = overridden_note,
            reset = reset_note
        ),
        None => msg!(
            "log.result",
            place = at,
            result = words(&record.result),
            overridden = overridden_note,
            reset = reset_note
        ),
    };
    let report = report(
        c,
        &m,
        (round, board),
        &entered,
        record,
        (verdict.clone(), overridden),
        &reset,
    );
    Ok((
        Recorded {
            round,
            board,
            game: game_number,
            result: code,
            words: words(&record.result),
            corrected_from: old.map(|r| text::code(&r, seating)),
            corrected_words: old.map(|r| words(&r)),
            reset,
            verdict: Verdict(verdict.clone()),
            overridden,
            report,
        },
        summary,
    ))
}

/// A refused entry in the log's words when it was a correction: where, the result
/// there, the one typed, and why not. `None` for anything else (no result there yet,
/// the same result again, a text that is no result, a disagreement with the record
/// still to be confirmed).
fn refused_correction(
    c: &Competition,
    entry: &ResultEntry,
    why: &ServiceError,
    by: Option<&str>,
) -> Option<Message> {
    let ServiceError::Refused(reason) = why else {
        return None;
    };
    let stage = chosen_stage(c, entry.stage).ok()?;
    let m = tournament::play::match_at(c, stage, entry.round, entry.board).ok()?;
    let single = c.stages[stage].settings.match_format.best_of < 2 && !c.is_team();
    let game = match entry.game {
        Some(k) => k,
        None if single || c.is_table(m) => 1,
        None => return None,
    };
    let slot = if c.is_team() {
        m.games.iter().find(|g| g.board == game)
    } else {
        m.games.get(game.checked_sub(1)? as usize)
    };
    let old = slot?.record.as_ref()?;
    let seating = c.seating_of(m);
    // A typing slip (a text that is no result) is no correction to keep.
    let typed = text::read(&entry.result, seating, c.game).ok()?;
    if typed == old.result {
        return None;
    }
    let by: Param = by.map_or_else(|| "".into(), |b| msg!("log.refused_by", arbiter = b).into());
    Some(msg!(
        "log.correction_refused",
        place = place_words(c, stage, entry.round, entry.board, game),
        old = text::words(&old.result, seating, c.game),
        new = text::words(&typed, seating, c.game),
        by = by,
        why = reason.clone()
    ))
}

/// The result an entry corrected: none when it reads the same (a record attached to the
/// result already there), so nobody is told "1-0 → 1-0".
fn corrected<'a>(
    entered: &'a tournament::play::Entered,
    record: &GameRecord,
    seating: tournament::Seating,
) -> Option<&'a GameRecord> {
    entered.corrected_from.as_ref().filter(|old| {
        text::code(&old.result, seating) != text::code(&record.result, seating)
            || old.fouls != record.fouls
    })
}

/// What an entry did, a line each: where and what (a table's result with its code),
/// the record's verdict, the matches reset.
fn report(
    c: &Competition,
    m: &Match,
    (round, board): (u32, u32),
    entered: &tournament::play::Entered,
    record: &GameRecord,
    (verdict, overridden): (Option<Message>, bool),
    reset: &[(u32, u32, Option<String>)],
) -> Vec<Message> {
    let seating = c.seating_of(m);
    let table = c.is_table(m);
    let at = place(c, m, round, board, entered.game);
    let words = text::words(&record.result, seating, c.game);
    let code = text::code(&record.result, seating);
    let mut lines = vec![match (corrected(entered, record, seating), table) {
        (Some(old), true) => msg!(
            "result.corrected_coded",
            place = at,
            old = text::code(&old.result, seating),
            result = words,
            code = code
        ),
        (Some(old), false) => msg!(
            "result.corrected",
            place = at,
            old = text::words(&old.result, seating, c.game),
            result = words
        ),
        (None, true) => msg!(
            "result.entered_coded",
            place = at,
            result = words,
            code = code
        ),
        (None, false) => msg!("result.entered", place = at, result = words),
    }];
    if let Some(verdict) = verdict {
        lines.push(match overridden {
            true => msg!("result.verdict_overridden", verdict = verdict),
            false => msg!("result.verdict", verdict = verdict),
        });
    }
    for (round, board, old) in reset {
        lines.push(match table {
            true => msg!("result.reset_table", round = *round, board = *board),
            false => msg!(
                "result.reset",
                round = *round,
                board = *board,
                old = old.clone().unwrap_or_else(|| "-".into())
            ),
        });
    }
    lines
}

/// Where a game is, for the log: 第1阶段 循环赛 第2轮 第1台 甲 对 乙 (第1局); a table:
/// 第1阶段 分桌循环赛 第2轮 第1桌 甲、乙、丙.
pub(crate) fn place_words(
    c: &Competition,
    stage: usize,
    round: u32,
    board: u32,
    game_number: u32,
) -> Message {
    let m = tournament::play::match_at(c, stage, round, board).ok();
    let name = |k: Option<EntrantId>| crate::views::name(c, k).unwrap_or_default();
    if let Some(m) = m.filter(|m| c.is_table(m)) {
        let players: Vec<String> = m.seats.iter().map(|&s| name(s)).collect();
        return msg!(
            "log.table_place",
            stage = crate::stage_title(c, stage),
            round = round,
            table = board,
            players = players.join("、")
        );
    }
    let players = m.map(|m| {
        let who = |k: usize| name(m.seats.get(k).copied().flatten());
        msg!("log.players", red = who(0), black = who(1))
    });
    msg!(
        "log.place",
        stage = crate::stage_title(c, stage),
        round = round,
        board = board,
        players = players.unwrap_or_else(|| msg!("log.nobody")),
        game = if c.is_team() {
            msg!("log.team_board", board = game_number)
        } else {
            msg!("log.game", game = game_number)
        }
    )
}

/// A result code of the board at (stage, round, board) in words, both languages (the
/// code as it is when it reads as none).
pub(crate) fn code_words(
    c: &Competition,
    stage: usize,
    round: u32,
    board: u32,
    code: &str,
) -> Param {
    let Ok(m) = tournament::play::match_at(c, stage, round, board) else {
        return code.into();
    };
    let seating = c.seating_of(m);
    match text::read(code, seating, c.game) {
        Ok(r) => text::words(&r, seating, c.game).into(),
        Err(_) => code.into(),
    }
}
