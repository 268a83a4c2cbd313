//! `qisai schedule ...`: stateless schedules for arbiters and scripts.

use clap::Subcommand;
use tournament::{
    Entrant, EntrantId, RoundRobinOptions, drawn_bracket, round_robin, seeded_bracket,
};

use crate::Failure;

#[derive(Subcommand)]
pub enum ScheduleCommand {
    /// A round robin on the Berger tables: `round board red black`, the bye as 0
    RoundRobin {
        entrants: u32,
        /// Two cycles, colours reversed in the second
        #[arg(long)]
        double: bool,
        /// With --double, swap the last two rounds of the first cycle
        #[arg(long)]
        swap_last: bool,
    },
    /// First-round knockout lines `board top bottom`, byes as 0, in bracket order
    Knockout {
        entrants: u32,
        /// Draw the bracket by lots with this seed (printed first as `# seed S`);
        /// without it, entrant numbers are seeds in the standard positions
        #[arg(long)]
        seed: Option<u64>,
        /// With --seed: how many of the first numbers are seeded
        #[arg(long, default_value_t = 0)]
        seeds: u32,
    },
}

/// A number checked against its bound before anything is allocated for it.
fn bounded(bound: tournament::Bound, value: u32) -> Result<u32, Failure> {
    use messages::Explain;
    bound
        .check(value)
        .map(|_| value)
        .map_err(|e| Failure::usage(crate::messages::say(&e.message())))
}

pub fn run(command: ScheduleCommand) -> Result<(), Failure> {
    match command {
        ScheduleCommand::RoundRobin {
            entrants,
            double,
            swap_last,
        } => {
            if swap_last && !double {
                return Err(Failure::usage(crate::messages::say(&messages::msg!(
                    "settings.swap_last_needs_double"
                ))));
            }
            let entrants = bounded(tournament::limits::ENTRANTS, entrants)?;
            let options = RoundRobinOptions {
                double,
                swap_last_two: swap_last,
            };
            let mut out = String::new();
            for p in round_robin(entrants, options) {
                out.push_str(&format!("{} {} {} {}\n", p.round, p.board, p.red, p.black));
            }
            print!("{out}");
        }
        ScheduleCommand::Knockout {
            entrants,
            seed,
            seeds,
        } => {
            let entrants = bounded(tournament::limits::ENTRANTS, entrants)?;
            let seeds = bounded(tournament::limits::SEEDS, seeds)?;
            let ids: Vec<EntrantId> = (1..=entrants).map(EntrantId).collect();
            let bracket = match seed {
                None => seeded_bracket(&ids),
                Some(s) => {
                    println!("# seed {s}");
                    let field: Vec<Entrant> = (1..=entrants)
                        .map(|i| Entrant::new(i, i.to_string()))
                        .collect();
                    drawn_bracket(&field, &ids[..seeds.min(entrants) as usize], s)
                }
            };
            let number = |slot: Option<EntrantId>| slot.map_or(0, |id| id.0);
            let mut out = String::new();
            for slot in bracket.first_round() {
                out.push_str(&format!(
                    "{} {} {}\n",
                    slot.board,
                    number(slot.top),
                    number(slot.bottom)
                ));
            }
            print!("{out}");
        }
    }
    Ok(())
}
