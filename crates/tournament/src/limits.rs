//! Sane bounds for every number an organizer gives: checked before anything is
//! allocated for it, so that a typo (`--groups 4294967295`) is an error naming the
//! field, not a machine out of memory.

use messages::{Lang, Message};

/// The range a setting may take, with the catalogue code of its name for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Bound {
    pub field: &'static str,
    pub min: u64,
    pub max: u64,
}

/// A number outside its [`Bound`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}: {value} is out of range ({}–{})", bound.english(), bound.min, bound.max)]
pub struct OutOfRange {
    pub bound: Bound,
    pub value: u64,
}

impl Bound {
    /// The setting's name, worded where it is shown.
    pub fn words(&self) -> Message {
        Message::new(self.field)
    }

    /// The setting's name in English, for logs.
    pub fn english(&self) -> String {
        messages::render(&self.words(), Lang::En)
    }

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

const fn bound(field: &'static str, min: u64, max: u64) -> Bound {
    Bound { field, min, max }
}

/// Entrants of one event or one schedule: a national open has a few hundred.
pub const ENTRANTS: Bound = bound("bound.entrants", 2, 4096);
pub const GROUPS: Bound = bound("bound.groups", 1, 512);
pub const ADVANCE: Bound = bound("bound.advance", 1, 4096);
pub const BEST_OF: Bound = bound("bound.best_of", 1, 15);
pub const EXTRA_GAMES: Bound = bound("bound.extra_games", 0, 9);
pub const TEAM_BOARDS: Bound = bound("bound.team_boards", 1, 64);
pub const RATING: Bound = bound("bound.rating", 0, 4000);
pub const SEED: Bound = bound("bound.seed", 1, 4096);
pub const SWISS_ROUNDS: Bound = bound("bound.swiss_rounds", 1, 99);
pub const DROP_AFTER_FORFEITS: Bound = bound("bound.drop_after_forfeits", 0, 99);
pub const TABLE_SIZE: Bound = bound("bound.table_size", 2, 6);
pub const PER_TABLE: Bound = bound("bound.per_table", 1, 5);
/// A group whose rounds are all paired at the draw (a round robin): 128 play 127 rounds,
/// more than any event has days for.
pub const PAIRED_AT_DRAW: Bound = bound("bound.paired_at_draw", 2, 128);
pub const SEEDS: Bound = bound("bound.seeds", 0, 4096);

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

    #[test]
    fn every_bound_is_named_in_both_languages() {
        let all = [
            ENTRANTS,
            GROUPS,
            ADVANCE,
            BEST_OF,
            EXTRA_GAMES,
            TEAM_BOARDS,
            RATING,
            SEED,
            SWISS_ROUNDS,
            DROP_AFTER_FORFEITS,
            TABLE_SIZE,
            PER_TABLE,
            PAIRED_AT_DRAW,
            SEEDS,
        ];
        for bound in all {
            for lang in [Lang::Zh, Lang::En] {
                let own = messages::template(bound.field, lang);
                assert!(own.is_some(), "{} has no words", bound.field);
            }
        }
        assert_eq!(
            messages::render(&GROUPS.words(), Lang::Zh),
            "组数",
            "a bound is named in Chinese"
        );
    }
}
