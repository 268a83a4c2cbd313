//! The hall: sector arbiters and their tokens, results entered from their phones (once,
//! or twice when the event asks for double entry), and what waits for the chief arbiter.
//!
//! A token is shown once, when it is made; the event file keeps its SHA-256 only. A
//! token is 128 random bits, so a plain hash is enough: nothing to guess.

use messages::{Message, msg};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tournament::Competition;
use tournament::hall::{Arbiter, PendingEntry, Span};

use crate::results::{Recorded, ResultEntry, code_words, enter_checked, place_words};
use crate::select::chosen_stage;
use crate::{Event, Result, ServiceError, TextField, clean};

/// A sector arbiter to add: `boards` and `rounds` as organizers write them (`1-20`);
/// absent for all.
#[derive(Debug, Clone, Default)]
pub struct NewArbiter {
    pub name: String,
    pub boards: Option<String>,
    pub rounds: Option<String>,
}

/// An arbiter as the chief arbiter sees it: never the token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ArbiterView {
    pub name: String,
    /// `1-20`; `None` for every board.
    pub boards: Option<String>,
    /// `None` for every round.
    pub rounds: Option<String>,
}

impl From<&Arbiter> for ArbiterView {
    fn from(a: &Arbiter) -> ArbiterView {
        ArbiterView {
            name: a.name.clone(),
            boards: a.boards.map(|s| s.to_string()),
            rounds: a.rounds.map(|s| s.to_string()),
        }
    }
}

/// A token just made: shown once, kept hashed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Issued {
    pub name: String,
    pub token: String,
}

/// One entry of a game waiting in the hall.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryView {
    pub by: String,
    pub result: String,
    /// The result in words (红方胜, 2号胜).
    pub words: messages::Param,
}

/// A game whose result waits: its entries so far, and whether they disagree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingView {
    /// 1-based.
    pub stage: usize,
    pub round: u32,
    pub board: u32,
    pub game: u32,
    pub red: Option<String>,
    pub black: Option<String>,
    /// A table of three to six: every seat's player in turn order.
    pub seats: Vec<String>,
    /// Where: 第 1 轮 第 3 台 第 1 局, 第 2 轮 第 1 桌.
    pub place: Message,
    pub entries: Vec<EntryView>,
    pub disputed: bool,
}

/// What became of an arbiter's entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum HallEntry {
    /// The result counts: entered once (no double entry), or confirmed by a second entry.
    Counted {
        recorded: Box<Recorded>,
        /// The arbiter whose earlier entry this one agreed with.
        confirmed_by: Option<String>,
    },
    /// Double entry: it counts once a second arbiter enters the same.
    Waiting,
    /// Double entry: another arbiter entered something else; the chief arbiter decides.
    Disputed { others: Vec<EntryView> },
}

/// An entry tried on a copy of the event: the game it went to, its result as typed
/// back, whether it would correct a result, and the log's words for it.
struct Trial {
    game: u32,
    result: String,
    corrects: bool,
    summary: Message,
    counted: Box<Recorded>,
}

fn hash(token: &str) -> String {
    let digest = Sha256::digest(token.trim().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Equal strings (tokens, their hashes), compared in time independent of where they
/// differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |diff, (x, y)| diff | (x ^ y))
            == 0
}

fn new_token() -> Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServiceError::refused(msg!("hall.no_randomness", why = e.to_string())))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn span(field: Message, text: Option<&str>) -> Result<Option<Span>> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    text.parse()
        .map(Some)
        .map_err(|_| ServiceError::refused(msg!("hall.bad_span", field = field, text = text)))
}

fn no_arbiter(name: &str) -> ServiceError {
    ServiceError::refused(msg!("hall.no_arbiter", arbiter = name))
}

/// The sector an arbiter covers, in words.
pub(crate) fn sector_words(a: &Arbiter) -> Message {
    let boards = match a.boards {
        Some(b) => msg!("hall.boards", boards = b.to_string()),
        None => msg!("hall.all_boards"),
    };
    match a.rounds {
        Some(r) => msg!(
            "hall.sector_rounds",
            boards = boards,
            rounds = r.to_string()
        ),
        None => boards,
    }
}

impl Event {
    /// Adds a sector arbiter; its token is answered once and kept only as a hash.
    pub fn add_arbiter(&mut self, new: NewArbiter) -> Result<Issued> {
        let name = clean(TextField::Name, &new.name)?;
        if name.is_empty() {
            return Err(ServiceError::refused(msg!("hall.name_needed")));
        }
        let boards = span(msg!("hall.field_boards"), new.boards.as_deref())?;
        let rounds = span(msg!("hall.field_rounds"), new.rounds.as_deref())?;
        let token = new_token()?;
        let arbiter = Arbiter {
            name: name.clone(),
            token_hash: hash(&token),
            boards,
            rounds,
        };
        self.change_hall(|c| {
            if c.hall.arbiter(&name).is_some() {
                return Err(ServiceError::refused(msg!("hall.exists", arbiter = &name)));
            }
            let summary = msg!(
                "log.arbiter_added",
                arbiter = &name,
                sector = sector_words(&arbiter)
            );
            c.hall.arbiters.push(arbiter.clone());
            Ok(((), crate::logged(summary)))
        })?;
        Ok(Issued { name, token })
    }

    /// A new token for an arbiter (the old one stops working): for a lost phone or
    /// link.
    pub fn reissue_arbiter(&mut self, name: &str) -> Result<Issued> {
        let token = new_token()?;
        let name = name.trim().to_string();
        self.change_hall(|c| {
            let a = c
                .hall
                .arbiters
                .iter_mut()
                .find(|a| a.name == name)
                .ok_or_else(|| no_arbiter(&name))?;
            a.token_hash = hash(&token);
            Ok::<_, ServiceError>((
                (),
                crate::logged(msg!("log.arbiter_token", arbiter = &name)),
            ))
        })?;
        Ok(Issued { name, token })
    }

    /// Removes a sector arbiter: its token stops working at once. What it entered stays,
    /// and so do its entries waiting for a second one.
    pub fn remove_arbiter(&mut self, name: &str) -> Result<()> {
        let name = name.trim();
        self.change_hall(|c| {
            let before = c.hall.arbiters.len();
            c.hall.arbiters.retain(|a| a.name != name);
            if c.hall.arbiters.len() == before {
                return Err(no_arbiter(name));
            }
            Ok((
                (),
                crate::logged(msg!("log.arbiter_removed", arbiter = name)),
            ))
        })
    }

    /// The arbiters of the competition chosen; across competitions, the whole hall's
    /// (a competition's own are listed with it chosen).
    pub fn arbiters(&self) -> Result<Vec<ArbiterView>> {
        let arbiters = match self.across_competitions()? {
            true => crate::competitions::hall_wide_arbiters(&self.file.load_event()?),
            false => self.competition()?.hall.arbiters.clone(),
        };
        Ok(arbiters.iter().map(ArbiterView::from).collect())
    }

    /// The sector arbiter a token belongs to, if any, with its competition where the
    /// event holds several and none is chosen: `None` for an arbiter of every
    /// competition (added with none chosen).
    pub fn arbiter_with_token(&self, token: &str) -> Result<Option<(ArbiterView, Option<String>)>> {
        let wanted = hash(token);
        let several = self.across_competitions()?;
        // Every hash is compared, so the time taken says nothing about which matched.
        let mut found: Option<ArbiterView> = None;
        let mut competitions = Vec::new();
        for c in self.hall_competitions()? {
            for a in &c.hall.arbiters {
                if same_secret(&a.token_hash, &wanted) {
                    found = Some(ArbiterView::from(a));
                    competitions.push(c.name.clone());
                }
            }
        }
        let competition = match competitions[..] {
            [ref only] if several => Some(only.clone()),
            _ => None,
        };
        Ok(found.map(|a| (a, competition)))
    }

    /// A sector arbiter's result: refused outside its sector and for a game that has a
    /// result already (corrections are the chief arbiter's). With double entry it
    /// counts once a second arbiter enters the same; otherwise at once. Logged with the
    /// arbiter's name.
    pub(crate) fn enter_in_chosen(
        &mut self,
        arbiter: &str,
        entry: ResultEntry,
    ) -> Result<HallEntry> {
        let at = (entry.stage, entry.round, entry.board, entry.moves);
        let entered = self.check_entry(&entry).and_then(|checked| {
            self.enter_in_hall(arbiter, at, |c| {
                let (recorded, summary) = enter_checked(c, &entry, &checked)?;
                Ok(Trial {
                    game: recorded.game,
                    result: recorded.result.clone(),
                    corrects: recorded.corrected_from.is_some(),
                    summary,
                    counted: Box::new(recorded),
                })
            })
        });
        if let Err(why) = &entered {
            self.keep_refused_correction(&entry, why, Some(arbiter));
        }
        entered
    }

    /// A sector arbiter's entry at (stage, round, board, moves), made by `enter` on a
    /// copy of the event: kept at once, kept once a second arbiter agrees (double
    /// entry), or left waiting.
    fn enter_in_hall(
        &mut self,
        arbiter: &str,
        (stage, round, board, moves): (Option<usize>, u32, u32, Option<u32>),
        enter: impl Fn(&mut Competition) -> Result<Trial>,
    ) -> Result<HallEntry> {
        let by = arbiter.to_string();
        self.file.change_with("result", |c| {
            let a = c
                .hall
                .arbiter(&by)
                .cloned()
                .ok_or_else(|| no_arbiter(&by))?;
            let stage = chosen_stage(c, stage)?;
            if !a.covers(round, board) {
                return Err(ServiceError::refused(msg!(
                    "hall.outside_sector",
                    arbiter = &by,
                    round = round,
                    board = board,
                    sector = sector_words(&a)
                )));
            }
            // Tried on a copy first: the core's checks, and which game it is.
            let mut trial = c.clone();
            let tried = enter(&mut trial)?;
            if tried.corrects {
                return Err(ServiceError::refused(msg!(
                    "hall.correction_for_chief",
                    round = round,
                    board = board
                )));
            }
            if !c.hall.double_entry {
                *c = trial;
                let summary = msg!("log.by_arbiter", arbiter = &by, change = tried.summary);
                return Ok((
                    HallEntry::Counted {
                        recorded: tried.counted,
                        confirmed_by: None,
                    },
                    crate::logged(summary),
                ));
            }
            let mine = PendingEntry {
                stage,
                round,
                board,
                game: tried.game,
                result: tried.result.clone(),
                moves,
                by: by.clone(),
            };
            let agreeing = c.hall.others(&mine).find(|p| p.agrees_with(&mine)).cloned();
            if let Some(first) = agreeing {
                *c = trial;
                let summary = msg!(
                    "log.confirmed",
                    first = &first.by,
                    second = &by,
                    change = tried.summary
                );
                return Ok((
                    HallEntry::Counted {
                        recorded: tried.counted,
                        confirmed_by: Some(first.by),
                    },
                    crate::logged(summary),
                ));
            }
            let others: Vec<EntryView> = c
                .hall
                .others(&mine)
                .map(|p| EntryView {
                    by: p.by.clone(),
                    result: p.result.clone(),
                    words: code_words(c, p.stage, p.round, p.board, &p.result),
                })
                .collect();
            // An arbiter's second thought replaces its first.
            c.hall
                .pending
                .retain(|p| !(p.same_game(&mine) && p.by == mine.by));
            c.hall.pending.push(mine.clone());
            let place = place_words(c, stage, round, board, mine.game);
            let result = code_words(c, stage, round, board, &mine.result);
            let (outcome, summary) = if others.is_empty() {
                let summary = msg!(
                    "log.entry_waiting",
                    arbiter = &by,
                    place = place,
                    result = result
                );
                (HallEntry::Waiting, summary)
            } else {
                let summary = msg!(
                    "log.entry_disputed",
                    arbiter = &by,
                    place = place,
                    result = result
                );
                (HallEntry::Disputed { others }, summary)
            };
            Ok((outcome, crate::logged(summary)))
        })
    }

    /// The games whose entries wait (double entry), disputed ones first.
    pub fn pending_entries(&self) -> Result<Vec<PendingView>> {
        let c = self.competition()?;
        Ok(pending_views(&c))
    }
}

pub(crate) fn pending_views(c: &Competition) -> Vec<PendingView> {
    let mut out: Vec<PendingView> = Vec::new();
    for p in &c.hall.pending {
        let entry = EntryView {
            by: p.by.clone(),
            result: p.result.clone(),
            words: code_words(c, p.stage, p.round, p.board, &p.result),
        };
        let key = (p.stage + 1, p.round, p.board, p.game);
        if let Some(v) = out
            .iter_mut()
            .find(|v| (v.stage, v.round, v.board, v.game) == key)
        {
            v.disputed |= v.entries.iter().any(|e| e.result != entry.result);
            v.entries.push(entry);
            continue;
        }
        let m = tournament::play::match_at(c, p.stage, p.round, p.board).ok();
        let seats = m.map(|m| m.seats.clone());
        let who = |k: usize| {
            seats
                .as_ref()
                .and_then(|s| crate::views::name(c, s.get(k).copied().flatten()))
        };
        out.push(PendingView {
            stage: key.0,
            round: p.round,
            board: p.board,
            game: p.game,
            red: who(0),
            black: who(1),
            seats: match (&seats, m) {
                (Some(s), Some(m)) if c.is_table(m) => (0..s.len()).filter_map(who).collect(),
                _ => Vec::new(),
            },
            place: match m {
                Some(m) => crate::results::place(c, m, p.round, p.board, p.game),
                None => msg!("result.at.board", round = p.round, board = p.board),
            },
            entries: vec![entry],
            disputed: false,
        });
    }
    out.sort_by_key(|v| (!v.disputed, v.stage, v.round, v.board, v.game));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_kept_as_hashes() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), a);
        assert!(same_secret(&hash(&a), &hash(&a)) && !same_secret(&hash(&a), &hash(&b)));
    }
}
