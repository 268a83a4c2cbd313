//! Repetition rules (棋例) over the plies since the last capture. A position seen the
//! third time closes a cycle; what each side did inside it, judged by the event's rule
//! code, decides the verdict:
//! - both codes: a side that checked with every move loses, whatever the other did;
//!   both checking perpetually draw;
//! - Chinese: 长打 — every move a check, a chase or a mate threat (长杀), mixed as they
//!   may be — is forbidden: the side that did it loses, both doing it draw;
//! - Asian: a perpetual chase of one piece (by one attacker or several in turn) is
//!   forbidden; chasing several pieces in turn, one check and one chase, and mate
//!   threats are allowed; both breaking the rule draw, except where one side's only
//!   chase is a chariot a horse holds still attacking that horse (rule 19: such a
//!   chariot may not be chased perpetually, whether the horse is protected or not). A
//!   perpetual chase of such a chariot is ruled under rule 19; any other perpetual
//!   chase tells what it was after and with what (`Chased`), for the article citing
//!   it.

use std::collections::HashMap;

use crate::chase::{Chase, new_chases};
use crate::rules::{Chased, RuleCode, Ruling};
use crate::{Board, Color, Move, Outcome, Position, Setup, Square};

/// A move that led to a position of the history.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    pub mv: Move,
    pub check: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// `Draw`, or the side that did not break the rule.
    pub outcome: Outcome,
    pub ruling: Ruling,
    /// What the losing side's perpetual chase was after, when one decided.
    pub chased: Option<Chased>,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    hash: u64,
    /// Who made the move that led here, and the move; `None` where the history starts.
    mover: Color,
    step: Option<Step>,
}

/// Position hashes of a game since its last irreversible move, with what each move did.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    entries: Vec<Entry>,
    /// A 1,024-bit filter of the hashes in `entries`: a position whose bit is clear
    /// cannot be a repetition, so most plies skip the scan.
    seen: [u64; 16],
}

/// What one move of a cycle did.
#[derive(Debug, Clone)]
struct Deed {
    mover: Color,
    check: bool,
    /// The pieces it newly threatened to win, attacker and target each named by its
    /// square when the cycle began (no piece is taken inside a cycle).
    chases: Vec<Chase>,
    /// It made a threat of mate in one (杀) that was not there before it (only asked of
    /// a move that neither checks nor chases).
    mate_threat: bool,
}

/// What one side did over a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Conduct {
    PerpetualCheck,
    /// Chased with every move, one piece throughout.
    ChaseOfOne,
    /// Chased with every move one chariot that a horse held still throughout (Asian
    /// rule 19 names this chase).
    ChaseOfHeldChariot,
    /// Chased with every move, no piece throughout.
    ChaseOfSeveral,
    /// Checked or chased with every move, both among them (no mate threat needed).
    CheckAndChase,
    /// Every move pressed (check, chase or mate threat), mate threats among them.
    MateThreat,
    /// Some move pressed nothing.
    Allowed,
}

impl History {
    /// An empty history with room for `entries` positions.
    pub fn with_capacity(entries: usize) -> History {
        History {
            entries: Vec::with_capacity(entries),
            seen: [0; 16],
        }
    }

    /// Starts over: after a capture, or at the start (`mover` then is the side that
    /// does not move first). No cycle reaches back past this position.
    pub fn restart(&mut self, hash: u64, mover: Color) {
        self.entries.clear();
        self.seen = [0; 16];
        self.record(Entry {
            hash,
            mover,
            step: None,
        });
    }

    /// Adds an entry; says whether its hash may have been seen before.
    #[inline]
    fn record(&mut self, entry: Entry) -> bool {
        let bit = (entry.hash >> 54) as usize;
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let maybe_seen = self.seen[word] & mask != 0;
        self.seen[word] |= mask;
        self.entries.push(entry);
        maybe_seen
    }

    /// Records the position after a move (`board`); returns a verdict when this position
    /// has now occurred three times.
    #[inline]
    pub fn push(
        &mut self,
        hash: u64,
        board: &Board,
        mover: Color,
        step: Step,
        code: RuleCode,
    ) -> Option<Verdict> {
        if !self.record(Entry {
            hash,
            mover,
            step: Some(step),
        }) {
            return None;
        }
        let last = self.entries.len() - 1;
        // Same side to move: every second entry back.
        let mut seen = 1;
        let mut first = last;
        let mut i = last;
        while i >= 2 {
            i -= 2;
            if self.entries[i].hash == hash {
                seen += 1;
                first = i;
                if seen == 3 {
                    break;
                }
            }
        }
        (seen >= 3).then(|| self.judge(first + 1..=last, board, code))
    }

    /// `board` is the position after the cycle's last move. Rare (a position seen three
    /// times): kept out of line so that every move's `push` stays small.
    #[cold]
    #[inline(never)]
    fn judge(
        &self,
        cycle: std::ops::RangeInclusive<usize>,
        board: &Board,
        code: RuleCode,
    ) -> Verdict {
        let steps: Vec<(Color, Step)> = self.entries[cycle]
            .iter()
            .filter_map(|e| e.step.map(|s| (e.mover, s)))
            .collect();
        let deeds = deeds(&steps, board);
        let mut verdict = match code {
            RuleCode::Chinese => {
                let judged = |side| conduct(&deeds, side, false);
                verdict(code, judged(Color::Red), judged(Color::Black))
            }
            RuleCode::Asian => asian_verdict(&deeds),
        };
        if verdict.ruling == Ruling::PerpetualChase {
            // The losing side chased; the position after the cycle is the one it began
            // from.
            let chaser = match verdict.outcome {
                Outcome::Red => Some(Color::Black),
                Outcome::Black => Some(Color::Red),
                _ => None,
            };
            verdict.chased = chaser.and_then(|side| chased(&deeds, side, board));
        }
        verdict
    }
}

/// The Asian rules' verdict. When both sides break the rule, rule 19 may still decide:
/// a chariot a horse holds still may not be chased, whatever that chariot chases
/// itself, so its chases do not excuse the side chasing it. (Alone, a held chariot's
/// chase still breaks the rule: the appendix rules a chase where a side keeps the
/// horse unguarded against its held chariot.)
fn asian_verdict(deeds: &[Deed]) -> Verdict {
    let red = conduct(deeds, Color::Red, false);
    let black = conduct(deeds, Color::Black, false);
    let counted = verdict(RuleCode::Asian, red, black);
    if counted.ruling != Ruling::MutualViolation {
        return counted;
    }
    for (chaser, held_side, winner) in [
        (red, Color::Black, Outcome::Black),
        (black, Color::Red, Outcome::Red),
    ] {
        let (_, held_side_forbidden) = rule(RuleCode::Asian, conduct(deeds, held_side, true));
        if chaser == Conduct::ChaseOfHeldChariot && !held_side_forbidden {
            return Verdict {
                outcome: winner,
                ruling: Ruling::HeldChariotChased,
                chased: None,
            };
        }
    }
    counted
}

/// What every move of a cycle did, `after` being the board after its last move.
fn deeds(steps: &[(Color, Step)], after: &Board) -> Vec<Deed> {
    // No move of a cycle captures: the board before a move is the board after it with
    // the piece moved back. Walk back to the cycle's start, then forward.
    let mut board = after.clone();
    for (_, step) in steps.iter().rev() {
        board.set(step.mv.from, board.get(step.mv.to));
        board.set(step.mv.to, None);
    }
    // Each piece keeps the name of the square it stood on when the cycle began.
    let mut name: HashMap<Square, Square> = board.pieces().map(|(sq, _)| (sq, sq)).collect();
    let mut out = Vec::with_capacity(steps.len());
    for &(mover, step) in steps {
        // A check may chase too (the piece it attacks beside the general is won once
        // the check is met): a chase of one piece with every move, some of them checks,
        // is a perpetual chase, not "one check, one chase".
        let chases = new_chases(&board, step.mv, mover);
        let could_mate = !step.check && chases.is_empty() && threatens_mate(&board, mover);
        board.set(step.mv.to, board.get(step.mv.from));
        board.set(step.mv.from, None);
        if let Some(id) = name.remove(&step.mv.from) {
            name.insert(step.mv.to, id);
        }
        let named = |sq: Square| name.get(&sq).copied().unwrap_or(sq);
        let chases: Vec<Chase> = chases
            .into_iter()
            .map(|c| Chase {
                attacker: named(c.attacker),
                target: named(c.target),
                ..c
            })
            .collect();
        let mate_threat =
            !step.check && chases.is_empty() && !could_mate && threatens_mate(&board, mover);
        out.push(Deed {
            mover,
            check: step.check,
            chases,
            mate_threat,
        });
    }
    out
}

/// What `side`'s perpetual chase was after and what chased it, when one piece was
/// chased by every move; `start` is the board the cycle began from (pieces are named
/// by their squares there).
fn chased(deeds: &[Deed], side: Color, start: &Board) -> Option<Chased> {
    let mine: Vec<&Deed> = deeds.iter().filter(|d| d.mover == side).collect();
    let target = mine
        .first()?
        .chases
        .iter()
        .map(|c| c.target)
        .find(|&t| mine.iter().all(|d| d.chases.iter().any(|c| c.target == t)))?;
    let of_target: Vec<&Chase> = mine
        .iter()
        .flat_map(|d| d.chases.iter())
        .filter(|c| c.target == target)
        .collect();
    let mut chasers: Vec<Square> = of_target.iter().map(|c| c.attacker).collect();
    chasers.sort_unstable();
    chasers.dedup();
    let role = |sq: Square| start.get(sq).map(|p| p.role);
    let by = chasers
        .first()
        .and_then(|&sq| role(sq))
        .filter(|&r| chasers.iter().all(|&sq| role(sq) == Some(r)));
    Some(Chased {
        target: role(target)?,
        by,
        chasers: chasers.len().min(u8::MAX as usize) as u8,
        confined: of_target.iter().all(|c| c.target_confined),
    })
}

/// Whether `us`, were it to move again on `board`, could mate at once (杀).
fn threatens_mate(board: &Board, us: Color) -> bool {
    let setup = Setup {
        board: board.clone(),
        turn: us,
        halfmoves: 0,
        fullmoves: 1,
    };
    let Ok(pos) = Position::from_setup_relaxed(setup) else {
        return false;
    };
    pos.legal_moves()
        .as_slice()
        .iter()
        .any(|&m| pos.after(m).is_checkmate())
}

/// What `side` did over the cycle; the chases of its chariots a horse holds still left
/// out when `held_excused` (rule 19).
fn conduct(deeds: &[Deed], side: Color, held_excused: bool) -> Conduct {
    let counted = |d: &Deed| -> Vec<Chase> {
        d.chases
            .iter()
            .filter(|c| !(held_excused && c.by_held))
            .copied()
            .collect()
    };
    let mine: Vec<(&Deed, Vec<Chase>)> = deeds
        .iter()
        .filter(|d| d.mover == side)
        .map(|d| (d, counted(d)))
        .collect();
    if mine.is_empty() {
        return Conduct::Allowed;
    }
    if mine.iter().all(|(d, _)| d.check) {
        return Conduct::PerpetualCheck;
    }
    if mine.iter().all(|(_, chases)| !chases.is_empty()) {
        // One piece chased by every move, whoever chased it.
        let chased_by_every_move = |target: Square, held: bool| {
            mine.iter().all(|(_, chases)| {
                chases
                    .iter()
                    .any(|c| c.target == target && (!held || c.target_held))
            })
        };
        let first = &mine[0].1;
        return if first.iter().any(|c| chased_by_every_move(c.target, true)) {
            Conduct::ChaseOfHeldChariot
        } else if first.iter().any(|c| chased_by_every_move(c.target, false)) {
            Conduct::ChaseOfOne
        } else {
            Conduct::ChaseOfSeveral
        };
    }
    if mine.iter().all(|(d, chases)| d.check || !chases.is_empty()) {
        return Conduct::CheckAndChase;
    }
    if mine
        .iter()
        .all(|(d, chases)| d.check || !chases.is_empty() || d.mate_threat)
    {
        return Conduct::MateThreat;
    }
    Conduct::Allowed
}

/// The ruling for one side's conduct, and whether the code forbids it.
fn rule(code: RuleCode, conduct: Conduct) -> (Ruling, bool) {
    let chinese = code == RuleCode::Chinese;
    match conduct {
        Conduct::PerpetualCheck => (Ruling::PerpetualCheck, true),
        Conduct::ChaseOfOne => (Ruling::PerpetualChase, true),
        Conduct::ChaseOfHeldChariot if chinese => (Ruling::PerpetualChase, true),
        Conduct::ChaseOfHeldChariot => (Ruling::HeldChariotChased, true),
        Conduct::ChaseOfSeveral if chinese => (Ruling::PerpetualChase, true),
        Conduct::ChaseOfSeveral => (Ruling::ChaseOfSeveral, false),
        Conduct::CheckAndChase => (Ruling::CheckAndChase, chinese),
        Conduct::MateThreat => (Ruling::PerpetualMateThreat, chinese),
        Conduct::Allowed => (Ruling::NoViolation, false),
    }
}

fn verdict(code: RuleCode, red: Conduct, black: Conduct) -> Verdict {
    let win = |winner: Outcome, ruling: Ruling| Verdict {
        outcome: winner,
        ruling,
        chased: None,
    };
    let draw = |ruling: Ruling| Verdict {
        outcome: Outcome::Draw,
        ruling,
        chased: None,
    };
    // Perpetual check comes first in both codes: the checker loses, whatever the other
    // side did, and two checkers draw.
    match (
        red == Conduct::PerpetualCheck,
        black == Conduct::PerpetualCheck,
    ) {
        (true, true) => return draw(Ruling::MutualCheck),
        (true, false) => return win(Outcome::Black, Ruling::PerpetualCheck),
        (false, true) => return win(Outcome::Red, Ruling::PerpetualCheck),
        (false, false) => {}
    }
    let (red_ruling, red_forbidden) = rule(code, red);
    let (black_ruling, black_forbidden) = rule(code, black);
    match (red_forbidden, black_forbidden) {
        (true, true) => draw(Ruling::MutualViolation),
        (true, false) => win(Outcome::Black, red_ruling),
        (false, true) => win(Outcome::Red, black_ruling),
        // What was allowed is named: chasing several, check and chase, mate threats.
        (false, false) if red_ruling != Ruling::NoViolation => draw(red_ruling),
        (false, false) => draw(black_ruling),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse::<Setup>().unwrap().board
    }

    #[test]
    fn a_mate_threat_is_a_mate_in_one_for_the_mover() {
        // Chariots on d1 and f1 hold the d and f files; the chariot on a4 goes to e4:
        // the lone black general has nowhere to go.
        assert!(threatens_mate(
            &board("4k4/9/9/9/9/R8/9/9/3R1R3/3K5 w"),
            Color::Red
        ));
        // A black cannon on e6 shuts the e-file.
        assert!(!threatens_mate(
            &board("4k4/9/9/4c4/9/R8/9/9/3R1R3/3K5 w"),
            Color::Red
        ));
    }

    #[test]
    fn perpetual_check_loses_in_both_codes_whatever_the_other_side_does() {
        for code in [RuleCode::Chinese, RuleCode::Asian] {
            for other in [
                Conduct::ChaseOfOne,
                Conduct::CheckAndChase,
                Conduct::Allowed,
            ] {
                assert_eq!(
                    verdict(code, Conduct::PerpetualCheck, other),
                    Verdict {
                        outcome: Outcome::Black,
                        ruling: Ruling::PerpetualCheck,
                        chased: None,
                    }
                );
            }
            assert_eq!(
                verdict(code, Conduct::PerpetualCheck, Conduct::PerpetualCheck).ruling,
                Ruling::MutualCheck
            );
        }
    }

    #[test]
    fn the_codes_differ_where_the_rule_books_do() {
        let outcome = |code, red| verdict(code, red, Conduct::Allowed).outcome;
        for (conduct, chinese, asian) in [
            (Conduct::ChaseOfOne, Outcome::Black, Outcome::Black),
            (Conduct::ChaseOfSeveral, Outcome::Black, Outcome::Draw),
            (Conduct::CheckAndChase, Outcome::Black, Outcome::Draw),
            (Conduct::MateThreat, Outcome::Black, Outcome::Draw),
            (Conduct::Allowed, Outcome::Draw, Outcome::Draw),
        ] {
            assert_eq!(outcome(RuleCode::Chinese, conduct), chinese, "{conduct:?}");
            assert_eq!(outcome(RuleCode::Asian, conduct), asian, "{conduct:?}");
        }
        // Both breaking the rule draw.
        assert_eq!(
            verdict(RuleCode::Asian, Conduct::ChaseOfOne, Conduct::ChaseOfOne).ruling,
            Ruling::MutualViolation
        );
    }

    /// One move's deed: `chases` as (attacker, target, by a held chariot, of a held
    /// chariot), squares by name.
    fn deed(mover: Color, chases: &[(&str, &str, bool, bool)]) -> Deed {
        Deed {
            mover,
            check: false,
            chases: chases
                .iter()
                .map(|&(attacker, target, by_held, target_held)| Chase {
                    attacker: attacker.parse().unwrap(),
                    target: target.parse().unwrap(),
                    by_held,
                    target_held,
                    target_confined: false,
                })
                .collect(),
            mate_threat: false,
        }
    }

    #[test]
    fn a_held_chariots_own_chases_do_not_excuse_the_side_chasing_it() {
        // Red chases black's held chariot f8 with every move; black's every move chases
        // red's cannon f2, by that chariot (along the file) or by a horse.
        let red = deed(Color::Red, &[("a8", "f8", false, true)]);
        let by_chariot = deed(Color::Black, &[("f8", "f2", true, false)]);
        let cycle = [red.clone(), by_chariot.clone(), red.clone(), by_chariot];
        assert_eq!(
            asian_verdict(&cycle),
            Verdict {
                outcome: Outcome::Black,
                ruling: Ruling::HeldChariotChased,
                chased: None,
            }
        );
        // Chased by another black piece, the cannon is a chase of its own: both break
        // the rule.
        let by_horse = deed(Color::Black, &[("d4", "f2", false, false)]);
        let cycle = [red.clone(), by_horse.clone(), red, by_horse];
        assert_eq!(asian_verdict(&cycle).ruling, Ruling::MutualViolation);
    }
}
