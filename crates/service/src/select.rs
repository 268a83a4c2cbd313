//! Which stage a command means: the one asked for, or the current one (the last drawn);
//! and the seed of a draw when the arbiter gives none.

use crate::{Result, ServiceError};
use messages::msg;
use tournament::{Competition, EntrantId};

/// The stages drawn, in order.
pub(crate) fn drawn_stages(c: &Competition) -> Vec<usize> {
    (0..c.stages.len())
        .filter(|&s| !c.stages[s].groups.is_empty())
        .collect()
}

/// The stage being played: the last one drawn.
pub(crate) fn current_stage(c: &Competition) -> Result<usize> {
    c.stages
        .iter()
        .rposition(|s| !s.groups.is_empty())
        .ok_or_else(|| ServiceError::refused(msg!("stage.none_drawn")))
}

/// The stage asked for (1-based), or the current one; as an index.
pub(crate) fn chosen_stage(c: &Competition, stage: Option<usize>) -> Result<usize> {
    match stage {
        Some(s) if s == 0 || s > c.stages.len() => {
            Err(ServiceError::refused(msg!("stage.none", stage = s)))
        }
        Some(s) => Ok(s - 1),
        None => current_stage(c),
    }
}

/// An entrant named by registration number or by name.
pub(crate) fn entrant_named(c: &Competition, text: &str) -> Result<EntrantId> {
    let text = text.trim();
    if let Ok(n) = text.parse::<u32>()
        && c.entrant(EntrantId(n)).is_some()
    {
        return Ok(EntrantId(n));
    }
    let found: Vec<EntrantId> = c
        .entrants
        .iter()
        .filter(|e| e.name == text)
        .map(|e| e.id)
        .collect();
    match found[..] {
        [id] => Ok(id),
        [] => Err(ServiceError::refused(msg!("entrant.unknown", text = text))),
        _ => Err(ServiceError::refused(msg!("entrant.several", text = text))),
    }
}

/// A seed for a draw when the arbiter gives none: from the clock, printed with the draw.
pub(crate) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    (nanos ^ (std::process::id() as u64).rotate_left(32)) % 1_000_000_000
}
