//! Sane bounds for every number an organizer gives: checked before anything is
//! allocated for it, so that a typo (`--groups 4294967295`) is an error naming the
//! field, not a machine out of memory.

/// The range a setting may take, with its name for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Bound {
    pub en: &'static str,
    pub zh: &'static str,
    pub min: u64,
    pub max: u64,
}

/// A number outside its [`Bound`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}: {value} is out of range ({}–{})", bound.en, bound.min, bound.max)]
pub struct OutOfRange {
    pub bound: Bound,
    pub value: u64,
}

impl Bound {
    pub fn check(&self, value: impl Into<u64>) -> Result<u64, OutOfRange> {
        let value = value.into();
        if (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(OutOfRange {
                bound: *self,
                value,
            })
        }
    }
}

const fn bound(en: &'static str, zh: &'static str, min: u64, max: u64) -> Bound {
    Bound { en, zh, min, max }
}

/// Entrants of one event or one schedule: a national open has a few hundred.
pub const ENTRANTS: Bound = bound("entrants", "参赛人数", 2, 4096);
pub const GROUPS: Bound = bound("groups", "组数", 1, 512);
pub const ADVANCE: Bound = bound("advance", "出线名额", 1, 4096);
pub const BEST_OF: Bound = bound("best-of", "局制", 1, 15);
pub const EXTRA_GAMES: Bound = bound("extra games", "加赛局数", 0, 9);
pub const TEAM_BOARDS: Bound = bound("boards", "台数", 1, 64);
pub const RATING: Bound = bound("rating", "等级分", 0, 4000);
pub const SEED: Bound = bound("seed", "种子", 1, 4096);
pub const SWISS_ROUNDS: Bound = bound("rounds", "轮数", 1, 99);
pub const DROP_AFTER_FORFEITS: Bound = bound("drop-after-forfeits", "连续弃权轮数", 0, 99);
pub const TABLE_SIZE: Bound = bound("players at a table", "每桌人数", 2, 6);
pub const PER_TABLE: Bound = bound("per table", "每桌出线人数", 1, 5);
/// A group whose rounds are all paired at the draw (a round robin): 128 play 127 rounds,
/// more than any event has days for.
pub const PAIRED_AT_DRAW: Bound = bound("group paired at the draw", "循环赛每组人数", 2, 128);
pub const SEEDS: Bound = bound("seeds", "种子数", 0, 4096);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_name_the_field() {
        assert_eq!(GROUPS.check(8u32), Ok(8));
        let e = GROUPS.check(u32::MAX).unwrap_err();
        assert_eq!(e.to_string(), "groups: 4294967295 is out of range (1–512)");
        assert!(BEST_OF.check(0u32).is_err());
        assert_eq!(RATING.check(0u32), Ok(0));
    }
}
