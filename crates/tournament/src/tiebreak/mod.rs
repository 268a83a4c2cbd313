//! Tiebreak criteria (RULES.md §5), one type each, named as the rules name them. Each
//! explains its value by the contributions that make it up.
//!
//! Values are integers: points in sixteenths (小分 takes half or three quarters of a
//! quarter point), counts as they are.

mod direct;
pub mod fide;
mod opponents;
mod totals;

use std::fmt;
use std::str::FromStr;

pub use direct::{BlackInMutualGame, HeadToHead, HeadToHeadMode};
pub use opponents::{Buchholz, BuchholzCut, Progressive, SonnebornBerger};
pub use totals::{AveragePlace, BlackGames, BlackWins, Fouls, GamePoints, PointsTotal, Wins};

use crate::EntrantId;
use crate::standings::Field;

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

/// The behaviour every criterion shares.
pub trait Tiebreak {
    /// Values for `entrants`, in that order. Criteria among the tied look only at
    /// `entrants`; the others ignore it beyond whom to evaluate.
    fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained>;
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
    fn tiebreak(&self) -> Box<dyn Tiebreak> {
        match *self {
            Criterion::Points | Criterion::MatchPoints => Box::new(PointsTotal),
            Criterion::GamePoints => Box::new(GamePoints),
            Criterion::SonnebornBerger => Box::new(SonnebornBerger),
            Criterion::Wins | Criterion::TeamWins => Box::new(Wins),
            Criterion::HeadToHead(mode) | Criterion::TeamHeadToHead(mode) => {
                Box::new(HeadToHead { mode })
            }
            Criterion::Fouls | Criterion::TeamFouls => Box::new(Fouls),
            Criterion::BlackGames => Box::new(BlackGames),
            Criterion::BlackInMutualGame => Box::new(BlackInMutualGame),
            Criterion::BlackWins => Box::new(BlackWins),
            Criterion::Buchholz(cut) => Box::new(Buchholz { cut }),
            Criterion::Progressive { cut } => Box::new(Progressive { cut }),
            Criterion::AveragePlace => Box::new(AveragePlace),
            Criterion::Fide(f) => Box::new(f),
        }
    }

    pub fn evaluate(&self, field: &Field, entrants: &[EntrantId]) -> Vec<Explained> {
        self.tiebreak().evaluate(field, entrants)
    }

    /// Computed only among the entrants still tied (head-to-head and the mutual game).
    pub fn among_tied(&self) -> bool {
        if let Criterion::Fide(f) = self {
            return f.among_tied();
        }
        matches!(
            self,
            Criterion::HeadToHead(_) | Criterion::TeamHeadToHead(_) | Criterion::BlackInMutualGame
        )
    }

    pub fn higher_is_better(&self) -> bool {
        if let Criterion::Fide(f) = self {
            return f.higher_is_better();
        }
        !matches!(
            self,
            Criterion::Fouls | Criterion::TeamFouls | Criterion::AveragePlace
        )
    }

    /// Whether values are counts (else points in sixteenths).
    pub fn is_count(&self) -> bool {
        matches!(
            self,
            Criterion::Wins
                | Criterion::TeamWins
                | Criterion::Fouls
                | Criterion::TeamFouls
                | Criterion::BlackGames
                | Criterion::BlackWins
                | Criterion::BlackInMutualGame
        )
    }

    /// Writes a value as people read it: `3`, `12.5`, `0.75`.
    pub fn format_value(&self, value: i64) -> String {
        if let Criterion::Fide(f) = self {
            return f.format_value(value);
        }
        if *self == Criterion::AveragePlace {
            return match value {
                i64::MAX => "-".into(),
                v => format!("{}.{:02}", v / 100, v % 100),
            };
        }
        if self.is_count() {
            value.to_string()
        } else {
            sixteenths_text(value)
        }
    }

    pub fn name_zh(&self) -> String {
        match self {
            Criterion::Fide(f) => f.name_zh(),
            _ => self.chinese_name().to_string(),
        }
    }

    fn chinese_name(&self) -> &'static str {
        match self {
            Criterion::Points => "积分",
            Criterion::MatchPoints => "场分",
            Criterion::GamePoints => "局分",
            Criterion::SonnebornBerger => "小分",
            Criterion::Wins => "胜局",
            Criterion::TeamWins => "全队胜局",
            Criterion::HeadToHead(_) | Criterion::TeamHeadToHead(_) => "直胜",
            Criterion::Fouls => "犯规",
            Criterion::TeamFouls => "全队犯规",
            Criterion::BlackGames => "后走局数",
            Criterion::BlackInMutualGame => "对局时后走",
            Criterion::BlackWins => "后胜",
            Criterion::Buchholz(BuchholzCut::None) => "对手分",
            Criterion::Buchholz(BuchholzCut::Cut1) => "对手分(去最低)",
            Criterion::Buchholz(BuchholzCut::Median) => "对手分(去高低)",
            Criterion::Progressive { cut: 0 } => "累进分",
            Criterion::Progressive { .. } => "累进分(去前轮)",
            Criterion::AveragePlace => "平均名次",
            Criterion::Fide(f) => f.code.acronym(),
        }
    }

    /// A stable code for the criterion, as the command line takes it: the FIDE
    /// acronym with its modifiers (`BH-C1`), else the short name (`sb`, `h2h`).
    pub fn code(&self) -> String {
        match self {
            Criterion::Points => "points".into(),
            Criterion::MatchPoints => "match-points".into(),
            Criterion::GamePoints => "game-points".into(),
            Criterion::SonnebornBerger => "sb".into(),
            Criterion::Wins => "wins".into(),
            Criterion::TeamWins => "team-wins".into(),
            Criterion::HeadToHead(HeadToHeadMode::TwoOnly) => "h2h".into(),
            Criterion::HeadToHead(HeadToHeadMode::MiniTable) => "h2h-mini".into(),
            Criterion::TeamHeadToHead(_) => "team-h2h".into(),
            Criterion::Fouls => "fouls".into(),
            Criterion::TeamFouls => "team-fouls".into(),
            Criterion::BlackGames => "black-games".into(),
            Criterion::BlackInMutualGame => "black-mutual".into(),
            Criterion::BlackWins => "black-wins".into(),
            Criterion::Buchholz(BuchholzCut::None) => "buchholz".into(),
            Criterion::Buchholz(BuchholzCut::Cut1) => "buchholz-cut1".into(),
            Criterion::Buchholz(BuchholzCut::Median) => "buchholz-median".into(),
            Criterion::Progressive { cut: 0 } => "PS".into(),
            Criterion::Progressive { cut } => format!("PS-C{cut}"),
            Criterion::AveragePlace => "average-place".into(),
            Criterion::Fide(f) => f.acronym(),
        }
    }

    /// A short English column title (SB, BH-1, ...), for narrow printed columns.
    pub fn short_en(&self) -> String {
        match self {
            Criterion::Fide(f) => f.acronym(),
            Criterion::Points => "Pts".into(),
            Criterion::MatchPoints => "MP".into(),
            Criterion::GamePoints => "GP".into(),
            Criterion::SonnebornBerger => "SB".into(),
            Criterion::Wins => "Wins".into(),
            Criterion::TeamWins => "TW".into(),
            Criterion::HeadToHead(_) | Criterion::TeamHeadToHead(_) => "H2H".into(),
            Criterion::Fouls | Criterion::TeamFouls => "Fouls".into(),
            Criterion::BlackGames => "BG".into(),
            Criterion::BlackInMutualGame => "BM".into(),
            Criterion::BlackWins => "BW".into(),
            Criterion::Buchholz(BuchholzCut::None) => "BH".into(),
            Criterion::Buchholz(BuchholzCut::Cut1) => "BH-1".into(),
            Criterion::Buchholz(BuchholzCut::Median) => "BH-M".into(),
            Criterion::Progressive { cut: 0 } => "Prog".into(),
            Criterion::Progressive { cut } => format!("Prog-{cut}"),
            Criterion::AveragePlace => "AvgPl".into(),
        }
    }

    pub fn name_en(&self) -> String {
        match self {
            Criterion::Fide(f) => f.name_en(),
            Criterion::Points => "points".into(),
            Criterion::MatchPoints => "match points".into(),
            Criterion::GamePoints => "game points".into(),
            Criterion::SonnebornBerger => "Sonneborn-Berger".into(),
            Criterion::Wins => "wins".into(),
            Criterion::TeamWins => "team wins".into(),
            Criterion::HeadToHead(_) | Criterion::TeamHeadToHead(_) => "head-to-head".into(),
            Criterion::Fouls => "fouls".into(),
            Criterion::TeamFouls => "team fouls".into(),
            Criterion::BlackGames => "games with black".into(),
            Criterion::BlackInMutualGame => "black in the mutual game".into(),
            Criterion::BlackWins => "wins with black".into(),
            Criterion::Buchholz(BuchholzCut::None) => "Buchholz".into(),
            Criterion::Buchholz(BuchholzCut::Cut1) => "Buchholz cut 1".into(),
            Criterion::Buchholz(BuchholzCut::Median) => "median Buchholz".into(),
            Criterion::Progressive { cut: 0 } => "progressive score".into(),
            Criterion::Progressive { cut } => format!("progressive score cut {cut}"),
            Criterion::AveragePlace => "average place".into(),
        }
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

impl Criterion {
    /// Reads a criterion; FIDE acronyms (written in capitals: `BH-C1`, `SB`, `ARO`,
    /// and `PTS`, `PS`, `DE` for the criteria they name) take `edition`'s rules for
    /// unplayed rounds. The Chinese and short names are read in any case.
    pub fn parse(s: &str, edition: fide::Edition) -> Result<Criterion, UnknownCriterion> {
        let trimmed = s.trim();
        if trimmed.chars().any(|c| c.is_ascii_uppercase())
            && !trimmed.chars().any(|c| c.is_ascii_lowercase())
        {
            match trimmed {
                "PTS" => return Ok(Criterion::Points),
                "PS" => return Ok(Criterion::Progressive { cut: 0 }),
                _ => {}
            }
            if let Some(cut) = trimmed
                .strip_prefix("PS-C")
                .or_else(|| trimmed.strip_prefix("PS/C"))
                .and_then(|n| n.parse().ok())
            {
                return Ok(Criterion::Progressive { cut });
            }
            match fide::Fide::parse(trimmed, edition) {
                Ok(f) => return Ok(Criterion::Fide(f)),
                Err(fide::ParseError::NoModifier) => {
                    return Err(UnknownCriterion(trimmed.to_string()));
                }
                Err(fide::ParseError::Unknown) => {}
            }
        }
        let s = trimmed.to_ascii_lowercase();
        Ok(match s.as_str() {
            "points" | "积分" => Criterion::Points,
            "match-points" | "场分" => Criterion::MatchPoints,
            "game-points" | "局分" => Criterion::GamePoints,
            "sb" | "sonneborn-berger" | "小分" => Criterion::SonnebornBerger,
            "wins" | "胜局" => Criterion::Wins,
            "team-wins" | "全队胜局" => Criterion::TeamWins,
            "h2h" | "直胜" => Criterion::HeadToHead(HeadToHeadMode::TwoOnly),
            "h2h-mini" => Criterion::HeadToHead(HeadToHeadMode::MiniTable),
            "team-h2h" => Criterion::TeamHeadToHead(HeadToHeadMode::TwoOnly),
            "fouls" | "犯规" => Criterion::Fouls,
            "team-fouls" | "全队犯规" => Criterion::TeamFouls,
            "black-games" | "后走局数" | "后手局" => Criterion::BlackGames,
            "black-mutual" | "对局时后走" => Criterion::BlackInMutualGame,
            "black-wins" | "后胜" | "后胜局" => Criterion::BlackWins,
            "buchholz" | "对手分" => Criterion::Buchholz(BuchholzCut::None),
            "buchholz-cut1" | "扣除对手分" => Criterion::Buchholz(BuchholzCut::Cut1),
            "buchholz-median" | "中间对手分" => Criterion::Buchholz(BuchholzCut::Median),
            "progressive" | "累进分" => Criterion::Progressive { cut: 0 },
            "average-place" | "平均名次" => Criterion::AveragePlace,
            other => match other
                .strip_prefix("progressive-cut")
                .and_then(|n| n.parse().ok())
            {
                Some(cut) => Criterion::Progressive { cut },
                None => return Err(UnknownCriterion(s.to_string())),
            },
        })
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

    /// A preset by name: `individual`, `team`, `rr-2011`, `multi-2011`,
    /// `swiss-buchholz`, `swiss-progressive`, `swiss-common`.
    pub fn by_name(name: &str) -> Option<&'static [Criterion]> {
        Some(match name {
            "individual" => &INDIVIDUAL,
            "team" => &TEAM,
            "rr-2011" => &ROUND_ROBIN_2011,
            "multi-2011" => &MULTI_GAME_2011,
            "swiss-buchholz" => &SWISS_BUCHHOLZ_2011,
            "swiss-progressive" => &SWISS_PROGRESSIVE_2011,
            "swiss-common" => &SWISS_COMMON,
            _ => return None,
        })
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
