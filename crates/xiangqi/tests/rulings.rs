//! Repetition rulings by rule code, as golden cases: a position (FEN), the moves of
//! one cycle (played until the start comes round the third time), and the ruling of
//! each code beside it. Each case names the rule it follows; where the codes differ
//! both are given. Most positions are built for the rulings' text; the cases named
//! after a diagram of the Asian rules play that diagram's position and its moves as
//! the rule book gives them, and claim only the Asian ruling.

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
        asian: (Outcome::Draw, Ending::Repetition, Ruling::ChaseOfSeveral),
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
        // (Asian rule 40: offering an exchange perpetually is a draw).
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
        chinese: Some((Outcome::Draw, Ending::Repetition, Ruling::MutualViolation)),
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
        // attacks the horse anew each time; a held chariot's attack is no chase, and
        // red has to change.
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
        // unguarded, so red's held chariot attacks it anew: no chase. Black changes.
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
        // so the held chariot attacks it anew, which is no chase. Red has to change.
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
        // Asian rule 27, after diagram 66's moves (R3=2 r8=7 R2=3 r7=8 ...; the
        // position is built for them): black's chariot is confined to rank 8, between
        // red's cannon i8 and black's horse f8 before black's general e8; off the rank
        // it would let the cannon check. Red's chariot follows it from file to file
        // (g4, h4), attacking it every move; it cannot take back down the file, so
        // this offers no exchange: a perpetual chase, and red loses. Black's chariot
        // attacks red's cannon from g8 and h8 alike, but red's chariot i0 guards it.
        name: "Asian rule 27, diagram 66: a chariot a cannon confines to a line may not be chased",
        fen: "9/4kn1rC/9/9/9/6R2/9/9/9/3K4R w",
        lead: "",
        cycle: "g4h4 h8g8 h4g4 g8h8",
        chinese: Some(RED_LOSES_BY_CHASE),
        asian: RED_LOSES_BY_CHASE,
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
        chinese: Some((Outcome::Draw, Ending::Repetition, Ruling::MutualViolation)),
        asian: (Outcome::Draw, Ending::Repetition, Ruling::MutualViolation),
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
        // Both codes: idle moves on both sides.
        name: "idle moves",
        fen: "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
        lead: "",
        cycle: "h0g2 h9g7 g2h0 g7h9",
        chinese: Some(DRAWN),
        asian: DRAWN,
    },
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
