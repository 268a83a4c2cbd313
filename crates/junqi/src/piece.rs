//! The twelve kinds of piece, by their Chinese names and English ids.

use std::fmt;
use std::str::FromStr;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Commander,
    General,
    MajorGeneral,
    Brigadier,
    Colonel,
    Major,
    Captain,
    Lieutenant,
    Engineer,
    Mine,
    Bomb,
    Flag,
}

impl Piece {
    pub const ALL: [Piece; 12] = [
        Piece::Commander,
        Piece::General,
        Piece::MajorGeneral,
        Piece::Brigadier,
        Piece::Colonel,
        Piece::Major,
        Piece::Captain,
        Piece::Lieutenant,
        Piece::Engineer,
        Piece::Mine,
        Piece::Bomb,
        Piece::Flag,
    ];

    /// How many one side has: 25 in all.
    pub const fn count(self) -> usize {
        match self {
            Piece::Commander | Piece::General | Piece::Flag => 1,
            Piece::MajorGeneral
            | Piece::Brigadier
            | Piece::Colonel
            | Piece::Major
            | Piece::Bomb => 2,
            Piece::Captain | Piece::Lieutenant | Piece::Engineer | Piece::Mine => 3,
        }
    }

    /// Fighting rank: 司令 10 down to 工兵 2; bombs, mines and the flag fight by their own rules.
    pub const fn rank(self) -> Option<u8> {
        match self {
            Piece::Commander => Some(10),
            Piece::General => Some(9),
            Piece::MajorGeneral => Some(8),
            Piece::Brigadier => Some(7),
            Piece::Colonel => Some(6),
            Piece::Major => Some(5),
            Piece::Captain => Some(4),
            Piece::Lieutenant => Some(3),
            Piece::Engineer => Some(2),
            Piece::Mine | Piece::Bomb | Piece::Flag => None,
        }
    }

    /// Mines and the flag never move.
    pub const fn movable(self) -> bool {
        !matches!(self, Piece::Mine | Piece::Flag)
    }

    pub const fn record_name(self) -> &'static str {
        match self {
            Piece::Commander => "司令",
            Piece::General => "军长",
            Piece::MajorGeneral => "师长",
            Piece::Brigadier => "旅长",
            Piece::Colonel => "团长",
            Piece::Major => "营长",
            Piece::Captain => "连长",
            Piece::Lieutenant => "排长",
            Piece::Engineer => "工兵",
            Piece::Mine => "地雷",
            Piece::Bomb => "炸弹",
            Piece::Flag => "军旗",
        }
    }

    pub const fn id(self) -> &'static str {
        match self {
            Piece::Commander => "commander",
            Piece::General => "general",
            Piece::MajorGeneral => "major_general",
            Piece::Brigadier => "brigadier",
            Piece::Colonel => "colonel",
            Piece::Major => "major",
            Piece::Captain => "captain",
            Piece::Lieutenant => "lieutenant",
            Piece::Engineer => "engineer",
            Piece::Mine => "mine",
            Piece::Bomb => "bomb",
            Piece::Flag => "flag",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a Junqi piece: use 司令 军长 师长 旅长 团长 营长 连长 排长 工兵 地雷 炸弹 军旗 or commander, general, major_general, brigadier, colonel, major, captain, lieutenant, engineer, mine, bomb, flag"
)]
pub struct ParsePieceError(pub String);

/// Reads the Chinese name or the English id.
impl FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let t = s.trim();
        Piece::ALL
            .into_iter()
            .find(|p| p.record_name() == t || p.id().eq_ignore_ascii_case(t))
            .ok_or_else(|| ParsePieceError(s.to_string()))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.record_name())
    }
}
