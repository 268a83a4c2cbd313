//! Tables of three to six: entering a table's result (checked against its record when
//! one is given), and the seats of a table as the pairings show them. Four-player Junqi
//! with fixed partners takes the same vocabulary for its two-sided matches.

use messages::{Explain, Param, msg};
use tournament::result::Foul;
use tournament::tables::result::JUNQI_SEATS;
use tournament::tables::{TableGame, TableRecord, TableResult};
use tournament::{Competition, GameKind, GameResult, Match};

use crate::results::ResultEntry;
use crate::select::chosen_stage;
use crate::{Event, Result, ServiceError};

/// What `qisai result R T …` asks for at a table event.
#[derive(Debug, Clone, Default)]
pub struct TableEntry {
    /// The stage (1-based); the current one by default.
    pub stage: Option<usize>,
    pub round: u32,
    pub table: u32,
    /// `win:SEAT`, `order:S1,S2,…`, `south-north`, `east-west`, `1/2`, `escape:SEAT`,
    /// `none`.
    pub result: String,
    /// Game length, for four-player Junqi's quick-win rule.
    pub moves: Option<u32>,
    /// The table's game record.
    pub record: Option<String>,
    /// `SEAT:KIND`, e.g. `2:touch-own`, `west:illegal-move`.
    pub fouls: Vec<String>,
    /// Keep the typed result where the record says otherwise (logged).
    pub force: bool,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TableRecorded {
    pub round: u32,
    pub table: u32,
    /// As typed back in the vocabulary (`order:2,1,3`).
    pub result: String,
    /// The result in words.
    pub words: messages::Message,
    pub corrected_from: Option<String>,
    /// Later rounds reset because they were seated from this result: (round, table).
    pub reset: Vec<(u32, u32)>,
    /// The engine's verdict when a record was given, in English and Chinese.
    pub adjudicated: Option<String>,
    pub adjudicated_zh: Option<String>,
    pub overridden: bool,
}

/// A refusal naming the table.
fn at_table(round: u32, table: u32, why: messages::Message) -> ServiceError {
    ServiceError::refused(msg!(
        "table.refused_at",
        round = round,
        table = table,
        why = why
    ))
}

/// Fouls typed `SEAT:KIND`.
fn read_fouls(texts: &[String], game: TableGame) -> Result<Vec<Foul>> {
    texts
        .iter()
        .map(|text| {
            let bad = || ServiceError::refused(msg!("table.foul_unreadable", text = text));
            let (seat, kind) = text.split_once(':').ok_or_else(bad)?;
            let seat = game.seat(seat).map_err(|_| bad())?;
            let kind = crate::entry::foul_kind(kind).ok_or_else(bad)?;
            Ok(Foul { seat, kind })
        })
        .collect()
}

/// The two-sided result of fixed pairs: south and north are the match's first pair.
fn pair_result(result: &TableResult, moves: Option<u32>) -> GameResult {
    match *result {
        TableResult::Side([first, _]) => GameResult::Win {
            winner: first % 2,
            moves,
        },
        TableResult::Draw => GameResult::Draw,
        TableResult::Escape { seat, partner_out } => GameResult::Escape {
            escaper: seat,
            partner_already_lost: partner_out,
            moves,
        },
        _ => GameResult::DoubleForfeit,
    }
}

/// A two-sided Junqi result in the tables' vocabulary (fixed pairs).
pub(crate) fn pair_result_text(result: &GameResult) -> Option<String> {
    let table = match *result {
        GameResult::Win { winner, .. } => {
            TableResult::Side(if winner == 0 { [0, 2] } else { [1, 3] })
        }
        GameResult::Draw => TableResult::Draw,
        GameResult::DoubleForfeit => TableResult::NoResult,
        GameResult::Escape {
            escaper,
            partner_already_lost,
            ..
        } => TableResult::Escape {
            seat: escaper,
            partner_out: partner_already_lost,
        },
        _ => return None,
    };
    Some(table.to_string())
}

/// The record's verdict as a table result: the finishing order when it has everyone,
/// the winner, or the winning side.
fn record_result(a: &games::Adjudication, game: TableGame) -> Option<TableResult> {
    match (a.outcome, game) {
        (games::Outcome::Win { winner }, TableGame::Junqi) => {
            Some(TableResult::Side(if winner % 2 == 0 {
                [0, 2]
            } else {
                [1, 3]
            }))
        }
        (games::Outcome::Draw, TableGame::Junqi) => Some(TableResult::Draw),
        (
            games::Outcome::Escape {
                escaper,
                partner_already_lost,
            },
            TableGame::Junqi,
        ) => Some(TableResult::Escape {
            seat: escaper,
            partner_out: partner_already_lost,
        }),
        // A surrender gives the game to the other side.
        (games::Outcome::Surrender { loser }, TableGame::Junqi) => {
            Some(TableResult::Side(if loser % 2 == 0 {
                [1, 3]
            } else {
                [0, 2]
            }))
        }
        (_, TableGame::Checkers(n)) if a.order.len() == n => {
            Some(TableResult::Order(a.order.clone()))
        }
        (games::Outcome::Win { winner }, TableGame::Checkers(_)) => Some(TableResult::Win(winner)),
        _ => None,
    }
}

/// Whether two results of a table say the same: the same winner (or side), and the
/// same order where both give one.
fn agree(a: &TableResult, b: &TableResult) -> bool {
    let first = |r: &TableResult| match r {
        TableResult::Win(w) => Some(*w),
        TableResult::Order(o) => o.first().copied(),
        _ => None,
    };
    match (a, b) {
        (TableResult::Order(x), TableResult::Order(y)) => x == y,
        (
            TableResult::Win(_) | TableResult::Order(_),
            TableResult::Win(_) | TableResult::Order(_),
        ) => first(a) == first(b),
        _ => a == b,
    }
}

struct Verdict {
    result: TableResult,
    moves: Option<u32>,
    en: String,
    zh: String,
    overridden: bool,
}

/// Replays a table's record and compares it with the typed result.
fn check_record(
    text: &str,
    game: TableGame,
    typed: TableResult,
    moves: Option<u32>,
    force: bool,
) -> Result<Verdict> {
    crate::results::bounded_record(text)?;
    let engine = match game {
        TableGame::Junqi => games::Game::Junqi,
        TableGame::Checkers(_) => games::Game::Checkers,
    };
    let a = games::adjudicate(engine, text)
        .map_err(|e| ServiceError::refused(msg!("record.refused", why = e.message())))?;
    if a.seats != game.seats() {
        return Err(ServiceError::refused(msg!(
            "table.record_seats",
            seats = a.seats,
            table = game.seats()
        )));
    }
    let expected = record_result(&a, game);
    let shown = expected
        .as_ref()
        .map_or_else(|| "*".to_string(), |r| r.to_string());
    let en = format!("{shown} ({}, {} moves)", a.ending.en, a.moves);
    let zh = format!("{shown}（{}，{} 步）", a.ending.zh, a.moves);
    let moves = moves.or(Some(a.moves));
    match expected {
        Some(e) if !agree(&e, &typed) => {
            if !force {
                return Err(ServiceError::Disagreement {
                    record: en,
                    record_zh: zh,
                    typed: typed.to_string(),
                });
            }
            Ok(Verdict {
                result: typed,
                moves,
                en,
                zh,
                overridden: true,
            })
        }
        // The record's own order knows more than a winner typed alone.
        Some(e) => Ok(Verdict {
            result: if matches!(e, TableResult::Order(_)) {
                e
            } else {
                typed
            },
            moves,
            en,
            zh,
            overridden: false,
        }),
        None => Ok(Verdict {
            result: typed,
            moves,
            en,
            zh,
            overridden: false,
        }),
    }
}

/// Who sits at a table, for the log: 甲、乙、丙.
fn players_at(c: &Competition, m: &Match) -> String {
    m.seats
        .iter()
        .map(|s| crate::views::name(c, *s).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("、")
}

impl Event {
    /// Enters (or corrects) the result of a table; nothing changes when it is refused,
    /// and a refusal names the table.
    pub fn record_table_result(&mut self, entry: TableEntry) -> Result<TableRecorded> {
        if self.competition()?.fixed_pairs() {
            return self.record_pair_result(entry);
        }
        let checked = self.check_table_entry(&entry)?;
        self.file.change_with("result", |c| {
            let (recorded, summary) = enter_checked_table(c, &entry, &checked)?;
            Ok((recorded, crate::logged(summary)))
        })
    }

    /// A table's result read and checked against its record, naming the table when
    /// refused; nothing is changed.
    pub(crate) fn check_table_entry(&self, entry: &TableEntry) -> Result<CheckedTable> {
        let c = self.competition()?;
        let (round, table) = (entry.round, entry.table);
        let stage = chosen_stage(&c, entry.stage)?;
        let game = tournament::play::table_game(&c, stage, round, table)
            .map_err(|e| at_table(round, table, e.message()))?;
        let typed = TableResult::read(&entry.result, game)
            .map_err(|e| at_table(round, table, e.message()))?;
        let fouls =
            read_fouls(&entry.fouls, game).map_err(|e| at_table(round, table, e.message()))?;
        let verdict = match &entry.record {
            Some(text) => Some(check_record(
                text,
                game,
                typed.clone(),
                entry.moves,
                entry.force,
            )?),
            None => None,
        };
        let record = TableRecord {
            result: verdict.as_ref().map_or(typed, |v| v.result.clone()),
            moves: verdict.as_ref().map_or(entry.moves, |v| v.moves),
            fouls,
            record: entry.record.clone(),
        };
        Ok(CheckedTable {
            stage,
            record,
            verdict,
        })
    }

    /// Fixed pairs meet two to a table: the vocabulary's sides are the match's pairs
    /// (south and north the first), entered as a two-sided game.
    fn record_pair_result(&mut self, entry: TableEntry) -> Result<TableRecorded> {
        let (round, table) = (entry.round, entry.table);
        let typed = TableResult::read(&entry.result, TableGame::Junqi)
            .map_err(|e| at_table(round, table, e.message()))?;
        let fouls = read_fouls(&entry.fouls, TableGame::Junqi)
            .map_err(|e| at_table(round, table, e.message()))?;
        let recorded = self.record_result(ResultEntry {
            stage: entry.stage,
            round,
            board: table,
            result: tournament::ResultText(pair_result(&typed, entry.moves)),
            game: None,
            record: entry.record,
            fouls: fouls
                .into_iter()
                .map(|f| crate::FoulSpec {
                    seat: f.seat,
                    kind: f.kind,
                })
                .collect(),
            moves: entry.moves,
            force: entry.force,
        })?;
        Ok(TableRecorded {
            round,
            table,
            result: typed.to_string(),
            words: typed.words(),
            corrected_from: recorded
                .corrected_from
                .and_then(|t| t.parse::<tournament::ResultText>().ok())
                .and_then(|r| pair_result_text(&r.0)),
            reset: recorded.reset.iter().map(|(r, b, _)| (*r, *b)).collect(),
            adjudicated: recorded.adjudicated,
            adjudicated_zh: recorded.adjudicated_zh,
            overridden: recorded.overridden,
        })
    }
}

/// A table's result checked and ready to enter.
pub(crate) struct CheckedTable {
    stage: usize,
    record: TableRecord,
    verdict: Option<Verdict>,
}

/// Enters a checked table result into the model; what happened and the log's words for
/// it. What waited for the table in the hall (double entry) is settled.
pub(crate) fn enter_checked_table(
    c: &mut Competition,
    entry: &TableEntry,
    checked: &CheckedTable,
) -> Result<(TableRecorded, messages::Message)> {
    let (round, table) = (entry.round, entry.table);
    let CheckedTable {
        stage,
        record,
        verdict,
    } = checked;
    let stage = *stage;
    let entered = tournament::play::enter_table(c, stage, round, table, record.clone())
        .map_err(|e| at_table(round, table, e.message()))?;
    let place = table_place(c, stage, round, table);
    let reset_note: Param = match entered.reset.len() {
        0 => "".into(),
        n => msg!("log.reset", matches = n).into(),
    };
    let summary = match &entered.corrected_from {
        Some(old) => msg!(
            "log.table_corrected",
            place = place,
            old = old.result.words(),
            new = record.result.words(),
            reset = reset_note
        ),
        None => msg!(
            "log.table_result",
            place = place,
            result = record.result.words(),
            reset = reset_note
        ),
    };
    c.hall.settle(stage, round, table, 1);
    let recorded = TableRecorded {
        round,
        table,
        result: record.result.to_string(),
        words: record.result.words(),
        corrected_from: entered.corrected_from.map(|r| r.result.to_string()),
        reset: entered.reset.iter().map(|(r, t, _)| (*r, *t)).collect(),
        adjudicated: verdict.as_ref().map(|v| v.en.clone()),
        adjudicated_zh: verdict.as_ref().map(|v| v.zh.clone()),
        overridden: verdict.as_ref().is_some_and(|v| v.overridden),
    };
    Ok((recorded, summary))
}

/// Where a table is, for the log: 第1阶段 分桌循环赛 第2轮 第1桌 甲、乙、丙.
pub(crate) fn table_place(
    c: &Competition,
    stage: usize,
    round: u32,
    table: u32,
) -> messages::Message {
    let s = &c.stages[stage];
    let players = tournament::play::find(s, round, table)
        .ok()
        .map(|(g, r, i)| players_at(c, &s.groups[g].rounds[r].matches[i]))
        .unwrap_or_default();
    msg!(
        "log.table_place",
        stage = &s.name,
        round = round,
        table = table,
        players = players
    )
}

/// A table result code in words for the log, both languages (the code as it is when
/// it is none).
pub(crate) fn table_code_words(
    c: &Competition,
    stage: usize,
    round: u32,
    table: u32,
    code: &str,
) -> Param {
    let game = tournament::play::table_game(c, stage, round, table).ok();
    match game.and_then(|g| TableResult::read(code, g).ok()) {
        Some(r) => r.words().into(),
        None => code.into(),
    }
}

/// One seat of a table as the pairings show it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SeatView {
    /// 1..N for checkers; `south`, `east`, `north`, `west` for Junqi.
    pub seat: serde_json::Value,
    pub name: Option<String>,
    pub club: Option<String>,
    /// Fixed pairs: the pair (team) the player plays for.
    pub side: Option<String>,
    /// The entrant's points before the round (fixed pairs: the pair's).
    #[serde(serialize_with = "crate::views::points_number")]
    pub points: tournament::Points,
    /// What the seat scored at this table, once its result is in (fixed pairs: the
    /// pair's).
    #[serde(serialize_with = "crate::views::optional_points_number")]
    pub scored: Option<tournament::Points>,
}

/// The seats of a match at a table event: every seat's player (fixed pairs: each pair's
/// two members, south and north the first pair's); empty for two-sided events.
pub(crate) fn seat_views(
    c: &Competition,
    m: &Match,
    points_of: impl Fn(tournament::EntrantId) -> tournament::Points,
) -> Vec<SeatView> {
    let junqi = c.game == GameKind::Junqi;
    let label = |s: usize| {
        if junqi {
            serde_json::Value::from(JUNQI_SEATS[s % 4])
        } else {
            serde_json::Value::from(s + 1)
        }
    };
    if c.fixed_pairs() {
        if m.is_bye() {
            return Vec::new();
        }
        // Each pair's points from its game, once entered.
        let pair_scores: Option<Vec<tournament::Points>> = m
            .games
            .first()
            .and_then(|g| g.record_by_match_seat())
            .and_then(|r| c.scoring.assess(&r, None).ok())
            .map(|scores| scores.iter().map(|s| s.points).collect());
        // South, east, north, west: the first pair's first member, the second pair's
        // first, then their second members.
        return (0..4)
            .map(|s| {
                let pair = m.seats.get(s % 2).copied().flatten();
                let team = pair.and_then(|id| c.entrant(id));
                SeatView {
                    seat: label(s),
                    name: team
                        .and_then(|t| t.members.get(s / 2))
                        .map(|p| p.name.clone()),
                    club: team.and_then(|t| t.club.clone()),
                    side: team.map(|t| t.name.clone()),
                    points: pair.map(&points_of).unwrap_or_default(),
                    scored: pair_scores.as_ref().and_then(|p| p.get(s % 2).copied()),
                }
            })
            .collect();
    }
    let Some(tables) = c.seated_tables().filter(|_| !m.is_bye()) else {
        return Vec::new();
    };
    let scored: Vec<tournament::Points> = m
        .table
        .as_ref()
        .map(|r| {
            tournament::tables::seat_results(tables, m.seats.len(), r)
                .iter()
                .map(|s| s.points)
                .collect()
        })
        .unwrap_or_default();
    m.seats
        .iter()
        .enumerate()
        .map(|(s, id)| {
            let e = id.and_then(|id| c.entrant(id));
            SeatView {
                seat: label(s),
                name: e.map(|e| e.name.clone()),
                club: e.and_then(|e| e.club.clone()),
                side: None,
                points: id.map(&points_of).unwrap_or_default(),
                scored: scored.get(s).copied(),
            }
        })
        .collect()
}

/// A table's result as it counts, in the vocabulary's words (`order:1,3,2`); what was
/// entered when the fouls or the quick-win rule made it count otherwise; and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableScored {
    pub result: String,
    pub entered: Option<String>,
    pub why: Vec<messages::Message>,
}

/// A seat named in both languages: `2号` / `seat 2`, Junqi's 南 / south.
fn seat_words(c: &Competition, seat: usize) -> messages::Param {
    use tournament::tables::result::JUNQI_SEATS_ZH;
    if c.game == GameKind::Junqi {
        messages::Param::words(
            format!("{}家", JUNQI_SEATS_ZH[seat % 4]),
            JUNQI_SEATS[seat % 4],
        )
    } else {
        messages::Param::words(format!("{}号", seat + 1), format!("seat {}", seat + 1))
    }
}

fn quick_win_words(moves: u32, limit: u32) -> messages::Message {
    msg!("table.scored.quick_win", moves = moves, limit = limit)
}

pub(crate) fn table_scored(c: &Competition, m: &Match) -> Option<TableScored> {
    if c.fixed_pairs() {
        let record = m.games.first()?.record.as_ref()?;
        let counted = record.effective(2);
        let result = pair_result_text(&counted)?;
        let entered = pair_result_text(&record.result).filter(|e| *e != result);
        let mut why = Vec::new();
        for side in 0..2 {
            if record.fouls_of(side) >= 2 {
                let words = if side == 0 {
                    messages::Param::words("南北方", "south-north")
                } else {
                    messages::Param::words("东西方", "east-west")
                };
                why.push(msg!("table.scored.two_fouls", seat = words));
            }
        }
        if let (
            GameResult::Win {
                moves: Some(moves), ..
            },
            Some(limit),
        ) = (counted, c.scoring.quick_win_moves)
            && moves < limit
        {
            why.push(quick_win_words(moves, limit));
        }
        return Some(TableScored {
            result,
            entered,
            why,
        });
    }
    let record = m.table.as_ref()?;
    let tables = c.seated_tables()?;
    let (counted, reasons) = tournament::tables::as_scored(tables, m.seats.len(), record);
    let result = counted.to_string();
    let typed = record.result.to_string();
    let why = reasons
        .into_iter()
        .flat_map(|r| match r {
            tournament::tables::ScoredOtherwise::TwoFouls(seats) => seats
                .into_iter()
                .map(|s| msg!("table.scored.two_fouls", seat = seat_words(c, s)))
                .collect::<Vec<_>>(),
            tournament::tables::ScoredOtherwise::QuickWin { moves, limit } => {
                vec![quick_win_words(moves, limit)]
            }
        })
        .collect();
    Some(TableScored {
        entered: (typed != result).then_some(typed),
        result,
        why,
    })
}

/// A table's result as it counts, in the vocabulary's words, once entered.
pub(crate) fn table_result_text(c: &Competition, m: &Match) -> Option<String> {
    table_scored(c, m).map(|t| t.result)
}

/// A table's result in words as it counts, with why it counts otherwise than entered
/// and what was entered: `1号胜（2号同一局技术犯规两次，判负；录入为：2号胜）`.
pub fn table_pairing_words(p: &crate::PairingView, game: GameKind, en: bool) -> Option<String> {
    let seats = p.seats.len();
    let result = table_result_words(p.result.as_deref()?, game, seats, en);
    let lang = if en {
        messages::Lang::En
    } else {
        messages::Lang::Zh
    };
    let mut notes: Vec<String> = p.why.iter().map(|m| messages::render(m, lang)).collect();
    if let Some(entered) = &p.entered {
        let words = table_result_words(entered, game, seats, en);
        notes.push(messages::render(
            &msg!("table.scored.entered", entered = words),
            lang,
        ));
    }
    Some(match (notes.is_empty(), en) {
        (true, _) => result,
        (false, false) => format!("{result}（{}）", notes.join("；")),
        (false, true) => format!("{result} ({})", notes.join("; ")),
    })
}

/// A table's result code (`order:2,1,3`, `south-north`) in words in the reader's
/// language; text that is no such result as it is.
pub fn table_result_words(code: &str, game: GameKind, seats: usize, en: bool) -> String {
    let table_game = match game {
        GameKind::Junqi => TableGame::Junqi,
        _ => TableGame::Checkers(seats),
    };
    let lang = if en {
        messages::Lang::En
    } else {
        messages::Lang::Zh
    };
    match TableResult::read(code, table_game) {
        Ok(r) => messages::render(&r.words(), lang),
        // A checkers table whose winner fouled out counts as no result, which is not
        // typed there.
        Err(_) if code == "none" => messages::render(&TableResult::NoResult.words(), lang),
        Err(_) => code.to_string(),
    }
}
