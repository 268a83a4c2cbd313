//! Tiebreak criteria (RULES.md §5, FIDE's C.07), one file each: its names and code,
//! how a chain names it, its direction, whether it is computed among the tied, and its
//! evaluation, registered once in [`KINDS`]. Each explains its value by the
//! contributions that make it up.
//!
//! Values are integers: points in sixteenths (小分 takes half or three quarters of a
//! quarter point), counts as they are.

mod average_place;
mod black_games;
mod black_mutual;
mod black_wins;
mod buchholz;
pub mod fide;
mod fouls;
mod game_points;
mod head_to_head;
mod points;
mod progressive;
mod sonneborn_berger;
mod sum;
mod wins;

use std::fmt;
use std::str::FromStr;

use messages::Message;

pub use buchholz::BuchholzCut;
pub use head_to_head::HeadToHeadMode;

use crate::EntrantId;
use crate::standings::Field;

/// Every kind of criterion, each in its file: how a chain names it and what a stored
/// criterion of it is. FIDE's acronyms come last (they are read in capitals only).
pub const KINDS: &[&dyn Tiebreak] = &[
    &points::Points,
    &game_points::GamePoints,
    &sonneborn_berger::SonnebornBerger,
    &wins::Wins,
    &head_to_head::HeadToHead,
    &fouls::Fouls,
    &black_games::BlackGames,
    &black_mutual::BlackInMutualGame,
    &black_wins::BlackWins,
    &buchholz::Buchholz,
    &progressive::Progressive,
    &average_place::AveragePlace,
    &fide::FideTiebreaks,
];

/// Sixteenths per point.
pub const SIXTEENTHS: i64 = 16;

/// Points as a value in sixteenths.
pub(crate) fn sixteenths(p: crate::Points) -> i64 {
    p.quarters() as i64 * SIXTEENTHS / 4
}

/// A value in sixteenths as people read it: `3`, `12.5`, `0.75`.
pub(crate) fn sixteenths_text(value: i64) -> String {
    struct Sixteenths(i64);
    impl fmt::Display for Sixteenths {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            crate::points::write_fraction(f, self.0, SIXTEENTHS)
        }
    }
    Sixteenths(value).to_string()
}

/// One contribution to a value: a round's share, with the opponent it came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    pub round: Option<u32>,
    pub opponent: Option<EntrantId>,
    pub amount: i64,
    /// What the part is, as a catalogue code (`tiebreak.note.opponent_s_score`).
    pub note: &'static str,
}

/// A criterion's value for one entrant, with how it was computed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Explained {
    pub value: i64,
    pub parts: Vec<Part>,
}

impl Explained {
    pub fn from_parts(parts: Vec<Part>) -> Explained {
        Explained {
            value: parts.iter().map(|p| p.amount).sum(),
            parts,
        }
    }
}

/// One name of a chain as typed, and the edition its FIDE tiebreaks follow.
pub struct Token<'a> {
    raw: &'a str,
    lower: String,
    /// Written in capitals only: a FIDE acronym (`SB` is FIDE's, `sb` is 小分).
    capitals: bool,
    pub edition: fide::Edition,
}

impl<'a> Token<'a> {
    pub fn new(text: &'a str, edition: fide::Edition) -> Token<'a> {
        let raw = text.trim();
        Token {
            raw,
            lower: raw.to_ascii_lowercase(),
            capitals: raw.chars().any(|c| c.is_ascii_uppercase())
                && !raw.chars().any(|c| c.is_ascii_lowercase()),
            edition,
        }
    }

    /// The name as criteria compare it: a FIDE acronym as written, any other name in
    /// lower case.
    pub fn name(&self) -> &str {
        if self.capitals { self.raw } else { &self.lower }
    }

    pub fn is_acronym(&self) -> bool {
        self.capitals
    }
}

/// A kind of criterion, all of it in its own file.
pub trait Tiebreak: Sync {
    /// The stored criterion a chain's name is, if it is one of this kind.
    fn parse(&self, token: &Token) -> Option<Criterion>;

    /// Whether a stored criterion is of this kind.
    fn owns(&self, criterion: &Criterion) -> bool;

    /// A stable code, as the command line takes it: `sb`, `h2h`, `BH-C1`.
    fn code(&self, criterion: &Criterion) -> String;

    /// Its name, worded by the catalogue: 小分, Sonneborn-Berger.
    fn name(&self, criterion: &Criterion) -> Message;

    /// A short English column title: SB, BH-1.
    fn short_en(&self, criterion: &Criterion) -> String;

    /// Whether more ranks higher (fewer fouls rank higher).
    fn higher_is_better(&self, _: &Criterion) -> bool {
        true
    }

    /// Computed only among the entrants still tied (head-to-head).
    fn among_tied(&self, _: &Criterion) -> bool {
        false
    }

    /// Values are counts (else points in sixteenths).
    fn is_count(&self, _: &Criterion) -> bool {
        false
    }

    /// A value as people read it: `3`, `12.5`, `0.75`.
    fn format_value(&self, criterion: &Criterion, value: i64) -> String {
        match self.is_count(criterion) {
            true => value.to_string(),
            false => sixteenths_text(value),
        }
    }

    /// Values for `entrants`, in that order. Criteria among the tied look only at
    /// `entrants`; the others ignore it beyond whom to evaluate.
    fn evaluate(
        &self,
        criterion: &Criterion,
        field: &Field,
        entrants: &[EntrantId],
    ) -> Vec<Explained>;
}

/// A criterion of a tiebreak chain, as stored with a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Criterion {
    /// 积分
    #[serde(rename = "points")]
    Points,
    /// 场分 (team and multi-game events)
    #[serde(rename = "match_points")]
    MatchPoints,
    /// 局分 / 全队总局分
    #[serde(rename = "game_points")]
    GamePoints,
    /// 小分
    #[serde(rename = "sonneborn_berger")]
    SonnebornBerger,
    /// 胜局
    #[serde(rename = "wins")]
    Wins,
    /// 全队胜局
    #[serde(rename = "team_wins")]
    TeamWins,
    /// 直胜
    #[serde(rename = "head_to_head")]
    HeadToHead(HeadToHeadMode),
    /// 直胜 between teams
    #[serde(rename = "team_head_to_head")]
    TeamHeadToHead(HeadToHeadMode),
    /// 犯规 (fewer ranks higher)
    #[serde(rename = "fouls")]
    Fouls,
    /// 全队犯规
    #[serde(rename = "team_fouls")]
    TeamFouls,
    /// 后走局数
    #[serde(rename = "black_games")]
    BlackGames,
    /// 对局时后走
    #[serde(rename = "black_in_mutual_game")]
    BlackInMutualGame,
    /// 后胜
    #[serde(rename = "black_wins")]
    BlackWins,
    /// 对手分
    #[serde(rename = "buchholz")]
    Buchholz(BuchholzCut),
    /// 累进分, dropping the first `cut` rounds
    #[serde(rename = "progressive")]
    Progressive { cut: u32 },
    /// 平均名次: the average finishing place at tables (lower ranks higher).
    #[serde(rename = "average_place")]
    AveragePlace,
    /// A tiebreak of the FIDE handbook (C.07) by its acronym: BH-C1, SB, ARO …
    #[serde(rename = "fide")]
    Fide(fide::Fide),
}

impl Criterion {
    /// The kind this criterion is of.
    fn kind(&self) -> &'static dyn Tiebreak {
        KINDS
            .iter()
            .find(|k| k.owns(self))
            .copied()
            .unwrap_or(KINDS[0])
    }

    pub fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        self.kind().evaluate(self, field, entrants)
    }

    /// Computed only among the entrants still tied (head-to-head and the mutual game).
    pub fn among_tied(&self) -> bool {
        self.kind().among_tied(self)
    }

    pub fn higher_is_better(&self) -> bool {
        self.kind().higher_is_better(self)
    }

    /// Whether values are counts (else points in sixteenths).
    pub fn is_count(&self) -> bool {
        self.kind().is_count(self)
    }

    /// Writes a value as people read it: `3`, `12.5`, `0.75`.
    pub fn format_value(&self, value: i64) -> String {
        self.kind().format_value(self, value)
    }

    /// The criterion's name, worded by the catalogue.
    pub fn name(&self) -> Message {
        self.kind().name(self)
    }

    /// The name in `lang`, for columns and lists that hold text.
    pub fn name_in(&self, lang: messages::Lang) -> String {
        messages::render(&self.name(), lang)
    }

    /// A stable code for the criterion, as the command line takes it: the FIDE
    /// acronym with its modifiers (`BH-C1`), else the short name (`sb`, `h2h`).
    pub fn code(&self) -> String {
        self.kind().code(self)
    }

    /// A short English column title (SB, BH-1, ...), for narrow printed columns.
    pub fn short_en(&self) -> String {
        self.kind().short_en(self)
    }

    /// Reads a criterion; FIDE acronyms (written in capitals: `BH-C1`, `SB`, `ARO`,
    /// and `PTS`, `PS`, `DE` for the criteria they name) take `edition`'s rules for
    /// unplayed rounds. The Chinese and short names are read in any case.
    pub fn parse(s: &str, edition: fide::Edition) -> Result<Criterion, UnknownCriterion> {
        let token = Token::new(s, edition);
        KINDS
            .iter()
            .find_map(|k| k.parse(&token))
            .ok_or_else(|| UnknownCriterion(token.name().to_string()))
    }
}

/// Short names for settings and the command line: `points`, `sb`, `wins`, `h2h`,
/// `h2h-mini`, `fouls`, `black-games`, `black-mutual`, `black-wins`, `buchholz`,
/// `buchholz-cut1`, `buchholz-median`, `progressive`, `progressive-cut2`,
/// `match-points`, `game-points`, `team-wins`, `team-h2h`, `team-fouls`.
impl FromStr for Criterion {
    type Err = UnknownCriterion;
    fn from_str(s: &str) -> Result<Criterion, UnknownCriterion> {
        Criterion::parse(s, fide::Edition::default())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tiebreak '{0}'")]
pub struct UnknownCriterion(pub String);

/// Tiebreak chains given by the rules.
pub mod presets {
    use super::{BuchholzCut, Criterion, HeadToHeadMode};

    const H2H: Criterion = Criterion::HeadToHead(HeadToHeadMode::TwoOnly);

    /// The event rules' individual chain: points › 小分 › 胜局 › 直胜 › 犯规.
    pub const INDIVIDUAL: [Criterion; 5] = [
        Criterion::Points,
        Criterion::SonnebornBerger,
        Criterion::Wins,
        H2H,
        Criterion::Fouls,
    ];

    /// The event rules' team chain: 场分 › 局分 › 全队胜局 › 直胜 › 全队犯规.
    pub const TEAM: [Criterion; 5] = [
        Criterion::MatchPoints,
        Criterion::GamePoints,
        Criterion::TeamWins,
        Criterion::TeamHeadToHead(HeadToHeadMode::TwoOnly),
        Criterion::TeamFouls,
    ];

    /// 2011 rules, individual single round robin.
    pub const ROUND_ROBIN_2011: [Criterion; 7] = [
        Criterion::Points,
        Criterion::SonnebornBerger,
        Criterion::Wins,
        H2H,
        Criterion::Fouls,
        Criterion::BlackGames,
        Criterion::BlackInMutualGame,
    ];

    /// 2011 rules, individual multi-game round robin.
    pub const MULTI_GAME_2011: [Criterion; 6] = [
        Criterion::MatchPoints,
        Criterion::GamePoints,
        Criterion::Wins,
        H2H,
        Criterion::Fouls,
        Criterion::BlackWins,
    ];

    /// Tables of three to six: points › wins › 对手分 (every opponent met at a table) ›
    /// the average finishing place.
    pub const TABLES: [Criterion; 4] = [
        Criterion::Points,
        Criterion::Wins,
        Criterion::Buchholz(BuchholzCut::None),
        Criterion::AveragePlace,
    ];

    /// Four-player Junqi with fixed pairs: points › wins › 对手分.
    pub const PAIRS: [Criterion; 3] = [
        Criterion::Points,
        Criterion::Wins,
        Criterion::Buchholz(BuchholzCut::None),
    ];

    /// 2011 rules, Swiss option 1.
    pub const SWISS_BUCHHOLZ_2011: [Criterion; 5] = [
        Criterion::Points,
        Criterion::Buchholz(BuchholzCut::None),
        Criterion::Wins,
        Criterion::Fouls,
        Criterion::BlackGames,
    ];

    /// 2011 rules, Swiss option 2: progressive score, then the same dropping rounds.
    pub const SWISS_PROGRESSIVE_2011: [Criterion; 7] = [
        Criterion::Points,
        Criterion::Progressive { cut: 0 },
        Criterion::Wins,
        Criterion::Fouls,
        Criterion::BlackGames,
        Criterion::Progressive { cut: 1 },
        Criterion::Progressive { cut: 2 },
    ];

    /// The chain of common Chinese pairing software: 对手分 › 胜局 › 犯规 › 后胜局 ›
    /// 后手局.
    pub const SWISS_COMMON: [Criterion; 6] = [
        Criterion::Points,
        Criterion::Buchholz(BuchholzCut::None),
        Criterion::Wins,
        Criterion::Fouls,
        Criterion::BlackWins,
        Criterion::BlackGames,
    ];

    /// Every preset with the name a chain gives it.
    pub const NAMED: [(&str, &[Criterion]); 7] = [
        ("individual", &INDIVIDUAL),
        ("team", &TEAM),
        ("rr-2011", &ROUND_ROBIN_2011),
        ("multi-2011", &MULTI_GAME_2011),
        ("swiss-buchholz", &SWISS_BUCHHOLZ_2011),
        ("swiss-progressive", &SWISS_PROGRESSIVE_2011),
        ("swiss-common", &SWISS_COMMON),
    ];

    /// A preset by name (see [`NAMED`]).
    pub fn by_name(name: &str) -> Option<&'static [Criterion]> {
        NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, chain)| *chain)
    }
}

/// Reads a chain: a preset name, or criteria separated by commas or `>`.
pub fn parse_chain(text: &str) -> Result<Vec<Criterion>, UnknownCriterion> {
    parse_chain_in(text, fide::Edition::default())
}

/// Reads a chain whose FIDE tiebreaks follow `edition`.
pub fn parse_chain_in(
    text: &str,
    edition: fide::Edition,
) -> Result<Vec<Criterion>, UnknownCriterion> {
    if let Some(preset) = presets::by_name(text.trim()) {
        return Ok(preset.to_vec());
    }
    text.split([',', '>', '›'])
        .filter(|s| !s.trim().is_empty())
        .map(|s| Criterion::parse(s, edition))
        .collect()
}

#[cfg(test)]
mod tests;
