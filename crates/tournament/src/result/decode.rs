//! Reading a stored [`GameResult`]: an object tagged by `kind`, its fields in any order.
//! serde's own reading of a tagged enum first copies the whole object into a buffer of
//! its own and reads it a second time from there; every match of a big event holds a
//! result, and every command reads them all.

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};

use super::{Finish, GameResult, Seat};

#[derive(serde::Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Field {
    Kind,
    Winner,
    Moves,
    Finish,
    Leader,
    Escaper,
    PartnerAlreadyLost,
    Loser,
    #[serde(other)]
    Other,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Win,
    Order,
    Draw,
    DoubleForfeit,
    Forfeit,
    DeadGame,
    Escape,
    Surrender,
    NoResult,
}

/// The fields an object of any kind may carry.
#[derive(Default)]
struct Fields {
    kind: Option<Kind>,
    winner: Option<Seat>,
    moves: Option<Option<u32>>,
    finish: Option<Finish>,
    leader: Option<Seat>,
    escaper: Option<Seat>,
    partner_already_lost: Option<bool>,
    loser: Option<Seat>,
}

/// `slot` filled from the map's next value; a second value for it is an error.
fn fill<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
    slot: &mut Option<T>,
    name: &'static str,
    map: &mut A,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

fn required<T, E: de::Error>(value: Option<T>, name: &'static str) -> Result<T, E> {
    value.ok_or_else(|| E::missing_field(name))
}

struct ResultVisitor;

impl<'de> Visitor<'de> for ResultVisitor {
    type Value = GameResult;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a game result tagged by its kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameResult, A::Error> {
        let mut f = Fields::default();
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Kind => fill(&mut f.kind, "kind", &mut map)?,
                Field::Winner => fill(&mut f.winner, "winner", &mut map)?,
                Field::Moves => fill(&mut f.moves, "moves", &mut map)?,
                Field::Finish => fill(&mut f.finish, "finish", &mut map)?,
                Field::Leader => fill(&mut f.leader, "leader", &mut map)?,
                Field::Escaper => fill(&mut f.escaper, "escaper", &mut map)?,
                Field::PartnerAlreadyLost => fill(
                    &mut f.partner_already_lost,
                    "partner_already_lost",
                    &mut map,
                )?,
                Field::Loser => fill(&mut f.loser, "loser", &mut map)?,
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let moves = f.moves.flatten();
        Ok(match required(f.kind, "kind")? {
            Kind::Win => GameResult::Win {
                winner: required(f.winner, "winner")?,
                moves,
            },
            Kind::Order => GameResult::Order {
                finish: required(f.finish, "finish")?,
            },
            Kind::Draw => GameResult::Draw,
            Kind::DoubleForfeit => GameResult::DoubleForfeit,
            Kind::Forfeit => GameResult::Forfeit {
                winner: required(f.winner, "winner")?,
            },
            Kind::DeadGame => GameResult::DeadGame {
                leader: required(f.leader, "leader")?,
            },
            Kind::Escape => GameResult::Escape {
                escaper: required(f.escaper, "escaper")?,
                partner_already_lost: required(f.partner_already_lost, "partner_already_lost")?,
                moves,
            },
            Kind::Surrender => GameResult::Surrender {
                loser: required(f.loser, "loser")?,
                moves: required(moves, "moves")?,
            },
            Kind::NoResult => GameResult::NoResult,
        })
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        deserializer.deserialize_map(ResultVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<GameResult, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn every_kind_reads_back_as_it_was_written() {
        let finish: Finish = serde_json::from_str("[2,0,1]").unwrap();
        for result in [
            GameResult::Win {
                winner: 1,
                moves: None,
            },
            GameResult::Win {
                winner: 0,
                moves: Some(28),
            },
            GameResult::Order { finish },
            GameResult::Draw,
            GameResult::DoubleForfeit,
            GameResult::Forfeit { winner: 1 },
            GameResult::DeadGame { leader: 0 },
            GameResult::Escape {
                escaper: 3,
                partner_already_lost: true,
                moves: Some(12),
            },
            GameResult::Surrender {
                loser: 2,
                moves: 25,
            },
            GameResult::NoResult,
        ] {
            let json = serde_json::to_string(&result).unwrap();
            assert_eq!(read(&json).unwrap(), result, "{json}");
        }
    }

    #[test]
    fn the_tag_may_come_anywhere_and_unknown_fields_are_passed_over() {
        assert_eq!(
            read(r#"{"winner":1,"note":"x","kind":"win","moves":null}"#).unwrap(),
            GameResult::Win {
                winner: 1,
                moves: None
            }
        );
    }

    #[test]
    fn a_result_missing_what_its_kind_needs_is_refused_by_name() {
        for (json, missing) in [
            (r#"{"kind":"win"}"#, "winner"),
            (r#"{"winner":0}"#, "kind"),
            (r#"{"kind":"surrender","loser":1}"#, "moves"),
        ] {
            let e = read(json).unwrap_err().to_string();
            assert!(e.contains(missing), "{json}: {e}");
        }
        assert!(read(r#"{"kind":"resign"}"#).is_err());
        assert!(read(r#"{"kind":"win","winner":0,"winner":1}"#).is_err());
    }
}
