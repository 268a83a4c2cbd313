//! Playoffs (加赛): ties at places that may not be shared, listed and settled by lots or
//! by games among the tied (the core's `playoff`).

use crate::select::chosen_stage;
use crate::select::current_stage;
use crate::views::name;
use crate::{Event, Result, ServiceError};
use messages::{Message, msg};

/// A tie at a place that may not be shared.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TieView {
    /// 1-based.
    pub stage: usize,
    pub group: String,
    /// `2` or `2–3`, as the standings print it.
    pub place: String,
    pub entrants: Vec<String>,
    /// Playoff games for it are under way.
    pub in_play: bool,
    /// Set when this call settled it: the order by lots, or the rounds of its games.
    pub settled: Option<Vec<String>>,
    pub rounds: Option<(u32, u32)>,
    /// Not a tie but a knockout's third-place match still undecided: its round and
    /// board, where its result is entered.
    pub third_place: Option<(u32, u32)>,
}

fn views(c: &tournament::Competition, stage: usize, ties: Vec<tournament::Tie>) -> Vec<TieView> {
    ties.into_iter()
        .map(|t| TieView {
            stage: stage + 1,
            group: c.stages[stage].groups[t.group].name.clone(),
            place: t.place.to_string(),
            entrants: names(c, &t.entrants),
            in_play: t.in_play,
            settled: None,
            rounds: None,
            third_place: None,
        })
        .collect()
}

/// A knockout's undecided third-place matches, listed with the ties: places 3 and 4
/// wait for them as a tie waits for its playoff.
fn open_third_places(c: &tournament::Competition, stage: usize) -> Vec<TieView> {
    let s = &c.stages[stage];
    tournament::stage::open_third_place(c, stage)
        .into_iter()
        .map(|o| TieView {
            stage: stage + 1,
            group: s.groups[o.group].name.clone(),
            place: "3–4".to_string(),
            entrants: names(c, &o.entrants),
            in_play: true,
            settled: None,
            rounds: None,
            third_place: Some((
                o.round,
                tournament::play::stage_board(s, o.group, o.round, o.board),
            )),
        })
        .collect()
}

/// The entrants' names, in order.
fn names(c: &tournament::Competition, ids: &[tournament::EntrantId]) -> Vec<String> {
    ids.iter()
        .map(|&id| name(c, Some(id)).unwrap_or_default())
        .collect()
}

/// A tie as one line: its group, its place, who shares it.
fn tie_message(t: &TieView) -> Message {
    msg!(
        "playoff.tie",
        group = &t.group,
        place = &t.place,
        entrants = t.entrants.clone()
    )
}

/// The core's refusal to go on from a stage with unsettled ties, naming them and how to
/// settle them.
pub(crate) fn unsettled(
    c: &tournament::Competition,
    stage: usize,
    ties: Vec<tournament::Tie>,
) -> ServiceError {
    let listed: Vec<Message> = views(c, stage, ties).iter().map(tie_message).collect();
    ServiceError::refused(msg!("playoff.unsettled", stage = stage + 1, ties = listed))
}

impl Event {
    /// The ties of a stage (1-based; the current one by default) that need a playoff.
    pub fn playoffs(&self, stage: Option<usize>) -> Result<Vec<TieView>> {
        let c = self.competition()?;
        let stage = chosen_stage(&c, stage)?;
        let mut listed = views(&c, stage, tournament::playoff::ties(&c, stage)?);
        listed.extend(open_third_places(&c, stage));
        Ok(listed)
    }

    /// Settles every open tie of a stage by lots from `seed` (stored and printed).
    pub fn playoff_by_lots(
        &mut self,
        stage: Option<usize>,
        seed: Option<u64>,
    ) -> Result<(u64, Vec<TieView>)> {
        let seed = seed.unwrap_or_else(crate::select::fresh_seed);
        self.file.change_with("playoff", |c| {
            let stage = match stage {
                Some(_) => chosen_stage(c, stage)?,
                None => current_stage(c)?,
            };
            let settled = tournament::playoff::settle_by_lots(c, stage, seed)?;
            if settled.is_empty() {
                return Err(ServiceError::refused(msg!(
                    "playoff.no_tie",
                    stage = stage + 1
                )));
            }
            let mut out = Vec::new();
            for (tie, order) in settled {
                let order = names(c, &order);
                let mut view = views(c, stage, vec![tie]).remove(0);
                view.settled = Some(order);
                out.push(view);
            }
            let ties: Vec<Message> = out
                .iter()
                .map(|t| {
                    let order = t.settled.clone().unwrap_or_default().join(" > ");
                    msg!(
                        "playoff.tie",
                        group = &t.group,
                        place = &t.place,
                        entrants = order
                    )
                })
                .collect();
            let summary = crate::logged(msg!(
                "log.playoff_lots",
                stage = stage + 1,
                seed = seed.to_string(),
                ties = crate::summary_list(ties)
            ));
            Ok(((seed, out), summary))
        })
    }

    /// Sets up playoff games (加赛) for every open tie of a stage, each pairing best of
    /// `best_of`; their results are entered like any other, in the rounds returned.
    pub fn playoff_games(&mut self, stage: Option<usize>, best_of: u32) -> Result<Vec<TieView>> {
        self.file.change_with("playoff", |c| {
            let stage = match stage {
                Some(_) => chosen_stage(c, stage)?,
                None => current_stage(c)?,
            };
            // Playoff games are two-sided; a tie at tables of three to six is settled by lots.
            if c.seated_tables().is_some() {
                return Err(ServiceError::refused(msg!("playoff.tables_by_lots")));
            }
            let added = tournament::playoff::add_games(c, stage, best_of)?;
            if added.is_empty() {
                return Err(ServiceError::refused(msg!(
                    "playoff.no_tie",
                    stage = stage + 1
                )));
            }
            let mut out = Vec::new();
            for (tie, first, last) in added {
                let mut view = views(c, stage, vec![tie]).remove(0);
                view.rounds = Some((first, last));
                out.push(view);
            }
            let ties: Vec<Message> = out.iter().map(tie_message).collect();
            let summary = crate::logged(msg!(
                "log.playoff_games",
                stage = stage + 1,
                ties = crate::summary_list(ties)
            ));
            Ok((out, summary))
        })
    }
}
