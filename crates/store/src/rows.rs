//! The tournament model as rows, and the difference between two models as row changes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tournament::{Competition, Entrant, Group, Match, Round, Stage, StageSettings};

use crate::StoreError;

/// A row's table and key, as stored in the audit log.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "table", content = "key", rename_all = "snake_case")]
pub enum RowKey {
    /// The name and details of an event of several competitions (none in an event of
    /// one: its competition's are the event's).
    Heading,
    Event,
    Entrant(u32),
    Stage(u32),
    Grp(u32, u32),
    GameMatch(u32, u32, u32, u32),
}

impl RowKey {
    /// Parents before children: the order in which rows may be inserted.
    pub fn depth(&self) -> u8 {
        match self {
            RowKey::Heading | RowKey::Event | RowKey::Entrant(_) | RowKey::Stage(_) => 0,
            RowKey::Grp(..) => 1,
            RowKey::GameMatch(..) => 2,
        }
    }
}

/// A row's competition and key: what the log and a database key a row by. The first
/// competition's rows keep the key alone, exactly as files kept it before an event
/// could hold several competitions.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RowId {
    #[serde(default, skip_serializing_if = "is_first")]
    pub competition: u32,
    #[serde(flatten)]
    pub key: RowKey,
}

fn is_first(competition: &u32) -> bool {
    *competition == 0
}

impl RowId {
    pub fn new(competition: u32, key: RowKey) -> RowId {
        RowId { competition, key }
    }
}

/// What an event of several competitions holds above them: its name and the details
/// its booklet's cover prints.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Heading {
    pub name: String,
    #[serde(
        default,
        skip_serializing_if = "tournament::model::EventDetails::is_empty"
    )]
    pub details: tournament::model::EventDetails,
}

/// A whole event: its heading (events of several competitions) and its competitions by
/// their number (the order they were added in), which stays with a competition.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventModel {
    pub heading: Option<Heading>,
    pub competitions: BTreeMap<u32, Competition>,
}

impl EventModel {
    /// An event of one competition, as `qisai new … --game` makes.
    pub fn single(competition: &Competition) -> EventModel {
        EventModel {
            heading: None,
            competitions: BTreeMap::from([(0, competition.clone())]),
        }
    }

    /// The event's name: its heading's, or its one competition's.
    pub fn name(&self) -> &str {
        match (&self.heading, self.competitions.values().next()) {
            (Some(h), _) => &h.name,
            (None, Some(c)) => &c.name,
            (None, None) => "",
        }
    }
}

/// Why a command cannot act on one competition: the event (as read) holds none, or
/// several and none was chosen; names them.
pub fn unchosen(event: Result<EventModel, StoreError>) -> StoreError {
    match event {
        Ok(event) => StoreError::Unchosen {
            names: event.competitions.into_values().map(|c| c.name).collect(),
        },
        Err(e) => e,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRow {
    pub name: String,
    pub game: tournament::GameKind,
    pub team_boards: Option<u32>,
    pub scoring: tournament::Scoring,
    pub team_scoring: tournament::TeamScoring,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fixed_order: bool,
    #[serde(
        default,
        skip_serializing_if = "tournament::model::EventDetails::is_empty"
    )]
    pub details: tournament::model::EventDetails,
    #[serde(default, skip_serializing_if = "tournament::hall::Hall::is_empty")]
    pub hall: tournament::hall::Hall,
    #[serde(
        default,
        skip_serializing_if = "tournament::model::XiangqiRules::is_default"
    )]
    pub xiangqi_rules: tournament::model::XiangqiRules,
    /// Tables of more than two (checkers for 3, 4 or 6; four-player Junqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<tournament::tables::Tables>,
    #[serde(default, skip_serializing_if = "tournament::Eligibility::is_open")]
    pub eligibility: tournament::Eligibility,
    /// The hall board its boards are numbered from, where the organizer fixed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_board: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageRow {
    pub name: String,
    pub settings: StageSettings,
    pub draw_seed: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupRow {
    pub name: String,
    pub entrants: Vec<tournament::EntrantId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playoffs: Vec<tournament::Playoff>,
    /// The format's state, under its own keys.
    #[serde(flatten)]
    pub state: tournament::GroupState,
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("model types serialize")
}

/// Every row of a model, keyed, with a cheap way to compare: the rows are produced
/// lazily as references so that unchanged parts are never serialized.
pub enum RowRef<'a> {
    Event(Box<EventRow>),
    Entrant(&'a Entrant),
    Stage(StageRow),
    Grp(GroupRow),
    GameMatch(&'a Match),
}

impl RowRef<'_> {
    pub fn to_json(&self) -> String {
        match self {
            RowRef::Event(r) => json(r),
            RowRef::Entrant(e) => json(e),
            RowRef::Stage(s) => json(s),
            RowRef::Grp(g) => json(g),
            RowRef::GameMatch(m) => json(m),
        }
    }

    fn same(&self, other: &RowRef<'_>) -> bool {
        match (self, other) {
            (RowRef::Event(a), RowRef::Event(b)) => a == b,
            (RowRef::Entrant(a), RowRef::Entrant(b)) => a == b,
            (RowRef::Stage(a), RowRef::Stage(b)) => a == b,
            (RowRef::Grp(a), RowRef::Grp(b)) => a == b,
            (RowRef::GameMatch(a), RowRef::GameMatch(b)) => a == b,
            _ => false,
        }
    }
}

/// Every row of a model with its key, in key order.
pub fn rows<'a>(c: &'a Competition) -> Vec<(RowKey, RowRef<'a>)> {
    let matches: usize = c
        .stages
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.rounds)
        .map(|r| r.matches.len())
        .sum();
    let mut out = Vec::with_capacity(1 + c.entrants.len() + 2 * c.stages.len() + matches);
    let mut insert = |key: RowKey, row: RowRef<'a>| out.push((key, row));
    insert(
        RowKey::Event,
        RowRef::Event(Box::new(EventRow {
            name: c.name.clone(),
            game: c.game,
            team_boards: c.team_boards,
            scoring: c.scoring.clone(),
            team_scoring: c.team_scoring,
            time_control: c.time_control.clone(),
            fixed_order: c.fixed_order,
            details: c.details.clone(),
            hall: c.hall.clone(),
            xiangqi_rules: c.xiangqi_rules,
            tables: c.tables.clone(),
            eligibility: c.eligibility,
            first_board: c.first_board,
        })),
    );
    for e in &c.entrants {
        insert(RowKey::Entrant(e.id.0), RowRef::Entrant(e));
    }
    for (si, s) in c.stages.iter().enumerate() {
        let si = si as u32;
        insert(
            RowKey::Stage(si),
            RowRef::Stage(StageRow {
                name: s.name.clone(),
                settings: s.settings.clone(),
                draw_seed: s.draw_seed,
            }),
        );
        for (gi, g) in s.groups.iter().enumerate() {
            let gi = gi as u32;
            insert(
                RowKey::Grp(si, gi),
                RowRef::Grp(GroupRow {
                    name: g.name.clone(),
                    entrants: g.entrants.clone(),
                    playoffs: g.playoffs.clone(),
                    state: g.state.clone(),
                }),
            );
            for r in &g.rounds {
                for m in &r.matches {
                    insert(
                        RowKey::GameMatch(si, gi, r.number, m.board),
                        RowRef::GameMatch(m),
                    );
                }
            }
        }
    }
    // Made stage by stage; the keys order by table first (an entrant before any stage).
    out.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    out
}

/// One row's change: the JSON before and after (`None` = no row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    #[serde(flatten)]
    pub key: RowId,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// The row changes that turn one competition `before` into `after` (`None`: no such
/// competition): deletions children first, then insertions and updates parents first,
/// so foreign keys hold at every step.
pub fn diff(
    competition: u32,
    before: Option<&Competition>,
    after: Option<&Competition>,
) -> Vec<Change> {
    let mut changes = Changes::default();
    changes.competition(competition, before, after);
    changes.ordered()
}

/// The row changes that turn one whole event into another: its heading and every
/// competition added, removed or changed, in the order [`diff`] gives.
pub fn diff_event(before: &EventModel, after: &EventModel) -> Vec<Change> {
    let mut changes = Changes::default();
    let heading = |h: &Option<Heading>| h.as_ref().map(json);
    let (old, new) = (heading(&before.heading), heading(&after.heading));
    if old != new {
        let change = Change {
            key: RowId::new(0, RowKey::Heading),
            before: old,
            after: new,
        };
        match change.after {
            Some(_) => changes.upserts.push(change),
            None => changes.deletions.push(change),
        }
    }
    let ids: std::collections::BTreeSet<u32> = before
        .competitions
        .keys()
        .chain(after.competitions.keys())
        .copied()
        .collect();
    for id in ids {
        changes.competition(
            id,
            before.competitions.get(&id),
            after.competitions.get(&id),
        );
    }
    changes.ordered()
}

/// Row changes gathered: rows to delete and rows to write.
#[derive(Default)]
struct Changes {
    deletions: Vec<Change>,
    upserts: Vec<Change>,
}

impl Changes {
    fn competition(&mut self, id: u32, before: Option<&Competition>, after: Option<&Competition>) {
        let (old, new) = (
            before.map(rows).unwrap_or_default(),
            after.map(rows).unwrap_or_default(),
        );
        let change = |key: &RowKey, before: Option<&RowRef>, after: Option<&RowRef>| Change {
            key: RowId::new(id, key.clone()),
            before: before.map(RowRef::to_json),
            after: after.map(RowRef::to_json),
        };
        // Both in key order: walked side by side.
        let (mut old, mut new) = (old.iter().peekable(), new.iter().peekable());
        loop {
            match (old.peek(), new.peek()) {
                (Some((ko, vo)), Some((kn, vn))) => match ko.cmp(kn) {
                    std::cmp::Ordering::Less => {
                        self.deletions.push(change(ko, Some(vo), None));
                        old.next();
                    }
                    std::cmp::Ordering::Greater => {
                        self.upserts.push(change(kn, None, Some(vn)));
                        new.next();
                    }
                    std::cmp::Ordering::Equal => {
                        if !vo.same(vn) {
                            self.upserts.push(change(kn, Some(vo), Some(vn)));
                        }
                        old.next();
                        new.next();
                    }
                },
                (Some((ko, vo)), None) => {
                    self.deletions.push(change(ko, Some(vo), None));
                    old.next();
                }
                (None, Some((kn, vn))) => {
                    self.upserts.push(change(kn, None, Some(vn)));
                    new.next();
                }
                (None, None) => break,
            }
        }
    }

    fn ordered(self) -> Vec<Change> {
        let (mut deletions, mut upserts) = (self.deletions, self.upserts);
        deletions.sort_by_key(|c| std::cmp::Reverse(c.key.key.depth()));
        upserts.sort_by_key(|c| c.key.key.depth());
        deletions.extend(upserts);
        deletions
    }
}

/// Rebuilds the model from its rows.
pub fn assemble(
    event: EventRow,
    entrants: Vec<Entrant>,
    stages: Vec<(u32, StageRow)>,
    groups: Vec<(u32, u32, GroupRow)>,
    matches: Vec<(u32, u32, u32, Match)>,
) -> Result<Competition, StoreError> {
    let mut c = Competition::new(event.name, event.game, event.scoring);
    c.team_boards = event.team_boards;
    c.team_scoring = event.team_scoring;
    c.time_control = event.time_control;
    c.fixed_order = event.fixed_order;
    c.details = event.details;
    c.hall = event.hall;
    c.xiangqi_rules = event.xiangqi_rules;
    c.tables = event.tables;
    c.eligibility = event.eligibility;
    c.first_board = event.first_board;
    c.entrants = entrants;
    for (i, (idx, s)) in stages.into_iter().enumerate() {
        if idx as usize != i {
            return Err(StoreError::Corrupt(format!(
                "stage {idx} follows stage {}",
                i as i64 - 1
            )));
        }
        // Options are read by their format only: one this version does not know, or
        // options it cannot read, make the file unreadable here, not wrong later.
        tournament::format::stored(&s.settings.format)
            .map_err(|why| StoreError::Corrupt(format!("stage {}: {why}", i + 1)))?;
        c.stages.push(Stage {
            name: s.name,
            settings: s.settings,
            groups: Vec::new(),
            draw_seed: s.draw_seed,
            boards_before: 0,
        });
    }
    for (si, gi, g) in groups {
        let stage = c
            .stages
            .get_mut(si as usize)
            .ok_or_else(|| StoreError::Corrupt(format!("group of missing stage {si}")))?;
        if gi as usize != stage.groups.len() {
            return Err(StoreError::Corrupt(format!(
                "stage {si} group {gi} out of order"
            )));
        }
        stage.groups.push(Group {
            name: g.name,
            entrants: g.entrants,
            rounds: Vec::new(),
            playoffs: g.playoffs,
            state: g.state,
        });
    }
    // The rows come by stage, group and round: a round's matches are one run of them,
    // moved into a list of the run's size (a big event's rounds hold a thousand).
    let runs: Vec<usize> = matches
        .chunk_by(|a, b| (a.0, a.1, a.2) == (b.0, b.1, b.2))
        .map(<[_]>::len)
        .collect();
    let mut matches = matches.into_iter();
    for len in runs {
        let mut run = matches.by_ref().take(len).peekable();
        let Some(&(si, gi, round, _)) = run.peek() else {
            continue;
        };
        let run: Vec<Match> = run.map(|(.., m)| m).collect();
        let group = c
            .stages
            .get_mut(si as usize)
            .and_then(|s| s.groups.get_mut(gi as usize))
            .ok_or_else(|| StoreError::Corrupt(format!("match of missing group {si}/{gi}")))?;
        group.rounds.push(Round {
            number: round,
            matches: run,
        });
    }
    for stage in &mut c.stages {
        for group in &mut stage.groups {
            for round in &mut group.rounds {
                round.matches.sort_by_key(|m| (m.third_place, m.board));
            }
        }
    }
    Ok(c)
}

/// Rebuilds the whole event from its rows by key (a database's rows, a copy's).
pub fn from_rows(rows: &BTreeMap<RowId, String>) -> Result<EventModel, StoreError> {
    let mut model = EventModel::default();
    // Keys sort by competition, then as the model is built: the event, entrants,
    // stages, groups, then matches by stage, group, round and board.
    let mut rows = rows.iter().peekable();
    while let Some((first, _)) = rows.peek() {
        let id = first.competition;
        let mut event = None;
        let (mut entrants, mut stages, mut groups, mut matches) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        while let Some((key, data)) = rows.next_if(|(k, _)| k.competition == id) {
            match key.key {
                RowKey::Heading => model.heading = Some(serde_json::from_str(data)?),
                RowKey::Event => event = Some(serde_json::from_str::<EventRow>(data)?),
                RowKey::Entrant(_) => entrants.push(serde_json::from_str::<Entrant>(data)?),
                RowKey::Stage(s) => stages.push((s, serde_json::from_str::<StageRow>(data)?)),
                RowKey::Grp(s, g) => groups.push((s, g, serde_json::from_str::<GroupRow>(data)?)),
                RowKey::GameMatch(s, g, r, _) => {
                    matches.push((s, g, r, serde_json::from_str::<Match>(data)?));
                }
            }
        }
        match event {
            Some(event) => {
                let c = assemble(event, entrants, stages, groups, matches)?;
                model.competitions.insert(id, c);
            }
            // The heading alone is an event of several competitions, none added yet.
            None if id == 0 && entrants.is_empty() && stages.is_empty() => {}
            None => {
                return Err(StoreError::Corrupt(format!(
                    "competition {id}: the event row is missing"
                )));
            }
        }
    }
    if model.heading.is_none() && model.competitions.is_empty() {
        return Err(StoreError::Corrupt("the event row is missing".into()));
    }
    number_boards(&mut model);
    Ok(model)
}

/// Numbers every competition's boards in the hall, each in its block.
pub fn number_boards(event: &mut EventModel) {
    let blocks: Vec<(Option<u32>, u32)> = event
        .competitions
        .values()
        .map(|c| (c.first_board, c.boards_needed()))
        .collect();
    let firsts = tournament::hall::first_boards(&blocks);
    for (c, first) in event.competitions.values_mut().zip(firsts) {
        c.number_boards_from(first);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tournament::{Format, GameKind, RoundRobinOptions, Scoring, draw_stage};

    fn drawn() -> Competition {
        let mut c = Competition::new("差异", GameKind::Xiangqi, Scoring::xiangqi());
        c.entrants = (1..=4)
            .map(|i| Entrant::new(i, format!("棋手{i}")))
            .collect();
        c.stages.push(Stage {
            name: "循环赛".into(),
            settings: StageSettings::new(Format::new(&RoundRobinOptions::default())),
            groups: Vec::new(),
            draw_seed: None,
            boards_before: 0,
        });
        draw_stage(&mut c, 0, 1).unwrap();
        c
    }

    #[test]
    fn a_diff_deletes_children_first_and_writes_parents_first() {
        let before = drawn();
        let mut after = before.clone();
        // The draw undone and a player added: six matches and the group go, one row comes.
        after.stages[0].groups.clear();
        after.stages[0].draw_seed = None;
        after.entrants.push(Entrant::new(5, "棋手5"));
        let changes = diff(0, Some(&before), Some(&after));
        let keys: Vec<&RowKey> = changes.iter().map(|c| &c.key.key).collect();
        let deleted = changes.iter().filter(|c| c.after.is_none()).count();
        assert_eq!(deleted, 6 + 1, "{keys:?}");
        assert!(matches!(keys[0], RowKey::GameMatch(..)));
        assert_eq!(keys[6], &RowKey::Grp(0, 0));
        assert_eq!(&keys[7..], [&RowKey::Entrant(5), &RowKey::Stage(0)]);
        assert!(changes[7].before.is_none() && changes[8].before.is_some());
        // Nothing changed, nothing to write; and the reverse restores it all.
        assert!(diff(0, Some(&before), Some(&before)).is_empty());
        assert_eq!(diff(0, Some(&after), Some(&before)).len(), changes.len());
    }
}
