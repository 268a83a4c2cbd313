//! Stages at tables of three to six: a round robin in tables (every round seated at the
//! draw, pairs meeting as evenly as the rounds allow), a Swiss in tables (the leaders
//! together, round by round) and a knockout in tables (the top of each table go on
//! until one table is left). Four-player Junqi with rotating partners seats each table
//! south, east, north, west: south and north against east and west.

use messages::{Message, msg};

use super::options::{StageOption, Values, number};
use super::{Capabilities, Field, OptionError, StageFormat, group_name};
use crate::knockout::Place;
use crate::limits::{PER_TABLE, SWISS_ROUNDS};
use crate::model::{
    Competition, Format, FormatOptions, GameKind, Group, Match, Round, SettingsError, StageSettings,
};
use crate::stage::StageError;
use crate::tables::{
    History, Partners, TableRound, TableStage, TableStageKind, rotating_partners, round_robin,
    seat_by_score,
};
use crate::tiebreak::{Criterion, presets};
use crate::{EntrantId, Lots};

const ROUNDS: StageOption = number(
    "rounds",
    SWISS_ROUNDS,
    None,
    "option.rounds",
    "option.rounds.help",
);
const PER_TABLE_OPTION: StageOption = number(
    "per_table",
    PER_TABLE,
    None,
    "option.per_table",
    "option.per_table.help",
);

/// A stage at the competition's tables: its size, and whether four-player Junqi's
/// partners rotate.
fn at_tables(
    c: &Competition,
    format: TableStageKind,
    rounds: u32,
    per_table: Option<u32>,
) -> Format {
    let tables = c.tables.as_ref();
    let rotating =
        tables.is_some_and(|t| t.partners == Partners::Rotating && t.game == GameKind::Junqi);
    Format::new(&TableStage {
        format,
        size: tables.map_or(2, |t| t.size as u32),
        rotating,
        rounds,
        per_table: per_table.unwrap_or(if rotating { 2 } else { 1 }),
    })
}

impl FormatOptions for TableStage {
    const KIND: &'static str = "tables";
}

/// Whether a stored format is a table stage of this kind (its `format` as stored).
fn is(format: &Format, kind: TableStageKind) -> bool {
    let name = match kind {
        TableStageKind::RoundRobin => "round_robin",
        TableStageKind::Swiss => "swiss",
        TableStageKind::Knockout => "knockout",
    };
    format.kind() == TableStage::KIND && format.text("format") == Some(name)
}
pub struct TableRoundRobin;
pub struct TableSwiss;
pub struct TableKnockout;

fn options(settings: &StageSettings) -> Option<TableStage> {
    settings.format.options()
}

/// A round robin at tables is the one paired at its draw; it has a crosstable (each
/// pair's cell: what the row's player scored at the table where they met); a Swiss
/// at tables has a wall chart (each round's table and what the player scored there).
fn capabilities(paired_at_draw: bool, wall_chart: bool, points_table: bool) -> Capabilities {
    Capabilities {
        paired_at_draw,
        needs_winner: false,
        bracket: false,
        crosstable: paired_at_draw,
        wall_chart,
        points_table,
        tables: true,
        groups: false,
        games: false,
    }
}

fn describe(settings: &StageSettings, kind: Message) -> Message {
    let Some(o) = options(settings) else {
        return msg!("format.nothing");
    };
    let nothing = || msg!("format.nothing");
    let rounds = match o.rounds {
        0 => nothing(),
        n => msg!("format.tables.rounds", rounds = n),
    };
    let partners = match o.rotating {
        true => msg!("format.tables.rotating"),
        false => nothing(),
    };
    let per_table = match o.format {
        TableStageKind::Knockout => msg!("format.tables.per_table", per_table = o.per_table),
        _ => nothing(),
    };
    msg!(
        "format.tables.describe",
        size = o.size,
        kind = kind,
        rounds = rounds,
        partners = partners,
        per_table = per_table
    )
}

/// A group of the whole field with its first rounds.
fn group(entrants: Vec<EntrantId>, rounds: Vec<Round>) -> Vec<Group> {
    vec![Group {
        name: group_name(0),
        entrants,
        rounds,
        playoffs: Vec::new(),
        state: crate::GroupState::None,
    }]
}

/// A round of the stage from a seating of the players (indices into `players`): the
/// tables first, then a bye board for each who sits out.
fn round_of(number: u32, seating: &TableRound, players: &[EntrantId]) -> Round {
    let mut matches: Vec<Match> = seating
        .tables
        .iter()
        .map(|t| t.iter().map(|&p| Some(players[p])).collect())
        .chain(seating.sitting_out.iter().map(|&p| vec![Some(players[p])]))
        .enumerate()
        .map(|(k, seats)| Match::new(k as u32 + 1, seats))
        .collect();
    matches.sort_by_key(|m| m.board);
    Round { number, matches }
}

/// The field's order for seating: the order it went on in, else by rating.
fn ranked(field: &Field) -> Vec<EntrantId> {
    if field.seeds.len() == field.entrants.len() {
        field.seeds.to_vec()
    } else {
        crate::swiss::first_round::ranking_order(field.entrants, field.seed)
    }
}

/// The rounds played so far as seatings of the group's entrants (by index).
fn history(group: &Group, players: &[EntrantId], size: usize) -> (History, Vec<Vec<u16>>) {
    let index = |id: &EntrantId| players.iter().position(|p| p == id);
    let mut history = History::new(players.len(), size);
    let mut partnered = vec![vec![0u16; players.len()]; players.len()];
    for round in &group.rounds {
        let mut seating = TableRound {
            tables: Vec::new(),
            sitting_out: Vec::new(),
        };
        for m in &round.matches {
            let seats: Vec<usize> = m.seats.iter().flatten().filter_map(index).collect();
            if m.is_bye() {
                seating.sitting_out.extend(seats);
            } else if seats.len() == size {
                if size == 4 {
                    for (a, b) in [(seats[0], seats[2]), (seats[1], seats[3])] {
                        partnered[a][b] += 1;
                        partnered[b][a] += 1;
                    }
                }
                seating.tables.push(seats);
            }
        }
        history.record(&seating);
    }
    (history, partnered)
}

/// Four-player Junqi with rotating partners: each table split into the two
/// partnerships that have partnered least (south and north, east and west).
fn split_partners(seating: &mut TableRound, partnered: &[Vec<u16>]) {
    for t in &mut seating.tables {
        let [a, b, c, d] = t[..] else { continue };
        let splits = [[a, b, c, d], [a, c, b, d], [a, b, d, c]];
        if let Some(best) = splits
            .into_iter()
            .min_by_key(|s| partnered[s[0]][s[2]] + partnered[s[1]][s[3]])
        {
            t.copy_from_slice(&best);
        }
    }
}

/// Four-player Junqi: each table turned (a quarter turn keeps the partnerships) so that
/// south, who moves first, and every other seat go to those who had it least. `seats`
/// counts each player's seats so far and is kept up to date.
fn balance_turns(seating: &mut TableRound, seats: &mut [[u16; 4]]) {
    for t in seating.tables.iter_mut().filter(|t| t.len() == 4) {
        let cost = |turn: usize| -> u32 {
            (0..4)
                .map(|seat| {
                    let n = u32::from(seats[t[(seat + turn) % 4]][seat]);
                    // South moves first: it weighs most.
                    if seat == 0 { 2 * n * n } else { n * n }
                })
                .sum()
        };
        let best = (0..4).min_by_key(|&turn| cost(turn)).unwrap_or(0);
        t.rotate_left(best);
        for (seat, &p) in t.iter().enumerate() {
            seats[p][seat] += 1;
        }
    }
}

/// A table stage's own checks, the same for its three formats.
fn validate_tables(settings: &StageSettings) -> Result<(), SettingsError> {
    let Some(t) = options(settings) else {
        return Ok(());
    };
    t.validate()?;
    match settings.groups {
        1 => Ok(()),
        groups => Err(SettingsError::TableGroups(groups)),
    }
}

impl StageFormat for TableRoundRobin {
    fn validate(&self, settings: &StageSettings) -> Result<(), SettingsError> {
        validate_tables(settings)
    }

    fn key(&self) -> &'static str {
        "round_robin"
    }

    fn owns(&self, format: &Format) -> bool {
        is(format, TableStageKind::RoundRobin)
    }

    fn reads(&self, format: &Format) -> Result<(), String> {
        format.reads_as::<TableStage>()
    }

    fn planned_rounds(&self, format: &Format) -> u32 {
        format.options::<TableStage>().map_or(0, |t| t.rounds)
    }

    fn capabilities(&self) -> Capabilities {
        capabilities(true, false, true)
    }

    fn name(&self) -> Message {
        msg!("format.tables.round_robin")
    }

    fn options(&self) -> &'static [StageOption] {
        &[ROUNDS]
    }

    fn build(&self, values: &Values, c: &Competition) -> Result<Format, OptionError> {
        let rounds = values.number(&ROUNDS)?.unwrap_or(0);
        Ok(at_tables(c, TableStageKind::RoundRobin, rounds, None))
    }

    fn describe(&self, settings: &StageSettings) -> Message {
        describe(settings, msg!("format.tables.round_robin.kind"))
    }

    fn default_tiebreaks(&self, _: &Competition, _: u32) -> Vec<Criterion> {
        presets::TABLES.to_vec()
    }

    fn draw(
        &self,
        settings: &StageSettings,
        _team_boards: Option<u32>,
        field: Field,
    ) -> Vec<Group> {
        let Some(o) = options(settings) else {
            return Vec::new();
        };
        // Places in the schedule by lot.
        let mut players: Vec<EntrantId> = field.entrants.iter().map(|e| e.id).collect();
        Lots::new(field.seed).shuffle(&mut players);
        let rounds = o.round_robin_rounds(players.len());
        let size = o.size as usize;
        let seatings = if o.rotating && players.len().is_multiple_of(4) {
            rotating_partners(players.len(), rounds)
        } else {
            let mut seatings = round_robin(players.len(), size, rounds);
            if o.rotating {
                let mut partnered = vec![vec![0u16; players.len()]; players.len()];
                for s in &mut seatings {
                    split_partners(s, &partnered);
                    for t in &s.tables {
                        for (a, b) in [(t[0], t[2]), (t[1], t[3])] {
                            partnered[a][b] += 1;
                            partnered[b][a] += 1;
                        }
                    }
                }
            }
            seatings
        };
        let mut seatings = seatings;
        if o.rotating {
            let mut seats = vec![[0u16; 4]; players.len()];
            for s in &mut seatings {
                balance_turns(s, &mut seats);
            }
        }
        let rounds = seatings
            .iter()
            .enumerate()
            .map(|(r, s)| round_of(r as u32 + 1, s, &players))
            .collect();
        group(players, rounds)
    }

    fn pair_next(
        &self,
        _competition: &Competition,
        _settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError> {
        Err(StageError::PairedAtDraw(group.rounds.len() as u32))
    }

    fn is_finished(&self, c: &Competition, settings: &StageSettings, group: &Group) -> bool {
        crate::stage::group_complete(c, settings.match_format, group)
    }
}

impl StageFormat for TableSwiss {
    fn validate(&self, settings: &StageSettings) -> Result<(), SettingsError> {
        validate_tables(settings)
    }

    fn key(&self) -> &'static str {
        "swiss"
    }

    fn owns(&self, format: &Format) -> bool {
        is(format, TableStageKind::Swiss)
    }

    fn reads(&self, format: &Format) -> Result<(), String> {
        format.reads_as::<TableStage>()
    }

    fn planned_rounds(&self, format: &Format) -> u32 {
        format.options::<TableStage>().map_or(0, |t| t.rounds)
    }

    fn capabilities(&self) -> Capabilities {
        capabilities(false, true, true)
    }

    fn name(&self) -> Message {
        msg!("format.tables.swiss")
    }

    fn options(&self) -> &'static [StageOption] {
        &[ROUNDS]
    }

    fn build(&self, values: &Values, c: &Competition) -> Result<Format, OptionError> {
        let rounds = values.required(&ROUNDS)?;
        Ok(at_tables(c, TableStageKind::Swiss, rounds, None))
    }

    fn describe(&self, settings: &StageSettings) -> Message {
        describe(settings, msg!("format.tables.swiss.kind"))
    }

    fn default_tiebreaks(&self, _: &Competition, _: u32) -> Vec<Criterion> {
        presets::TABLES.to_vec()
    }

    fn draw(
        &self,
        settings: &StageSettings,
        _team_boards: Option<u32>,
        field: Field,
    ) -> Vec<Group> {
        let Some(o) = options(settings) else {
            return Vec::new();
        };
        let players = ranked(&field);
        let standing: Vec<usize> = (0..players.len()).collect();
        let mut first = seat_by_score(
            &standing,
            &|_| 0,
            &History::new(players.len(), o.size as usize),
        );
        if o.rotating {
            split_partners(&mut first, &vec![vec![0; players.len()]; players.len()]);
        }
        let round = round_of(1, &first, &players);
        group(players, vec![round])
    }

    fn pair_next(
        &self,
        c: &Competition,
        settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError> {
        let o = options(settings).ok_or(StageError::NotSwiss)?;
        super::last_round_complete(c, settings, group)?;
        let played = group.rounds.len() as u32;
        if played >= o.rounds {
            return Err(StageError::Finished);
        }
        let players = group.entrants.clone();
        let field = crate::stage::group_field(c, group, 1)?;
        let table = crate::standings(&field, &settings.tiebreaks, 0);
        // Who withdrew is seated no more.
        let playing = |id: EntrantId| c.entrant(id).is_some_and(|e| !e.withdrawn && !e.annulled);
        let standing: Vec<usize> = table
            .rows
            .iter()
            .filter(|r| playing(r.entrant))
            .filter_map(|r| players.iter().position(|&p| p == r.entrant))
            .collect();
        let (history, partnered) = history(group, &players, o.size as usize);
        let points: Vec<i64> = (0..players.len())
            .map(|k| i64::from(field.total(players[k]).quarters()))
            .collect();
        let mut seating = seat_by_score(&standing, &|p| points[p], &history);
        if o.rotating {
            split_partners(&mut seating, &partnered);
            // Each player's seats so far, as the history counted them.
            let mut seats: Vec<[u16; 4]> = (0..players.len())
                .map(|p| std::array::from_fn(|seat| history.seat_count(p, seat)))
                .collect();
            balance_turns(&mut seating, &mut seats);
        }
        let round = round_of(played + 1, &seating, &players);
        Ok(super::push_round(group, round))
    }

    fn is_finished(&self, c: &Competition, settings: &StageSettings, group: &Group) -> bool {
        options(settings).is_some_and(|o| group.rounds.len() as u32 >= o.rounds)
            && crate::stage::group_complete(c, settings.match_format, group)
    }
}

/// A table's seats from first to last as its result places them: the finishing order
/// (a winner alone: first, the others unplaced after), or at Junqi the winning side
/// first. `None` while it has no result.
fn finishing(m: &Match, c: &Competition) -> Option<Vec<Vec<EntrantId>>> {
    if m.is_bye() {
        return Some(vec![m.seats.iter().flatten().copied().collect()]);
    }
    let game = m.games.first()?;
    let results = c.assess(m, game.record.as_ref()?, None).ok()?;
    let seat = |s: usize| m.seats.get(s).copied().flatten();
    let mut by_place: Vec<(u32, EntrantId)> = results
        .iter()
        .enumerate()
        .filter_map(|(s, r)| seat(s).map(|e| (r.place.unwrap_or(u32::MAX), e)))
        .collect();
    by_place.sort();
    let mut blocks: Vec<Vec<EntrantId>> = Vec::new();
    let mut last = None;
    for (place, e) in by_place {
        match blocks.last_mut() {
            Some(block) if last == Some(place) => block.push(e),
            _ => blocks.push(vec![e]),
        }
        last = Some(place);
    }
    Some(blocks)
}

/// Who goes on from a knockout round: the top `per_table` of each table (a sit-out
/// goes on), in the order of their place, then of the stage's seeding. Refused while a
/// table has no result or its result does not tell who the top are.
fn advancing_from(
    c: &Competition,
    group: &Group,
    round: &Round,
    per_table: usize,
) -> Result<Vec<EntrantId>, StageError> {
    let seeding = |e: &EntrantId| {
        group
            .entrants
            .iter()
            .position(|x| x == e)
            .unwrap_or(usize::MAX)
    };
    let mut by_place: Vec<(usize, usize, EntrantId)> = Vec::new();
    for m in &round.matches {
        let blocks = finishing(m, c).ok_or(StageError::Undecided {
            round: round.number,
            board: m.board,
        })?;
        let bye = m.is_bye();
        let mut taken = 0;
        for (rank, block) in blocks.iter().enumerate() {
            if bye || taken + block.len() <= per_table {
                taken += block.len();
                by_place.extend(block.iter().map(|&e| (rank, seeding(&e), e)));
            } else if taken < per_table {
                // A tie across the line (a winner alone when more go on).
                return Err(StageError::TableNeedsOrder {
                    round: round.number,
                    table: m.board,
                    per_table: per_table as u32,
                });
            }
        }
    }
    by_place.sort();
    Ok(by_place.into_iter().map(|(_, _, e)| e).collect())
}

/// Seats a knockout round from `order` (strongest first): those who do not fill a
/// table are the strongest, who sit out and go on; the rest are spread over the tables
/// in snake order, so that the strongest meet last. A field that fits one table is
/// the final.
fn knockout_round(number: u32, order: &[EntrantId], size: usize, junqi: bool) -> Round {
    let n = order.len();
    // Everyone left at one table: the final.
    if n <= size {
        let seats = order.iter().map(|&e| Some(e)).collect();
        return Round {
            number,
            matches: vec![Match::new(1, seats)],
        };
    }
    let byes = n % size;
    let tables = n / size;
    let (resting, seated) = order.split_at(byes);
    let mut seats: Vec<Vec<Option<EntrantId>>> = vec![Vec::new(); tables];
    for (k, &e) in seated.iter().enumerate() {
        let lap = k / tables;
        let t = if lap.is_multiple_of(2) {
            k % tables
        } else {
            tables - 1 - k % tables
        };
        seats[t].push(Some(e));
    }
    if junqi {
        // The two strongest of a table partner the two weakest: 1 and 4 south and north.
        for t in &mut seats {
            if let [a, b, c, d] = t[..] {
                *t = vec![a, b, d, c];
            }
        }
    }
    let matches = seats
        .into_iter()
        .chain(resting.iter().map(|&e| vec![Some(e)]))
        .enumerate()
        .map(|(k, s)| Match::new(k as u32 + 1, s))
        .collect();
    Round { number, matches }
}

impl StageFormat for TableKnockout {
    fn validate(&self, settings: &StageSettings) -> Result<(), SettingsError> {
        validate_tables(settings)
    }

    fn key(&self) -> &'static str {
        "knockout"
    }

    fn owns(&self, format: &Format) -> bool {
        is(format, TableStageKind::Knockout)
    }

    fn reads(&self, format: &Format) -> Result<(), String> {
        format.reads_as::<TableStage>()
    }

    fn capabilities(&self) -> Capabilities {
        capabilities(false, false, false)
    }

    fn name(&self) -> Message {
        msg!("format.tables.knockout")
    }

    fn options(&self) -> &'static [StageOption] {
        &[PER_TABLE_OPTION]
    }

    fn build(&self, values: &Values, c: &Competition) -> Result<Format, OptionError> {
        let per_table = values.number(&PER_TABLE_OPTION)?;
        Ok(at_tables(c, TableStageKind::Knockout, 0, per_table))
    }

    fn describe(&self, settings: &StageSettings) -> Message {
        describe(settings, msg!("format.tables.knockout.kind"))
    }

    fn default_tiebreaks(&self, _: &Competition, _: u32) -> Vec<Criterion> {
        presets::TABLES.to_vec()
    }

    fn draw(
        &self,
        settings: &StageSettings,
        _team_boards: Option<u32>,
        field: Field,
    ) -> Vec<Group> {
        let Some(o) = options(settings) else {
            return Vec::new();
        };
        let players = ranked(&field);
        let round = knockout_round(1, &players, o.size as usize, o.rotating);
        group(players, vec![round])
    }

    fn pair_next(
        &self,
        c: &Competition,
        settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError> {
        let o = options(settings).ok_or(StageError::NotKnockout)?;
        super::last_round_complete(c, settings, group)?;
        let Some(last) = group.rounds.last() else {
            return Err(StageError::Finished);
        };
        if last.matches.len() == 1 {
            return Err(StageError::Finished);
        }
        let going_on = advancing_from(c, group, last, o.per_table as usize)?;
        if o.rotating && going_on.len() < 4 {
            return Err(StageError::TooFew(going_on.len()));
        }
        let round = knockout_round(last.number + 1, &going_on, o.size as usize, o.rotating);
        Ok(super::push_round(group, round))
    }

    fn is_finished(&self, c: &Competition, settings: &StageSettings, group: &Group) -> bool {
        group.rounds.last().is_some_and(|r| r.matches.len() == 1)
            && crate::stage::group_complete(c, settings.match_format, group)
    }

    /// The final table by its finishing order, then those out in each earlier round by
    /// their place at their table (equal places shared).
    fn placings(
        &self,
        c: &Competition,
        stage: usize,
        group: usize,
    ) -> Result<Vec<(EntrantId, Place)>, StageError> {
        let s = c.stages.get(stage).ok_or(StageError::NoStage(stage + 1))?;
        let g = s.groups.get(group).ok_or(StageError::NotDrawn(stage + 1))?;
        // Those still in (their table not played yet) share the places at the top.
        let still_in: Vec<EntrantId> = g
            .rounds
            .last()
            .map(|r| {
                r.matches
                    .iter()
                    .filter(|m| finishing(m, c).is_none())
                    .flat_map(|m| m.seats.iter().flatten().copied())
                    .collect()
            })
            .unwrap_or_default();
        let mut placed: Vec<(EntrantId, Place)> = Vec::new();
        let mut next = 1 + still_in.len() as u32;
        if !still_in.is_empty() {
            let shared = Place {
                first: 1,
                last: still_in.len() as u32,
            };
            placed.extend(still_in.iter().map(|&e| (e, shared)));
        }
        let mut later: Vec<EntrantId> = still_in;
        for round in g.rounds.iter().rev() {
            // By place at the table: everyone of this round not in a later one.
            let mut blocks: Vec<(usize, Vec<EntrantId>)> = Vec::new();
            for m in &round.matches {
                let Some(order) = finishing(m, c) else {
                    continue;
                };
                for (rank, block) in order.into_iter().enumerate() {
                    let out: Vec<EntrantId> =
                        block.into_iter().filter(|e| !later.contains(e)).collect();
                    if out.is_empty() {
                        continue;
                    }
                    match blocks.iter_mut().find(|(r, _)| *r == rank) {
                        Some((_, b)) => b.extend(out),
                        None => blocks.push((rank, out)),
                    }
                }
            }
            blocks.sort_by_key(|(rank, _)| *rank);
            for (_, block) in blocks {
                let place = Place {
                    first: next,
                    last: next + block.len() as u32 - 1,
                };
                next += block.len() as u32;
                later.extend(&block);
                placed.extend(block.into_iter().map(|e| (e, place)));
            }
        }
        Ok(placed)
    }

    fn dependents_of(&self, group: &Group, round: u32, _board: u32) -> Vec<(u32, u32, bool)> {
        // Every later round was seated from this one's results.
        group
            .rounds
            .iter()
            .filter(|r| r.number > round)
            .flat_map(|r| r.matches.iter().map(move |m| (r.number, m.board, false)))
            .collect()
    }

    /// The next round stands while the results as they now stand seat the same players
    /// in it.
    fn dependents_stand(
        &self,
        c: &Competition,
        stage: usize,
        (g, r, _): (usize, usize, usize),
        _before: &Match,
    ) -> bool {
        let s = &c.stages[stage];
        let group = &s.groups[g];
        let Some(next) = group.rounds.get(r + 1) else {
            return true;
        };
        let players = |round: &Round| {
            let mut p: Vec<EntrantId> = round
                .matches
                .iter()
                .flat_map(|m| m.seats.iter().flatten().copied())
                .collect();
            p.sort();
            p
        };
        let mut probe = group.clone();
        probe.rounds.truncate(r + 1);
        match self.pair_next(c, &s.settings, &mut probe) {
            Ok(_) => probe.rounds.last().map(players) == Some(players(next)),
            Err(_) => false,
        }
    }
}
