//! The rule books a game may be judged under, and the repetition rulings they give,
//! each with the sentence that cites it.

use std::fmt;
use std::str::FromStr;

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

impl RuleCode {
    pub fn name_zh(self) -> &'static str {
        match self {
            RuleCode::Chinese => "中国象棋竞赛规则",
            RuleCode::Asian => "亚洲象棋规则",
        }
    }

    pub fn name_en(self) -> &'static str {
        match self {
            RuleCode::Chinese => "the Chinese rules",
            RuleCode::Asian => "the Asian rules",
        }
    }
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
    /// Both sides did what is forbidden: a draw.
    MutualViolation,
    /// Nobody did anything forbidden: a draw.
    NoViolation,
}

impl Ruling {
    /// The sentence that cites the rule, for a person.
    pub fn cite_zh(self, code: RuleCode) -> &'static str {
        use RuleCode::*;
        use Ruling::*;
        match (code, self) {
            (Chinese, PerpetualCheck) => "中国规则：单方面长将不允许，不变判负",
            (Chinese, MutualCheck) => "中国规则：双方长将，不变作和",
            (Chinese, PerpetualChase) => "中国规则：长捉（一子或多子）属长打，不变判负",
            (Chinese, ChaseOfSeveral) => "中国规则：轮捉多子属长捉，不变判负",
            (Chinese, CheckAndChase) => "中国规则：将、捉交替属长打，不变判负",
            (Chinese, PerpetualMateThreat) => "中国规则：长杀属长打，不变判负",
            (Chinese, MutualViolation) => "中国规则：双方均长打，不变作和",
            (Chinese, NoViolation) => "中国规则：双方均为允许着法，循环作和",
            (Asian, PerpetualCheck) => "亚洲规则第6条：长将（一子或多子）在任何情况下均判负",
            (Asian, MutualCheck) => "亚洲规则第7条：双方长将，不变作和",
            (Asian, PerpetualChase) => "亚洲规则：长捉一子（多子轮捉一子亦同），不变判负",
            (Asian, ChaseOfSeveral) => "亚洲规则第32条：一子轮捉两子（或两子轮捉多子），不变作和",
            (Asian, CheckAndChase) => "亚洲规则：一将一捉不违例，不变作和",
            (Asian, PerpetualMateThreat) => "亚洲规则第9条：长杀不违例，不变作和",
            (Asian, MutualViolation) => "亚洲规则：双方均违例，不变作和",
            (Asian, NoViolation) => "亚洲规则：双方均未违例，循环作和",
        }
    }

    pub fn cite_en(self, code: RuleCode) -> &'static str {
        use RuleCode::*;
        use Ruling::*;
        match (code, self) {
            (Chinese, PerpetualCheck) => {
                "Chinese rules: one-sided perpetual check is never allowed; it loses"
            }
            (Chinese, MutualCheck) => "Chinese rules: both sides check perpetually; a draw",
            (Chinese, PerpetualChase) => {
                "Chinese rules: perpetual chase (of one piece or several) is forbidden; it loses"
            }
            (Chinese, ChaseOfSeveral) => {
                "Chinese rules: chasing several pieces in turn is a perpetual chase; it loses"
            }
            (Chinese, CheckAndChase) => {
                "Chinese rules: checks and chases in turn are forbidden (长打); they lose"
            }
            (Chinese, PerpetualMateThreat) => {
                "Chinese rules: a perpetual mate threat is forbidden (长打); it loses"
            }
            (Chinese, MutualViolation) => "Chinese rules: both sides break the rule; a draw",
            (Chinese, NoViolation) => {
                "Chinese rules: both sides' moves are allowed; a draw by repetition"
            }
            (Asian, PerpetualCheck) => {
                "Asian rules, rule 6: perpetual check (by one piece or several) loses under any circumstance"
            }
            (Asian, MutualCheck) => "Asian rules, rule 7: both sides check perpetually; a draw",
            (Asian, PerpetualChase) => {
                "Asian rules: a perpetual chase of one piece (by one piece or several in turn) loses"
            }
            (Asian, ChaseOfSeveral) => {
                "Asian rules, rule 32: one piece chasing two or more in turn (or two taking turns) is a draw"
            }
            (Asian, CheckAndChase) => "Asian rules: one check and one chase is allowed; a draw",
            (Asian, PerpetualMateThreat) => {
                "Asian rules, rule 9: a perpetual mate threat is allowed; a draw"
            }
            (Asian, MutualViolation) => "Asian rules: both sides break the rule; a draw",
            (Asian, NoViolation) => {
                "Asian rules: neither side breaks the rule; a draw by repetition"
            }
        }
    }
}
