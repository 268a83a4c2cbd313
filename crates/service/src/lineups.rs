//! Team line-ups: a team's members in board order for one round, set before its match
//! starts; refused, naming the team and the board, when it cannot be played.

use crate::select::{current_stage, entrant_named};
use crate::{Event, Result};

impl Event {
    /// Sets `team`'s line-up (a number or a name) for round `round` of the current
    /// stage: `members` in board order, as many as there are boards.
    pub fn set_lineup(&mut self, round: u32, team: &str, members: &[String]) -> Result<()> {
        let members: Vec<String> = members
            .iter()
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect();
        self.file.change_with("lineup", |c| {
            let stage = current_stage(c)?;
            let id = entrant_named(c, team)?;
            tournament::team::set_lineup(c, stage, round, id, &members)?;
            let name = c.entrant(id).map_or_else(String::new, |e| e.name.clone());
            Ok((
                (),
                crate::logged(messages::msg!(
                    "log.lineup",
                    round = round,
                    team = name,
                    members = members.clone()
                )),
            ))
        })
    }
}

/// Member names as an organizer types them: separated by 、 ; / or commas.
pub fn split_members(text: &str) -> Vec<String> {
    text.split(['、', ';', '；', '/', ',', '，'])
        .map(|m| m.trim().to_string())
        .filter(|m| !m.is_empty())
        .collect()
}
