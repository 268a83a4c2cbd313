//! Repetition rulings by rule code, as golden cases: a position (FEN), the moves of
//! one cycle (played until the start comes round the third time), and the ruling of
//! each code beside it. Each case names the rule it follows; where the codes differ
//! both are given. Most positions are built for the rulings' text; a case named after
//! a diagram of the Asian rules plays that diagram's moves as the rule book prints
//! them, on a position built (or found) for them, the book showing its positions only
//! as pictures; where it is the book's own position (diagrams 39 and 106) it claims
//! only the Asian ruling.

use xiangqi::{Ending, Outcome, Position, RuleCode, Rules, Ruling, Setup, adjudicate};

struct Case {
    name: &'static str,
    fen: &'static str,
    /// Played once, to reach the position the cycle starts from.
    lead: &'static str,
    cycle: &'static str,
    /// `None` where the case claims no Chinese ruling (an Asian rules diagram).
    chinese: Option<(Outcome, Ending, Ruling)>,
    asian: (Outcome, Ending, Ruling),
}

/// The lead, then the cycle twice: the cycle's start is then seen the third time. A
/// diagram's moves are all in the lead.
fn moves(case: &Case) -> Vec<&'static str> {
    let cycle: Vec<&str> = case.cycle.split_whitespace().collect();
    case.lead
        .split_whitespace()
        .chain(cycle.iter().copied())
        .chain(cycle.iter().copied())
        .collect()
}

fn judge(case: &Case, code: RuleCode) -> xiangqi::Adjudication {
    judge_moves(case.name, case.fen, &owned(case), code)
}

fn judge_moves(name: &str, fen: &str, moves: &[String], code: RuleCode) -> xiangqi::Adjudication {
    let start = Position::from_setup(fen.parse::<Setup>().unwrap()).unwrap();
    adjudicate(
        &start,
        moves.iter().map(String::as_str),
        None,
        Rules::of(code),
    )
    .unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// The board turned round and the colours swapped: black stands where red stood and
/// moves first. FEN ranks are listed from rank 9, so the list is reversed.
fn mirrored_fen(fen: &str) -> String {
    let (board, side) = fen.split_once(' ').unwrap();
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| match c.is_ascii_uppercase() {
                    true => c.to_ascii_lowercase(),
                    false => c.to_ascii_uppercase(),
                })
                .collect()
        })
        .collect();
    let side = if side == "w" { "b" } else { "w" };
    format!("{} {side}", ranks.join("/"))
}

/// An ICCS move on the turned board: each rank r becomes 9 − r.
fn mirrored_move(m: &str) -> String {
    m.chars()
        .map(|c| match c.to_digit(10) {
            Some(rank) => char::from_digit(9 - rank, 10).unwrap(),
            None => c,
        })
        .collect()
}

fn other(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Red => Outcome::Black,
        Outcome::Black => Outcome::Red,
        o => o,
    }
}

/// The rulings a case claims, by rule code.
fn claims(case: &Case) -> Vec<(RuleCode, (Outcome, Ending, Ruling))> {
    let chinese = case.chinese.map(|c| (RuleCode::Chinese, c));
    chinese
        .into_iter()
        .chain([(RuleCode::Asian, case.asian)])
        .collect()
}

/// The lead, then the cycle twice, as owned moves.
fn owned(case: &Case) -> Vec<String> {
    moves(case).into_iter().map(str::to_string).collect()
}

/// Red chased with every move of the cycle and must change: black wins.
const RED_LOSES_BY_CHASE: (Outcome, Ending, Ruling) = (
    Outcome::Black,
    Ending::PerpetualChase,
    Ruling::PerpetualChase,
);

/// Red chased a chariot a horse holds still with every move (Asian rule 19): black wins.
const RED_LOSES_FOR_A_HELD_CHARIOT: (Outcome, Ending, Ruling) = (
    Outcome::Black,
    Ending::PerpetualChase,
    Ruling::HeldChariotChased,
);

/// Red threatened mate with every move that did not check (长杀, or 长打 mixed with
/// checks): the Chinese rules forbid it, black wins.
const RED_LOSES_BY_MATE_THREATS: (Outcome, Ending, Ruling) = (
    Outcome::Black,
    Ending::PerpetualMateThreat,
    Ruling::PerpetualMateThreat,
);

/// The same under the Asian rules (rule 9): allowed, a draw.
const MATE_THREATS_ALLOWED: (Outcome, Ending, Ruling) = (
    Outcome::Draw,
    Ending::Repetition,
    Ruling::PerpetualMateThreat,
);

/// Both sides did what their code forbids: a draw.
const BOTH_BREAK_THE_RULE: (Outcome, Ending, Ruling) =
    (Outcome::Draw, Ending::Repetition, Ruling::MutualViolation);

/// Asian rule 32: one piece (or pieces in turn) chasing two or more in turn: a draw.
const SEVERAL_CHASED_IN_TURN: (Outcome, Ending, Ruling) =
    (Outcome::Draw, Ending::Repetition, Ruling::ChaseOfSeveral);

/// Nobody did anything forbidden: a draw by repetition.
const DRAWN: (Outcome, Ending, Ruling) = (Outcome::Draw, Ending::Repetition, Ruling::NoViolation);

const CASES: &[Case] = &[
    Case {
        // Both codes: one piece chasing one unprotected piece. Red's chariot follows
        // black's lone cannon along rank 7 (it escapes to the other point each time).
        name: "one chariot chases one cannon",
        fen: "4k4/9/7c1/9/6R2/9/9/9/9/3K5 w",
        lead: "g5h5 h7i7",
        cycle: "h5i5 i7h7 i5h5 h7i7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 32: one piece chasing two pieces in turn is allowed; the Chinese
        // rules count chasing several pieces as 长捉. Red's chariot attacks black's
        // horse (g4, h4) and cannon (d4, c4) in turn, each escaping; neither black
        // piece protects the other, and black's moves attack nothing.
        name: "one chariot chases two pieces in turn",
        fen: "4k4/9/3c2n2/9/9/2R6/9/9/9/5K3 w",
        lead: "",
        cycle: "c4g4 g7h9 g4d4 d7c7 d4h4 h9g7 h4c4 c7d7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: SEVERAL_CHASED_IN_TURN,
    },
    Case {
        // One check, one chase: Red's chariot checks on rank 9, then attacks black's
        // cannon on rank 7, checks on rank 8, attacks the cannon on rank 6. 长打 under
        // the Chinese rules; allowed under the Asian.
        name: "one check, one chase",
        fen: "3k5/9/7c1/1R7/9/9/9/9/9/5K3 w",
        lead: "",
        cycle: "b6b9 d9d8 b9b7 h7h6 b7b8 d8d9 b8b6 h6h7",
        chinese: Some((
            Outcome::Black,
            Ending::PerpetualChase,
            Ruling::CheckAndChase,
        )),
        asian: (Outcome::Draw, Ending::Repetition, Ruling::CheckAndChase),
    },
    Case {
        // A perpetual mate threat (杀): red's soldier steps between f7 and e7, each
        // time threatening mate by the chariot on rank 9 (from e7 it guards e8, from f7
        // it guards f8; the d-file is red's general's). Black's general steps between
        // e9 and f9 to the square left open. No move checks or chases. 长杀 loses under
        // the Chinese rules; Asian rule 9 allows it: a draw.
        name: "a perpetual mate threat",
        fen: "4k4/7R1/5P3/9/9/9/9/3K5/9/9 w",
        lead: "",
        cycle: "f7e7 e9f9 e7f7 f9e9",
        chinese: Some(RED_LOSES_BY_MATE_THREATS),
        asian: MATE_THREATS_ALLOWED,
    },
    Case {
        // Asian rule 9, diagram 7's moves (N6+7 k6+1 N7-6 k6-1 ...) on a position found
        // for them (`tools/find_position.py`, the spec in its help, seed 11): red's horse steps d6-c8-d6 and black's general f9-f8-f9. From c8
        // the horse guards e9, and the chariot threatens mate from f7; from d6 it
        // guards e8 and f7, and the chariot threatens mate on f7 again, now beside the
        // general. The general steps out of each threat; no move checks or chases. A
        // perpetual mate threat: allowed under the Asian rules, a draw; 长杀 loses
        // under the Chinese rules.
        name: "Asian rule 9, diagram 7's moves: a horse's steps renew a mate threat",
        fen: "5k3/9/1R7/3N5/9/9/9/9/4A4/4K4 w",
        lead: "",
        cycle: "d6c8 f9f8 c8d6 f8f9",
        chinese: Some(RED_LOSES_BY_MATE_THREATS),
        asian: MATE_THREATS_ALLOWED,
    },
    Case {
        // Both codes: one check, one idle move is no perpetual check. Red's chariot
        // checks from f7 (black's general may not take it: the generals would face
        // each other on the f-file) and steps back to f3, threatening nothing; black's
        // general steps between e7 and e8.
        name: "one check, one idle move",
        fen: "9/9/4k4/9/9/9/5R3/5K3/9/9 w",
        lead: "",
        cycle: "f3f7 e7e8 f7f3 e8e7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // One check, one mate threat: red's chariot checks from f4 (black's general
        // steps to e9) and steps back to h4, threatening mate on rank 9 (black's
        // advisor e8 blocks the general's way out; it steps back to f9). 长打 under the
        // Chinese rules, checks and mate threats mixed; the Asian rules allow both.
        name: "one check, one mate threat",
        fen: "5k3/4a4/9/9/9/7R1/9/9/4K4/9 w",
        lead: "",
        cycle: "h4f4 f9e9 f4h4 e9f9",
        chinese: Some(RED_LOSES_BY_MATE_THREATS),
        asian: MATE_THREATS_ALLOWED,
    },
    Case {
        // Both codes (Asian rule 6): perpetual check by one chariot loses.
        name: "perpetual check",
        fen: "3k5/R8/9/9/9/9/9/9/9/5K3 w",
        lead: "",
        cycle: "a8a9 d9d8 a9a8 d8d9",
        chinese: Some((
            Outcome::Black,
            Ending::PerpetualCheck,
            Ruling::PerpetualCheck,
        )),
        asian: (
            Outcome::Black,
            Ending::PerpetualCheck,
            Ruling::PerpetualCheck,
        ),
    },
    Case {
        // Both codes (Asian rule 15 for cannons; the same for horses): a horse or a
        // cannon may not chase a chariot perpetually, even a protected one. Black's
        // chariot f7 guards h7 and i7; red's advisor on e1 leaves black no mate.
        name: "a horse chases a protected chariot",
        fen: "4k4/9/5r1r1/6N2/9/9/9/9/4A4/3K4R w",
        lead: "",
        cycle: "g6i5 h7i7 i5g6 i7h7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 15, after diagram 21 (the position is built for the rule): a
        // chase made by moving a cannon's mount. Red's advisor steps between e1 and d2;
        // on e1 it mounts red's cannon h1 along rank 1, on d2 red's cannon d5 down the
        // d-file, each time against black's chariot d1, which black's horse b2
        // protects. Cannons may not chase a chariot perpetually, protected or not;
        // black's cannon only steps g7-g6 and back. Red loses under both codes.
        name: "Asian rule 15, as diagram 21: an advisor's steps mount two cannons in turn on a protected chariot",
        fen: "4k4/9/6c2/4p4/3C5/9/9/1n7/3rA2C1/4K4 w",
        lead: "",
        cycle: "e1d2 g7g6 d2e1 g6g7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes: attacks on a protected piece (a chariot's on a cannon guarded by
        // a chariot) chase nothing; the repetition is drawn.
        name: "a protected piece is not chased",
        fen: "4k4/9/5r1c1/9/6R2/9/9/9/9/3K5 w",
        lead: "g5h5 h7i7",
        cycle: "h5i5 i7h7 i5h5 h7i7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 17: a chariot may chase a cannon that is protected in one of its
        // places and not in the other. As the first case, with black's horse g9
        // guarding h7 (not i7): red's attack on h7 chases nothing, its attack on i7
        // chases; one move in two is no chase, and the repetition is drawn.
        name: "Asian rule 17: a cannon protected in one place and not the other",
        fen: "4k1n2/9/7c1/9/6R2/9/9/9/9/3K5 w",
        lead: "g5h5 h7i7",
        cycle: "h5i5 i7h7 i5h5 h7i7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 23 (after diagram 49; the position is built for the rule): a
        // chariot chasing a horse that chases back once in two moves must change.
        // Red's chariot steps i5-i3-i5, attacking
        // black's horse along rank 3 and then rank 5; the horse flees a3-b5-a3, and
        // from b5 it attacks red's unprotected cannon d6: one chase, one idle move.
        // Red chased with every move and loses, under both codes.
        name: "Asian rule 23: a horse that chases back once in two moves does not excuse the chariot",
        fen: "4k4/9/9/3Cp4/8R/9/n8/9/9/3K5 w",
        lead: "",
        cycle: "i5i3 a3b5 i3i5 b5a3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes: a discovered chase counts. Red's horse c5 stands between red's
        // chariot h5 and black's lone cannon b5; it steps off the rank to e6 and the
        // chariot behind it attacks the cannon, which escapes to b7; the horse steps
        // back to c5 and attacks it there itself. One piece chased by every move, by
        // two attackers in turn (Asian rule 33, diagrams 81-82): red loses. (Back on
        // b5, the cannon attacks red's chariot over the horse, but only with one of its
        // two moves.)
        name: "a discovered chase: a horse steps off a chariot's line",
        fen: "9/9/5k3/9/1cH4R1/9/9/9/9/4K4 w",
        lead: "",
        cycle: "c5e6 b5b7 e6c5 b7b5",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes: a chase made by freeing a pinned piece counts. Red's horse d8
        // may not leave the d-file (the generals would face each other). Red's chariot
        // steps from f5 to d5, between the generals, and the freed horse attacks
        // black's lone cannon f7; black's general steps to e9. The chariot steps back
        // to f5 and attacks the cannon along the file; black's general steps back to
        // d9, pinning the horse again. Every red move chases the cannon: red loses.
        name: "a chase made by freeing a pinned horse",
        fen: "3k5/3H5/5c3/9/5R3/9/9/9/3K5/9 w",
        lead: "",
        cycle: "f5d5 d9e9 d5f5 e9d9",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes: a piece that cannot take back offers no exchange. Black's chariot
        // is confined to the e-file (red's cannon e1 would check over the advisor
        // alone if it left); red's chariot attacks it along the rank each time it
        // steps along the file. It cannot take the red chariot, nor does anything
        // guard it: a chase of one piece, every move (Asian rules 24 and 27: a chariot
        // that cannot take back is not offered an exchange, it is chased).
        name: "a pinned chariot cannot take back",
        fen: "4k4/4a4/9/9/4r4/R8/9/9/4C4/4K4 w",
        lead: "",
        cycle: "a4a5 e5e4 a5a4 e4e5",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes: the same chariot unpinned (no cannon, and red's general off the
        // e-file) may take back, so each attack offers an exchange and chases nothing
        // (Asian rule 24, diagrams 51-52: a perpetual sacrifice; rule 40: offering an
        // exchange perpetually is a draw).
        name: "an unpinned chariot offers an exchange",
        fen: "4k4/9/9/9/4r4/R8/9/9/9/3K5 w",
        lead: "",
        cycle: "a4a5 e5e4 a5a4 e4e5",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 32 (as diagram 79): red's cannon steps between c3 and c1,
        // attacking black's pawn g3 (over red's soldier e3) and then the pawn g1 (over
        // red's advisor e1): two pieces in turn, allowed. Black's chariot follows it
        // (a3, a1) and attacks it every move: a perpetual chase of one piece, and black
        // loses. The Chinese rules count chasing several pieces too: both break the
        // rule, a draw.
        name: "a chase of one piece against a chase of two in turn",
        fen: "4k4/9/9/9/9/9/r1C1P1p2/9/4A1p2/4K4 w",
        lead: "",
        cycle: "c3c1 a3a1 c1c3 a1a3",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: (Outcome::Red, Ending::PerpetualChase, Ruling::PerpetualChase),
    },
    Case {
        // Asian rules 18 and 32, diagram 79's moves (C7+1 r4-2 C7-2 r4+1, then C7+2
        // r4-2 C7-2 r4+2 over and over) on a position built for them: red's cannon
        // steps up and down file c (c4, c2), attacking black's pawn g4 over the pawn
        // e4, then g2 over e2: two pieces in turn, allowed. Black's chariot follows it
        // on file d and attacks the unprotected cannon from beside every move: black
        // loses. The Chinese rules count chasing several pieces too: a draw.
        name: "Asian rules 18 and 32, diagram 79's moves: a chariot chases a cannon that chases two pawns in turn",
        fen: "4k4/9/9/9/9/4p1p2/2C6/4p1p2/3r5/5K3 w",
        lead: "c3c4 d1d3 c4c2 d3d2",
        cycle: "c2c4 d2d4 c4c2 d4d2",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: (Outcome::Red, Ending::PerpetualChase, Ruling::PerpetualChase),
    },
    Case {
        // Both codes (Asian rule 36): a chase beside an exchange offer is still a
        // chase. Red's chariot follows black's lone cannon as in the first case, and
        // from h5 and i5 alike it also offers black's chariot b5 an exchange along the
        // rank.
        name: "a chase beside an exchange offer is still a chase",
        fen: "4k4/9/7c1/9/1r4R2/9/9/9/9/3K5 w",
        lead: "g5h5 h7i7",
        cycle: "h5i5 i7h7 i5h5 h7i7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes (Asian rule 24, horse chases horse): a horse that cannot take back
        // is chased. Red's horse attacks black's horse from c4 (on d6) and from a5 (on
        // b7); black's horse cannot answer, its legs blocked by red's soldiers on d5
        // and b6 (a soldier's attack is no chase), and nothing guards it.
        name: "a horse chases a horse whose leg is blocked",
        fen: "4k4/9/1n7/1P7/3P5/2N6/9/9/9/3K5 w",
        lead: "",
        cycle: "c4a5 b7d6 a5c4 d6b7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes (Asian rule 24, cannon chases cannon): black's cannon is confined
        // to rank 9 (red's cannon i9 would check over the horse e9 if it left), so it
        // cannot take red's cannon back down the file; red's cannon follows it from
        // file to file over red's soldiers g5 and h5.
        name: "a cannon chases a cannon that cannot take back",
        fen: "3kn2cC/9/9/9/6PP1/9/6C2/9/9/4K4 w",
        lead: "",
        cycle: "g3h3 h9g9 h3g3 g9h9",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 24 (after diagram 54; the position is built for the rule): the
        // case before, with black's horse f7 guarding g9. The confined cannon is
        // protected in one of its two places, so red's attack there chases nothing:
        // no perpetual chase, a draw.
        name: "Asian rule 24: a confined cannon protected in one of its places is not chased perpetually",
        fen: "3kn2cC/9/5n3/9/6PP1/9/6C2/9/9/4K4 w",
        lead: "",
        cycle: "g3h3 h9g9 h3g3 g9h9",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 19, diagram 39, the diagram's moves: black's chariot f8 stands on
        // the leg of red's horse g8 towards black's general and cannot move. Red's
        // chariot attacks it from b8 (it cannot take back), and from b5 and b6 red's
        // cannon a8 attacks it over black's advisor on e8: every red move a chase.
        // Black's advisor steps cut the horse's guard in turn, so black's chariot
        // attacks the horse anew each time; a held chariot's chases do not excuse the
        // side chasing it, and red has to change.
        name: "Asian rule 19, diagram 39: a chariot a horse holds may not be chased",
        fen: "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w",
        lead: "b6b8 f9e8 b8b5 e8f9 b5b8 f9e8 b8b6 e8f9 b6b8",
        cycle: "",
        chinese: None,
        asian: RED_LOSES_FOR_A_HELD_CHARIOT,
    },
    Case {
        // Asian rule 19, the other side chasing: red's chariot f1 stands on the leg of
        // black's horse g1 towards red's general. Red's advisor steps between e1 and
        // d0; black's chariot (b1, along the rank) and cannon (a1, over the advisor on
        // e1) attack the red chariot in turn. Each advisor step leaves the horse
        // unguarded, so red's held chariot attacks it anew, which does not excuse
        // black. Black changes.
        name: "Asian rule 19: black may not chase a chariot black's horse holds",
        fen: "3k5/9/9/9/9/9/1r7/9/c3ARn2/4K4 w",
        lead: "",
        cycle: "e1d0 b3b1 d0e1 b1b3",
        chinese: None,
        asian: (
            Outcome::Red,
            Ending::PerpetualChase,
            Ruling::HeldChariotChased,
        ),
    },
    Case {
        // Asian rule 19, after diagram 40 (the position is built for the rule, the
        // book's picture is not copied): black's chariot f8 stands on the leg of red's
        // horse g8 towards black's general and cannot move. Red's cannon steps between
        // b8 and b7: off rank 8 it uncovers red's chariot a8 on the held chariot, back
        // on it the cannon attacks over black's advisor on e8. Every red move chases
        // the held chariot. Each advisor step cuts a guard of the unprotected horse,
        // so the held chariot attacks it anew, which does not excuse red. Red has to
        // change.
        name: "Asian rule 19, as diagram 40: a cannon and a chariot in turn chase a chariot a horse holds",
        fen: "2baka1r1/RC3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 w",
        lead: "",
        cycle: "b8b7 f9e8 b7b8 e8f9",
        chinese: None,
        asian: RED_LOSES_FOR_A_HELD_CHARIOT,
    },
    Case {
        // Asian rule 19, after diagram 41 (the position is built for the rule): the
        // same held chariot f8, and red's horse does the chasing. Stepping onto b8 it
        // mounts red's cannon a8 against the chariot; stepping back to a6 when black's
        // advisor stands on e8, it leaves the advisor the cannon's only mount. Each
        // horse move makes the attack anew. Red has to change.
        name: "Asian rule 19, as diagram 41: a horse's moves chase a chariot a horse holds",
        fen: "2baka1r1/C4rN2/9/N1p1p4/9/9/4P4/9/4A4/4KA3 w",
        lead: "",
        cycle: "a6b8 f9e8 b8a6 e8f9",
        chinese: None,
        asian: RED_LOSES_FOR_A_HELD_CHARIOT,
    },
    Case {
        // Asian rule 19, "whether the horse is protected or not": the position of the
        // case before, with red's chariot g2 guarding the holding horse up the file.
        // Black's advisor steps now cut no guard and attack nothing; red alone breaks
        // the rule, and the verdict still cites rule 19. The Chinese rules see a plain
        // perpetual chase of one piece.
        name: "Asian rule 19: a held chariot may not be chased though the holding horse is protected",
        fen: "2baka1r1/C4rN2/9/N1p1p4/9/9/4P4/6R2/4A4/4KA3 w",
        lead: "",
        cycle: "a6b8 f9e8 b8a6 e8f9",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_FOR_A_HELD_CHARIOT,
    },
    Case {
        // Asian rule 26, after diagram 62's moves (C1-1 c8-1 G5-6 c8+1 G6+5 ...; the
        // position is built for them, the book's picture is not copied): red's cannon
        // i1 and black's chariot c1 share rank 1, and the only pieces that can come
        // between are red's advisor (e1 or d0) and black's cannon (h0 or h1). Each side
        // moves only its mount. Red's every move leaves exactly one screen, so the
        // cannon attacks the chariot anew; black's every move leaves none or two. A
        // cannon that keeps attacking a chariot by its mounts chases perpetually: red
        // loses, under both codes. (The chariot's attack on red's cannon when the rank
        // is clear is none: red's horse h3 guards it.)
        name: "Asian rule 26, diagram 62: a cannon that attacks a chariot by moving its mount chases",
        fen: "5k3/9/9/9/9/9/7N1/8C/2r1A4/4K2c1 w",
        lead: "i2i1",
        cycle: "h0h1 e1d0 h1h0 d0e1",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 26, after diagram 61 (the position is built for the rule): red's
        // elephant steps e2-c4-e2. On e2 it mounts red's cannon i2 on black's chariot
        // a2 along rank 2; on c4 it attacks the chariot itself. Every red move attacks
        // the unprotected chariot anew while black's advisor only steps e8-f9-e8: red
        // loses, under both codes.
        name: "Asian rule 26, after diagram 61: an elephant's steps mount a cannon on a chariot and attack it in turn",
        fen: "3k5/4a4/9/9/9/9/9/r3B3C/9/4K4 w",
        lead: "",
        cycle: "e2c4 e8f9 c4e2 f9e8",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 27, diagram 63's moves (C8+3 r5+1 C8+1 r5-1, then C8-2 r5+2 C8+3
        // r5-3 C8-1 r5+1 over and over) on a position built for them: black's chariot
        // is confined to the centre file, between red's cannon e1 and black's advisor
        // e8 before black's general; off the file it would let the cannon check. Red's
        // cannon steps up and down file b and the chariot follows it along the centre
        // file onto its rank every move, but it may not take the cannon there: a
        // confined chariot's moves along its line are no chase, and the repetition is
        // drawn.
        name: "Asian rule 27, diagram 63: a confined chariot following a cannon chases nothing",
        fen: "4k4/4a4/9/9/4r4/9/9/9/1C2C4/4K4 w",
        lead: "b1b4 e5e4 b4b5 e4e5",
        cycle: "b5b3 e5e3 b3b6 e3e6 b6b5 e6e5",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 27, diagram 64's moves (R8+4 r5+4 R8-4 r5-1 R8+1 r5+1, then R8-1
        // r5-1 R8+1 r5+1 over and over) on a position built for them: black's chariot
        // is confined to the centre file, between red's cannon e1 and black's advisor
        // e8 before black's general. Red's chariot follows it up and down file b onto
        // its rank every move; it cannot take back along the rank, so this offers no
        // exchange: a perpetual chase, and red loses.
        name: "Asian rule 27, diagram 64: a chariot chases a chariot confined to the centre file",
        fen: "4k4/4a4/4r4/9/9/9/1R7/9/4C4/4K4 w",
        lead: "b3b7 e7e3 b7b3 e3e4 b3b4 e4e3",
        cycle: "b4b3 e3e4 b3b4 e4e3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 27, diagram 65's moves (R2+2 r6+1 R2-1 r6+1, then R2-1 r6-1 R2+1
        // r6+1 over and over) on a position built for them: black's chariot is
        // confined to file f, between red's cannon f1 and black's advisor f7 before
        // black's general f8. Red's chariot follows it up and down file h onto its
        // rank every move: a perpetual chase, and red loses.
        name: "Asian rule 27, diagram 65: a chariot chases a chariot confined to a file",
        fen: "9/5k3/5a3/5r3/9/7R1/9/9/5C3/5K3 w",
        lead: "h4h6 f6f5 h6h5 f5f4",
        cycle: "h5h4 f4f5 h4h5 f5f4",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 27, diagram 66's moves (R3=2 r8=7 R2=3 r7=8 ...) with neither of
        // the confined chariot's points protected, as in diagrams 64 and 65: black's
        // chariot is confined to rank 8, between red's cannon i8 and black's horse f8
        // before black's general e8. Red's chariot follows it from file to file (g4,
        // h4), attacking it every move: a perpetual chase, and red loses. Black's
        // chariot attacks red's cannon from g8 and h8 alike, but red's chariot i0
        // guards it.
        name: "Asian rule 27, diagram 66's moves unprotected: a chariot a cannon confines to a rank may not be chased",
        fen: "9/4kn1rC/9/9/9/6R2/9/9/9/3K4R w",
        lead: "",
        cycle: "g4h4 h8g8 h4g4 g8h8",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 27, diagram 66: its moves on the position before with a black
        // horse on f7 guarding h8: the confined chariot is protected on one of its two
        // points, so red's chariot chases it with every other move only, and the
        // repetition is drawn (the book: "one of the Black Rook's moves is protected").
        name: "Asian rule 27, diagram 66: a confined chariot protected on one of its points may be chased",
        fen: "9/4kn1rC/5n3/9/9/6R2/9/9/9/3K4R w",
        lead: "",
        cycle: "g4h4 h8g8 h4g4 g8h8",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rules, appendix, the example of a non-perpetual chase (diagram 106),
        // the diagram's moves: red's chariot steps h0-h1-h0, attacking black's cannon
        // each time, but the cannon steps alongside (h4-h3-h4) rather than escaping or
        // seeking a guard: the attack never changes, so it is no chase.
        name: "Asian rules, diagram 106: an attack that does not change is no chase",
        fen: "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w",
        lead: "",
        cycle: "h0h1 h4h3 h1h0 h3h4",
        chinese: None,
        asian: DRAWN,
    },
    Case {
        // Both codes: a mutual chase is a draw. Red's horse steps c4-b2 and back:
        // on b2 it attacks black's chariot a4 and mounts red's cannon b1 on black's
        // chariot b6, on c4 it attacks b6 itself, so every red move chases b6. Black's
        // chariot steps a4-a2 and back, attacking the unprotected horse every move
        // (along rank 2, then along rank 4). Each side chases one piece with every
        // move: both break the rule, and neither loses.
        name: "mutual chase: a horse and a chariot chase each other",
        fen: "4k4/9/9/1r2p4/9/r1N6/9/9/1C7/4K4 w",
        lead: "",
        cycle: "c4b2 a4a2 b2c4 a2a4",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: BOTH_BREAK_THE_RULE,
    },
    Case {
        // Asian rule 25, diagram 56's moves (P1=2 c5=8, then P2=3 c8=7 P3=2 c7=8 over
        // and over; the book's black then changes, c8=5) on a position built for them:
        // red's soldier, across the river, steps between h6 and g6; black's cannon
        // follows it along rank 3 and attacks it up the file every move, over red's
        // cannon h4 or its elephant g4. A soldier across the river, unprotected, may
        // not be chased perpetually: black loses.
        name: "Asian rule 25, diagram 56's moves: a cannon chases a soldier across the river",
        fen: "3k5/9/9/8P/9/6BC1/4c4/9/9/4K4 w",
        lead: "i6h6 e3h3",
        cycle: "h6g6 h3g3 g6h6 g3h3",
        chinese: Some((Outcome::Red, Ending::PerpetualChase, Ruling::PerpetualChase)),
        asian: (Outcome::Red, Ending::PerpetualChase, Ruling::PerpetualChase),
    },
    Case {
        // Asian rule 25 (after diagrams 56-60; the position is built for the rule): an
        // unprotected elephant, advisor or soldier across the river may not be chased
        // perpetually, by a cannon either. Red's elephant steps i2-g0-i2; black's
        // cannon follows it d2-d0-d2, attacking it along rank 0 over red's general and
        // along rank 2 over black's pawn h2. Black chased with every move and loses.
        name: "Asian rule 25: a cannon may not chase an unprotected elephant perpetually",
        fen: "3k5/9/9/9/9/7p1/9/3c3pB/9/4K4 w",
        lead: "",
        cycle: "i2g0 d2d0 g0i2 d0d2",
        chinese: Some((Outcome::Red, Ending::PerpetualChase, Ruling::PerpetualChase)),
        asian: (Outcome::Red, Ending::PerpetualChase, Ruling::PerpetualChase),
    },
    Case {
        // Asian rule 28 (after diagram 67; the position is built for the rule): the
        // general may chase perpetually. Red's general steps e0-f0-e0 beside black's
        // cannon, which flees e1-f1-e1 along red's palace rank; a draw.
        name: "Asian rule 28: the general may chase perpetually",
        fen: "4k4/9/9/4p4/9/9/9/9/4c4/3K5 w",
        lead: "d0e0",
        cycle: "e1f1 e0f0 f1e1 f0e0",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 29 (after diagram 69; the position is built for the rule): a
        // soldier may chase perpetually. Red's soldier steps h8-i8-h8 under black's
        // cannon, which flees i9-h9-i9 along black's back rank; a draw.
        name: "Asian rule 29: a soldier may chase perpetually",
        fen: "4k3c/7P1/9/4p4/9/9/9/9/9/3K5 w",
        lead: "",
        cycle: "h8i8 i9h9 i8h8 h9i9",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 15, diagram 18's moves (C4-1 r++2, then C4-2 r+-2 C4+2 r++2 over
        // and over) on a position built for them: black's front chariot steps b6-b4-b6
        // and its rear chariot b7 guards it on both points; red's cannon follows it
        // up and down file f, attacking it along rank 6 over black's pawn c6 and along
        // rank 4 over black's pawn c4. A cannon may not chase a chariot perpetually,
        // protected or not: red loses.
        name: "Asian rule 15, diagram 18's moves: a cannon chases a protected chariot",
        fen: "4k4/9/1r3C3/1rp6/9/2p6/9/9/9/3K5 w",
        lead: "f7f6 b6b4",
        cycle: "f6f4 b4b6 f4f6 b6b4",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 15, diagram 23's moves (C5=7 r3=4 C7=6 r4=3 C6=7, then e5+3 E7-9
        // e3-5 E9+7 r3=4 C7=6 r4=3 C6=7 over and over) on a position built for them:
        // red's cannon follows black's chariot between the c- and d-files along rank 1,
        // attacking it up the file over red's elephant c4 or black's pawn d4. When
        // black's elephant steps in front of red's (c5, a second mount), red's
        // elephant steps away (a2), mounting the cannon on black's; when black's steps
        // back, red's returns. Every red move attacks the chariot anew: red loses.
        // (Red's chariot a1 guards the cannon, red's horse b2 its elephant c4.)
        name: "Asian rule 15, diagram 23's moves: elephants' steps take turns mounting a cannon on a chariot",
        fen: "5k3/2r6/4b4/9/9/2Bp5/9/1N7/R3C4/3K5 w",
        // The start comes round the third time after E9+7: the verdict is on the
        // elephants' steps, both red moves of them chases.
        lead: "e1c1 c8d8 c1d1 d8c8 d1c1 e7c5 c4a2 c5e7 a2c4",
        cycle: "",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 15, diagram 19's moves (C2-1 r4-2 C2+2 r4+2 ...) on a position
        // built for them: red's cannon steps h3-h5-h3 and attacks black's chariot
        // along the rank over a screen each time; the chariot steps d3-d5-d3. On d5
        // black's horse c7 guards it and it attacks nothing; on d3 it attacks red's
        // unprotected cannon b3: one chase, one idle move. A cannon may not chase a
        // chariot perpetually, protected or not: red loses under both codes.
        name: "Asian rule 15, diagram 19's moves: a cannon chases a chariot that chases once in two moves",
        fen: "4k4/9/2n6/9/4p4/7C1/1C1rP4/9/9/5K3 w",
        lead: "h4h3",
        cycle: "d3d5 h3h5 d5d3 h5h3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 15, diagram 20's moves (C2+1 r4+2 C2-2 r4-2 ...) on a position
        // built for them: as the case before, the chariot's two points now each
        // attacking an unprotected red piece (the horse b3 from d3, the cannon b5 from
        // d5). Chasing two pieces in turn is allowed, the cannon's chase of the chariot
        // is not: red loses. The Chinese rules forbid both: a draw.
        name: "Asian rule 15, diagram 20's moves: a cannon chases a chariot that chases two pieces in turn",
        fen: "4k4/9/9/9/1C1rp4/7C1/1N2P4/9/9/5K3 w",
        lead: "h4h5",
        cycle: "d5d3 h5h3 d3d5 h3h5",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 15, diagram 22's moves (C8-1 r6-1 C8+1 r6+1 ...) on a position
        // built for them: red's cannon steps b8-b7-b8 and attacks black's chariot
        // (f7, f8) along the rank over black's elephant and advisor. The chariot is
        // protected on both points (by the horse g9, by the general): taking it would
        // cost the cannon, and it is still a chase. Red loses.
        name: "Asian rule 15, diagram 22's moves: a cannon chases a chariot protected on both its points",
        fen: "5kn2/1C2a4/4br3/9/9/9/9/9/9/4K4 w",
        lead: "",
        cycle: "b8b7 f7f8 b7b8 f8f7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 18, diagram 32's moves (R8=9 c1=5 R9=5 c5=1 ...) on a position
        // built for them: red's chariot follows black's lone cannon from file to file
        // (b3-a3-e3-a3), attacking it up the file each time; the cannon flees along
        // rank 7 (a7-e7-a7). A chariot may not chase an unprotected cannon
        // perpetually.
        name: "Asian rule 18, diagram 32's moves: a chariot follows a cannon from file to file",
        fen: "5k3/9/c8/9/9/9/1R7/9/9/3K5 w",
        lead: "b3a3",
        cycle: "a7e7 a3e3 e7a7 e3a3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 18, diagram 34's moves (R3=2 c8=3 R2=7 c3=8 ...) on a position
        // built for them: black's cannon steps h5-c5-h5, each time threatening mate
        // anew (down the file to h0 or c0, checking over red's advisor: red's general
        // is walled in by its advisors and its horse, whose legs black's pawns and
        // red's own elephant block). Red's chariot follows it along rank 8 (h8-c8-h8),
        // attacking it and guarding the mating square. Perpetual mate threats are
        // allowed (rule 9), the chase of the unprotected cannon is not: red loses. The
        // Chinese rules forbid both (长杀 and 长捉): a draw.
        name: "Asian rule 18, diagram 34's moves: a chariot chases a cannon that threatens mate",
        fen: "4k4/6R2/9/9/7c1/9/9/4B4/3pNp3/3AKA3 w",
        lead: "g8h8",
        cycle: "h5c5 h8c8 c5h5 c8h8",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 18, diagram 35's moves (R6=3 c7=3 R3=7 c3=7 R7=3 ...) on diagram
        // 34's position with the chariot on d8 and the cannon on g5: the cannon steps
        // g5-c5-g5, each time threatening mate on g0 or c0 over red's advisors; the
        // chariot follows it along rank 8, attacking it and guarding the mating square
        // through it. Red loses, as in diagram 34; the Chinese rules forbid both.
        name: "Asian rule 18, diagram 35's moves: a chariot chases a cannon that threatens mate",
        fen: "4k4/3R5/9/9/6c2/9/9/4B4/3pNp3/3AKA3 w",
        lead: "d8g8 g5c5",
        cycle: "g8c8 c5g5 c8g8 g5c5",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 18, diagram 36's moves (R2=7 c3=7 R7=3 c7=3 ...) on a position
        // built for them: black's cannon steps c4-g4-c4, attacking red's horses c1 and
        // g1 in turn over black's pawns; red's chariot follows it along rank 8 and
        // attacks it down the file each time. Chasing two pieces in turn is allowed,
        // chasing the one cannon is not: red loses. The Chinese rules forbid both: a
        // draw.
        name: "Asian rule 18, diagram 36's moves: a chariot chases a cannon that attacks two horses in turn",
        fen: "4k4/7R1/9/9/9/2c6/2p3p2/9/2N3N2/3K5 w",
        lead: "h8c8",
        cycle: "c4g4 c8g8 g4c4 g8c8",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 18, diagram 37's moves (R8+1 c1+1 R8-1 c1-1 ...) on a position
        // built for them: red's chariot steps b0-b1-b0 beside black's cannon, which
        // steps a1-a0-a1. From a0 the cannon checks along rank 0 over red's advisor;
        // the chariot steps back between them and attacks it. From a1 it attacks red's
        // unprotected horse d1 over red's cannon c1; the chariot steps up between them
        // and attacks it. Black's one check, one chase is allowed, red's perpetual
        // chase is not: red loses. The Chinese rules forbid both: a draw.
        name: "Asian rule 18, diagram 37's moves: a chariot chases a cannon that checks and chases in turn",
        fen: "5k3/9/9/9/9/9/9/9/c1CH5/1R1AK4 w",
        lead: "",
        cycle: "b0b1 a1a0 b1b0 a0a1",
        chinese: Some(BOTH_BREAK_THE_RULE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 17, diagram 29's moves (R1=2 c8=9 R2=1 c9=8 ...) on a position
        // built for them: red's chariot follows black's cannon between the h- and
        // i-files; black's chariot f7 guards the cannon on both points. A chariot may
        // attack a protected cannon perpetually: a draw.
        name: "Asian rule 17, diagram 29's moves: a chariot follows a protected cannon",
        fen: "4k4/9/5r1c1/9/9/9/8R/9/9/3K5 w",
        lead: "",
        cycle: "i3h3 h7i7 h3i3 i7h7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 17, diagram 30's moves (R4=3 c7=3 R3=7 c3=7 R7=3 ...) on a
        // position built for them: red's chariot follows black's cannon between the g-
        // and c-files along rank 2; black's horse b9 guards the cannon on c7, not on
        // g7. A cannon protected in one place and not the other may be chased: a draw.
        name: "Asian rule 17, diagram 30's moves: a chariot follows a cannon protected on one of its points",
        fen: "1n2k4/9/6c2/9/9/9/9/5R3/9/3K5 w",
        lead: "f2g2 g7c7",
        cycle: "g2c2 c7g7 c2g2 g7c7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 17, diagram 31's moves (R2=1 c9=8 R1=2 c8=9 ...) on a position
        // built for them: red's chariot follows black's cannon between the h- and
        // i-files; black's horse g9 guards h7, not i7. A draw, as diagram 30.
        name: "Asian rule 17, diagram 31's moves: a chariot follows a cannon protected on one of its points",
        fen: "4k1n2/9/8c/9/9/9/7R1/9/9/3K5 w",
        lead: "",
        cycle: "h3i3 i7h7 i3h3 h7i7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 18, diagram 33's moves (R2=1 c9=8 R1=2 c8=9 ...): diagram 31's
        // position without the horse, the cannon unprotected on both points. A chariot
        // may not chase an unprotected cannon perpetually: red loses.
        name: "Asian rule 18, diagram 33's moves: a chariot follows an unprotected cannon",
        fen: "4k4/9/8c/9/9/9/7R1/9/9/3K5 w",
        lead: "",
        cycle: "h3i3 i7h7 i3h3 h7i7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 24, diagram 53's moves (C3=8 c2=3 C8=7 c3=2 ...) on a position
        // built for them: black's cannon may not leave rank 9 (red's cannon a9 would
        // check over black's horse e9), so it cannot take red's cannon back down the
        // file; red's cannon follows it between the b- and c-files, attacking it over
        // red's soldiers b5 and c5. A chase, not an exchange offer: red loses.
        name: "Asian rule 24, diagram 53's moves: a cannon chases a cannon that cannot take back",
        fen: "Cc2nk3/9/9/9/1PP6/9/6C2/9/9/3K5 w",
        lead: "g3b3",
        cycle: "b9c9 b3c3 c9b9 c3b3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 24, diagram 55's moves (H2+4 h7+9 H4-2 h9-7 ...) on a position
        // built for them: red's horse steps h4-f5-h4, attacking black's horse on g7 and
        // then on i6. Black's pawns g6 and i5 block the legs it would take back with:
        // a blocked horse is chased, and red loses.
        name: "Asian rule 24, diagram 55's moves: a horse chases a blocked horse",
        fen: "4k4/9/6n2/6p2/8p/7N1/9/9/9/3K5 w",
        lead: "",
        cycle: "h4f5 g7i6 f5h4 i6g7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 24: the case before without black's pawns. Black's horse may take
        // back from either point, so each attack offers an exchange (a perpetual
        // sacrifice): a draw.
        name: "Asian rule 24, diagram 55's moves: a horse that may take back is offered an exchange",
        fen: "4k4/9/6n2/9/9/7N1/9/9/9/3K5 w",
        lead: "",
        cycle: "h4f5 g7i6 f5h4 i6g7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 27, diagram 66's ruling along a file: a chariot a cannon confines
        // to the centre file, protected on one of its points (black's horse g6 guards
        // e5). Red's chariot attacks it on e4 and e5 alike; the attack on e5 chases
        // nothing, and the repetition is drawn.
        name: "Asian rule 27, diagram 66's ruling: a chariot confined to a file, protected on one of its points",
        fen: "4k4/4a4/9/6n2/4r4/R8/9/9/4C4/4K4 w",
        lead: "",
        cycle: "a4a5 e5e4 a5a4 e4e5",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 28, diagram 68's moves (K4=5 p5=6 K5=4 p6=5 ...) on a position
        // built for them: red's general steps f1-e1-f1 above black's pawn, which steps
        // e0-f0-e0 along red's back rank; red's horse g2 attacks it on f0. The general
        // may chase together with another piece: a draw.
        name: "Asian rule 28, diagram 68's moves: the general and a horse chase a pawn",
        fen: "3k5/9/9/9/9/9/9/6N2/5K3/4p4 w",
        lead: "",
        cycle: "f1e1 e0f0 e1f1 f0e0",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 29, diagram 70's moves (P2=3 h7-8 P3=2 h8+7 ...) on a position
        // built for them: red's soldier steps h6-g6-h6 and black's horse g7-h9-g7. On
        // g6 the soldier attacks the horse itself (no chase); back on h6 it mounts
        // red's cannon h2, which attacks the horse on h9 (a chase). One chase in two
        // moves, and a soldier may chase: a draw.
        name: "Asian rule 29, diagram 70's moves: a soldier's chase with a cannon's in one move",
        fen: "4k4/9/6n2/7P1/9/9/9/7C1/9/3K5 w",
        lead: "",
        cycle: "h6g6 g7h9 g6h6 h9g7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 32, after diagram 77's moves (R1=2 p8=7 R2=3 p7=8 R3=8 p2=3 ...):
        // red's chariot chases black's pawn on the h- and g-files, then the pawn on the
        // b- and c-files, attacking each down its file. One piece chasing two in turn
        // is allowed under the Asian rules; the Chinese rules count it as 长捉.
        name: "Asian rule 32, diagram 77's moves: a chariot chases two pawns in turn",
        fen: "4k4/9/9/9/8R/9/1p5p1/9/9/3K5 w",
        lead: "i5h5",
        cycle: "h3g3 h5g5 g3h3 g5b5 b3c3 b5c5 c3b3 c5h5",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: SEVERAL_CHASED_IN_TURN,
    },
    Case {
        // Asian rule 32, diagram 80's moves (R1=2 c8=9 R8=9 c1=2 R2=1 c9=8 R9=8 c2=1):
        // red's two chariots chase black's two cannons, each in turn. Allowed under the
        // Asian rules; 长捉 under the Chinese.
        name: "Asian rule 32, diagram 80's moves: two chariots chase two cannons in turn",
        fen: "4k4/9/c6c1/9/9/9/1R6R/9/9/3K5 w",
        lead: "",
        cycle: "i3h3 h7i7 b3a3 a7b7 h3i3 i7h7 a3b3 b7a7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: SEVERAL_CHASED_IN_TURN,
    },
    Case {
        // Asian rule 35, diagram 86's moves (R2+2 c9+2 R2-2 c9+1 R2-1 c9-1 R2+1 c9-2,
        // back where they began) on a position built for them: black's cannon steps
        // up and down file i (i7, i5, i4) under black's chariot i8, which guards it on
        // every point; red's chariot follows it on file h, attacking it from beside,
        // and red's chariot i0 attacks it up the file. Two pieces attacking a
        // protected piece do not chase it: a draw.
        name: "Asian rule 35, diagram 86's moves: two chariots attack a protected cannon up and down a file",
        fen: "3k5/8r/8c/9/7R1/9/9/9/9/4K3R w",
        // The book's eight plies hold a shorter cycle, from black's move to i4.
        lead: "h5h7 i7i5 h7h5",
        cycle: "i5i4 h5h4 i4i5 h4h5",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 35, diagram 88's moves (R4+3 c9+1, then R4-1 c9+1 R4-1 c9-2 R4+2
        // c9+1 over and over) on the same kind of position: red's chariot follows the
        // cannon on file f, attacking it along the rank over the empty g- and h-files.
        name: "Asian rule 35, diagram 88's moves: two chariots attack a protected cannon from across the board",
        fen: "3k5/8r/8c/9/9/5R3/9/9/9/4K3R w",
        lead: "f4f7",
        cycle: "i7i6 f7f6 i6i5 f6f5 i5i7 f5f7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 35, diagram 87's moves (R7-1 c5-1 R7+1 c5+1 ...) on a position
        // built for them: red's chariot steps c8-c7-c8 beside black's cannon, which
        // steps e7-e8-e7; red's cannon e2 attacks it too over red's soldier e5. Black's
        // advisor guards e8, its elephant e7. Two pieces attacking a protected piece do
        // not chase it: a draw.
        name: "Asian rule 35, diagram 87's moves: two pieces attack a protected cannon",
        fen: "4ka3/2R6/4c4/9/4P1b2/9/9/4C4/9/3K5 w",
        lead: "",
        cycle: "c8c7 e7e8 c7c8 e8e7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 36, diagram 90's moves (R2=9 c1=2 R9=8 c2=1 ...) on a position
        // built for them: red's chariot follows black's cannon between the a- and
        // b-files (h3-a3-b3-a3), attacking it up the file. On b3 it also mounts red's
        // cannon b1, which then offers black's cannon an exchange: an exchange offered
        // with every other move does not make the chase any less one. Red loses.
        name: "Asian rule 36, diagram 90's moves: an exchange offered with every other move of a chase",
        fen: "4k4/9/c8/9/9/9/7R1/9/1C7/3K5 w",
        lead: "h3a3",
        cycle: "a7b7 a3b3 b7a7 b3a3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 36, diagram 91's moves on a position built for them: as the case
        // before, with red's cannon e7 facing black's cannon along rank 7 over red's
        // soldier d7 on both its points, an exchange offered with every move. Still a
        // chase: red loses.
        name: "Asian rule 36, diagram 91's moves: an exchange offered with every move of a chase",
        fen: "4k4/9/c2PC4/9/9/9/7R1/9/9/3K5 w",
        lead: "h3a3",
        cycle: "a7b7 a3b3 b7a7 b3a3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 36, after diagram 92's moves (R5=6 r4=5 R6=5 ...): red's chariot
        // steps e3-d3-e3 below black's chariot, which steps d7-e7-d7: each move offers
        // an exchange of chariots, and each makes red's chariot the mount of a cannon
        // (d1, e1) that attacks black's chariot. Cannons may not chase a chariot, the
        // offered exchange beside it changes nothing: red loses.
        name: "Asian rule 36, diagram 92's moves: cannons chase a chariot beside an offered exchange",
        fen: "5k3/9/3r5/9/9/9/4R4/9/3CC4/3K5 w",
        lead: "",
        cycle: "e3d3 d7e7 d3e3 e7d7",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 36, diagram 93's moves (R7=8 r2=3 R8=7 r3=2 ...) on a position
        // built for them: red's chariot steps c4-b4-c4 below black's chariot (b5-c5-b5),
        // offering an exchange each time, and each step frees the leg of one of red's
        // horses (d4, a4), which then attacks black's chariot. Horses may not chase a
        // chariot: red loses.
        name: "Asian rule 36, diagram 93's moves: horses chase a chariot beside an offered exchange",
        fen: "4k4/9/9/9/1r7/N1RN5/9/9/9/3K5 w",
        lead: "",
        cycle: "c4b4 b5c5 b4c4 c5b5",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Asian rule 36: the case before without red's horses. The chariots only offer
        // an exchange, and the repetition is drawn.
        name: "Asian rule 36, diagram 93's moves: chariots offering an exchange alone",
        fen: "4k4/9/9/9/1r7/2R6/9/9/9/3K5 w",
        lead: "",
        cycle: "c4b4 b5c5 b4c4 c5b5",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 40, diagram 101's moves (R8+1 r++3, then R8-3 r+-2 R8+2 r+-3 R8+3
        // r++2 R8-2 r++3 over and over) on a position built for them: black's front
        // chariot steps up and down file d (d2, d4, d7, d5) under its rear chariot d8;
        // red's chariot follows it on file b onto its rank every move. The black
        // chariot is free to take: a perpetual offer, and a draw.
        name: "Asian rule 40, diagram 101's moves: a chariot offers itself to the front one of two",
        fen: "4k4/3r5/9/9/3r5/1R7/9/9/9/5K3 w",
        lead: "b4b5 d5d2",
        cycle: "b5b2 d2d4 b2b4 d4d7 b4b7 d7d5 b7b5 d5d2",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 40, diagram 102's moves (R7=3 r6=7 R3=2 r7=8, then R2=4 r8=6 R4=1
        // r6=9 R1=2 r9=8 over and over) on a position built for them: red's chariot
        // steps from file to file along rank 3 and black's follows it along rank 7
        // onto its file every move, offering an exchange red declines: a draw.
        name: "Asian rule 40, diagram 102's moves: a chariot follows a chariot, offering an exchange",
        fen: "4k4/9/5r3/9/9/9/2R6/9/9/3K5 w",
        lead: "c3g3 f7g7 g3h3 g7h7",
        cycle: "h3f3 h7f7 f3i3 f7i7 i3h3 i7h7",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 40, diagram 103's moves (R8-3 r4-1 R8+1 r4-2 R8+2 r4-3, then over
        // again) on a position built for them: red's chariot steps up and down file b
        // onto the rank of black's chariot, which steps up and down file d away from
        // it. Each red move offers an exchange of chariots the black one is free to
        // take: a perpetual offer, not a chase, and a draw.
        name: "Asian rule 40, diagram 103's moves: a chariot offers an exchange with every move",
        fen: "4k4/9/9/1R7/9/9/3r5/9/9/5K3 w",
        lead: "",
        cycle: "b6b3 d3d4 b3b4 d4d6 b4b6 d6d3",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Asian rule 40, diagram 104's moves (P7=8 r2=3 P8=7 r3=2 ...) on a position
        // built for them: black's chariot steps b7-c7-b7, each time threatening mate
        // down the file it opens onto rank 0 (red's general is walled in by its horse
        // e1, black's pawn d1 stopping the horse from blocking). Red's soldier steps
        // c5-b5-c5 into the chariot's way each time, offering itself. Perpetual mate
        // threats and perpetual sacrifices are allowed: a draw. The Chinese rules
        // forbid 长杀: red wins.
        name: "Asian rule 40, diagram 104's moves: a soldier offers itself against a chariot's mate threats",
        fen: "4k4/9/1r7/9/2P6/9/9/9/3pN4/4K4 w",
        lead: "",
        cycle: "c5b5 b7c7 b5c5 c7b7",
        chinese: Some((
            Outcome::Red,
            Ending::PerpetualMateThreat,
            Ruling::PerpetualMateThreat,
        )),
        asian: MATE_THREATS_ALLOWED,
    },
    Case {
        // Both codes: an attack kept while the attacker steps back along its own line
        // is no new chase (as diagram 106: an attack that does not change). Red's
        // elephant steps g4-e2-g4; on e2 it stands in the file of black's chariot,
        // which steps e4-e6-e4. The step to e6 keeps the attack on e2 it already had;
        // the step back to e4 attacks the elephant on g4 anew. Red's elephant attacks
        // the chariot on e6 from g4: one chase in two moves each, a draw.
        // (Fairy-Stockfish rules black's chariot a perpetual chase here: it counts the
        // attack down the file from e6 as new once the chariot has left e4.)
        name: "an attack kept while stepping back along the line is no new chase",
        fen: "3k5/9/9/9/9/4r1B2/9/9/9/5K3 w",
        lead: "",
        cycle: "g4e2 e4e6 e2g4 e6e4",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
    Case {
        // Both codes: taking away the mount of the cannon that protects a piece
        // chases that piece, by whatever attacks it (as the appendix's example: a
        // piece kept unprotected is chased). Red's horse e4 attacks black's cannon g3
        // throughout. Red's chariot h3 stands between black's cannons g3 and i3: while
        // it does, i3 would take back on g3 over it. The chariot steps to h4 (g3 is
        // unprotected: the horse's attack now wins it), black's cannon i3 steps to i1,
        // the chariot steps back to h3 and attacks g3 itself (unprotected still),
        // black's cannon returns. Every red move chases g3: red loses.
        // (Fairy-Stockfish sees no chase in the chariot's step away and rules a draw.)
        name: "moving away the mount of a protecting cannon chases what it protected",
        fen: "5k3/9/9/9/9/4N4/6cRc/9/9/4K4 w",
        lead: "",
        cycle: "h3h4 i3i1 h4h3 i1i3",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
    },
    Case {
        // Both codes: idle moves on both sides.
        name: "idle moves",
        fen: "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
        lead: "",
        cycle: "h0g2 h9g7 g2h0 g7h9",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
];

/// The Asian rules' rulings as an independent engine's tests give them: the cases of
/// Fairy-Stockfish's AXF test suite (`test.py`, its chasing-rule cases; ranks counted
/// from 0 here), each with the position, the moves and who wins. Names say what
/// happens in the cycle.
const REFERENCE: &[(&str, &str, &str, Outcome)] = &[
    (
        "a cannon follows a chariot from file to file",
        "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w",
        "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2",
        Outcome::Black,
    ),
    (
        "a soldier's steps mount two cannons in turn on one chariot",
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w",
        "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5",
        Outcome::Black,
    ),
    (
        "the same with one cannon: every other move only the soldier attacks",
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w",
        "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5",
        Outcome::Draw,
    ),
    (
        "a cannon steps off its partner's file and back: a pawn attacked with every move, once beside a check",
        "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w",
        "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5",
        Outcome::Black,
    ),
    (
        "a chariot and a horse chase each other",
        "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w",
        "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6",
        Outcome::Draw,
    ),
    (
        "a pawn checks with every move, the other side every other move",
        "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w",
        "d6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4",
        Outcome::Red,
    ),
    (
        "a pawn checks with every move (the general's steps uncover a cannon's attack)",
        "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w",
        "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2",
        Outcome::Red,
    ),
    (
        "an elephant's steps give a cannon its attack on a soldier with every move",
        "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w",
        "d6e6 e7g5 e6d6 g5e7 d6e6 e7g5 e6d6 g5e7",
        Outcome::Red,
    ),
    (
        "a chariot chases a cannon with every move, once uncovering a check",
        "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w",
        "d1d3 b1b3 d3d1 b3b1 d1d3 b1b3 d3d1 b3b1",
        Outcome::Red,
    ),
    (
        "an elephant and a cannon in turn chase a chariot",
        "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w",
        "g6g5 f6g8 g5g6 g8f6 g6g5 f6g8 g5g6 g8f6",
        Outcome::Red,
    ),
    (
        "a general's steps free two horses' attacks on a soldier in turn",
        "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w",
        "d9e9 d8e8 e9d9 e8d8 d9e9 d8e8 e9d9 e8d8",
        Outcome::Red,
    ),
    (
        "a chariot chases a chariot that may not take back",
        "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w",
        "e4e3 c4c3 e3e4 c3c4 e4e3 c4c3 e3e4 c3c4",
        Outcome::Red,
    ),
    (
        "a cannon chases a cannon that may not take back",
        "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w",
        "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1 c4a4",
        Outcome::Red,
    ),
    (
        "both sides check with every move",
        "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w",
        "e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6",
        Outcome::Draw,
    ),
    (
        "a soldier's and a cannon's attacks that are no chase",
        "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w",
        "h6g6 g5h5 g6h6 h5g5 h6g6 g5h5 g6h6 h5g5",
        Outcome::Draw,
    ),
    (
        "a chariot attacks a chariot that may take back",
        "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w",
        "e4e3 c4c3 e3e4 c3c4 e4e3 c4c3 e3e4 c3c4",
        Outcome::Draw,
    ),
    (
        "a cannon attacks a cannon that may take back",
        "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w",
        "c2a2 a6c6 a2c2 c6a6 c2a2 a6c6 a2c2 c6a6",
        Outcome::Draw,
    ),
    (
        "a cannon chases two chariots in turn",
        "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w",
        "b1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1",
        Outcome::Draw,
    ),
    (
        "diagram 106: an attack that does not change is no chase",
        "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w",
        "h0h1 h4h3 h1h0 h3h4 h0h1 h4h3 h1h0 h3h4",
        Outcome::Draw,
    ),
    (
        "diagram 39: a chariot a horse holds may not be chased",
        "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w",
        "b6b8 f9e8 b8b9 e8f9 b9b8 f9e8 b8b9 e8f9 b9b8",
        Outcome::Black,
    ),
    (
        "rule 19: the held chariot's attacks on its horse do not excuse the chase of it",
        "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w",
        "e1f0 h3h1 f0e1 h1h3 e1f0 h3h1 f0e1 h1h3",
        Outcome::Red,
    ),
    (
        "a horse's step pins the guard of a horse a chariot attacks",
        "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b",
        "e3g4 e1f1 g4e3 f1e1 e3g4 e1f1 g4e3 f1e1",
        Outcome::Red,
    ),
    (
        "a chariot follows a horse, attacking it with every move",
        "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w",
        "b4c2 b0c0 c2b4 c0b0 b4c2 b0c0 c2b4 c0b0",
        Outcome::Red,
    ),
    (
        "a cannon's steps pin a guard, and a horse attacks what it guarded",
        "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w",
        "e0d0 e4d4 d0e0 d4e4 e0d0 e4d4 d0e0 d4e4",
        Outcome::Red,
    ),
    (
        "a cannon's steps pin a guard, and a chariot attacks what it guarded",
        "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w",
        "e0d0 e4d4 d0e0 d4e4 e0d0 e4d4 d0e0 d4e4",
        Outcome::Red,
    ),
    (
        "a chariot and a cannon over the general chase a horse in turn",
        "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w",
        "d0c2 h0h2 c2d0 h2h0 d0c2 h0h2 c2d0 h2h0",
        Outcome::Red,
    ),
    (
        "a general guards its horse (a horse blocks the file): no chase",
        "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w",
        "d0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0 c3d3",
        Outcome::Draw,
    ),
    (
        "a general that would face the other one guards nothing: a chase",
        "3k5/9/9/9/9/9/3r5/9/9/3NK4 w",
        "d0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0 c3d3",
        Outcome::Red,
    ),
    (
        "a cannon's guard over the capturing piece itself is none",
        "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w",
        "b4c4 b3c3 c4b4 c3b3 b4c4 b3c3 c4b4 c3b3",
        Outcome::Red,
    ),
    (
        "both sides chase one piece each",
        "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w",
        "f8f6 f9e8 f6f8 e8f9 f8f6 f9e8 f6f8 e8f9",
        Outcome::Draw,
    ),
];

#[test]
fn every_case_is_ruled_as_its_rule_book_says() {
    for case in CASES {
        let plies = moves(case).len() as u32;
        for (code, (outcome, ending, ruling)) in claims(case) {
            let a = judge(case, code);
            // The verdict comes when some position of the cycle is seen the third time.
            assert!(
                a.plies + 4 > plies,
                "{}: ruled after {} plies",
                case.name,
                a.plies
            );
            assert_eq!(
                (a.outcome, a.ending, a.ruling, a.plies + a.ignored_plies),
                (outcome, ending, Some((code, ruling)), plies),
                "{} under the {code} rules",
                case.name
            );
        }
    }
}

/// The rules treat the colours alike: every case holds with the board turned round
/// and the colours swapped, the other side then losing.
#[test]
fn every_case_holds_with_the_colours_swapped() {
    for case in CASES {
        let fen = mirrored_fen(case.fen);
        let moves: Vec<String> = owned(case).iter().map(|m| mirrored_move(m)).collect();
        for (code, (outcome, ending, ruling)) in claims(case) {
            let a = judge_moves(case.name, &fen, &moves, code);
            assert_eq!(
                (a.outcome, a.ending, a.ruling),
                (other(outcome), ending, Some((code, ruling))),
                "{} with the colours swapped, under the {code} rules",
                case.name
            );
        }
    }
}

#[test]
fn the_reference_cases_are_ruled_as_the_other_engine_rules_them() {
    for &(name, fen, moves, winner) in REFERENCE {
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        let a = judge_moves(name, fen, &moves, RuleCode::Asian);
        assert_eq!(a.outcome, winner, "{name}: {:?}", a.ruling);
        let swapped: Vec<String> = moves.iter().map(|m| mirrored_move(m)).collect();
        let a = judge_moves(name, &mirrored_fen(fen), &swapped, RuleCode::Asian);
        assert_eq!(a.outcome, other(winner), "{name} with the colours swapped");
    }
}

/// Under the Asian rules a perpetual chase cites the rule book's own article where
/// one names the case: cannons on a chariot (15), a chariot on a cannon (18), a piece
/// of the chaser's own kind that cannot take back (24), a chariot a cannon confines to a
/// line (27), pieces taking turns (33).
#[test]
fn an_asian_perpetual_chase_cites_the_article_that_names_it() {
    use xiangqi::ChaseArticle::*;
    let expected = [
        ("one chariot chases one cannon", Some(ChariotChasesCannon)),
        (
            "Asian rules 18 and 32, diagram 79's moves: a chariot chases a cannon that chases two pawns in turn",
            Some(ChariotChasesCannon),
        ),
        (
            "Asian rule 18, diagram 32's moves: a chariot follows a cannon from file to file",
            Some(ChariotChasesCannon),
        ),
        (
            "Asian rule 15, as diagram 21: an advisor's steps mount two cannons in turn on a protected chariot",
            Some(CannonsChaseChariot),
        ),
        (
            "Asian rule 15, diagram 18's moves: a cannon chases a protected chariot",
            Some(CannonsChaseChariot),
        ),
        (
            "Asian rule 15, diagram 23's moves: elephants' steps take turns mounting a cannon on a chariot",
            Some(CannonsChaseChariot),
        ),
        (
            "Asian rule 36, diagram 92's moves: cannons chase a chariot beside an offered exchange",
            Some(CannonsChaseChariot),
        ),
        (
            "a discovered chase: a horse steps off a chariot's line",
            Some(InTurn),
        ),
        (
            "Asian rule 36, diagram 93's moves: horses chase a chariot beside an offered exchange",
            Some(InTurn),
        ),
        (
            "a cannon chases a cannon that cannot take back",
            Some(SameKind),
        ),
        (
            "a horse chases a horse whose leg is blocked",
            Some(SameKind),
        ),
        ("a pinned chariot cannot take back", Some(ConfinedChariot)),
        (
            "Asian rule 27, diagram 64: a chariot chases a chariot confined to the centre file",
            Some(ConfinedChariot),
        ),
        (
            "Asian rule 27, diagram 65: a chariot chases a chariot confined to a file",
            Some(ConfinedChariot),
        ),
        // No article of its own: the rule book's general one.
        ("a horse chases a protected chariot", None),
        (
            "Asian rule 25: a cannon may not chase an unprotected elephant perpetually",
            None,
        ),
    ];
    for (name, article) in expected {
        let case = CASES
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no case {name}"));
        let a = judge(case, RuleCode::Asian);
        assert_eq!(
            a.ruling,
            Some((RuleCode::Asian, Ruling::PerpetualChase)),
            "{name}"
        );
        let chased = a.chased.unwrap_or_else(|| panic!("{name}: nothing chased"));
        assert_eq!(chased.asian_article(), article, "{name}: {chased:?}");
    }
}
