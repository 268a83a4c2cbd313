/// The seven kinds of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// How many of this role one side starts with (and may ever have).
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// Pieces that can ever give check; without any on either side the game is dead.
    pub const fn is_attacker(self) -> bool {
        matches!(
            self,
            Role::Horse | Role::Chariot | Role::Cannon | Role::Soldier
        )
    }

    /// Pieces that move along files and ranks: their WXF/Chinese forward and
    /// backward moves give a number of steps, not a destination file.
    pub const fn moves_straight(self) -> bool {
        matches!(
            self,
            Role::General | Role::Chariot | Role::Cannon | Role::Soldier
        )
    }

    /// FEN letter (lowercase); red pieces are written in uppercase.
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// Accepts the FEN letters and their common alternatives (`e` elephant, `h` horse).
    pub fn from_fen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// WXF letter.
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    pub const fn name_en(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}
