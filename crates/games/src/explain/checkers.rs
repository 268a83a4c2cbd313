//! The checkers engine's typed reasons as messages of the catalogue (`checkers.*`).

use checkers::{IllegalMove, MoveFault, RecordFault, SetupError};
use messages::{Message, msg};

/// What is wrong with a line of a record's header.
pub fn record_fault(fault: &RecordFault) -> Message {
    match fault {
        RecordFault::Players(text) => msg!("checkers.record.players", text = text),
        RecordFault::Pieces(text) => msg!("checkers.record.pieces", text = text),
        RecordFault::CampRule(text) => msg!("checkers.record.camp_rule", text = text),
        RecordFault::WinRule(text) => msg!("checkers.record.win_rule", text = text),
        RecordFault::Place => msg!("checkers.record.place"),
        RecordFault::Hole(e) => msg!("checkers.hole", text = &e.0),
        RecordFault::Camp(text) => msg!("checkers.camp", text = text),
    }
}

/// Why a move of a record cannot be played.
pub fn move_fault(fault: &MoveFault) -> Message {
    match fault {
        MoveFault::Setup(e) => setup(e),
        MoveFault::Hole(e) => msg!("checkers.hole", text = &e.0),
        MoveFault::Camp(text) => msg!("checkers.camp", text = text),
        MoveFault::NotYourTurn { on_move, named } => msg!(
            "checkers.not_your_turn",
            on_move = on_move.name(),
            named = named.name()
        ),
        MoveFault::Illegal(e) => illegal(e),
    }
}

fn setup(e: &SetupError) -> Message {
    match e {
        SetupError::Players(n) => msg!("checkers.setup.players", count = *n),
        SetupError::Pieces(n) => msg!("checkers.setup.pieces", count = *n),
        SetupError::NotSeated(camp, players) => msg!(
            "checkers.setup.not_seated",
            camp = camp.name(),
            players = *players
        ),
        SetupError::Twice(hole) => msg!("checkers.setup.twice", hole = hole.name()),
        SetupError::TooMany { owner, count, max } => msg!(
            "checkers.setup.too_many",
            camp = owner.name(),
            count = *count,
            most = *max
        ),
    }
}

fn illegal(e: &IllegalMove) -> Message {
    use IllegalMove::*;
    match e {
        TooShort => msg!("checkers.illegal.too_short"),
        NoPiece(h) => msg!("checkers.illegal.no_piece", hole = h),
        NotYours(h) => msg!("checkers.illegal.not_yours", hole = h),
        Occupied(h) => msg!("checkers.illegal.occupied", hole = h),
        NotAdjacent(a, b) => msg!("checkers.illegal.not_adjacent", from = a, to = b),
        NothingToJump(a, b) => msg!("checkers.illegal.nothing_to_jump", from = a, to = b),
        StepThenMore => msg!("checkers.illegal.step_then_more"),
        Revisits(h) => msg!("checkers.illegal.revisits", hole = h),
        ForbiddenCamp(h) => msg!("checkers.illegal.forbidden_camp", hole = h),
        Repetition(h) => msg!("checkers.illegal.repetition", hole = h),
    }
}
