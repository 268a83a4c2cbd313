//! Each entrant's rounds as the FIDE tiebreaks read them (C.07 §16): played, or which
//! kind of unplayed round, and the scores adjusted for unplayed rounds.

use super::Edition;
use crate::standings::{Colour, Encounter, Field, Outcome, Unplayed};
use crate::{EntrantId, Points};

/// How a round went for one entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Played,
    ForfeitWin,
    ForfeitLoss,
    /// PAB: the pairing left the entrant out.
    PairingBye,
    /// HPB or FPB, asked for.
    RequestedBye,
    /// Not paired: a zero-point bye, an absence, a round after withdrawing.
    Absent,
}

impl Kind {
    /// A voluntarily unplayed round (VUR, C.07 §16.2): the entrant was not available.
    pub fn voluntary(self) -> bool {
        matches!(self, Kind::ForfeitLoss | Kind::RequestedBye | Kind::Absent)
    }

    /// A bye of any kind (known before the round is played).
    pub fn bye(self) -> bool {
        matches!(self, Kind::PairingBye | Kind::RequestedBye | Kind::Absent)
    }
}

/// One round of one entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub round: u32,
    pub kind: Kind,
    pub points: Points,
    pub opponent: Option<EntrantId>,
    pub colour: Option<Colour>,
    pub outcome: Outcome,
}

/// What the tiebreaks need of the event: the scale, the rounds, the editions' rules.
#[derive(Debug, Clone, Copy)]
pub struct Context {
    pub edition: Edition,
    pub rounds: u32,
    pub win: Points,
    pub draw: Points,
    /// Pairings fixed in advance (a round robin): forfeits count as games where the
    /// edition says so.
    pub round_robin: bool,
}

impl Context {
    pub fn of(field: &Field, edition: Edition) -> Context {
        let (win, draw) = field.scale();
        let rounds = field
            .entrants()
            .flat_map(|e| field.encounters(e).iter().map(|x| x.round))
            .max()
            .unwrap_or(0)
            .max(field.rounds());
        Context {
            edition,
            rounds,
            win,
            draw,
            round_robin: field.round_robin(),
        }
    }

    /// Whether an opponent-based tiebreak (Buchholz, Sonneborn-Berger) takes this
    /// round as a game against the scheduled opponent: played, or a forfeit in a
    /// round robin.
    pub fn met(&self, slot: &Slot) -> bool {
        match slot.kind {
            Kind::Played => true,
            Kind::ForfeitWin | Kind::ForfeitLoss => {
                self.round_robin && self.edition != Edition::E2012
            }
            _ => false,
        }
    }

    /// Whether a rating-based or own-result tiebreak counts the round as a game: 2024
    /// takes a round robin's forfeits as games; 2026 keeps forfeit losses (and, for
    /// ratings, every forfeit) unplayed.
    pub fn played(&self, slot: &Slot, ratings: bool) -> bool {
        match slot.kind {
            Kind::Played => true,
            Kind::ForfeitWin => {
                self.round_robin
                    && match self.edition {
                        Edition::E2024 => true,
                        Edition::E2026 => !ratings,
                        Edition::E2012 => false,
                    }
            }
            Kind::ForfeitLoss => self.round_robin && self.edition == Edition::E2024,
            _ => false,
        }
    }
}

fn kind_of(e: &Encounter) -> Kind {
    match e.unplayed {
        None if e.opponent().is_none() => Kind::PairingBye,
        None => Kind::Played,
        Some(Unplayed::PairingBye) => Kind::PairingBye,
        Some(Unplayed::RequestedBye) => Kind::RequestedBye,
        Some(Unplayed::ForfeitWin) => Kind::ForfeitWin,
        Some(Unplayed::ForfeitLoss) => Kind::ForfeitLoss,
    }
}

/// The entrant's rounds 1..=rounds; a round without an encounter is an absence.
pub fn sheet(field: &Field, id: EntrantId, rounds: u32) -> Vec<Slot> {
    let encounters = field.encounters(id);
    (1..=rounds)
        .map(|round| match encounters.iter().find(|e| e.round == round) {
            Some(e) => Slot {
                round,
                kind: kind_of(e),
                points: e.points,
                opponent: e.opponent(),
                colour: e.colour,
                outcome: e.outcome,
            },
            None => Slot {
                round,
                kind: Kind::Absent,
                points: Points::ZERO,
                opponent: None,
                colour: None,
                outcome: Outcome::Loss,
            },
        })
        .collect()
}

/// The entrant's score after `round` (points given outside games count from the
/// start, or from the round after which they were given).
pub fn score_after(field: &Field, id: EntrantId, slots: &[Slot], round: u32) -> Points {
    let awarded = if field.awarded_after(id) <= round {
        field.awarded(id)
    } else {
        Points::ZERO
    };
    awarded
        + slots
            .iter()
            .filter(|s| s.round <= round)
            .map(|s| s.points)
            .sum::<Points>()
}

/// An entrant's score as his opponents' tiebreaks count it (C.07 §16.3): a requested
/// bye or absence followed by nothing but unavailable rounds counts as a draw (the
/// rounds after a withdrawal); 2012 counts every unplayed round as a draw. With
/// `fore`, the last round's games count as draws (Fore Buchholz).
pub fn adjusted_score(field: &Field, ctx: &Context, id: EntrantId, fore: bool) -> Points {
    let slots = sheet(field, id, ctx.rounds);
    let awarded = field.awarded(id);
    if ctx.round_robin && !fore {
        return field.total(id);
    }
    let mut total = awarded;
    for (k, slot) in slots.iter().enumerate() {
        let last = slot.round == ctx.rounds;
        if fore && last && !slot.kind.bye() {
            total += ctx.draw;
            continue;
        }
        total += match ctx.edition {
            Edition::E2012 if slot.kind != Kind::Played => ctx.draw,
            Edition::E2012 => slot.points,
            _ => {
                let withdrawn = matches!(slot.kind, Kind::RequestedBye | Kind::Absent)
                    && slots[k + 1..].iter().all(|s| s.kind.voluntary());
                if withdrawn { ctx.draw } else { slot.points }
            }
        };
    }
    total
}

/// The score of the dummy (or, in 2012, virtual) opponent an unplayed round of the
/// entrant counts against (C.07 §16.4; 2012: C.02 13.16.5).
pub fn dummy_score(
    field: &Field,
    ctx: &Context,
    id: EntrantId,
    slots: &[Slot],
    slot: &Slot,
    fore: bool,
) -> Points {
    let own = if fore {
        let before = score_after(field, id, slots, ctx.rounds.saturating_sub(1));
        let last = slots.last().copied();
        before
            + match last {
                Some(s) if s.kind.bye() => s.points,
                Some(_) => ctx.draw,
                None => Points::ZERO,
            }
    } else {
        field.total(id)
    };
    match ctx.edition {
        Edition::E2024 => own,
        Edition::E2026 => {
            // Capped: a forfeit at the scheduled opponent's adjusted score, every
            // unplayed round at a draw in each round.
            let mut dummy = own;
            if let (Kind::ForfeitWin | Kind::ForfeitLoss, Some(o)) = (slot.kind, slot.opponent) {
                dummy = dummy.min(adjusted_score(field, ctx, o, fore));
            }
            dummy.min(ctx.draw * ctx.rounds as i32)
        }
        Edition::E2012 => {
            // Starts the round with the entrant's score, takes the other result of
            // it, and draws every round after.
            let before = score_after(field, id, slots, slot.round - 1);
            let other = (ctx.win - slot.points).max(Points::ZERO);
            before + other + ctx.draw * (ctx.rounds - slot.round) as i32
        }
    }
}
