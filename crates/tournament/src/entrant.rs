/// Identifies an entrant within a competition (its registration number).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct EntrantId(pub u32);

/// One board of a team, in board order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Member {
    pub name: String,
    pub rating: Option<u32>,
}

/// A player, or a team with ordered members. What is at its default (no club, rating
/// or seed, no members, not withdrawn) is not written: a big event's entrants are read
/// by every command.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entrant {
    pub id: EntrantId,
    pub name: String,
    /// 单位: the club, school or city, kept apart in draws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// 种子: 1 is the top seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
    /// Team members by board; empty for an individual.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// Withdrawn with every game annulled (FIDE's rule for fewer than half played):
    /// gone from the standings, the games against them count for nobody.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub annulled: bool,
    /// What international lists record of a player (TRF's player line).
    #[serde(default, skip_serializing_if = "PlayerDetails::is_empty")]
    pub details: PlayerDetails,
}

/// A player's sex, title, federation, FIDE id and birth date, as rating lists give
/// them.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerDetails {
    /// `m` or `w`, as TRF writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<char>,
    /// `g`, `m`, `f`, `c`, `wg`, `wm` …, as TRF writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The federation's three-letter code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// As written: `1987/04/03`, `1987`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth: Option<String>,
}

impl PlayerDetails {
    pub fn is_empty(&self) -> bool {
        *self == PlayerDetails::default()
    }

    /// The year of birth, when the birth date gives one.
    pub fn birth_year(&self) -> Option<u32> {
        let year: u32 = self.birth.as_deref()?.get(..4)?.parse().ok()?;
        (year > 0).then_some(year)
    }
}

impl Entrant {
    pub fn new(id: u32, name: impl Into<String>) -> Entrant {
        Entrant {
            id: EntrantId(id),
            name: name.into(),
            club: None,
            rating: None,
            seed: None,
            members: Vec::new(),
            withdrawn: false,
            annulled: false,
            details: PlayerDetails::default(),
        }
    }

    pub fn with_club(mut self, club: impl Into<String>) -> Entrant {
        self.club = Some(club.into());
        self
    }

    pub fn with_seed(mut self, seed: u32) -> Entrant {
        self.seed = Some(seed);
        self
    }

    pub fn with_rating(mut self, rating: u32) -> Entrant {
        self.rating = Some(rating);
        self
    }
}

/// Orders entrants for seeding: seed number first (seeded before unseeded), then rating
/// (higher first), then registration order.
pub fn seeding_order(entrants: &[Entrant]) -> Vec<EntrantId> {
    let mut sorted: Vec<&Entrant> = entrants.iter().collect();
    sorted.sort_by_key(|e| {
        (
            e.seed.unwrap_or(u32::MAX),
            std::cmp::Reverse(e.rating.unwrap_or(0)),
            e.id,
        )
    });
    sorted.into_iter().map(|e| e.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_at_its_default_is_not_written_and_reads_back() {
        let player = Entrant::new(7, "棋手7");
        let written = serde_json::to_string(&player).unwrap();
        assert_eq!(written, r#"{"id":7,"name":"棋手7"}"#);
        assert_eq!(serde_json::from_str::<Entrant>(&written).unwrap(), player);
        // As earlier versions wrote it, every field spelled out.
        let spelled = r#"{"id":7,"name":"棋手7","club":null,"rating":null,"seed":null,"members":[],"withdrawn":false}"#;
        assert_eq!(serde_json::from_str::<Entrant>(spelled).unwrap(), player);
        // A club, a rating, a seed, members and a withdrawal are kept.
        let mut team = Entrant::new(8, "一队");
        team.club = Some("杭州".into());
        team.rating = Some(2100);
        team.seed = Some(1);
        team.members = vec![Member {
            name: "甲".into(),
            rating: None,
        }];
        team.withdrawn = true;
        let again: Entrant = serde_json::from_str(&serde_json::to_string(&team).unwrap()).unwrap();
        assert_eq!(again, team);
    }
}
