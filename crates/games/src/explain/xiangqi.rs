//! The Xiangqi engine's typed reasons as messages of the catalogue (`xiangqi.*`).

use messages::{Message, Param, msg};
use xiangqi::xqf::{XqfError, XqfPart};
use xiangqi::{
    ChaseArticle, Chased, Color, Ending, IllegalReason, Impossibility, InvalidPosition, MoveError,
    NoPiece, Piece, Role, RuleCode, Ruling, Square, Syntax, fen::FenError,
};

fn side(color: Color) -> Message {
    match color {
        Color::Red => msg!("xiangqi.side.red"),
        Color::Black => msg!("xiangqi.side.black"),
    }
}

fn role(role: Role) -> Message {
    match role {
        Role::General => msg!("xiangqi.role.general"),
        Role::Advisor => msg!("xiangqi.role.advisor"),
        Role::Elephant => msg!("xiangqi.role.elephant"),
        Role::Horse => msg!("xiangqi.role.horse"),
        Role::Chariot => msg!("xiangqi.role.chariot"),
        Role::Cannon => msg!("xiangqi.role.cannon"),
        Role::Soldier => msg!("xiangqi.role.soldier"),
    }
}

fn square(sq: Square) -> String {
    sq.to_string()
}

/// Why a move cannot be played in a position.
pub fn illegal(reason: IllegalReason) -> Message {
    use IllegalReason::*;
    match reason {
        NoPiece(sq) => msg!("xiangqi.illegal.no_piece", square = square(sq)),
        NotYourPiece(sq) => msg!("xiangqi.illegal.not_your_piece", square = square(sq)),
        NullMove => msg!("xiangqi.illegal.null_move"),
        CapturesOwnPiece(sq) => msg!("xiangqi.illegal.captures_own", square = square(sq)),
        LeavesPalace(r) => msg!("xiangqi.illegal.leaves_palace", role = role(r)),
        CrossesRiver => msg!("xiangqi.illegal.crosses_river"),
        Unreachable(r) => msg!("xiangqi.illegal.unreachable", role = role(r)),
        HorseLegBlocked(sq) => msg!("xiangqi.illegal.horse_leg", square = square(sq)),
        ElephantEyeBlocked(sq) => msg!("xiangqi.illegal.elephant_eye", square = square(sq)),
        PathBlocked(sq) => msg!("xiangqi.illegal.path_blocked", square = square(sq)),
        CannonNeedsScreen => msg!("xiangqi.illegal.cannon_needs_screen"),
        CannonJumpsTooMany => msg!("xiangqi.illegal.cannon_jumps_too_many"),
        CannonMovesOverScreen(sq) => {
            msg!("xiangqi.illegal.cannon_over_screen", square = square(sq))
        }
        SoldierBackward => msg!("xiangqi.illegal.soldier_backward"),
        SoldierSidewaysBeforeRiver => msg!("xiangqi.illegal.soldier_sideways"),
        LeavesGeneralsFacing => msg!("xiangqi.illegal.generals_facing"),
        LeavesGeneralInCheck => msg!("xiangqi.illegal.general_in_check"),
    }
}

/// Why a move's text does not name one legal move.
pub fn move_error(e: &MoveError) -> Message {
    match e {
        MoveError::Syntax(e) => syntax(e.kind),
        MoveError::NoPiece(NoPiece::OnFile { piece, file }) => msg!(
            "xiangqi.move.no_piece_on_file",
            side = side(piece.color),
            role = role(piece.role),
            file = *file
        ),
        MoveError::NoPiece(NoPiece::NoTwoOnAFile(piece)) => msg!(
            "xiangqi.move.no_two_on_a_file",
            side = side(piece.color),
            role = role(piece.role)
        ),
        MoveError::NoPiece(NoPiece::NotInThatOrder(piece)) => msg!(
            "xiangqi.move.not_in_that_order",
            side = side(piece.color),
            role = role(piece.role)
        ),
        MoveError::Unreachable { piece, from } => msg!(
            "xiangqi.move.unreachable",
            side = side(piece.color),
            role = role(piece.role),
            square = square(*from)
        ),
        MoveError::Illegal(e) => illegal(e.reason),
        MoveError::Ambiguous(moves) => msg!(
            "xiangqi.move.ambiguous",
            moves = moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()
        ),
    }
}

fn syntax(kind: Syntax) -> Message {
    match kind {
        Syntax::ChineseLength => msg!("xiangqi.syntax.chinese_length"),
        Syntax::ChineseDirection => msg!("xiangqi.syntax.chinese_direction"),
        Syntax::ChineseSteps => msg!("xiangqi.syntax.chinese_steps"),
        Syntax::ChinesePiece => msg!("xiangqi.syntax.chinese_piece"),
        Syntax::UnknownPiece => msg!("xiangqi.syntax.unknown_piece"),
        Syntax::WxfLength => msg!("xiangqi.syntax.wxf_length"),
        Syntax::WxfDirection => msg!("xiangqi.syntax.wxf_direction"),
        Syntax::WxfSteps => msg!("xiangqi.syntax.wxf_steps"),
        Syntax::WxfAfterPiece => msg!("xiangqi.syntax.wxf_after_piece"),
        Syntax::WxfAfterFile => msg!("xiangqi.syntax.wxf_after_file"),
        Syntax::WxfAfterSign => msg!("xiangqi.syntax.wxf_after_sign"),
        Syntax::WxfFirst => msg!("xiangqi.syntax.wxf_first"),
        Syntax::Iccs => msg!("xiangqi.syntax.iccs"),
        Syntax::Unknown => msg!("xiangqi.syntax.unknown"),
    }
}

/// Why a setup cannot arise in a game, every reason found.
pub fn position(e: &InvalidPosition) -> Message {
    let reasons: Vec<Message> = e.reasons.iter().map(impossibility).collect();
    match &reasons[..] {
        [one] => msg!("xiangqi.position.impossible", why = one.clone()),
        _ => msg!(
            "xiangqi.position.impossible_many",
            reasons = Param::Messages(reasons)
        ),
    }
}

fn impossibility(reason: &Impossibility) -> Message {
    use Impossibility::*;
    match reason {
        MissingGeneral(c) => msg!("xiangqi.position.missing_general", side = side(*c)),
        TooMany { piece, count } => too_many(*piece, *count),
        GeneralOutsidePalace(sq) => {
            msg!(
                "xiangqi.position.general_outside_palace",
                square = square(*sq)
            )
        }
        AdvisorOffItsPoints(sq) => msg!("xiangqi.position.advisor_off", square = square(*sq)),
        ElephantOffItsPoints(sq) => msg!("xiangqi.position.elephant_off", square = square(*sq)),
        SoldierBehindStart(sq) => msg!("xiangqi.position.soldier_behind", square = square(*sq)),
        SoldierLeftItsFile(sq) => {
            msg!("xiangqi.position.soldier_left_file", square = square(*sq))
        }
        OpponentInCheck(c) => msg!("xiangqi.position.opponent_in_check", side = side(*c)),
        GeneralsFacing => msg!("xiangqi.position.generals_facing"),
    }
}

fn too_many(piece: Piece, count: usize) -> Message {
    msg!(
        "xiangqi.position.too_many",
        side = side(piece.color),
        role = role(piece.role),
        count = count,
        most = piece.role.max_count()
    )
}

/// Why a FEN string cannot be read.
pub fn fen(e: &FenError) -> Message {
    match e {
        FenError::Empty => msg!("xiangqi.fen.empty"),
        FenError::RankCount(n) => msg!("xiangqi.fen.rank_count", count = *n),
        FenError::RankWidth { rank, files } => {
            msg!("xiangqi.fen.rank_width", rank = *rank, files = *files)
        }
        FenError::PieceLetter { rank, ch } => {
            msg!("xiangqi.fen.piece_letter", rank = *rank, letter = *ch)
        }
        FenError::Turn(t) => msg!("xiangqi.fen.turn", text = t),
        FenError::Counter { field, text } => {
            msg!("xiangqi.fen.counter", field = *field, text = text)
        }
        FenError::TooManyFields(n) => msg!("xiangqi.fen.too_many_fields", count = *n),
    }
}

/// Why an XQF file cannot be read.
pub fn xqf_error(e: &XqfError) -> Message {
    match e {
        XqfError::NotXqf => msg!("xiangqi.xqf.not_xqf"),
        XqfError::Version(major, minor) => {
            msg!("xiangqi.xqf.version", major = *major, minor = *minor)
        }
        XqfError::Truncated(at, part) => {
            let part = match part {
                XqfPart::Header => msg!("xiangqi.xqf.part.header"),
                XqfPart::Move => msg!("xiangqi.xqf.part.move"),
                XqfPart::Comment => msg!("xiangqi.xqf.part.comment"),
            };
            msg!("xiangqi.xqf.truncated", at = *at, part = part)
        }
        XqfError::Square { offset, square } => {
            msg!("xiangqi.xqf.square", offset = *offset, square = *square)
        }
        XqfError::Comment { offset, length } => {
            msg!("xiangqi.xqf.comment", offset = *offset, length = *length)
        }
        XqfError::Position(e) => msg!("xiangqi.xqf.position", why = position(e)),
    }
}

/// How a game ended, in words.
pub fn ending(ending: Ending) -> Message {
    match ending {
        Ending::Checkmate => msg!("ending.checkmate"),
        Ending::Stalemate => msg!("ending.stalemate"),
        Ending::PerpetualCheck => msg!("ending.perpetual_check"),
        Ending::PerpetualChase => msg!("ending.perpetual_chase"),
        Ending::PerpetualMateThreat => msg!("ending.perpetual_mate_threat"),
        Ending::Repetition => msg!("ending.repetition"),
        Ending::NaturalLimit => msg!("ending.natural_limit"),
        Ending::DeadPosition => msg!("ending.dead_position"),
        Ending::None => msg!("ending.none"),
    }
}

/// The rule that decided a repetition, cited for a person. Under the Asian rules a
/// perpetual chase cites the article that names its case, where one does (`chased`:
/// what the chase was after, and what chased it).
pub fn ruling(code: RuleCode, ruling: Ruling, chased: Option<Chased>) -> Message {
    use RuleCode::*;
    use Ruling::*;
    match (code, ruling) {
        (Chinese, PerpetualCheck) => msg!("xiangqi.ruling.chinese.perpetual_check"),
        (Chinese, MutualCheck) => msg!("xiangqi.ruling.chinese.mutual_check"),
        (Chinese, PerpetualChase) => msg!("xiangqi.ruling.chinese.perpetual_chase"),
        (Chinese, ChaseOfSeveral) => msg!("xiangqi.ruling.chinese.chase_of_several"),
        (Chinese, CheckAndChase) => msg!("xiangqi.ruling.chinese.check_and_chase"),
        (Chinese, PerpetualMateThreat) => msg!("xiangqi.ruling.chinese.perpetual_mate_threat"),
        (Chinese, MutualViolation) => msg!("xiangqi.ruling.chinese.mutual_violation"),
        (Chinese, NoViolation) => msg!("xiangqi.ruling.chinese.no_violation"),
        (Asian, PerpetualCheck) => msg!("xiangqi.ruling.asian.perpetual_check"),
        (Asian, MutualCheck) => msg!("xiangqi.ruling.asian.mutual_check"),
        (Asian, PerpetualChase) => match chased.and_then(|c| c.asian_article()) {
            Some(ChaseArticle::CannonsChaseChariot) => {
                msg!("xiangqi.ruling.asian.cannons_chase_chariot")
            }
            Some(ChaseArticle::ChariotChasesCannon) => {
                msg!("xiangqi.ruling.asian.chariot_chases_cannon")
            }
            Some(ChaseArticle::SameKind) => msg!("xiangqi.ruling.asian.same_kind_chased"),
            Some(ChaseArticle::ConfinedChariot) => {
                msg!("xiangqi.ruling.asian.confined_chariot_chased")
            }
            Some(ChaseArticle::InTurn) => msg!("xiangqi.ruling.asian.chased_in_turn"),
            None => msg!("xiangqi.ruling.asian.perpetual_chase"),
        },
        (Asian, ChaseOfSeveral) => msg!("xiangqi.ruling.asian.chase_of_several"),
        (Asian, CheckAndChase) => msg!("xiangqi.ruling.asian.check_and_chase"),
        (Asian, PerpetualMateThreat) => msg!("xiangqi.ruling.asian.perpetual_mate_threat"),
        (Asian, MutualViolation) => msg!("xiangqi.ruling.asian.mutual_violation"),
        (Asian, NoViolation) => msg!("xiangqi.ruling.asian.no_violation"),
        // Only the Asian rules hold chariots apart.
        (_, HeldChariotChased) => msg!("xiangqi.ruling.asian.held_chariot_chased"),
    }
}
