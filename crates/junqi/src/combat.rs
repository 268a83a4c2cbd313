//! What happens when a piece moves onto an enemy piece.

use crate::Piece;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    AttackerWins,
    DefenderWins,
    BothRemoved,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Combat {
    pub outcome: Outcome,
    /// The defender was the flag: it is gone and the game is over for its side.
    pub flag_captured: bool,
}

/// Resolves an attack. A bomb and whatever it meets are both removed; a mine survives
/// every attacker but the engineer (which removes it) and the bomb; the flag falls to
/// anyone; otherwise the higher rank wins and equal ranks both go.
pub fn combat(attacker: Piece, defender: Piece) -> Combat {
    use Outcome::*;
    let outcome = match (attacker, defender) {
        (Piece::Bomb, _) | (_, Piece::Bomb) => BothRemoved,
        (Piece::Engineer, Piece::Mine) => AttackerWins,
        (_, Piece::Mine) => DefenderWins,
        (_, Piece::Flag) => AttackerWins,
        (a, d) => match (a.rank(), d.rank()) {
            (Some(x), Some(y)) if x > y => AttackerWins,
            (Some(x), Some(y)) if x < y => DefenderWins,
            _ => BothRemoved,
        },
    };
    // Whatever reaches the flag removes it (a bomb goes with it).
    Combat {
        outcome,
        flag_captured: defender == Piece::Flag,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    /// The whole table, attacker by row: one letter per defender in `Piece::ALL`
    /// order (司令 军长 师长 旅长 团长 营长 连长 排长 工兵 地雷 炸弹 军旗):
    /// A attacker wins, D defender wins, B both removed.
    const TABLE: [&str; 10] = [
        "BAAAAAAAADBA", // 司令
        "DBAAAAAAADBA", // 军长
        "DDBAAAAAADBA", // 师长
        "DDDBAAAAADBA", // 旅长
        "DDDDBAAAADBA", // 团长
        "DDDDDBAAADBA", // 营长
        "DDDDDDBAADBA", // 连长
        "DDDDDDDBADBA", // 排长
        "DDDDDDDDBABA", // 工兵: removes mines
        "BBBBBBBBBBBB", // 炸弹: both removed whatever it meets (the flag too)
    ];

    #[test]
    fn every_pair_of_pieces() {
        // Everything that moves attacks: all but the mine and the flag, in table order.
        let attackers = Piece::ALL.into_iter().filter(|p| p.movable());
        for (row, attacker) in TABLE.iter().zip(attackers) {
            for (letter, defender) in row.chars().zip(Piece::ALL) {
                let expected = match letter {
                    'A' => AttackerWins,
                    'D' => DefenderWins,
                    _ => BothRemoved,
                };
                let c = combat(attacker, defender);
                assert_eq!(c.outcome, expected, "{attacker} attacks {defender}");
                assert_eq!(c.flag_captured, defender == Piece::Flag);
            }
        }
    }
}
