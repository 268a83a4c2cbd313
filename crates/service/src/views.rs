//! What front ends show: plain structs, serializable to JSON.

use std::sync::Arc;

use messages::{Message, msg};
use serde::Serialize;
use tournament::{Competition, Entrant, EntrantId, Match, Points, stage as progress};

use crate::select::chosen_stage;
use crate::{Event, Result, ServiceError};
use tournament::Seating;
use tournament::result::text;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntrantView {
    pub id: u32,
    pub name: String,
    pub club: Option<String>,
    pub rating: Option<u32>,
    pub seed: Option<u32>,
    pub members: Vec<String>,
    pub withdrawn: bool,
    /// 编号: his number in the stage being played (the one its wall chart and
    /// pairing sheets cite), once it is drawn.
    pub pairing_number: Option<u32>,
    /// Date of birth (`2016-01-01`) and gender (`m`, `w`), where given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub born: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gender: Option<char>,
}

impl EntrantView {
    pub fn of(e: &Entrant) -> EntrantView {
        EntrantView {
            id: e.id.0,
            name: e.name.clone(),
            club: e.club.clone(),
            rating: e.rating,
            seed: e.seed,
            members: e.members.iter().map(|m| m.name.clone()).collect(),
            withdrawn: e.withdrawn,
            pairing_number: None,
            born: e
                .details
                .birth
                .as_deref()
                .map(|b| match tournament::Date::parse(b) {
                    Some(date) => date.to_string(),
                    None => b.to_string(),
                }),
            gender: e.details.sex,
        }
    }
}

/// 编号 of `id` in its group of stage `stage`: the order of the group's entrants (as
/// drawn, late entries after), which the wall chart and pairing sheets cite.
pub(crate) fn pairing_number(c: &Competition, stage: usize, id: EntrantId) -> Option<u32> {
    c.stages.get(stage)?.groups.iter().find_map(|g| {
        g.entrants
            .iter()
            .position(|&e| e == id)
            .map(|k| k as u32 + 1)
    })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameView {
    pub game: u32,
    /// The entrant playing red in this game.
    pub red: Option<String>,
    /// The scored result: a game lost on two fouls shows as lost, whatever was typed.
    pub result: Option<String>,
    /// Each foul: the seat and its kind, in words.
    pub fouls: Vec<messages::Message>,
    /// The result is the two-foul rule's, not the one typed (which stays in the log).
    pub two_fouls: bool,
    /// A game record is kept with the result (`Event::game_moves` gives it).
    pub has_record: bool,
}

/// One board of a team match: who plays it, with which colour, and its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub board: u32,
    /// The player on red (a member's name).
    pub red: Option<String>,
    pub black: Option<String>,
    /// The team each plays for.
    pub red_team: Option<String>,
    pub black_team: Option<String>,
    pub result: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairingView {
    pub stage: usize,
    pub group: String,
    pub round: u32,
    pub board: u32,
    /// The first entrant (red in the first game).
    pub red: Option<String>,
    /// The second entrant; `None` for a bye.
    pub black: Option<String>,
    pub red_club: Option<String>,
    pub black_club: Option<String>,
    /// 编号 of the two in their group, as the wall chart cites them.
    pub red_number: Option<u32>,
    pub black_number: Option<u32>,
    #[serde(serialize_with = "points_number")]
    pub red_points: Points,
    #[serde(serialize_with = "points_number")]
    pub black_points: Points,
    /// The result once the match is over: the game's, or the score of a multi-game
    /// or team match; `None` until then.
    pub result: Option<String>,
    /// The score so far, shown while a multi-game or team match is under way.
    pub score: Option<String>,
    pub games: Vec<GameView>,
    pub third_place: bool,
    /// A single game decided by the two-foul rule: sheets say so beside the result.
    pub two_fouls: bool,
    /// Team matches: every board's players and colours (the first-named team red on
    /// odd boards); empty for individual games.
    pub boards: Vec<BoardView>,
    /// Tables of three to six, and four-player Junqi's pairs: every seat's player in
    /// turn order; empty for two-sided games.
    pub seats: Vec<crate::SeatView>,
    /// A single game's result as it counts, in words (死局·红方领先, 2号胜, 南北方胜).
    pub result_words: Option<messages::Message>,
    /// A game whose fouls or quick-win rule made it count otherwise: the result as
    /// entered (`result` is as it counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entered: Option<String>,
    /// What was entered, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entered_words: Option<messages::Message>,
    /// Why a game counts otherwise than entered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub why: Vec<messages::Message>,
    /// A knockout match once decided: who went through (a bye's entrant too).
    pub winner: Option<String>,
    /// `lots` when a drawing of lots settled a tied match.
    pub settled_by: Option<&'static str>,
    /// One of its entrants withdrew with his games annulled: it counts for nobody and
    /// takes no result.
    pub annulled: bool,
}

impl PairingView {
    /// Who went through by lots, as sheets print it after the result: " 甲（抽签）";
    /// empty unless lots settled the match.
    pub fn lots_note(&self, lang: messages::Lang) -> String {
        match (self.settled_by, &self.winner) {
            (Some("lots"), Some(winner)) => {
                let words = messages::render(&msg!("pairing.by_lots", winner = winner), lang);
                format!(" {words}")
            }
            _ => String::new(),
        }
    }

    /// The result in words (the score so far while a match is under way), with who
    /// went through when lots settled it; an annulled match says so.
    pub fn result_in_words(&self, c: &Competition, lang: messages::Lang) -> Option<String> {
        let text = self.result.as_ref().or(self.score.as_ref());
        if self.annulled {
            let word = messages::render(&messages::Message::new("pairing.annulled"), lang);
            return Some(match text {
                Some(t) => format!("{}（{word}）", crate::print::in_words(t, c, lang)),
                None => word,
            });
        }
        Some(format!(
            "{}{}",
            crate::print::in_words(text?, c, lang),
            self.lots_note(lang)
        ))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TiebreakValue {
    // The column's words are shared by its rows (a 2,000-row table would copy them
    // eight thousand times).
    /// A stable code: the FIDE acronym (`BH-C1`) or the criterion's short name (`sb`).
    pub code: Arc<str>,
    pub name: Arc<str>,
    pub name_en: Arc<str>,
    /// A short English title for narrow columns (SB, BH-1, ...).
    pub short_en: Arc<str>,
    /// As people read it (`14`, `12.5`); empty where not applied.
    pub value: String,
}

impl TiebreakValue {
    /// A criterion's column: its code and names, no value yet (worded once a table,
    /// not once a row).
    fn column(criterion: &tournament::Criterion) -> TiebreakValue {
        TiebreakValue {
            code: criterion.code().into(),
            name: criterion.name_in(messages::Lang::Zh).into(),
            name_en: criterion.name_in(messages::Lang::En).into(),
            short_en: criterion.short_en().into(),
            value: String::new(),
        }
    }

    /// One row's value in this column as the standings show it; empty where not applied.
    fn with(&self, criterion: &tournament::Criterion, value: Option<i64>) -> TiebreakValue {
        TiebreakValue {
            value: value.map(|v| criterion.format_value(v)).unwrap_or_default(),
            ..self.clone()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StandingRowView {
    pub group: String,
    pub rank: u32,
    pub shared_to: u32,
    pub id: u32,
    pub name: String,
    pub club: Option<String>,
    /// `None` in a knockout: its standings are places, not points.
    #[serde(serialize_with = "optional_points_number")]
    pub points: Option<Points>,
    pub tiebreaks: Vec<TiebreakValue>,
    pub playoff: bool,
    /// The tie this entrant was in was settled by a playoff: `games` or `lots`.
    pub settled_by: Option<tournament::SettledBy>,
    /// The place waits for a match still undecided: a knockout's third-place match.
    pub undecided: bool,
    /// The entrant withdrew (退赛): `forfeits` (his games still to play were lost by
    /// forfeit) or `annulled` (all his games annulled: listed last, without points).
    pub withdrawn: Option<&'static str>,
}

impl StandingRowView {
    /// The place as sheets print it: `3`, a shared `3–4`, or `—` for an entrant whose
    /// games were annulled.
    pub fn rank_text(&self) -> String {
        match self.withdrawn {
            Some("annulled") => "—".to_string(),
            _ if self.rank == self.shared_to => self.rank.to_string(),
            _ => format!("{}–{}", self.rank, self.shared_to),
        }
    }

    /// The standings' note column: a withdrawal, the third-place match still open, a
    /// playoff needed, or how a tie was settled.
    pub fn note(&self, lang: messages::Lang) -> String {
        let code = match (self.undecided, self.playoff, self.settled_by) {
            _ if self.withdrawn == Some("annulled") => "standings.note.annulled",
            _ if self.withdrawn.is_some() => "standings.note.withdrawn",
            (true, _, _) => "standings.note.third_place_open",
            (false, true, _) => "standings.note.playoff",
            (false, false, Some(tournament::SettledBy::Games)) => "standings.note.by_games",
            (false, false, Some(tournament::SettledBy::Lots)) => "standings.note.by_lots",
            (false, false, None) => return String::new(),
        };
        messages::render(&messages::Message::new(code), lang)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StandingsView {
    pub stage: usize,
    pub stage_name: String,
    /// The stage's name in the reader's language.
    pub stage_title: messages::Message,
    pub knockout: bool,
    pub rows: Vec<StandingRowView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogView {
    pub id: i64,
    pub at: String,
    pub operation: String,
    /// What the change did: a message of the catalogue (`{"code", "params"}`), or the
    /// text an older file kept.
    pub summary: serde_json::Value,
    pub undone: bool,
    pub rows_changed: usize,
    /// In an event of several competitions: the competition the change was made in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub competition: Option<String>,
}

impl From<store::AuditEntry> for LogView {
    fn from(e: store::AuditEntry) -> LogView {
        LogView {
            competition: None,
            id: e.id,
            at: e.at,
            operation: e.operation,
            summary: crate::summary_value(&e.summary),
            undone: e.undone,
            rows_changed: e.changes.len(),
        }
    }
}

/// A game's result as it counts: two fouls in one game lose it.
pub(crate) fn scored_text(record: &tournament::GameRecord, seating: Seating) -> String {
    text::code(&record.effective(seating), seating)
}

/// Whether the two-foul rule, not the board, decided a game.
fn lost_on_fouls(record: &tournament::GameRecord, seating: Seating) -> bool {
    record.effective(seating) != record.result
}

/// The result shown for a match: the game's as it counts, or the score so far of a
/// multi-game match (in games, draws as halves) or of a team match (game points).
pub(crate) fn match_result_text(c: &Competition, m: &Match) -> Option<String> {
    result_text_scored(c, m, crate::scored::scored(c, m).as_ref())
}

/// [`match_result_text`] when the match's single game is scored already.
fn result_text_scored(
    c: &Competition,
    m: &Match,
    scored: Option<&crate::scored::Scored>,
) -> Option<String> {
    if !c.is_team() && m.games.len() == 1 {
        return scored.map(|s| s.result.clone());
    }
    tournament::play::match_score(c, m).map(|[a, b]| format!("{a}-{b}"))
}

/// Whether a match needs no more games (`needs_winner`: the stage's format asks for
/// a winner of every match).
fn match_over(c: &Competition, stage: &tournament::Stage, needs_winner: bool, m: &Match) -> bool {
    if needs_winner {
        m.is_bye() || progress::match_winner(c, stage.settings.match_format, m).is_some()
    } else {
        tournament::stage::match_complete(c, stage.settings.match_format, m)
    }
}

impl Event {
    /// The pairings of the current stage (every round, or one).
    /// The pairings of a stage (1-based; the current one by default), of one round or
    /// all. A round the stage does not have is refused.
    pub fn pairings(&self, stage: Option<usize>, round: Option<u32>) -> Result<Vec<PairingView>> {
        let c = self.competition()?;
        pairings_of(&c, pairings_stage(&c, stage, round)?, round)
    }

    /// [`Event::pairings`] handed to `each` one at a time, in the same order: for
    /// writing a big event's pairings without holding them all.
    pub fn each_pairing(
        &self,
        stage: Option<usize>,
        round: Option<u32>,
        each: impl FnMut(PairingView),
    ) -> Result<()> {
        let c = self.competition()?;
        each_pairing_of(&c, pairings_stage(&c, stage, round)?, round, each)
    }

    pub fn standings(&self, stage: Option<usize>) -> Result<StandingsView> {
        let c = self.competition()?;
        let stage = chosen_stage(&c, stage)?;
        standings_of(&c, stage)
    }
}

/// The stage whose pairings are asked for (the current one by default), once the round
/// asked for is known to be one of it.
fn pairings_stage(c: &Competition, stage: Option<usize>, round: Option<u32>) -> Result<usize> {
    let stage = chosen_stage(c, stage)?;
    if let Some(r) = round {
        let rounds = c.stages[stage]
            .groups
            .iter()
            .flat_map(|g| g.rounds.iter().map(|r| r.number))
            .max()
            .unwrap_or(0);
        if r == 0 || r > rounds {
            return Err(ServiceError::refused(msg!(
                "round.none_so_far",
                stage = stage + 1,
                round = r,
                rounds = rounds
            )));
        }
    }
    Ok(stage)
}

pub(crate) fn name(c: &Competition, id: Option<EntrantId>) -> Option<String> {
    id.map(|id| {
        c.entrant(id)
            .map_or_else(|| format!("#{}", id.0), |e| e.name.clone())
    })
}

pub(crate) fn pairings_of(
    c: &Competition,
    stage: usize,
    only: Option<u32>,
) -> Result<Vec<PairingView>> {
    // Room made once: a view is large, and a big event has thousands.
    let matches = c.stages.get(stage).map_or(0, |s| {
        s.groups
            .iter()
            .flat_map(|g| &g.rounds)
            .filter(|r| only.is_none_or(|n| n == r.number))
            .map(|r| r.matches.len())
            .sum()
    });
    let mut out = Vec::with_capacity(matches);
    each_pairing_of(c, stage, only, |p| out.push(p))?;
    Ok(out)
}

/// The pairings of a stage (or of one round of it) in order of round and board, each
/// handed to `each` as it is made: a big event's list need not be held whole.
pub(crate) fn each_pairing_of(
    c: &Competition,
    stage: usize,
    only: Option<u32>,
    mut each: impl FnMut(PairingView),
) -> Result<()> {
    let s = c
        .stages
        .get(stage)
        .ok_or_else(|| ServiceError::refused(msg!("stage.none", stage = stage + 1)))?;
    let needs_winner = tournament::format::of(&s.settings.format)
        .capabilities()
        .needs_winner;
    // 序号: each entrant's place in its group's draw order, looked up once.
    let numbers: ById<u32> = s
        .groups
        .iter()
        .flat_map(|g| {
            g.entrants
                .iter()
                .enumerate()
                .map(|(k, &e)| (e, k as u32 + 1))
        })
        .collect();
    let fields = s
        .groups
        .iter()
        .map(|group| progress::group_field(c, group, s.settings.match_format.best_of))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    // Each entrant's total and encounters, looked up once for all its rounds.
    let so_far: Vec<ById<(Points, &[tournament::Encounter])>> = s
        .groups
        .iter()
        .zip(&fields)
        .map(|(group, field)| {
            group
                .entrants
                .iter()
                .map(|&id| (id, (field.total(id), field.encounters(id))))
                .collect()
        })
        .collect();
    for Placed {
        group: g,
        round: r,
        index: k,
        board,
    } in in_board_order(s, only)
    {
        let group = &s.groups[g];
        let round = &group.rounds[r];
        let m = &round.matches[k];
        // Points before the round, for the pairing sheet: the total less what this
        // round and later ones brought (a late entrant's starting points count from
        // the start).
        let before = |id: &EntrantId| -> Points {
            so_far[g]
                .get(id)
                .map_or(Points::ZERO, |(total, encounters)| {
                    let later: Points = encounters
                        .iter()
                        .filter(|e| e.round >= round.number)
                        .map(|e| e.points)
                        .sum();
                    *total - later
                })
        };
        let seating = c.seating_of(m);
        let seat = |i: usize| m.seats.get(i).copied().flatten();
        let club = |i: usize| {
            seat(i)
                .and_then(|id| c.entrant(id))
                .and_then(|e| e.club.clone())
        };
        let games = m
            .games
            .iter()
            .enumerate()
            .map(|(k, game)| GameView {
                game: k as u32 + 1,
                red: name(c, seat(game.red)),
                result: game.record.as_ref().map(|r| scored_text(r, seating)),
                two_fouls: game
                    .record
                    .as_ref()
                    .is_some_and(|r| lost_on_fouls(r, seating)),
                has_record: game.moves.is_some(),
                fouls: game
                    .record
                    .iter()
                    .flat_map(|r| r.fouls.iter())
                    .map(|f| {
                        msg!(
                            "foul.at_seat",
                            seat = crate::scored::seat_label(seating, f.seat),
                            kind = f.kind.words()
                        )
                    })
                    .collect(),
            })
            .collect();
        let winner = needs_winner
            .then(|| progress::match_winner(c, s.settings.match_format, m))
            .flatten();
        let scored = crate::scored::scored(c, m);
        let score = result_text_scored(c, m, scored.as_ref());
        // The single game's words, moved out rather than copied.
        let (result_words, entered, entered_words, why) = match scored {
            Some(t) => (Some(t.words), t.entered, t.entered_words, t.why),
            None => (None, None, None, Vec::new()),
        };
        each(PairingView {
            stage: stage + 1,
            group: group.name.clone(),
            round: round.number,
            board,
            red: name(c, seat(0)),
            black: name(c, seat(1)),
            red_club: club(0),
            black_club: club(1),
            red_number: seat(0).and_then(|id| numbers.get(&id).copied()),
            black_number: seat(1).and_then(|id| numbers.get(&id).copied()),
            red_points: seat(0).map(|id| before(&id)).unwrap_or_default(),
            black_points: seat(1).map(|id| before(&id)).unwrap_or_default(),
            result: match_over(c, s, needs_winner, m)
                .then(|| score.clone())
                .flatten(),
            score,
            games,
            third_place: m.third_place,
            two_fouls: !c.is_team()
                && m.games.len() == 1
                && m.games[0]
                    .record
                    .as_ref()
                    .is_some_and(|r| lost_on_fouls(r, seating)),
            boards: board_views(c, m),
            seats: crate::scored::seat_views(c, m, |id| before(&id)),
            result_words,
            entered,
            entered_words,
            why,
            winner: winner.and_then(|id| name(c, Some(id))),
            settled_by: (winner.is_some() && !m.is_bye() && m.lots.is_some()).then_some("lots"),
            annulled: m
                .seats
                .iter()
                .flatten()
                .any(|&id| c.entrant(id).is_some_and(|e| e.annulled)),
        });
    }
    Ok(())
}

/// What a pairing looks up by entrant, a few times for each of thousands of pairings:
/// hashed by a fast fixed hash, not the default one made to resist chosen keys.
type ById<T> = std::collections::HashMap<EntrantId, T, foldhash::fast::FixedState>;

/// Where a match of a stage stands: its group, its round and its place in the round
/// (indices), and its stage-wide board.
struct Placed {
    group: usize,
    round: usize,
    index: usize,
    board: u32,
}

/// A stage's matches (of every round, or of one) in order of round and stage-wide
/// board: already so unless the stage has several groups.
fn in_board_order(s: &tournament::Stage, only: Option<u32>) -> Vec<Placed> {
    let mut order = Vec::new();
    for (g, group) in s.groups.iter().enumerate() {
        for (r, round) in group.rounds.iter().enumerate() {
            if only.is_some_and(|n| n != round.number) {
                continue;
            }
            for (k, m) in round.matches.iter().enumerate() {
                order.push((
                    round.number,
                    Placed {
                        group: g,
                        round: r,
                        index: k,
                        board: tournament::play::stage_board(s, g, round.number, m.board),
                    },
                ));
            }
        }
    }
    if !order.is_sorted_by_key(|(round, p)| (*round, p.board)) {
        order.sort_by_key(|(round, p)| (*round, p.board));
    }
    order.into_iter().map(|(_, p)| p).collect()
}

/// Every board of a team match with its players.
pub(crate) fn board_views(c: &Competition, m: &Match) -> Vec<BoardView> {
    if !c.is_team() || m.is_bye() {
        return Vec::new();
    }
    let member = |who: Option<(EntrantId, usize)>| {
        who.and_then(|(team, k)| c.entrant(team)?.members.get(k).map(|p| p.name.clone()))
    };
    let team = |who: Option<(EntrantId, usize)>| name(c, who.map(|w| w.0));
    tournament::team::boards_of(c, m)
        .into_iter()
        .zip(&m.games)
        .map(|(b, game)| BoardView {
            board: b.board,
            red: member(b.red),
            black: member(b.black),
            red_team: team(b.red),
            black_team: team(b.black),
            result: game
                .record
                .as_ref()
                .map(|r| scored_text(r, Seating::TwoSides)),
        })
        .collect()
}

/// Stage standings worked out once each, for a run that shows them several times,
/// perhaps on several threads: an export's standings sheet, wall charts and club
/// totals; a results book's standings, final ranking and club totals. The first to
/// ask works them out; the others wait for them.
#[derive(Default)]
pub(crate) struct StandingsOnce {
    known: std::sync::Mutex<std::collections::HashMap<(usize, usize), Arc<StandingsSlot>>>,
}

/// One stage's standings, or `None` where they were refused.
type StandingsSlot = std::sync::OnceLock<Option<Arc<StandingsView>>>;

impl StandingsOnce {
    pub(crate) fn of(&self, c: &Competition, stage: usize) -> Result<Arc<StandingsView>> {
        // Competitions are told apart by address: those of a run outlive it.
        let key = (std::ptr::from_ref(c) as usize, stage);
        let slot = Arc::clone(
            self.known
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .entry(key)
                .or_default(),
        );
        match slot.get_or_init(|| standings_of(c, stage).ok().map(Arc::new)) {
            Some(table) => Ok(Arc::clone(table)),
            // The refusal, asked again: a refusal is rare and not kept.
            None => standings_of(c, stage).map(Arc::new),
        }
    }
}

pub(crate) fn standings_of(c: &Competition, stage: usize) -> Result<StandingsView> {
    let s = &c.stages[stage];
    if s.groups.is_empty() {
        return Err(ServiceError::refused(msg!(
            "stage.not_drawn",
            stage = stage + 1
        )));
    }
    let mut rows = Vec::new();
    let knockout = !tournament::format::of(&s.settings.format)
        .capabilities()
        .points_table;
    // Those of an undecided third-place match: an entrant plays in one group only.
    let open: Vec<EntrantId> = progress::open_third_place(c, stage)
        .into_iter()
        .flat_map(|o| o.entrants)
        .collect();
    for (g, group) in s.groups.iter().enumerate() {
        let entrant = |id: EntrantId| c.entrant(id);
        if knockout {
            let format = tournament::format::of(&s.settings.format);
            let places = match progress::knockout_placings(c, s.settings.match_format, group) {
                // A knockout at tables places by the tables' orders.
                _ if format.capabilities().tables => format.placings(c, stage, g)?,
                Ok(p) => p,
                // Not finished: those still in share the places not yet decided.
                Err(_) => provisional_places(c, s.settings.match_format, group),
            };
            let mut places = places;
            places.sort_by_key(|&(id, p)| (p, id));
            for (id, place) in places {
                let e = entrant(id);
                rows.push(StandingRowView {
                    group: group.name.clone(),
                    rank: place.first,
                    shared_to: place.last,
                    id: id.0,
                    name: e.map_or_else(String::new, |e| e.name.clone()),
                    club: e.and_then(|e| e.club.clone()),
                    points: None,
                    tiebreaks: Vec::new(),
                    playoff: false,
                    settled_by: None,
                    undecided: open.contains(&id),
                    withdrawn: withdrawal(e),
                });
            }
            continue;
        }
        let (field, table) = progress::group_standings(c, stage, g)?;
        let columns: Vec<TiebreakValue> = table
            .criteria
            .iter()
            .skip(1)
            .map(TiebreakValue::column)
            .collect();
        for row in &table.rows {
            let e = entrant(row.entrant);
            let tiebreaks = columns
                .iter()
                .zip(table.criteria.iter().zip(&row.values).skip(1))
                .map(|(column, (criterion, &value))| column.with(criterion, value))
                .collect();
            rows.push(StandingRowView {
                group: group.name.clone(),
                rank: row.place.first,
                shared_to: row.place.last,
                id: row.entrant.0,
                name: e.map_or_else(String::new, |e| e.name.clone()),
                club: e.and_then(|e| e.club.clone()),
                points: Some(field.total(row.entrant)),
                tiebreaks,
                playoff: row.playoff,
                settled_by: row.settled_by,
                undecided: false,
                withdrawn: withdrawal(e),
            });
        }
        // Those whose games were annulled leave the table; listed after it, marked.
        let last = rows
            .iter()
            .filter(|r| r.group == group.name)
            .map(|r| r.shared_to)
            .max();
        for e in group
            .entrants
            .iter()
            .filter_map(|&id| entrant(id))
            .filter(|e| e.annulled)
        {
            let place = last.unwrap_or(0) + 1;
            rows.push(StandingRowView {
                group: group.name.clone(),
                rank: place,
                shared_to: place,
                id: e.id.0,
                name: e.name.clone(),
                club: e.club.clone(),
                points: None,
                tiebreaks: columns.clone(),
                playoff: false,
                settled_by: None,
                undecided: false,
                withdrawn: Some("annulled"),
            });
        }
    }
    Ok(StandingsView {
        stage: stage + 1,
        stage_name: s.name.clone(),
        stage_title: crate::stage_title(c, stage),
        knockout,
        rows,
    })
}

/// How an entrant withdrew, if he did.
fn withdrawal(e: Option<&Entrant>) -> Option<&'static str> {
    match e {
        Some(e) if e.annulled => Some("annulled"),
        Some(e) if e.withdrawn => Some("forfeits"),
        _ => None,
    }
}

/// Places of an unfinished knockout: the eliminated by round, the rest sharing the top.
fn provisional_places(
    c: &Competition,
    format: tournament::MatchFormat,
    group: &tournament::Group,
) -> Vec<(EntrantId, tournament::Place)> {
    let size = group.bracket().map_or(2, |b| b.size()) as u32;
    let mut out = Vec::new();
    let mut out_ids = std::collections::BTreeSet::new();
    for round in &group.rounds {
        for m in round.matches.iter().filter(|m| !m.third_place) {
            if let Some(w) = progress::match_winner(c, format, m) {
                for id in m.seats.iter().flatten().filter(|&&id| id != w) {
                    let first = (size >> round.number) + 1;
                    out.push((
                        *id,
                        tournament::Place {
                            first,
                            last: size >> (round.number - 1),
                        },
                    ));
                    out_ids.insert(*id);
                }
            }
        }
    }
    let still_in: Vec<EntrantId> = group
        .entrants
        .iter()
        .copied()
        .filter(|id| !out_ids.contains(id))
        .collect();
    let n = still_in.len() as u32;
    for id in still_in {
        out.push((
            id,
            tournament::Place {
                first: 1,
                last: n.max(1),
            },
        ));
    }
    out
}

/// Points as a plain number in JSON (1.5, not quarters).
pub(crate) fn points_number<S: serde::Serializer>(
    p: &Points,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    points_value(*p).serialize(s)
}

pub(crate) fn optional_points_number<S: serde::Serializer>(
    p: &Option<Points>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    p.map(points_value).serialize(s)
}

pub fn points_value(p: Points) -> serde_json::Value {
    let q = p.quarters();
    if q % 4 == 0 {
        serde_json::json!(q / 4)
    } else {
        serde_json::json!(q as f64 / 4.0)
    }
}

/// How one value of the standings was computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExplanationView {
    pub entrant: String,
    pub criterion: String,
    pub criterion_en: String,
    pub value: String,
    /// For criteria computed among the tied (head-to-head): the entrants tied on the
    /// criteria before it. Empty for the others.
    pub among: Vec<String>,
    pub parts: Vec<ExplanationPart>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExplanationPart {
    pub round: Option<u32>,
    pub opponent: Option<String>,
    pub amount: String,
    /// What the part is (对手积分, a bye's value), a message.
    pub note: Message,
}

impl Event {
    /// How every value of `who`'s row (a registration number or a name) was computed:
    /// points, then each tiebreak that applied to him.
    pub fn explain_entrant(&self, stage: Option<usize>, who: &str) -> Result<Vec<ExplanationView>> {
        let c = self.competition()?;
        let id = crate::select::entrant_named(&c, who)?;
        let stage_index = chosen_stage(&c, stage)?;
        let levels = c.stages[stage_index].settings.tiebreaks.len();
        let mut values = Vec::new();
        let mut first_error = None;
        for level in 0..levels {
            match self.explain(stage, id.0, level) {
                Ok(v) => values.push(v),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (values.is_empty(), first_error) {
            (true, Some(e)) => Err(e),
            _ => Ok(values),
        }
    }

    /// How `entrant`'s value of criterion `level` (0 = points, then the tiebreaks in
    /// order) was computed in the current or a given stage (1-based).
    pub fn explain(
        &self,
        stage: Option<usize>,
        entrant: u32,
        level: usize,
    ) -> Result<ExplanationView> {
        let c = self.competition()?;
        let stage = chosen_stage(&c, stage)?;
        let id = EntrantId(entrant);
        let s = &c.stages[stage];
        let group = s
            .groups
            .iter()
            .position(|g| g.entrants.contains(&id))
            .ok_or_else(|| {
                ServiceError::refused(msg!("explain.not_in_stage", entrant = entrant))
            })?;
        let (field, table) = progress::group_standings(&c, stage, group)?;
        let criterion = table.criteria.get(level).ok_or_else(|| {
            ServiceError::refused(msg!("explain.no_level", criteria = table.criteria.len()))
        })?;
        let explained = table.explain(&field, id, level).ok_or_else(|| {
            ServiceError::refused(msg!(
                "explain.no_value",
                criterion = criterion.name(),
                entrant = entrant
            ))
        })?;
        let name_of = |id: EntrantId| name(&c, Some(id)).unwrap_or_default();
        Ok(ExplanationView {
            entrant: name_of(id),
            criterion: criterion.name_in(messages::Lang::Zh).to_string(),
            criterion_en: criterion.name_in(messages::Lang::En),
            value: criterion.format_value(explained.value),
            // Only criteria computed among the tied (head-to-head) depend on who is tied.
            among: if criterion.among_tied() {
                table.tied_at(id, level).into_iter().map(name_of).collect()
            } else {
                Vec::new()
            },
            parts: explained
                .parts
                .iter()
                .map(|p| ExplanationPart {
                    round: p.round,
                    opponent: p.opponent.map(name_of),
                    amount: criterion.format_value(p.amount),
                    note: Message::new(p.note),
                })
                .collect(),
        })
    }
}

impl Event {
    /// The game record kept with a result: of game `game` (1-based; the first by
    /// default) of round `round`, board `board` of a stage (the current one by default).
    pub fn game_moves(
        &self,
        stage: Option<usize>,
        round: u32,
        board: u32,
        game: Option<u32>,
    ) -> Result<Option<String>> {
        let c = self.competition()?;
        let stage = chosen_stage(&c, stage)?;
        let s = &c.stages[stage];
        let (g, r, i) = tournament::play::find(s, round, board)?;
        let index = game.unwrap_or(1).saturating_sub(1) as usize;
        Ok(s.groups[g].rounds[r].matches[i]
            .games
            .get(index)
            .and_then(|game| game.moves.clone()))
    }
}
