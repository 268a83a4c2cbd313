//! The rule books a game may be judged under, and the repetition rulings they give,
//! each with the sentence that cites it.

use std::fmt;
use std::str::FromStr;

use crate::Role;

/// Which rule book judges repetitions (棋例).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum RuleCode {
    /// The Chinese Xiangqi Association's competition rules (2011): 长打 — perpetual
    /// check, chase (of one piece or several) and mate threat, and their mixtures — is
    /// forbidden.
    #[default]
    Chinese,
    /// The Asian Xiangqi Federation's rules (the WXF's Asian rules): perpetual check is
    /// forbidden, and a perpetual chase of one piece; chasing several pieces in turn,
    /// one check and one chase, and perpetual mate threats are allowed.
    Asian,
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleCode::Chinese => "chinese",
            RuleCode::Asian => "asian",
        })
    }
}

/// A rule code that is neither `chinese` nor `asian`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is no rule code: chinese or asian")]
pub struct UnknownRuleCode(pub String);

impl FromStr for RuleCode {
    type Err = UnknownRuleCode;

    fn from_str(text: &str) -> Result<RuleCode, UnknownRuleCode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "chinese" | "china" | "cxa" | "中国" => Ok(RuleCode::Chinese),
            "asian" | "asia" | "axf" | "wxf" | "亚洲" => Ok(RuleCode::Asian),
            _ => Err(UnknownRuleCode(text.to_string())),
        }
    }
}

/// What decided a repetition: the rule applied to what each side did in the cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ruling {
    /// One side checked with every move: it loses, whatever the other did.
    PerpetualCheck,
    /// Both sides checked with every move: a draw.
    MutualCheck,
    /// One side chased with every move (Asian: one and the same piece): it loses.
    PerpetualChase,
    /// Asian: one piece chased two or more in turn, or pieces took turns: allowed.
    ChaseOfSeveral,
    /// Checks and chases in turn: allowed by the Asian rules, 长打 under the Chinese.
    CheckAndChase,
    /// Threatened mate with every move (长杀), checks among them: 长打 under the
    /// Chinese rules, allowed by the Asian.
    PerpetualMateThreat,
    /// Asian rule 19: a chariot a horse holds still was chased perpetually (its own
    /// attacks on that horse, if any, are no chase). The chaser loses.
    HeldChariotChased,
    /// Both sides did what is forbidden: a draw.
    MutualViolation,
    /// Nobody did anything forbidden: a draw.
    NoViolation,
}

/// What a perpetual chase that decided a game was after, and what chased it: the facts
/// the Asian rules choose their article by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chased {
    /// The piece chased with every move.
    pub target: Role,
    /// The kind of the pieces that chased it, when they were all of one kind.
    pub by: Option<Role>,
    /// How many pieces took turns chasing it.
    pub chasers: u8,
    /// A chariot a cannon of the chasing side confined to a line with every chase.
    pub confined: bool,
}

/// The Asian rules' own article for a perpetual chase of one piece, where the rule book
/// names the case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChaseArticle {
    /// Rule 15: one or two cannons may not chase a chariot perpetually, protected or not.
    CannonsChaseChariot,
    /// Rule 18: a chariot may not chase an unprotected cannon perpetually.
    ChariotChasesCannon,
    /// Rule 24: a piece may not chase one of its own kind that cannot take it back.
    SameKind,
    /// Rule 27: a chariot a cannon confines to a line may not be chased perpetually by
    /// a chariot, unless protected on one of its points, nor by a horse.
    ConfinedChariot,
    /// Rule 33: two or more pieces may not take turns chasing one piece.
    InTurn,
}

impl Chased {
    /// The article the Asian rules give this chase, if one names it. (Only a chase the
    /// rules count reaches here: a chariot's attack on a protected cannon, or on a
    /// piece of its kind that may take back, is none.)
    pub fn asian_article(&self) -> Option<ChaseArticle> {
        match (self.target, self.by) {
            (Role::Chariot, Some(Role::Cannon)) => Some(ChaseArticle::CannonsChaseChariot),
            _ if self.chasers > 1 => Some(ChaseArticle::InTurn),
            (Role::Chariot, Some(_)) if self.confined => Some(ChaseArticle::ConfinedChariot),
            (Role::Cannon, Some(Role::Chariot)) => Some(ChaseArticle::ChariotChasesCannon),
            (target, Some(by)) if by == target => Some(ChaseArticle::SameKind),
            _ => None,
        }
    }
}
