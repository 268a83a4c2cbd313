//! The Junqi engine's typed reasons as messages of the catalogue (`junqi.*`).

use junqi::{
    IllegalMove, MoveFault, Piece, PointFault, RecordFault, Seat, SetupError, SetupFault, Side,
};
use messages::{Message, msg};

pub(crate) fn seat(seat: Seat) -> Message {
    match seat {
        Seat::South => msg!("junqi.seat.south"),
        Seat::East => msg!("junqi.seat.east"),
        Seat::North => msg!("junqi.seat.north"),
        Seat::West => msg!("junqi.seat.west"),
    }
}

fn side(side: Side) -> Message {
    match side {
        Side::South => msg!("junqi.seat.south"),
        Side::North => msg!("junqi.seat.north"),
    }
}

pub(crate) fn piece(piece: Piece) -> Message {
    match piece {
        Piece::Commander => msg!("junqi.piece.commander"),
        Piece::General => msg!("junqi.piece.general"),
        Piece::MajorGeneral => msg!("junqi.piece.major_general"),
        Piece::Brigadier => msg!("junqi.piece.brigadier"),
        Piece::Colonel => msg!("junqi.piece.colonel"),
        Piece::Major => msg!("junqi.piece.major"),
        Piece::Captain => msg!("junqi.piece.captain"),
        Piece::Lieutenant => msg!("junqi.piece.lieutenant"),
        Piece::Engineer => msg!("junqi.piece.engineer"),
        Piece::Mine => msg!("junqi.piece.mine"),
        Piece::Bomb => msg!("junqi.piece.bomb"),
        Piece::Flag => msg!("junqi.piece.flag"),
    }
}

/// What is wrong with a line of a record.
pub fn record_fault(fault: &RecordFault) -> Message {
    match fault {
        RecordFault::Json { column, .. } => msg!("junqi.record.json", column = *column),
        RecordFault::Crossing => msg!("junqi.record.crossing"),
        RecordFault::Seat(text) => msg!("junqi.record.seat", text = text),
        RecordFault::SetupPairs => msg!("junqi.record.setup_pairs"),
    }
}

/// Why an entry of a record cannot stand.
pub fn move_fault(fault: &MoveFault) -> Message {
    match fault {
        MoveFault::NoSetup(s) => msg!("junqi.no_setup", seat = seat(*s)),
        MoveFault::Setup(s, fault) => msg!("junqi.setup", seat = seat(*s), why = setup(fault)),
        MoveFault::EarlySurrender(at) => msg!(
            "junqi.early_surrender",
            limit = junqi::EARLIEST_SURRENDER,
            at = *at
        ),
        MoveFault::NotAMove(text) => msg!("junqi.not_a_move", text = text),
        MoveFault::Point(PointFault::Two(e)) => msg!("junqi.point", text = &e.0),
        MoveFault::Point(PointFault::Four(e)) => msg!("junqi.four_point", text = &e.0),
        MoveFault::Illegal(e) => illegal(e),
    }
}

/// Why one seat's setup cannot stand.
pub fn setup(fault: &SetupFault) -> Message {
    match fault {
        SetupFault::TwoPlayerBoard(s) => msg!("junqi.setup.two_player_board", seat = seat(*s)),
        SetupFault::OffArm { at, seat: s } => {
            msg!("junqi.setup.off_arm", at = at, seat = seat(*s))
        }
        SetupFault::Piece(e) => msg!("junqi.piece_name", text = &e.0),
        SetupFault::Point(e) => msg!("junqi.point", text = &e.0),
        SetupFault::Rule(e) => setup_rule(e),
    }
}

fn setup_rule(e: &SetupError) -> Message {
    match e {
        SetupError::Count {
            piece: p,
            found,
            expected,
        } => msg!(
            "junqi.setup.count",
            piece = piece(*p),
            found = *found,
            expected = *expected
        ),
        SetupError::OffHalf { point, side: s } => msg!(
            "junqi.setup.off_half",
            point = point.to_string(),
            side = side(*s)
        ),
        SetupError::InCamp(p) => msg!("junqi.setup.in_camp", point = p.to_string()),
        SetupError::FlagOutsideHeadquarters(p) => {
            msg!("junqi.setup.flag", point = p.to_string())
        }
        SetupError::MineTooFarForward(p) => msg!("junqi.setup.mine", point = p.to_string()),
        SetupError::BombInFrontRank(p) => msg!("junqi.setup.bomb", point = p.to_string()),
    }
}

fn illegal(e: &IllegalMove<String>) -> Message {
    use IllegalMove::*;
    match e {
        NoPiece(p) => msg!("junqi.illegal.no_piece", point = p),
        NotYours(p, mover) => {
            let mover = match *mover {
                "east" => seat(Seat::East),
                "north" => seat(Seat::North),
                "west" => seat(Seat::West),
                _ => seat(Seat::South),
            };
            msg!("junqi.illegal.not_yours", point = p, seat = mover)
        }
        Immovable(p) => msg!("junqi.illegal.immovable", piece = piece(*p)),
        InHeadquarters(p) => msg!("junqi.illegal.in_headquarters", point = p),
        OwnPiece(p) => msg!("junqi.illegal.own_piece", point = p),
        CampProtected(p) => msg!("junqi.illegal.camp_protected", point = p),
        Unreachable { from, to } => msg!("junqi.illegal.unreachable", from = from, to = to),
    }
}
