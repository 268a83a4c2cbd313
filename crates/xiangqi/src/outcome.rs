use std::fmt;

/// A game result: who won, a draw, or not decided yet. Records write it as in PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Red,
    Black,
    Draw,
    Ongoing,
}

impl Outcome {
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::Red => "1-0",
            Outcome::Black => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Ongoing => "*",
        }
    }

    pub(crate) fn from_token(token: &str) -> Option<Outcome> {
        match token {
            "1-0" => Some(Outcome::Red),
            "0-1" => Some(Outcome::Black),
            "1/2-1/2" | "½-½" => Some(Outcome::Draw),
            "*" => Some(Outcome::Ongoing),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}
